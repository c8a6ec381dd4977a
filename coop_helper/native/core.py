"""Driving the native core: the deck and contracts handed over once, games by the batch.

Every function here needs the extension (`coop_helper.native.extension`); the callers ask
`coop_helper.native.native_in_use` first.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from coop_helper.engine.cards import build_deck
from coop_helper.engine.seeds import stream_seed
from coop_helper.native import extension
from coop_helper.setup.catalog import Contract

if TYPE_CHECKING:  # a type only
    from coop_helper.engine.state import Table

__all__ = [
    "MAX_SEED",
    "make_expert",
    "make_search",
    "native_contracts",
    "native_deck",
    "play_games",
    "play_search_games",
    "play_traces",
    "plays",
    "search_rollouts",
    "searches",
    "tally",
]

MAX_SEED = 1 << 96  # a run's seed must be below this (its game seeds fit in 128 bits)
_MASK = (1 << 64) - 1
_MAX_TIME_PILE = 144


def _core() -> Any:
    core = extension()
    if core is None:
        raise RuntimeError("the native core is not built")
    return core


@functools.cache
def native_deck(players: int) -> Any:
    """The deck of this player count, as the native core's tables (built once)."""
    deck = build_deck(players)
    return _core().make_deck(
        {
            "players": deck.players,
            "size": deck.size,
            "n_kinds": len(deck.kinds),
            "start_coins": deck.start_coins,
            "five_player_expedition": (
                -1 if deck.five_player_expedition is None else deck.five_player_expedition
            ),
            "kind": list(deck.kind),
            "type": list(deck.type),
            "colour": list(deck.colour),
            "coins": list(deck.coins),
            "swords": list(deck.swords),
            "cost": list(deck.cost),
            "vp": list(deck.vp),
            "ability": list(deck.ability),
            "coin_to_other": [int(b) for b in deck.coin_to_other],
            "most_swords": [int(b) for b in deck.most_swords],
            "needs": [list(n) for n in deck.needs],
        }
    )


@functools.cache
def native_contracts(contracts: tuple[Contract, ...]) -> Any:
    """The contracts of a game, as the native core's rules (built once per set)."""
    return _core().make_contracts([(c.key, c.coins, c.markers) for c in contracts])


def make_expert(constants: dict[str, Any]) -> Any:
    """The expert's constants, by name, as the native core's (see
    `coop_helper.policies.native_expert`, which gathers them)."""
    return _core().make_expert(constants)


def make_search(constants: dict[str, Any]) -> Any:
    """The search player's constants, by name, as the native core's (see
    `coop_helper.policies.search.native_search`, which gathers them)."""
    return _core().make_search(constants)


def plays(policy: str, seed: int, time_pile: int, contracts: tuple[Contract, ...]) -> bool:
    """Can the native core play this request exactly as the Python engine does?"""
    core = extension()
    if core is None or not core.has_policy(policy):
        return False
    if not 0 <= seed < MAX_SEED or not 0 <= time_pile <= _MAX_TIME_PILE:
        return False
    try:
        native_contracts(contracts)
    except ValueError:  # a contract the native core does not know
        return False
    return True


def _halves(seed: int) -> tuple[int, int]:
    return seed & _MASK, (seed >> 64) & _MASK


def _game_head(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    removed: int,
    dealt_time: int | None,
) -> tuple[Any, Any, int, int, int, int]:
    """The arguments every whole-game call of the native core starts with: the deck, the
    contracts, the player count, the Time Pile, the cards removed and the Time Pile cards
    dealt so far (-1: all of them)."""
    return (
        native_deck(players),
        native_contracts(contracts),
        players,
        time_pile,
        removed,
        -1 if dealt_time is None else dealt_time,
    )


TraceRow = tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, bool], ...]]


def play_traces(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seed: int,
    start: int,
    stop: int,
    policy: str,
    dealt_time: int | None = None,
    expert: Any = None,
    removed: int = 0,
    stride: int = 1,
) -> list[TraceRow]:
    """`sim.traces.play_trace` for games ``start`` to ``stop`` of a run seeded ``seed``:
    (finish_turn, events, endings) per game, in game order. ``expert``: the expert's
    constants (`make_expert`), which the expert needs; ``removed``: cards moved to the
    Victory Pile before play; ``stride``: the budgets answered (`sim.traces.play_trace`)."""
    layout = (time_pile, dealt_time, removed)
    return play_layouts(contracts, players, seed, start, stop, policy, [layout], expert, stride)[0]


def play_layouts(
    contracts: tuple[Contract, ...],
    players: int,
    seed: int,
    start: int,
    stop: int,
    policy: str,
    layouts: Sequence[tuple[int, int | None, int]],
    expert: Any = None,
    stride: int = 1,
) -> list[list[TraceRow]]:
    """`play_traces` of the same games once per layout (time_pile, dealt_time, removed),
    per layout in game order. Each game is played in every layout before the next, so the
    layouts' games of one seed share its seeded generators. ``stride``: each layout's
    games answer the budgets of its Time Pile less a multiple of it (the seats in
    `sim.traces.seat_traces`)."""
    low, high = _halves(seed)
    result: list[list[TraceRow]] = _core().play_traces(
        native_deck(players),
        native_contracts(contracts),
        players,
        low,
        high,
        start,
        stop,
        policy,
        [(pile, -1 if dealt is None else dealt, removed) for pile, dealt, removed in layouts],
        expert,
        stride,
    )
    return result


def tally(traces: Sequence[Any], top: int) -> tuple[list[int], list[list[tuple[int, int]]]]:
    """`sim.levels.WinsByBudget.add`'s counts over ``traces`` for budgets below ``top``: the wins
    per budget, and per budget the Victory Pile moves of those wins as (moves, count)
    in the order first seen."""
    result: tuple[list[int], list[list[tuple[int, int]]]] = _core().tally(traces, top)
    return result


def play_games(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seeds: list[int],
    policy: str,
    removed: int = 0,
    dealt_time: int | None = None,
    expert: Any = None,
) -> list[dict[str, Any]]:
    """Whole games (`Game.run`), one per seed: each game's result and final state.
    ``expert``: the expert's constants (`make_expert`), which the expert needs."""
    result: list[dict[str, Any]] = _core().play_games(
        *_game_head(contracts, players, time_pile, removed, dealt_time),
        [_halves(s) for s in seeds],
        policy,
        expert,
    )
    return result


def play_game_turns(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seed: int,
    policy: str,
    removed: int = 0,
    dealt_time: int | None = None,
    expert: Any = None,
) -> list[dict[str, Any]]:
    """One game as `play_games` plays it: its state after every turn (for the tests).
    ``expert``: the expert's constants (`make_expert`), which the expert needs."""
    result: list[dict[str, Any]] = _core().play_game_turns(
        *_game_head(contracts, players, time_pile, removed, dealt_time),
        _halves(seed),
        policy,
        expert,
    )
    return result


def stream_seed_native(seed: int, stream: str) -> int:
    """`engine.seeds.stream_seed`, computed by the native core (for the tests)."""
    low, high = _halves(seed)
    return int.from_bytes(_core().stream_seed_bytes(low, high, stream), "big")


def python_stream_seed(seed: int, stream: str) -> int:
    """The Python engine's stream seed (the reference the native one must equal)."""
    return stream_seed(seed, stream)


# ------------------------------------------------------------------ the search player

_KINDS = {"draw": 0, "take": 1}


def searches(base: str, contracts: tuple[Contract, ...]) -> bool:
    """Can the native core play a search player's rollouts over ``base`` in a game of
    these contracts exactly as the Python engine plays them?"""
    core = extension()
    if core is None or not core.has_policy(base):
        return False
    try:
        native_contracts(contracts)
    except ValueError:  # a contract the native core does not know
        return False
    return True


def search_rollouts(
    table: Table,
    rng: random.Random,
    base: str,
    samples: int,
    kind: str,
    options: Sequence[bool | int | None],
    player: int = 0,
    takes_left: int = 0,
    expert: Any = None,
) -> list[list[float]]:
    """`SearchPolicy._rollouts` for one decision, played by the native core: the wins (1.0
    or 0.0) of each option per sample, drawn from ``rng`` (which goes on from where the
    native search left it). A draw's options are answers to draw again; a take's card ids
    or None."""
    if kind == "draw":
        answers = [1 if option else 0 for option in options]
    else:
        answers = [-1 if option is None else int(option) for option in options]
    version, words, gauss = rng.getstate()
    results, state = _core().search_rollouts(
        native_deck(table.n_players),
        native_contracts(tuple(table.contracts)),
        table,
        list(words),
        base,
        samples,
        _KINDS[kind],
        answers,
        player,
        takes_left,
        expert,
    )
    rng.setstate((version, tuple(state), gauss))
    return [list(outcomes) for outcomes in results]


def play_search_games(
    contracts: tuple[Contract, ...],
    players: int,
    time_pile: int,
    seeds: Sequence[int],
    base: str,
    kinds: Sequence[str],
    samples: int,
    *,
    search: Any,
    removed: int = 0,
    dealt_time: int | None = None,
    clairvoyant: bool = False,
    record: bool = False,
    expert: Any = None,
) -> list[dict[str, Any]]:
    """Whole games of a search player over ``base`` checking ``kinds`` with ``samples``
    guesses a decision (``clairvoyant``: the clairvoyant bound,
    `coop_helper.policies.clairvoyant`), one per seed, in one crossing: each game's
    result and final state (as `play_games`), ``searched`` and ``overridden`` (draw, take)
    and, with ``record``, ``decisions``: every decision searched as the fields of
    `coop_helper.policies.search.SearchDecision`. ``search``: the search's constants
    (`make_search`); ``expert``: the expert's (`make_expert`), which an expert base needs.
    Ctrl-C raises KeyboardInterrupt."""
    unknown = set(kinds) - set(_KINDS)
    if unknown:
        raise ValueError(f"unknown decision kinds {sorted(unknown)}")
    result: list[dict[str, Any]] = _core().play_search_games(
        *_game_head(contracts, players, time_pile, removed, dealt_time),
        [_halves(s) for s in seeds],
        base,
        "draw" in kinds,
        "take" in kinds,
        samples,
        clairvoyant,
        record,
        expert,
        search,
    )
    return result
