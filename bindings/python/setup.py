"""Build step for the zugzwang Python package.

Runs ``cargo build --release --lib`` in the repository root (this directory's ``../..``),
asks cargo where its target directory is, and copies the shared library into the built
package (``zugzwang/libzugzwang.so`` on Linux), so an installed package needs nothing else.
Set ``CARGO`` to use another cargo binary. Metadata lives in pyproject.toml.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:  # setuptools >= 70.1 ships bdist_wheel itself
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # pragma: no cover - older setuptools with the wheel package
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def library_filename() -> str:
    if sys.platform == "darwin":
        return "libzugzwang.dylib"
    if sys.platform in ("win32", "cygwin"):
        return "zugzwang.dll"
    return "libzugzwang.so"


def build_rust_library() -> Path:
    """Builds the release library with cargo and returns its path."""
    if not (ROOT / "Cargo.toml").is_file():
        raise RuntimeError(
            f"zugzwang: {ROOT / 'Cargo.toml'} not found; the Python package is built from "
            "a zugzwang checkout (pip install ./bindings/python from the repository root)"
        )
    cargo = os.environ.get("CARGO", "cargo")
    try:
        subprocess.run([cargo, "build", "--release", "--lib"], cwd=ROOT, check=True)
        meta = subprocess.run([cargo, "metadata", "--format-version", "1", "--no-deps"],
                              cwd=ROOT, check=True, capture_output=True, text=True)
    except FileNotFoundError as exc:
        raise RuntimeError("zugzwang: cargo not found; install Rust (https://rustup.rs) "
                           "or set CARGO") from exc
    target = Path(json.loads(meta.stdout)["target_directory"])
    library = target / "release" / library_filename()
    if not library.is_file():
        raise RuntimeError(f"zugzwang: cargo finished but {library} does not exist")
    return library


class BuildPyWithRust(build_py):
    """build_py that also builds and bundles the Rust shared library."""

    def run(self) -> None:
        # pip builds in the source tree: start from a clean package directory so files removed
        # from the sources do not linger in build/lib and end up in the wheel.
        shutil.rmtree(Path(self.build_lib) / "zugzwang", ignore_errors=True)
        super().run()
        library = build_rust_library()
        dest = Path(self.build_lib) / "zugzwang" / library.name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, dest)
        self._bundled = str(dest)

    def get_outputs(self, include_bytecode: bool = True):  # type: ignore[no-untyped-def]
        outputs = list(super().get_outputs(include_bytecode))
        bundled = getattr(self, "_bundled", None)
        if bundled:
            outputs.append(bundled)
        return outputs


class BinaryDistribution(Distribution):
    """The package ships a native library, so it is platform specific: a platlib
    (``Root-Is-Purelib: false``) package, built into ``build/lib.<platform>-...`` and installed
    into platlib, with the files at the wheel's root (not under ``.data/purelib``)."""

    def has_ext_modules(self) -> bool:
        return True


class PlatformWheel(bdist_wheel):
    """The wheel holds a native library but no Python extension module: ctypes loads it, and
    the CPython ABI is never used, so one wheel serves every Python 3 on the platform. Tag it
    ``py3-none-<platform>`` (e.g. ``py3-none-linux_x86_64``) instead of ``cp311-cp311-...``."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):  # type: ignore[no-untyped-def]
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(distclass=BinaryDistribution,
      cmdclass={"build_py": BuildPyWithRust, "bdist_wheel": PlatformWheel})
