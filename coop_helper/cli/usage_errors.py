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

from coop_helper.cli.commands import PROG_NAME
from coop_helper.errors import UserError, shown
from coop_helper.text.i18n import _, is_german, ngettext

_EXPECTED = {  # pydantic's error types, as a player would say what was expected
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "int_type": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "true or false",
}
# click's words for the same, as the typer pinned checks a value
_CLICK_EXPECTED = re.compile(
    r"^'(?P<input>.*)' is not a valid (?P<kind>int|integer|float|boolean)\."
)
_KINDS = {
    "int": "int_type",
    "integer": "int_type",
    "float": "float_type",
    "boolean": "bool_parsing",
}


def plain_message(err: Exception) -> str:
    """A usage error's message in a player's words (typer's validation speaks pydantic or
    click, by version)."""
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
        said = _CLICK_EXPECTED.match(usage.message)
        if said is not None:
            expected = _EXPECTED[_KINDS[said.group("kind")]]
            usage.message = f"'{said.group('input')}' is not {expected}."
    text = " ".join(str(usage.format_message()).split())
    # "Invalid value for '--players': ..." as every other error starts: the option's name
    return re.sub(r"^Invalid value for '([^']+)'(?: / '[^']+')*: ", r"\1: ", text)


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
            return ": " + _("{name} is one contract, {fix}: '{quoted}'.").format(
                name=name, fix=_("put it in quotes"), quoted=contract.name
            )
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
                return _("{option} goes after the command's name: {command}").format(
                    option=option, command=f"{PROG_NAME} {example}"
                )
    own = sorted({o for p in ctx.command.params for o in p.opts if o.startswith("--")})
    if option in own:
        return None  # the command's own option, given where an argument was wanted
    close = suggest(option, own)
    if close:
        return _("no such option: {option}. Did you mean {names}?").format(
            option=option, names=_(" or ").join(close)
        )
    others = [
        path
        for path, command in _leaf_commands(ctx.find_root().command)
        if command is not ctx.command and _takes(command, option) is not None
    ]
    if others:
        named = [f"'{PROG_NAME} {p}'" for p in others]
        if len(named) > 3:
            named = [*named[:2], _("{n} more").format(n=len(named) - 2)]
        also = _(" and ")
        where = named[0] if len(named) == 1 else f"{', '.join(named[:-1])}{also}{named[-1]}"
        return ngettext(
            "{command} has no option {option} ({where} has it)",
            "{command} has no option {option} ({where} have it)",
            len(named),
        ).format(command=ctx.command_path, option=option, where=where)
    return _("no such option: {option}").format(option=option)


def command_path(ctx: Any, args: list[str], root: Any) -> str:
    """The command an error is about: its context's, else the longest command whose
    words begin ``args`` under ``root`` (click leaves some errors without a context)."""
    if ctx is not None:
        return str(ctx.command_path)
    found = ""
    for path, _command in _leaf_commands(root):
        words = path.split()
        if args[: len(words)] == words and len(path) > len(found):
            found = path
    return f"{PROG_NAME} {found}".strip()


_NO_SUCH_COMMAND = re.compile(r"No such command '(?P<name>.+?)'")
_NEEDS_VALUE = re.compile(r"Option '(?P<option>.+?)' requires an argument")


def _example(command: Any) -> str:
    """The command's example from its help's epilog (``coop-helper rank 6``), or ''."""
    epilog = str(getattr(command, "epilog", "") or "")
    found = re.search(r"Example: (.+)", epilog)
    return found.group(1).strip() if found else ""


def _example_sentence(command: Any) -> str:
    """`` Example: coop-helper rank 6`` when the command's help has one, else ''."""
    example = _example(command)
    return " " + _("Example: {command}").format(command=example) if example else ""


def _arguments_usage(command: Any, ctx: Any) -> str:
    """The arguments ``command`` takes, as its usage line writes them (``POINTS``)."""
    words = [
        piece
        for param in getattr(command, "params", [])
        if getattr(param, "param_type_name", "") == "argument"
        for piece in param.get_usage_pieces(ctx)
    ]
    return " ".join(words)


def ends_with_its_fix(message: str) -> bool:
    """Does the message already say what to type (an example, quotes), so that pointing at
    ``--help`` adds nothing?"""
    example = _("Example: {command}").split("{", 1)[0]
    return f" {example}" in message or _("put it in quotes") in message


def parser_message(err: Exception, args: list[str]) -> str | None:
    """The argument parser's own errors in a player's words, with what to give instead: a
    missing argument (with the command's example), a mistyped command (with the closest
    commands) and words left over; None for other errors."""
    ctx = getattr(err, "ctx", None)
    command = getattr(ctx, "command", None)
    path = str(getattr(ctx, "command_path", PROG_NAME))
    param = getattr(err, "param", None)
    if type(err).__name__ == "MissingParameter" and param is not None:
        if param.param_type_name == "option":
            name = param.opts[0]
        else:
            name = param.metavar or str(param.name).upper()
        what = str(getattr(param, "help", "") or "").rstrip(".")
        # the help stays English: a German line names the argument and its example only
        shows = what and not what.lower().startswith("e.g.") and not is_german()
        said = f": {what[:1].lower()}{what[1:]}" if shows else ""
        return _("{command} needs {name}{said}.").format(
            command=path, name=name, said=said
        ) + _example_sentence(command)
    message = str(getattr(err, "message", ""))
    needs_value = _NEEDS_VALUE.search(message)
    if needs_value is not None:
        return _("{option} needs a value").format(option=needs_value.group("option"))
    unknown = _NO_SUCH_COMMAND.search(message)
    if unknown is not None and command is not None:
        from coop_helper.setup.names import suggest

        name = unknown.group("name")
        close = suggest(name, list(getattr(command, "commands", {})))
        guess = (
            _(": did you mean {names}?").format(names=_(" or ").join(repr(c) for c in close))
            if close
            else ""
        )
        return _("{command} has no command '{name}'{guess}").format(
            command=path, name=shown(name), guess=guess
        )
    extra = _EXTRA.search(message)
    if extra is not None and command is not None:
        words = extra.group("words").split()
        listed = ", ".join(f"'{shown(w)}'" for w in words)
        unexpected = ngettext(
            "unexpected argument {words}", "unexpected arguments {words}", len(words)
        ).format(words=listed)
        quotes = quotes_hint(message, args)
        if quotes:
            return unexpected + quotes
        takes = _arguments_usage(command, ctx)
        rest = (
            _("{command} takes {arguments} only").format(command=path, arguments=takes)
            if takes
            else _("{command} takes no arguments").format(command=path)
        )
        return f"{unexpected}: {rest}." + _example_sentence(command)
    return None
