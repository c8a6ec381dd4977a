"""Refresh the outputs of the documentation's examples (run by hand after changing output).

    python tests/update_docs.py                 # every page
    python tests/update_docs.py docs/usage.md   # only these pages

Each ``<!-- example -->`` block's command is run the way tests/test_docs_examples.py runs
it (CliRunner, 100 columns, no colour, English unless the example says --lang, a fresh
settings file per example, shown at a user's own path, one throwaway journal per page for
that page's examples in order, from the project folder) and its output replaces
the block's. The test then checks the pages stay true.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

from docs_pages import CONFIG, EXAMPLE, ROOT, name, pages, shown
from typer.testing import CliRunner


def main(chosen: list[str]) -> None:
    os.environ.update(COLUMNS="100", NO_COLOR="1", LANGUAGE="en")  # as tests/conftest.py
    scratch = Path(tempfile.mkdtemp())
    os.chdir(ROOT)  # examples name files relative to the project folder
    from coop_helper.cli.app import app

    runner = CliRunner()
    for number, page in enumerate(pages()):
        if chosen and name(page) not in chosen:
            continue
        # one journal per page, shared by its examples in order
        os.environ["COOP_HELPER_JOURNAL"] = str(scratch / f"journal-{number}.sqlite3")

        def run(match: re.Match[str], page: Path = page) -> str:
            args = shlex.split(match.group("cmd"))
            own = Path(tempfile.mkdtemp(dir=scratch))  # a fresh settings file per example
            os.environ["COOP_HELPER_CONFIG"] = str(own / CONFIG)
            result = runner.invoke(app, args[1:])
            output = shown(result.stdout + result.stderr, own)
            print(f"{result.exit_code}  {name(page)}: {match.group('cmd')}", file=sys.stderr)
            return match.group(1) + output + "\n" + match.group(4)

        text = page.read_text(encoding="utf-8")
        page.write_text(EXAMPLE.sub(run, text), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
