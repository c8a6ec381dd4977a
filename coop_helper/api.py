"""The Python API: the Time Pile and the win odds for given contracts, without the CLI.

    >>> from coop_helper import odds
    >>> result = odds(["Lady Killer", "Maritime Supremacy", "Galleon Foe"], games=400)
    >>> [round(level.win, 2) for level in result.levels][:2]  # doctest: +SKIP

Names are matched as on the command line (English or German, any case, aliases). Bad
input raises :class:`coop_helper.errors.UserError` with the same one-line message the CLI
prints. Nothing here reads or writes the user's settings: pass the seals of blue-seal
contracts yourself.
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Iterable, Mapping, Sequence

from coop_helper.errors import UserError
from coop_helper.game_setup import deal_of, set_up
from coop_helper.policies import DEFAULT_POLICY
from coop_helper.setup.catalog import Contract, Seal, load_catalog, parse_seal
from coop_helper.setup.deals import PreparedGame, TimePile, encode_share_code, face_up
from coop_helper.setup.deals import time_pile as _time_pile
from coop_helper.setup.settings import Seals
from coop_helper.sim import DEFAULT_SEED
from coop_helper.sim.levels import Level
from coop_helper.sim.odds import (
    DEFAULT_PRECISION,
    OddsResult,
    odds_settings,
    parse_confidence,
    parse_target,
)

__all__ = ["Level", "OddsResult", "TimePile", "UserError", "odds", "time_pile"]


def _resolve(
    contracts: Sequence[str] | str, players: int | None, seals: Mapping[str, str] | None
) -> tuple[int, tuple[Contract, ...], TimePile, Seals]:
    catalog = load_catalog()
    if players is not None:
        players = _whole("players", players)
    if seals is not None and not isinstance(seals, Mapping):
        raise UserError(
            f"seals must be a mapping of contract name to seal, such as "
            f"{{'Ransom': '1A'}}, not {seals!r}."
        )
    if isinstance(contracts, str):
        count, face = face_up(code=contracts, players=players, catalog=catalog)
    else:
        count, face = face_up(names=_names(contracts), players=players, catalog=catalog)
    known: dict[str, Seal] = {}
    for name, text in (seals or {}).items():
        if not isinstance(name, str):
            raise UserError(f"seals are keyed by contract name, not {name!r}.")
        contract = catalog.contract(name)
        if contract.seal is not None:
            unknown = ", ".join(c.name for c in catalog.contracts if c.seal is None)
            raise UserError(
                f"{contract.name}'s seal is known ({contract.seal}); seals are only for {unknown}."
            )
        if not isinstance(text, str):
            raise UserError(f"the seal for {contract.name} must be text like '1A', not {text!r}.")
        try:
            known[contract.key] = parse_seal(text)
        except ValueError as err:
            raise UserError(f"seal for {contract.name}: {err}") from None
    return count, face, _time_pile(face, known, catalog), Seals(known)


def _names(contracts: object) -> list[str]:
    """The contract names of a list (or other iterable) of strings; a UserError else."""
    example = "['Lady Killer', 'Explorer', 'Fighter'] or a share code"
    if not isinstance(contracts, Iterable) or isinstance(contracts, bytes | Mapping):
        raise UserError(f"contracts must be a list of names, such as {example}, not {contracts!r}.")
    names = list(contracts)
    for name in names:
        if not isinstance(name, str):
            raise UserError(f"contracts must be names (text), such as {example}, not {name!r}.")
    return names


def _text(name: str, value: object, example: str) -> str:
    """``value`` if it is a string; a UserError naming ``name`` else."""
    if not isinstance(value, str):
        raise UserError(f"{name} must be text, such as {example!r}, not {value!r}.")
    return value


def _whole(name: str, value: object) -> int:
    """``value`` as an int (numpy integers too); a UserError for anything else."""
    if isinstance(value, bool):
        raise UserError(f"{name} must be a whole number, not {value!r}.")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise UserError(f"{name} must be a whole number, not {value!r}.") from None


def time_pile(
    contracts: Sequence[str] | str,
    *,
    players: int | None = None,
    seals: Mapping[str, str] | None = None,
) -> TimePile:
    """The Time Pile for these face-up contracts (names, or a share code as one string).

    ``seals`` gives the seal read off a blue-seal card, e.g. ``{"Ransom": "1A"}``; while
    one is missing, ``TimePile.size`` is None and ``TimePile.size_range`` gives the range.
    """
    return _resolve(contracts, players, seals)[2]


def odds(
    contracts: Sequence[str] | str,
    *,
    players: int | None = None,
    seals: Mapping[str, str] | None = None,
    games: int | None = None,
    precision: float | None = None,
    seed: int = DEFAULT_SEED,
    policy: str = DEFAULT_POLICY,
    workers: int = 1,
    confidence: float | str = 0.95,
    interval: str = "wilson",
    target: float | str | None = None,
) -> OddsResult:
    """The win odds at every Victory Pile removal level for these face-up contracts.

    ``contracts`` are names (or a share code as one string); ``players`` is checked
    against them when given. ``games`` plays exactly that many games; otherwise games are
    played until every level's interval is within ``precision`` (a fraction: 0.01 is one
    point; by default DEFAULT_PRECISION) either side; give one of the two, not both.
    ``confidence`` and ``target`` follow the command line's percentage rule (``0.95``,
    ``95`` or ``"95%"``); ``target`` asks for a recommended level.
    The same ``seed`` gives the same result whatever ``workers`` says.

    Returns an :class:`OddsResult`: ``levels`` from 0 cards removed upward, each with
    ``removed``, ``turns``, ``win``, ``ci_low``, ``ci_high`` and ``ranks``.
    """
    count, face, pile, given = _resolve(contracts, players, seals)
    policy = _text("policy", policy, DEFAULT_POLICY)
    interval = _text("interval", interval, "wilson")
    goal = None if target is None else parse_target(target)
    games = None if games is None else _whole("games", games)
    seed, workers = _whole("seed", seed), _whole("workers", workers)
    if games is not None and precision is not None:
        raise UserError(
            "give games (exactly that many) or precision (until that precise), not both."
        )
    if precision is None:
        precision = DEFAULT_PRECISION
    if (
        isinstance(precision, bool)
        or not isinstance(precision, numbers.Real)
        or not 0.001 <= precision <= 0.5
    ):
        raise UserError(
            "precision must be a fraction from 0.001 to 0.5, such as 0.01 (one point), "
            f"not {precision!r}."
        )
    confidence = parse_confidence(confidence)
    settings = odds_settings(
        games=games,
        precision=float(precision),
        seed=seed,
        policy=policy,
        workers=workers,
        confidence=confidence,
        interval=interval,
        target=goal,
    )
    game = PreparedGame(count, face, encode_share_code(count, face), pile, None, False)
    result = set_up(deal_of(game, given), settings, as_who="expert").odds
    assert result is not None
    return result
