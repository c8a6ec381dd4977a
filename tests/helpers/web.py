"""The web page's tests: a test client on the app, and a real server in a subprocess."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from coop_helper.web.app import create_app
from coop_helper.web.security import Access

with warnings.catch_warnings():  # newer Starlette prefers httpx2 for its test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'<meta name="csrf-token" content="([0-9a-f]+)">')


def client(host: str = "127.0.0.1", port: int = 8000, token: str | None = None) -> TestClient:
    """A test client on an app that serves ``host:port`` (with ``token`` off loopback)."""
    access = Access(host, port, token)
    return TestClient(create_app(access), base_url=f"http://{host}:{port}")


def page_csrf(session: TestClient, **params: str) -> str:
    """Open the page (setting its session cookie) and return its CSRF token."""
    response = session.get("/", params=params)
    assert response.status_code == 200, response.text
    found = CSRF.search(response.text)
    assert found, "the page carries no CSRF token"
    return found.group(1)


@dataclass
class Running:
    """A `coop-helper serve` process and the address it printed first.

    Its stderr is read all along (into `log`): a server writing more than a pipe holds
    would otherwise block on the write, and stall as no user's terminal would."""

    process: subprocess.Popen[str]
    url: str
    started: float  # seconds from the start of the process to its first answer
    _stderr: list[str] = field(default_factory=list)
    _reader: threading.Thread | None = None

    def read_stderr(self) -> None:
        """Keep reading the process's stderr, in a thread of its own, until it ends."""
        assert self.process.stderr is not None
        stream = self.process.stderr

        def drain() -> None:
            for line in stream:
                self._stderr.append(line)

        self._reader = threading.Thread(target=drain, daemon=True)
        self._reader.start()

    def log(self) -> str:
        """What the server wrote to stderr (all of it once it has ended)."""
        if self._reader is not None and self.process.poll() is not None:
            self._reader.join(timeout=10)
        return "".join(self._stderr)

    def stop(self) -> int:
        """Ctrl-C, as a terminal sends it; the exit code."""
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=20)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@contextmanager
def serve(
    tmp_path: Path, *args: str, open_files: int | None = None, **extra_env: str
) -> Iterator[Running]:
    """Start ``coop-helper serve --port 0 ARGS`` with its own settings and journal (and
    at most ``open_files`` file descriptors, as ``ulimit -n`` sets); wait for its first
    answer; Ctrl-C it at the end."""
    import httpx

    def limit() -> None:
        if open_files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    env = {
        **os.environ,
        "COOP_HELPER_CONFIG": str(tmp_path / "config.toml"),
        "COOP_HELPER_JOURNAL": str(tmp_path / "journal.sqlite3"),
        "NO_COLOR": "1",
        **extra_env,
    }
    begun = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "coop_helper", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
        preexec_fn=limit if open_files is not None else None,
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    assert url.startswith("http://"), (url, process.stderr.read() if process.poll() else "")
    running = Running(process, url, 0.0)
    running.read_stderr()
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url, timeout=2)
            break
        except httpx.TransportError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise
            time.sleep(0.02)
    running.started = time.monotonic() - begun
    try:
        yield running
    finally:
        if process.poll() is None:
            running.stop()
