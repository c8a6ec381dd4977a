"""Tune the expert's constants (`ExpertParams`) for one player count with Optuna.

Every trial plays the same tuning games (common random numbers: the same deals and game
seeds for every candidate), so differences between trials are paired and far less noisy
than independent runs. The tuning deals and seeds are separate from the strength
benchmark's (salt "tune", seed base 1), so the benchmark judges the result on games the
tuner never saw. The objective is the win rate at 0 removed (with ``--removed K``, the
mean of the win rates at 0 and at K removed, K capped at all but one card of each deal's
Time Pile: the expert's constants judged where time is short too); the best trial is then
played again against the current constants on fresh seeds (base 2), paired, with its
standard error, at each level.

Every candidate plays on the native core, its constants handed over from Python (no
rebuild); ``--engine python`` plays them in Python, to cross-check.

Needs the optional extra:  pip install '.[tune]'
Run by hand (compiled build recommended):
    python -m benchmarks.strength.tune_expert --players 4 [--trials 60] [--deals 40] [--games 10]
        [--workers 2] [--fix NAME=VALUE ...] [--removed K] [--engine native|python]
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import sys
import time
from typing import Any

import optuna

from benchmarks.common import parse_args
from benchmarks.strength.strength import (
    add_engine_option,
    deals_for,
    engines_line,
    expert_params,
    game_seed,
    paired,
    rate_text,
    use_engine,
)
from coop_helper.policies.expert_params import PARAMS, RANGES, ExpertParams
from coop_helper.setup.catalog import Contract
from coop_helper.setup.deals import time_pile
from coop_helper.sim import games as sim_games

JOB = 25

# name -> (low, high) of the search range (a copy: --range changes it); ints are searched
# as ints, flags as on/off.
SPACE: dict[str, tuple[float, float]] = dict(RANGES)


Task = tuple[dict[str, Any], int, tuple[Contract, ...], int, range, int, str, int]


def _job(args: Task) -> list[bool]:
    fields, players, contracts, deal, games, base, engine, removed = args
    params = {players: ExpertParams(**fields)}
    size = time_pile(contracts).size
    assert size is not None
    seeds = [game_seed(players, deal, g, base) for g in games]
    results = sim_games.play_games(
        contracts,
        players,
        size,
        seeds,
        "expert",
        removed=min(removed, size - 1),
        params=params,
        engine=engine,
    )
    return [r.won for r in results]


def evaluate(
    fields: dict[str, Any],
    players: int,
    deals: list[tuple[Contract, ...]],
    games: int,
    base: int,
    pool: Any,
    engine: str = sim_games.DEFAULT_ENGINE,
    removed: int = 0,
) -> list[bool]:
    """Wins per (deal, game) for these constants with ``removed`` cards removed, in order."""
    jobs = [
        (fields, players, contracts, d, range(a, min(a + JOB, games)), base, engine, removed)
        for d, contracts in enumerate(deals)
        for a in range(0, games, JOB)
    ]
    parts = pool.map(_job, jobs, chunksize=1) if pool is not None else map(_job, jobs)
    return [w for part in parts for w in part]


def suggest(trial: optuna.Trial, start: ExpertParams, fixed: dict[str, Any]) -> dict[str, Any]:
    """A candidate: every searched constant drawn from its range, fixed ones kept."""
    fields = {**dataclasses.asdict(start), **fixed}
    for name, (low, high) in SPACE.items():
        if name in fixed:
            fields[name] = fixed[name]
        elif isinstance(getattr(start, name), bool):
            fields[name] = trial.suggest_categorical(name, [False, True])
        elif isinstance(getattr(start, name), int):
            fields[name] = trial.suggest_int(name, int(low), int(high))
        else:
            fields[name] = trial.suggest_float(name, low, high)
    return fields


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, required="--quick" not in sys.argv)
    parser.add_argument("--trials", type=int, default=60)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--check-games",
        type=int,
        default=20,
        help="games per deal for the final paired check on fresh seeds",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sampler-seed", type=int, default=0)
    parser.add_argument("--fix", default="", help="NAME=VALUE,... kept out of the search")
    parser.add_argument(
        "--enqueue",
        nargs="*",
        default=[],
        help="NAME=VALUE,... candidates to try first (e.g. earlier bests)",
    )
    parser.add_argument("--range", nargs="*", default=[], help="NAME=LOW:HIGH search ranges")
    parser.add_argument(
        "--removed",
        type=int,
        default=0,
        metavar="K",
        help="judge each trial at 0 and at K cards removed (the mean of both)",
    )
    parser.add_argument(
        "--only", default="", help="NAME,... the only constants searched (the rest kept)"
    )
    add_engine_option(parser)
    args = parse_args(parser, trials=2, deals=2, games=2, workers=1)
    args.players = args.players or 2
    use_engine(parser, args.engine)
    print(engines_line("expert"), flush=True)
    start = PARAMS[args.players]
    fixed: dict[str, Any] = dataclasses.asdict(expert_params(args.fix)[args.players])
    fixed = {k: v for k, v in fixed.items() if getattr(start, k) != v}
    if args.only:
        searched = set(args.only.split(","))
        unknown = searched - set(SPACE)
        if unknown:
            parser.exit(2, f"error: not searched constants: {sorted(unknown)}\n")
        for name in SPACE:
            if name not in searched and name not in fixed:
                fixed[name] = getattr(start, name)
    for item in args.range:
        name, _, span = item.partition("=")
        low, _, high = span.partition(":")
        SPACE[name] = (float(low), float(high))
    if args.removed < 0:
        parser.exit(2, f"error: --removed must be 0 or more, not {args.removed}\n")
    levels = sorted({0, args.removed})
    deals = deals_for(args.players, args.deals, salt="tune")
    pool = multiprocessing.get_context("fork").Pool(args.workers) if args.workers > 1 else None
    began = time.perf_counter()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        direction="maximize", sampler=optuna.samplers.TPESampler(seed=args.sampler_seed)
    )
    current = dataclasses.asdict(start)
    study.enqueue_trial({k: v for k, v in current.items() if k in SPACE and k not in fixed})
    for changes in args.enqueue:
        candidate = dataclasses.asdict(expert_params(changes)[args.players])
        study.enqueue_trial({k: v for k, v in candidate.items() if k in SPACE and k not in fixed})

    def objective(trial: optuna.Trial) -> float:
        fields = suggest(trial, start, fixed)
        wins = []
        for removed in levels:
            wins += evaluate(fields, args.players, deals, args.games, 1, pool, args.engine, removed)
        return sum(wins) / len(wins)

    def show(study: optuna.Study, trial: optuna.trial.FrozenTrial) -> None:
        print(
            f"trial {trial.number:>3}: {trial.value:.3f} over "
            f"{len(levels) * args.deals * args.games} games  "
            f"(best {study.best_value:.3f} at {study.best_trial.number})",
            flush=True,
        )
        if study.best_trial.number == trial.number:  # a stopped run still names its best
            print(
                "  new best: "
                + ",".join(
                    f"{k}={round(v, 3) if isinstance(v, float) else v}"
                    for k, v in trial.params.items()
                ),
                flush=True,
            )

    study.optimize(objective, n_trials=args.trials, callbacks=[show])
    best = {**current, **study.best_params, **fixed}
    print(
        f"\nbest on the tuning games ({args.deals} deals x {args.games} games at "
        f"{' and '.join(map(str, levels))} removed, {args.players} players): "
        f"{study.best_value:.3f} vs start {study.trials[0].value:.3f}"
    )
    print(
        "ExpertParams("
        + ", ".join(f"{k}={round(v, 3) if isinstance(v, float) else v}" for k, v in best.items())
        + ")"
    )
    fresh = deals_for(args.players, args.deals, salt="tune-check")
    for removed in levels:
        new = evaluate(best, args.players, fresh, args.check_games, 2, pool, args.engine, removed)
        old = evaluate(
            current, args.players, fresh, args.check_games, 2, pool, args.engine, removed
        )
        diff, se = paired(new, old)
        print(
            f"fresh seeds, {removed} removed, {len(new)} paired games: best {rate_text(new)} "
            f"vs start {rate_text(old)} (95% intervals), difference {100 * diff:+.1f} ± "
            f"{100 * se:.1f} points"
        )
    print(f"({time.perf_counter() - began:.0f} s)")
    if pool is not None:
        pool.close()
        pool.join()


if __name__ == "__main__":
    main()
