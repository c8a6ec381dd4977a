"""The page in a real browser: Debian's Chromium, driven by Playwright, against the real
server, at a phone's 360x800 and a desktop's 1280x800."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.processes import run_cli
from helpers.web import serve

expect = pytest.importorskip("playwright.sync_api").expect

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SIZES = [(360, 800), (1280, 800)]
# Set to a folder to keep the screenshots (the README's come from here).
SHOTS = os.environ.get("COOP_HELPER_SCREENSHOTS")


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail("the browser tests need Debian's Chromium: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


def _shot(page, tmp_path: Path, name: str) -> None:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"the page scrolls sideways: {width} > {inner} pixels"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_deal_watch_the_odds_record_and_see_the_history(browser, tmp_path, width, height):
    # the deal is random: with both blue seals recorded, every deal has a Time Pile
    for name in ("Ransom", "Tiny Royal Household"):
        assert run_cli(tmp_path, "seals", "set", name, "1", "B").returncode == 0
    with serve(tmp_path) as server:
        context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
        page = context.new_page()
        page.goto(server.url)
        assert page.locator("nav.tabs button.active").inner_text() == "Set up"
        _no_sideways_scroll(page)
        page.click("#deal-buttons button[data-players='3']")
        page.wait_for_selector("#game:not([hidden])")
        assert page.locator("#game-contracts li").count() == 7
        assert page.locator("#game-code").inner_text().startswith("PR1-")
        assert "= " in page.locator("#pile-arithmetic").inner_text()
        # the atlas's answer first, then the simulation's as it refines, then done
        page.locator("#odds-table tbody tr").first.wait_for()
        statuses = set()
        page.expose_function("seen", lambda text: statuses.add(text.split(" ")[0]))
        page.evaluate(
            "new MutationObserver(() => seen(document.getElementById('odds-status')"
            ".textContent)).observe(document.getElementById('odds-status'),"
            " {childList: true, characterData: true, subtree: true})"
        )
        expect(page.locator("#odds-status")).to_contain_text("within", timeout=120_000)
        assert "Simulated" in statuses  # it refined live before it was done
        assert page.locator("#odds-chart svg rect.bar").count() >= 2
        assert page.locator("#recommend").inner_text().startswith(("Remove", "No removal"))
        assert "Time Pile" in page.locator("#steps").inner_text()
        _no_sideways_scroll(page)
        _shot(page, tmp_path, f"setup-{width}")
        # after the game: record it
        page.click("#to-record")
        assert page.locator("#rec-code").input_value() == page.locator("#game-code").inner_text()
        page.check("input[name='won'][value='1']")
        page.fill("#rec-note", "a fine evening")
        page.click("#record-form button[type='submit']")
        page.wait_for_selector("#record-result p")
        assert page.locator("#record-result").inner_text().startswith("Recorded game 1: won,")
        _no_sideways_scroll(page)
        # and see it in the history
        page.click("nav.tabs button[data-tab='history']")
        page.wait_for_selector("#hist-table tbody tr")
        assert page.locator("#hist-table tbody tr").count() == 1
        assert "1 game, 1 won" in page.locator("#hist-summary").inner_text()
        assert page.locator("#hist-chart svg circle.win").count() == 1
        _no_sideways_scroll(page)
        _shot(page, tmp_path, f"history-{width}")
        # the contracts with their difficulty for a player count
        page.click("nav.tabs button[data-tab='contracts']")
        page.select_option("#con-players", "2")
        page.wait_for_selector("#con-list li .effect")
        assert page.locator("#con-list li").count() == 18
        _no_sideways_scroll(page)
        _shot(page, tmp_path, f"contracts-{width}")
        context.close()


def test_german_page_with_tapped_contracts_and_an_unknown_seal(browser, tmp_path):
    with serve(tmp_path) as server:
        context = browser.new_context(viewport={"width": 360, "height": 800}, locale="de-DE")
        page = context.new_page()
        page.goto(server.url)
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.locator("nav.tabs button.active").inner_text() == "Aufbau"
        page.click("#dealt summary")
        for key in ("lady_killer", "ransom", "explorer"):
            page.check(f"#picks input[value='{key}']")
        labels = [text.strip() for text in page.locator("#picks label").all_inner_texts()]
        assert any(text.startswith("Charmeur") for text in labels)
        ransom = next(text for text in labels if "Ransom" in text)
        assert ransom == "Ransom"  # no German name in the card data: none invented
        page.click("#use-picks")
        page.wait_for_selector("#seal-form:not([hidden])")
        assert "Ransom" in page.locator("#seal-ask").inner_text()
        assert "Siegel unbekannt" in page.locator("#game-contracts").inner_text()
        _no_sideways_scroll(page)
        _shot(page, tmp_path, "seal-de-360")
        page.select_option("#seal-number", "1")
        page.fill("#seal-letter", "b")
        page.click("#seal-form button[type='submit']")
        page.wait_for_selector("#seal-form", state="hidden")
        assert page.locator("#pile-arithmetic").inner_text().endswith("= 19")
        expect(page.locator("#odds-status")).to_contain_text("genau", timeout=120_000)
        assert page.locator("#steps").inner_text().startswith("Aufbau:")
        _no_sideways_scroll(page)
        _shot(page, tmp_path, "setup-de-360")
        # the switch goes to English and stays there
        page.click("#lang-switch")
        page.wait_for_selector("html[lang='en']")
        page.goto(server.url.split("?")[0])
        assert page.locator("nav.tabs button.active").inner_text() == "Set up"
        context.close()


def test_a_share_code_pasted_opens_its_deal(browser, tmp_path):
    with serve(tmp_path) as server:
        context = browser.new_context(viewport={"width": 360, "height": 800})
        page = context.new_page()
        page.goto(server.url)
        page.click("#dealt summary")
        page.fill("#code", "pr1-0gccpy")
        page.click("#code-form button")
        page.wait_for_selector("#game:not([hidden])")
        assert page.locator("#game-code").inner_text() == "PR1-0GCCPY"
        assert page.locator("#game-contracts li").count() == 7
        page.fill("#code", "PR1-XXXX")
        page.click("#code-form button")
        page.wait_for_selector("#setup-error:not([hidden])")
        assert "share code" in page.locator("#setup-error").inner_text()
        context.close()


def test_a_deal_by_difficulty_keeps_and_avoids(browser, tmp_path):
    with serve(tmp_path) as server:
        context = browser.new_context(viewport={"width": 360, "height": 800})
        page = context.new_page()
        page.goto(server.url)
        page.click("#deal-options summary")
        page.select_option("#difficulty", "easy")
        page.select_option("#keep-avoid select[data-key='explorer']", "keep")
        page.select_option("#keep-avoid select[data-key='fighter']", "avoid")
        _no_sideways_scroll(page)
        page.click("#deal-buttons button[data-players='2']")
        page.wait_for_selector("#game:not([hidden])")
        names = page.locator("#game-contracts li strong").all_inner_texts()
        assert len(names) == 5 and "Explorer" in names and "Fighter" not in names
        assert page.locator("#difficulty-line").inner_text().startswith("Difficulty:")
        context.close()
