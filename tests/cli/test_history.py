"""`history` from the command line: summaries, lists, filters, charts, undo and delete."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.cli import ok_json
from helpers.journal import add, make_record
from helpers.journal_cli import (
    RECORD,
    TWO_PLAYER,
    game_numbers,
    open_journal,
    sample_journal,
)

from coop_helper.journal import records


def test_history_marks_chances_an_older_expert_worked_out(run, predicted, monkeypatch):
    """Marked by the version at the game's own player count: a new expert at 2 players
    leaves a solo game's chance current."""
    from coop_helper.policies import expert_params
    from coop_helper.render import journal as views

    assert run(*RECORD, "--removed", "2", "--won").exit_code == 0
    assert "*: by an older version" not in run("history").stdout
    views._predicting.cache_clear()
    monkeypatch.setitem(expert_params.VERSIONS, 2, "a-newer-one")
    assert "*: by an older version" not in run("history").stdout
    views._predicting.cache_clear()
    monkeypatch.setitem(expert_params.VERSIONS, 1, "a-newer-one")
    shown = run("history").stdout
    views._predicting.cache_clear()
    assert "54.0%*" in shown and "*: by an older version of the expert" in shown


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
    sample_journal()
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
    sample_journal()
    doc = ok_json(run("history", "--players", "2", "--json"))
    assert doc["total"]["games"] == 2 and doc["filters"] == {"players": 2, "since": None}
    doc = ok_json(run("history", "--since", "2026-02-12", "--json"))
    assert [g["played_on"] for g in doc["games"]] == ["2026-02-12", "2026-02-19", "2026-03-01"]


def test_history_text_lists_the_last_games_with_the_prediction(run):
    sample_journal()
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


def test_undo_removes_the_last_record(run):
    sample_journal()
    doc = ok_json(run("history", "undo", "--json"))
    assert doc["removed"]["played_on"] == "2026-03-01" and doc["remaining"] == 5
    result = run("history", "undo")
    assert result.exit_code == 0 and "Removed game 5: 2026-02-19, 2 players" in result.stdout
    assert ok_json(run("history", "--json"))["total"]["games"] == 4


def test_undo_on_a_terminal_shows_the_game_and_asks(at_terminal):
    sample_journal()
    kept = at_terminal("n", "history", "undo")
    assert kept.exit_code == 0 and game_numbers() == [1, 2, 3, 4, 5, 6]
    assert "This removes game 6: 2026-03-01, 2 players, PR1-" in kept.stderr
    assert "Remove it? [y/N]" in kept.stderr and "Nothing removed" in kept.stderr
    gone = at_terminal("y", "history", "undo")
    assert gone.exit_code == 0 and "Removed game 6: 2026-03-01" in gone.stdout
    assert game_numbers() == [1, 2, 3, 4, 5]
    quiet = at_terminal("", "history", "undo", "--yes")  # no question with --yes
    assert "Remove it?" not in quiet.stderr and game_numbers() == [1, 2, 3, 4]


def test_delete_removes_one_game_and_nothing_else(run, at_terminal, tmp_path):
    sample_journal()
    with open_journal() as journal:
        before = {game.id: game for game in records.load(journal)}
    assert run("history", "export", str(tmp_path / "before.csv")).exit_code == 0
    asked = at_terminal("n", "history", "delete", "3")
    assert "This removes game 3: 2026-02-05, 1 player, PR1-0040HM, 3 removed, 1 moved" in (
        " ".join(asked.stderr.split())
    )
    assert game_numbers() == [1, 2, 3, 4, 5, 6]
    doc = ok_json(run("history", "delete", "3", "--json"))  # no terminal: no question
    assert doc["removed"]["id"] == 3 and doc["remaining"] == 5
    with open_journal() as journal:
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
    assert run("history", "delete", "6", "--yes").exit_code == 0 and game_numbers() == [1, 2, 4, 5]
    assert run("history", "delete", "6").exit_code == 2  # numbers are never given again


def test_delete_in_an_empty_journal_is_an_error(run):
    result = run("history", "delete", "1")
    assert result.exit_code == 2 and "nothing to delete" in result.stderr


def test_undo_on_an_empty_journal_is_an_error(run):
    result = run("history", "undo")
    assert result.exit_code == 2 and "nothing to undo" in result.stderr


def test_history_over_many_months_is_shown_by_year(run):
    with open_journal() as journal:
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


def test_best_ranks_of_a_filtered_history_say_they_are_among_those_games(run):
    sample_journal()
    text = " ".join(run("history", "--since", "2026-02-01").stdout.split())
    assert "New best ranks among these games: " in text


def test_history_says_when_no_game_matches(run):
    sample_journal()
    out = run("history", "--since", "2027-01-01").stdout
    assert "No recorded game matches --since 2027-01-01." in out
    out = run("history", "--players", "4", "--since", "2026-01-01").stdout
    assert "No recorded game matches --players 4 --since 2026-01-01." in out


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
    with open_journal() as journal:
        add(journal, make_record(names=TWO_PLAYER), make_record())  # the last is solo
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    with open_journal() as journal:
        assert records.count(journal) == 2
    assert not (tmp_path / "out.csv").exists()


def test_a_chart_through_a_link_replaces_the_target_and_keeps_the_link(run, tmp_path, monkeypatch):
    """Every file coop-helper writes follows a link, as the settings file always did."""
    monkeypatch.chdir(tmp_path)
    with open_journal() as journal:
        add(journal, make_record())
    assert run("history", "--chart", "real.png").exit_code == 0
    (tmp_path / "link.png").symlink_to(tmp_path / "real.png")
    drawn = (tmp_path / "real.png").stat().st_ino
    result = run("history", "--chart", "link.png")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "link.png").is_symlink()
    assert (tmp_path / "real.png").stat().st_ino != drawn  # a new file put in its place
    assert (tmp_path / "real.png").read_bytes()[:4] == b"\x89PNG"


def test_journal_percentages_round_half_up_as_every_other_one(run):
    """1 won of 16 is 6.25%: shown 6.3%, as odds rounds (it showed 6.2%)."""
    with open_journal() as journal:
        add(journal, *(make_record(won=k == 0, predicted=None) for k in range(16)))
    text = run("history").stdout
    assert "6.3%" in text and "6.2%" not in text


@pytest.mark.parametrize(
    ("since", "count"), [("2026-01-05", 2), ("2026-01", 3), ("2026", 3), ("2025-12", 4)]
)
def test_since_takes_a_day_a_month_or_a_year(run, since, count):
    with open_journal() as journal:
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
