"""What a user sees at different terminal widths: nothing cut to nothing, notes wrapped at
the terminal's width."""

from __future__ import annotations

import pytest

EXAMPLE = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]
FAST = ["--games", "200", "--workers", "1", "--quiet"]


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


@pytest.mark.parametrize(
    "args, must_show",
    [
        (["odds", *EXAMPLE, *FAST], ["Remove 0 (15 turns): win", "95% interval", "Landlubber"]),
        (
            ["setup", "--players", "1", "--seed", "3", *FAST],
            ["1. Fighter (Kämpfer)", "seal 0A", "Remove 0 (14 turns)"],
        ),
        (["deal", "--players", "2", "--seed", "3"], ["Galleon Foe (Galeonenschreck)", "seal -1H"]),
        (["contracts"], ["Lady Killer (Charmeur)", "seal 1G, coins 3 2 1", "also Little Gamester"]),
    ],
)
def test_a_narrow_terminal_gets_short_lines_with_everything(run, monkeypatch, args, must_show):
    monkeypatch.setenv("COLUMNS", "40")
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    # one-line facts with commands to copy are left for the terminal to wrap (soft wrap)
    copyable = ("Seed:", "Share code:", "Time Pile:", "Recommended", "A win")
    lines = [line for line in _lines(result.stdout) if not line.startswith(copyable)]
    assert max(len(line) for line in lines) <= 40
    for text in must_show:
        assert text in result.stdout
    assert "…" not in result.stdout  # nothing cut


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
