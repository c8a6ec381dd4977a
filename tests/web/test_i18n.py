"""The page in English and German: the browser's language, the switch, complete catalogs
that ship compiled, and the German contract names from the card data only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.web import client

import coop_helper.web
from coop_helper.setup.catalog import load_catalog
from coop_helper.text import i18n as text_i18n
from coop_helper.web import i18n

WEB = Path(coop_helper.web.__file__).parent
PO = text_i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "messages.po"
MO = text_i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "messages.mo"


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-GB,en;q=0.9,de;q=0.8", "en"),
        ("fr-FR,fr;q=0.9,de;q=0.5", "de"),
        ("fr-FR", "en"),
        ("en;q=0.4,de;q=0.6", "de"),
        ("de;q=0", "en"),
        ("", "en"),
        ("*", "en"),
    ],
)
def test_the_page_follows_the_browsers_language(header, lang):
    assert i18n.from_accept_language(header) in (lang, None if lang == "en" else lang)
    page = client().get("/", headers={"accept-language": header})
    assert f'<html lang="{lang}">' in page.text
    assert ("Aufbau" in page.text) == (lang == "de")
    assert ("Set up" in page.text) == (lang == "en")


def test_the_switch_is_remembered_over_the_browsers_language():
    phone = client()
    assert "Aufbau" in phone.get("/", params={"lang": "de"}).text
    again = phone.get("/", headers={"accept-language": "en"})
    assert '<html lang="de">' in again.text
    assert '<html lang="en">' in phone.get("/", params={"lang": "en"}).text


def _template_messages() -> set[str]:
    from babel.messages.extract import extract_from_dir

    found = extract_from_dir(
        str(WEB),
        method_map=[("**/templates/**.html", "jinja2")],
        options_map={"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}},
    )
    return {message for _file, _line, message, _comments, _context in found}


def test_every_text_of_the_page_has_its_german():
    """(The whole catalog, the command line's too, is checked in test_i18n.py.)"""
    from babel.messages.pofile import read_po

    catalog = read_po(PO.open("rb"))
    german = {m.id: m.string for m in catalog if m.id}
    wanted = _template_messages()
    assert wanted, "no text found in the template"
    missing = sorted(m for m in wanted if not german.get(m))
    assert not missing, f"no German for: {missing}"


def test_the_installed_package_has_the_templates_static_files_and_catalog():
    for part in ("templates/index.html", "static/app.js", "static/app.css", "static/icon.svg"):
        assert (WEB / part).is_file(), part
    assert MO.is_file()


def test_german_contract_names_come_from_the_card_data_only():
    page = client().get("/", headers={"accept-language": "de"}).text
    for contract in load_catalog().contracts:
        if contract.name_de:
            assert contract.name_de in page
        else:  # a blue-seal card the data names only in English keeps that name
            assert contract.blue_seal
            assert f"<span>{contract.name}</span>" in page
    assert '"name_de": null' in page  # the page's data says so, it does not make one up


def test_the_german_page_carries_the_german_requirements_and_rank_names():
    page = client().get("/", headers={"accept-language": "de"}).text
    catalog = load_catalog()
    for contract in catalog.contracts:  # in the page's data, as JSON writes it
        assert json.dumps(contract.requirement_de)[1:-1] in page
    assert json.dumps({"Captain": "Kapitän"})[1:-1] in page
    english = client().get("/", headers={"accept-language": "en"}).text
    assert "in deiner Auslage" not in english and '"Captain": "Captain"' in english


def test_the_api_answers_errors_in_the_readers_language():
    phone = client()
    german = phone.get("/api/rank", params={"points": "40"}, headers={"accept-language": "de"})
    assert german.status_code == 400
    assert german.json()["error"].startswith("40 Punkte: kein Spiel bringt mehr als 31")
    english = phone.get("/api/rank", params={"points": "40"}, headers={"accept-language": "en"})
    assert english.json()["error"].startswith("40 points: no game scores more than 31")
    phone.get("/", params={"lang": "de"})  # the switch, remembered in a cookie
    switched = phone.get("/api/rank", params={"points": "40"}, headers={"accept-language": "en"})
    assert switched.json()["error"].startswith("40 Punkte")
    # the documents themselves stay as they are: the rank by its English name
    assert phone.get("/api/rank", params={"points": "6"}).json()["rank"] == "Captain"


def test_the_journal_answers_in_german_on_the_german_page():
    from helpers.web import page_csrf

    phone = client()
    csrf = page_csrf(phone, lang="de")
    headers = {"x-csrf-token": csrf}
    solo = [("contract", n) for n in ("Lady Killer", "Maritime Supremacy", "Galleon Foe")]
    code = phone.get("/api/timepile", params=solo).json()["code"]
    game = {"code": code, "won": False, "removed": 2, "moves": 9, "date": "2026-11-30"}
    first = phone.post("/api/record", json=game, headers=headers)
    assert first.status_code == 200, first.text
    assert first.json()["warnings"][0].startswith("--moves 9: mehr Verschiebungen bei")
    again = phone.post("/api/record", json=game, headers=headers).json()["warnings"]
    assert again[0].startswith("das Spieltagebuch enthält eine Partie vom selben Tag")
    assert "Partie 1: 2026-11-30, 1 Spieler" in again[0] and "als Partie 2 behalten" in again[0]
    errors = {
        "removed": ({**game, "removed": None}, "sagt, wie viele Karten vor dem Spiel"),
        "future": ({**game, "date": "2999-01-01"}, "--date 2999-01-01 liegt in der Zukunft"),
        "too many": ({**game, "removed": 40}, "--removed 40 ist mehr als der Zeitstapel"),
    }
    for name, (body, german) in errors.items():
        answer = phone.post("/api/record", json=body, headers=headers)
        assert answer.status_code == 400 and answer.json()["error"].startswith(german), name
    gone = phone.post("/api/history/remove", json={"id": 99}, headers=headers)
    assert gone.json()["error"].startswith("das Spieltagebuch enthält keine Partie 99")
    bad = phone.post(
        "/api/record", content=b"{", headers={**headers, "content-type": "application/json"}
    )
    assert bad.json()["error"] == "das gesendete Dokument ist kein JSON."
    # the documents stay as they are: the English run's keys and values
    assert phone.get("/api/history").json()["games"][0]["won"] is False
