"""`record` and `history` (with export, import and undo) from the command line."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import stat
from pathlib import Path

import pytest
from cli_helpers import ok_json
from journal_helpers import RULEBOOK, add, make_record

from coop_helper.journal import predict, records, store
from coop_helper.policies import policy_version

RECORD = ("record", *RULEBOOK)


def _journal():
    return store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True)


@pytest.fixture
def predicted(monkeypatch):
    """The rulebook deal's prediction is stored already: recording it needs no simulation."""
    wins = (720, 640, 540, 430, 310, 200, 120, 50, 20, 3)
    with _journal() as journal, journal.write() as db:
        seed = predict.deal_seed("PR1-0040HM", 15)
        predict.store(
            db,
            predict.Prediction(
                "PR1-0040HM",
                15,
                "expert",
                policy_version("expert"),
                predict.PREDICTION_GAMES,
                seed,
                wins,
            ),
        )

    def refuse(*args, **kwargs):
        raise AssertionError("the stored prediction should have been used")

    monkeypatch.setattr(predict, "simulate_deal", refuse)
    return wins


def test_record_prints_the_rank_and_the_expert_chance(run, predicted):
    result = run(*RECORD, "--removed", "3", "--moves", "1", "--won", "--date", "2026-01-08")
    assert result.exit_code == 0, result.stderr
    assert "Recorded game 1 (2026-01-08, 1 player, PR1-0040HM): won: Pirate (4 points)." in (
        result.stdout
    )
    assert "The expert wins this setting 43.0% of the time (1,000 simulated games" in (
        result.stdout
    )
    assert "your first win in 1 game" in result.stdout


def test_history_marks_chances_an_older_expert_worked_out(run, predicted, monkeypatch):
    assert run(*RECORD, "--removed", "2", "--won").exit_code == 0
    assert "*: by an older version" not in run("history").stdout
    monkeypatch.setattr("coop_helper.journal.views._predicting", lambda: ("expert", "a-newer-one"))
    shown = run("history").stdout
    assert "54.0%*" in shown and "*: by an older version of the expert" in shown


def test_repredict_gives_hand_made_and_older_games_todays_chance(run, tmp_path, monkeypatch):
    monkeypatch.setattr(predict, "PREDICTION_GAMES", 40)  # keep the simulation short
    log = tmp_path / "paper.csv"
    log.write_text(
        "played_on,code,removed,won\n"
        "2025-12-01,PR1-0040HM,2,won\n"  # the rulebook deal, twice: simulated once
        "2025-12-08,PR1-0040HM,4,lost\n"
        "2025-12-15,PR1-010H0D,1,won\n"
    )
    assert run("history", "import", str(log)).exit_code == 0
    done = ok_json(run("history", "repredict", "--workers", "1", "--json"))
    assert (done["games"], done["deals_simulated"], done["skipped"]) == (3, 2, 0)
    games = ok_json(run("history", "--json"))["games"]
    assert all(g["policy_version"] == policy_version("expert") for g in games)
    with _journal() as journal:
        stored = predict.cached(journal, "PR1-0040HM", 15, policy_version("expert"))
    assert stored is not None and stored.games == 40
    assert [g["predicted_wins"] for g in games[:2]] == [stored.wins_at(2), stored.wins_at(4)]
    again = run("history", "repredict")
    assert again.exit_code == 0 and "Every recorded game has the chance of today's" in (
        again.stdout
    )
    assert ok_json(run("history", "repredict", "--json"))["games"] == 0
    # a newer expert: every game is older now, and its deals are simulated again
    monkeypatch.setattr(predict, "current_version", lambda: "newer")
    text = run("history", "repredict", "--workers", "1").stdout
    assert "Gave 3 games the chance of today's expert (version newer), simulating 2 deals" in (text)


def test_repredict_leaves_a_deal_with_an_unknown_seal_until_it_is_recorded(
    run, tmp_path, monkeypatch
):
    monkeypatch.setattr(predict, "PREDICTION_GAMES", 20)
    log = tmp_path / "paper.csv"
    log.write_text("played_on,code,removed,won,time_pile\n2026-04-01,PR1-0PRR8G,2,true,23\n")
    assert run("history", "import", str(log)).exit_code == 0
    kept = run("history", "repredict", "--workers", "1")
    assert kept.exit_code == 0 and "1 game kept its chance: a seal of the deal is unknown" in (
        kept.stdout
    )
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    assert run("seals", "set", "Tiny Royal Household", "2", "B").exit_code == 0
    done = ok_json(run("history", "repredict", "--workers", "1", "--json"))
    assert (done["games"], done["deals_simulated"], done["skipped"]) == (1, 1, 0)
    (game,) = ok_json(run("history", "--json"))["games"]
    assert game["predicted_games"] == 20 and game["policy_version"] == policy_version("expert")
    assert game["seals"] == "Tiny Royal Household=2B; Ransom=1A"  # kept with the game now


def test_repredict_without_a_journal_has_nothing_to_do(run):
    result = run("history", "repredict")
    assert result.exit_code == 0 and "No games recorded: nothing to" in result.stdout
    assert not Path(os.environ["COOP_HELPER_JOURNAL"]).exists()


def test_history_shows_control_characters_in_a_note_as_escapes(run, predicted):
    note = "\x1b[31mred\x1b[0m [bold]kept[/bold]"
    assert run(*RECORD, "--removed", "2", "--won", "--note", note).exit_code == 0
    shown = run("history")
    assert shown.exit_code == 0 and "\x1b" not in shown.stdout
    assert "\\x1b[31mred\\x1b[0m [bold]kept[/bold]" in shown.stdout
    assert ok_json(run("history", "--json"))["games"][0]["note"] == note  # kept as given


def test_a_note_keeps_its_emoji_whole_and_right_to_left_marks_escaped(run, predicted):
    """A pirate flag is three characters joined by a zero-width joiner: shown as it is;
    a right-to-left override would turn the line around: shown as an escape."""
    note = "\U0001f3f4\u200d\u2620\ufe0f ahoy \u202eevil"
    assert run(*RECORD, "--removed", "2", "--won", "--note", note).exit_code == 0
    shown = run("history", "--last", "1").stdout
    assert "\U0001f3f4\u200d\u2620\ufe0f ahoy" in " ".join(shown.split())
    assert "\\u202eevil" in shown and "\u202e" not in shown


def test_record_json_stores_every_field(run, predicted):
    doc = ok_json(
        run(
            *RECORD,
            "--removed",
            "2",
            "--lost",
            "--date",
            "2026-01-09",
            "--note",
            "Tax Increase came early",
            "--json",
        )
    )
    assert doc["schema"] == 1
    game = doc["game"]
    assert (game["players"], game["code"], game["time_pile"], game["removed"], game["moves"]) == (
        1,
        "PR1-0040HM",
        15,
        2,
        0,
    )
    assert game["won"] is False and game["points"] is None and game["rank"] is None
    assert game["predicted_win"] == 0.54 and game["predicted_wins"] == 540
    assert (game["policy"], game["policy_version"]) == ("expert", policy_version("expert"))
    assert game["note"] == "Tax Increase came early" and game["played_on"] == "2026-01-09"
    with _journal() as journal:
        (stored,) = records.load(journal)
    assert stored.uid == game["uid"]
    assert stored.contracts == "Lady Killer; Maritime Supremacy; Galleon Foe"


def test_record_says_where_the_game_stands(run, predicted):
    for removed, moves in ((1, 0), (4, 1), (2, 0)):
        ok_json(run(*RECORD, "--removed", str(removed), "--moves", str(moves), "--won", "--json"))
    run(*RECORD, "--removed", "5", "--lost")
    # another day: the same day would be a game like one recorded (warned about on stderr)
    doc = ok_json(run(*RECORD, "--removed", "2", "--won", "--json", "--date", "2026-01-02"))
    standing = doc["standing"]
    assert standing["games"] == 5 and standing["wins"] == 4
    assert standing["place"] == 2 and standing["tied"] == 1  # 5 points is better; a 2 ties
    assert standing["deal_games"] == 5 and standing["deal_wins"] == 4
    text = run(*RECORD, "--removed", "0", "--lost").stdout
    assert (
        "Among your 1-player games: a loss; 4 wins so far in 6 games; this deal: 6 games, "
        "4 won." in text
    )


def test_record_simulates_a_new_deal_once_and_reproducibly(run, monkeypatch):
    calls = []
    real = predict.simulate_deal

    def counted(*args, **kwargs):
        calls.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(predict, "simulate_deal", counted)
    first = ok_json(run(*RECORD, "--removed", "2", "--won", "--json", "--workers", "1"))
    second = ok_json(run(*RECORD, "--removed", "2", "--lost", "--json"))
    assert calls == ["PR1-0040HM"]
    assert first["game"]["predicted_wins"] == second["game"]["predicted_wins"]
    assert first["game"]["predicted_games"] == predict.PREDICTION_GAMES
    # the seed comes from the deal: a fresh journal gets the same numbers
    Path(os.environ["COOP_HELPER_JOURNAL"]).unlink()
    third = ok_json(run(*RECORD, "--removed", "2", "--won", "--json", "--workers", "2"))
    assert third["game"]["predicted_wins"] == first["game"]["predicted_wins"]
    assert 0.4 < third["game"]["predicted_win"] < 0.7  # the README's odds: 54.0% at level 2


@pytest.mark.parametrize(
    "args, words",
    [
        (("--removed", "2"), "--won or --lost"),
        (("--removed", "2", "--won", "--lost"), "one of --won or --lost, not both"),
        (("--won",), "--removed K"),
        (("--removed", "16", "--lost"), "more than the Time Pile of 15"),
        (("--removed", "12", "--moves", "3", "--won"), "needs at least one turn"),
        (("--removed", "15", "--lost"), "a lost game needs at least one turn too"),
        (("--removed", "-1", "--won"), "0 or more"),
        (("--removed", "2", "--won", "--date", "08.01.2026"), "YYYY-MM-DD"),
        (("--removed", "2", "--won", "--date", "2999-01-01"), "in the future"),
        (("--removed", "2", "--won", "--date", "2014-12-31"), "before the co-op variant"),
        (("--removed", "2", "--won", "--players", "3"), "3 players play with 7 contracts"),
    ],
    ids=[
        "no-result",
        "both-results",
        "no-removed",
        "too-many",
        "no-turn",
        "no-turn-lost",
        "negative",
        "date",
        "future",
        "before-2015",
        "players",
    ],
)
def test_record_rejects_impossible_games(run, args, words):
    result = run(*RECORD, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert words in result.stderr
    assert not Path(os.environ["COOP_HELPER_JOURNAL"]).exists()


def test_record_needs_an_unknown_seal(run):
    result = run("record", "Fighter", "Jinx", "Ransom", "--removed", "1", "--won")
    assert result.exit_code == 2 and "--seal Ransom=NL;" in result.stderr
    both = run("record", "Tiny Royal Household", "Ransom", "Jinx", "--removed", "1", "--won")
    assert both.exit_code == 2 and both.stderr.count("\n") == 1
    assert "needs the seals of Tiny Royal Household and Ransom" in both.stderr
    assert "--seal 'Tiny Royal Household=NL' --seal Ransom=NL" in both.stderr
    assert "coop-helper seals set Ransom NUMBER LETTER." in both.stderr


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


def test_record_keeps_a_seal_given_for_the_call(run, monkeypatch):
    monkeypatch.setattr(predict, "PREDICTION_GAMES", 20)  # keep the test short
    doc = ok_json(
        run(
            "record",
            "Fighter",
            "Jinx",
            "Ransom",
            "--seal",
            "Ransom=1A",
            "--removed",
            "1",
            "--won",
            "--json",
        )
    )
    assert doc["game"]["seals"] == "Ransom=1A" and doc["game"]["time_pile"] == 13 + 0 + 2
    assert doc["game"]["predicted_games"] == 20


# ---------------------------------------------------------------- history


def _sample_journal() -> None:
    with _journal() as journal:
        add(
            journal,
            make_record(removed=1, won=True, played_on="2026-01-08"),
            make_record(removed=3, won=False, played_on="2026-01-15"),
            make_record(removed=3, moves=1, won=True, played_on="2026-02-05"),
            make_record(removed=2, won=True, played_on="2026-02-12", predicted=None),
            make_record(
                names=("Fighter", "Galleon Foe", "Pack of Pirates", "Cheap Staff", "New Colony"),
                removed=6,
                won=True,
                played_on="2026-02-19",
            ),
            make_record(
                names=("Fighter", "Galleon Foe", "Pack of Pirates", "Cheap Staff", "New Colony"),
                removed=2,
                won=False,
                played_on="2026-03-01",
            ),
        )


def test_history_without_a_journal_says_so_and_creates_nothing(run):
    result = run("history")
    assert result.exit_code == 0 and "No games recorded" in result.stdout
    assert not Path(os.environ["COOP_HELPER_JOURNAL"]).exists()
    doc = ok_json(run("history", "--json"))
    assert doc["total"]["games"] == 0 and doc["games"] == [] and doc["schema"] == 1
    assert doc["total"]["win_rate"] is None  # no games: no rate, not 0%


def test_an_empty_history_on_a_narrow_terminal_keeps_the_path_whole(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    lines = run("history").stdout.splitlines()
    path = os.environ["COOP_HELPER_JOURNAL"]
    assert lines[0] == "No games recorded yet; the journal:" and lines[1] == f"    {path}"
    assert lines[3] == "    coop-helper record CONTRACT... --removed K --won"


def test_history_summarises_by_players_and_month(run):
    _sample_journal()
    doc = ok_json(run("history", "--json"))
    assert doc["total"] == {
        "games": 6,
        "wins": 4,
        "losses": 2,
        "win_rate": round(4 / 6, 6),
        "best_rank": "Captain",
        "best_points": 6,
        "best_on": "2026-02-19",
    }
    by_players = {t["players"]: (t["games"], t["wins"], t["best_rank"]) for t in doc["by_players"]}
    assert by_players == {1: (4, 3, "Pirate"), 2: (2, 1, "Captain")}
    months = [(m["month"], m["games"], m["wins"]) for m in doc["by_month"]]
    assert months == [("2026-01", 2, 1), ("2026-02", 3, 3), ("2026-03", 1, 0)]
    assert [(m["rank"], m["played_on"]) for m in doc["rank_reached"]] == [
        ("Landlubber", "2026-01-08"),
        ("Pirate", "2026-02-05"),
        ("Captain", "2026-02-19"),
    ]
    assert [g["predicted_win"] for g in doc["games"]] == [0.54, 0.54, 0.54, None, 0.54, 0.54]
    assert doc["against_expert"] == {"games": 5, "wins": 3, "expected_wins": 2.7}
    assert [(y["year"], y["games"]) for y in doc["by_year"]] == [("2026", 6)]


def test_history_filters(run):
    _sample_journal()
    doc = ok_json(run("history", "--players", "2", "--json"))
    assert doc["total"]["games"] == 2 and doc["filters"] == {"players": 2, "since": None}
    doc = ok_json(run("history", "--since", "2026-02-12", "--json"))
    assert [g["played_on"] for g in doc["games"]] == ["2026-02-12", "2026-02-19", "2026-03-01"]


def test_history_text_lists_the_last_games_with_the_prediction(run):
    _sample_journal()
    result = run("history", "--last", "2")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Game journal: 6 games, 4 won, 2 lost; best rank Captain (6)" in out
    assert (
        "New best ranks: Landlubber on 2026-01-08, Pirate on 2026-02-05, Captain on "
        "2026-02-19." in out
    )
    assert "The last 2 of 6 games" in out and "2026-02-12" not in out.split("The last")[1]
    assert "Captain (6) │  54.0%" in out
    assert "Rank reached over time, by month" in out
    assert (
        "you won 3 of the 5 games with a prediction; the expert would be expected to win "
        "2.7 of them" in out
    )


@pytest.mark.parametrize(
    "args, words",
    [
        (("--players", "7"), "players must be 1 to 5"),
        (("--since", "yesterday"), "--since must be a date"),
        (("--last", "-1"), "--last must be 0"),
    ],
)
def test_history_rejects_bad_options(run, args, words):
    result = run("history", *args)
    assert result.exit_code == 2 and words in result.stderr


# ---------------------------------------------------------------- undo


def test_undo_removes_the_last_record(run):
    _sample_journal()
    doc = ok_json(run("history", "undo", "--json"))
    assert doc["removed"]["played_on"] == "2026-03-01" and doc["remaining"] == 5
    result = run("history", "undo")
    assert result.exit_code == 0 and "Removed game 5: 2026-02-19, 2 players" in result.stdout
    assert ok_json(run("history", "--json"))["total"]["games"] == 4


def _numbers() -> list[int]:
    with _journal() as journal:
        return [game.id for game in records.load(journal)]


def test_undo_on_a_terminal_shows_the_game_and_asks(at_terminal):
    _sample_journal()
    kept = at_terminal("n", "history", "undo")
    assert kept.exit_code == 0 and _numbers() == [1, 2, 3, 4, 5, 6]
    assert "This removes game 6: 2026-03-01, 2 players, PR1-" in kept.stderr
    assert "Remove it? [y/N]" in kept.stderr and "Nothing removed" in kept.stderr
    gone = at_terminal("y", "history", "undo")
    assert gone.exit_code == 0 and "Removed game 6: 2026-03-01" in gone.stdout
    assert _numbers() == [1, 2, 3, 4, 5]
    quiet = at_terminal("", "history", "undo", "--yes")  # no question with --yes
    assert "Remove it?" not in quiet.stderr and _numbers() == [1, 2, 3, 4]


def test_delete_removes_one_game_and_nothing_else(run, at_terminal, tmp_path):
    _sample_journal()
    with _journal() as journal:
        before = {game.id: game for game in records.load(journal)}
    assert run("history", "export", str(tmp_path / "before.csv")).exit_code == 0
    asked = at_terminal("n", "history", "delete", "3")
    assert "This removes game 3: 2026-02-05, 1 player, PR1-0040HM, 3 removed, 1 moved" in (
        " ".join(asked.stderr.split())
    )
    assert _numbers() == [1, 2, 3, 4, 5, 6]
    doc = ok_json(run("history", "delete", "3", "--json"))  # no terminal: no question
    assert doc["removed"]["id"] == 3 and doc["remaining"] == 5
    with _journal() as journal:
        after = {game.id: game for game in records.load(journal)}
    assert after == {number: game for number, game in before.items() if number != 3}
    assert run("history", "export", str(tmp_path / "after.csv")).exit_code == 0
    rows = (tmp_path / "before.csv").read_text(encoding="utf-8").splitlines()
    assert (tmp_path / "after.csv").read_text(encoding="utf-8").splitlines() == [
        row
        for index, row in enumerate(rows)
        if index != 3  # the header, then games 1, 2, 3
    ]
    missing = run("history", "delete", "3")
    assert missing.exit_code == 2
    assert "the journal holds no game 3 (the latest is 6)" in missing.stderr
    assert run("history", "delete", "6", "--yes").exit_code == 0 and _numbers() == [1, 2, 4, 5]
    assert run("history", "delete", "6").exit_code == 2  # numbers are never given again


def test_delete_in_an_empty_journal_is_an_error(run):
    result = run("history", "delete", "1")
    assert result.exit_code == 2 and "nothing to delete" in result.stderr


def test_record_warns_about_a_game_like_one_recorded(run, at_terminal, predicted):
    same = (*RECORD, "--removed", "2", "--won", "--date", "2026-04-03")
    ok_json(run(*same, "--json"))
    again = run(*same, "--json")  # --json: kept, with the warning on stderr
    assert again.exit_code == 0 and json.loads(again.stdout)["game"]["id"] == 2
    warning = " ".join(again.stderr.split())
    assert warning.startswith(
        "warning: the journal holds a game of the same day, deal, removal and result "
        "(game 1: 2026-04-03, 1 player, PR1-0040HM, 2 removed, won: Sailor (2 points)), and "
        "the same game recorded twice counts twice: kept as game 2 ('coop-helper history "
        "delete 2' removes this game)."
    )
    declined = at_terminal("n", *same)
    assert declined.exit_code == 0 and "Record it as another game? [y/N]" in declined.stderr
    assert "holds 2 games of the same day" in declined.stderr
    assert "game 1: 2026-04-03" in declined.stderr and "game 2: 2026-04-03" in declined.stderr
    assert "Not recorded" in declined.stderr and _numbers() == [1, 2]
    kept = at_terminal("y", *same)
    assert kept.exit_code == 0 and "Recorded game 3" in kept.stdout
    assert "warning" not in kept.stderr  # asked already
    forced = at_terminal("", *same, "--yes")
    assert "Record it as another game?" not in forced.stderr and "kept as game 4" in forced.stderr
    other = ok_json(run(*RECORD, "--removed", "2", "--lost", "--date", "2026-04-03", "--json"))
    assert other["game"]["id"] == 5  # another result: not the same game, no warning


def test_undo_on_an_empty_journal_is_an_error(run):
    result = run("history", "undo")
    assert result.exit_code == 2 and "nothing to undo" in result.stderr


# ---------------------------------------------------------------- export and import


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_export_and_import_round_trip_every_field(run, tmp_path, monkeypatch, suffix):
    _sample_journal()
    with _journal() as journal:
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
    with _journal() as journal:
        after = records.load(journal)
    fields = [{**dataclasses.asdict(r), "id": None} for r in before]
    assert [{**dataclasses.asdict(r), "id": None} for r in after] == fields
    again = ok_json(run("history", "import", str(out), "--json"))
    assert (again["added"], again["skipped"]) == (0, 7)


def test_export_keeps_an_existing_file_unless_forced(run, tmp_path):
    _sample_journal()
    out = tmp_path / "games.csv"
    out.write_text("my own notes\n")
    result = run("history", "export", str(out))
    assert result.exit_code == 2 and "--force" in result.stderr
    assert out.read_text() == "my own notes\n"
    assert run("history", "export", str(out), "--force").exit_code == 0
    assert next(csv.reader(out.open()))[:3] == ["id", "uid", "recorded_at"]


def test_export_through_a_link_replaces_its_target_and_keeps_the_link(run, tmp_path):
    _sample_journal()
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
    _sample_journal()
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
    _sample_journal()
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


def test_history_over_many_months_is_shown_by_year(run):
    with _journal() as journal:
        add(
            journal,
            *(
                make_record(played_on=f"{2024 + m // 12}-{1 + m % 12:02d}-15", won=m % 2 == 0)
                for m in range(30)
            ),
        )
    out = run("history").stdout
    assert "Rank reached over time, by year" in out and "by month" not in out
    doc = ok_json(run("history", "--json"))
    assert [(y["year"], y["games"]) for y in doc["by_year"]] == [
        ("2024", 12),
        ("2025", 12),
        ("2026", 6),
    ]
    assert len(doc["by_month"]) == 30


def test_record_of_a_tie_with_the_best_win(run, predicted):
    run(*RECORD, "--removed", "3", "--won")
    text = run(*RECORD, "--removed", "3", "--won").stdout
    assert "as good as your best win so far, of 2 wins in 2 games" in text


def test_best_ranks_of_a_filtered_history_say_they_are_among_those_games(run):
    _sample_journal()
    text = " ".join(run("history", "--since", "2026-02-01").stdout.split())
    assert "New best ranks among these games: " in text


def test_history_says_when_no_game_matches(run):
    _sample_journal()
    out = run("history", "--since", "2027-01-01").stdout
    assert "No recorded game matches --since 2027-01-01." in out
    out = run("history", "--players", "4", "--since", "2026-01-01").stdout
    assert "No recorded game matches --players 4 --since 2026-01-01." in out


def test_export_without_a_journal_is_an_error(run, tmp_path):
    result = run("history", "export", str(tmp_path / "games.csv"))
    assert result.exit_code == 2 and "nothing to export" in result.stderr
    assert not (tmp_path / "games.csv").exists()


def test_a_new_expert_version_simulates_the_deal_again(run, predicted, monkeypatch):
    import coop_helper.policies

    made = []

    def fake(players, contracts, pile, code, version, workers, progress=None):
        made.append(version)
        return predict.Prediction(
            code,
            pile.size,
            "expert",
            version,
            predict.PREDICTION_GAMES,
            predict.deal_seed(code, pile.size),
            (600, 500, 400),
        )

    monkeypatch.setattr(predict, "simulate_deal", fake)
    assert (
        ok_json(run(*RECORD, "--removed", "2", "--won", "--json"))["game"]["policy_version"]
        == coop_helper.policies.policy_version("expert")
        and made == []
    )
    monkeypatch.setattr(coop_helper.policies, "policy_version", lambda name: "newer")
    game = ok_json(run(*RECORD, "--removed", "2", "--won", "--json", "--date", "2026-01-02"))[
        "game"
    ]
    assert made == ["newer"] and game["policy_version"] == "newer"
    assert game["predicted_wins"] == 400


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


TWO_PLAYER = ("Trade Outpost", "Gamester", "Tax Officer", "Jinx", "Galleon Foe")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("history", "--players", "2", "undo"), "--players is an option of 'coop-helper history'"),
        (("history", "-p", "2", "undo"), "--players is an option of 'coop-helper history'"),
        (("history", "--players=2", "undo"), "--players is an option of 'coop-helper history'"),
        (("history", "--last", "10", "undo"), "--last is an option"),  # its default, typed
        (("history", "--since", "2026-01-01", "export", "out.csv"), "--since is an option"),
        (("history", "--chart", "h.png", "export", "out.csv"), "--chart is an option"),
        (("history", "--last", "3", "repredict"), "--last is an option"),
        (("history", "--json", "export", "out.csv"), "--json goes after the command"),
    ],
)
def test_the_lists_options_before_a_subcommand_are_refused(run, tmp_path, monkeypatch, args, words):
    """`history --players 2 undo` removed the last game whatever its player count: the
    list's own options are refused before a subcommand, and nothing is changed."""
    monkeypatch.chdir(tmp_path)
    with _journal() as journal:
        add(journal, make_record(names=TWO_PLAYER), make_record())  # the last is solo
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    with _journal() as journal:
        assert records.count(journal) == 2
    assert not (tmp_path / "out.csv").exists()


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
    with _journal() as journal:
        add(journal, make_record())
    os.link(tmp_path / "journal.json", tmp_path / "hard.csv")  # one file, two names
    before = (tmp_path / "journal.json").read_bytes()
    result = run(*args)
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert (tmp_path / "journal.json").read_bytes() == before


def test_a_chart_through_a_link_replaces_the_target_and_keeps_the_link(run, tmp_path, monkeypatch):
    """Every file coop-helper writes follows a link, as the settings file always did."""
    monkeypatch.chdir(tmp_path)
    with _journal() as journal:
        add(journal, make_record())
    assert run("history", "--chart", "real.png").exit_code == 0
    (tmp_path / "link.png").symlink_to(tmp_path / "real.png")
    drawn = (tmp_path / "real.png").stat().st_ino
    result = run("history", "--chart", "link.png")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "link.png").is_symlink()
    assert (tmp_path / "real.png").stat().st_ino != drawn  # a new file put in its place
    assert (tmp_path / "real.png").read_bytes()[:4] == b"\x89PNG"


def test_more_moves_than_tax_increases_are_recorded_with_a_warning(run, predicted, tmp_path):
    """Six moves need the discard pile reshuffled (the deck holds 4 Tax Increases): kept,
    since it can happen, but said, since a slip of the finger inflates the rank."""
    quiet = run(*RECORD, "--removed", "0", "--moves", "4", "--won")
    assert quiet.exit_code == 0 and "warning" not in quiet.stderr
    loud = run(*RECORD, "--removed", "0", "--moves", "6", "--won")
    assert loud.exit_code == 0
    assert "warning: --moves 6: more Tax Increase moves than the deck's 4" in loud.stderr
    with _journal() as journal:
        assert records.count(journal) == 2
    rows = "played_on,code,removed,won,moves\n2026-01-05,PR1-0040HM,3,true,9\n"
    rows += "2026-01-06,PR1-0040HM,3,true,1\n"
    (tmp_path / "hand.csv").write_text(rows)
    result = run("history", "import", str(tmp_path / "hand.csv"))
    assert result.exit_code == 0
    assert "hand.csv, line 2: more Tax Increase moves than the deck's 4" in result.stderr
    assert "line 3" not in result.stderr


def test_import_reads_a_header_in_any_case(run, tmp_path):
    """A header typed by hand or by a spreadsheet (Played_On, a space after a comma)."""
    log = tmp_path / "hand.csv"
    log.write_text("Played_On, Code,REMOVED,Won\n2025-12-01,PR1-0040HM,2,true\n")
    result = run("history", "import", str(log))
    assert result.exit_code == 0, result.stderr
    assert ok_json(run("history", "--json"))["total"]["games"] == 1


def test_repredict_stopped_half_way_keeps_the_deals_it_simulated(monkeypatch):
    """Ctrl-C during `history repredict` lost every deal simulated so far; each deal's
    prediction is now stored as soon as it is made, and the next run finds it."""
    from coop_helper.journal import repredict

    with _journal() as journal:
        add(
            journal,
            make_record(predicted=None),
            make_record(predicted=None, names=("Fighter", "Jinx", "Explorer")),
        )
    calls: list[str] = []

    def simulate(players, contracts, pile, code, version, workers, progress=None):
        calls.append(code)
        if len(calls) == 2:
            raise KeyboardInterrupt
        wins = tuple(range(pile.size + 1, 0, -1))
        seed = predict.deal_seed(code, pile.size)
        return predict.Prediction(
            code, pile.size, "expert", version, predict.PREDICTION_GAMES, seed, wins
        )

    monkeypatch.setattr(predict, "simulate_deal", simulate)
    version = predict.current_version()
    with _journal() as journal:
        todo = repredict.plan(journal, repredict.stale_games(journal, version), version, {})
        assert len(todo.to_simulate) == 2
        kept: list = []
        with pytest.raises(KeyboardInterrupt):
            repredict.repredict(journal, todo, version, 1, stored=kept)
        assert kept == [(calls[0], kept[0][1])]  # what the command's Ctrl-C note is told
    with _journal() as journal:
        again = repredict.plan(journal, repredict.stale_games(journal, version), version, {})
        assert len(again.stored) == 1 and len(again.to_simulate) == 1
        assert list(again.stored) == [(calls[0], again.stored[next(iter(again.stored))].time_pile)]


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
    assert "policy_version 999 is newer" in result.stderr and "'wizard'" in result.stderr
    with _journal() as journal:
        kept = {r.uid: r for r in records.load(journal)}
    assert kept["a1"].predicted_win is None and kept["a1"].policy is None
    assert kept["a4"].predicted_win == 0.9 and kept["a4"].policy_version == "3"
    again = run("history", "import", str(log))  # the same file again: nothing new, no warning
    assert again.exit_code == 0 and "warning" not in again.stderr


def test_journal_percentages_round_half_up_as_every_other_one(run):
    """1 won of 16 is 6.25%: shown 6.3%, as odds rounds (it showed 6.2%)."""
    with _journal() as journal:
        add(journal, *(make_record(won=k == 0, predicted=None) for k in range(16)))
    text = run("history").stdout
    assert "6.3%" in text and "6.2%" not in text


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_a_round_trip_keeps_every_games_number(run, predicted, tmp_path, monkeypatch, suffix):
    """Export left the number (#) out, so a journal moved to a new machine numbered its
    games again (after an undo, 22 became 9). Numbers the journal never gave are kept."""
    with _journal() as journal:
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
    with _journal() as journal:
        add(journal, make_record())
        assert max(r.id or 0 for r in records.load(journal)) == 7  # after the numbers kept
    assert run("history", "import", str(out)).exit_code == 0  # all known: nothing added
    with _journal() as journal:
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
    with _journal() as journal:
        assert records.count(journal) == 3


@pytest.mark.parametrize(
    ("since", "count"), [("2026-01-05", 2), ("2026-01", 3), ("2026", 3), ("2025-12", 4)]
)
def test_since_takes_a_day_a_month_or_a_year(run, since, count):
    with _journal() as journal:
        add(
            journal,
            *(
                make_record(played_on=d)
                for d in ("2025-12-30", "2026-01-02", "2026-01-05", "2026-01-09")
            ),
        )
    assert ok_json(run("history", "--since", since, "--json"))["total"]["games"] == count


@pytest.mark.parametrize("since", ["2026-13", "1.2.2026", "26"])
def test_a_since_that_is_no_day_month_or_year_is_said_so(run, since):
    result = run("history", "--since", since)
    assert result.exit_code == 2
    assert (
        f"--since must be a date (2026-01-31), a month (2026-01) or a year (2026), not '{since}'"
        in (result.stderr)
    )


def test_a_win_the_expert_never_had_is_recorded_with_a_warning(run, predicted):
    """`record --removed 13 --won` (the expert won 0 of 1,000) was taken without a word:
    kept, since a table can beat the expert, but said, since a slip inflates the rank."""
    likely = run(*RECORD, "--removed", "3", "--won")
    assert likely.exit_code == 0 and "warning" not in likely.stderr
    unlikely = run(*RECORD, "--removed", "12", "--won")
    assert unlikely.exit_code == 0
    assert "warning: a win with 12 removed, where the expert won none of 1,000 games" in (
        unlikely.stderr
    )
    lost = run(*RECORD, "--removed", "12", "--lost")
    assert "warning" not in lost.stderr


def _export_rows(tmp_path, ids):
    """A CSV export of the rulebook deal's games with these numbers (# / id)."""
    rows = ["id,played_on,code,removed,won,uid"]
    rows += [f"{n},2026-01-0{1 + k % 9},PR1-0040HM,2,true,u{k}{n}" for k, n in enumerate(ids)]
    path = tmp_path / "numbers.csv"
    path.write_text("\n".join(rows) + "\n")
    return path


def test_numbers_are_kept_only_when_the_journal_has_given_none_of_them(run, tmp_path):
    """Keeping some numbers and renumbering the rest put a day's games out of order (4, 5,
    6, 1, 2, 3): either all keep theirs, or all get new ones in the file's order."""
    with _journal() as journal:
        add(journal, make_record(), make_record(), make_record())  # numbers 1 to 3 given
    path = _export_rows(tmp_path, [2, 5, 7])
    assert run("history", "import", str(path)).exit_code == 0
    with _journal() as journal:
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
    with _journal() as journal:
        assert records.count(journal) == 0


def test_duplicate_numbers_in_a_file_are_all_given_new_ones(run, tmp_path):
    path = _export_rows(tmp_path, [3, 3])
    assert run("history", "import", str(path)).exit_code == 0
    with _journal() as journal:
        assert sorted(r.id for r in records.load(journal)) == [1, 2]
