"""The journal file: where it lives, opening it safely, schema migrations, transactions.

The journal is an SQLite database. It is marked with an application id and carries its
schema version in ``PRAGMA user_version``; opening brings an older journal up to date
(one transaction per run of migrations). A file that is not a journal, or one written by
a newer coop-helper, is reported and never written to. Every write runs inside
``BEGIN IMMEDIATE`` with a busy timeout, so concurrent writers queue instead of failing.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, overload

from coop_helper.errors import UserError
from coop_helper.files import folder_takes_files
from coop_helper.journal.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

ENV_VAR = "COOP_HELPER_JOURNAL"
FILE_NAME = "journal.sqlite3"
BUSY_TIMEOUT = 60.0  # seconds a writer waits for another one to finish


def journal_path() -> Path:
    """Where the journal lives: $COOP_HELPER_JOURNAL, else the platform's data folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_data_path("coop-helper", appauthor=False) / FILE_NAME


def _elsewhere() -> str:
    return f"point {ENV_VAR} at another file"


_CODE_ERRORS = (sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.IntegrityError)


def _write_fix(err: sqlite3.Error, path: Path) -> str:
    """What to do when a write fails: wait for another writer, or deal with the file (or
    its folder, where SQLite keeps a file beside the journal while it writes)."""
    if "locked" in str(err) or "busy" in str(err):
        return f"another coop-helper is writing it; try again, or {_elsewhere()}"
    if os.access(path, os.W_OK) and not folder_takes_files(path.parent):
        return (
            f"make its folder {path.parent} writable (a journal writes a file beside itself "
            f"while it changes), or {_elsewhere()}"
        )
    return f"make the file writable or restore it from a copy, or {_elsewhere()}"


class Journal:
    """An open journal: an SQLite connection in autocommit mode, plus its path."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self.db = connection

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``): all of it lands, or none of it."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            fix = _write_fix(err, self.path)
            raise UserError(f"cannot write journal {self.path} ({err}): {fix}.") from None
        try:
            yield self.db
            self.db.execute("COMMIT")
        except _CODE_ERRORS:  # the caller's own SQL or data: not the file's fault
            self._roll_back()
            raise
        except sqlite3.Error as err:  # a read-only or damaged file, a full disk
            self._roll_back()
            fix = _write_fix(err, self.path)
            raise UserError(
                f"cannot write journal {self.path} ({err}); nothing was changed: {fix}."
            ) from None
        except BaseException:
            self._roll_back()
            raise

    def _roll_back(self) -> None:
        """Undo the open transaction (SQLite may already have ended it after an error)."""
        if self.db.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # gone with the connection's state
                self.db.execute("ROLLBACK")

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _state(db: sqlite3.Connection) -> tuple[int, int, int]:
    """(application id, schema version, number of tables) of an open database."""
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    return app_id, version, tables


def _check(path: Path, app_id: int, version: int, tables: int) -> None:
    """Refuse a database that is not a journal, or one from a newer coop-helper."""
    if app_id != APPLICATION_ID and (app_id != 0 or version != 0 or tables != 0):
        raise UserError(
            f"{path} is not a coop-helper journal (an SQLite database of something else): "
            f"{_elsewhere()}; the file was left untouched."
        )
    if version == 0 and tables != 0:  # ours, with its schema version wiped by hand
        raise UserError(
            f"journal {path} holds tables but no schema version (another program changed "
            f"it): restore it from a copy, or {_elsewhere()}; the file was left untouched."
        )
    if version > SCHEMA_VERSION:
        raise UserError(
            f"journal {path} was written by a newer coop-helper (schema {version}, this one "
            f"reads up to {SCHEMA_VERSION}): update coop-helper; the file was left untouched."
        )


def _check_intact(db: sqlite3.Connection) -> None:
    """Raise DatabaseError ("malformed") when SQLite finds the file damaged: a damaged
    page would otherwise only show when a command reads it (milliseconds for a journal)."""
    found = db.execute("PRAGMA quick_check").fetchone()[0]
    if found != "ok":
        raise sqlite3.DatabaseError(f"database disk image is malformed: {found}")


def _migrate(journal: Journal) -> None:
    """Bring the schema up to date, re-checking under the write lock."""
    with journal.write() as db:
        app_id, version, tables = _state(db)
        _check(journal.path, app_id, version, tables)
        if version == 0:
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {step + 1}")


@overload
def open_journal(path: Path | None = None, *, create: Literal[True]) -> Journal: ...
@overload
def open_journal(path: Path | None = None, *, create: bool = False) -> Journal | None: ...
def open_journal(path: Path | None = None, *, create: bool = False) -> Journal | None:
    """Open the journal (made, with its folder, when ``create`` is set); None if absent.

    Raises UserError, naming the file, for a file that is not a journal, a newer schema,
    or one that cannot be opened; such a file is not written to.
    """
    path = path or journal_path()
    if path.exists() and not path.is_file():
        raise UserError(f"journal {path} is not a file: {_elsewhere()}.")
    if not create and path.is_file() and path.stat().st_size == 0:
        return None  # an empty file holds no games; reading it must not write a journal
    if not path.exists():
        if not create:
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise UserError(
                f"cannot make the folder for journal {path} ({err.strerror or err}): "
                f"{_elsewhere()}."
            ) from None
    try:
        db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    except sqlite3.Error as err:
        raise UserError(f"cannot open journal {path} ({err}): {_elsewhere()}.") from None
    journal = Journal(path, db)
    try:
        db.execute("BEGIN")  # one snapshot: a journal being made by another writer is
        try:  # seen before or after, never with its id written but not its version
            state = _state(db)
        finally:
            db.execute("COMMIT")
        _check(path, *state)
        _check_intact(db)
        if state[1] < SCHEMA_VERSION:
            _migrate(journal)
        db.execute("PRAGMA foreign_keys = ON")
    except sqlite3.DatabaseError as err:
        db.close()
        if "not a database" in str(err):
            raise UserError(
                f"{path} is not a coop-helper journal (not an SQLite database): "
                f"{_elsewhere()}; the file was left untouched."
            ) from None
        if "malformed" in str(err) or "corrupt" in str(err):
            raise UserError(
                f"journal {path} is damaged ({err}): restore it from a copy (or import an "
                f"earlier export into a new journal with 'coop-helper history import'), or "
                f"{_elsewhere()}; the file was left untouched."
            ) from None
        raise UserError(f"cannot read journal {path} ({err}): {_elsewhere()}.") from None
    except BaseException:
        db.close()
        raise
    return journal
