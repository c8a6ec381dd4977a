"""Build steps pyproject.toml cannot declare.

1. The card data in the top-level ``data/`` folder (and the difficulty atlas,
   ``data/atlas.bin``, when built) ships inside the package, as ``coop_helper/data``, so
   an installed copy finds it.
2. The native simulation core (``coop_helper/native``, C++17 built against pybind11's
   headers) plays the odds' games. It is optional: without a C++ compiler (or with
   COOP_HELPER_PURE=1 or COOP_HELPER_NO_NATIVE=1 set) the Python engine plays them, with
   the same results, only slower.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithData(build_py):
    """Copy data/*.toml and the atlas into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "coop_helper" / "data"
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted([*(ROOT / "data").glob("*.toml"), *(ROOT / "data").glob("atlas.bin")]):
            shutil.copy2(source, target / source.name)


NATIVE_DIR = "coop_helper/native/src"
# The extension's sources: every .cpp file under NATIVE_DIR (the folders mirror the Python
# package, see coop_helper/native/README.md); no list to keep.
NATIVE_SOURCES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / NATIVE_DIR).rglob("*.cpp"))
NATIVE_HEADERS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / NATIVE_DIR).rglob("*.hpp"))
# Floating point exactly as Python's doubles: no fused multiply-add, no fast-math.
NATIVE_FLAGS = ["-std=c++17", "-O3", "-ffp-contract=off", "-fno-fast-math", "-fvisibility=hidden"]


def native_modules() -> list:
    """The native core's extension (optional); none if pybind11 is missing or it is off."""
    if os.environ.get("COOP_HELPER_PURE") or os.environ.get("COOP_HELPER_NO_NATIVE"):
        return []
    try:
        import pybind11
    except ImportError:
        return []
    from setuptools import Extension

    extension = Extension(
        "coop_helper.native._core",
        sources=NATIVE_SOURCES,
        include_dirs=[pybind11.get_include(), NATIVE_DIR],
        language="c++",
        extra_compile_args=NATIVE_FLAGS,
        depends=NATIVE_HEADERS,
    )
    extension.optional = True  # a failed compile leaves the Python engine in charge
    return [extension]


setup(ext_modules=native_modules(), cmdclass={"build_py": BuildWithData})
