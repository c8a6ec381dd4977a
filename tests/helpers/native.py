"""The differential test's pieces: random game cases, and a finished Python game as the
same plain data the native core returns (`coop_helper.native.core.play_games`)."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, replace
from typing import Any

from hypothesis import strategies as st

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.log import EventLog
from coop_helper.policies import make_policy
from coop_helper.policies.expert_params import BASELINE, RANGES, ExpertParams
from coop_helper.setup.catalog import Contract, load_catalog


@dataclass(frozen=True)
class Case:
    """One game to play on both engines."""

    contracts: tuple[Contract, ...]
    players: int
    time_pile: int
    removed: int
    dealt_time: int | None
    seed: int


def random_case(rng: random.Random, players: int, blue: bool | None = None) -> Case:
    """A deal of the player count's size (with or without a blue-seal contract when
    ``blue`` says so), a Time Pile of 1 to 60, a removal level or a part-dealt Time Pile,
    and a seed of up to 90 bits."""
    catalog = load_catalog()
    count = catalog.contracts_by_players[players]
    pool = list(catalog.contracts)
    if blue is False:
        pool = [c for c in pool if not c.blue_seal]
    contracts = rng.sample(pool, count)
    if blue and not any(c.blue_seal for c in contracts):
        contracts[0] = rng.choice(
            [c for c in catalog.contracts if c.blue_seal and c not in contracts]
        )
    time_pile = rng.randint(1, 60)
    removed, dealt = 0, None
    shape = rng.random()
    if shape < 0.4:
        removed = rng.randint(0, time_pile)
    elif shape < 0.55:
        dealt = rng.randint(0, time_pile)
    seed = rng.getrandbits(rng.choice((8, 32, 64, 90)))
    return Case(tuple(contracts), players, time_pile, removed, dealt, seed)


def short_case(rng: random.Random, players: int, i: int, max_time: int) -> Case:
    """`random_case` (blue-seal contracts in a third of ``i``, none in a third) with the
    Time Pile cut to ``max_time`` cards: short games, for the slow search players."""
    case = random_case(rng, players, blue=(True, False, None)[i % 3])
    pile = min(case.time_pile, max_time)
    dealt = None if case.dealt_time is None else min(case.dealt_time, pile)
    return replace(case, time_pile=pile, removed=min(case.removed, pile), dealt_time=dealt)


def python_state(game: Game) -> dict[str, Any]:
    """The finished Python game as the native core's `play_games` describes one."""
    table, hidden = game.table, game.hidden
    return {
        "won": table.won,
        "turns": table.turn,
        "points": table.victory_size,
        "victory_moves": game.victory_moves,
        "reshuffles": game.reshuffles,
        "completers": {
            c.key: list(table.completers[c.key]) for c in dict.fromkeys(table.contracts)
        },
        "players": [
            {
                "coins": p.coins,
                "display": list(p.persons),
                "expeditions": list(p.expeditions),
                "swords": p.swords,
                "vp": p.vp,
                "contracts": list(p.completed),
                "markers": dict(p.markers),
                "aside": list(p.aside.values()),
                "coin_cards": list(hidden.coin_cards[p.index]),
            }
            for p in table.players
        ],
        "harbour": list(table.harbour),
        "expedition_row": list(table.expedition_row),
        "discard": list(table.discard),
        "draw": list(hidden.draw),
        "time": list(hidden.time),
        "victory": list(hidden.victory),
        "time_size": table.time_size,
        "victory_size": table.victory_size,
        "unseen": list(table.unseen),
        "unseen_total": table.unseen_total,
        "open": list(table.open),
    }


def play_python(
    case: Case, policy: str, params: dict[int, ExpertParams] | None = None
) -> dict[str, Any]:
    """The case played by the Python engine (`Game.run`), as plain data; ``params``: the
    expert's constants (None: the shipped ones)."""
    config = GameConfig(
        case.contracts, case.players, case.time_pile, case.removed, case.seed, case.dealt_time
    )
    game = Game(config, make_policy(policy, params))
    game.run()
    return python_state(game)


def expert_params() -> st.SearchStrategy[ExpertParams]:
    """Expert constants drawn from each field's range (`expert_params.RANGES`)."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for field in dataclasses.fields(ExpertParams):
        low, high = RANGES[field.name]
        kind = type(getattr(BASELINE, field.name))
        if kind is bool:
            fields[field.name] = st.booleans()
        elif kind is int:
            fields[field.name] = st.integers(int(low), int(high))
        else:
            fields[field.name] = st.floats(low, high, allow_nan=False)
    return st.builds(ExpertParams, **fields)


def python_turn_states(case: Case, policy: str) -> tuple[list[dict[str, Any]], list[int], EventLog]:
    """The Python engine's game turn by turn: its state after every turn (as
    `python_state`), where each turn's events end in its event log, and the log."""
    config = GameConfig(
        case.contracts, case.players, case.time_pile, case.removed, case.seed, case.dealt_time
    )
    log = EventLog()
    game = Game(config, make_policy(policy), log=log)
    states: list[dict[str, Any]] = []
    turn_ends: list[int] = []

    def after_turn() -> None:
        states.append(python_state(game))
        turn_ends.append(len(log.events))

    game.on_turn_end = after_turn
    game.run()
    return states, turn_ends, log


def _differences(ours: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    """The fields (players' fields as players[i].field) where two states differ."""
    names = [k for k in theirs if k != "players" and ours.get(k) != theirs[k]]
    for i, (a, b) in enumerate(zip(ours.get("players", []), theirs["players"], strict=False)):
        names += [f"players[{i}].{k}" for k in b if a.get(k) != b[k]]
    return names


def where_they_part(case: Case, policy: str) -> str:
    """Where the native core's game first differs from the Python engine's: the turn, the
    fields that differ after it, and the Python game's events of that turn (the moves and
    decisions, from its event log), for the differential test's failure message."""
    from coop_helper.native.core import play_game_turns
    from coop_helper.policies.native_expert import native_constants

    python_turns, turn_ends, log = python_turn_states(case, policy)
    native_turns = play_game_turns(
        case.contracts,
        case.players,
        case.time_pile,
        case.seed,
        policy,
        case.removed,
        case.dealt_time,
        native_constants(policy, case.players),
    )
    for turn, (ours, theirs) in enumerate(zip(native_turns, python_turns, strict=False)):
        # the result fields are the game's so far; compare the table and the piles
        fields = [f for f in _differences(ours, theirs) if f not in ("won", "turns", "points")]
        if fields:
            start = turn_ends[turn - 1] if turn else 0
            events = log.events[start : turn_ends[turn]]
            lines = "\n".join(f"    {e}" for e in events if e.get("event") != "snapshot")
            return (
                f"the engines part in turn {turn + 1}: after it they differ in "
                f"{', '.join(fields)}; the Python engine's events of that turn:\n{lines}"
            )
    if len(native_turns) != len(python_turns):
        return (
            f"the native game has {len(native_turns)} turns, the Python game "
            f"{len(python_turns)}, the same state after each turn both played"
        )
    return "every turn ends in the same state; they part only in the final result"
