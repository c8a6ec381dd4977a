"""The package's build: its metadata, and no compiled Python module left over."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_compiled_copy_shadows_a_python_module():
    """Only the native core is compiled. An extension module beside a ``.py`` file of the
    same name (left by an old build that compiled the engine) would be imported instead of
    the source, hiding every change to it: delete such files."""
    stale = [
        str(so.relative_to(ROOT))
        for so in ROOT.glob("coop_helper/**/*.so")
        if so.with_name(so.name.split(".")[0] + ".py").is_file()
    ]
    stale += [str(so.relative_to(ROOT)) for so in ROOT.glob("*__mypyc*")]
    assert not stale, f"stale compiled modules shadow the sources; delete them: {stale}"


def test_the_build_needs_no_mypy():
    import tomllib

    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requires = settings["build-system"]["requires"]
    assert not [r for r in requires if r.startswith("mypy")]


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
