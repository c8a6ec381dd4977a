"""How much dealing the atlas's larger Time Pile at setup would move a deal's win chance.

Run by hand (compiled install recommended):

    python -m benchmarks.studies.atlas_pile_bias [PLAYERS] [GAMES] [DEALS]

The build plays every deal with the largest Time Pile of its player count, to read every
number of turns from one game. Dealt whole at setup (as the build did until 2026-11-30),
the cards beyond a deal's own pile P were out of play, where a real Time Pile of P cards
leaves them in the draw pile. The build now deals only P cards and takes the others off the
draw pile as their turns come (`coop_helper.atlas.work`). For DEALS seeded deals with known
seals (default 4), this plays GAMES (default 3,000) games each way on the same seeds and
prints the win chance at P, nothing removed: with the deal's own pile, with the larger pile
dealt whole (and its difference), and dealt as the build deals it (the same as its own).
"""

from __future__ import annotations

import dataclasses
import random

from benchmarks.common import positional
from coop_helper.atlas.plan import make_params, turns_stored
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.levels import WinsByBudget
from coop_helper.sim.odds import compute_odds
from coop_helper.sim.traces import game_seed, play_trace

SEED = 99  # odds-runner seed, the same for both ways of playing


def main() -> None:
    _, given = positional(defaults=["2", "3000", "4"], quick=["2", "50", "1"])
    players, games, deals = (int(text) for text in given)
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    largest = turns_stored(make_params(players=(players,)), players, catalog)
    rng = random.Random(f"bias-{players}")
    for _ in range(deals):
        contracts = rng.sample(known, catalog.contracts_by_players[players])
        pile = time_pile(contracts)
        assert pile.size is not None
        own = compute_odds(players, contracts, pile, games=games, seed=SEED, workers=2)
        big = compute_odds(
            players,
            contracts,
            dataclasses.replace(pile, size=largest),
            games=games,
            seed=SEED,
            workers=2,
        )
        at_own = own.levels[0].win
        whole = big.levels[largest - pile.size].win
        tally = WinsByBudget(largest)
        tally.add(
            [
                play_trace(
                    tuple(contracts), players, largest, game_seed(SEED, i), "expert", pile.size
                )
                for i in range(games)
            ]
        )
        as_built = tally.shown_wins()[pile.size] / games
        print(
            f"Time Pile {pile.size} (largest {largest}): own pile {100 * at_own:.1f}%, "
            f"larger pile dealt whole {100 * whole:.1f}% ({100 * (whole - at_own):+.1f} "
            f"points), as the build deals it {100 * as_built:.1f}%",
            flush=True,
        )


if __name__ == "__main__":
    main()
