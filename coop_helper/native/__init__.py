"""The native simulation core: the Python engine's games, played in C++.

The compiled extension (``coop_helper.native._core``, built from ``src/`` when a C++
compiler is at hand) plays whole batches of games with the state as flat integer
arrays; for the same request and seed it gives exactly the Python engine's traces (see
``README.md`` here). This module only chooses the engine; `coop_helper.native.core`
drives the extension.

``COOP_HELPER_ENGINE=python`` runs the Python engine; ``native`` (the default) the native
core where it is built, the Python engine where it is not.
"""

from __future__ import annotations

import functools
import importlib
import os
from types import ModuleType
from typing import Final

from coop_helper.errors import UserError

ENGINE_VARIABLE: Final = "COOP_HELPER_ENGINE"
ENGINES: Final = ("python", "native")


def requested_engine() -> str:
    """The engine COOP_HELPER_ENGINE asks for ('native' when it is not set)."""
    value = os.environ.get(ENGINE_VARIABLE, "").strip().lower()
    if not value:
        return "native"
    if value not in ENGINES:
        raise UserError(
            f"{ENGINE_VARIABLE}={os.environ[ENGINE_VARIABLE]!r} is not an engine: "
            f"set it to python or native, or unset it."
        )
    return value


@functools.cache
def extension() -> ModuleType | None:
    """The compiled extension, or None where it was not built."""
    try:
        return importlib.import_module("coop_helper.native._core")
    except ImportError:
        return None


def native_in_use() -> bool:
    """Do simulated games run on the native core?"""
    return requested_engine() == "native" and extension() is not None


def engine_name() -> str:
    """'native' or 'python': the engine simulated games run on."""
    return "native" if native_in_use() else "python"


def engine_description() -> str:
    """Which engine plays the simulated games, and why, for ``--version``."""
    requested = requested_engine()
    if requested == "python":
        return f"engine: python ({ENGINE_VARIABLE}=python)"
    if extension() is None:
        return "engine: python (the native core is not built on this install)"
    return "engine: native (C++)"
