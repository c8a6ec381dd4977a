"""Hostile ways to run the CLI as a process: a pipe closed early, an ASCII-only terminal, a
nonsense COLUMNS, control characters in arguments, SIGTERM and an early Ctrl-C. None may
print a traceback."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from helpers.processes import children, cli_env, run_cli

EXAMPLE = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]
FAST = ["--games", "40", "--workers", "1", "--quiet"]
NEEDS_PROC = pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")


def _one_error_line(done: subprocess.CompletedProcess[bytes]) -> str:
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    return err


def _reader_leaves(tmp_path, args: list[str], lines: int) -> tuple[bytes, str]:
    """Run the CLI with its output read for ``lines`` lines, then the pipe closed; what
    was read and what stderr said, once it ended with exit code 0."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "coop_helper", *args],
        cwd=tmp_path,
        env=cli_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    read = b"".join(proc.stdout.readline() for _ in range(lines))
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    return read, err


@pytest.mark.parametrize(
    "args",
    [
        ["contracts"],
        ["contracts", "--json"],
        ["rank", "3"],
        ["rank", "3", "--json"],
        ["seals", "list"],
        ["seals", "list", "--json"],
        ["deal", "--players", "5", "--seed", "1"],
        ["deal", "--players", "5", "--seed", "1", "--json"],
        ["odds", *EXAMPLE, *FAST],
        ["odds", *EXAMPLE, *FAST, "--json"],
    ],
    ids=lambda a: " ".join(a[:2]) + (" --json" if "--json" in a else ""),
)
def test_a_pipe_closed_after_one_line_ends_quietly(tmp_path, args):
    """As ``coop-helper ... | head -1``: the reader goes away; no message, exit 0."""
    first, err = _reader_leaves(tmp_path, ["history", "--json"], 1)
    assert first.strip() and err == ""


@pytest.mark.parametrize("args", [["--help"], ["odds", "--help"], ["seals", "--help"]])
def test_help_into_a_pipe_already_closed_ends_quietly(tmp_path, args):
    """As ``coop-helper --help | head -1`` where the reader has gone before the help is
    written: no message, exit 0."""
    _, err = _reader_leaves(tmp_path, args, 0)
    assert err == ""


@pytest.mark.parametrize("args", [["deal", "--players", "5", "--seed", "7"], ["contracts"]])
def test_an_ascii_terminal_gets_ascii(tmp_path, args):
    done = run_cli(tmp_path, *args, PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and done.stderr == b""
    text = done.stdout.decode("ascii")  # raises if any byte is not ASCII
    assert "Share code" in text or "Kampfer" in text


def test_the_c_locale_gets_ascii_unless_utf8_is_asked_for(tmp_path):
    """Python writes UTF-8 in the C locale by itself (its UTF-8 mode); the locale says
    the terminal shows ASCII, so it gets ASCII, unless PYTHONUTF8=1 asks for UTF-8."""
    clean = {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "", "PYTHONUTF8": ""}
    done = run_cli(tmp_path, "deal", "--players", "2", "--seed", "3", **clean)
    assert done.returncode == 0 and done.stderr == b""
    assert "Kampfer" in done.stdout.decode("ascii")  # raises if any byte is not ASCII
    asked = run_cli(
        tmp_path, "deal", "--players", "2", "--seed", "3", **{**clean, "PYTHONUTF8": "1"}
    )
    assert "Kämpfer" in asked.stdout.decode("utf-8")


def test_ascii_json_keeps_every_letter(tmp_path):
    done = run_cli(tmp_path, "contracts", "--json", PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and done.stderr == b""
    doc = json.loads(done.stdout.decode("ascii"))
    assert "Kämpfer" in [c["name_de"] for c in doc["contracts"]]


@pytest.mark.parametrize("columns", ["0", "junk"])
def test_a_nonsense_width_still_shows_everything(tmp_path, columns):
    table = run_cli(tmp_path, "contracts", COLUMNS=columns)
    assert table.returncode == 0 and b"Handelsf" in table.stdout
    helped = run_cli(tmp_path, "--help", COLUMNS=columns)
    assert helped.returncode == 0 and b"setup" in helped.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["rank", "3\nerror: injected"],
        ["timepile", "Fighter\nerror: injected", "Jinx", "Explorer"],
        ["timepile", "--code", "PR1-0C50H6\nerror: x"],
        ["timepile", *EXAMPLE, "--seal", "Ransom=1A\nerror: x"],
        ["odds", *EXAMPLE, "--policy", "expert\nerror: x"],
        ["odds", *EXAMPLE, "--interval", "wilson\nerror: x"],
        ["odds", *EXAMPLE, "--games", "4\nerror: x"],
        ["seals", "set", "Ransom", "1", "A\nerror: x"],
        ["seals", "set", "Ransom\x1b[31m", "1", "A"],
    ],
    ids=lambda a: a[0] + " " + a[-1][:12].encode("unicode_escape").decode(),
)
def test_control_characters_in_arguments_stay_on_one_line(tmp_path, args):
    err = _one_error_line(run_cli(tmp_path, *args))
    assert "\\n" in err or "\\x1b" in err


def _wait_for_workers(proc: subprocess.Popen[str], count: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(children(proc.pid)) < count:
        time.sleep(0.05)
    time.sleep(0.3)
    assert proc.poll() is None, "the run ended before it could be stopped"


@NEEDS_PROC
def test_sigterm_stops_a_run_with_workers_without_a_word(tmp_path):
    """Worker processes: the Python engine's (the native core runs threads instead)."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "coop_helper",
            "odds",
            *EXAMPLE,
            "--precision",
            "0.2",
            "--workers",
            "2",
            "--quiet",
        ],
        cwd=tmp_path,
        env=cli_env(tmp_path, COOP_HELPER_ENGINE="python"),
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for_workers(proc, 2)
        workers = children(proc.pid)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143
    assert err == "" and out == ""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{w}") for w in workers):
        time.sleep(0.05)
    assert not [w for w in workers if os.path.exists(f"/proc/{w}")], "workers left behind"


LONG_RUN = ["--games", "1000000", "--workers", "2", "--quiet"]


@pytest.mark.skipif(
    importlib.util.find_spec("coop_helper.native._core") is None,
    reason="the native core is not built",
)
@pytest.mark.parametrize(("sent", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_native_run_on_threads_stops_within_a_second(tmp_path, sent, code):
    proc = subprocess.Popen(
        [sys.executable, "-m", "coop_helper", "odds", *EXAMPLE, *LONG_RUN],
        cwd=tmp_path,
        env=cli_env(tmp_path, COOP_HELPER_ENGINE="native"),
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        time.sleep(3)  # loaded and playing games
        assert proc.poll() is None
        sent_at = time.monotonic()
        proc.send_signal(sent)
        proc.communicate(timeout=60)
        stopped = time.monotonic() - sent_at
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == code
    assert stopped < 1.0, f"stopped {stopped:.2f} s after the signal"


# Ctrl-C exactly while the CLI's modules load: the import of typer is interrupted.
INTERRUPTED_IMPORT = """
import builtins, sys
real_import = builtins.__import__

def interrupted(name, *args, **kwargs):
    if name == "typer":
        raise KeyboardInterrupt
    return real_import(name, *args, **kwargs)

builtins.__import__ = interrupted
sys.argv = ["coop-helper", "rank", "3"]
from coop_helper.__main__ import main
main()
"""


# Ctrl-C while a class is created (in __set_name__): Python re-raises it as a RuntimeError.
WRAPPED_INTERRUPT = """
import sys

class Interrupting:
    def __set_name__(self, owner, name):
        raise KeyboardInterrupt

import coop_helper.cli as cli
real_main = cli.main

def main_creating_a_class():
    type("Created", (), {"field": Interrupting()})

cli.main = main_creating_a_class
sys.argv = ["coop-helper", "rank", "3"]
from coop_helper.__main__ import main
main()
"""


def _in_our_code(err: str) -> bool:
    """Whether a traceback passes through coop-helper's own modules."""
    parts = ("cli", "render", "setup", "sim", "engine", "policies", "__main__.py", "api.py")
    return any(f"coop_helper{os.sep}{part}" in err for part in parts)


@pytest.mark.parametrize("module", ["typer", "dataclasses"])
def test_ctrl_c_while_the_cli_loads_ends_quietly(tmp_path, module):
    """Also when Python wraps the interrupt in a RuntimeError (as it does for one raised
    while a dataclass is being created)."""
    code = INTERRUPTED_IMPORT.replace('"typer"', repr(module))
    if module == "dataclasses":  # interrupt the creation of a class, not the import
        code = WRAPPED_INTERRUPT
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr == "interrupted\n"


@pytest.mark.parametrize("delay", [0.05, 0.1, 0.15, 0.25])
def test_ctrl_c_while_starting_up_prints_no_traceback(tmp_path, delay):
    """A real Ctrl-C at several moments of start-up. One that lands while the interpreter
    itself starts, before any module of coop-helper runs, is Python's own report: only a
    traceback through coop-helper's modules is a failure."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "coop_helper", "rank", "3"],
        cwd=tmp_path,
        env=cli_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    if "Traceback" in err and not _in_our_code(err):
        return  # interrupted while the interpreter itself started or found the package
    assert "Traceback" not in err
    assert proc.returncode in (0, 130, -signal.SIGINT), err


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["odds", *EXAMPLE, "--games", "x1"], "'x1' is not a whole number"),
        (["odds", *EXAMPLE, "--games", "1.5"], "'1.5' is not a whole number"),
        (["play", *EXAMPLE, "--seed", "many"], "'many' is not a whole number"),
        (
            ["odds", *EXAMPLE, "--interval", "bayes"],
            "--interval: 'bayes' is not one of 'wilson', 'exact'.",
        ),
    ],
)
def test_usage_errors_speak_plainly(tmp_path, args, expected):
    err = _one_error_line(run_cli(tmp_path, *args))
    assert expected in err and "Input should be" not in err


def test_a_long_history_into_a_closed_pipe_ends_quietly(tmp_path):
    """`history` is the group's own callback, which the commands' guard did not cover:
    with enough games to fill the pipe, `history --json | head -1` exited 1."""
    from pathlib import Path

    from helpers.journal import add, make_record

    from coop_helper.journal import store

    path = Path(os.environ["COOP_HELPER_JOURNAL"])
    with store.open_journal(path, create=True) as journal:
        add(
            journal,
            *(make_record(note="a note to make the document long " * 5) for _ in range(300)),
        )
    first, err = _reader_leaves(tmp_path, ["history", "--json"], 1)
    assert first.strip() and err == ""
