"""The command line in German (--lang de, or a German environment): the card data's German,
the catalog's sentences, errors as one German line; JSON and --help stay as they are."""

from __future__ import annotations

import json

import pytest

from coop_helper.setup.catalog import load_catalog
from tests.helpers.cli import ok_json
from tests.helpers.processes import run_cli

ENGLISH_WORDS = ("your", "display", "harbour", "active player", "Time Pile", "Victory Pile")


def test_every_contract_and_rank_has_its_german_in_the_card_data():
    catalog = load_catalog()
    for contract in catalog.contracts:
        assert contract.requirement_de and contract.requirement_de != contract.requirement
        assert not any(word in contract.requirement_de for word in ENGLISH_WORDS), contract.key
    for rank in catalog.ranks:
        assert (rank.name_de and rank.name_de != rank.name) or rank.name == "Pirate"


def test_rank_speaks_german_and_its_json_does_not_change(run):
    assert run("--lang", "de", "rank", "6").stdout.strip() == "6 Punkte: Kapitän"
    assert run("--lang", "de", "rank", "1").stdout.strip() == "1 Punkt: Landratte"
    assert ok_json(run("--lang", "de", "rank", "6", "--json")) == ok_json(
        run("rank", "6", "--json")
    )


def test_the_environment_asks_for_german_and_lang_overrides_it(run, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert "Punkte" in run("rank", "6").stdout
    assert run("--lang", "en", "rank", "6").stdout.strip() == "6 points: Captain"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run("rank", "6").stdout.strip() == "6 points: Captain"


def test_contracts_lists_german_names_and_requirements_first(run, monkeypatch):
    assert "Die 18 Aufträge" in run("--lang", "de", "contracts").stdout
    monkeypatch.setenv("COLUMNS", "50")  # the list: each contract's lines together
    out = run("--lang", "de", "contracts").stdout
    flat = " ".join(out.split())
    for contract in load_catalog().contracts:
        assert " ".join(contract.requirement_de.split()) in flat or contract.blue_seal
    assert "Kapitän + Mademoiselle in deiner Auslage" in flat
    assert "in your display" not in flat
    english = ok_json(run("contracts", "--json"))
    assert ok_json(run("--lang", "de", "contracts", "--json")) == english


def test_the_time_pile_and_its_unknown_seal_in_german(run):
    out = run("--lang", "de", "timepile", "Charmeur", "Seehoheit", "Galeonenschreck").stdout
    assert out.strip() == "Zeitstapel: 13 + (1 + 0 - 1) + 2 (G, H) = 15 Karten"
    blue = run("--lang", "de", "timepile", "Kämpfer", "Ransom", "Komiker").stdout
    assert "Lest das Siegel (oben rechts) von eurer Karte Ransom ab" in blue


@pytest.mark.parametrize(
    ("args", "german"),
    [
        (["rank", "40"], "Fehler: 40 Punkte: kein Spiel bringt mehr als 31"),
        (["rank"], "Fehler: coop-helper rank braucht POINTS. Beispiel: coop-helper rank 6"),
        (["setpu"], "Fehler: coop-helper hat keinen Befehl 'setpu': meintet ihr 'setup'?"),
        (["deal", "--players", "9"], "Fehler: --players muss 1 bis 5 sein, nicht 9"),
        (["odds", "Kämpfer", "Foo"], "Fehler: unbekannter Auftrag 'Foo'."),
        (["rank", "3", "4"], "Fehler: unerwartetes Argument '4': coop-helper rank nimmt nur"),
    ],
)
def test_errors_are_one_german_line_wherever_lang_stands(tmp_path, args, german):
    for line in ([*args, "--lang", "de"], ["--lang=de", *args]):
        done = run_cli(tmp_path, *line)
        err = done.stderr.decode()
        assert done.returncode == 2 and err.count("\n") == 1, err
        assert err.startswith(german), err


def test_a_german_environment_reaches_the_parsers_own_errors(tmp_path):
    done = run_cli(tmp_path, "setpu", LANGUAGE="de")
    assert done.stderr.decode().startswith("Fehler: coop-helper hat keinen Befehl 'setpu'")


def test_an_unknown_language_is_refused(run):
    result = run("--lang", "fr", "rank", "3")
    assert result.exit_code == 2


def test_json_errors_and_documents_keep_their_keys(run):
    args = ("timepile", "Kämpfer", "Pechvogel", "Komiker", "--json")
    doc = json.loads(run("--lang", "de", *args).stdout)
    assert doc == json.loads(run(*args).stdout)
    assert doc["time_pile"] is not None and "base" in doc


@pytest.mark.parametrize(
    ("args", "german"),
    [
        (("--players", "1"), "Fehler: play teilt nicht aus: teilt mit 'coop-helper deal"),
        (("--players", "9"), "Fehler: --players muss 1 bis 5 sein, nicht 9."),
        ((), "Fehler: nennt die offenen Aufträge, z. B. 'coop-helper play"),
    ],
)
def test_plays_errors_are_german(run, args, german):
    result = run("--lang", "de", "play", *args)
    assert result.exit_code == 2 and result.stderr.startswith(german), result.stderr


@pytest.mark.parametrize(
    ("code", "german"),
    [
        ("XX1", "'XX1' ist kein Teilcode: Teilcodes sehen aus wie PR1-0040HM"),
        ("PR2-0040HM", "der Teilcode 'PR2-0040HM' hat die Version '2'"),
        ("PR1-00", "der Teilcode 'PR1-00' hat 2 Zeichen nach 'PR1-', erwartet sind 6"),
        ("PR1-0040H!", "der Teilcode 'PR1-0040H!' enthält '!'"),
        ("PR1-0040HX", "der Teilcode 'PR1-0040HX' besteht seine Prüfung nicht"),
    ],
)
def test_a_mistyped_share_code_is_a_german_error(run, code, german):
    result = run("--lang", "de", "odds", "--code", code)
    assert result.exit_code == 2 and result.stderr.startswith("Fehler: " + german), result.stderr
    assert "share code" not in result.stderr
