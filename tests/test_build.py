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


def test_package_metadata():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and (ROOT / "LICENSE").is_file()
    assert "Typing :: Typed" in project["classifiers"]
    assert (ROOT / "coop_helper" / "py.typed").is_file()
    assert "version" not in project and project["dynamic"] == ["version"]  # one source
    assert {"tomlkit", "filelock"} <= {d.split(">")[0] for d in project["dependencies"]}


def test_the_version_has_one_source():
    import re
    import tomllib

    import coop_helper

    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert settings["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "coop_helper.__version__"
    }
    assert re.fullmatch(r"\d+\.\d+\.\d+", coop_helper.__version__)
