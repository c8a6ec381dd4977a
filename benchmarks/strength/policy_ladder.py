"""The policy ladder: random, basic and expert on the same seeded games, side by side.

For each player count, DEALS deals (seeded) are each played GAMES times by every policy,
with the same game seeds, at the dealt Time Pile with nothing removed. Prints the win rate
and the share of contracts completed, per player count and overall.

Run by hand:  python -m benchmarks.strength.policy_ladder [--deals 20] [--games 25]
"""

from __future__ import annotations

import argparse
import random
import time

from coop_helper.engine import Game, GameConfig
from coop_helper.policies import POLICIES, make_policy
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile


def deals_for(players: int, count: int) -> list[tuple]:
    """``count`` seeded deals of contracts with known seals for this many players."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random(f"ladder-{players}")
    return [tuple(rng.sample(known, catalog.contracts_by_players[players])) for _ in range(count)]


def play(policy: str, players: int, deals: list[tuple], games: int) -> tuple[int, int, float]:
    """(wins, games, share of contracts completed) for one policy over the deals."""
    wins = played = 0
    done = 0.0
    for d, contracts in enumerate(deals):
        size = time_pile(contracts).size
        assert size is not None
        for g in range(games):
            seed = (players * 1_000 + d) * 100_003 + g
            result = Game(GameConfig(contracts, players, size, 0, seed), make_policy(policy)).run()
            wins += result.won
            played += 1
            done += sum(1 for c in result.completers.values() if c) / len(contracts)
    return wins, played, done / played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per player count")
    parser.add_argument("--games", type=int, default=25, help="games per deal")
    args = parser.parse_args()
    names = list(POLICIES)
    totals = {name: [0, 0, 0.0] for name in names}
    print(
        f"{args.deals} deals per player count, {args.games} games per deal, same seeds "
        "for every policy; Time Pile as dealt, nothing removed."
    )
    print(f"{'players':>7}  " + "  ".join(f"{n + ' win':>11} {n + ' done':>12}" for n in names))
    start = time.perf_counter()
    for players in range(1, 6):
        deals = deals_for(players, args.deals)
        cells = []
        for name in names:
            wins, played, share = play(name, players, deals, args.games)
            totals[name][0] += wins
            totals[name][1] += played
            totals[name][2] += share * played
            cells.append(f"{wins / played:>11.1%} {share:>12.1%}")
        print(f"{players:>7}  " + "  ".join(cells), flush=True)
    cells = [f"{t[0] / t[1]:>11.1%} {t[2] / t[1]:>12.1%}" for t in totals.values()]
    print(f"{'all':>7}  " + "  ".join(cells))
    print(f"({time.perf_counter() - start:.0f} s; 'done' = share of contracts completed)")


if __name__ == "__main__":
    main()
