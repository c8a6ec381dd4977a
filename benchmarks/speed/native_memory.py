"""Memory of the native core over many games: the resident set size stays flat.

Run by hand:  python -m benchmarks.speed.native_memory [GAMES]   (default 1,000,000)

Plays expert games in batches of 2,000 (as the odds runner asks for them, traces and
last-turn branches included) and prints the process's resident memory every tenth of the
way; the deal changes with every batch.
"""

from __future__ import annotations

import random
import resource
import sys
import time

from benchmarks.common import positional
from coop_helper.native import extension
from coop_helper.native.core import play_traces
from coop_helper.policies.native_expert import native_constants
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile


def rss_mib() -> float:
    """Resident set size now, from /proc (MiB)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def main() -> None:
    if extension() is None:
        sys.exit("the native core is not built on this install")
    _, (total_text,) = positional(defaults=["1000000"], quick=["4000"])
    total = int(total_text)
    batch = 2000
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random("memory")
    start = time.perf_counter()
    played = 0
    step = max(batch, total // 10)
    print(f"{'games':>10}  {'RSS MiB':>8}  {'s':>6}")
    while played < total:
        players = rng.randint(1, 5)
        deal = tuple(rng.sample(known, catalog.contracts_by_players[players]))
        expert = native_constants("expert", players)
        size = time_pile(deal).size or 20
        play_traces(deal, players, size, played, 0, batch, "expert", expert=expert)
        played += batch
        if played % step == 0 or played == batch:
            print(f"{played:>10,}  {rss_mib():8.1f}  {time.perf_counter() - start:6.0f}")


if __name__ == "__main__":
    main()
