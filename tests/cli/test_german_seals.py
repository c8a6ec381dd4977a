"""`seals set`, `unset` and `list` in German (--lang de); their JSON is the English run's."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from helpers.cli import ok_json

ENGLISH = (
    "Recorded",
    "Seals",
    "seal",
    "Contract",
    "Your",
    "recorded",
    "Stored",
    "Record",
    "Forgot",
    "replacing",
    "earlier",
    "already",
    "nothing",
    "changed",
    "card",
    "data",
)


def english_left(text: str) -> list[str]:
    """English words of ``text`` outside commands, paths and the contracts' English names
    (the data has no German name for Ransom and Tiny Royal Household)."""
    prose = re.sub(r"coop-helper [^\n]*|\S*/\S*|Ransom|Tiny Royal Household", " ", text)
    return sorted(set(re.findall(r"[A-Za-z]+", prose)) & set(ENGLISH))


@pytest.mark.parametrize("columns", ["100", "40"])
def test_seals_list_set_and_unset_speak_german(run, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    listed = run("--lang", "de", "seals", "list").stdout
    assert "Siegel, die in den Kartendaten fehlen" in listed and "nicht eingetragen" in listed
    said = [
        run("--lang", "de", "seals", "set", "Ransom", "1", "A").stdout,
        run("--lang", "de", "seals", "set", "Ransom", "1", "B").stdout,
        run("--lang", "de", "seals", "set", "Ransom", "1", "B").stdout,
        run("--lang", "de", "seals", "unset", "Ransom").stdout,
        run("--lang", "de", "seals", "unset", "Ransom").stdout,
    ]
    flat = [" ".join(text.split()) for text in said]
    assert flat[0].startswith("Ransom eingetragen: 1A (in ")
    assert flat[1].startswith("Ransom eingetragen: 1B, statt des früheren 1A")
    assert flat[2].startswith("Ransom eingetragen: 1B, wie es schon war")
    assert flat[3].startswith("Siegel von Ransom vergessen")
    assert flat[4].startswith("Für Ransom war kein Siegel eingetragen")
    known = run("--lang", "de", "seals", "unset", "Fighter")
    assert known.exit_code == 2 and known.stderr.startswith("Fehler: das Siegel von Kämpfer")
    for text in (listed, *said, known.stderr):
        assert english_left(text) == [], text


def test_seals_json_does_not_change_in_german(run):
    assert ok_json(run("--lang", "de", "seals", "list", "--json")) == ok_json(
        run("seals", "list", "--json")
    )
    german = ok_json(run("--lang", "de", "seals", "set", "Ransom", "2", "C", "--json"))
    assert (
        german["name"] == "Ransom"
        and german["seal"] == ok_json(run("seals", "set", "Ransom", "2", "C", "--json"))["seal"]
    )


@pytest.mark.parametrize(
    ("written", "german"),
    [
        ('x = "abc', "die Einstellungsdatei {path} ist kein gültiges TOML (die Datei endet"),
        ("seals = 3\n", "Einstellungsdatei {path}: 'seals' muss eine Tabelle wie [seals] sein."),
        ("[seals]\nRansom = 3\n", 'Einstellungsdatei {path}: seals.Ransom muss ein Text wie "1A"'),
        ("[seals]\nRansom = '1A'\nransom = '1B'\n", "nennen beide Ransom: behaltet eins"),
    ],
)
def test_settings_file_errors_are_german(run, written, german):
    path = os.environ["COOP_HELPER_CONFIG"]
    Path(path).write_text(written)
    result = run("--lang", "de", "seals", "list")
    assert result.exit_code == 2, result.stdout
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Fehler: ")
    assert german.format(path=path) in result.stderr, result.stderr


def test_a_known_seal_in_the_settings_file_is_a_german_warning(run):
    Path(os.environ["COOP_HELPER_CONFIG"]).write_text("[seals]\nFighter = '1A'\n")
    result = run("--lang", "de", "seals", "list")
    assert result.exit_code == 0
    assert "Warnung: Einstellungsdatei" in result.stderr
    assert "seals.Fighter wird nicht beachtet: das Siegel von Kämpfer" in result.stderr
