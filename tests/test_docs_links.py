"""Every relative link of the project's markdown (README.md, CONTRIBUTING.md, docs/ and the
package's own notes) leads somewhere: to a file of the project and, where it names one, to
a heading of that page (as GitHub makes a heading's anchor)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from docs_pages import ROOT, all_markdown, name

MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\((?P<target><[^>]+>|[^)\s]+)(?:\s+\"[^\"]*\")?\)")
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)=\"(?P<target>[^\"]+)\"", re.I)
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$", re.M)


def anchor(title: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", title).replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading anchor of a markdown page (a repeated heading gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(FENCE.sub("", page.read_text(encoding="utf-8"))):
        slug = anchor(match.group("title"))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def links(page: Path) -> list[str]:
    """The link targets written in a page, outside code blocks and code spans."""
    text = CODE_SPAN.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
    targets = [m.group("target").strip("<>") for m in MARKDOWN_LINK.finditer(text)]
    return targets + [m.group("target") for m in HTML_LINK.finditer(text)]


def relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) and not target.startswith("//")


LINKS = [(page, target) for page in all_markdown() for target in links(page) if relative(target)]


def test_pages_have_relative_links():
    assert len(LINKS) >= 20
    assert {name(page) for page, _ in LINKS} >= {"README.md", "docs/usage.md"}


@pytest.mark.parametrize(
    "page, target", LINKS, ids=[f"{name(page)} -> {target}" for page, target in LINKS]
)
def test_relative_link_resolves(page, target):
    path, _, fragment = unquote(target).partition("#")
    destination = (page.parent / path).resolve() if path else page
    assert destination.exists(), f"{name(page)} links to {path}, which does not exist"
    assert destination.is_relative_to(ROOT), f"{name(page)} links outside the project"
    if fragment:
        assert destination.suffix == ".md", f"{target}: an anchor into a file that is not a page"
        assert fragment in anchors(destination), (
            f"{name(page)} links to #{fragment}, which is no heading of {name(destination)}"
        )


@pytest.mark.parametrize(
    "title, expected",
    [
        (
            "On every phone at the table: `coop-helper serve`",
            "on-every-phone-at-the-table-coop-helper-serve",
        ),
        ("The rulebook's solo example", "the-rulebooks-solo-example"),
        ("JSON documents and the Python API", "json-documents-and-the-python-api"),
    ],
)
def test_anchor_follows_github(title, expected):
    assert anchor(title) == expected


def test_readme_is_a_landing_page():
    """The README stays short; the rest of the documentation lives in docs/."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines; move the detail into docs/"


def test_every_page_is_reachable_from_the_readme():
    """Each page of docs/ and CONTRIBUTING.md can be found by following links from README.md."""
    seen: set[Path] = set()
    todo = [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in seen:
            continue
        seen.add(page)
        for target in links(page):
            path = unquote(target).partition("#")[0]
            if relative(target) and path.endswith(".md"):
                found = (page.parent / path).resolve()
                if found.is_file():
                    todo.append(found)
    wanted = {ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md")}
    orphans = sorted(name(page) for page in wanted - seen)
    assert not orphans, f"no link from README.md leads to {orphans}"
