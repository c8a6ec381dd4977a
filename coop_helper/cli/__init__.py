"""The command-line interface: a thin typer layer that parses, calls one function, renders.

The app and its error guard are `cli.app`; each command lives in a module of its own in
this package, named after it, and `cli.commands` lists them all and loads each when used.
"""

from coop_helper.cli.app import app, main

__all__ = ["app", "main"]
