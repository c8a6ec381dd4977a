"""The app and its error guard: the typer app every command is registered on, the
`command` decorator that turns bad input into one line and exit code 2, and `main`, which
runs the app with the exit codes of the command-line contract."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import typer

from coop_helper import __version__, interrupts
from coop_helper.cli.commands import PROG_NAME, TOP_LEVEL, CommandGroup
from coop_helper.cli.help_style import HELP_OPTIONS, HelpCommand
from coop_helper.errors import DataError, UserError, escape_controls
from coop_helper.render import terminal as streams
from coop_helper.text import i18n
from coop_helper.text.i18n import _

app = typer.Typer(
    name="coop-helper",
    help="Set up, simulate and score co-op games of Port Royal: Just One More Contract.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=CommandGroup,
    context_settings=HELP_OPTIONS,
)

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` as one line on stderr; return the Exit to raise."""
    typer.echo(_("error: {message}").format(message=escape_controls(message)), err=True)
    return typer.Exit(code)


def _set_language(value: str | None) -> None:
    """``--lang``, else the environment's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    if value is None:
        i18n.set_language(i18n.from_environment(os.environ))
    elif value in i18n.LANGUAGES:
        i18n.set_language(value)
    else:
        raise typer.BadParameter(
            f"'{escape_controls(value)}' is not a language of coop-helper: give "
            f"{' or '.join(i18n.LANGUAGES)}",
            param_hint="'--lang'",
        )


def language_first(args: list[str]) -> list[str]:
    """``args`` with ``--lang X`` (given anywhere before ``--``) moved to the front, where
    the app takes it, so ``coop-helper rank 6 --lang de`` speaks German too."""
    moved: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            rest += args[i:]
            break
        if word == "--lang" and i + 1 < len(args):
            moved = [word, args[i + 1]]
            i += 2
            continue
        if word.startswith("--lang="):
            moved = [word]
        else:
            rest.append(word)
        i += 1
    return [*moved, *rest]


def options_given(ctx: typer.Context) -> list[str]:
    """The options of ``ctx``'s command that were given on the command line (each by its
    first name, e.g. ``--players``), in the command's order; defaults do not count."""
    return [
        param.opts[0]
        for param in ctx.command.params
        if param.name and getattr(ctx.get_parameter_source(param.name), "name", "") == "COMMANDLINE"
    ]


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """How every command ends on what it cannot do: a UserError is one line and exit 2,
    broken card data one line and exit 1, a reader that stopped reading (``| head``) a
    quiet exit 0. Commands get it from `command`; a group's callback uses it directly."""
    try:
        yield
    except UserError as err:
        raise fail(str(err)) from None
    except DataError as err:
        raise fail(f"the card data is broken: {err}", code=1) from None
    except BrokenPipeError:  # the reader stopped reading (e.g. head): end quietly
        streams.silence_stdout()
        raise typer.Exit(0) from None


def command(
    name: str | None = None, *, on: typer.Typer | None = None, **kwargs: Any
) -> Callable[[F], F]:
    """Make the function a command: UserError becomes one line and exit 2, DataError one
    line and exit 1. On a group ``on`` it is registered at once; a top-level command is
    registered on the app when it is used (`cli.commands`, the one list of them)."""

    def register(func: F) -> F:
        @functools.wraps(func)
        def guarded(*args: Any, **inner: Any) -> Any:
            with user_errors():
                return func(*args, **inner)

        kwargs.setdefault("cls", HelpCommand)
        if on is not None:
            on.command(name, **kwargs)(guarded)
        else:
            TOP_LEVEL[func] = lambda target: target.command(name, **kwargs)(guarded)
        return func

    return register


def _show_version(value: bool) -> None:
    if value:
        from coop_helper.native import engine_description

        try:
            engine = engine_description()
        except UserError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"coop-helper {__version__}")
        typer.echo(engine)
        raise typer.Exit()


@app.callback()
def _root(
    lang: str | None = typer.Option(
        None,
        "--lang",
        metavar="LANG",
        callback=_set_language,
        is_eager=True,
        help="Write in en or de (default: the LANG, LC_ALL or LANGUAGE environment's).",
    ),
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Show the version."
    ),
) -> None:
    """Set up, simulate and score co-op games of Port Royal: Just One More Contract."""


# click's UsageError, found through typer so it works whether typer bundles click or not.
_UsageError: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"
)


def _run() -> int:
    """Run the app; the exit code. Usage errors become one ``error:`` line (exit 2)."""
    try:
        # one name however it is started (`python -m coop_helper` too): usage lines and
        # shell completion are for the `coop-helper` command
        code = app(args=sys.argv[1:], standalone_mode=False, prog_name=PROG_NAME)
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
    except _UsageError as err:
        if not str(err.format_message()).strip():  # type: ignore[attr-defined]
            return 0  # a bare command: its help was shown, nothing went wrong
        from coop_helper.cli import usage_errors  # only on a usage error: start-up counts

        ctx = getattr(err, "ctx", None)
        args = sys.argv[1:]
        message = usage_errors.unknown_option_message(err, args) or (
            usage_errors.parser_message(err, args) or usage_errors.plain_message(err)
        )
        hint = ""
        if not usage_errors.ends_with_its_fix(message):
            path = usage_errors.command_path(ctx, args, typer.main.get_command(app))
            hint = " " + _("(see '{command} --help')").format(command=path)
        line = _("error: {message}").format(message=escape_controls(message) + hint)
        typer.echo(line, err=True)
        return 2
    except (KeyboardInterrupt, typer.Abort):
        code = interrupts.INTERRUPTED
    if code == interrupts.INTERRUPTED:  # typer turns a Ctrl-C into this exit code too
        code = interrupts.exit_code()
    if code == interrupts.INTERRUPTED:  # Ctrl-C, not SIGTERM
        typer.echo(_("interrupted"), err=True)
    return code if isinstance(code, int) else 0


def _asked_language(args: list[str]) -> str | None:
    """The language ``--lang`` asks for at the front of ``args``, or None."""
    if args[:1] == ["--lang"] and len(args) > 1:
        return args[1]
    if args and args[0].startswith("--lang="):
        return args[0].partition("=")[2]
    return None


def main() -> None:
    """Console-script entry point: one ``error:`` line for bad input, never a traceback for
    Ctrl-C, SIGTERM, a pipe closed early or a terminal that cannot show every letter."""
    streams.prepare()
    sys.argv[1:] = language_first(sys.argv[1:])
    with contextlib.suppress(typer.BadParameter):  # a bad --lang: its error comes later
        _set_language(_asked_language(sys.argv[1:]))
    interrupts.stop_on_sigterm()
    try:
        code = _run()
    except BrokenPipeError:  # the reader has all it wants (e.g. piped into head): stop quietly
        streams.silence_stdout()
        code = 0
    if code in (interrupts.INTERRUPTED, interrupts.TERMINATED):
        interrupts.exit_stopped(code)
    sys.exit(code)
