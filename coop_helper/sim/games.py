"""Whole games on a chosen engine, for the benchmarks that weigh policies and constants.

`play_games` plays given deals and seeds with a policy (by name, with the expert's
constants if given) on the Python engine or the native core, and returns each game's
`GameResult`; `play_traces` does the same for the odds runner's traces, and
`play_search_games` a search player's whole games (a search name such as ``search`` or
``search-draw:basic`` in `play_games` goes there too), with the decisions it searched and
overrode. Both engines give the same results for the same request (the differential tests
keep them equal), so a benchmark can cross-check one with the other on a small sample and
then run natively.

Where the native core does not play a policy (a policy built by a benchmark, a search over
such a policy), `engine_for` names the Python engine instead, so a benchmark says which
engine played each policy.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import Any, Final

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.game import GameResult
from coop_helper.errors import UserError
from coop_helper.native import core as native_core
from coop_helper.native import extension
from coop_helper.policies import POLICIES, SEARCH_BASE, SEARCH_KINDS, make_policy
from coop_helper.policies.base import Policy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import ExpertParams
from coop_helper.policies.native_expert import native_constants
from coop_helper.policies.search import DEFAULT_SAMPLES, KINDS, SearchPolicy, native_search
from coop_helper.setup.catalog import Contract
from coop_helper.sim.traces import Trace, game_seed, trace_game

ENGINES: Final = ("python", "native")
DEFAULT_ENGINE: Final = "native"
TIME_BLIND: Final = "expert-time-blind"  # the expert without its last-turn rule

PolicySpec = str | Callable[[], Policy]  # a name, or a factory (played by Python only)


@dataclasses.dataclass(frozen=True)
class SearchGame:
    """A search player's whole game: its result, and per decision kind ("draw", "take")
    the decisions it searched and those it answered otherwise than its base policy."""

    result: GameResult
    searched: dict[str, int]
    overridden: dict[str, int]


def search_parts(policy: PolicySpec) -> tuple[tuple[str, ...], str] | None:
    """(decision kinds, base policy) of a search player's name (``search``,
    ``search-take:basic``, ...); None for any other policy."""
    if not isinstance(policy, str):
        return None
    search, _, base = policy.strip().lower().partition(":")
    kinds = SEARCH_KINDS.get(search)
    base = base.strip() or SEARCH_BASE
    if kinds is None or base not in POLICIES:
        return None
    return kinds, base


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
    """The native core's name for this policy, or None where the native core lacks it
    (a search player: see `search_parts`)."""
    if not isinstance(policy, str):
        return None
    core = extension()
    name = policy.strip().lower()
    return name if core is not None and core.has_policy(name) else None


def engine_for(policy: PolicySpec, engine: str) -> str:
    """The engine that plays ``policy`` when ``engine`` is asked for: the native core only
    where it plays that policy (for a search player: its base), else the Python engine."""
    parts = search_parts(policy)
    played = native_name(parts[1] if parts is not None else policy)
    return "native" if engine == "native" and played is not None else "python"


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
    samples: int = DEFAULT_SAMPLES,
) -> list[GameResult]:
    """One whole game per seed (`Game.run`), on ``engine`` where it plays the policy
    (`engine_for`), each game's result with its completers for every contract in play.
    A search player's name plays `play_search_games` with ``samples`` guesses a decision."""
    parts = search_parts(policy)
    if parts is not None:
        kinds, base = parts
        games = play_search_games(
            contracts,
            players,
            time_pile,
            seeds,
            base,
            kinds,
            samples,
            removed=removed,
            params=params,
            engine=engine,
        )
        return [game.result for game in games]
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
        return [_native_result(state, keys) for state in states]
    results = []
    for seed in seeds:
        config = GameConfig(contracts, players, time_pile, removed, seed)
        result = Game(config, python_policy(policy, params)).run()
        results.append(_with_every_contract(result, keys))
    return results


def _native_result(state: dict[str, Any], keys: list[str]) -> GameResult:
    return GameResult(
        won=state["won"],
        turns=state["turns"],
        points=state["points"],
        victory_moves=state["victory_moves"],
        completers={k: list(state["completers"].get(k, [])) for k in keys},
    )


def _with_every_contract(result: GameResult, keys: list[str]) -> GameResult:
    completers = {k: list(result.completers.get(k, [])) for k in keys}
    return dataclasses.replace(result, completers=completers)


def play_search_games(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seeds: Sequence[int],
    base: str = SEARCH_BASE,
    kinds: Sequence[str] = KINDS,
    samples: int = DEFAULT_SAMPLES,
    *,
    removed: int = 0,
    params: dict[int, ExpertParams] | None = None,
    engine: str = DEFAULT_ENGINE,
) -> list[SearchGame]:
    """One whole game per seed of a search player over ``base`` (a policy name) checking
    ``kinds`` with ``samples`` guesses a decision, on ``engine`` where it plays the base
    (``params``: the expert's constants). On the native core each game crosses once
    (`coop_helper.native.core.play_search_games`); on the Python engine the rollouts
    stay in Python too."""
    keys = list(dict.fromkeys(c.key for c in contracts))
    name = native_name(base)
    if engine_for(base, engine) == "native" and name is not None:
        states = native_core.play_search_games(
            contracts,
            players,
            time_pile,
            seeds,
            name,
            kinds,
            samples,
            removed=removed,
            expert=_native_constants(name, players, params),
            search=native_search(),
        )
        return [
            SearchGame(
                _native_result(state, keys),
                dict(zip(KINDS, state["searched"], strict=True)),
                dict(zip(KINDS, state["overridden"], strict=True)),
            )
            for state in states
        ]
    factory = functools.partial(python_policy, base, params)
    label = "search" if base == SEARCH_BASE else f"search:{base}"
    games = []
    for seed in seeds:
        config = GameConfig(contracts, players, time_pile, removed, seed)
        search = SearchPolicy(factory, label, kinds, samples)  # no base_name: Python rollouts
        result = Game(config, search).run()
        games.append(
            SearchGame(
                _with_every_contract(result, keys), dict(search.searched), dict(search.overridden)
            )
        )
    return games


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
