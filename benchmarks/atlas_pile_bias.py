"""How much the atlas build's way of reading a deal's Time Pile moves its win chance.

Run by hand (compiled install recommended):

    python benchmarks/atlas_pile_bias.py [PLAYERS] [GAMES] [DEALS]

The build (`coop_helper.atlas.work.deal_wins`) plays every deal with the largest Time Pile
of its player count and reads a deal's own pile P as that game with the other cards moved
to the Victory Pile, where they are out of play. A real Time Pile of P cards leaves them
in the draw pile. For DEALS seeded deals with known seals (default 4), this plays GAMES
(default 3,000) games both ways on the same seeds and prints the two win chances at P,
nothing removed, and their difference.
"""

from __future__ import annotations

import dataclasses
import random
import sys

from coop_helper.atlas.plan import make_params, turns_stored
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.odds import compute_odds

SEED = 99  # odds-runner seed, the same for both ways of playing


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    deals = int(sys.argv[3]) if len(sys.argv) > 3 else 4
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
        as_built = big.levels[largest - pile.size].win
        print(
            f"Time Pile {pile.size} (largest {largest}): own pile {100 * at_own:.1f}%, "
            f"as the atlas builds it {100 * as_built:.1f}%, "
            f"difference {100 * (as_built - at_own):+.1f} points",
            flush=True,
        )


if __name__ == "__main__":
    main()
