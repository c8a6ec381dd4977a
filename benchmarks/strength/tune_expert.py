"""Tune the expert's constants (`ExpertParams`) for one player count with Optuna.

Every trial plays the same tuning games (common random numbers: the same deals and game
seeds for every candidate), so differences between trials are paired and far less noisy
than independent runs. The tuning deals and seeds are separate from the strength
benchmark's (salt "tune", seed base 1), so the benchmark judges the result on games the
tuner never saw. The objective is the win rate at 0 removed; the best trial is then played
again against the current constants on fresh seeds (base 2), paired, with its standard error.

Needs the optional extra:  pip install '.[tune]'
Run by hand (compiled build recommended):
    python -m benchmarks.strength.tune_expert --players 4 [--trials 60] [--deals 40] [--games 10]
        [--workers 2] [--fix NAME=VALUE ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import time
from typing import Any

import optuna

from benchmarks.strength.strength import deals_for, expert_params, game_seed, paired
from coop_helper.engine import Game, GameConfig
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import PARAMS, ExpertParams
from coop_helper.setup.catalog import Contract
from coop_helper.setup.deals import time_pile

JOB = 25

# name -> (low, high) of the search range; ints are searched as ints, flags as on/off.
SPACE: dict[str, tuple[float, float]] = {
    "draw_boldness": (0.15, 1.2),
    "safe_bust": (0.0, 0.15),
    "loss_weight": (0.5, 1.6),
    "new_colour_gain": (0.0, 6.0),
    "extra_take_gain": (0.0, 10.0),
    "pack_step": (2.0, 20.0),
    "pack_swords": (3, 7),
    "sword_fill": (0.2, 0.9),
    "rich_coin": (0.1, 0.8),
    "idle_coin": (0.3, 1.0),
    "save_for": (5, 13),
    "tax_coin": (0.05, 1.2),
    "expedition_fill": (0.4, 1.2),
    "expedition_slack": (0, 2),
    "sticky": (0.0, 4.0),
    "coin_weight": (0.0, 4.0),
    "team_fee": (0, 1),
    "explorer_saves": (0, 1),
    "endgame_weight": (0.0, 3.0),
    "tax_draw": (0.0, 2.0),
    "income_weight": (0.2, 1.2),
    "want_gain": (0.2, 1.5),
    "want_room": (0.0, 1.0),
    "pack_first": (0.0, 1.5),
    "complete_gain": (0.0, 1.0),
}


def _job(args: tuple[dict[str, Any], int, tuple[Contract, ...], int, range, int]) -> list[bool]:
    fields, players, contracts, deal, games, base = args
    params = ExpertParams(**fields)
    size = time_pile(contracts).size
    assert size is not None
    wins = []
    for g in games:
        seed = game_seed(players, deal, g, base)
        policy = ExpertPolicy({players: params})
        wins.append(Game(GameConfig(contracts, players, size, 0, seed), policy).run().won)
    return wins


def evaluate(
    fields: dict[str, Any],
    players: int,
    deals: list[tuple[Contract, ...]],
    games: int,
    base: int,
    pool: Any,
) -> list[bool]:
    """Wins per (deal, game) for these constants, in order."""
    jobs = [
        (fields, players, contracts, d, range(a, min(a + JOB, games)), base)
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
    parser.add_argument("--players", type=int, required=True)
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
        "--only", default="", help="NAME,... the only constants searched (the rest kept)"
    )
    args = parser.parse_args()
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
        wins = evaluate(suggest(trial, start, fixed), args.players, deals, args.games, 1, pool)
        return sum(wins) / len(wins)

    def show(study: optuna.Study, trial: optuna.trial.FrozenTrial) -> None:
        print(
            f"trial {trial.number:>3}: {trial.value:.3f}  (best {study.best_value:.3f} "
            f"at {study.best_trial.number})",
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
        f"\nbest on the tuning games ({args.deals} deals x {args.games} games, "
        f"{args.players} players): {study.best_value:.3f} vs start {study.trials[0].value:.3f}"
    )
    print(
        "ExpertParams("
        + ", ".join(f"{k}={round(v, 3) if isinstance(v, float) else v}" for k, v in best.items())
        + ")"
    )
    fresh = deals_for(args.players, args.deals, salt="tune-check")
    new = evaluate(best, args.players, fresh, args.check_games, 2, pool)
    old = evaluate(current, args.players, fresh, args.check_games, 2, pool)
    diff, se = paired(new, old)
    print(
        f"fresh seeds, {len(new)} paired games: best {sum(new) / len(new):.3f} vs start "
        f"{sum(old) / len(old):.3f}, difference {100 * diff:+.1f} ± {100 * se:.1f} points"
    )
    print(f"({time.perf_counter() - began:.0f} s)")
    if pool is not None:
        pool.close()
        pool.join()


if __name__ == "__main__":
    main()
