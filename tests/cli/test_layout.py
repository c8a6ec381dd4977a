"""cli/ reads like the command list: one module per command or group, named after it,
every command in the one list of `cli.commands`, and no command module importing another."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import typer

from coop_helper.cli import commands
from coop_helper.cli.app import TOP_LEVEL, app

CLI = Path(commands.__file__).resolve().parent
COMMAND_MODULES = {f.__module__.rpartition(".")[2] for f in commands.COMMANDS} | {
    name for name, _ in commands.GROUPS
}


def _registered() -> list[str]:
    group = typer.main.get_group(app)
    return list(group.commands)


def test_every_top_level_command_is_in_the_one_list():
    assert set(TOP_LEVEL) == set(commands.COMMANDS)
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
    for function in commands.COMMANDS:
        module = function.__module__.rpartition(".")[2]
        assert function.__name__ == f"{module}_command"
    for name, group in commands.GROUPS:
        module = importlib.import_module(f"coop_helper.cli.{name}")
        assert getattr(module, f"{name}_app") is group


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
