"""The README's examples are real: each one is run and its output compared."""

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"<!-- example -->\n```console\n\$ (?P<cmd>[^\n]+)\n(?P<out>.*?)```", re.S)
EXAMPLES = [(m.group("cmd"), m.group("out")) for m in EXAMPLE.finditer(README)]


PYTHON_EXAMPLE = re.compile(r"<!-- python-example -->\n```pycon\n(?P<code>.*?)```", re.S)
PYTHON_EXAMPLES = [m.group("code") for m in PYTHON_EXAMPLE.finditer(README)]


def _marked_command(marker: str) -> str:
    match = re.search(rf"<!-- {marker} -->\n```sh\n(?P<cmd>[^\n]+)\n```", README)
    assert match, f"README lacks the {marker} block"
    return match.group("cmd")


def test_readme_has_examples():
    assert len(EXAMPLES) >= 8


@pytest.fixture(scope="module")
def readme_journal(tmp_path_factory):
    """One game journal for all the examples: they record, import and list games in turn."""
    return tmp_path_factory.mktemp("readme") / "journal.sqlite3"


@pytest.mark.parametrize("command, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example_output(run, monkeypatch, readme_journal, command, expected):
    monkeypatch.setenv("COLUMNS", "100")  # the width the examples were printed at
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(readme_journal))
    monkeypatch.chdir(ROOT)  # examples name files relative to the project folder
    args = shlex.split(command)
    assert args[0] == "coop-helper"
    result = run(*args[1:])
    shown = "\n".join(line.rstrip() for line in (result.stdout + result.stderr).splitlines())
    assert shown + "\n" == expected
    assert result.exit_code == (2 if expected.startswith("error:") else 0)


def test_readme_has_a_python_example():
    assert PYTHON_EXAMPLES


@pytest.mark.parametrize("code", PYTHON_EXAMPLES)
def test_readme_python_example(code):
    """Each ``pycon`` block runs as a doctest: every printed value must match."""
    import doctest

    test = doctest.DocTestParser().get_doctest(code, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_fresh_machine_commands():
    install = _marked_command("install-command")
    assert install.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert install.endswith(".venv/bin/coop-helper setup --players 2")
    tests = _marked_command("test-command")
    assert tests == (
        "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/pytest -q"
    )


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in ci and "ruff check" in ci
    assert "mypy" in ci and "ruff format --check" in ci
