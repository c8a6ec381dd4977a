"""The page as players walk it, in a real browser: Debian's Chromium, driven by
Playwright, against the real server, at a phone's 360x800 and a desktop's 1280x800, in
English and German.

Every flow fails on a script error in the console and on a result or an error that
appears outside the screen.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from helpers.processes import run_cli
from helpers.web import serve

pytestmark = pytest.mark.slow  # the default run and CI run it; -m 'not slow' leaves it out

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
PHONE, DESKTOP = (360, 800), (1280, 800)
LOCALES = {"en": "en-GB", "de": "de-DE"}
ODDS_WAIT = 120_000  # ms: the simulation on a busy 2-core machine
# Set to a folder to keep the screenshots (the README's come from here).
SHOTS = os.environ.get("COOP_HELPER_SCREENSHOTS")

WORDS = {
    "en": {
        "setup": "Set up",
        "done": "within",
        "recorded_win": "Recorded game 1: won,",
        "recorded_loss": "Recorded game 2: lost",
        "two_games": "2 games, 1 won",
        "none": "No games recorded yet.",
        "by_turns": "by turns",
        "needs_seal": "needs the unknown seal",
        "bad_code": "share code",
        "steps": "Time Pile",
        "pp": "percentage points",
    },
    "de": {
        "setup": "Aufbau",
        "done": "genau",
        "recorded_win": "Partie 1 eingetragen: gewonnen,",
        "recorded_loss": "Partie 2 eingetragen: verloren",
        "two_games": "2 Partien, 1 gewonnen",
        "none": "Noch keine Partien eingetragen.",
        "by_turns": "nach Zügen",
        "needs_seal": "fehlt das unbekannte Siegel",
        "bad_code": "Teilcode",
        "steps": "Zeitstapel",
        "pp": "Prozentpunkte",
    },
}


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail("the browser tests need Debian's Chromium: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


class Player:
    """A page as one player holds it: its console watched, its results checked on screen."""

    def __init__(self, browser, url: str, size: tuple[int, int], lang: str, **options) -> None:
        width, height = size
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, locale=LOCALES[lang], **options
        )
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.size = size
        self.lang = lang
        self.words = WORDS[lang]
        self.page.goto(url)
        assert self.page.locator("html").get_attribute("lang") == lang

    def _console(self, message) -> None:
        # Chromium logs every 4xx answer; a 400 is the API refusing bad input, which the
        # page shows as its error line (checked on screen): any other error counts
        refused = "the server responded with a status of 400" in message.text
        if message.type == "error" and not refused:
            self.errors.append(message.text)

    def on_screen(self, selector: str) -> None:
        """The element is shown and its top part is inside the screen."""
        node = self.page.locator(selector)
        expect(node).to_be_visible()
        box = node.bounding_box()
        assert box is not None, selector
        height = self.size[1]
        top, bottom = box["y"], box["y"] + min(box["height"], height / 2)
        assert top >= 0 and bottom <= height, f"{selector} is off the screen: y={top:.0f}"

    def no_sideways_scroll(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        inner = self.page.evaluate("window.innerWidth")
        wide = self.page.evaluate(
            "[...document.querySelectorAll('body *')].filter((e) =>"
            " e.getBoundingClientRect().right > window.innerWidth + 1)"
            ".slice(-3).map((e) => e.tagName + '#' + e.id + '.' + e.className)"
        )
        assert width <= inner, f"the page scrolls sideways: {width} > {inner} pixels ({wide})"

    def tab(self, name: str) -> None:
        self.page.click(f"nav.tabs button[data-tab='{name}']")

    def shot(self, tmp_path: Path, name: str) -> None:
        folder = Path(SHOTS) if SHOTS else tmp_path
        folder.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(folder / f"{name}.png"), full_page=True)

    def close(self) -> None:
        assert not self.errors, f"script errors in the console: {self.errors}"
        self.context.close()


def _record(player: Player, won: bool) -> None:
    page = player.page
    page.check(f"input[name='won'][value='{1 if won else 0}']")
    page.click("#record-form button[type='submit']")
    expect(page.locator("#record-result p").first).to_be_visible()
    player.on_screen("#record-result")


def _confirm(player: Player, button: str) -> None:
    page = player.page
    expect(page.locator("#confirm")).to_be_visible()
    page.click(f"#confirm button[value='{button}']")
    expect(page.locator("#confirm")).to_be_hidden()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_deal_odds_advice_record_history_delete_undo(browser, tmp_path, size, lang):
    # with both blue seals recorded, every deal has a Time Pile
    for name in ("Ransom", "Tiny Royal Household"):
        assert run_cli(tmp_path, "seals", "set", name, "1", "B").returncode == 0
    words = WORDS[lang]
    with serve(tmp_path) as server:
        player = Player(browser, server.url, size, lang)
        page = player.page
        assert page.locator("nav.tabs button.active").inner_text() == words["setup"]
        player.no_sideways_scroll()
        # deal: the deal comes into the screen, the odds arrive and refine, the advice
        page.click("#deal-buttons button[data-players='3']")
        expect(page.locator("#game")).to_be_visible()
        player.on_screen("#game-title")
        assert page.locator("#game-contracts li").count() == 7
        assert page.locator("#game-code").inner_text().startswith("PR1-")
        page.locator("#odds-table tbody tr").first.wait_for()
        expect(page.locator("#odds-status")).to_contain_text(words["done"], timeout=ODDS_WAIT)
        assert page.locator("#odds-chart svg rect.bar").count() >= 2
        advice = page.locator("#recommend").inner_text()
        assert advice
        assert words["steps"] in page.locator("#steps").inner_text()
        assert "%" in page.locator("#odds-table tbody tr td").nth(2).inner_text()
        player.no_sideways_scroll()
        player.shot(tmp_path, f"setup-{lang}-{size[0]}")
        # the Record form follows the advice: the cards it says to remove
        removed = re.search(r"\d+", advice)
        page.click("#to-record")
        player.on_screen("#record-form")
        form_removed = page.locator("#rec-removed").input_value()
        assert form_removed == (removed.group(0) if "%" in advice else "0")
        assert page.locator("#rec-code").input_value() == page.locator("#game-code").inner_text()
        page.fill("#rec-note", "a fine evening")
        _record(player, won=True)
        assert page.locator("#record-result").inner_text().startswith(words["recorded_win"])
        assert (
            page.locator("#record-result a.bgstats")
            .get_attribute("href")
            .startswith("https://app.bgstatsapp.com/createPlay.html?data=")
        )
        page.check("input[name='won'][value='0']")
        page.fill("#rec-note", "")
        _record(player, won=False)
        assert page.locator("#record-result").inner_text().startswith(words["recorded_loss"])
        player.no_sideways_scroll()
        player.shot(tmp_path, f"record-{lang}-{size[0]}")
        # the history: both games with numbers and the note, the chart with its days
        player.tab("history")
        rows = page.locator("#hist-table tbody tr")
        expect(rows).to_have_count(2)
        assert rows.nth(0).locator("td").first.inner_text() == "2"  # the newest first
        assert "a fine evening" in rows.nth(1).inner_text()
        assert words["two_games"] in page.locator("#hist-summary").inner_text()
        chart = page.locator("#hist-chart svg")
        assert chart.locator("circle.win").count() == 1
        assert chart.locator("text.loss").count() == 1
        assert chart.locator("text.tick").count() >= 4  # points and days
        player.no_sideways_scroll()
        player.shot(tmp_path, f"history-{lang}-{size[0]}")
        # delete game 1 (asked first: keeping it changes nothing), then undo the last
        rows.nth(1).locator("button").click()
        _confirm(player, "keep")
        expect(rows).to_have_count(2)
        rows.nth(1).locator("button").click()
        _confirm(player, "remove")
        expect(rows).to_have_count(1)
        player.on_screen("#hist-done")
        page.click("#undo")
        _confirm(player, "remove")
        expect(page.locator("#hist-summary")).to_have_text(words["none"])
        expect(page.locator("#hist-table")).to_be_hidden()
        player.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_unknown_seal_deal_through_its_seal_question_to_the_odds(browser, tmp_path, lang):
    words = WORDS[lang]
    with serve(tmp_path) as server:
        player = Player(browser, server.url, PHONE, lang)
        page = player.page
        page.click("#dealt summary")
        for key in ("lady_killer", "ransom", "explorer"):
            page.check(f"#picks input[value='{key}']")
        player.no_sideways_scroll()
        player.shot(tmp_path, f"picks-{lang}-360")
        page.click("#use-picks")
        expect(page.locator("#seal-form")).to_be_visible()
        player.on_screen("#game-title")
        assert "Ransom" in page.locator("#seal-ask").inner_text()
        # before the seal: the odds count turns, and the page says why there is no advice
        page.locator("#odds-table tbody tr").first.wait_for()
        assert words["by_turns"] in page.locator("#odds-heading").inner_text()
        assert words["needs_seal"] in page.locator("#recommend").inner_text()
        assert words["needs_seal"] in page.locator("#difficulty-line").inner_text()
        player.shot(tmp_path, f"seal-{lang}-360")
        page.select_option("#seal-number", "1")
        page.fill("#seal-letter", "b")
        page.click("#seal-form button[type='submit']")
        expect(page.locator("#seal-form")).to_be_hidden()
        assert page.locator("#pile-arithmetic").inner_text().endswith("= 19")
        expect(page.locator("#odds-status")).to_contain_text(words["done"], timeout=ODDS_WAIT)
        assert words["by_turns"] not in page.locator("#odds-heading").inner_text()
        assert page.locator("#recommend").inner_text()
        assert words["needs_seal"] not in page.locator("#recommend").inner_text()
        # the next unknown seal asks afresh: nothing of Ransom's seal is kept
        page.uncheck("#picks input[value='ransom']")
        page.check("#picks input[value='tiny_royal_household']")
        page.click("#use-picks")
        expect(page.locator("#seal-form")).to_be_visible()
        assert page.locator("#seal-number").input_value() == "0"
        assert page.locator("#seal-letter").input_value() == ""
        player.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_mistakes_are_shown_on_screen(browser, tmp_path, lang):
    """A mistyped share code, a deal keeping too many contracts, a target of 0."""
    words = WORDS[lang]
    with serve(tmp_path) as server:
        player = Player(browser, server.url, PHONE, lang)
        page = player.page
        page.click("#dealt summary")
        page.fill("#code", "PR1-XXXX")
        page.click("#code-form button")
        expect(page.locator("#setup-error")).to_be_visible()
        assert words["bad_code"] in page.locator("#setup-error").inner_text()
        player.on_screen("#setup-error")
        page.click("#dealt summary")  # closed again
        page.click("#deal-options summary")
        for select in page.locator("#keep-avoid select").all()[:9]:
            select.select_option("keep")
        page.locator("#deal-buttons button[data-players='2']").click()
        expect(page.locator("#setup-error")).to_contain_text("keep")
        player.on_screen("#setup-error")
        # a share code that opens, then a target the advice cannot use
        page.click("#dealt summary")
        page.fill("#code", "pr1-0gccpy")
        page.click("#code-form button")
        expect(page.locator("#game")).to_be_visible()
        player.on_screen("#game-title")
        page.locator("#odds-table tbody tr").first.wait_for()
        # the odds finished, so nothing above the target moves it after the last keystroke
        expect(page.locator("#odds-status")).to_contain_text(words["done"], timeout=ODDS_WAIT)
        page.fill("#target", "0")
        player.on_screen("#target-error")
        player.no_sideways_scroll()
        player.close()


def test_a_later_deal_does_not_keep_the_earlier_advice_in_the_record_form(browser, tmp_path):
    with serve(tmp_path) as server:
        player = Player(browser, server.url, DESKTOP, "en")
        page = player.page
        page.click("#dealt summary")
        for code in ("PR1-08JMGX", "PR1-10YEYN"):
            page.fill("#code", code)
            page.click("#code-form button")
            expect(page.locator("#game-code")).to_have_text(code)
            expect(page.locator("#odds-status")).to_contain_text("within", timeout=ODDS_WAIT)
            if code == "PR1-08JMGX":
                assert page.locator("#rec-removed").input_value() != "0"
        assert page.locator("#recommend").inner_text().startswith("No removal reaches")
        assert "none" in page.locator("#recommend").get_attribute("class")
        page.click("#to-record")
        assert page.locator("#rec-removed").input_value() == "0"
        # a new target moves it too
        page.click("nav.tabs button[data-tab='setup']")
        page.fill("#target", "5")
        advice = page.locator("#recommend").inner_text()
        assert advice.startswith("Remove")
        assert page.locator("#rec-removed").input_value() == re.search(r"\d+", advice).group(0)
        player.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_contracts_tab_in_the_dark(browser, tmp_path, lang):
    with serve(tmp_path) as server:
        player = Player(browser, server.url, PHONE, lang, color_scheme="dark")
        page = player.page
        background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        channels = [int(c) for c in re.findall(r"\d+", background)[:3]]
        assert max(channels) < 60, background  # the phone's dark setting is followed
        player.tab("contracts")
        page.select_option("#con-players", "2")
        page.wait_for_selector("#con-list li .effect", timeout=ODDS_WAIT)
        assert page.locator("#con-list li").count() == 18
        assert WORDS[lang]["pp"] in page.locator("#con-list li .effect").first.inner_text()
        player.no_sideways_scroll()
        player.shot(tmp_path, f"contracts-dark-{lang}-360")
        # installable: the manifest and its icons
        manifest = page.request.get(server.url + "manifest.webmanifest").json()
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        for icon in manifest["icons"]:
            assert page.request.get(server.url + icon["src"].lstrip("/")).ok, icon
        player.close()
