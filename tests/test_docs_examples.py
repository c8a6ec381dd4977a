"""The documentation's examples are real: each one is run and its output compared.

Every ``<!-- example -->`` console block and every ``<!-- python-example -->`` block in
README.md, CONTRIBUTING.md and docs/*.md is run (tests/update_docs.py refreshes them).
The examples of one page share one throwaway game journal and run in the page's order.
"""

import doctest
import re
import shlex
from pathlib import Path

import pytest
from docs_pages import CONFIG, ROOT, examples, name, pages, python_examples, shown

EXAMPLES = examples()
PYTHON_EXAMPLES = python_examples()
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _marked_command(marker: str) -> str:
    match = re.search(rf"<!-- {marker} -->\n```sh\n(?P<cmd>[^\n]+)\n```", README)
    assert match, f"README lacks the {marker} block"
    return match.group("cmd")


def test_docs_have_examples():
    assert len(EXAMPLES) >= 8
    pages = {example.page for example in EXAMPLES}
    assert {"README.md", "docs/usage.md", "docs/journal.md", "docs/atlas.md"} <= pages


def test_every_console_block_is_run():
    """A console or pycon block in the documentation is an example, and examples are run:
    each one carries its marker, so none is left out of the tests."""
    unmarked = []
    for page in pages():
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            marker = {"```console": "<!-- example -->", "```pycon": "<!-- python-example -->"}
            if line in marker and (number == 0 or lines[number - 1] != marker[line]):
                unmarked.append(f"{name(page)}:{number + 1}")
    assert not unmarked, f"examples without their marker, so never run: {unmarked}"


@pytest.fixture(scope="module")
def journals(tmp_path_factory) -> dict[str, Path]:
    """One game journal per page: a page's examples record, import and list games in turn."""
    folder = tmp_path_factory.mktemp("docs")
    return {example.page: folder / f"{i}.sqlite3" for i, example in enumerate(EXAMPLES)}


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.page}: {e.command}" for e in EXAMPLES])
def test_example_output(run, monkeypatch, tmp_path, journals, example):
    monkeypatch.setenv("COLUMNS", "100")  # the width the examples were printed at
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(tmp_path / CONFIG))
    monkeypatch.setenv("COOP_HELPER_JOURNAL", str(journals[example.page]))
    monkeypatch.chdir(ROOT)  # examples name files relative to the project folder
    args = shlex.split(example.command)
    assert args[0] == "coop-helper"
    result = run(*args[1:])
    assert shown(result.stdout + result.stderr, tmp_path) + "\n" == example.output
    assert result.exit_code == (2 if example.output.startswith("error:") else 0)


def test_docs_have_a_python_example():
    assert PYTHON_EXAMPLES


@pytest.mark.parametrize("page, code", PYTHON_EXAMPLES, ids=[p for p, _ in PYTHON_EXAMPLES])
def test_python_example(page, code):
    """Each ``pycon`` block runs as a doctest: every printed value must match."""
    test = doctest.DocTestParser().get_doctest(code, {}, page, page, 0)
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
