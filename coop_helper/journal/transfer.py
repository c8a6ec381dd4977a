"""Export the journal to CSV or JSON, and import such a file (the format by extension).

Every field of a record goes out and comes back unchanged. An import checks every row
before it adds any, adds them in one transaction, and skips games the journal already
holds (same ``uid``), so importing a file twice, or merging two journals, adds nothing
twice. Hand-made files may leave out the fields that follow from the others; a row
without a ``uid`` is a game the journal holds when it holds one of the same day, deal and
result, so that holds for them too.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import re
import sqlite3
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from coop_helper.errors import UserError
from coop_helper.files import replace_file, user_file_mode
from coop_helper.journal.records import (
    COLUMNS,
    GameRecord,
    check_played_on,
    check_record,
    contract_names,
    insert,
    load,
    new_uid,
    now_utc,
    outcome_fields,
    parse_day,
    parse_seals,
    prediction_problem,
    seals_text,
    too_many_moves,
    uids,
    without_prediction,
)
from coop_helper.journal.store import Journal
from coop_helper.setup.catalog import Seal, load_catalog
from coop_helper.setup.deals import decode_share_code, encode_share_code, time_pile
from coop_helper.text.i18n import _

FORMATS = (".csv", ".json")
EXPORT_KIND = "coop-helper journal"
EXPORT_SCHEMA = 1
REQUIRED = ("played_on", "code", "removed", "won")
_TRUE = {"true", "yes", "1", "won", "win", "y"}
_FALSE = {"false", "no", "0", "lost", "loss", "n"}
_INTS = ("players", "time_pile", "removed", "moves", "points", "predicted_wins", "predicted_games")


def file_format(path: Path) -> str:
    """'.csv' or '.json' from the file name; anything else is a UserError."""
    suffix = path.suffix.lower()
    if not path.name:
        raise UserError(_("name the file, ending in .csv or .json (the format follows it)."))
    if suffix not in FORMATS:
        raise UserError(
            _("{name}: name the file .csv or .json (the format follows the extension).").format(
                name=path.name
            )
        )
    return suffix


# ---------------------------------------------------------------- export


def _csv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render_export(records: list[GameRecord], suffix: str) -> str:
    """The export file's text."""
    rows = [{"id": r.id, **{k: v for k, v in asdict(r).items() if k != "id"}} for r in records]
    if suffix == ".json":
        doc = {"schema": EXPORT_SCHEMA, "kind": EXPORT_KIND, "games": rows}
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    out = io.StringIO()
    fields = ("id", *COLUMNS)  # the game's number (#) first
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    # The csv module quotes a field with a line feed but not one with a carriage return
    # alone, which a reader takes for the end of the row: such a row is quoted in full.
    quoted = csv.DictWriter(out, fieldnames=fields, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writeheader()
    for row in rows:
        values = {k: _csv_value(v) for k, v in row.items()}
        (quoted if any("\r" in v for v in values.values()) else writer).writerow(values)
    return out.getvalue()


def write_file(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` in one step (never half-written); keep an existing file
    unless ``force``. A symbolic link is written through: its target is replaced, the
    link kept (as the settings file is). A file replaced keeps its permissions; a new one
    gets the usual ones."""
    if path.is_dir():
        raise UserError(
            _("{file} is a folder: name a file in it, e.g. {example}.").format(
                file=path, example=path / "games.csv"
            )
        )
    if path.exists() and not force:
        raise UserError(
            _("{file} exists: choose another name, or add --force to replace it.").format(file=path)
        )
    data = text.encode("utf-8")
    try:
        replace_file(
            path,
            data,
            mode=user_file_mode(),
            keep_mode=True,
        )
    except OSError as err:
        raise UserError(
            _("cannot write {file}: {reason}.").format(file=path, reason=err.strerror or err)
        ) from None


# ---------------------------------------------------------------- import


def _read_rows(path: Path, suffix: str) -> list[dict[str, Any]]:
    try:  # newline="": a line break inside a quoted field is kept as it was written
        with path.open(encoding="utf-8-sig", newline="") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise UserError(
            _("{file} does not exist: check the file name.").format(file=path)
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise UserError(
            _("cannot read {file}: {reason}.").format(
                file=path, reason=getattr(err, "strerror", None) or err
            )
        ) from None
    if not text.strip():
        raise UserError(
            _(
                "{file} is empty: a journal file has a line (CSV) or an object (JSON) per "
                "game, with {required} at least."
            ).format(file=path, required=", ".join(REQUIRED))
        )
    if suffix == ".csv":
        text = text.lstrip("\r\n")  # blank lines before the header
        header = text.splitlines()[0]
        # spreadsheets set to a decimal comma (German, say) write semicolons
        delimiter = ";" if ";" in header and "," not in header else ","
        reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
        # a header typed by hand or by a spreadsheet may say Played_On or " won"
        reader.fieldnames = [name.strip().lower() for name in reader.fieldnames or []]
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise UserError(
                _(
                    "{file}: the header lacks {missing}: a journal CSV needs {required} at "
                    "least (moves, note and seals if you have them; 'history export' writes "
                    "every column)."
                ).format(file=path, missing=", ".join(missing), required=", ".join(REQUIRED))
            )
        return [dict(row) for row in reader]
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise UserError(
            _("{file} is not valid JSON ({reason}).").format(file=path, reason=err)
        ) from None
    games = doc.get("games") if isinstance(doc, dict) else None
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        raise UserError(
            _(
                "{file}: expected a JSON object with a 'games' list, as written by "
                "'coop-helper history export FILE.json'."
            ).format(file=path)
        )
    if isinstance(doc.get("schema"), int) and doc["schema"] > EXPORT_SCHEMA:
        raise UserError(
            _(
                "{file} was exported by a newer coop-helper (schema {schema}): update coop-helper."
            ).format(file=path, schema=doc["schema"])
        )
    return games


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() takes "²", which int() does not


def _typed(row: dict[str, Any]) -> dict[str, Any]:
    """Field values with their types: ints, floats and booleans from text; blanks as None."""
    out: dict[str, Any] = {}
    for name in COLUMNS:
        value: Any = row.get(name)
        if _blank(value):
            out[name] = None
            continue
        if name in _INTS:
            if isinstance(value, bool) or not _DIGITS.fullmatch(str(value).strip().lstrip("+-")):
                raise UserError(
                    _("{name} must be a whole number, not {value}.").format(
                        name=name, value=repr(value)
                    )
                )
            out[name] = int(value)
        elif name == "predicted_win":
            try:
                out[name] = float(value)
            except (TypeError, ValueError):
                raise UserError(
                    _("predicted_win must be a number 0 to 1, not {value}.").format(
                        value=repr(value)
                    )
                ) from None
        elif name == "won":
            text = str(value).strip().lower()
            if isinstance(value, bool):
                out[name] = value
            elif text in _TRUE | _FALSE:
                out[name] = text in _TRUE
            else:
                raise UserError(
                    _("won must be true or false, not {value}.").format(value=repr(value))
                )
        else:
            out[name] = str(value).strip() if name != "note" else str(value)
    return out


MAX_NUMBER = 1_000_000_000
"""The largest game number (#) an import keeps: a typo far above it would push every later
number up for good (numbers are never given twice)."""


def _number(value: Any) -> int | None:
    """A row's game number (#, the ``id`` an export writes), or None where it gives none."""
    if _blank(value):
        return None
    text = str(value).strip()
    if isinstance(value, bool) or not _DIGITS.fullmatch(text) or not 1 <= int(text) <= MAX_NUMBER:
        raise UserError(
            _(
                "id (the game's number) must be a whole number from 1 to {most}, not {value}."
            ).format(most=f"{MAX_NUMBER:,}", value=repr(value))
        )
    return int(text)


def record_from_row(row: dict[str, Any], recorded: Mapping[str, Seal] | None = None) -> GameRecord:
    """A checked record from one imported row; fields left out are filled in (a Time Pile
    from the row's seals, else the ``recorded`` ones: contract key -> seal)."""
    recorded = recorded or {}
    values = _typed(row)
    for name in REQUIRED:
        if values[name] is None:
            raise UserError(_("{name} is missing.").format(name=name))
    catalog = load_catalog()
    players, contracts = decode_share_code(values["code"], catalog)
    values["code"] = encode_share_code(players, contracts, catalog)  # as 'deal' writes it
    values["played_on"] = parse_day(values["played_on"], "played_on")
    check_played_on(values["played_on"], dt.date.today().isoformat(), "played_on")
    if values["contracts"]:
        named = [n.strip() for n in values["contracts"].split(";") if n.strip()]
        values["contracts"] = "; ".join(catalog.contract(n).name for n in named)
    if values["players"] is None:
        values["players"] = players
    seals = {**recorded, **parse_seals(values["seals"] or "", catalog)}
    values["seals"] = seals_text(seals, contracts)  # the row's, and the recorded ones it needs
    if values["time_pile"] is None:
        pile = time_pile(contracts, seals, catalog)
        if pile.size is None:
            example = "; ".join(f"{name}=1A" for name in pile.missing_seals)
            raise pile.unknown_seals_error(
                give=_("in the row's seals (like {example})").format(example=example),
                or_else=_("give its time_pile"),
            )
        values["time_pile"] = pile.size
    if values["moves"] is None:
        values["moves"] = 0
    if values["points"] is None and values["rank"] is None:
        values["points"], values["rank"] = outcome_fields(
            values["won"], values["removed"], values["moves"], catalog
        )
    values["contracts"] = values["contracts"] or contract_names(values["code"], catalog)
    values["uid"] = values["uid"] or new_uid()
    values["recorded_at"] = values["recorded_at"] or now_utc()
    values["note"] = values["note"] or ""
    record = GameRecord(**values, id=_number(row.get("id")))
    check_record(record, catalog)
    return record


@dataclass(frozen=True)
class ImportResult:
    """What an import did."""

    read: int
    added: int
    skipped: int  # already in the journal (or twice in the file)
    without_prediction: int  # added games with no expert win chance (not in the fit)
    many_moves: tuple[str, ...] = ()  # where added games have more moves than Tax Increases
    # where added games came with a prediction that could not be used, and why (each is
    # added without it, and counted in without_prediction)
    predictions_left_out: tuple[str, ...] = ()


def _identity(record: GameRecord) -> tuple[str, str, int, int, bool]:
    """What tells one game from another where a file gives no uid: day, deal, result."""
    return (record.played_on, record.code, record.removed, record.moves, record.won)


def hand_made_uid(identity: tuple[str, str, int, int, bool], occurrence: int) -> str:
    """The uid of a row a file gives without one: made from its day, deal and result and
    which of the file's games with those it is, so every journal gives it the same."""
    text = "|".join(str(part) for part in (*identity, occurrence))
    return "h" + hashlib.sha256(text.encode()).hexdigest()[:15]


def _insert_keeping_numbers(db: sqlite3.Connection, records: list[GameRecord]) -> None:
    """Add the records. Those that bring their numbers (#) from an export keep them when
    the journal has given none of those numbers (numbers are never given twice), as a
    journal moved whole does; otherwise every record gets a new number, in the file's
    order, so games of one day stay in the order they were recorded."""
    row = db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'games'").fetchone()
    issued = int(row[0]) if row else 0
    numbered = [r.id for r in records if r.id is not None]
    keep = bool(numbered) and len(set(numbered)) == len(numbered) and min(numbered) > issued
    if keep:  # in number order, then the games the file gave no number, after them
        for record in sorted((r for r in records if r.id is not None), key=lambda r: r.id or 0):
            insert(db, record, keep_number=True)
    for record in records:
        if not (keep and record.id is not None):
            insert(db, replace(record, id=None))


def import_file(
    journal: Journal, path: Path, recorded: Mapping[str, Seal] | None = None
) -> ImportResult:
    """Check every row of the file, then add the new games in one transaction; a row
    without a Time Pile or a seal it needs takes the seal from ``recorded``."""
    suffix = file_format(path)
    rows = _read_rows(path, suffix)
    records = []  # (record, made by hand: the file gave no uid, where it is in the file)
    for number, row in enumerate(rows, start=2 if suffix == ".csv" else 1):
        where = (_("line {n}") if suffix == ".csv" else _("game {n}")).format(n=number)
        try:
            records.append((record_from_row(row, recorded), _blank(row.get("uid")), where))
        except UserError as err:
            raise UserError(
                _("{file}, {where}: {error} Nothing was imported.").format(
                    file=path, where=where, error=err
                )
            ) from None
    added = skipped = unpredicted = 0
    many_moves: list[str] = []
    left_out: list[str] = []
    with journal.write() as db:
        seen = uids(journal)
        # A game without a uid is one the journal holds if it holds a game of the same day,
        # deal and result: as many of those as the journal holds are skipped, so a file
        # imported again adds only its new rows, and two such games in one file stay two.
        held = Counter(_identity(r) for r in load(journal)) if any(h for _, h, _ in records) else {}
        met: Counter[tuple[str, str, int, int, bool]] = Counter()
        new: list[GameRecord] = []
        for record, by_hand, where in records:
            if by_hand:
                key = _identity(record)
                met[key] += 1
                # the same uid in every journal that imports this row, so journals merged
                # later know it for one game
                record = replace(record, uid=hand_made_uid(key, met[key]))
                if met[key] <= held.get(key, 0) or record.uid in seen:
                    skipped += 1
                    continue
            elif record.uid in seen:
                skipped += 1
                continue
            seen.add(record.uid)
            problem = prediction_problem(record)
            if problem is not None:
                record = without_prediction(record)
                left_out.append(f"{where} ({problem})")
            new.append(record)
            added += 1
            unpredicted += record.predicted_win is None
            if too_many_moves(record.moves):
                many_moves.append(where)
        _insert_keeping_numbers(db, new)
    return ImportResult(
        len(records), added, skipped, unpredicted, tuple(many_moves), tuple(left_out)
    )
