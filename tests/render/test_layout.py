"""What a user sees at different terminal widths: nothing cut to nothing, notes wrapped at
the terminal's width."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]
FAST = ["--games", "200", "--workers", "1", "--quiet"]
JOURNAL_EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "journal-example.csv"


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


@pytest.mark.parametrize(
    "args, must_show",
    [
        (["odds", *EXAMPLE, *FAST], ["Remove 0 (15 turns): win", "95% interval", "Landlubber"]),
        (
            ["setup", "--players", "1", "--seed", "3", *FAST, "--explain"],
            ["1. Fighter (Kämpfer)", "seal 0A", "Remove 0 (14 turns)"],
        ),
        (
            ["setup", "--players", "1", "--seed", "3", *FAST],
            ["1. Fighter (Kämpfer)", "seal 0A", "  removed", "  win ", "To set up:"],
        ),
        (["deal", "--players", "2", "--seed", "3"], ["Galleon Foe (Galeonenschreck)", "seal -1H"]),
        (["contracts"], ["Lady Killer (Charmeur)", "seal 1G, coins 3 2 1", "also Little Gamester"]),
        (
            ["deal", "--players", "2", "--seed", "5", "--difficulty", "hard"],
            ["Deal for 2 players (hard,", "seal "],
        ),
        (["history"], ["1 player: 8 games, 5 won (62.5%)", "#12  2026-03-21  1 player"]),
        (["seals", "list"], ["Ransom", "not recorded", "coop-helper seals set NAME NUMBER"]),
        (
            ["deal", "--players", "2", "--keep", "Tiny Royal Household", "--seed", "4"],
            ["Tiny Royal Household", "--keep 'Tiny Royal Household' --seed 4"],
        ),
    ],
)
def test_a_narrow_terminal_gets_short_lines_with_everything(run, monkeypatch, args, must_show):
    if args[0] == "history":
        assert run("history", "import", str(JOURNAL_EXAMPLE)).exit_code == 0
    monkeypatch.setenv("COLUMNS", "40")
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    # a command or path to copy that does not fit goes on a line of its own, never broken
    lines = [
        line
        for line in _lines(result.stdout)
        if not (line.startswith("    coop-helper ") or re.fullmatch(r"    \S+", line))
    ]
    assert max(len(line) for line in lines) <= 40
    for text in must_show:
        assert text in result.stdout
    assert "…" not in result.stdout  # nothing cut


def test_the_unknown_seal_hints_wrap_under_their_own_indent(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    result = run("timepile", "Fighter", "Ransom", "Tiny Royal Household")
    assert result.exit_code == 0
    lines = result.stdout.rstrip("\n").split("\n")
    hints = lines[next(i for i, line in enumerate(lines) if line.startswith("  ? =")) :]
    assert len(hints) > 6 and all(line.startswith("  ") for line in hints), hints
    command = "    coop-helper seals set 'Tiny Royal Household' NUMBER LETTER"
    assert command in lines  # a command to copy stays on one line
    assert all(len(line) <= 50 for line in lines if line != command)


def test_notes_under_the_odds_wrap_at_the_terminal_width(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = run("odds", "Fighter", "Jinx", "Ransom", *FAST)
    assert result.exit_code == 0, result.stderr
    notes = _lines(result.stdout.split("└")[-1])[1:]
    assert notes and max(len(line) for line in notes) > 60
    assert max(len(line) for line in notes) <= 80


def test_a_wide_terminal_keeps_the_table(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    result = run("odds", *EXAMPLE, *FAST)
    assert "Win with rank" in result.stdout and "┃ Removed" in result.stdout


def test_history_keeps_notes_readable_at_80_columns(run, monkeypatch):
    long = "close one, the last Tax Increase came too late " * 20
    game = ("record", *EXAMPLE, "--removed", "2", "--won", "--note", long)
    assert run(*game).exit_code == 0
    assert run(*game[:-2], "--note", "short").exit_code == 0
    monkeypatch.setenv("COLUMNS", "80")
    out = run("history").stdout
    assert "┃ Note" not in out  # no room for a column: the notes follow the table
    assert "#1: close one, the last Tax Increase came too late" in out and "#2: short" in out
    assert max(len(line) for line in _lines(out)) <= 80
    assert len(out.splitlines()) < 60  # a long note is cut, not spread over many lines
    monkeypatch.setenv("COLUMNS", "120")
    assert "┃ Note" in run("history").stdout


@pytest.mark.parametrize(
    "args",
    [
        ["contracts"],
        ["deal", "--players", "2", "--seed", "1"],
        ["setup", "--players", "2", "--seed", "1", *FAST],
    ],
)
def test_output_to_a_pipe_has_no_trailing_spaces(args):
    done = subprocess.run(
        [sys.executable, "-m", "coop_helper", *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "80"},
    )
    lines = done.stdout.splitlines()
    assert lines and not [line for line in lines if line.endswith(" ")]


@pytest.mark.parametrize("columns", ["66", "72", "80"])
def test_history_never_cuts_a_cell_between_the_list_and_a_wide_table(
    run, monkeypatch, tmp_path, columns
):
    games = tmp_path / "games.csv"
    games.write_text(
        "played_on,code,removed,won\n2026-01-02,PR1-0040HM,9,true\n2026-01-03,PR1-0040HM,2,false\n"
    )
    assert run("history", "import", str(games)).exit_code == 0
    monkeypatch.setenv("COLUMNS", columns)
    out = run("history").stdout
    assert "Ruler of the Seas (9)" in out and "PR1-0040HM" in out and "…" not in out
    assert max(len(line) for line in _lines(out)) <= int(columns)


def test_the_contracts_table_keeps_room_for_requirements_at_80_columns(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    out = run("contracts").stdout
    assert "┃ Contract (German)" in out and "┃ German" not in out
    assert "(Fregattenschreck)" in out and "…" not in out
    assert "│ trade with a Frigate and decline │" in out  # not three words a line
    assert max(len(line) for line in _lines(out)) <= 80
    monkeypatch.setenv("COLUMNS", "120")
    assert "┃ German" in run("contracts").stdout


@pytest.mark.parametrize("columns", ["30", "50", "80"])
def test_the_time_pile_sum_breaks_between_terms_not_inside_brackets(run, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    names = ["Jinx", "Galleon Foe", "Maritime Supremacy", "Ransom", "Lady Killer", "Explorer"]
    result = run("timepile", *names, "Comedian")
    assert result.exit_code == 0
    lines = result.stdout.split("\n")
    formula = lines[: next(i for i, line in enumerate(lines) if line.startswith("  ? ="))]
    assert " ".join(formula).startswith("Time Pile: 13 + (-1 - 1 + 0 + 1 + 1 + 0 + ?) + 5..6")
    for line in formula:
        assert len(line) <= int(columns) and line.count("(") == line.count(")"), line
    assert any("5..6 (E, F, G, H, I, ?)" in line for line in formula)  # a count by its letters


def test_a_seal_option_in_the_time_pile_hint_is_never_split_from_its_value(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    result = run("timepile", "Tiny Royal Household", "Fighter", "Jinx")
    lines = result.stdout.splitlines()
    assert "  --seal NAME=NL, e.g." in lines
    assert "  --seal 'Tiny Royal Household=1A'" in lines


@pytest.mark.parametrize(
    "text",
    ["a (b (c) d) e f g h", "x (unclosed y z w", "foo(bar) baz qux", "(A, B) C", "a  b   (c d)"],
)
def test_wrapping_keeps_every_character_of_text_it_cannot_pair(text):
    from coop_helper.render.tables import wrap_keeping_brackets

    lines = wrap_keeping_brackets(text, 8)
    assert " ".join(lines).split() == text.split()  # nothing dropped, no space added


def test_history_at_80_columns_wraps_a_long_rank_rather_than_listing(run, monkeypatch, tmp_path):
    """With the expert's chance beside it, "Ruler of the Seas (9)" made the games table two
    columns too wide at 80, and the table became a list (meant for under 64 columns)."""
    games = tmp_path / "games.csv"
    games.write_text(
        "played_on,code,removed,won,moves,predicted_win,predicted_wins,predicted_games,policy,"
        "policy_version\n2026-01-02,PR1-0040HM,8,true,1,0.042,42,1000,expert,3\n"
    )
    assert run("history", "import", str(games)).exit_code == 0
    monkeypatch.setenv("COLUMNS", "80")
    out = run("history").stdout
    assert "┃ Result" in out and "Ruler of the Seas" in out and "(9)" in out
    assert "4.2%" in out and "…" not in out
    assert max(len(line) for line in _lines(out)) <= 80


@pytest.mark.parametrize("args", [["contracts", "--players", "1"], ["seals", "list"]])
def test_the_last_boxed_tables_become_lists_on_a_narrow_terminal(run, monkeypatch, args):
    """The difficulty table and the seals list stayed boxed under 64 columns, splitting
    values such as '-6 pts (-19' / 'to +7)' over two lines."""
    monkeypatch.setenv("COLUMNS", "50")
    out = run(*args).stdout
    assert "┃" not in out and "│" not in out
    assert "Ransom" in out
    monkeypatch.setenv("COLUMNS", "120")
    assert "┃" in run(*args).stdout
