"""The journal in German (--lang de): `record`, `history` and its subcommands say every
sentence, heading and warning in German, their errors are one German line, and their JSON
is the English run's."""

from __future__ import annotations

import re

import pytest
from helpers.cli import ok_json
from helpers.journal_cli import RECORD, sample_journal

# English words of the journal's outputs; none may be left in the German text (commands
# and options quoted in it, such as 'coop-helper history repredict' or --removed, stay).
ENGLISH = (
    "Recorded",
    "won",
    "lost",
    "player",
    "players",
    "game",
    "games",
    "removed",
    "moved",
    "Tax",
    "Victory",
    "Pile",
    "expert",
    "journal",
    "Among",
    "your",
    "Month",
    "Year",
    "Result",
    "Date",
    "Deal",
    "Note",
    "Notes",
    "Win",
    "rate",
    "best",
    "rank",
    "warning",
    "the",
    "of",
    "and",
    "with",
    "left",
    "matches",
    "exist",
    "folder",
    "file",
)


def english_left(text: str) -> list[str]:
    """The English words of ``text`` outside quoted commands, options and file paths."""
    prose = re.sub(r"'[^']*'|--[\w-]+|\S*/\S*", " ", text)
    words = set(re.findall(r"[A-Za-z]+", prose))
    return sorted(words & set(ENGLISH))


def german(run, *args: str) -> str:
    result = run("--lang", "de", *args)
    assert result.exit_code == 0, result.stderr
    return result.stdout + result.stderr


def test_record_speaks_german_with_its_warnings(run, predicted):
    won = german(run, *RECORD, "--removed", "3", "--moves", "1", "--won", "--date", "2026-01-08")
    flat = " ".join(won.split())
    assert "Partie 1 eingetragen (2026-01-08, 1 Spieler, PR1-0040HM): gewonnen: Pirat" in flat
    assert "euer erster Sieg in 1 Partie" in flat
    assert english_left(won) == []
    lost = german(run, *RECORD, "--removed", "3", "--moves", "9", "--lost", "--date", "2026-01-08")
    flat = " ".join(lost.split())
    assert "eine Niederlage; bisher 1 Sieg in 2 Partien" in flat
    assert "Warnung: --moves 9: mehr Verschiebungen bei Steuererhöhungen" in flat
    twin = german(run, *RECORD, "--removed", "3", "--moves", "9", "--lost", "--date", "2026-01-08")
    assert "Warnung: das Spieltagebuch enthält eine Partie vom selben Tag" in twin
    assert english_left(lost) == [] and english_left(twin) == []


def test_record_errors_are_german(run):
    result = run("--lang", "de", *RECORD, "--won")
    assert result.exit_code == 2
    assert result.stderr.startswith("Fehler: sagt, wie viele Karten vor dem Spiel")
    result = run("--lang", "de", *RECORD, "--removed", "2", "--won", "--lost")
    assert result.stderr.strip().endswith("wie die Partie ausging, nicht mit beiden.")


@pytest.mark.parametrize("columns", ["120", "50"])
def test_history_speaks_german_wide_and_narrow(run, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    sample_journal()
    out = german(run, "history")
    flat = " ".join(out.split())
    assert "Spieltagebuch: 6 Partien, 4 gewonnen, 2 verloren; bester Rang" in flat
    assert "Nach Spielerzahl" in flat and "Erreichter Rang im Lauf der Zeit, nach Monat" in flat
    assert "Gegen den Experten: ihr habt" in flat
    assert english_left(out) == [], out
    assert english_left(german(run, "history", "--last", "2")) == []
    assert english_left(german(run, "history", "--players", "4")) == []


def test_history_json_does_not_change_in_german(run):
    sample_journal()
    assert ok_json(run("--lang", "de", "history", "--json")) == ok_json(run("history", "--json"))


def test_delete_and_undo_ask_and_answer_in_german(run, at_terminal):
    sample_journal()
    asked = at_terminal("n", "--lang", "de", "history", "undo")
    assert "Das entfernt Partie 6: 2026-03-01" in asked.stderr
    assert "Entfernen?" in asked.stderr
    assert "Nichts entfernt: das Spieltagebuch ist unverändert." in asked.stderr
    done = german(run, "history", "delete", "1", "--yes")
    assert done.startswith("Entfernt: Partie 1: 2026-01-08") and "5 Partien übrig." in done
    assert english_left(asked.stderr) == [] and english_left(done) == []
    missing = run("--lang", "de", "history", "delete", "99", "--yes")
    assert missing.exit_code == 2
    assert missing.stderr.startswith("Fehler: das Spieltagebuch enthält keine Partie 99")


def test_export_and_import_speak_german(run, tmp_path):
    empty = run("--lang", "de", "history", "export", str(tmp_path / "games.csv"))
    assert empty.exit_code == 2 and "noch keine Partien eingetragen" in empty.stderr
    sample_journal()
    done = german(run, "history", "export", str(tmp_path / "games.csv"))
    assert done.startswith("6 Partien exportiert nach")
    folder = run("--lang", "de", "history", "export", str(tmp_path))
    assert folder.stderr.startswith("Fehler: ") and "ist ein Ordner" in folder.stderr
    absent = run("--lang", "de", "history", "import", str(tmp_path / "none.csv"))
    assert absent.stderr.startswith("Fehler: ") and "gibt es nicht" in absent.stderr
    again = german(run, "history", "import", str(tmp_path / "games.csv"))
    assert "0 von 6 Partien" in again and "übersprungen" in again
    for text in (empty.stderr, folder.stderr, absent.stderr, again):
        assert english_left(text) == [], text


def test_import_file_errors_are_german(run, tmp_path):
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    header = tmp_path / "header.csv"
    header.write_text("played_on,code\n2026-01-01,PR1-0040HM\n")
    cases = {
        "spiele.txt": "nennt die Datei .csv oder .json",
        str(empty): "ist leer: eine Spieltagebuch-Datei hat eine Zeile",
        str(header): "der Kopfzeile fehlt removed, won",
    }
    for file, german_text in cases.items():
        result = run("--lang", "de", "history", "import", file)
        assert result.exit_code == 2 and result.stderr.startswith("Fehler: "), result.stderr
        assert german_text in result.stderr, result.stderr
        # the column names (played_on, code, removed, won, ...) are the file's, not English
        prose = re.sub(r"\b(played_on|code|removed|won|moves|note|seals)\b", " ", result.stderr)
        assert english_left(prose) == [], result.stderr
    exists = tmp_path / "games.csv"
    exists.write_text("x")
    sample_journal()
    taken = run("--lang", "de", "history", "export", str(exists))
    assert "gibt es schon: wählt einen anderen Namen oder ersetzt sie mit --force" in taken.stderr


def test_repredict_speaks_german(run):
    assert german(run, "history", "repredict").strip() == (
        "Keine Partien eingetragen: nichts bekommt eine Chance."
    )
    sample_journal()
    with_chance = " ".join(german(run, "history", "repredict", "-q").split())
    assert "Partie" in with_chance and "Experten" in with_chance
    assert english_left(with_chance) == [], with_chance


def test_import_row_errors_are_german(run, tmp_path):
    rows = {
        "won,players\n2026-01-01,PR1-0040HM,3,maybe,1": "Zeile 2: won muss true oder false sein",
        "won,players\n2026-01-01,PR1-0040HM,3,true,4": "players 4 passt nicht zum Teilcode",
        "won,seals\n2026-01-01,PR1-0040HM,3,true,Ransom=9Z": "'9Z' ist kein Siegel",
        "won,id\n2026-01-01,PR1-0040HM,3,true,0": "id (die Nummer der Partie) muss",
        "won\n2026-01-01,PR1-0040HM,3,": "won fehlt",
    }
    for number, (row, german_text) in enumerate(rows.items()):
        file = tmp_path / f"rows{number}.csv"
        file.write_text("played_on,code,removed," + row + "\n")
        result = run("--lang", "de", "history", "import", str(file))
        assert result.exit_code == 2 and result.stderr.startswith("Fehler: "), result.stderr
        assert german_text in result.stderr and "Nichts wurde importiert." in result.stderr
        prose = re.sub(r"\b(played_on|code|removed|won|players|seals|id)\b", " ", result.stderr)
        assert english_left(prose) == [], result.stderr
    # a row kept without its prediction says why, in German
    kept = tmp_path / "kept.csv"
    kept.write_text(
        "played_on,code,removed,won,predicted_win,predicted_wins,predicted_games,policy\n"
        "2026-01-01,PR1-0040HM,3,true,0.5,10,100,expert\n"
    )
    said = german(run, "history", "import", str(kept))
    assert "Zeile 2 (predicted_win 0.5 ist nicht predicted_wins 10 von predicted_games 100)" in said
