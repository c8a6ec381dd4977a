"""The native core's file map (coop_helper/native/README.md, "Files") is complete and true:
it names every C++ source and every module of the Python engine and policies, and each
Python module names its C++ twin (or says it has none) in its docstring."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "coop_helper"
SRC = PACKAGE / "native" / "src"
MIRRORED = ("engine", "policies")  # every module of these packages is in the map


def file_map() -> list[tuple[set[str], set[str]]]:
    """The rows of the README's file map: (C++ files under src/, Python files under
    coop_helper/)."""
    text = (PACKAGE / "native" / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Files\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = line.split("|")[1:-1]
        if len(cells) != 3 or cells[0].strip().startswith(("C++", "---")):
            continue
        cpp, python = (set(re.findall(r"`([^`]+)`", cell)) for cell in cells[:2])
        rows.append((cpp, python))
    return rows


def test_the_map_names_every_cpp_source():
    named = set().union(*(cpp for cpp, _ in file_map()))
    sources = {p.relative_to(SRC).as_posix() for p in SRC.rglob("*.[ch]pp")}
    assert sources - named == set(), "sources missing from the README's file map"
    assert named - sources == set(), "the README's file map names C++ files that do not exist"


def test_the_map_names_every_engine_and_policy_module():
    named = set().union(*(python for _, python in file_map()))
    modules = {
        p.relative_to(PACKAGE).as_posix() for d in MIRRORED for p in (PACKAGE / d).glob("*.py")
    }
    assert modules - named == set(), "modules missing from the README's file map"
    missing = {m for m in named if not (PACKAGE / m).is_file()}
    assert missing == set(), "the README's file map names Python files that do not exist"


def test_a_cpp_file_is_named_after_its_python_twin():
    """The mechanical rule: src/<package>/<m>.cpp/.hpp ports coop_helper/<package>/<m>.py
    (the registry is policies/__init__.py's); files with no twin sit at the top of src/."""
    for cpp, python in file_map():
        for path in cpp:
            folder, _, name = path.rpartition("/")
            if not folder:
                continue
            stem = name.rsplit(".", 1)[0]
            twin = "__init__" if (folder, stem) == ("policies", "registry") else stem
            assert f"{folder}/{twin}.py" in python, (path, python)


def _twins() -> list[tuple[str, set[str]]]:
    """Each mirrored Python module with the C++ files the map pairs it with."""
    pairs: dict[str, set[str]] = {}
    for cpp, python in file_map():
        for module in python:
            if module.split("/")[0] in MIRRORED:
                pairs.setdefault(module, set()).update(cpp)
    return sorted(pairs.items())


@pytest.mark.parametrize(("module", "cpp"), _twins())
def test_each_module_names_its_twin_in_its_docstring(module: str, cpp: set[str]):
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    doc = ast.get_docstring(tree) or ""
    if cpp:
        named = {f"native/src/{path}" for path in cpp if f"native/src/{path}" in doc}
        assert named, f"{module}'s docstring names none of its C++ twins {sorted(cpp)}"
    else:
        assert "no c++ twin" in doc.lower(), f"{module}'s docstring does not say it has no C++ twin"
