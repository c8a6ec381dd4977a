"""The look of ``--help``: no ``<bool>``/``<str>``/``<list[str]>`` type tags.

Every option that takes a value names it with a metavar (``N``, ``CODE``, ``P``) or lists
its choices; a flag needs no tag, and an argument's name already says what it takes. These
command classes blank the type column for flags and arguments; everything else is typer's.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup

HELP_OPTIONS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


def _no_type_tag(ctx: Any) -> None:
    return None


def _plain(params: list[Any]) -> list[Any]:
    for param in params:
        if isinstance(param, TyperArgument) or getattr(param, "is_flag", False):
            param.display_type_rich = _no_type_tag  # this parameter only
    return params


class HelpCommand(TyperCommand):
    """A command whose help shows no type tags for flags and arguments."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))


class HelpGroup(TyperGroup):
    """A group (the app, ``seals``) whose help shows no type tags for flags."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))
