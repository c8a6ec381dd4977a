"""The journal file: where it lives, its schema and migrations, transactions, bad files."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from helpers.journal import add, make_record

from coop_helper.errors import UserError
from coop_helper.files import folder_takes_files
from coop_helper.journal import records, schema, store


def _journal(tmp_path: Path) -> Path:
    return Path(os.environ["COOP_HELPER_JOURNAL"])


def test_the_environment_names_the_journal(tmp_path):
    assert store.journal_path() == tmp_path / "journal.sqlite3"


@pytest.mark.skipif(sys.platform != "linux", reason="XDG applies on Linux")
def test_default_journal_is_in_the_xdg_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("COOP_HELPER_JOURNAL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert store.journal_path() == tmp_path / "data" / "coop-helper" / "journal.sqlite3"


def test_a_new_journal_has_the_current_schema(tmp_path):
    path = tmp_path / "sub" / "folder" / "j.sqlite3"
    assert store.open_journal(path) is None and not path.exists()
    with store.open_journal(path, create=True) as journal:
        assert journal.db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
        assert journal.db.execute("PRAGMA application_id").fetchone()[0] == (schema.APPLICATION_ID)
    with store.open_journal(path) as again:  # opening again changes nothing
        assert records.load(again) == []


def test_a_journal_whose_folder_refuses_writes_names_the_folder(tmp_path, monkeypatch):
    # As root every folder takes files: the probe is made to see a read-only folder.
    with store.open_journal(tmp_path / "j.sqlite3", create=True) as journal:
        add(journal, make_record())
        journal.db.execute("PRAGMA query_only = ON")
        monkeypatch.setattr(store, "folder_takes_files", lambda folder: folder != tmp_path)
        refused = pytest.raises(UserError, match=f"make its folder {tmp_path} writable")
        with refused, journal.write() as db:
            records.insert(db, make_record())


def test_reading_an_empty_file_writes_nothing(tmp_path):
    empty = tmp_path / "j.sqlite3"
    empty.write_bytes(b"")
    assert store.open_journal(empty) is None  # no games, and not made a journal
    assert empty.read_bytes() == b""
    with store.open_journal(empty, create=True) as journal:  # recording makes it one
        assert records.load(journal) == []
    assert empty.stat().st_size > 0


def test_a_failed_write_leaves_nothing_behind(tmp_path):
    with store.open_journal(tmp_path / "j.sqlite3", create=True) as journal:
        add(journal, make_record())
        with pytest.raises(RuntimeError), journal.write() as db:
            records.insert(db, make_record())
            raise RuntimeError("stop half way")
        assert len(records.load(journal)) == 1


def test_a_journal_that_refuses_writes_gives_a_user_error_and_keeps_its_games(tmp_path):
    # A read-only file (here: a connection that may only read) fails inside the write.
    with store.open_journal(tmp_path / "j.sqlite3", create=True) as journal:
        add(journal, make_record())
        journal.db.execute("PRAGMA query_only = ON")
        refused = pytest.raises(UserError, match=r"cannot write journal .*make the file writable")
        with refused, journal.write() as db:
            records.insert(db, make_record())
        journal.db.execute("PRAGMA query_only = OFF")
        assert len(records.load(journal)) == 1 and not journal.db.in_transaction


def test_recording_into_a_damaged_journal_is_a_one_line_error(run, tmp_path):
    path = _journal(tmp_path)
    game = ("record", "Fighter", "Jinx", "Explorer", "--removed", "3", "--won")
    for _ in range(3):
        assert run(*game).exit_code == 0
    with closing(sqlite3.connect(path)) as db:  # page 3 is the root of the games table's index
        page = db.execute("PRAGMA page_size").fetchone()[0]
        assert db.execute("SELECT rootpage FROM sqlite_master").fetchall()[1] == (3,)
    data = bytearray(path.read_bytes())
    data[2 * page : 2 * page + 64] = b"\xa5" * 64  # garbage over that page's header
    path.write_bytes(bytes(data))
    result = run(*game)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: journal {path} is damaged")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert path.read_bytes() == bytes(data)  # nothing written


def test_an_older_journal_is_migrated_and_keeps_its_games(tmp_path, monkeypatch):
    path = tmp_path / "j.sqlite3"
    with store.open_journal(path, create=True) as journal:
        add(journal, make_record(note="kept"))
    extra = "ALTER TABLE games ADD COLUMN venue TEXT; CREATE INDEX games_by_code ON games (code)"
    monkeypatch.setattr(store, "MIGRATIONS", [*schema.MIGRATIONS, extra])
    monkeypatch.setattr(store, "SCHEMA_VERSION", len(schema.MIGRATIONS) + 1)
    with store.open_journal(path) as journal:
        assert journal.db.execute("PRAGMA user_version").fetchone()[0] == 2
        columns = [row[1] for row in journal.db.execute("PRAGMA table_info(games)")]
        assert "venue" in columns
        assert [r.note for r in records.load(journal)] == ["kept"]


def _other_sqlite(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.execute("INSERT INTO recipes VALUES ('bread')")
    db.commit()
    db.close()


def _newer_journal(path: Path) -> None:
    with store.open_journal(path, create=True) as journal:
        add(journal, make_record())
        journal.db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 5}")


def _version_wiped(path: Path) -> None:
    with store.open_journal(path, create=True) as journal:
        add(journal, make_record())
        journal.db.execute("PRAGMA user_version = 0")


def _journal_of_pages(path: Path) -> None:
    with store.open_journal(path, create=True) as journal:
        for _ in range(40):
            add(journal, make_record(note="a long note " * 20))
    assert path.stat().st_size > 5 * 4096


def _damaged_journal(path: Path) -> None:
    _journal_of_pages(path)
    with path.open("r+b") as file:
        file.seek(4096)
        file.write(b"\xde\xad" * 2000)


def _truncated_journal(path: Path) -> None:
    _journal_of_pages(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: p.write_text("players,result\n2,won\n"), "not an SQLite database"),
        (lambda p: p.write_bytes(os.urandom(3000)), "not an SQLite database"),
        (_other_sqlite, "not a coop-helper journal"),
        (_newer_journal, "newer coop-helper"),
        (_version_wiped, "holds tables but no schema version"),
        (_damaged_journal, "is damaged"),
        (_truncated_journal, "is damaged"),
    ],
    ids=[
        "text",
        "random-bytes",
        "other-sqlite",
        "newer-schema",
        "version-wiped",
        "damaged",
        "truncated",
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["history"],
        ["history", "undo"],
        ["history", "export", "out.csv"],
        ["record", "Lady Killer", "Maritime Supremacy", "Galleon Foe", "--removed", "1", "--won"],
    ],
    ids=["history", "undo", "export", "record"],
)
def test_a_file_that_is_not_a_journal_is_named_and_left_alone(
    run, tmp_path, monkeypatch, make, words, command
):
    monkeypatch.chdir(tmp_path)
    path = Path(os.environ["COOP_HELPER_JOURNAL"])
    make(path)
    before = path.read_bytes()
    result = run(*command)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert str(path) in result.stderr and words in result.stderr
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["journal.sqlite3"]


def test_open_journal_refuses_a_directory(tmp_path):
    with pytest.raises(UserError, match="is not a file"):
        store.open_journal(tmp_path, create=True)


def _record_process(path: Path, note: str) -> subprocess.Popen:
    env = {**os.environ, "COOP_HELPER_JOURNAL": str(path)}
    command = [
        sys.executable,
        "-m",
        "coop_helper",
        "record",
        "--code",
        "PR1-0040HM",
        "--removed",
        "1",
        "--won",
        "--date",
        "2026-01-08",
        "--note",
        note,
        "--json",
    ]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_twenty_concurrent_record_processes_lose_nothing(tmp_path):
    path = Path(os.environ["COOP_HELPER_JOURNAL"])
    first = _record_process(path, "first")  # simulates the deal once; the rest reuse it
    assert first.wait(timeout=300) == 0, first.stderr.read() if first.stderr else ""
    processes = [_record_process(path, f"game {i}") for i in range(20)]
    for process in processes:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err.decode()
    with store.open_journal(path) as journal:
        notes = sorted(r.note for r in records.load(journal))
        ids = [r.id for r in records.load(journal)]
    assert notes == sorted(["first", *(f"game {i}" for i in range(20))])
    assert sorted(ids) == list(range(1, 22))


def test_a_mistake_in_the_callers_sql_is_not_blamed_on_the_file(tmp_path):
    with store.open_journal(tmp_path / "j.sqlite3", create=True) as journal:
        add(journal, make_record())
        with pytest.raises(sqlite3.ProgrammingError), journal.write() as db:
            db.execute("SELECT ?", (1, 2))  # two values for one placeholder
        with pytest.raises(sqlite3.IntegrityError), journal.write() as db:
            db.execute("INSERT INTO games (id) VALUES (NULL)")
        assert len(records.load(journal)) == 1 and not journal.db.in_transaction


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_takes_no_probe_file(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert not folder_takes_files(folder)
    finally:
        folder.chmod(0o700)
    assert folder_takes_files(folder)


def test_a_game_needs_a_turn_to_play_whether_won_or_lost():
    check_play = records.check_play
    for won in (True, False):
        with pytest.raises(UserError, match="needs at least one turn"):
            check_play(15, 15, 0, won)
    check_play(15, 12, 3, won=False)  # a turn played, then the last cards moved on Tax Increases
    check_play(15, 14, 0, won=True)
    with pytest.raises(UserError, match="needs at least one turn"):
        check_play(15, 12, 3, won=True)
