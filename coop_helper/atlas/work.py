"""The work a build hands to a worker: play one task's games, count the wins per turns.

This reuses the odds runner: each game is played once with the task's full number of
turns (:func:`coop_helper.sim.traces.play_traces`) and :class:`coop_helper.sim.levels.WinsByBudget`
counts it at every smaller number of turns.

Only the deal's own Time Pile is dealt at setup; the turns beyond it take their first card
off the draw pile when they come. So up to its own Time Pile a deal plays exactly as at the
table: fewer turns are cards moved to the Victory Pile, as the odds count removal levels.
(Dealing the whole Time Pile would take the extra cards out of play: that cost 1 to 6
points of win chance, `benchmarks/studies/atlas_pile_bias.py`.) A deal whose seal is unknown deals
the smallest Time Pile its seals allow.
"""

from __future__ import annotations

from dataclasses import dataclass

from coop_helper.atlas.deals import contracts_of, deal_at
from coop_helper.atlas.plan import Task, deal_seed
from coop_helper.atlas.turns import pile_bounds
from coop_helper.policies import clock_seats
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.levels import tally_by_seat
from coop_helper.sim.traces import seat_traces


@dataclass(frozen=True)
class TaskResult:
    """Per deal of a task: the wins with 0, 1, ..., ``turns`` turns, out of ``games``."""

    key: str
    players: int
    first: int
    deals: tuple[int, ...]
    games: int
    wins: tuple[tuple[int, ...], ...]


def deal_wins(
    players: int, deal: int, games: int, turns: int, seed: int, policy: str
) -> tuple[int, ...]:
    """Wins with each number of turns from 0 to ``turns`` over ``games`` games of a deal,
    as the odds show them (never fewer with more turns)."""
    catalog = load_catalog()
    contracts = contracts_of(
        deal_at(deal, catalog.contracts_by_players[players], len(catalog.contracts)), catalog
    )
    base = deal_seed(seed, players, deal)
    own = min(pile_bounds(contracts, None, catalog)[0], turns)
    seats = clock_seats(policy, players, {c.key for c in contracts})
    played = seat_traces(contracts, players, turns, base, 0, games, policy, seats, own)
    return tuple(tally_by_seat(played, turns).shown_wins())


def run_task(task: Task) -> TaskResult:
    """Play every game of a task (the function a worker runs)."""
    wins = tuple(
        deal_wins(task.players, deal, task.games, task.turns, task.seed, task.policy)
        for deal in task.deals
    )
    return TaskResult(task.key, task.players, task.first, task.deals, task.games, wins)
