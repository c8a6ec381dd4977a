"""Refresh the outputs of the README's examples (run by hand after changing output).

    python tests/update_readme.py

Each ``<!-- example -->`` block's command is run the way tests/test_readme.py runs it
(CliRunner, 100 columns, no colour, a throwaway config file and one throwaway journal
for all of them, from the project folder) and its output replaces the
block's. The test then checks the README stays true.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = re.compile(r"(<!-- example -->\n```console\n\$ (?P<cmd>[^\n]+)\n)(?P<out>.*?)(```)", re.S)


def main() -> None:
    os.environ.update(COLUMNS="100", NO_COLOR="1")
    scratch = Path(tempfile.mkdtemp())
    os.environ["COOP_HELPER_CONFIG"] = str(scratch / "config.toml")
    os.environ["COOP_HELPER_JOURNAL"] = str(scratch / "journal.sqlite3")  # shared, in order
    os.chdir(ROOT)  # examples name files relative to the project folder
    from coop_helper.cli.app import app

    runner = CliRunner()
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")

    def run(match: re.Match[str]) -> str:
        args = shlex.split(match.group("cmd"))
        result = runner.invoke(app, args[1:])
        shown = "\n".join(line.rstrip() for line in (result.stdout + result.stderr).splitlines())
        print(f"{result.exit_code}  {match.group('cmd')}", file=sys.stderr)
        return match.group(1) + shown + "\n" + match.group(4)

    readme.write_text(EXAMPLE.sub(run, text), encoding="utf-8")


if __name__ == "__main__":
    main()
