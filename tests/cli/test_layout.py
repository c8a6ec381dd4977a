"""cli/ reads like the command list: one module per command or group, named after it,
every command in the one list of `cli.commands`, no command module importing another, and
a command loading no other command's module."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import typer

from coop_helper.cli import commands
from coop_helper.cli.app import app
from coop_helper.cli.commands import TOP_LEVEL

CLI = Path(commands.__file__).resolve().parent
COMMAND_MODULES = set(commands.NAMES)


def _registered() -> list[str]:
    group = typer.main.get_group(app)
    return list(group.commands)


def test_every_top_level_command_is_in_the_one_list():
    assert _registered() == [
        "odds",
        "setup",
        "play",
        "serve",
        "contracts",
        "deal",
        "timepile",
        "rank",
        "record",
        "atlas",
        "seals",
        "history",
    ]


def test_each_command_lives_in_the_module_named_after_it():
    for name, (module, attribute) in commands.COMMANDS.items():
        assert (module, attribute) == (f"coop_helper.cli.{name}", f"{name}_command")
        assert getattr(importlib.import_module(module), attribute) in TOP_LEVEL
    for name, (module, attribute) in commands.GROUPS.items():
        assert (module, attribute) == (f"coop_helper.cli.{name}", f"{name}_app")
        assert isinstance(getattr(importlib.import_module(module), attribute), typer.Typer)
    made = {f.__module__.rpartition(".")[2] for f in TOP_LEVEL}
    assert made == set(commands.COMMANDS), "a command made by `command` is not in the list"


LOADED = (
    "import sys\n"
    "from coop_helper.cli.app import main\n"
    "sys.argv = ['coop-helper', *sys.argv[1:]]\n"
    "try:\n"
    "    main()\n"
    "except SystemExit:\n"
    "    pass\n"
    "print('LOADED', *sorted(m for m in sys.modules if m.startswith('coop_helper.cli.')))\n"
)


def _modules_loaded(*args: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", LOADED, *args], capture_output=True, text=True, check=True
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("LOADED"))
    return {m.rpartition(".")[2] for m in line.split()[1:]}


def test_a_command_loads_its_own_module_and_no_other_command():
    for args in (["rank", "3"], ["timepile", "Jester"], ["seals", "list"]):
        loaded = _modules_loaded(*args) & COMMAND_MODULES
        assert loaded == {args[0]}, f"{' '.join(args)} loaded {sorted(loaded)}"
    assert _modules_loaded("--help") >= COMMAND_MODULES  # the help lists every command


def test_rank_starts_without_the_tables_and_the_simulation():
    out = subprocess.run(
        [sys.executable, "-c", LOADED.replace("'coop_helper.cli.'", "''"), "rank", "3"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    loaded = set(next(x for x in out.splitlines() if x.startswith("LOADED")).split()[1:])
    heavy = {"rich.console", "coop_helper.sim.odds", "coop_helper.engine", "pydantic"}
    assert not loaded & heavy, sorted(loaded & heavy)


def test_no_command_module_imports_another():
    wrong = []
    for name in sorted(COMMAND_MODULES):
        tree = ast.parse((CLI / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                bits = [*target.split("."), ""]
                other = bits[2] if bits[:2] == ["coop_helper", "cli"] else ""
                if other in COMMAND_MODULES and other != name:
                    wrong.append(f"cli/{name}.py:{node.lineno} imports {target}")
    assert not wrong, "\n".join(wrong)
