"""Export the journal to CSV or JSON, and import such a file (the format by extension).

Every field of a record goes out and comes back unchanged. An import checks every row
before it adds any, adds them in one transaction, and skips games the journal already
holds (same ``uid``), so importing a file twice, or merging two journals, adds nothing
twice. Hand-made files may leave out the fields that follow from the others.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from coop_helper.errors import UserError
from coop_helper.files import user_file_mode
from coop_helper.journal.records import (
    COLUMNS,
    GameRecord,
    check_record,
    contract_names,
    insert,
    new_uid,
    now_utc,
    outcome_fields,
    parse_day,
    parse_seals,
    uids,
)
from coop_helper.journal.store import Journal
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import decode_share_code, encode_share_code, time_pile

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
        raise UserError("name the file, ending in .csv or .json (the format follows it).")
    if suffix not in FORMATS:
        raise UserError(
            f"{path.name}: name the file .csv or .json (the format follows the extension)."
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
    rows = [{k: v for k, v in asdict(r).items() if k != "id"} for r in records]
    if suffix == ".json":
        doc = {"schema": EXPORT_SCHEMA, "kind": EXPORT_KIND, "games": rows}
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _csv_value(v) for k, v in row.items()})
    return out.getvalue()


def write_file(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` in one step (never half-written); keep an existing file
    unless ``force``."""
    if path.exists() and not force:
        raise UserError(f"{path} exists: choose another name, or add --force to replace it.")
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent if str(path.parent) else "."
        )
        os.fchmod(fd, user_file_mode())
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError as err:
        raise UserError(f"cannot write {path}: {err.strerror or err}.") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


# ---------------------------------------------------------------- import


def _read_rows(path: Path, suffix: str) -> list[dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise UserError(f"{path} does not exist: check the file name.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UserError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}.") from None
    if suffix == ".csv":
        reader = csv.DictReader(io.StringIO(text))
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise UserError(
                f"{path}: the header lacks {', '.join(missing)}: a journal CSV "
                f"has the columns {', '.join(COLUMNS)}."
            )
        return [dict(row) for row in reader]
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise UserError(f"{path} is not valid JSON ({err}).") from None
    games = doc.get("games") if isinstance(doc, dict) else None
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        raise UserError(
            f"{path}: expected a JSON object with a 'games' list, as written by "
            "'coop-helper history export FILE.json'."
        )
    if isinstance(doc.get("schema"), int) and doc["schema"] > EXPORT_SCHEMA:
        raise UserError(
            f"{path} was exported by a newer coop-helper (schema {doc['schema']}): "
            "update coop-helper."
        )
    return games


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _typed(row: dict[str, Any]) -> dict[str, Any]:
    """Field values with their types: ints, floats and booleans from text; blanks as None."""
    out: dict[str, Any] = {}
    for name in COLUMNS:
        value: Any = row.get(name)
        if _blank(value):
            out[name] = None
            continue
        if name in _INTS:
            if isinstance(value, bool) or not str(value).strip().lstrip("+-").isdigit():
                raise UserError(f"{name} must be a whole number, not {value!r}.")
            out[name] = int(value)
        elif name == "predicted_win":
            try:
                out[name] = float(value)
            except (TypeError, ValueError):
                raise UserError(f"predicted_win must be a number 0 to 1, not {value!r}.") from None
        elif name == "won":
            text = str(value).strip().lower()
            if isinstance(value, bool):
                out[name] = value
            elif text in _TRUE | _FALSE:
                out[name] = text in _TRUE
            else:
                raise UserError(f"won must be true or false, not {value!r}.")
        else:
            out[name] = str(value).strip() if name != "note" else str(value)
    return out


def record_from_row(row: dict[str, Any]) -> GameRecord:
    """A checked record from one imported row; fields left out are filled in."""
    values = _typed(row)
    for name in REQUIRED:
        if values[name] is None:
            raise UserError(f"{name} is missing.")
    catalog = load_catalog()
    players, contracts = decode_share_code(values["code"], catalog)
    values["code"] = encode_share_code(players, contracts, catalog)  # as 'deal' writes it
    values["played_on"] = parse_day(values["played_on"], "played_on")
    if values["contracts"]:
        named = [n.strip() for n in values["contracts"].split(";") if n.strip()]
        values["contracts"] = "; ".join(catalog.contract(n).name for n in named)
    if values["players"] is None:
        values["players"] = players
    values["seals"] = values["seals"] or ""
    if values["time_pile"] is None:
        pile = time_pile(contracts, parse_seals(values["seals"], catalog), catalog)
        if pile.size is None:
            raise UserError(
                f"the Time Pile needs the seal of {', '.join(pile.missing_seals)}: "
                "give a time_pile, or seals like Ransom=1A."
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
    record = GameRecord(**values)
    check_record(record, catalog)
    return record


@dataclass(frozen=True)
class ImportResult:
    """What an import did."""

    read: int
    added: int
    skipped: int  # already in the journal (or twice in the file)
    without_prediction: int  # added games with no expert win chance (not in the fit)


def import_file(journal: Journal, path: Path) -> ImportResult:
    """Check every row of the file, then add the new games in one transaction."""
    suffix = file_format(path)
    rows = _read_rows(path, suffix)
    records = []
    for number, row in enumerate(rows, start=2 if suffix == ".csv" else 1):
        where = f"line {number}" if suffix == ".csv" else f"game {number}"
        try:
            records.append(record_from_row(row))
        except UserError as err:
            raise UserError(f"{path}, {where}: {err} Nothing was imported.") from None
    added = skipped = unpredicted = 0
    with journal.write() as db:
        seen = uids(journal)
        for record in records:
            if record.uid in seen:
                skipped += 1
                continue
            seen.add(record.uid)
            insert(db, record)
            added += 1
            unpredicted += record.predicted_win is None
    return ImportResult(len(records), added, skipped, unpredicted)
