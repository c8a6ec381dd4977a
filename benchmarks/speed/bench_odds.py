"""Speed of the odds on both engines, side by side: the issue's targets, end to end.

Run by hand:  python -m benchmarks.speed.bench_odds [--quick] [--against OTHER] [--instructions]

Every figure is measured on the native core and on the Python engine (COOP_HELPER_ENGINE),
in the same run, with the ratio; the two engines' outputs are compared as well. With
``--against OTHER`` (another install's ``coop-helper``, an earlier commit's, say) the
commands run on this install and on that one instead, both on the native core: the ratio
is how much slower (above 1) or faster this build is. Commands
show wall time and CPU time (every thread and process of the command): on a busy machine
the CPU time is the steadier figure, and the load average is printed beside it. With
``--instructions`` each command runs on one worker under ``valgrind --tool=callgrind`` and
its instructions (in billions, start-up included) take the place of both times: the same
on a busy machine as on a quiet one (valgrind must be installed; it is slow).

1. `coop-helper odds` for 2-player and 5-player deals with its defaults (every removal
   level within 1 percentage point, 95%), wall time including start-up, as a user runs it.
2. `coop-helper setup --players 2` with its defaults, and `coop-helper rank 3`.
3. Expert games per second on one core as the odds runner plays them (its per-game trace,
   the last-turn rule's branches included), solo, 2 and 5 players: CPU time of this
   process, so another busy process on the machine does not count.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

from benchmarks.common import parse_args, this_install
from coop_helper.native import extension
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.traces import game_seed, play_trace

COMMAND = this_install()  # this environment's coop-helper, not another on PATH
COUNT_INSTRUCTIONS = False  # --instructions: callgrind's count instead of the times


def deals(players: int, count: int) -> list[list[str]]:
    """Seeded deals whose seals are known."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random("bench-odds" if players == 2 else f"bench-odds-{players}")
    size = catalog.contracts_by_players[players]
    return [[c.name for c in rng.sample(known, size)] for _ in range(count)]


# An arm of a side-by-side run: its name, the command that runs coop-helper, its engine.
Arm = tuple[str, list[str], str]
ENGINE_ARMS: tuple[Arm, Arm] = (("native", COMMAND, "native"), ("python", COMMAND, "python"))


def timed(command: list[str], args: list[str], engine: str) -> tuple[float, float, str]:
    """Wall time, CPU time (all its threads and processes) and output of one command; with
    COUNT_INSTRUCTIONS, its instructions in billions (twice) and its output."""
    env = {**os.environ, "COOP_HELPER_ENGINE": engine}
    if COUNT_INSTRUCTIONS:
        return counted(command, args, env)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([*command, *args], capture_output=True, text=True, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout


def counted(command: list[str], args: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """One command on one worker under callgrind: (instructions in billions, the same, its
    output)."""
    if "odds" in args or "setup" in args:
        args = [*args, "--workers", "1"]
    callgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    done = subprocess.run(
        [*callgrind, *command, *args], capture_output=True, text=True, check=True, env=env
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        sys.exit(f"valgrind printed no instruction count: {done.stderr[-300:]!r}")
    billions = int(found.group(1)) / 1e9
    return billions, billions, done.stdout


def side_by_side(
    label: str, runs: list[tuple[str, list[str]]], arms: tuple[Arm, Arm] = ENGINE_ARMS
) -> None:
    """Each command on both arms: wall and CPU times, the second's over the first's, and
    whether the outputs agree."""
    print(label)
    first, second = (name for name, _, _ in arms)
    walls: dict[str, list[float]] = {name: [] for name, _, _ in arms}
    cpus: dict[str, list[float]] = {name: [] for name, _, _ in arms}
    for name, args in runs:
        outputs = {}
        for arm, command, engine in arms:
            wall, cpu, outputs[arm] = timed(command, args, engine)
            walls[arm].append(wall)
            cpus[arm].append(cpu)
        same = "same output" if outputs[first] == outputs[second] else "OUTPUTS DIFFER"
        games = ""
        if "--json" in args:
            doc = json.loads(outputs[first])
            games = f"{(doc.get('odds') or doc)['games']:>6,} games  "
        a, b = walls[first][-1], walls[second][-1]
        if COUNT_INSTRUCTIONS:
            counts = f"  {first} {a:5.2f} G  {second} {b:5.2f} G  x{b / a:4.2f}"
            print(f"{counts}  {games}{same}  {name}")
            continue
        print(
            f"  {first} {a:5.2f} s ({cpus[first][-1]:5.2f} CPU)  {second} {b:5.2f} s "
            f"({cpus[second][-1]:5.2f} CPU)  x{b / a:4.2f}  {games}{same}  {name}"
        )
    mid_wall = {arm: statistics.median(w) for arm, w in walls.items()}
    mid_cpu = {arm: statistics.median(c) for arm, c in cpus.items()}
    if COUNT_INSTRUCTIONS:
        ratio = mid_wall[second] / mid_wall[first]
        print(
            f"  median over {len(runs)}: {first} {mid_wall[first]:.2f} G, "
            f"{second} {mid_wall[second]:.2f} G, x{ratio:.2f}"
        )
        return
    print(
        f"  median over {len(runs)}: {first} {mid_wall[first]:.2f} s "
        f"({mid_cpu[first]:.2f} CPU), {second} {mid_wall[second]:.2f} s "
        f"({mid_cpu[second]:.2f} CPU), x{mid_wall[second] / mid_wall[first]:.2f} wall, "
        f"x{mid_cpu[second] / mid_cpu[first]:.2f} CPU"
    )
    print(f"  load average while measured: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def per_core(quick: bool) -> None:
    from coop_helper.native.core import native_contracts, native_deck, play_traces
    from coop_helper.policies.native_expert import native_constants

    print("expert games per second on one core, as the odds runner plays them (CPU time):")
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    for players, games in ((1, 1000), (2, 800), (5, 400)):
        if quick:
            games //= 40
        rng = random.Random(f"per-core-{players}")
        chosen = [
            tuple(rng.sample(known, catalog.contracts_by_players[players])) for _ in range(20)
        ]
        piles = [time_pile(c).size or 0 for c in chosen]
        start = time.process_time()
        for i in range(games):
            k = i % len(chosen)
            play_trace(chosen[k], players, piles[k], game_seed(1, i), "expert")
        python = games / (time.process_time() - start)
        for c in chosen:  # the deck and contracts are handed over once per run, not timed
            native_deck(players), native_contracts(c), native_constants("expert", players)
        per_deal = 10 * games // len(chosen)  # more native games: the clock is coarse
        start = time.process_time()
        for k, c in enumerate(chosen):
            expert = native_constants("expert", players)
            play_traces(c, players, piles[k], 1, 0, per_deal, "expert", expert=expert)
        native = per_deal * len(chosen) / (time.process_time() - start)
        print(
            f"  {players} player{'s' if players > 1 else ' '}: native {native:7.0f} games/s "
            f"({per_deal * len(chosen):,} games)  python {python:6.0f} games/s "
            f"({games:,} games)  x{native / python:4.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--against",
        metavar="OTHER",
        help="another install's coop-helper: compare this build with it, both native",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count each command's instructions with valgrind (one worker) instead of timing",
    )
    options = parse_args(parser)
    global COUNT_INSTRUCTIONS
    COUNT_INSTRUCTIONS = options.instructions
    if COUNT_INSTRUCTIONS and shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind, which is not installed")
    quick = options.quick
    if extension() is None:
        sys.exit("the native core is not built on this install: nothing to compare")
    arms = ENGINE_ARMS
    if options.against:
        if shutil.which(options.against) is None:
            sys.exit(f"--against {options.against}: no such command")
        version = subprocess.run(
            [options.against, "--version"], capture_output=True, text=True, check=False
        ).stdout
        if "engine: native" not in version:
            sys.exit(f"--against {options.against}: its native core is not built ({version!r})")
        arms = (("other", [options.against], "native"), ("this", COMMAND, "native"))
    count = 1 if quick else 5
    few = ["--games", "200"] if quick else []  # quick: a fixed few games, not the defaults
    side_by_side(
        "odds, 2 players, defaults (every level within 1 point, 95%):",
        [(", ".join(d), ["odds", *d, *few, "--json"]) for d in deals(2, count)],
        arms,
    )
    side_by_side(
        "odds, 5 players, defaults:",
        [(", ".join(d), ["odds", *d, *few, "--json"]) for d in deals(5, 1 if quick else 3)],
        arms,
    )
    side_by_side(
        "setup --players 2, defaults:",
        [
            (f"deal seed {s}", ["setup", "--players", "2", "--seed", str(s), *few, "--json"])
            for s in range(1, count + 1)
        ],
        arms,
    )
    side_by_side("rank 3 (start-up):", [("rank 3", ["rank", "3"])] * (1 if quick else 3), arms)
    if not options.against and not COUNT_INSTRUCTIONS:
        per_core(quick)


if __name__ == "__main__":
    main()
