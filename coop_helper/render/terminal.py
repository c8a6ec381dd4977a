"""Make stdout and stderr safe for whatever they are: an ASCII-only terminal, a pipe that
closes early, a ``COLUMNS`` that makes no sense."""

from __future__ import annotations

import codecs
import contextlib
import locale
import os
import sys
import unicodedata

ASCII_FALLBACK = "coop_helper_ascii"
MIN_COLUMNS = 20  # narrower than this is no layout at all: use the terminal's real width
NARROW = 64  # below this many columns, tables become lists of short lines

# One ASCII character per character, so tables measured for the real text stay aligned.
_SYMBOLS = {
    "\u2013": "-",
    "\u2014": "-",
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u00b7": ".",
    "\u00df": "s",
    "\u2026": ".",
    "\u2588": "#",
    "\u2502": "|",
    "\u2500": "-",
    "\u2501": "-",
    "\u2503": "|",
}


def _ascii_for(char: str) -> str:
    """A plain-ASCII stand-in for ``char``: the unaccented letter (names accept it), or '?'."""
    if char in _SYMBOLS:
        return _SYMBOLS[char]
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain[:1] or "?"


def _fallback(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    text = err.object[err.start : err.end]
    return "".join(_ascii_for(c) for c in text), err.end


def prepare() -> None:
    """Set up the standard streams before anything is printed."""
    try:
        codecs.lookup_error(ASCII_FALLBACK)
    except LookupError:
        codecs.register_error(ASCII_FALLBACK, _fallback)
    _prepare_streams()


def _prepare_streams() -> None:
    ascii_only = locale_is_ascii()
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:  # text that the encoding lacks is spelt in ASCII
            with contextlib.suppress(ValueError, OSError, LookupError):
                if ascii_only:
                    reconfigure(encoding="ascii", errors=ASCII_FALLBACK)
                else:
                    reconfigure(errors=ASCII_FALLBACK)
    columns = os.environ.get("COLUMNS")
    if columns is not None and not (columns.isdigit() and int(columns) >= MIN_COLUMNS):
        del os.environ["COLUMNS"]  # 0, negative or junk: lay out for the real terminal


def locale_is_ascii() -> bool:
    """Does the user's locale say the terminal shows ASCII only (LC_ALL=C), where Python
    writes UTF-8 anyway? Python turns on its UTF-8 mode by itself in the C locale; unless
    the user asked for that mode (PYTHONUTF8=1, -X utf8), the locale's own codeset wins."""
    if not sys.flags.utf8_mode or os.environ.get("PYTHONUTF8") or "utf8" in sys._xoptions:
        return False
    if os.environ.get("PYTHONIOENCODING"):
        return False  # the user chose the streams' encoding
    try:
        codeset = locale.nl_langinfo(locale.CODESET)
    except (AttributeError, ValueError):  # no nl_langinfo (Windows)
        return False
    return codeset.upper().replace("-", "") in ("ANSI_X3.41968", "ASCII", "USASCII")


def stdout_is_unicode() -> bool:
    """Whether stdout's encoding can write any character (UTF-8 or another UTF)."""
    encoding = (getattr(sys.stdout, "encoding", None) or "ascii").lower().replace("-", "")
    return encoding.startswith("utf")


def silence_stdout() -> None:
    """After the reader closed the pipe: point stdout at /dev/null so nothing more fails."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
