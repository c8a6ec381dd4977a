"""Speed of the atlas build on Dask, and what an exhaustive build would take.

Run by hand (install the compiled package with the atlas extra first):

    python -m benchmarks.speed.bench_atlas [GAMES_PER_DEAL]

GAMES_PER_DEAL (default 1,000, as a build plays them): fewer make a shorter run that weighs
each deal's start-up more than a build does (50 games a deal read an exhaustive build about
twice as long as it is).

1. Games per second of the build's tasks on a LocalCluster with 1 and with 2 worker
   processes (3 players, the same tasks both times; cluster start-up not counted).
2. Games per second per worker CPU second at every player count (a random sample of its
   deals, as a build plays them), and from them the wall time of an exhaustive build
   (every deal, 1,000 games each) on this machine's 2 workers and on a 100-core cluster.
3. Lookup time: the difficulty of a 4-player deal and a `deal --difficulty` choice, in
   process, from the atlas in use.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import distributed
from distributed import Client

from benchmarks.common import positional
from coop_helper.atlas import plan
from coop_helper.atlas.build import connect as local_client
from coop_helper.atlas.build import run_pending
from coop_helper.atlas.checkpoints import WorkFolder
from coop_helper.atlas.deals import deal_count
from coop_helper.atlas.plan import make_params, plan_tasks

DEALS = 80  # training deals per measured run
TASK_GAMES = 200  # smaller tasks than a real build's, so a short run still has 8 of each
CORES = 100
FULL_GAMES = 1000


def _worker_cpu_seconds(client: Client) -> float:
    """CPU time the workers' processes have used so far (user + system)."""

    def used() -> float:
        times = os.times()
        return times.user + times.system

    return sum(client.run(used).values())


def rate(players: int, workers: int, games: int) -> tuple[float, float]:
    """Games per wall-clock second, and per worker CPU second, of one build's tasks."""
    params = make_params(players=(players,), exhaustive=(), train_deals=DEALS, train_games=games)
    tasks = plan_tasks(params)
    client, cluster = local_client(distributed, None, workers)  # the build's own cluster
    with tempfile.TemporaryDirectory() as tmp, cluster, client:
        folder = WorkFolder(Path(tmp), params)
        folder.open()
        client.submit(sum, [1]).result()  # workers are up
        cpu = _worker_cpu_seconds(client)
        start = time.perf_counter()
        played = run_pending(client, distributed, tasks, folder, lambda games: None)
        wall = time.perf_counter() - start
        return played / wall, played / (_worker_cpu_seconds(client) - cpu)


def lookups() -> None:
    from coop_helper.atlas.choose import choose_deal
    from coop_helper.atlas.lookup import AtlasUnavailable, deal_difficulty
    from coop_helper.setup.catalog import load_catalog, parse_seal
    from coop_helper.setup.deals import deal

    # both blue-seal contracts recorded (made-up seals): their deals join the choice
    unsealed = [c.key for c in load_catalog().contracts if c.seal is None]
    seals = {key: parse_seal(f"{i}A") for i, key in enumerate(unsealed)}
    try:
        start = time.perf_counter()
        deal_difficulty(4, deal(4, 1))
        first = time.perf_counter() - start
        start = time.perf_counter()
        choose_deal(4, "hard", [], [], 1)
        chosen = time.perf_counter() - start
        start = time.perf_counter()
        choose_deal(4, "hard", [], [], 1, seals)
        with_seals = time.perf_counter() - start
    except AtlasUnavailable as err:
        print(f"lookups: no current atlas ({err})")
        return
    print(f"lookup, 4-player deal (incl. reading the atlas): {first * 1000:.0f} ms")
    print(f"deal --difficulty hard, 4 players: {chosen * 1000:.0f} ms")
    print(f"... with both blue-seal contracts' seals recorded: {with_seals * 1000:.0f} ms")


def main() -> None:
    quick, (games_text,) = positional(defaults=["1000"], quick=["1"])
    games = int(games_text)
    if quick:  # one small build on one worker, and the lookups
        per_second = rate(3, 1, games)[0]
        print(f"3 players, {DEALS} deals x {games} games, 1 worker: {per_second:,.0f} games/s")
        lookups()
        return
    plan.TASK_GAMES = TASK_GAMES * games // 20
    print(
        f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
        "(a shared machine lowers the wall-clock rates, not the per-CPU-second ones)"
    )
    one, one_cpu = rate(3, 1, games)
    two, two_cpu = rate(3, 2, games)
    print(
        f"3 players, {DEALS} deals x {games} games: 1 worker {one:,.0f} games/s, "
        f"2 workers {two:,.0f} games/s (x{two / one:.2f}); per worker CPU second "
        f"{one_cpu:,.0f} and {two_cpu:,.0f}"
    )
    local_hours = cluster_hours = 0.0
    for players in (1, 2, 3, 4, 5):
        per_cpu = one_cpu if players == 3 else rate(players, 1, games)[1]
        games_total = deal_count(players) * FULL_GAMES
        local = games_total / (per_cpu * two / one) / 3600  # 2 workers, as they scaled above
        cluster = games_total / (per_cpu * CORES) / 3600
        local_hours += local
        cluster_hours += cluster
        print(
            f"{players} players: {per_cpu:,.0f} games per CPU second; every deal x "
            f"{FULL_GAMES:,} games: {local:.2f} h on 2 local workers, {cluster:.2f} h on "
            f"{CORES} cores"
        )
    print(
        f"exhaustive build of every player count: about {local_hours:.1f} h on 2 local "
        f"workers, {cluster_hours:.2f} h on {CORES} cores (linear scaling assumed)"
    )
    lookups()


if __name__ == "__main__":
    main()
