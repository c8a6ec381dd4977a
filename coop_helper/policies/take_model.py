"""The expert's learned take correction: a linear model fitted to the search's rollouts.

Where `ExpertParams.take_model` is on, the expert adds ``sum(weight * feature)`` to the
value it gives each card it may take (passing stays at 0). The features are what the
expert already weighs and a few facts of the table (`TAKE_FEATURES`), none of them the
Time Pile: the expert stays time-blind, so one game answers every removal level for the
odds (tests/native/test_time_blind.py). The weights per player count are data
(`data/take_model.toml`), fitted by `benchmarks/strength/take_fit.py` to pick the answers
the search's rollouts win most with, on deals apart from those the strength benchmarks
judge on.

C++ twin: `take_correction` in `coop_helper/native/src/policies/expert.cpp` (the weights
handed over by `native_expert` as ``take_weights``).
"""

from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from coop_helper.engine.cards import SHIP
from coop_helper.engine.state import PlayerState, Table, hire_cost
from coop_helper.errors import DataError
from coop_helper.setup.catalog import ABILITIES, data_dir, load_toml

if TYPE_CHECKING:
    from coop_helper.policies.expert import ExpertPolicy

TAKE_FEATURES: tuple[str, ...] = (
    "ship",  # 1 for a ship
    "person",  # 1 for a person
    "ship_active",  # a ship, for the active player
    "person_active",  # a person, for the active player
    "own_worth",  # the expert's worth of the card to this player
    "fee",  # what the 1-coin fee costs a teammate
    "teammates_gain",  # what the expert subtracts for a teammate still to take
    "ship_coins",  # coins the ship brings this player
    "person_price",  # coins the person costs this player
    "coins",  # the player's coins / COUNT_SCALE (the same for every card: take or pass)
    "ship_coins_held",  # a ship, times the player's coins / COUNT_SCALE
    "turn",  # turns started so far / COUNT_SCALE (the same for every card)
    "ship_turn",  # a ship, times the turns started / COUNT_SCALE
    "more_takes",  # 1 if the player may take again after this
    "person_progress",  # the contract progress the expert sees in a person for this player
    "person_income",  # the income part of a person's worth
    "person_best_teammate",  # the most progress a person brings another player
    "person_swords",
    *(f"person_{name}" for name in ABILITIES),  # one per ability
)
MODEL_FILE = "take_model.toml"
COUNT_SCALE: Final = 10  # coins and turns are counted in tens


def take_features(
    expert: ExpertPolicy,
    table: Table,
    player: PlayerState,
    card: int,
    own: float,
    fee: float,
    mates: float,
    takes_left: int,
) -> list[float]:
    """`TAKE_FEATURES` of taking ``card``; ``own``, ``fee`` and ``mates`` are the parts of
    its value the expert has worked out (its worth, the fee's cost, the teammates' gain)."""
    deck = expert.deck
    is_ship = deck.type[card] == SHIP
    active = float(table.active == player.index)
    coins = player.coins / COUNT_SCALE
    turn = table.turn / COUNT_SCALE  # not the Time Pile: the expert plays time-blind
    ship_coins = deck.coins[card] + player.traders[deck.colour[card]] if is_ship else 0
    price = 0 if is_ship else hire_cost(deck, player, card)
    person = [0.0] * (4 + len(ABILITIES))
    if not is_ship:
        person[0] = expert.progress(player, card)
        person[1] = expert.income_part(card)
        others = [expert.progress(p, card) for p in table.players if p is not player]
        person[2] = max(others, default=0.0)
        person[3] = float(deck.swords[card])
        if deck.ability[card] >= 0:
            person[4 + deck.ability[card]] = 1.0
    return [
        float(is_ship),
        float(not is_ship),
        float(is_ship) * active,
        float(not is_ship) * active,
        own,
        fee,
        mates,
        float(ship_coins),
        float(price),
        coins,
        coins * is_ship,
        turn,
        turn * is_ship,
        float(takes_left > 1),
        *person,
    ]


def take_correction(weights: tuple[float, ...], features: list[float]) -> float:
    """``sum(weight * feature)``, in `TAKE_FEATURES` order (the native core's order)."""
    total = 0.0
    for weight, value in zip(weights, features, strict=True):
        total += weight * value
    return total


@functools.cache
def model_tables(file_name: str) -> tuple[Path, dict[str, Any]]:
    """A learned model's weights file in data/ and its ``players`` table, read once."""
    path = data_dir() / file_name
    tables = load_toml(path).get("players", {})
    if not isinstance(tables, dict):
        raise DataError(f"{path}: players must be a table of [players.N] tables")
    return path, tables


def weights_at(
    file_name: str, players: int, names: tuple[str, ...], kind: str
) -> tuple[float, ...]:
    """The weights of that file's table for this player count, in the order of ``names``
    (all 0 where the file has no table for the count)."""
    path, tables = model_tables(file_name)
    doc = tables.get(str(players))
    if doc is None:
        return (0.0,) * len(names)
    return table_weights(doc, f"{path}: players.{players}", names, kind)


@functools.cache
def take_weights(players: int) -> tuple[float, ...]:
    """The fitted weights at this player count, in `TAKE_FEATURES` order (all 0 where
    the data has none)."""
    return weights_at(MODEL_FILE, players, TAKE_FEATURES, "take")


def table_weights(
    doc: object, where: str, names: tuple[str, ...] = TAKE_FEATURES, kind: str = "take"
) -> tuple[float, ...]:
    """A table of weights (one finite number per feature of ``names``) in that order; a
    DataError naming ``where`` otherwise. The draw model's tables are read by it too."""
    if not isinstance(doc, dict):
        raise DataError(f"{where} must be a table of weights")
    unknown = set(doc) - set(names)
    missing = set(names) - set(doc)
    if unknown or missing:
        raise DataError(
            f"{where} must give every {kind} feature once "
            f"(unknown: {sorted(unknown)}, missing: {sorted(missing)})"
        )
    for name in names:
        value = doc[name]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise DataError(f"{where}.{name} must be a finite number")
    return tuple(float(doc[name]) for name in names)
