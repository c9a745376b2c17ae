"""Test helper: makes ``import zugzwang`` load this checkout's package (bindings/python), so the
suite runs without installing (the library is then found in target/release).

With ``ZZ_PY_EXPECT_INSTALLED=<prefix>`` (set by wheel_check.py, which runs a copy of these
tests against a wheel installed in a fresh venv) nothing is put on the path, and importing this
module fails unless the ``zugzwang`` imported lies under ``<prefix>``: the tests must never
silently test a checkout instead of the installed package.
"""

import os
import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = PYTHON_DIR.parent.parent
EXPECT_INSTALLED = os.environ.get("ZZ_PY_EXPECT_INSTALLED")

if not EXPECT_INSTALLED and str(PYTHON_DIR) not in sys.path:
    sys.path.insert(0, str(PYTHON_DIR))

import zugzwang  # noqa: E402

#: The directory of the zugzwang package under test (checkout or installed).
PACKAGE_DIR = Path(zugzwang.__file__).resolve().parent

if EXPECT_INSTALLED:
    prefix = Path(EXPECT_INSTALLED).resolve()
    if prefix not in PACKAGE_DIR.parents:
        raise RuntimeError(f"tests imported zugzwang from {PACKAGE_DIR}, "
                           f"not from the installation under {prefix}")
