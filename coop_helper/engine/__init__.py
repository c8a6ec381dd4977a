"""The rules engine: game state, turn flow and contracts of the co-op game.

The package itself has no C++ twin; its modules' twins are under `coop_helper/native/src/engine/`.
Its names load on first use, so the native core can read the card list (`engine.cards`)
without loading the whole Python engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coop_helper.engine.game import Game, GameConfig, GameResult
    from coop_helper.engine.log import EventLog

__all__ = ["EventLog", "Game", "GameConfig", "GameResult"]
_HOMES = {
    "Game": "coop_helper.engine.game",
    "GameConfig": "coop_helper.engine.game",
    "GameResult": "coop_helper.engine.game",
    "EventLog": "coop_helper.engine.log",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)
