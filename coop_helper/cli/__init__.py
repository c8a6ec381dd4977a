"""The command-line interface: a thin typer layer that parses, calls one function, renders.

Each command lives in a module of its own in this package and registers itself on ``app``
with the :func:`command` decorator, which turns bad input into one line and exit code 2.
"""

from __future__ import annotations

import contextlib
import functools
import re
import shlex
import signal
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from coop_helper import __version__
from coop_helper.cli.help_style import HELP_OPTIONS, HelpCommand, HelpGroup
from coop_helper.errors import DataError, UserError, escape_controls, shown
from coop_helper.render import terminal as streams

app = typer.Typer(
    name="coop-helper",
    help="Set up, simulate and score co-op games of Port Royal: Just One More Contract.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=HelpGroup,
    context_settings=HELP_OPTIONS,
)

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` as one line on stderr; return the Exit to raise."""
    typer.echo(f"error: {escape_controls(message)}", err=True)
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
            except BrokenPipeError:  # the reader stopped reading (e.g. head): end quietly
                streams.silence_stdout()
                raise typer.Exit(0) from None

        kwargs.setdefault("cls", HelpCommand)
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


_EXPECTED = {  # pydantic's error types, as a player would say what was expected
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "int_type": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "true or false",
}


def _plain_message(err: Exception) -> str:
    """A usage error's message in a player's words (typer's validation speaks pydantic)."""
    usage: Any = err  # click's UsageError: a ``message`` and ``format_message()``
    errors = getattr(err.__cause__, "errors", None)
    if callable(errors) and isinstance(getattr(usage, "message", None), str):
        with contextlib.suppress(Exception):
            first = errors()[0]
            expected = _EXPECTED.get(first.get("type", ""))
            if expected is not None:
                usage.message = f"'{shown(str(first.get('input', '')))}' is not {expected}."
    if isinstance(getattr(usage, "message", None), str):
        usage.message = usage.message.removeprefix("Value error, ")
    return " ".join(str(usage.format_message()).split())


PROG_NAME = "coop-helper"
_EXTRA = re.compile(r"unexpected extra argument\(?s?\)? \((?P<words>.+)\)")


def _quotes_hint(message: str, args: list[str]) -> str:
    """For extra arguments that are the rest of a contract name typed without quotes
    (--keep Lady Killer), how to write it; '' otherwise."""
    found = _EXTRA.search(message)
    if found is None:
        return ""
    extra = found.group("words").split()
    from coop_helper.setup.catalog import load_catalog

    catalog = load_catalog()
    for i in range(1, len(args)):
        if args[i : i + len(extra)] == extra:
            name = " ".join(args[i - 1 : i + len(extra)])
            try:
                contract = catalog.contract(name)
            except UserError:
                continue
            return f": {name} is one contract, put it in quotes: '{contract.name}'."
    return ""


def _leaf_commands(command: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every command below a click group, with its name as typed (``seals set``)."""
    subcommands = getattr(command, "commands", None)
    if not subcommands:
        return [(path, command)]
    found = []
    for name, sub in subcommands.items():
        found += _leaf_commands(sub, f"{path} {name}".strip())
    return found


def _takes(command: Any, option: str) -> Any:
    """The parameter of ``command`` that ``option`` names, or None."""
    for param in getattr(command, "params", []):
        if option in (*param.opts, *getattr(param, "secondary_opts", ())):
            return param
    return None


def _unknown_option_message(err: Exception, args: list[str]) -> str | None:
    """For an option the command does not have: where it belongs, or the closest one of
    the command's own (click's guess can be far off); None for other errors."""
    option = getattr(err, "option_name", None)
    ctx = getattr(err, "ctx", None)
    extra = _EXTRA.search(str(getattr(err, "message", "")))
    if (
        option is None
        and extra is not None
        and extra.group("words").startswith("--")
        and "--" not in args  # after "--" every word is an argument
    ):
        option = extra.group("words").split()[0]  # a command that takes "-1" as a value
    if not isinstance(option, str) or ctx is None:
        return None
    from coop_helper.setup.names import suggest

    if ctx.parent is None:  # options before the command's name: move them after it
        names = set(getattr(ctx.command, "commands", {}))
        at = next((i for i, arg in enumerate(args) if arg in names), 0)
        prefix, rest = args[:at], args[at:]
        for path, command in _leaf_commands(ctx.command) if at else ():
            words = path.split()
            if rest[: len(words)] == words and _takes(command, option) is not None:
                example = " ".join(shlex.quote(w) for w in [*rest, *prefix])
                return f"{option} goes after the command's name: {PROG_NAME} {example}"
    own = sorted({o for p in ctx.command.params for o in p.opts if o.startswith("--")})
    if option in own:
        return None  # the command's own option, given where an argument was wanted
    close = suggest(option, own)
    if close:
        return f"no such option: {option}. Did you mean {' or '.join(close)}?"
    others = [
        path
        for path, command in _leaf_commands(ctx.find_root().command)
        if command is not ctx.command and _takes(command, option) is not None
    ]
    if others:
        named = [f"'{PROG_NAME} {p}'" for p in others]
        if len(named) > 3:
            named = [*named[:2], f"{len(named) - 2} more"]
        where = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
        verb = "has" if len(named) == 1 else "have"
        return f"{ctx.command_path} has no option {option} ({where} {verb} it)"
    return f"no such option: {option}"


def _command_path(ctx: Any, args: list[str]) -> str:
    """The command an error is about: its context's, else the longest command whose
    words begin ``args`` (click leaves some errors without a context)."""
    if ctx is not None:
        return str(ctx.command_path)
    root = typer.main.get_command(app)
    found = ""
    for path, _ in _leaf_commands(root):
        words = path.split()
        if args[: len(words)] == words and len(path) > len(found):
            found = path
    return f"{PROG_NAME} {found}".strip()


INTERRUPTED = 130  # the exit code of a run stopped with Ctrl-C
TERMINATED = 143  # the exit code of a run stopped with SIGTERM (128 + 15)


class _Stop:
    """Remembers that SIGTERM arrived; the handler stops the run like Ctrl-C does."""

    terminated = False

    @classmethod
    def on_sigterm(cls, signum: int, frame: object) -> None:
        cls.terminated = True
        raise KeyboardInterrupt


def _run() -> int:
    """Run the app; the exit code. Usage errors become one ``error:`` line (exit 2)."""
    try:
        # one name however it is started (`python -m coop_helper` too): usage lines and
        # shell completion are for the `coop-helper` command
        code = app(standalone_mode=False, prog_name=PROG_NAME)
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
    except _UsageError as err:
        if not str(err.format_message()).strip():  # type: ignore[attr-defined]
            return 0  # a bare command: its help was shown, nothing went wrong
        ctx = getattr(err, "ctx", None)
        message = _unknown_option_message(err, sys.argv[1:]) or _plain_message(err)
        hint = _quotes_hint(message, sys.argv[1:])
        if not hint:
            hint = f" (see '{_command_path(ctx, sys.argv[1:])} --help')"
        typer.echo(f"error: {escape_controls(message)}{hint}", err=True)
        return 2
    except (KeyboardInterrupt, typer.Abort):
        code = INTERRUPTED
    if code == INTERRUPTED and _Stop.terminated:
        return TERMINATED
    if code == INTERRUPTED:  # Ctrl-C (typer turns it into this exit code)
        typer.echo("interrupted", err=True)
    return code if isinstance(code, int) else 0


def main() -> None:
    """Console-script entry point: one ``error:`` line for bad input, never a traceback for
    Ctrl-C, SIGTERM, a pipe closed early or a terminal that cannot show every letter."""
    streams.prepare()
    signal.signal(signal.SIGTERM, _Stop.on_sigterm)
    try:
        code = _run()
    except BrokenPipeError:  # the reader has all it wants (e.g. piped into head): stop quietly
        streams.silence_stdout()
        code = 0
    sys.exit(code)


# Importing the command modules registers their commands.
import coop_helper.cli.commands_atlas  # noqa: E402
import coop_helper.cli.commands_odds  # noqa: E402
import coop_helper.cli.commands_play  # noqa: E402
import coop_helper.cli.commands_setup  # noqa: E402, F401
from coop_helper.cli import commands_journal  # noqa: E402, F401 (listed last in --help)
