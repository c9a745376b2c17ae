#!/usr/bin/env python3
"""Builds the zugzwang wheel and tests it installed, away from the checkout (issue 8).

    python3 bindings/python/tests/wheel_check.py [--extra-python PYTHON ...] [--keep]

1. ``pip wheel ./bindings/python -w TMP/dist`` (cargo builds the release library, a no-op when
   target/release is fresh);
2. checks the wheel: file name ``zugzwang-<Cargo version>-py3-none-<platform>.whl`` (``py3``,
   ``none``: ctypes uses no CPython ABI, so one wheel serves every Python 3), the WHEEL
   metadata (``Root-Is-Purelib: false``, the same tag), ``zugzwang/libzugzwang.so`` (``.dylib``,
   ``.dll``) at the wheel's root, every module and ``py.typed``;
3. makes a fresh venv in a ``mktemp -d`` directory outside the checkout, installs the wheel
   there (plus ``chess==1.11.2``, the differential tests' oracle, when PyPI is reachable),
   and checks from ``/`` that ``zugzwang`` and its library load from the venv;
4. copies ``bindings/python/tests`` into the temporary directory and runs the unittest suite
   there with the venv's Python, with ``ZZ_PY_EXPECT_INSTALLED`` set so that the tests fail
   unless they import the installed package (tests needing a checkout skip themselves; the
   differential test plays ``ZZ_PY_DIFF_GAMES`` games, default 30 here);
5. with ``--extra-python``, installs the same wheel into a venv of each further interpreter
   (e.g. another Python 3 version) and runs a smoke test there.

Exits non-zero on any failure. ``PYTHON`` in the environment (or the interpreter running this
script) builds the wheel and makes the venv; ``CARGO`` selects cargo as for ``pip install``.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Dict, List, Optional

TESTS_DIR = Path(__file__).resolve().parent
PYTHON_DIR = TESTS_DIR.parent
REPO_ROOT = PYTHON_DIR.parent.parent

# Environment variables that could make Python find the checkout instead of the venv.
SCRUB = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONSAFEPATH", "ZUGZWANG_LIBRARY",
         "CARGO_TARGET_DIR", "VIRTUAL_ENV", "ZZ_PY_EXPECT_INSTALLED")


class CheckFailed(Exception):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)
    print(f"  ok: {message}")


def clean_env(**extra: str) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SCRUB}
    env.update(extra)
    return env


def run(cmd: List[str], *, cwd: Optional[Path] = None, env: Optional[Dict[str, str]] = None,
        capture: bool = False) -> subprocess.CompletedProcess:
    print("$ " + " ".join(str(c) for c in cmd) + (f"    (in {cwd})" if cwd else ""), flush=True)
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, text=True,
                          stdout=subprocess.PIPE if capture else None,
                          stderr=subprocess.STDOUT if capture else None)
    if proc.returncode:
        if capture:
            print(proc.stdout)
        raise CheckFailed(f"command failed with status {proc.returncode}: {cmd[0]} ...")
    return proc


def library_filename() -> str:
    if sys.platform == "darwin":
        return "libzugzwang.dylib"
    if sys.platform in ("win32", "cygwin"):
        return "zugzwang.dll"
    return "libzugzwang.so"


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def cargo_version() -> str:
    text = (REPO_ROOT / "Cargo.toml").read_text()
    match = re.search(r'^version = "([^"]+)"', text, re.M)
    if not match:
        raise CheckFailed("no version in Cargo.toml")
    return match.group(1)


def build_wheel(python: str, dist: Path) -> Path:
    print("== building the wheel")
    run([python, "-m", "pip", "wheel", "--no-deps", "--quiet", str(PYTHON_DIR), "-w", str(dist)],
        cwd=REPO_ROOT, env=clean_env())
    wheels = sorted(dist.glob("*.whl"))
    check(len(wheels) == 1, f"one wheel built: {[w.name for w in wheels]}")
    return wheels[0]


def check_wheel(wheel: Path) -> None:
    print(f"== checking {wheel.name}")
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    version = cargo_version()
    match = re.fullmatch(r"zugzwang-(?P<version>[^-]+)-(?P<python>[^-]+)-(?P<abi>[^-]+)-"
                         r"(?P<platform>[^-]+)\.whl", wheel.name)
    check(match is not None, "wheel file name has the form name-version-py-abi-platform.whl")
    assert match is not None
    check(match["version"] == version, f"version {match['version']} = Cargo.toml's {version}")
    check(match["python"] == "py3", f"python tag {match['python']} is py3 (any Python 3)")
    check(match["abi"] == "none", f"abi tag {match['abi']} is none (ctypes, no CPython ABI)")
    plat_ok = (match["platform"] == platform
               or (platform.startswith("linux_")
                   and re.fullmatch(r"manylinux\w+_" + platform[len("linux_"):],
                                    match["platform"]) is not None))
    check(plat_ok, f"platform tag {match['platform']} matches this machine ({platform})")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        meta = zf.read(f"zugzwang-{version}.dist-info/WHEEL").decode()
        bad = zf.testzip()
        library = zf.getinfo(f"zugzwang/{library_filename()}")
    check(bad is None, "zip archive is intact")
    check("Root-Is-Purelib: false" in meta, "WHEEL says Root-Is-Purelib: false (platlib)")
    tag = f"{match['python']}-{match['abi']}-{match['platform']}"
    check(f"Tag: {tag}" in meta.splitlines(), f"WHEEL's Tag is {tag}")
    check(library.file_size > 100_000,
          f"zugzwang/{library_filename()} at the wheel's root ({library.file_size} bytes)")
    expected = {f"zugzwang/{name}" for name in (
        "__init__.py", "_board.py", "_ffi.py", "_types.py", "_version.py", "polyglot.py",
        "py.typed")}
    check(expected <= names, "every module and py.typed are in the wheel")
    check(not any(".data/" in name for name in names), "no files under .data/ (all at root)")
    check(not any(name.startswith(("tests/", "zugzwang/tests")) for name in names),
          "no tests in the wheel")


def make_venv(python: str, where: Path, wheel: Path, with_chess: bool) -> Path:
    print(f"== fresh venv {where} ({python})")
    run([python, "-m", "venv", str(where)], env=clean_env())
    py = venv_python(where)
    run([py, "-m", "pip", "install", "--quiet", "--no-index", str(wheel)], env=clean_env())
    if with_chess:
        proc = subprocess.run([str(py), "-m", "pip", "install", "--quiet", "chess==1.11.2"],
                              env=clean_env(), text=True, capture_output=True)
        if proc.returncode:
            print("  warning: cannot install chess==1.11.2 (no PyPI?); the differential and "
                  "compatibility tests will be skipped\n" + proc.stderr[-500:])
        else:
            print("  ok: chess==1.11.2 installed (oracle for the differential tests)")
    return py


def check_import(py: Path, venv: Path) -> None:
    code = ("import zugzwang, sys; b = zugzwang.Board(); "
            "print(zugzwang.__file__); print(zugzwang._ffi.library_path); "
            "print(b.perft(4)); print(sys.version.split()[0])")
    out = run([py, "-I", "-c", code], cwd=Path("/"), env=clean_env(), capture=True).stdout
    module, library, nodes, version = out.split()
    venv = venv.resolve()
    check(venv in Path(module).resolve().parents, f"Python {version} imports {module}")
    check(Path(library).resolve() == (Path(module).resolve().parent / library_filename()),
          f"the bundled library is the one loaded: {library}")
    check(nodes == "197281", "perft(4) of the start position is 197281")


def run_suite(py: Path, venv: Path, tmp: Path) -> None:
    print("== the unittest suite against the installed wheel")
    workdir = tmp / "run"
    shutil.copytree(TESTS_DIR, workdir / "tests",
                    ignore=shutil.ignore_patterns("__pycache__", "wheel_check.py"))
    # The differential test is here to show the installed package works, not to hunt rule
    # bugs (make test-python runs its full 200 games): 30 games unless told otherwise.
    env = clean_env(ZZ_PY_EXPECT_INSTALLED=str(venv.resolve()),
                    ZZ_PY_DIFF_GAMES=os.environ.get("ZZ_PY_DIFF_GAMES", "30"))
    run([py, "-m", "unittest", "discover", "-s", "tests"], cwd=workdir, env=env)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extra-python", action="append", default=[], metavar="PYTHON",
                        help="also install the wheel for this interpreter and smoke-test it")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    python = os.environ.get("PYTHON") or sys.executable
    start = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="zugzwang-wheel-")).resolve()
    try:
        if REPO_ROOT.resolve() in tmp.parents:
            raise CheckFailed(f"temporary directory {tmp} is inside the checkout")
        wheel = build_wheel(python, tmp / "dist")
        check_wheel(wheel)
        venv = tmp / "venv"
        py = make_venv(python, venv, wheel, with_chess=True)
        check_import(py, venv)
        run_suite(py, venv, tmp)
        for i, extra in enumerate(args.extra_python):
            other = tmp / f"venv-extra-{i}"
            check_import(make_venv(extra, other, wheel, with_chess=False), other)
    except CheckFailed as exc:
        print(f"wheel check FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"wheel check passed: {wheel.name} ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
