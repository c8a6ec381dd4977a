"""Speed of the odds: the issue's targets, measured end to end on this machine.

Run by hand:  python benchmarks/bench_odds.py

1. `coop-helper odds` for 2-player deals with its defaults (every removal level within
   1 percentage point, 95%), wall time including start-up, as a user runs it.
2. `coop-helper setup --players 2` with its defaults, wall time including start-up.
3. Games per second per core for the expert team: solo, 2 and 5 players.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time

from coop_helper.engine import Game, GameConfig
from coop_helper.policies import make_policy
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile

COMMAND = [
    shutil.which("coop-helper") or sys.executable,
    *([] if shutil.which("coop-helper") else ["-m", "coop_helper"]),
]
DEALS = 5  # 2-player deals timed for the odds target


def two_player_deals() -> list[list[str]]:
    """Seeded 2-player deals whose seals are known."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random("bench-odds")
    return [[c.name for c in rng.sample(known, 5)] for _ in range(DEALS)]


def timed(args: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([*COMMAND, *args], capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout


def odds_target() -> None:
    print("odds, 2 players, defaults (every level within 1 point, 95%):")
    for names in two_player_deals():
        wall, out = timed(["odds", *names, "--json"])
        doc = json.loads(out)
        widest = max((lv["ci_high"] - lv["ci_low"]) / 2 for lv in doc["levels"])
        print(
            f"  {wall:5.2f} s  {doc['games']:>6,} games  widest half-width "
            f"{100 * widest:.2f} pts  levels {len(doc['levels']):>2}  {', '.join(names)}"
        )


def setup_target() -> None:
    print("setup --players 2, defaults:")
    for seed in range(1, 6):
        wall, out = timed(["setup", "--players", "2", "--seed", str(seed), "--json"])
        games = json.loads(out)["odds"]["games"]
        print(f"  {wall:5.2f} s  {games:>6,} games  (deal seed {seed})")


def per_core() -> None:
    print("expert games per second on one core:")
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    for players, games in ((1, 1500), (2, 1000), (5, 400)):
        rng = random.Random(f"per-core-{players}")
        deals = [tuple(rng.sample(known, catalog.contracts_by_players[players])) for _ in range(20)]
        start = time.perf_counter()
        for i in range(games):
            contracts = deals[i % len(deals)]
            size = time_pile(contracts).size
            Game(GameConfig(contracts, players, size, 0, i), make_policy("expert")).run()
        rate = games / (time.perf_counter() - start)
        print(f"  {players} player{'s' if players > 1 else ' '}: {rate:6.0f} games/s")


if __name__ == "__main__":
    odds_target()
    setup_target()
    per_core()
