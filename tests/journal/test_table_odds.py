"""`odds` and `setup` with the table's own odds from the journal, and their charts."""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path

import pytest
from helpers.cli import ok_json
from helpers.journal import RULEBOOK, add, make_record

from coop_helper.journal import store
from coop_helper.journal.calibration import expit, logit, smoothed

ODDS = ("odds", *RULEBOOK, "--games", "200", "--workers", "1", "--target", "50%")
THREE = ("Fighter", "Jinx", "Comedian", "Gamester", "Explorer", "New Colony", "Cheap Staff")


def _journal(wins: int, losses: int) -> None:
    """Games of the rulebook deal, each predicted at 54% for the expert."""
    with store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True) as journal:
        add(
            journal,
            *(make_record(won=True) for _ in range(wins)),
            *(make_record(removed=3, won=False) for _ in range(losses)),
        )


def test_without_enough_games_the_odds_are_the_experts(run):
    _journal(3, 1)  # 4 games: one short of a fit
    doc = ok_json(run(*ODDS, "--json"))
    assert doc["calibration"] is None
    assert all("win_calibrated" not in level for level in doc["levels"])
    assert "Your table" not in run(*ODDS).stdout


def test_the_table_odds_come_from_games_of_the_deals_player_count_only(run):
    _journal(14, 2)  # 16 one-player games
    three = ("odds", "--code", "PR1-0GES4J", "--games", "40", "--workers", "1")
    assert ok_json(run(*three, "--json"))["calibration"] is None  # a 3-player deal
    quiet = run(*three)
    assert "Your table" not in quiet.stdout and "Your table's own odds" not in quiet.stderr
    with store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"])) as journal:
        add(journal, make_record(names=THREE, won=True), make_record(names=THREE, won=False))
    short = run(*three)
    assert "Your table" not in short.stdout
    assert (
        "Your table's own odds need 5 recorded 3-player games with the expert's prediction, "
        "won or lost; the journal has 2 games, 1 won."
    ) in " ".join(short.stderr.split())
    assert ok_json(run(*ODDS, "--json"))["calibration"]["games"] == 16  # the 1-player fit


def test_the_table_odds_sit_beside_the_experts_and_drive_the_recommendation(run):
    _journal(14, 2)  # won 14 of 16 games the expert wins 54% of the time: a better table
    doc = ok_json(run(*ODDS, "--json"))
    calibration = doc["calibration"]
    assert calibration["games"] == 16 and calibration["wins"] == 14
    assert 0 < calibration["shift_low"] < calibration["shift"] < calibration["shift_high"]
    assert calibration["recommends"] is True
    for level in doc["levels"]:
        expected = expit(logit(smoothed(level["wins"], level["games"])) + calibration["shift"])
        assert level["win_calibrated"] == pytest.approx(expected, abs=2e-6)
        assert (
            level["win_calibrated_low"] <= level["win_calibrated"] <= (level["win_calibrated_high"])
        )
    good = [lv["removed"] for lv in doc["levels"] if lv["win_calibrated"] >= 0.5]
    assert doc["recommended"]["removed"] == max(good)
    expert = ok_json(run(*ODDS, "--json", "--as", "expert"))
    assert expert["calibration"] is None
    plain = [lv["removed"] for lv in expert["levels"] if lv["win"] >= 0.5]
    assert expert["recommended"]["removed"] == max(plain) < doc["recommended"]["removed"]


def test_a_record_not_clearly_unlike_the_experts_leaves_the_recommendation_alone(run):
    _journal(7, 2)  # 7 of 9 where the expert wins 54%: better, but the interval holds 0
    doc = ok_json(run(*ODDS, "--json"))
    calibration = doc["calibration"]
    assert calibration["shift_low"] < 0 < calibration["shift"]
    assert calibration["recommends"] is False
    assert all("win_calibrated" in level for level in doc["levels"])  # still shown
    expert = ok_json(run(*ODDS, "--json", "--as", "expert"))
    assert doc["recommended"]["removed"] == expert["recommended"]["removed"]
    out = run(*ODDS).stdout
    assert "┃ Your table ┃" in out and "the recommendation stays the expert's" in out
    assert "your table's win" not in out


def test_the_text_shows_a_your_table_column_and_says_what_it_is(run):
    _journal(14, 2)
    out = run(*ODDS).stdout
    assert "┃ Your table ┃" in out
    words = " ".join(out.split())
    assert "Your table's odds of winning (wins to losses) are" in words
    assert "from 16 1-player games" in words
    assert "where the expert wins half its games, your table would win" in words
    assert "older expert" not in words  # all predicted by today's
    assert "the recommendation uses it" in out
    assert "your table's win" in out  # the recommendation is made on the table's chance
    assert "Your table" not in run(*ODDS, "--as", "expert").stdout


def test_setup_uses_the_table_odds_too(run):
    _journal(2, 7)  # a weaker table than the expert
    args = ("setup", *RULEBOOK, "--games", "200", "--workers", "1")
    doc = ok_json(run(*args, "--json"))["odds"]
    assert doc["calibration"]["games"] == 9 and doc["calibration"]["shift"] < 0
    assert all(lv["win_calibrated"] < lv["win"] for lv in doc["levels"] if lv["win"] > 0.01)
    assert "Your table" in run(*args).stdout
    assert ok_json(run(*args, "--json", "--as", "expert"))["odds"]["calibration"] is None


def test_a_broken_journal_warns_and_shows_the_experts_odds(run):
    path = Path(os.environ["COOP_HELPER_JOURNAL"])
    path.write_text("not a journal")
    result = run(*ODDS, "--json")
    assert result.exit_code == 0
    assert result.stderr.startswith("warning: ") and str(path) in result.stderr
    assert path.read_text() == "not a journal"
    basic = run(*ODDS, "--policy", "basic")  # no table odds were due: nothing to say
    assert basic.exit_code == 0 and "warning" not in basic.stderr


def test_a_damaged_journal_warns_and_shows_the_experts_odds(run):
    path = Path(os.environ["COOP_HELPER_JOURNAL"])
    _journal(40, 20)
    data = bytearray(path.read_bytes())
    assert len(data) > 3 * 4096
    data[4096:8096] = b"\xde\xad" * 2000
    path.write_bytes(bytes(data))
    result = run(*ODDS, "--json")
    assert result.exit_code == 0 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"warning: journal {path} is damaged")
    assert json.loads(result.stdout)["calibration"] is None
    assert path.read_bytes() == bytes(data)


def test_odds_and_setup_draw_a_chart(run, tmp_path):
    pytest.importorskip("matplotlib")
    _journal(7, 2)
    png, svg = tmp_path / "odds.png", tmp_path / "setup.svg"
    result = run(*ODDS, "--chart", str(png))
    assert result.exit_code == 0, result.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"Chart written to {png}" in result.stderr
    result = run(
        "setup", *RULEBOOK, "--games", "200", "--workers", "1", "--chart", str(svg), "--json"
    )
    assert result.exit_code == 0 and result.stderr == ""
    text = svg.read_text()
    assert "Win chance by cards removed: 1 player, Time Pile 15" in text
    assert "Your table (9 games)" in text and "Your table's 95% interval" in text
    assert math.isfinite(ok_json(result)["odds"]["calibration"]["shift"])


@pytest.mark.parametrize(
    "args, words",
    [
        (("odds", *RULEBOOK, "--as", "me"), "--as must be 'table'"),
        (("odds", *RULEBOOK, "--chart", "odds.gif"), "name the file .png or .svg"),
        (("setup", "--players", "2", "--no-odds", "--chart", "odds.png"), "drop --no-odds"),
    ],
)
def test_bad_odds_options_stop_before_simulating(run, args, words):
    result = run(*args)
    assert result.exit_code == 2 and words in result.stderr


def test_other_policies_get_no_table_odds(run):
    _journal(7, 2)
    doc = ok_json(run(*ODDS, "--policy", "basic", "--json"))
    assert doc["calibration"] is None


def test_a_journal_that_cannot_be_read_never_costs_the_odds(run, tmp_path, monkeypatch):
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(tmp_path))  # a folder, not a journal
    result = run(*ODDS)
    assert result.exit_code == 0, result.stderr
    assert "Win odds, 1 player" in result.stdout
    assert result.stderr.startswith("warning: journal") and result.stderr.count("\n") == 1


def test_the_short_journal_note_is_only_for_the_experts_odds(run):
    _journal(2, 1)
    assert "Your table's own odds need 5" in " ".join(run(*ODDS, "--as", "TABLE").stderr.split())
    assert "Your table's own odds need" not in run(*ODDS, "--policy", "basic").stderr
    assert "Your table's own odds need" not in run(*ODDS, "--as", "expert").stderr


def test_a_fit_on_games_an_older_expert_predicted_says_so(run):
    """The factor changed from 1.84x to 1.35x after `history repredict`, and nothing said
    most of its games were an older expert's."""
    with store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True) as journal:
        add(
            journal,
            *(make_record(won=True, policy_version="1") for _ in range(10)),
            *(make_record(removed=3, won=False) for _ in range(3)),
        )
    words = " ".join(run(*ODDS).stdout.split())
    assert "10 of the 13 games were predicted by an older expert" in words
    assert "'coop-helper history repredict' gives them today's chance" in words


def test_setup_says_whose_chances_its_bars_show_beside_the_tables(run):
    """setup's bars are the expert's; beside a recommendation made on the table's own odds
    they read as a contradiction ('remove 3: 2.5%' then 'your table's win 56.8%')."""
    _journal(14, 2)
    out = run("setup", *RULEBOOK, "--games", "40", "--workers", "1", "--explain").stdout
    assert "The bars: the expert's win chance." in out
    with_expert = run(
        "setup", *RULEBOOK, "--games", "40", "--workers", "1", "--as", "expert", "--explain"
    )
    assert "The bars:" not in with_expert.stdout


def test_the_tables_odds_left_out_are_said_to_be(run):
    """With enough games for a fit, the column vanished without a word for another team
    (--policy basic) and for a deal whose seal is unknown."""
    _journal(14, 2)
    basic = run("odds", *RULEBOOK, "--games", "40", "--workers", "1", "--policy", "basic")
    assert "Your table" not in basic.stdout
    assert "Your table's own odds are not shown: they are measured against the expert" in (
        basic.stderr
    )
    unknown = run("odds", "Fighter", "Jinx", "Ransom", "--games", "40", "--workers", "1")
    assert "they need the Time Pile, and a seal is unknown" in unknown.stderr
    expert = run("odds", *RULEBOOK, "--games", "40", "--workers", "1", "--as", "expert")
    assert "not shown" not in expert.stderr  # asked for the expert's: nothing to say


def test_without_a_fit_nothing_is_said_about_the_tables_odds(run):
    basic = run("odds", *RULEBOOK, "--games", "40", "--workers", "1", "--policy", "basic")
    assert basic.exit_code == 0 and "Your table" not in basic.stderr


@pytest.mark.parametrize("won", [True, False])
def test_a_table_that_won_or_lost_every_game_gets_odds_of_its_own(run, won):
    """Ten solo games at a level where the expert wins 28%, all won (or all lost): the
    penalised fit gives the table a column, shown as at least (at most) an interval end."""
    with store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True) as journal:
        add(journal, *(make_record(removed=5, won=won, predicted=(280, 1000)) for _ in range(10)))
    doc = ok_json(run(*ODDS, "--json"))
    calibration = doc["calibration"]
    assert calibration is not None and calibration["games"] == 10
    assert calibration["wins"] == (10 if won else 0)
    assert calibration["shown"] == ("at_least_low" if won else "at_most_high")
    assert (calibration["shift_low"] > 0) if won else (calibration["shift_high"] < 0)
    assert all("win_calibrated_low" in level for level in doc["levels"])
    shown = run(*ODDS)
    text = " ".join(shown.stdout.split())
    assert "Your table" in shown.stdout
    assert ("≥" if won else "≤") in shown.stdout
    bound = "at least" if won else "at most"
    assert f"Your table {'won' if won else 'lost'} all 10 1-player games" in text
    assert f"are {bound} " in text and "and the recommendation uses it" in text


@pytest.mark.parametrize(("wins", "losses"), [(14, 2), (6, 0), (0, 6)])
def test_the_table_odds_text_speaks_german(run, wins, losses):
    """The fit in words, its note and the brief line under German, with decimal commas;
    the English run's numbers, written the German way."""
    _journal(wins, losses)
    english = " ".join(run(*ODDS).stdout.split())
    german = " ".join(run("--lang", "de", *ODDS).stdout.split())
    for words in ("Your table", "odds of winning", "the expert's", "recommendation", "player"):
        assert words in english and words not in german, words
    if losses == 0:
        assert "Euer Tisch hat alle 6 Partien für 1 Spieler mit Vorhersage" in german
        assert "mindestens" in german and "(≥)" in german
    elif wins == 0:
        assert "verloren" in german and "höchstens" in german and "(≤)" in german
    else:
        factor = re.search(r"are (\d+\.\d\d)x the expert's", english)
        assert factor and f"ist {factor.group(1).replace('.', ',')}-mal die des" in german
        assert "aus 16 Partien für 1 Spieler mit Vorhersage des Experten" in german
