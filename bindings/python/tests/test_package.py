"""The package and its ctypes layer: library loading, versions, and the declared prototypes
against include/zugzwang.h."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from _setup import PACKAGE_DIR, REPO_ROOT

import zugzwang
from zugzwang import _ffi

HEADER = REPO_ROOT / "include" / "zugzwang.h"


def run_python(code: str, env_extra: dict, cwd: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("ZUGZWANG_LIBRARY", None)
    env.update(env_extra)
    env["PYTHONPATH"] = env_extra.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@unittest.skipUnless(HEADER.is_file(), "needs a source checkout (include/zugzwang.h)")
class HeaderTest(unittest.TestCase):
    def setUp(self) -> None:
        self.text = HEADER.read_text()

    def test_every_function_is_declared(self) -> None:
        declared = set(re.findall(r"\b(zz_[a-z0-9_]+)\s*\(", self.text))
        functions = {name for name in declared
                     if re.search(r"[\s*]" + name + r"\s*\(", self.text)
                     and not name.startswith("zz_status_t")}
        self.assertEqual(functions, set(_ffi.PROTOTYPES))
        for name, (restype, argtypes) in _ffi.PROTOTYPES.items():
            fn = getattr(_ffi.lib, name)
            self.assertEqual(fn.argtypes, argtypes, name)
            self.assertIs(fn.restype, restype, name)

    def test_argument_counts_match_the_header(self) -> None:
        for name, (_, argtypes) in _ffi.PROTOTYPES.items():
            match = re.search(r"(?:zz_status|void|bool|int32_t|uint32_t|uint64_t|char \*)\s*"
                              + name + r"\(([^)]*)\);", self.text)
            self.assertIsNotNone(match, name)
            params = match.group(1).strip()
            count = 0 if params in ("", "void") else params.count(",") + 1
            self.assertEqual(count, len(argtypes), name)
            for param, argtype in zip(params.split(","), argtypes):
                if "zz_board **" in param:
                    self.assertIs(argtype._type_, _ffi.zz_board_p, f"{name}: {param}")
                elif "zz_board *" in param:
                    self.assertIs(argtype, _ffi.zz_board_p, f"{name}: {param}")

    def test_constants_match_the_header(self) -> None:
        defines = dict(re.findall(r"#define (ZZ_[A-Z0-9_]+) (\d+)\b", self.text))
        checked = 0
        for name, value in defines.items():
            if hasattr(_ffi, name):
                self.assertEqual(getattr(_ffi, name), int(value), name)
                checked += 1
        self.assertGreater(checked, 15)
        statuses = dict(re.findall(r"(ZZ_STATUS_[A-Z_]+) = (\d+)", self.text))
        self.assertGreater(len(statuses), 10)
        for name, value in statuses.items():
            self.assertEqual(getattr(_ffi, name), int(value), name)
        terminations = {m[0]: int(m[1])
                        for m in re.findall(r"#define ZZ_TERMINATION_([A-Z_]+) (\d+)", self.text)}
        for name, value in terminations.items():
            if name != "NONE":
                self.assertEqual(zugzwang.Termination[name].value, value)

    def test_header_version_matches_binding(self) -> None:
        header_version = re.search(r'#define ZZ_VERSION_STRING "([^"]+)"', self.text).group(1)
        self.assertEqual(_ffi.HEADER_VERSION, header_version)
        self.assertEqual(zugzwang.HEADER_VERSION, header_version)

    def test_package_version_matches_cargo(self) -> None:
        cargo = (REPO_ROOT / "Cargo.toml").read_text()
        version = re.search(r'^version = "([^"]+)"', cargo, re.M).group(1)
        self.assertEqual(zugzwang.__version__, version)


class VersionTest(unittest.TestCase):
    def test_runtime_version(self) -> None:
        self.assertEqual(zugzwang.LIBRARY_VERSION, _ffi.lib.zz_version().decode())
        major, minor, patch = (int(x) for x in zugzwang.LIBRARY_VERSION.split("."))
        self.assertEqual(_ffi.lib.zz_version_number(), major * 1000000 + minor * 1000 + patch)
        self.assertTrue(_ffi.compatible(_ffi.HEADER_VERSION, zugzwang.LIBRARY_VERSION))

    def test_compatibility_rule(self) -> None:
        self.assertTrue(_ffi.compatible("0.1.0", "0.1.7"))
        self.assertFalse(_ffi.compatible("0.1.0", "0.2.0"))
        self.assertFalse(_ffi.compatible("0.2.0", "0.1.0"))
        self.assertTrue(_ffi.compatible("1.2.0", "1.3.1"))
        self.assertFalse(_ffi.compatible("1.2.0", "1.1.9"))
        self.assertFalse(_ffi.compatible("1.0.0", "2.0.0"))

    def test_status_strings(self) -> None:
        self.assertEqual(_ffi.status_str(0), "success")
        self.assertTrue(_ffi.status_str(9999))


class LoaderTest(unittest.TestCase):
    def test_missing_library_from_environment(self) -> None:
        missing = "/nonexistent/dir/libzugzwang.so"
        proc = run_python("import zugzwang", {"ZUGZWANG_LIBRARY": missing,
                                              "PYTHONPATH": str(PACKAGE_DIR.parent)}, cwd="/")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("ImportError", proc.stderr)
        self.assertIn(missing, proc.stderr)

    def test_library_from_environment(self) -> None:
        proc = run_python("import zugzwang; print(zugzwang._ffi.library_path)",
                          {"ZUGZWANG_LIBRARY": str(_ffi.library_path),
                           "PYTHONPATH": str(PACKAGE_DIR.parent)}, cwd="/")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.strip(), str(_ffi.library_path))

    def test_copied_package_without_library_lists_paths(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(PACKAGE_DIR, Path(tmp) / "zugzwang",
                            ignore=shutil.ignore_patterns("*.so", "*.dylib", "*.dll",
                                                          "__pycache__"))
            proc = run_python("import zugzwang", {"PYTHONPATH": tmp}, cwd=tmp)
            self.assertNotEqual(proc.returncode, 0)
            self.assertIn("ImportError", proc.stderr)
            self.assertIn("tried:", proc.stderr)
            self.assertIn(str(Path(tmp).resolve() / "zugzwang" / _ffi.library_filename()),
                          proc.stderr)

    def test_bundled_library_is_found_first(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            pkg = Path(tmp) / "zugzwang"
            shutil.copytree(PACKAGE_DIR, pkg,
                            ignore=shutil.ignore_patterns("__pycache__"))
            shutil.copy2(_ffi.library_path, pkg / _ffi.library_filename())
            proc = run_python("import zugzwang; print(zugzwang._ffi.library_path); "
                              "print(zugzwang.Board().perft(2))", {"PYTHONPATH": tmp}, cwd=tmp)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            lines = proc.stdout.split()
            self.assertEqual(Path(lines[0]), (pkg / _ffi.library_filename()).resolve())
            self.assertEqual(lines[1], "400")

    def test_version_mismatch_is_an_import_error(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            pkg = Path(tmp) / "zugzwang"
            shutil.copytree(PACKAGE_DIR, pkg,
                            ignore=shutil.ignore_patterns("__pycache__"))
            ffi = pkg / "_ffi.py"
            ffi.write_text(re.sub(r'HEADER_VERSION = "[^"]+"', 'HEADER_VERSION = "97.0.0"',
                                  ffi.read_text()))
            proc = run_python("import zugzwang", {"PYTHONPATH": tmp,
                                                  "ZUGZWANG_LIBRARY": str(_ffi.library_path)},
                              cwd=tmp)
            self.assertNotEqual(proc.returncode, 0)
            self.assertIn("ImportError", proc.stderr)
            self.assertIn("97.0.0", proc.stderr)

    def test_typed_package(self) -> None:
        self.assertTrue((PACKAGE_DIR / "py.typed").is_file())


if __name__ == "__main__":
    unittest.main()
