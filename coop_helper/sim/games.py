"""Whole games on a chosen engine, for the benchmarks that weigh policies and constants.

`play_games` plays given deals and seeds with a policy (by name, with the expert's
constants if given) on the Python engine or the native core, and returns each game's
`GameResult`; `play_traces` does the same for the odds runner's traces. Both engines give
the same results for the same request (the differential tests keep them equal), so a
benchmark can cross-check one with the other on a small sample and then run natively.

Where the native core does not play a policy (a search player, a policy built by a
benchmark), `engine_for` names the Python engine instead, so a benchmark says which
engine played each policy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Final

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.game import GameResult
from coop_helper.errors import UserError
from coop_helper.native import core as native_core
from coop_helper.native import extension
from coop_helper.policies import make_policy
from coop_helper.policies.base import Policy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import ExpertParams
from coop_helper.policies.native_expert import native_constants
from coop_helper.setup.catalog import Contract
from coop_helper.sim.traces import Trace, game_seed, trace_game

ENGINES: Final = ("python", "native")
DEFAULT_ENGINE: Final = "native"
TIME_BLIND: Final = "expert-time-blind"  # the expert without its last-turn rule

PolicySpec = str | Callable[[], Policy]  # a name, or a factory (played by Python only)


def check_engine(engine: str) -> str:
    """``engine`` if it names an engine that can play here; a UserError if not."""
    if engine not in ENGINES:
        raise UserError(f"--engine must be python or native, not {engine!r}.")
    if engine == "native" and extension() is None:
        raise UserError(
            "--engine native: the native core is not built on this install; "
            "reinstall with a C++ compiler, or pass --engine python."
        )
    return engine


def native_name(policy: PolicySpec) -> str | None:
    """The native core's name for this policy, or None where the native core lacks it."""
    if not isinstance(policy, str):
        return None
    core = extension()
    name = policy.strip().lower()
    return name if core is not None and core.has_policy(name) else None


def engine_for(policy: PolicySpec, engine: str) -> str:
    """The engine that plays ``policy`` when ``engine`` is asked for: the native core only
    where it plays that policy, else the Python engine."""
    return "native" if engine == "native" and native_name(policy) is not None else "python"


def python_policy(policy: PolicySpec, params: dict[int, ExpertParams] | None) -> Policy:
    """A fresh Python policy for this spec (``params``: the expert's constants)."""
    if not isinstance(policy, str):
        return policy()
    if policy == TIME_BLIND:
        return ExpertPolicy(params, last_turn=False)
    return make_policy(policy, params)


def _native_constants(policy: str, players: int, params: dict[int, ExpertParams] | None) -> object:
    return native_constants("expert" if policy.startswith("expert") else policy, players, params)


def play_games(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seeds: Sequence[int],
    policy: PolicySpec = "expert",
    *,
    removed: int = 0,
    params: dict[int, ExpertParams] | None = None,
    engine: str = DEFAULT_ENGINE,
) -> list[GameResult]:
    """One whole game per seed (`Game.run`), on ``engine`` where it plays the policy
    (`engine_for`), each game's result with its completers for every contract in play."""
    keys = list(dict.fromkeys(c.key for c in contracts))
    name = native_name(policy)
    if engine_for(policy, engine) == "native" and name is not None:
        states = native_core.play_games(
            contracts,
            players,
            time_pile,
            list(seeds),
            name,
            removed,
            None,
            _native_constants(name, players, params),
        )
        return [
            GameResult(
                won=s["won"],
                turns=s["turns"],
                points=s["points"],
                victory_moves=s["victory_moves"],
                completers={k: list(s["completers"].get(k, [])) for k in keys},
            )
            for s in states
        ]
    results = []
    for seed in seeds:
        config = GameConfig(contracts, players, time_pile, removed, seed)
        result = Game(config, python_policy(policy, params)).run()
        completers = {k: list(result.completers.get(k, [])) for k in keys}
        results.append(dataclasses.replace(result, completers=completers))
    return results


def play_traces(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seed: int,
    games: range,
    policy: PolicySpec = "expert",
    *,
    params: dict[int, ExpertParams] | None = None,
    engine: str = DEFAULT_ENGINE,
) -> list[Trace]:
    """The odds runner's traces (`sim.traces.play_trace`) of ``games`` of a run seeded
    ``seed``, on ``engine`` where it plays the policy."""
    name = native_name(policy)
    if engine_for(policy, engine) == "native" and name is not None:
        return [
            Trace(finish, events, endings)
            for finish, events, endings in native_core.play_traces(
                contracts,
                players,
                time_pile,
                seed,
                games.start,
                games.stop,
                name,
                None,
                _native_constants(name, players, params),
            )
        ]
    return [
        trace_game(contracts, players, time_pile, game_seed(seed, i), python_policy(policy, params))
        for i in games
    ]
