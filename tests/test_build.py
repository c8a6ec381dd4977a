"""The compiled build: the modules setup.py hands to mypyc must type-check, or the install
silently falls back to plain Python (correct, but several times slower)."""

import ast
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return [ast.literal_eval(item) for item in node.value.elts]
    raise AssertionError("setup.py has no COMPILED list")


def test_compiled_modules_exist():
    modules = compiled_modules()
    assert modules and all((ROOT / m).is_file() for m in modules)


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy not installed")
def test_compiled_modules_type_check():
    from mypy import api

    out, err, status = api.run(["--no-incremental", *[str(ROOT / m) for m in compiled_modules()]])
    assert status == 0, out + err
