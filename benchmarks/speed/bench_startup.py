"""How long table-side commands take, start-up included, as a user runs them.

Run by hand:
    python -m benchmarks.speed.bench_startup [--runs N] [--against OTHER/bin/coop-helper]

Each command of the start-up targets (``setup --players 2``, ``odds`` for a 2-player and a
5-player deal with the defaults, ``rank 3``, and a few more) runs ``--runs`` times; the
median and fastest wall time and the median CPU time (the command and every thread and
process it starts) are printed. With ``--against``, another install's ``coop-helper``
(say, an older version in its own virtual environment) runs the same commands, turn about
with this one so both meet the same load, and the two are printed side by side. On a busy
machine the CPU time is the steadier figure; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import parse_args, this_install
from benchmarks.speed.bench_odds import deals  # the first deal bench_odds measures


def commands() -> list[list[str]]:
    """The commands timed: the issue's targets first."""
    return [
        ["setup", "--players", "2", "--seed", "1"],
        ["odds", *deals(2, 1)[0]],
        ["odds", *deals(5, 1)[0]],
        ["rank", "3"],
        ["deal", "--players", "2", "--seed", "1"],
        ["--help"],
    ]


def timed(program: list[str], args: list[str], folder: Path) -> tuple[float, float]:
    """Wall and CPU seconds (the command's own and its children's) of one run."""
    env = {**os.environ, "COOP_HELPER_CONFIG": str(folder / "c.toml")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # users' installs keep their compiled modules
    env["COOP_HELPER_JOURNAL"] = str(folder / "journal.sqlite")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*program, *args], cwd=folder, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def summary(runs: list[tuple[float, float]]) -> str:
    walls = [w for w, _ in runs]
    cpus = [c for _, c in runs]
    return (
        f"median {statistics.median(walls):5.2f} s (fastest {min(walls):5.2f}, "
        f"CPU {statistics.median(cpus):5.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command")
    parser.add_argument("--against", help="another install's coop-helper, run turn about")
    args = parse_args(parser, runs=1)
    programs = {"this": this_install()}
    if args.against:
        found = shutil.which(args.against)
        if found is None:
            sys.exit(f"--against: no program {args.against}")
        programs["other"] = [found]
    print(f"this: {' '.join(programs['this'])}")
    if "other" in programs:
        print(f"other: {programs['other'][0]}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for command in commands():
            for program in programs.values():  # once untimed: compiled modules, caches
                timed(program, command, folder)
            runs: dict[str, list[tuple[float, float]]] = {name: [] for name in programs}
            for _ in range(args.runs):
                for name, program in programs.items():
                    runs[name].append(timed(program, command, folder))
            print(f"coop-helper {shlex.join(command)}  ({args.runs} runs each)")
            for name in programs:
                print(f"  {name:<5} {summary(runs[name])}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
