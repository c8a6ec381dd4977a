"""The light end of render/: a ``--json`` document and a line of text, printed without
loading rich, so the smallest commands (``rank``) start in a blink."""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Mapping
from typing import Any

from coop_helper.render.terminal import stdout_is_unicode

JSON_SCHEMA = 1  # raised when a field of any --json document changes meaning or goes away


def print_json(doc: Mapping[str, Any]) -> None:
    """Print one ``--json`` document on stdout: ``schema`` first, indented, non-ASCII
    letters escaped if stdout cannot show them."""
    document = {"schema": JSON_SCHEMA, **doc}
    print(json.dumps(document, indent=2, ensure_ascii=not stdout_is_unicode()))


def print_line(text: str) -> None:
    """Print one line of text, wrapped at words to the terminal's width as the tables are."""
    print("\n".join(textwrap.wrap(text, shutil.get_terminal_size().columns) or [""]))
