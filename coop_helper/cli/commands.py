"""Every command of coop-helper, in the order `coop-helper --help` lists them: the one
list of them, and the app's group that loads each command's module only when it is used.

Each command lives in the module of the same name (a group's subcommands in its module
too, in the order its help lists them). ``coop-helper rank 3`` imports `cli.rank` alone,
not the simulation, the journal or the page server: start-up is most of a table-side
command's time. Help, completion and a mistyped name load them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING, Any, Final

from coop_helper.cli.help_style import HelpGroup

if TYPE_CHECKING:
    import typer

PROG_NAME: Final = "coop-helper"  # however it is started (`python -m coop_helper` too)

# name: (module, the function made a command by `cli.app.command`)
COMMANDS: Final = {
    "odds": ("coop_helper.cli.odds", "odds_command"),
    "setup": ("coop_helper.cli.setup", "setup_command"),
    "play": ("coop_helper.cli.play", "play_command"),
    "serve": ("coop_helper.cli.serve", "serve_command"),
    "contracts": ("coop_helper.cli.contracts", "contracts_command"),
    "deal": ("coop_helper.cli.deal", "deal_command"),
    "timepile": ("coop_helper.cli.timepile", "timepile_command"),
    "rank": ("coop_helper.cli.rank", "rank_command"),
    "record": ("coop_helper.cli.record", "record_command"),
}
# name: (module, its typer app of subcommands)
GROUPS: Final = {
    "atlas": ("coop_helper.cli.atlas", "atlas_app"),
    "seals": ("coop_helper.cli.seals", "seals_app"),
    "history": ("coop_helper.cli.history", "history_app"),
}
NAMES: Final = (*COMMANDS, *GROUPS)

# The top-level commands made by `cli.app.command`, each with the way to register it.
TOP_LEVEL: dict[Callable[..., Any], Callable[[typer.Typer], object]] = {}


def load(name: str) -> Any:
    """The click command (or group) ``name``, built from its module, which is imported now."""
    import typer

    module, attribute = COMMANDS.get(name) or GROUPS[name]
    target = getattr(importlib.import_module(module), attribute)
    holder = typer.Typer()
    if name in GROUPS:
        holder.add_typer(target, name=name)
    else:
        TOP_LEVEL[target](holder)
    return typer.main.get_group(holder).commands[name]


class CommandGroup(HelpGroup):
    """The app's group: its commands are the one list above, each loaded on first use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._loaded: dict[str, Any] = {}
        super().__init__(*args, **kwargs)

    @property  # type: ignore[override]
    def commands(self) -> MutableMapping[str, Any]:
        """Every command, each loaded (for whatever looks at all of them)."""
        for name in NAMES:
            self.get_command(None, name)
        return self._loaded

    @commands.setter
    def commands(self, value: MutableMapping[str, Any]) -> None:
        self._loaded = dict(value)

    def list_commands(self, ctx: Any) -> list[str]:
        return [*NAMES, *(name for name in self._loaded if name not in NAMES)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self._loaded and cmd_name in NAMES:
            self._loaded[cmd_name] = load(cmd_name)
        return self._loaded.get(cmd_name)
