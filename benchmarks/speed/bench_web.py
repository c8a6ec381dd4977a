"""The web page's speed: the server up after `serve`, and the first answer after a tap.

1. Server up: from starting `coop-helper serve --port 0` to its first answered request
   (the page), over --starts runs.
2. First answer over HTTP: a deal (GET /api/deal), its Time Pile (GET /api/timepile) and
   the odds stream's first event (the atlas's odds), as the page asks for them, over
   --taps deals.
3. First answer in the browser (Debian's Chromium, headless): from the tap on a player
   count to the odds table showing the atlas's odds (timed in the page), over --taps taps
   at 360x800, each tap while the previous deal's simulation runs.

The issue's bounds: the server up within 1 s, the first answer within 0.3 s.

Run by hand:  python -m benchmarks.speed.bench_web [--starts 10] [--taps 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from benchmarks.common import parse_args

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def cpu_seconds(pid: int) -> float:
    """User and system time a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(folder: Path) -> tuple[subprocess.Popen[str], str, float]:
    """Start a server; its process, address and seconds until it answered."""
    env = {
        **os.environ,
        "COOP_HELPER_CONFIG": str(folder / "config.toml"),
        "COOP_HELPER_JOURNAL": str(folder / "journal.sqlite3"),
    }
    began = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "coop_helper", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    while True:
        try:
            httpx.get(url, timeout=5)
            break
        except httpx.TransportError:
            time.sleep(0.005)
    up = time.perf_counter() - began
    CPU.append(cpu_seconds(process.pid))
    return process, url, up


CPU: list[float] = []  # each server's processor time when it first answered


def stop(process: subprocess.Popen[str]) -> None:
    process.send_signal(2)
    process.wait(timeout=20)


def summary(name: str, values: list[float], bound: float) -> None:
    ms = sorted(1000 * v for v in values)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    met = "met" if ms[-1] <= 1000 * bound else "NOT met by the max"
    print(
        f"{name}: n={len(ms)}, median {statistics.median(ms):.0f} ms, "
        f"min {ms[0]:.0f} ms, 90th percentile {p90:.0f} ms, max {ms[-1]:.0f} ms "
        f"(bound {1000 * bound:.0f} ms: {met})"
    )


def first_answer_http(url: str, taps: int) -> list[float]:
    times = []
    with httpx.Client(base_url=url, timeout=30) as phone:
        phone.get("/")
        for tap in range(taps):
            began = time.perf_counter()
            deal = phone.get("/api/deal", params={"players": 1 + tap % 5}).json()
            phone.get("/api/timepile", params={"code": deal["code"]}).raise_for_status()
            with phone.stream("GET", "/api/odds/stream", params={"code": deal["code"]}) as s:
                for line in s.iter_lines():
                    if line.startswith("data: "):
                        break
            times.append(time.perf_counter() - began)
    return times


# Clears the odds, then notes the time from the next tap to the first odds row drawn.
WATCH = """
window.__shown = null;
document.querySelector('#odds-table tbody').replaceChildren();
document.addEventListener('click', () => {
  const tapped = performance.now();
  const body = document.querySelector('#odds-table tbody');
  const watch = new MutationObserver(() => {
    if (body.children.length) { window.__shown = performance.now() - tapped; watch.disconnect(); }
  });
  watch.observe(body, {childList: true});
}, {capture: true, once: true});
"""


def first_answer_browser(url: str, taps: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
        page.goto(url)
        for tap in range(taps):
            players = 1 + tap % 5
            # measured in the page: from the tap to this deal's atlas odds drawn
            page.evaluate(WATCH)
            page.click(f"#deal-buttons button[data-players='{players}']")
            page.locator("#odds-table tbody tr").first.wait_for(timeout=10_000)
            while (shown := page.evaluate("window.__shown")) is None:
                time.sleep(0.01)
            times.append(shown / 1000)
            page.wait_for_timeout(300)  # the simulation runs on a while, as at a table
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--taps", type=int, default=30)
    args = parse_args(parser, starts=1, taps=1)
    with tempfile.TemporaryDirectory() as folder:
        ups, cold = [], []
        for _ in range(args.starts):
            process, url, up = start(Path(folder))
            ups.append(up)
            cold += first_answer_http(url, 1)  # a fresh server's first deal loads the atlas
            stop(process)
        summary("server up after serve", ups, 1.0)
        summary("  of which the server's own processor time", CPU[: len(ups)], 1.0)
        summary("first answer of a fresh server over HTTP", cold, 0.3)
        process, url, _ = start(Path(folder))
        try:
            first_answer_http(url, 3)  # the first deal loads the atlas and the card data
            warm = first_answer_http(url, args.taps)
            summary("first answer over HTTP (deal, Time Pile, atlas odds)", warm, 0.3)
            if Path(CHROMIUM).exists():
                shown = first_answer_browser(url, args.taps)
                summary("first answer in Chromium (tap to odds shown)", shown, 0.3)
            else:
                print("first answer in Chromium: not measured (no /usr/bin/chromium)")
        finally:
            stop(process)


if __name__ == "__main__":
    main()
