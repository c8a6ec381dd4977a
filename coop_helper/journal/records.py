"""One played game as the journal keeps it: the record, its checks, and its rows.

A record holds everything needed to replay the question "how likely were we to win?":
the deal (share code and contracts), the seals used for contracts the card data lacks,
the Time Pile, the cards moved before play and on Tax Increases, the result, and the
expert's win chance for that setting when the game was recorded.
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from coop_helper.errors import UserError, shown
from coop_helper.journal.store import Journal
from coop_helper.setup.catalog import Catalog, Contract, Seal, load_catalog, parse_seal
from coop_helper.setup.deals import decode_share_code, encode_share_code, time_pile
from coop_helper.text.i18n import _


@dataclass(slots=True)
class GameRecord:
    """One played game. ``points`` and ``rank`` are None for a lost game.

    A plain (not frozen) dataclass with slots: ``history`` builds thousands of them.
    """

    uid: str  # unique across journals, so an import never adds the same game twice
    recorded_at: str  # UTC, e.g. 2026-01-05T20:14:03Z
    played_on: str  # the day played, YYYY-MM-DD
    players: int
    code: str  # the share code of the deal
    contracts: str  # the face-up contracts' names, "; "-separated
    seals: str  # seals used for contracts the card data lacks, e.g. "Ransom=1A"
    time_pile: int
    removed: int  # cards moved to the Victory Pile before play
    moves: int  # cards moved on Tax Increases
    won: bool
    points: int | None  # cards in the Victory Pile, when won
    rank: str | None
    note: str
    predicted_win: float | None  # the expert's win chance for this setting, when recorded
    predicted_wins: int | None  # ... as simulated wins out of games
    predicted_games: int | None
    policy: str | None  # the simulated team of the prediction, and its version
    policy_version: str | None
    id: int | None = None  # the row number in this journal (not exported)


COLUMNS = tuple(f.name for f in fields(GameRecord) if f.name != "id")
"""The stored and exported fields, in order."""

FIRST_DAY = "2015-01-01"
"""No co-op game was played before this: the expansion's rulebook is from 2015."""


def new_uid() -> str:
    """A fresh record id."""
    return secrets.token_hex(8)


def now_utc() -> str:
    """The current time as stored in ``recorded_at``."""
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_day(text: str, what: str = "--date") -> str:
    """A date written YYYY-MM-DD, checked; returned in that form."""
    try:
        return dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise UserError(
            _("{what} must be a date written YYYY-MM-DD, e.g. 2026-01-31, not '{text}'.").format(
                what=what, text=text
            )
        ) from None


def parse_since(text: str, what: str = "--since") -> str:
    """The first day of "games since": a date (2026-02-14), a month (2026-02, its first
    day) or a year (2026, its first day); written YYYY-MM-DD."""
    written = text.strip()
    day = written
    if re.fullmatch(r"\d{4}-\d{2}", written):
        day = f"{written}-01"
    elif re.fullmatch(r"\d{4}", written):
        day = f"{written}-01-01"
    try:
        return dt.date.fromisoformat(day).isoformat()
    except ValueError:
        raise UserError(
            _(
                "{what} must be a date (2026-01-31), a month (2026-01) or a year (2026), "
                "not '{text}'."
            ).format(what=what, text=text)
        ) from None


def check_played_on(day: str, today: str, what: str = "--date") -> None:
    """Reject a day (YYYY-MM-DD) the game cannot have been played on."""
    if day > today:
        raise UserError(
            _("{what} {day} is in the future: give the day the game was played.").format(
                what=what, day=day
            )
        )
    if day < FIRST_DAY:
        raise UserError(
            _(
                "{what} {day} is before the co-op variant was published (2015): give the day "
                "the game was played."
            ).format(what=what, day=day)
        )


def outcome_fields(
    won: bool, removed: int, moves: int, catalog: Catalog | None = None
) -> tuple[int | None, str | None]:
    """(points, rank) of a result: the Victory Pile's cards and their rank when won."""
    if not won:
        return None, None
    points = removed + moves
    return points, (catalog or load_catalog()).rank(points).name


def check_play(
    pile: int, removed: int, moves: int, won: bool, names: tuple[str, str, str] | None = None
) -> None:
    """Reject a removal and Tax Increase moves the Time Pile cannot have allowed: a game,
    won or lost, needs a turn to play (a lost one may end with its last Time Pile cards moved
    on Tax Increases).

    ``names`` are how the user wrote removed, moves and a loss: the options by default,
    the columns of an imported file otherwise."""
    removed_is, moves_is, lost = names or ("--removed", "--moves", _("say --lost"))
    said = {"removed_is": removed_is, "removed": removed, "moves_is": moves_is, "moves": moves}
    if removed < 0 or moves < 0:
        raise UserError(_("{removed_is} and {moves_is} count cards: 0 or more.").format(**said))
    if removed > pile:
        raise UserError(
            _("{removed_is} {removed} is more than the Time Pile of {pile} cards.").format(
                pile=pile, **said
            )
        )
    if won and removed + moves >= pile:
        raise UserError(
            _(
                "a won game needs at least one turn: {removed_is} {removed} plus {moves_is} "
                "{moves} leave no card of the Time Pile of {pile}; check the numbers or {lost}."
            ).format(pile=pile, lost=lost, **said)
        )
    if removed == pile:  # lost: the whole Time Pile moved before play leaves no turn
        raise UserError(
            _(
                "a lost game needs at least one turn too: {removed_is} {removed} moves the "
                "whole Time Pile of {pile} to the Victory Pile before play; check {removed_is}."
            ).format(pile=pile, **said)
        )
    if removed + moves > pile:
        raise UserError(
            _(
                "{removed_is} {removed} plus {moves_is} {moves} is more than the Time Pile of "
                "{pile} cards."
            ).format(pile=pile, **said)
        )


def tax_increases() -> int:
    """How many Tax Increases the deck holds (from the card data; every player count's
    deck has the same)."""
    from coop_helper.engine.cards import TAX, build_deck

    return build_deck(1).type.count(TAX)


def too_many_moves(moves: int) -> bool:
    """More Tax Increase moves than the deck has Tax Increases? Possible only once the
    discard pile has been shuffled into a new draw pile, so more likely a slip of the
    finger that inflates the rank: worth a warning, not a refusal."""
    return moves > tax_increases()


def too_many_moves_reason() -> str:
    """What the warning for `too_many_moves` says, after naming the game."""
    return _(
        "more Tax Increase moves than the deck's {n} Tax Increases (possible only after the "
        "discard pile is shuffled into a new draw pile)"
    ).format(n=tax_increases())


def parse_seals(text: str, catalog: Catalog) -> dict[str, Seal]:
    """Stored seals such as ``Ransom=1A; Tiny Royal Household=0B``: contract key -> Seal."""
    seals = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, _equals, seal = item.partition("=")
        try:
            seals[catalog.contract(name).key] = parse_seal(seal)
        except ValueError as err:
            raise UserError(_("seals '{item}': {error}").format(item=item, error=err)) from None
    return seals


def seals_text(seals: Mapping[str, Seal], contracts: Sequence[Contract]) -> str:
    """The seals used for face-up contracts the card data lacks, as stored."""
    return "; ".join(
        f"{c.name}={seals[c.key]}" for c in contracts if c.seal is None and c.key in seals
    )


def check_record(record: GameRecord, catalog: Catalog | None = None) -> None:
    """Check that a record (typed in or imported) is a game that could have been played."""
    catalog = catalog or load_catalog()
    players, contracts = decode_share_code(record.code, catalog)
    if players != record.players:
        raise UserError(
            _("players {players} does not match share code {code}.").format(
                players=record.players, code=record.code
            )
        )
    if record.code != encode_share_code(players, contracts, catalog):
        raise UserError(
            _("share code {code} must be written as {written}.").format(
                code=record.code, written=encode_share_code(players, contracts, catalog)
            )
        )
    named = {catalog.contract(n.strip()).key for n in record.contracts.split(";") if n.strip()}
    if named != {c.key for c in contracts}:
        raise UserError(
            _("contracts '{contracts}' are not the ones of share code {code} ({names}).").format(
                contracts=record.contracts,
                code=record.code,
                names=contract_names(record.code, catalog),
            )
        )
    if parse_day(record.played_on, "played_on") != record.played_on:
        raise UserError(
            _("played_on must be written YYYY-MM-DD, not '{day}'.").format(day=record.played_on)
        )
    pile = time_pile(contracts, parse_seals(record.seals, catalog), catalog)
    if pile.size is None and pile.size_range is not None:  # a seal unknown: any size it allows
        low, high = pile.size_range
        fits = low <= record.time_pile <= high
    else:
        fits = pile.size == record.time_pile
    if not fits:
        raise UserError(
            _("time_pile {n} does not match the deal ({arithmetic}).").format(
                n=record.time_pile, arithmetic=pile.arithmetic()
            )
        )
    check_play(
        record.time_pile,
        record.removed,
        record.moves,
        record.won,
        ("removed", "moves", "mark it lost"),
    )
    if (record.points, record.rank) != outcome_fields(
        record.won, record.removed, record.moves, catalog
    ):
        raise UserError(
            _(
                "points and rank must be the cards removed plus the moves, and their "
                "rank, for a won game, and empty for a lost one."
            )
        )
    if record.predicted_win is not None and not 0 <= record.predicted_win <= 1:
        raise UserError(
            _("predicted_win must be 0 to 1, not {value}.").format(value=record.predicted_win)
        )
    counts = (record.predicted_wins, record.predicted_games)
    if (None in counts) != (record.predicted_win is None) or (
        None not in counts and not 0 <= counts[0] <= counts[1]  # type: ignore[operator]
    ):
        raise UserError(
            _(
                "predicted_wins and predicted_games must be given with predicted_win, "
                "wins at most games."
            )
        )


def prediction_problem(record: GameRecord) -> str | None:
    """Why the record's prediction cannot be used, or None: a chance that is not its wins
    out of its games, a team coop-helper does not have, or a newer version of one. An
    import keeps such a game without its prediction (earlier versions took these rows, so
    a journal exported then must still import)."""
    if record.predicted_win is not None and record.predicted_games:
        share = record.predicted_wins / record.predicted_games  # type: ignore[operator]
        if abs(record.predicted_win - share) > 0.0005:
            return _(
                "predicted_win {win} is not predicted_wins {wins} of predicted_games {games}"
            ).format(
                win=f"{record.predicted_win:g}",
                wins=record.predicted_wins,
                games=record.predicted_games,
            )
    if record.policy is None:
        return None
    from coop_helper.policies import POLICIES, policy_version

    if record.policy not in POLICIES:
        return _("policy '{policy}' is not one of coop-helper's teams").format(
            policy=shown(record.policy)
        )
    current = policy_version(record.policy, record.players)
    version = record.policy_version or ""
    if version.isdigit() and current.isdigit() and int(version) > int(current):
        return _(
            "policy_version {version} is newer than this coop-helper's {policy}"
            " ({players}-player games: version {current})"
        ).format(version=version, policy=record.policy, players=record.players, current=current)
    return None


def without_prediction(record: GameRecord) -> GameRecord:
    """The record with its prediction fields emptied."""
    return replace(
        record,
        predicted_win=None,
        predicted_wins=None,
        predicted_games=None,
        policy=None,
        policy_version=None,
    )


def contract_names(code: str, catalog: Catalog | None = None) -> str:
    """The face-up contracts of a share code as stored: names in catalogue order."""
    _, contracts = decode_share_code(code, catalog)
    return "; ".join(c.name for c in contracts)


# ---------------------------------------------------------------- rows

SELECT_GAMES = f"SELECT {', '.join(COLUMNS)}, id FROM games"
"""Every stored field and the row id, in the order `from_row` reads them."""


_WON = COLUMNS.index("won")


def from_row(row: Sequence[Any]) -> GameRecord:
    """A record from a row of ``SELECT_GAMES`` (its columns are the fields, in order)."""
    return GameRecord(*row[:_WON], bool(row[_WON]), *row[_WON + 1 :])  # type: ignore[call-arg]


def insert(db: sqlite3.Connection, record: GameRecord, keep_number: bool = False) -> int:
    """Add a record inside an open write transaction; returns its row id (the record's own
    with ``keep_number``, else a new one)."""
    values = asdict(record)
    values["won"] = int(record.won)
    names = ["id", *COLUMNS] if keep_number else list(COLUMNS)
    if not keep_number:
        values.pop("id")
    placeholders = ", ".join(f":{name}" for name in names)
    cursor = db.execute(f"INSERT INTO games ({', '.join(names)}) VALUES ({placeholders})", values)
    return int(cursor.lastrowid or 0)


def load(
    journal: Journal, players: int | None = None, since: str | None = None
) -> list[GameRecord]:
    """The recorded games in play order (date, then recording order), optionally filtered."""
    clauses: list[str] = []
    params: list[object] = []
    if players is not None:
        clauses.append("players = ?")
        params.append(players)
    if since is not None:
        clauses.append("played_on >= ?")
        params.append(since)
    where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
    rows = journal.db.execute(f"{SELECT_GAMES}{where} ORDER BY played_on, id", params).fetchall()
    return [from_row(row) for row in rows]


def count(journal: Journal) -> int:
    """How many games the journal holds."""
    return int(journal.db.execute("SELECT count(*) FROM games").fetchone()[0])


def uids(journal: Journal) -> set[str]:
    """The ids of every record in the journal."""
    return {row[0] for row in journal.db.execute("SELECT uid FROM games")}


def same_games(
    journal: Journal, played_on: str, code: str, removed: int, won: bool
) -> list[GameRecord]:
    """The recorded games of this day, deal, removal and result (a game recorded twice by
    mistake looks like this), oldest first."""
    rows = journal.db.execute(
        f"{SELECT_GAMES} WHERE played_on = ? AND code = ? AND removed = ? AND won = ? ORDER BY id",
        (played_on, code, removed, int(won)),
    ).fetchall()
    return [from_row(row) for row in rows]


def get(journal: Journal, number: int) -> GameRecord | None:
    """Game ``number`` (its ``#``), or None when the journal has no game of that number."""
    row = journal.db.execute(f"{SELECT_GAMES} WHERE id = ?", (number,)).fetchone()
    return None if row is None else from_row(row)


def last(journal: Journal) -> GameRecord | None:
    """The most recently recorded game (None if the journal is empty)."""
    row = journal.db.execute(f"{SELECT_GAMES} ORDER BY id DESC LIMIT 1").fetchone()
    return None if row is None else from_row(row)


def remove(journal: Journal, record: GameRecord) -> bool:
    """Delete this game (by its number and uid, so a game shown before is the one removed);
    False when it is no longer in the journal. Nothing else changes: the other games keep
    their numbers, and the expert's stored odds of the deal stay."""
    with journal.write() as db:
        cursor = db.execute("DELETE FROM games WHERE id = ? AND uid = ?", (record.id, record.uid))
    return cursor.rowcount == 1
