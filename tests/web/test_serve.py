"""`coop-helper serve` as a user starts it: the address first, a port in use, Ctrl-C, and
the other commands starting without the web's modules."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import httpx
from helpers.processes import run_cli
from helpers.web import serve


def test_the_first_line_is_the_address_and_ctrl_c_stops_it(tmp_path):
    with serve(tmp_path) as server:
        assert server.url.startswith("http://127.0.0.1:") and "token" not in server.url
        assert httpx.get(server.url).status_code == 200
        assert server.stop() == 130
        assert "interrupted" in server.log()


def test_off_loopback_the_address_has_a_token_and_a_qr_code(tmp_path):
    with serve(tmp_path, "--host", "0.0.0.0") as server:
        assert "?token=" in server.url and "127.0.0.1" not in server.url
        assert httpx.get(server.url.split("?")[0]).status_code == 403
        assert httpx.get(server.url, follow_redirects=True).status_code == 200
        server.stop()
        rest = server.process.stdout.read()
    assert "scan this" in rest and "█" in rest


def test_a_port_in_use_is_one_line_naming_port(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        done = run_cli(tmp_path, "serve", "--port", str(port))
    finally:
        taken.close()
    assert done.returncode == 2 and done.stdout == b""
    lines = done.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: port") and "--port" in lines[0]


def test_a_bad_host_is_one_line(tmp_path):
    done = run_cli(tmp_path, "serve", "--host", "no-such-host.invalid")
    assert done.returncode == 2
    assert done.stderr.decode().startswith("error: --host no-such-host.invalid")


def test_the_other_commands_do_not_load_the_web():
    script = (
        "import sys\n"
        "from coop_helper.cli import app\n"
        "web = ('starlette', 'uvicorn', 'jinja2', 'babel', 'segno')\n"
        "bad = [m for m in web if m in sys.modules]\n"
        "print(bad)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_open_opens_the_address_in_the_browser(tmp_path):
    opened = tmp_path / "opened"
    script = tmp_path / "browser.py"
    script.write_text(f"import sys; open({str(opened)!r}, 'w').write(sys.argv[1])\n")
    with serve(tmp_path, "--open", BROWSER=f"{sys.executable} {script} %s") as server:
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened.read_text() == server.url
