"""Usage errors in a player's words: what click reports, said with the fix.

An unknown option is placed (after the command's name, or on the command that has it), a
contract name typed without quotes is named whole, and typer's validation messages say
what was expected. Each function takes the error and the command line's words.
"""

from __future__ import annotations

import contextlib
import re
import shlex
from typing import Any

from coop_helper.errors import UserError, shown

PROG_NAME = "coop-helper"

_EXPECTED = {  # pydantic's error types, as a player would say what was expected
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "int_type": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "true or false",
}


def plain_message(err: Exception) -> str:
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


_EXTRA = re.compile(r"unexpected extra argument\(?s?\)? \((?P<words>.+)\)")


def quotes_hint(message: str, args: list[str]) -> str:
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


def unknown_option_message(err: Exception, args: list[str]) -> str | None:
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


def command_path(ctx: Any, args: list[str], root: Any) -> str:
    """The command an error is about: its context's, else the longest command whose
    words begin ``args`` under ``root`` (click leaves some errors without a context)."""
    if ctx is not None:
        return str(ctx.command_path)
    found = ""
    for path, _ in _leaf_commands(root):
        words = path.split()
        if args[: len(words)] == words and len(path) > len(found):
            found = path
    return f"{PROG_NAME} {found}".strip()
