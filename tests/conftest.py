"""Shared test set-up: a fixed terminal width so rich output does not depend on the terminal."""

import inspect
import os

import pytest
from typer.testing import CliRunner

from coop_helper.cli.app import app

os.environ["COLUMNS"] = "120"
os.environ["NO_COLOR"] = "1"
os.environ["LANGUAGE"] = "en"  # English whatever the machine's language (--lang de asks)


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    """Every test gets its own config file and journal, never the user's."""
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(tmp_path / "journal.sqlite3"))


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A command run in this process with --lang de leaves its language set (a process
    runs one command); the next test starts in English."""
    yield
    from coop_helper.text import i18n

    i18n.set_language("en")


def _make_runner() -> CliRunner:
    """A CliRunner that keeps stderr apart from stdout, whichever click typer brings."""
    if "mix_stderr" in inspect.signature(CliRunner.__init__).parameters:
        return CliRunner(mix_stderr=False)
    return CliRunner()


@pytest.fixture
def run():
    """Invoke the CLI: ``run("rank", "5")`` returns the click Result."""
    runner = _make_runner()

    def invoke(*args: str):
        return runner.invoke(app, list(args))

    return invoke


@pytest.fixture
def at_terminal(monkeypatch):
    """Invoke the CLI as if at a terminal, answering its questions with ``answers``:
    ``at_terminal("n", "history", "undo")``."""
    from coop_helper.cli import asking

    monkeypatch.setattr(asking, "can_ask", lambda: True)
    runner = _make_runner()

    def invoke(answers: str, *args: str):
        return runner.invoke(app, list(args), input=answers + "\n")

    return invoke
