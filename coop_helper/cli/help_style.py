"""The look of ``--help``: no ``<bool>``/``<str>``/``<list[str]>`` type tags.

Every option that takes a value names it with a metavar (``N``, ``CODE``, ``P``) or lists
its choices; a flag needs no tag, and an argument's name already says what it takes. These
command classes blank the type column for flags and arguments; everything else is typer's.
"""

from __future__ import annotations

import copy
import functools
import shutil
from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup

from coop_helper.render import terminal as streams
from coop_helper.render.terminal import NARROW

HELP_OPTIONS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


def _no_type_tag(ctx: Any) -> None:
    return None


def _usage_name(argument: Any) -> Any:
    """The usage line's name of ``argument``: ``POINTS`` when required (typer writes
    ``{POINTS}``, a shape that reads as a set of choices), ``[CONTRACT]...`` when not."""

    def pieces(ctx: Any) -> list[str]:
        name = argument.metavar or argument.name.upper()
        if not argument.required:
            name = f"[{name}]"
        return [name + ("..." if argument.nargs != 1 else "")]

    return pieces


def _no_metavar(param: Any, ctx: Any) -> str:
    return ""


def _plain(params: list[Any]) -> list[Any]:
    for param in params:
        if isinstance(param, TyperArgument) or getattr(param, "is_flag", False):
            param.display_type_rich = _no_type_tag  # this parameter only
        if isinstance(param, TyperArgument):
            param.get_usage_pieces = _usage_name(param)  # type: ignore[method-assign]
            if not hasattr(param.type, "choices") and param.type.get_metavar is not _no_metavar:
                # the typer pinned takes an argument's tag from its type: a copy of the
                # type for this argument alone (a type such as str's is shared by all)
                param.type = copy.copy(param.type)
                param.type.get_metavar = _no_metavar  # type: ignore[method-assign]
    return params


def _quiet_on_closed_pipe(format_help: Any, ctx: Any, formatter: Any) -> None:
    try:
        format_help(ctx, formatter)
    except BrokenPipeError:  # the reader stopped reading: the help ends there
        streams.silence_stdout()
    except SystemExit as stop:  # rich's console says a closed pipe so (stdout now silenced)
        if stop.code != 1:
            raise


def narrow() -> bool:
    """Is the terminal too narrow for the help's boxed tables? There they squeeze the
    option names to "--playe…"; the plain layout puts each name on its own line."""
    return shutil.get_terminal_size().columns < NARROW


def _plain_help(format_help: Any, ctx: Any, formatter: Any) -> None:
    """click's plain layout, wrapped at the terminal's width (click's own floor is 50)."""
    width = formatter.width = max(20, shutil.get_terminal_size().columns - 1)
    # an option wider than a third of the line goes on a line of its own, its text below
    formatter.write_dl = functools.partial(type(formatter).write_dl, formatter, col_max=width // 3)
    format_help(ctx, formatter)


def _format_help(boxed: Any, plain: Any, ctx: Any, formatter: Any) -> None:
    """The help in typer's boxes (``boxed``), or click's plain layout (``plain``) on a narrow
    terminal; quiet on a closed pipe either way."""
    if narrow():
        _quiet_on_closed_pipe(lambda c, f: _plain_help(plain, c, f), ctx, formatter)
    else:
        _quiet_on_closed_pipe(boxed, ctx, formatter)


class HelpCommand(TyperCommand):
    """A command whose help shows no type tags for flags and arguments, plain on a narrow
    terminal."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        plain = super(TyperCommand, self).format_help  # click's own layout
        _format_help(super().format_help, plain, ctx, formatter)


class HelpGroup(TyperGroup):
    """A group (the app, ``seals``) whose help shows no type tags for flags, plain on a
    narrow terminal."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands with their whole first sentence, wrapped (click cuts each to fit
        one line, "Win odds at every Victory Pile...", which leaves a narrow terminal
        with half sentences)."""
        rows = [
            (name, command.get_short_help_str(limit=1000))
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        ]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        plain = super(TyperGroup, self).format_help  # click's own layout
        _format_help(super().format_help, plain, ctx, formatter)
