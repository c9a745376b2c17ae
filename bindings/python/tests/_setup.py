"""Test helper: makes ``import zugzwang`` load this checkout's package (bindings/python), so the
suite runs without installing (the library is then found in target/release)."""

import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = PYTHON_DIR.parent.parent

if str(PYTHON_DIR) not in sys.path:
    sys.path.insert(0, str(PYTHON_DIR))
