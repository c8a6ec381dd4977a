"""Speed of the game journal: the issue's targets, measured end to end on this machine.

Run by hand:  python -m benchmarks.speed.bench_journal [--games 10000] [--runs 7]

1. `coop-helper history` (text, and --json) on a journal of 10,000 recorded games, wall
   time including start-up, as a user runs it. Target: under 0.5 s.
2. `coop-helper record` of a deal whose prediction the journal already holds (no
   simulation), wall time including start-up. Target: under 0.5 s.
3. The same two without start-up (in this process), to show where the time goes.

Every figure is the median of --runs runs, with the fastest and slowest beside it, as wall
time and as CPU time (on a busy machine the wall time grows, the CPU time hardly). The load
average is printed first.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import parse_args
from coop_helper.journal import predict, records, store
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import deal, encode_share_code, time_pile

COMMAND = [
    shutil.which("coop-helper") or sys.executable,
    *([] if shutil.which("coop-helper") else ["-m", "coop_helper"]),
]


def fill(path: Path, games: int) -> str:
    """A journal of ``games`` made-up games over the years; returns one deal's share code
    whose prediction it holds."""
    catalog = load_catalog()
    rng = random.Random("bench-journal")
    start = dt.date(2000, 1, 1)
    known = [c for c in catalog.contracts if c.seal is not None]
    with store.open_journal(path, create=True) as journal, journal.write() as db:
        for i in range(games):
            players = rng.randint(1, 5)
            contracts = deal(players, rng.randrange(10**6), catalog)
            if any(c.seal is None for c in contracts):
                contracts = tuple(rng.sample(known, len(contracts)))
            pile = time_pile(contracts, {}, catalog).size
            assert pile is not None
            removed = rng.randint(0, min(8, pile - 2))
            moves = rng.randint(0, 1)
            won = rng.random() < 0.5
            points, rank = records.outcome_fields(won, removed, moves, catalog)
            wins = rng.randint(0, 1000)
            records.insert(
                db,
                records.GameRecord(
                    uid=records.new_uid(),
                    recorded_at=records.now_utc(),
                    played_on=(start + dt.timedelta(days=i // 3)).isoformat(),
                    players=players,
                    code=encode_share_code(players, contracts, catalog),
                    contracts="; ".join(c.name for c in contracts),
                    seals="",
                    time_pile=pile,
                    removed=removed,
                    moves=moves,
                    won=won,
                    points=points,
                    rank=rank,
                    note="bench",
                    predicted_win=wins / 1000,
                    predicted_wins=wins,
                    predicted_games=1000,
                    policy="expert",
                    policy_version="1",
                ),
            )
        code = "PR1-0040HM"  # the rulebook's solo deal, Time Pile 15
        predict.store(
            db,
            predict.Prediction(
                code,
                15,
                "expert",
                "1",
                predict.PREDICTION_GAMES,
                predict.deal_seed(code, 15),
                tuple(range(900, 0, -100)),
            ),
        )
    return code


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(label: str, action: Callable[[], object], runs: int) -> None:
    """Wall time (what a user waits) and CPU time (what the machine's load does not change
    much) of ``runs`` runs."""
    walls, cpus = [], []
    for _ in range(runs):
        start, cpu = time.perf_counter(), _cpu()
        action()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
    print(
        f"  {label:<52} wall median {statistics.median(walls):6.3f} s "
        f"(min {min(walls):.3f}, max {max(walls):.3f}), CPU median "
        f"{statistics.median(cpus):.3f} s; {runs} runs"
    )


def cli(*args: str) -> Callable[[], object]:
    return lambda: subprocess.run([*COMMAND, *args], capture_output=True, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parse_args(parser, games=200, runs=1)
    folder = Path(tempfile.mkdtemp(prefix="bench-journal-"))
    path = folder / "journal.sqlite3"
    os.environ["COOP_HELPER_JOURNAL"] = str(path)
    os.environ["COOP_HELPER_CONFIG"] = str(folder / "config.toml")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    start = time.perf_counter()
    code = fill(path, args.games)
    print(
        f"journal of {args.games:,} games made in {time.perf_counter() - start:.1f} s "
        f"({path.stat().st_size / 1e6:.1f} MB); {COMMAND[0]}"
    )
    print("end to end, with start-up:")
    measure("coop-helper history", cli("history"), args.runs)
    measure("coop-helper history --json", cli("history", "--json"), args.runs)
    measure(
        "coop-helper history --players 2 --since 2020-01-01",
        cli("history", "--players", "2", "--since", "2020-01-01"),
        args.runs,
    )
    measure(
        "coop-helper record (prediction stored)",
        cli("record", "--code", code, "--removed", "2", "--won", "--date", "2026-01-08"),
        args.runs,
    )
    measure("coop-helper --version (start-up alone)", cli("--version"), args.runs)

    from coop_helper.journal.history import summarise

    ranks = [r.name for r in load_catalog().ranks]

    def load_and_summarise() -> object:
        with store.open_journal(path, create=True) as journal:
            return summarise(records.load(journal), ranks)

    print("in this process:")
    measure("load and summarise every game", load_and_summarise, args.runs)
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
