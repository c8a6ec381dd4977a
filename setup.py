"""Build steps pyproject.toml cannot declare.

1. The card data in the top-level ``data/`` folder (and the difficulty atlas,
   ``data/atlas.bin``, when built) ships inside the package, as ``coop_helper/data``, so
   an installed copy finds it.
2. The modules a simulated game spends its time in are compiled with mypyc, which makes
   the odds several times faster. The compiled modules are optional: without a C compiler
   (or with COOP_HELPER_PURE=1 set) the same modules are installed as plain Python, and
   every result is the same, only slower.
3. The native simulation core (``coop_helper/native``, C++17 built against pybind11's
   headers) plays the odds' games. It is optional too: without a C++ compiler (or with
   COOP_HELPER_PURE=1 or COOP_HELPER_NO_NATIVE=1 set) the Python engine plays them, with
   the same results.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
COMPILED = [
    "coop_helper/engine/cards.py",
    "coop_helper/engine/state.py",
    "coop_helper/engine/contracts.py",
    "coop_helper/engine/moves.py",
    "coop_helper/engine/claims.py",
    "coop_helper/engine/trade.py",
    "coop_helper/engine/game.py",
    "coop_helper/engine/fork.py",
    "coop_helper/policies/last_turn.py",
    "coop_helper/policies/planning.py",
    "coop_helper/policies/expert_params.py",
    "coop_helper/policies/expert.py",
]

# mypy reads pyproject.toml's settings; checking only the compiled modules leaves some of
# its per-module sections unused, which `warn_unused_configs` would make a build error.
MYPYC_FLAGS = ["--no-warn-unused-configs"]


class BuildWithData(build_py):
    """Copy data/*.toml and the atlas into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "coop_helper" / "data"
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted([*(ROOT / "data").glob("*.toml"), *(ROOT / "data").glob("atlas.bin")]):
            shutil.copy2(source, target / source.name)


def compiled_modules() -> list:
    """mypyc extensions for the hot modules, each optional; none if mypyc is missing."""
    if os.environ.get("COOP_HELPER_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    try:
        try:
            extensions = mypycify(
                [*MYPYC_FLAGS, *COMPILED], opt_level="3", group_name="coop_helper_native"
            )
        except TypeError:  # an older mypyc without group names
            extensions = mypycify([*MYPYC_FLAGS, *COMPILED], opt_level="3")
    except (Exception, SystemExit) as err:  # a type error stops mypyc: build plain Python
        print(f"coop-helper: not compiling ({err}); installing plain Python")
        return []
    for extension in extensions:
        extension.optional = True  # a failed compile leaves the plain module in place
    return extensions


NATIVE_DIR = "coop_helper/native/src"
# Every source of the extension; *_main.cpp files (stand-alone test drivers) are not.
NATIVE_SOURCES = [
    "bindings.cpp",
    "registry.cpp",
    "seeds.cpp",
    "moves.cpp",
    "turn.cpp",
    "trade_hire.cpp",
    "expeditions_contracts.cpp",
    "fork.cpp",
    "trace.cpp",
    "tally.cpp",
    "policy_random.cpp",
    "policy_basic.cpp",
    "policy_expert_params.cpp",
    "policy_planning.cpp",
    "policy_expert.cpp",
    "policy_last_turn.cpp",
    "policies/search.cpp",
    "policies/clairvoyant.cpp",
]
# Floating point exactly as Python's doubles: no fused multiply-add, no fast-math.
NATIVE_FLAGS = ["-std=c++17", "-O2", "-ffp-contract=off", "-fno-fast-math", "-fvisibility=hidden"]


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
        sources=[f"{NATIVE_DIR}/{name}" for name in NATIVE_SOURCES],
        include_dirs=[pybind11.get_include(), NATIVE_DIR],
        language="c++",
        extra_compile_args=NATIVE_FLAGS,
        depends=[
            str(path.relative_to(ROOT)) for path in sorted((ROOT / NATIVE_DIR).rglob("*.hpp"))
        ],
    )
    extension.optional = True  # a failed compile leaves the Python engine in charge
    return [extension]


setup(ext_modules=[*compiled_modules(), *native_modules()], cmdclass={"build_py": BuildWithData})
