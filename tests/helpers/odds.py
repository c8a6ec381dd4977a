"""Odds results made by hand, for tests of what is built on them."""

from __future__ import annotations

from coop_helper.setup.catalog import Contract
from coop_helper.sim.levels import Level
from coop_helper.sim.odds import OddsResult


def odds_result(
    wins: list[int],
    target: float | None = None,
    players: int = 1,
    contracts: tuple[Contract, ...] = (),
) -> OddsResult:
    """A result (solo and without contracts unless given), Time Pile 15, 1,000 games: these
    wins with 0, 1, 2... cards removed (each interval 0 to 1), and no recommendation made."""
    levels = tuple(Level(k, 15 - k, w, 1000, 0.0, 1.0) for k, w in enumerate(wins))
    return OddsResult(
        players=players,
        contracts=contracts,
        time_pile=15,
        time_pile_range=None,
        policy="expert",
        games=1000,
        seed=1,
        confidence=0.95,
        interval="wilson",
        levels=levels,
        target=target,
        recommended=None,
    )
