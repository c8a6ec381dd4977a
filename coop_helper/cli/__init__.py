"""The command-line interface: a thin typer layer that parses, calls one function, renders.

Each command lives in a module of its own in this package and registers itself on ``app``
with the :func:`command` decorator, which turns bad input into one line and exit code 2.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from coop_helper import __version__
from coop_helper.errors import DataError, UserError

app = typer.Typer(
    name="coop-helper",
    help="Set up, simulate and score co-op games of Port Royal: Just One More Contract.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` as one line on stderr; return the Exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def command(name: str | None = None, **kwargs: Any) -> Callable[[F], F]:
    """Register a command; UserError becomes one line and exit 2, DataError exit 1."""

    def register(func: F) -> F:
        @functools.wraps(func)
        def guarded(*args: Any, **inner: Any) -> Any:
            try:
                return func(*args, **inner)
            except UserError as err:
                raise fail(str(err)) from None
            except DataError as err:
                raise fail(f"the card data is broken: {err}", code=1) from None

        app.command(name, **kwargs)(guarded)
        return func

    return register


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"coop-helper {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Show the version."
    ),
) -> None:
    """Set up, simulate and score co-op games of Port Royal: Just One More Contract."""


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)


# Importing the command modules registers their commands.
import coop_helper.cli.commands_play  # noqa: E402, F401
from coop_helper.cli import commands_setup  # noqa: E402, F401
