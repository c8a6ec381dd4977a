"""coop-helper: set up, simulate and score co-op games of Port Royal: Just One More Contract.

The Python API (``odds``, ``time_pile``) lives in :mod:`coop_helper.api` and is exported
here; it is loaded on first use, so the command line starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"  # the one place of the version: pyproject.toml reads it from here

if TYPE_CHECKING:
    from coop_helper.api import OddsResult, TimePile, odds, time_pile

__all__ = ["OddsResult", "TimePile", "__version__", "odds", "time_pile"]


def __getattr__(name: str) -> Any:
    if name in ("odds", "time_pile", "OddsResult", "TimePile"):
        from coop_helper import api

        return getattr(api, name)
    raise AttributeError(f"module 'coop_helper' has no attribute {name!r}")
