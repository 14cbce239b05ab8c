"""The build of palcheck_oracle's compiled core for pip (pyproject.toml): CMake builds the target
palcheck_oracle_python from this source tree, as `cmake --build build` does, and the module is copied into
the wheel next to the package's Python files. Build files go to build-pip/ (build/ is CMake's own).
CMAKE_BUILD_PARALLEL_LEVEL sets the compile jobs (default: every core)."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BUILD = "build-pip"


def version():
    """The project's version, stated once in CMakeLists.txt."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(palcheck VERSION ([0-9.]+)", text).group(1)


class CMakeTarget(Extension):
    """An extension module built by a CMake target of this project."""

    def __init__(self, name, target):
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        import pybind11

        tree = Path(self.build_temp).resolve() / "cmake"
        configure = ["cmake", "-S", str(ROOT), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release",
                     "-DPALCHECK_BUILD_TESTS=OFF", "-DPALCHECK_BUILD_BENCHMARKS=OFF", "-DPALCHECK_WITH_Z3=OFF",
                     f"-DPython3_EXECUTABLE={sys.executable}", f"-Dpybind11_DIR={pybind11.get_cmake_dir()}"]
        if shutil.which("ccache"):
            configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(tree), "--target", ext.target, "--parallel", jobs], check=True)
        suffix = self.get_ext_filename("_core")[len("_core"):]
        built = tree / "python" / "palcheck_oracle" / f"_core{suffix}"
        destination = Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, destination)


os.makedirs(ROOT / BUILD, exist_ok=True)
setup(version=version(),
      ext_modules=[CMakeTarget("palcheck_oracle._core", "palcheck_oracle_python")],
      cmdclass={"build_ext": CMakeBuild},
      options={"build": {"build_base": BUILD}, "egg_info": {"egg_base": BUILD}})
