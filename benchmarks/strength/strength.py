"""Strength benchmark: two policies, paired on the same deals and game seeds.

For each player count a fixed, seeded set of deals (contracts whose seals are known, so no
blue-seal contract) is played GAMES times per deal by both policies with the same game
seeds, live (`Game(...).run()`), so time-aware policies play as they would at the table.
Reported per player count, at 0 cards removed and at the removal level where the
``--against`` policy wins nearest 50% (found from a pilot: the against policy's full-length
games replayed at every level, with the odds runner's last-turn branches; exact for a
policy whose play depends on the turns left at most as the expert's does):

- each policy's win rate with its 95% Wilson interval;
- the paired difference (policy minus against) with its standard error over the
  per-deal-and-seed pairs.

Results depend only on the seeds, never on ``--workers``, nor on ``--engine``: the games
run on the native core (the default) wherever it plays the policy, the expert with any
constants included, and on the Python engine otherwise (the frozen baseline, a search
player until the native core has one); ``--engine python`` plays them all in Python, to
cross-check. The header says which engine played each policy.

Run by hand (compiled build recommended):
    python -m benchmarks.strength.strength [--policy expert] [--against expert-2ce9615]
        [--players 1 2 3 4 5] [--deals 40] [--games 10] [--workers 2] [--removed K]
        [--seed BASE] [--salt NAME]
        [--engine native|python]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.common import parse_args
from benchmarks.strength.reference.expert_2ce9615 import FrozenExpertPolicy
from coop_helper.errors import UserError
from coop_helper.policies import POLICY_NAMES, make_policy
from coop_helper.policies.base import Policy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import BASELINE, PARAMS, ExpertParams
from coop_helper.setup.catalog import Contract, load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim import games as sim_games
from coop_helper.sim.statistics import wilson
from coop_helper.sim.traces import Trace, outcome

FROZEN = "expert-2ce9615"
TIME_BLIND = sim_games.TIME_BLIND  # the expert without its last-turn rule
JOB = 25  # games per job handed to a worker
ENGINE = sim_games.DEFAULT_ENGINE  # the engine asked for (--engine); set by main


def policy_by_name(name: str) -> Policy:
    """A fresh policy: any name `make_policy` knows, or the frozen baseline.

    ``expert:NAME=VALUE,...`` is the expert with some constants changed for every player
    count (see `ExpertParams`), to measure what one change is worth; TIME_BLIND the expert
    without its last-turn rule (`policies.last_turn`).
    """
    if name == FROZEN:
        return FrozenExpertPolicy()
    if name == TIME_BLIND:
        return ExpertPolicy(last_turn=False)
    if name.startswith("expert:"):
        return ExpertPolicy(expert_params(name.partition(":")[2]))
    return make_policy(name)


def policy_spec(name: str) -> tuple[sim_games.PolicySpec, dict[int, ExpertParams] | None]:
    """How `sim.games` plays the policy called ``name``: a name it knows (with the
    expert's changed constants for ``expert:...``), or a factory the Python engine plays."""
    if name.startswith("expert:"):
        return "expert", expert_params(name.partition(":")[2])
    if name == TIME_BLIND or name in POLICY_NAMES:
        return name, None
    return functools.partial(policy_by_name, name), None


def engine_of(name: str, engine: str) -> str:
    """The engine that plays the policy called ``name`` when ``engine`` is asked for."""
    return sim_games.engine_for(policy_spec(name)[0], engine)


def expert_params(changes: str) -> dict[int, ExpertParams]:
    """The expert's constants per player count, with ``NAME=VALUE,...`` changed in each."""
    fields: dict[str, Any] = {}
    for item in filter(None, changes.split(",")):
        key, _, value = item.partition("=")
        kind = type(getattr(BASELINE, key))
        fields[key] = value.lower() in ("1", "true", "yes") if kind is bool else kind(value)
    return {n: dataclasses.replace(params, **fields) for n, params in PARAMS.items()}


def deals_for(players: int, count: int, salt: str = "strength") -> list[tuple[Contract, ...]]:
    """``count`` seeded deals for this many players, from contracts with known seals."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None and not c.blue_seal]
    rng = random.Random(f"{salt}-{players}")
    size = catalog.contracts_by_players[players]
    return [tuple(rng.sample(known, size)) for _ in range(count)]


def game_seed(players: int, deal: int, game: int, base: int = 0) -> int:
    """The seed of one game: the same for every policy compared."""
    return ((base * 8 + players) * 10_007 + deal) * 1_000_003 + game


@dataclass(frozen=True)
class Job:
    """A slice of games: one deal, one removal level, one policy."""

    policy: str
    players: int
    contracts: tuple[Contract, ...]
    deal: int
    removed: int
    games: range
    base: int
    trace: bool = False  # record full-length traces instead of playing at `removed`
    engine: str = sim_games.DEFAULT_ENGINE


def run_job(job: Job) -> list[object]:
    """Wins (bools) for a live job, or Traces for a trace job."""
    size = time_pile(job.contracts).size
    assert size is not None
    spec, params = policy_spec(job.policy)
    if job.trace:  # game g of a run seeded by the deal (`sim.traces.game_seed`)
        return list(
            sim_games.play_traces(
                job.contracts,
                job.players,
                size,
                game_seed(job.players, job.deal, 0, job.base),
                job.games,
                spec,
                params=params,
                engine=job.engine,
            )
        )
    seeds = [game_seed(job.players, job.deal, g, job.base) for g in job.games]
    results = sim_games.play_games(
        job.contracts,
        job.players,
        size,
        seeds,
        spec,
        removed=job.removed,
        params=params,
        engine=job.engine,
    )
    return [r.won for r in results]


def run_jobs(jobs: Sequence[Job], workers: int) -> list[object]:
    """All jobs' results, concatenated in job order (the same for any worker count)."""
    if workers <= 1:
        parts = [run_job(job) for job in jobs]
    else:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers) as pool:
            parts = pool.map(run_job, jobs, chunksize=1)
    return [item for part in parts for item in part]


def make_jobs(
    policy: str,
    players: int,
    deals: Sequence[tuple[Contract, ...]],
    games: int,
    removed: int,
    base: int,
    trace: bool = False,
) -> list[Job]:
    """Jobs covering every deal and game, in (deal, game) order, on the engine asked for
    (`ENGINE`)."""
    return [
        Job(
            policy,
            players,
            contracts,
            d,
            removed,
            range(a, min(a + JOB, games)),
            base,
            trace,
            ENGINE,
        )
        for d, contracts in enumerate(deals)
        for a in range(0, games, JOB)
    ]


def play(
    policy: str,
    players: int,
    deals: Sequence[tuple[Contract, ...]],
    games: int,
    removed: int,
    workers: int,
    base: int = 0,
) -> list[bool]:
    """Live wins per (deal, game), in order."""
    jobs = make_jobs(policy, players, deals, games, removed, base)
    return [bool(w) for w in run_jobs(jobs, workers)]


def level_rates(
    policy: str,
    players: int,
    deals: Sequence[tuple[Contract, ...]],
    games: int,
    workers: int,
    base: int,
) -> Iterator[tuple[int, float]]:
    """(removed, win rate) of ``policy`` for each removal level from 0 upward, from one set
    of full-length games replayed at every level (as the odds runner does)."""
    jobs = make_jobs(policy, players, deals, games, 0, base, trace=True)
    traces = run_jobs(jobs, workers)
    sizes = [time_pile(c).size or 0 for c in deals]
    per_deal = len(traces) // len(deals)
    for removed in range(0, min(sizes) + 1):
        wins = 0
        for i, trace in enumerate(traces):
            budget = sizes[i // per_deal] - removed
            assert isinstance(trace, Trace)
            wins += outcome(trace, budget)[0]
        yield removed, wins / len(traces)


def pilot_level(
    policy: str,
    players: int,
    deals: Sequence[tuple[Contract, ...]],
    games: int,
    workers: int,
    base: int,
) -> tuple[int, float]:
    """The removal level at which ``policy`` wins nearest 50%, and its rate there."""
    best, best_rate = 0, -1.0
    for removed, rate in level_rates(policy, players, deals, games, workers, base):
        if best_rate < 0 or abs(rate - 0.5) < abs(best_rate - 0.5):
            best, best_rate = removed, rate
        if rate < 0.5:
            break
    return best, best_rate


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    """The --engine option every strength benchmark takes."""
    parser.add_argument(
        "--engine",
        choices=sim_games.ENGINES,
        default=sim_games.DEFAULT_ENGINE,
        help="play on the native core (where it plays the policy) or all in Python",
    )


def use_engine(parser: argparse.ArgumentParser, engine: str) -> None:
    """Play the jobs made from now on with ``engine`` (a clear exit 2 if it cannot)."""
    global ENGINE
    try:
        ENGINE = sim_games.check_engine(engine)
    except UserError as err:
        parser.exit(2, f"error: {err}\n")


def engines_line(*names: str) -> str:
    """Which engine plays each of these policies, for a benchmark's header."""
    played = ", ".join(f"{name} on {engine_of(name, ENGINE)}" for name in dict.fromkeys(names))
    return f"engine asked: {ENGINE}; {played}"


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean paired difference a - b (wins, or win rates) and its standard error."""
    n = len(a)
    diffs = [float(x) - float(y) for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def interval_text(wins: Sequence[bool]) -> str:
    """'[62.7-65.6]': the 95% Wilson interval of the win rate, in percent."""
    low, high = wilson(sum(wins), len(wins))
    return f"[{100 * low:4.1f}-{100 * high:4.1f}]"


def rate_text(wins: Sequence[bool]) -> str:
    """'64.1% [62.7-65.6]' for a list of wins."""
    return f"{sum(wins) / len(wins):6.1%} {interval_text(wins)}"


def report(players: int, removed: int, a: list[bool], b: list[bool]) -> str:
    """One line of the table."""
    diff, se = paired(a, b)
    return (
        f"{players:>7} {removed:>7} {len(a):>6}  {rate_text(a):>20}  {rate_text(b):>20}"
        f"  {100 * diff:+6.1f} ± {100 * se:4.1f}"
    )


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--policy", default="expert")
    parser.add_argument("--against", default=FROZEN)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--deals", type=int, default=40, help="deals per player count")
    parser.add_argument("--games", type=int, default=10, help="games per deal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="base of the game seeds")
    parser.add_argument(
        "--salt", default="strength", help="names the seeded deals (another salt: other deals)"
    )
    parser.add_argument(
        "--removed", type=int, default=None, help="the second removal level (default: from a pilot)"
    )
    parser.add_argument("--zero-only", action="store_true", help="only 0 removed")
    add_engine_option(parser)
    args = parse_args(parser, argv, players=[2], deals=2, games=2, workers=1)
    use_engine(parser, args.engine)
    for name in (args.policy, args.against):
        try:
            policy_by_name(name)  # an unknown name fails here, with the names it knows
        except (UserError, AttributeError, ValueError) as err:
            parser.exit(2, f"error: {err}\n")
    out(
        f"{args.policy} vs {args.against}: {args.deals} deals x {args.games} games per "
        f"player count, same deals (salt {args.salt}) and seeds (base {args.seed}); 95% "
        "Wilson intervals; difference ± standard error over the pairs"
    )
    out(engines_line(args.policy, args.against))
    out(
        f"{'players':>7} {'removed':>7} {'games':>6}  {args.policy:>20}  {args.against:>20}"
        f"  {'difference':>14}"
    )
    start = time.perf_counter()
    for players in args.players:
        deals = deals_for(players, args.deals, args.salt)
        levels = [0]
        if not args.zero_only:
            if args.removed is not None:
                level = args.removed
            else:
                level, _ = pilot_level(
                    args.against, players, deals, args.games, args.workers, args.seed
                )
            if level != 0:
                levels.append(level)
        for removed in levels:
            a = play(args.policy, players, deals, args.games, removed, args.workers, args.seed)
            b = play(args.against, players, deals, args.games, removed, args.workers, args.seed)
            out(report(players, removed, a, b))
    out(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
