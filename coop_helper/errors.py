"""Errors the CLI turns into one clear line and an exit code, and safe echoing of user text."""

from __future__ import annotations

import unicodedata

SHOWN_LIMIT = 40  # user text longer than this is cut in messages


class UserError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


class DataError(Exception):
    """The card data in ``data/`` is broken: names the file and the entry."""


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


# Kept as they are: the space, and the joiners that build one emoji or letter from several
# (a pirate flag is a black flag, a zero-width joiner and a skull). Other format characters,
# the ones that turn text right to left among them, are shown as escapes.
_JOINERS = frozenset(" \u200c\u200d")


def escape_controls(text: str) -> str:
    """``text`` with control characters (newlines, escapes, ...) written as visible escapes."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable() or char in _JOINERS:
            out.append(char)
        elif char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif unicodedata.category(char) == "Zs":  # a non-breaking or other space
            out.append(" ")
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)


def shown(text: str, limit: int = SHOWN_LIMIT) -> str:
    """User input as a message shows it: control characters escaped, long text cut."""
    safe = escape_controls(text)
    return safe if len(safe) <= limit else safe[: limit - 3] + "..."
