"""Games per second of the rules engine with the random policy (no event log).

Run by hand: ``python -m benchmarks.speed.bench_engine [--games N]``. Each workload plays
seeded games with the player count's number of contracts (the first ones of the
catalogue with a known seal) and the Time Pile the rules give them.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.common import parse_args
from coop_helper.engine import Game, GameConfig
from coop_helper.policies.random_policy import RandomPolicy
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.play import default_time_pile


def bench(players: int, games: int) -> tuple[float, float]:
    """Play ``games`` games; return (games per second, wall seconds)."""
    catalog = load_catalog()
    known = tuple(c for c in catalog.contracts if c.seal is not None)
    contracts = known[: catalog.contracts_by_players[players]]
    time_pile = default_time_pile(catalog, contracts)
    start = time.perf_counter()
    for seed in range(games):
        Game(GameConfig(contracts, players, time_pile, 0, seed), RandomPolicy()).run()
    wall = time.perf_counter() - start
    return games / wall, wall


def main() -> None:
    """Print one line per workload."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    args = parse_args(parser, games=50)
    for players in (1, 2, 5):
        rate, wall = bench(players, args.games)
        print(
            f"random policy, {players} {'player' if players == 1 else 'players'}: "
            f"{rate:8.0f} games/s "
            f"({args.games} games in {wall:.2f} s)"
        )


if __name__ == "__main__":
    main()
