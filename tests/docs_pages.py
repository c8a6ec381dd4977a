"""The project's documentation pages and the examples written in them.

Shared by tests/test_docs_examples.py (which runs every example and compares its output),
tests/test_docs_links.py and tests/update_docs.py (which rewrites the outputs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

EXAMPLE = re.compile(r"(<!-- example -->\n```console\n\$ (?P<cmd>[^\n]+)\n)(?P<out>.*?)(```)", re.S)
PYTHON_EXAMPLE = re.compile(r"<!-- python-example -->\n```pycon\n(?P<code>.*?)```", re.S)


def pages() -> list[Path]:
    """Every documentation page: README.md, CONTRIBUTING.md and each markdown file in docs/."""
    found = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    found += sorted((ROOT / "docs").rglob("*.md"))
    return [page for page in found if page.is_file()]


SKIPPED = {"build", "atlas-build", "node_modules", "__pycache__"}


def all_markdown() -> list[Path]:
    """Every markdown file of the project (the package's notes too), for the link check."""
    return sorted(
        page
        for page in ROOT.rglob("*.md")
        if not any(
            part.startswith(".") or part in SKIPPED or part.endswith(".egg-info")
            for part in page.relative_to(ROOT).parts[:-1]
        )
    )


def name(page: Path) -> str:
    """The page's path from the project folder, with forward slashes."""
    return page.relative_to(ROOT).as_posix()


# Each example gets a fresh settings file at this path under a throwaway folder, and the
# folder is left out of the output, so a path the example prints reads as a user's own.
CONFIG = Path("home/you/.config/coop-helper/config.toml")


def shown(output: str, scratch: Path) -> str:
    """An example's output as the documentation shows it: without the throwaway folder and
    without trailing spaces."""
    lines = output.replace(str(scratch), "").splitlines()
    return "\n".join(line.rstrip() for line in lines)


@dataclass(frozen=True)
class Example:
    """One ``<!-- example -->`` block: the command after ``$`` and the output shown."""

    page: str
    command: str
    output: str


def examples() -> list[Example]:
    """Every console example of every page, page by page, in the order written."""
    return [
        Example(name(page), m.group("cmd"), m.group("out"))
        for page in pages()
        for m in EXAMPLE.finditer(page.read_text(encoding="utf-8"))
    ]


def python_examples() -> list[tuple[str, str]]:
    """Every ``pycon`` example as (page, code)."""
    return [
        (name(page), m.group("code"))
        for page in pages()
        for m in PYTHON_EXAMPLE.finditer(page.read_text(encoding="utf-8"))
    ]
