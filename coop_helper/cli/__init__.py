"""The command-line interface: a thin typer layer that parses, calls one function, renders.

The app and its error guard are `cli.app`; each command lives in a module of its own in
this package and registers itself on the app with `cli.app.command`.
"""

from coop_helper.cli.app import app, main

__all__ = ["app", "main"]

# Importing the command modules registers their commands.
import coop_helper.cli.commands_atlas
import coop_helper.cli.commands_odds
import coop_helper.cli.commands_play
import coop_helper.cli.commands_setup  # noqa: F401
from coop_helper.cli import commands_journal  # noqa: F401 (listed last in --help)
