"""`history export` and `history import`: round trips, hand-made logs, game numbers."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import stat

import pytest
from helpers.cli import ok_json
from helpers.journal import RULEBOOK, add, make_record
from helpers.journal_cli import (
    export_rows,
    open_journal,
    sample_journal,
)

from coop_helper.journal import predict, records
from coop_helper.policies import policy_version


def test_import_takes_the_recorded_seals_and_keeps_them_in_the_record(run, tmp_path):
    log = tmp_path / "paper.csv"
    log.write_text("played_on,code,removed,won\n2026-04-01,PR1-0PRR8G,2,true\n")
    refused = run("history", "import", str(log))
    assert refused.exit_code == 2 and "seals of Tiny Royal Household and Ransom" in refused.stderr
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    assert run("seals", "set", "Tiny Royal Household", "2", "B").exit_code == 0
    assert "Imported 1 of 1 game from" in run("history", "import", str(log)).stdout
    (game,) = ok_json(run("history", "--json"))["games"]
    assert game["seals"] == "Tiny Royal Household=2B; Ransom=1A"
    # 13 + (0 + 0 + 1 + 0 + 1 + 2 + 1) + 5 letters (A, B, C, D, I): the recorded 2B, 1A
    assert game["time_pile"] == 23


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_export_and_import_round_trip_every_field(run, tmp_path, monkeypatch, suffix):
    sample_journal()
    with open_journal() as journal:
        add(
            journal,
            make_record(
                note='comma, "quotes" and ümlauts\nover two lines\ra return\r\nboth\tand a tab',
                names=("Fighter", "Jinx", "Ransom"),
                seals="Ransom=2A",
                time_pile=13 + 1 + 2,
                removed=1,
                won=True,
            ),
        )
        before = records.load(journal)
    out = tmp_path / f"games{suffix}"
    doc = ok_json(run("history", "export", str(out), "--json"))
    assert doc == {"schema": 1, "file": str(out), "games": 7}
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(tmp_path / "other.sqlite3"))
    doc = ok_json(run("history", "import", str(out), "--json"))
    assert (doc["read"], doc["added"], doc["skipped"]) == (7, 7, 0)
    with open_journal() as journal:
        after = records.load(journal)
    fields = [{**dataclasses.asdict(r), "id": None} for r in before]
    assert [{**dataclasses.asdict(r), "id": None} for r in after] == fields
    again = ok_json(run("history", "import", str(out), "--json"))
    assert (again["added"], again["skipped"]) == (0, 7)


def test_export_keeps_an_existing_file_unless_forced(run, tmp_path):
    sample_journal()
    out = tmp_path / "games.csv"
    out.write_text("my own notes\n")
    result = run("history", "export", str(out))
    assert result.exit_code == 2 and "--force" in result.stderr
    assert out.read_text() == "my own notes\n"
    assert run("history", "export", str(out), "--force").exit_code == 0
    assert next(csv.reader(out.open()))[:3] == ["id", "uid", "recorded_at"]


def test_export_through_a_link_replaces_its_target_and_keeps_the_link(run, tmp_path):
    sample_journal()
    (tmp_path / "shared").mkdir()
    target = tmp_path / "shared" / "games.csv"
    target.write_text("old export\n")
    link = tmp_path / "games.csv"
    link.symlink_to(target)
    target.chmod(0o600)  # private: replacing it must not make it readable by others
    assert run("history", "export", str(link), "--force").exit_code == 0
    assert link.is_symlink() and link.resolve() == target
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert next(csv.reader(target.open()))[:3] == ["id", "uid", "recorded_at"]


def test_export_needs_csv_or_json(run, tmp_path):
    sample_journal()
    result = run("history", "export", str(tmp_path / "games.xlsx"))
    assert result.exit_code == 2 and ".csv or .json" in result.stderr


def test_import_a_hand_made_log(run, tmp_path):
    log = tmp_path / "paper.csv"
    log.write_text(
        "played_on,code,removed,moves,won,note\n"
        "2025-12-01,PR1-0040HM,2,1,won,first try\n"
        "2025-12-08,PR1-0040HM,4,0,lost,\n"
    )
    result = run("history", "import", str(log))
    assert result.exit_code == 0, result.stderr
    assert "Imported 2 of 2 games" in result.stdout and "have no expert prediction" in (
        result.stdout
    )
    games = ok_json(run("history", "--json"))["games"]
    assert [(g["points"], g["rank"], g["time_pile"], g["note"]) for g in games] == [
        (3, "Sailor", 15, "first try"),
        (None, None, 15, ""),
    ]


@pytest.mark.parametrize(
    "text, words",
    [
        (
            "played_on,code,removed,won\n2025-12-01,PR1-0040HM,2,won\n2025-12-02,PR1-0040HM,2,maybe\n",
            "line 3: won must be true or false",
        ),
        ("played_on,code,removed,won\n2025-12-01,PR1-0040HX,2,won\n", "fails its check"),
        ("played_on,code,removed,won\n2025-12-01,PR1-0040HM,15,won\n", "needs at least one turn"),
        (
            "played_on,code,removed,won\n2025-12-01,PR1-0040HM,15,lost\n",
            "a lost game needs at least one turn too: removed 15",
        ),
        (  # the file's own column names, not the command line's options
            "played_on,code,removed,won\n2025-12-01,PR1-0040HM,99,lost\n",
            "removed 99 is more than the Time Pile of 15 cards",
        ),
        (
            "played_on,code,removed\n2025-12-01,PR1-0040HM,2\n",
            "the header lacks won: a journal CSV needs played_on, code, removed, won at least",
        ),
        ("played_on,code,removed,won,points\n2025-12-01,PR1-0040HM,2,won,7\n", "points and rank"),
        (
            "played_on,code,removed,won,contracts\n"
            "2025-12-01,PR1-0040HM,2,won,Fighter; Jinx; Explorer\n",
            "are not the ones of share code",
        ),
        ("played_on,code,removed,won\n1.12.2025,PR1-0040HM,2,won\n", "played_on must be a date"),
        ("played_on,code,removed,won\n2099-04-01,PR1-0040HM,2,won\n", "is in the future"),
        (
            "played_on,code,removed,won\n1999-04-01,PR1-0040HM,2,won\n",
            "played_on 1999-04-01 is before",
        ),
    ],
)
def test_import_checks_every_row_before_adding_any(run, tmp_path, text, words):
    sample_journal()
    log = tmp_path / "bad.csv"
    log.write_text(text)
    result = run("history", "import", str(log))
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1
    assert "--removed" not in result.stderr and "--moves" not in result.stderr  # a file's words
    assert ok_json(run("history", "--json"))["total"]["games"] == 6


def test_import_reads_a_semicolon_csv_and_names_an_empty_one(run, tmp_path):
    log = tmp_path / "excel.csv"
    log.write_text("played_on;code;removed;won;note\n2025-12-01;PR1-0040HM;2;won;a, b\n")
    assert "Imported 1 of 1 game from" in run("history", "import", str(log)).stdout
    assert ok_json(run("history", "--json"))["games"][0]["note"] == "a, b"
    log.write_text("\n")
    empty = run("history", "import", str(log))
    assert empty.exit_code == 2 and f"{log} is empty" in empty.stderr
    blank_first = tmp_path / "blank-first.csv"
    blank_first.write_text("\n\nplayed_on;code;removed;won\n2025-12-02;PR1-0040HM;3;lost\n")
    assert "Imported 1 of 1 game" in run("history", "import", str(blank_first)).stdout
    (tmp_path / "empty.json").write_text("")
    empty = run("history", "import", str(tmp_path / "empty.json"))
    assert empty.exit_code == 2 and "is empty" in empty.stderr


def test_a_hand_made_row_is_a_game_the_journal_holds_whatever_its_note(run, tmp_path, monkeypatch):
    # a game recorded before, or imported by an older coop-helper (which gave such rows a
    # random uid), is found by its day, deal and result
    monkeypatch.setattr(predict, "PREDICTION_GAMES", 20)
    assert (
        run("record", "--code", "PR1-0040HM", "-r", "2", "--won", "--date", "2025-12-01").exit_code
        == 0
    )
    log = tmp_path / "paper.csv"
    log.write_text(
        "played_on,code,removed,won,note\n"
        "2025-12-01,PR1-0040HM,2,won,a note added later\n"
        "2025-12-01,PR1-0040HM,2,won,\n"  # the same day, deal and result once more
    )
    assert "Imported 1 of 2 games" in run("history", "import", str(log)).stdout
    assert ok_json(run("history", "--json"))["total"]["games"] == 2


def test_import_takes_a_time_pile_by_hand_where_a_seal_is_unknown(run, tmp_path):
    log = tmp_path / "paper.csv"
    log.write_text("played_on,code,removed,won,time_pile\n2026-04-01,PR1-0PRR8G,2,true,23\n")
    assert "Imported 1 of 1 game" in run("history", "import", str(log)).stdout
    log.write_text("played_on,code,removed,won,time_pile\n2026-04-01,PR1-0PRR8G,2,true,99\n")
    refused = run("history", "import", str(log))
    assert refused.exit_code == 2 and "time_pile 99 does not match the deal" in refused.stderr


def test_importing_a_hand_made_log_again_adds_nothing_twice(run, tmp_path):
    log = tmp_path / "paper.csv"
    header, game = "played_on,code,removed,won\n", "2025-12-01,PR1-0040HM,2,won\n"
    log.write_text(header + game * 2)  # two games alike: both count
    assert "Imported 2 of 2 games" in run("history", "import", str(log)).stdout
    again = run("history", "import", str(log))
    assert again.exit_code == 0 and "Imported 0 of 2 games" in again.stdout
    log.write_text(header + game * 3 + "2025-12-08,PR1-0040HM,3,lost\n")  # a third alike, one new
    assert "Imported 2 of 4 games" in run("history", "import", str(log)).stdout
    assert ok_json(run("history", "--json"))["total"]["games"] == 4


def test_import_rejects_json_that_is_no_export(run, tmp_path):
    bad = tmp_path / "games.json"
    bad.write_text(json.dumps([1, 2, 3]))
    result = run("history", "import", str(bad))
    assert result.exit_code == 2 and "'games' list" in result.stderr
    missing = run("history", "import", str(tmp_path / "nowhere.csv"))
    assert missing.exit_code == 2 and "does not exist" in missing.stderr


def test_export_without_a_journal_is_an_error(run, tmp_path):
    result = run("history", "export", str(tmp_path / "games.csv"))
    assert result.exit_code == 2 and "nothing to export" in result.stderr
    assert not (tmp_path / "games.csv").exists()


def test_import_writes_codes_dates_and_names_the_usual_way(run, tmp_path):
    log = tmp_path / "paper.csv"
    log.write_text(
        "played_on,code,removed,won,contracts\n"
        "20251201,pr1 0040hm,2,won,Charmeur; seehoheit; Galeonenschreck\n"
    )
    assert run("history", "import", str(log)).exit_code == 0
    (game,) = ok_json(run("history", "--json"))["games"]
    assert (game["played_on"], game["code"]) == ("2025-12-01", "PR1-0040HM")
    assert game["contracts"] == "Lady Killer; Maritime Supremacy; Galleon Foe"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("history", "export", "folder.csv"), "folder.csv is a folder: name a file in it"),
        (("history", "export", "folder"), "folder is a folder: name a file in it"),
        (("history", "export", "hard.csv", "--force"), "is the journal itself"),
        (("history", "export", "folder.csv", "--force"), "folder.csv is a folder"),
        (("history", "--chart", "folder"), "--chart folder is a folder"),
        (("history", "--chart", ""), "--chart needs a file name"),
        (("history", "export", "journal.json", "--force"), "is the journal itself"),
        (("history", "export", "link.csv", "--force"), "is the journal itself"),
    ],
)
def test_a_file_that_cannot_be_written_is_named_for_what_it_is(
    run, tmp_path, monkeypatch, args, words
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(tmp_path / "journal.json"))
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder.csv").mkdir()
    (tmp_path / "link.csv").symlink_to(tmp_path / "journal.json")
    with open_journal() as journal:
        add(journal, make_record())
    os.link(tmp_path / "journal.json", tmp_path / "hard.csv")  # one file, two names
    before = (tmp_path / "journal.json").read_bytes()
    result = run(*args)
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert (tmp_path / "journal.json").read_bytes() == before


def test_import_reads_a_header_in_any_case(run, tmp_path):
    """A header typed by hand or by a spreadsheet (Played_On, a space after a comma)."""
    log = tmp_path / "hand.csv"
    log.write_text("Played_On, Code,REMOVED,Won\n2025-12-01,PR1-0040HM,2,true\n")
    result = run("history", "import", str(log))
    assert result.exit_code == 0, result.stderr
    assert ok_json(run("history", "--json"))["total"]["games"] == 1


def test_import_keeps_a_game_whose_prediction_cannot_be_used_without_it(run, tmp_path):
    """A chance that is not its wins of its games, a team coop-helper lacks, a newer
    version: earlier versions imported such rows, so their exports must import again. The
    game is added without the prediction, with a warning naming the line and why."""
    head = "played_on,code,removed,won,predicted_win,predicted_wins,predicted_games,policy,"
    head += "policy_version,uid\n"
    rows = [
        "2025-12-01,PR1-0040HM,2,true,0.1,900,1000,expert,3,a1\n",
        "2025-12-02,PR1-0040HM,2,true,0.9,900,1000,expert,999,a2\n",
        "2025-12-03,PR1-0040HM,2,true,0.9,900,1000,wizard,1,a3\n",
        "2025-12-04,PR1-0040HM,2,true,0.9,900,1000,expert,3,a4\n",
    ]
    log = tmp_path / "old.csv"
    log.write_text(head + "".join(rows))
    result = run("history", "import", str(log), "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["added"] == 4 and doc["without_prediction"] == 3
    assert [w.split(" (")[0] for w in doc["predictions_left_out"]] == ["line 2", "line 3", "line 4"]
    assert "line 2 (predicted_win 0.1 is not predicted_wins 900 of predicted_games 1000)" in (
        result.stderr
    )
    assert "'wizard'" in result.stderr
    solo = policy_version("expert", 1)  # PR1-0040HM is a solo deal: its count's version
    newer = "policy_version 999 is newer than this coop-helper's expert"
    newer += f" (1-player games: version {solo})"
    assert newer in " ".join(result.stderr.split())
    with open_journal() as journal:
        kept = {r.uid: r for r in records.load(journal)}
    assert kept["a1"].predicted_win is None and kept["a1"].policy is None
    assert kept["a4"].predicted_win == 0.9 and kept["a4"].policy_version == "3"
    again = run("history", "import", str(log))  # the same file again: nothing new, no warning
    assert again.exit_code == 0 and "warning" not in again.stderr


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_a_round_trip_keeps_every_games_number(run, predicted, tmp_path, monkeypatch, suffix):
    """Export left the number (#) out, so a journal moved to a new machine numbered its
    games again (after an undo, 22 became 9). Numbers the journal never gave are kept."""
    with open_journal() as journal:
        add(
            journal,
            *(make_record(played_on=f"2026-01-{d:02d}", predicted=None) for d in (5, 3, 9, 1, 7)),
        )
    assert run("history", "undo").exit_code == 0  # #5 and #4 go, never to be given again
    assert run("history", "undo").exit_code == 0
    game = ("record", *RULEBOOK, "--removed", "2", "--won", "--date", "2026-01-02")
    assert "Recorded game 6" in run(*game).stdout  # numbers 1, 2, 3 and 6: a gap
    before = ok_json(run("history", "--json", "--last", "0"))
    assert sorted(g["id"] for g in before["games"]) == [1, 2, 3, 6]
    out = tmp_path / f"games{suffix}"
    assert run("history", "export", str(out)).exit_code == 0
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(tmp_path / "moved.sqlite3"))
    assert run("history", "import", str(out)).exit_code == 0
    after = ok_json(run("history", "--json", "--last", "0"))
    assert after["games"] == before["games"]
    with open_journal() as journal:
        add(journal, make_record())
        assert max(r.id or 0 for r in records.load(journal)) == 7  # after the numbers kept
    assert run("history", "import", str(out)).exit_code == 0  # all known: nothing added
    with open_journal() as journal:
        assert records.count(journal) == 5


def test_merging_journals_that_imported_one_hand_made_file_adds_nothing_twice(
    run, tmp_path, monkeypatch
):
    """Each import gave a hand-made row a random uid, so two members who imported the
    same file had the game under two uids, and merging their journals doubled it."""
    hand = tmp_path / "hand.csv"
    hand.write_text(
        "played_on,code,removed,won\n2026-01-02,PR1-0040HM,2,true\n"
        "2026-01-02,PR1-0040HM,2,true\n2026-01-03,PR1-0040HM,1,false\n"
    )
    for member in ("a", "b"):
        monkeypatch.setenv("COOP_HELPER_JOURNAL", str(tmp_path / f"{member}.sqlite3"))
        assert run("history", "import", str(hand)).exit_code == 0
    assert run("history", "export", str(tmp_path / "b.json")).exit_code == 0
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(tmp_path / "a.sqlite3"))
    merged = ok_json(run("history", "import", str(tmp_path / "b.json"), "--json"))
    assert merged["added"] == 0 and merged["skipped"] == 3
    with open_journal() as journal:
        assert records.count(journal) == 3


def test_numbers_are_kept_only_when_the_journal_has_given_none_of_them(run, tmp_path):
    """Keeping some numbers and renumbering the rest put a day's games out of order (4, 5,
    6, 1, 2, 3): either all keep theirs, or all get new ones in the file's order."""
    with open_journal() as journal:
        add(journal, make_record(), make_record(), make_record())  # numbers 1 to 3 given
    path = export_rows(tmp_path, [2, 5, 7])
    assert run("history", "import", str(path)).exit_code == 0
    with open_journal() as journal:
        assert [(r.id, r.uid) for r in records.load(journal) if r.uid.startswith("u")] == [
            (4, "u02"),
            (5, "u15"),
            (6, "u27"),
        ]


@pytest.mark.parametrize(
    ("number", "words"),
    [
        ("9223372036854775807", "id (the game's number) must be a whole number from 1 to"),
        ("99999999999999999999", "from 1 to 1,000,000,000"),
        ("\\u00b2", "must be a whole number"),
        ("0", "from 1 to"),
    ],
)
def test_a_number_no_journal_could_keep_is_refused_before_anything_is_added(
    run, tmp_path, number, words
):
    """A huge id used to be kept, and every later game then failed as 'database or disk
    is full'; '²' passed str.isdigit() and raised from int()."""
    text = number.encode().decode("unicode_escape")
    path = tmp_path / "bad.csv"
    path.write_text(f"id,played_on,code,removed,won\n{text},2026-01-02,PR1-0040HM,2,true\n")
    result = run("history", "import", str(path))
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    moves = tmp_path / "moves.csv"
    moves.write_text("played_on,code,removed,won,moves\n2026-01-02,PR1-0040HM,2,true,\u00b2\n")
    bad_moves = run("history", "import", str(moves))
    assert bad_moves.exit_code == 2 and "moves must be a whole number" in bad_moves.stderr
    with open_journal() as journal:
        assert records.count(journal) == 0


def test_duplicate_numbers_in_a_file_are_all_given_new_ones(run, tmp_path):
    path = export_rows(tmp_path, [3, 3])
    assert run("history", "import", str(path)).exit_code == 0
    with open_journal() as journal:
        assert sorted(r.id for r in records.load(journal)) == [1, 2]
