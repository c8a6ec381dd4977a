"""Write small TOML documents (the standard library only reads TOML).

Covers what a settings file holds: tables of strings, integers, floats, booleans,
dates and times, lists and nested tables. ``tomllib.loads(dumps(doc)) == doc`` for such
documents.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def dumps(doc: Mapping[str, Any], header: str = "") -> str:
    """Serialise ``doc`` as TOML: top-level tables as ``[sections]``, deeper ones inline."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    if lines:
        lines.append("")
    scalars = {k: v for k, v in doc.items() if not isinstance(v, Mapping)}
    tables = {k: v for k, v in doc.items() if isinstance(v, Mapping)}
    lines.extend(f"{_key(k)} = {_value(v)}" for k, v in scalars.items())
    for name, table in tables.items():
        if lines and lines[-1] != "":
            lines.append("")
        lines.append(f"[{_key(name)}]")
        lines.extend(f"{_key(k)} = {_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"
