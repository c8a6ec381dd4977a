"""The atlas build's defaults, in a module of their own so that the command line can show
them without loading the planner (and the policies it needs)."""

from __future__ import annotations

TASK_GAMES = 4000
"""About this many games make one task (a few seconds of one worker's time)."""

DEFAULT_PLAYERS = (1, 2, 3, 4, 5)
DEFAULT_EXHAUSTIVE = (1, 2, 3, 4, 5)  # a fitted model (--exhaustive 1,2,3) builds in minutes
DEFAULT_GAMES = 1000  # per deal, where every deal is simulated
DEFAULT_TRAIN_DEALS = 6000  # per player count, where a model is fitted
DEFAULT_TRAIN_GAMES = 100  # per training deal
# More deals beat more games per deal for the model: the deal-to-deal differences the
# contracts do not explain, not the games' noise, limit it (`coop_helper.atlas.model`).
# 3 players, held-out error at the Time Pile net of sampling noise: 1,000 deals of 200
# games 5.6 points, 6,000 deals of 100 games 4.7 (2026-11-30, pairs only).
DEFAULT_EXTRA_TURNS = 6  # turns simulated beyond the largest Time Pile a table can have
DEFAULT_SEED = 1


def counts_text(players: tuple[int, ...]) -> str:
    """Player counts as the command line takes them: 1,2,3."""
    return ",".join(str(p) for p in players)
