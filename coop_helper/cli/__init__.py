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


def command(
    name: str | None = None, *, on: typer.Typer | None = None, **kwargs: Any
) -> Callable[[F], F]:
    """Register a command on ``app`` (or the sub-app ``on``).

    UserError becomes one line and exit 2, DataError one line and exit 1.
    """

    def register(func: F) -> F:
        @functools.wraps(func)
        def guarded(*args: Any, **inner: Any) -> Any:
            try:
                return func(*args, **inner)
            except UserError as err:
                raise fail(str(err)) from None
            except DataError as err:
                raise fail(f"the card data is broken: {err}", code=1) from None

        (on or app).command(name, **kwargs)(guarded)
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


# click's UsageError, found through typer so it works whether typer bundles click or not.
_UsageError: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"
)


INTERRUPTED = 130  # the exit code of a run stopped with Ctrl-C


def main() -> None:
    """Console-script entry point: usage errors, too, become one ``error:`` line (exit 2)."""
    try:
        code = app(standalone_mode=False)
    except _UsageError as err:
        if not str(err.format_message()).strip():  # type: ignore[attr-defined]
            sys.exit(0)  # a bare command: its help was shown, nothing went wrong
        ctx = getattr(err, "ctx", None)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        message = " ".join(str(err.format_message()).split())  # type: ignore[attr-defined]
        typer.echo(f"error: {message}{hint}", err=True)
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        code = INTERRUPTED
    if code == INTERRUPTED:  # Ctrl-C (typer turns it into this exit code)
        typer.echo("interrupted", err=True)
    sys.exit(code if isinstance(code, int) else 0)


# Importing the command modules registers their commands.
import coop_helper.cli.commands_atlas  # noqa: E402
import coop_helper.cli.commands_odds  # noqa: E402
import coop_helper.cli.commands_play  # noqa: E402
import coop_helper.cli.commands_setup  # noqa: E402, F401
