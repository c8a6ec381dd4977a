"""One expert game answers every removal level, on the native core at every player count.

The odds runner plays one game per deal and seat (`sim.traces`) and reads every removal
level off it; that is exact only while the expert's play does not depend on the Time Pile
(`time_blind`). Here each game is also played live at every removal level and must end
as its trace says: many more games than the Python engine's version of this test
(tests/sim/test_odds_runner.py), so a small dependence on the Time Pile (a learned weight,
say) shows.
"""

from __future__ import annotations

import random

import pytest

from coop_helper.native import extension
from coop_helper.policies import clock_seats
from coop_helper.policies.native_expert import native_constants
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.traces import Trace, game_seed, outcome, seat_of, seat_piles

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(extension() is None, reason="the native core is not built"),
]

DEALS = 25  # per player count
GAMES = 4  # per deal, each played live at every removal level
# What a turn leaves behind that does not depend on the Time Pile (`play_game_turns`)
SAME_AT_EVERY_LEVEL = ("players", "harbour", "expedition_row", "discard", "draw", "open")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_removal_level_plays_as_the_trace_says(players: int) -> None:
    from coop_helper.native.core import play_game_turns, play_games, play_traces

    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    constants = native_constants("expert", players)
    rng = random.Random(f"time-blind-{players}")
    levels = wins_with_removals = 0
    for _ in range(DEALS):
        contracts = tuple(rng.sample(known, catalog.contracts_by_players[players]))
        size = time_pile(contracts).size
        assert size is not None
        seats = clock_seats("expert", players, {c.key for c in contracts})
        piles = seat_piles(size, seats)
        run_seed = rng.getrandbits(40)
        traces = [
            play_traces(
                contracts,
                players,
                size,
                run_seed,
                0,
                GAMES,
                "expert",
                expert=constants,
                removed=size - pile,
            )
            for pile in piles
        ]
        for i in range(GAMES):
            seed = game_seed(run_seed, i)
            turns = [
                play_game_turns(
                    contracts, players, size, seed, "expert", size - pile, None, constants
                )
                for pile in piles
            ]
            for removed in range(size + 1):
                [live] = play_games(
                    contracts, players, size, [seed], "expert", removed, None, constants
                )
                budget = size - removed
                seat = seat_of(budget, seats)
                won, moves = outcome(Trace(*traces[seat][i]), budget)
                assert (won, moves if won else 0) == (
                    live["won"],
                    live["victory_moves"] if live["won"] else 0,
                ), (contracts, seed, removed)
                # turn by turn, every turn before the live game's last is the trace game's
                live_turns = play_game_turns(
                    contracts, players, size, seed, "expert", removed, None, constants
                )
                for t, state in enumerate(live_turns[:-1]):
                    expected = turns[seat][t]
                    for key in SAME_AT_EVERY_LEVEL:
                        assert state[key] == expected[key], (contracts, seed, removed, t, key)
                levels += 1
                wins_with_removals += live["won"] and removed > 0
    assert levels > DEALS * GAMES * 10
    assert wins_with_removals >= 20  # the levels that matter to the odds were reached
