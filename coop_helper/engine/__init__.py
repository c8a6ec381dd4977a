"""The rules engine: game state, turn flow and contracts of the co-op game.

The package itself has no C++ twin; its modules' twins are under `coop_helper/native/src/engine/`.
"""

from coop_helper.engine.game import Game, GameConfig, GameResult
from coop_helper.engine.log import EventLog

__all__ = ["EventLog", "Game", "GameConfig", "GameResult"]
