"""The compiled build: the modules setup.py hands to mypyc must type-check, or the install
silently falls back to plain Python (correct, but several times slower)."""

import ast
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def setup_list(name: str) -> list[str]:
    """A list of strings assigned to ``name`` in setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            return [ast.literal_eval(item) for item in node.value.elts]
    raise AssertionError(f"setup.py has no {name} list")


def compiled_modules() -> list[str]:
    return setup_list("COMPILED")


def test_compiled_modules_exist():
    modules = compiled_modules()
    assert modules and all((ROOT / m).is_file() for m in modules)


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy not installed")
def test_compiled_modules_type_check():
    from mypy import api

    out, err, status = api.run(["--no-incremental", *[str(ROOT / m) for m in compiled_modules()]])
    assert status == 0, out + err


@pytest.mark.skipif(importlib.util.find_spec("mypyc") is None, reason="mypyc not installed")
def test_mypyc_accepts_the_compiled_modules_in_a_fresh_copy(tmp_path):
    """As a fresh install runs it: a copy of the project with no mypy cache, in a build
    environment that has mypy but none of the project's dependencies."""
    shutil.copytree(ROOT / "coop_helper", tmp_path / "coop_helper")
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    paths = ["--no-site-packages", *setup_list("MYPYC_FLAGS"), *compiled_modules()]
    script = (
        "import sys\n"
        "from mypyc.build import mypycify\n"
        f"mypycify({paths!r}, opt_level='0', group_name='coop_helper_native')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


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
