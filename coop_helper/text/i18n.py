"""English and German text: one gettext catalog shared by the command line and the web page.

The catalog is ``locale/de/LC_MESSAGES/messages.po`` beside this module, shipped with its
compiled ``messages.mo`` (compile after a change, see the .po file's header). English is the
source text itself. The language of the text being made is a context variable, set once per
command (``--lang`` or the environment) and once per web request, so every layer that makes
sentences for people asks ``_()`` and gets the reader's language.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"
LANGUAGES = ("en", "de")
DEFAULT = "en"

_current: ContextVar[str] = ContextVar("coop_helper_lang", default=DEFAULT)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English is the source text itself)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def language_of(tag: str) -> str | None:
    """One of our languages for a locale name or language tag (``de_DE.UTF-8``, ``de-AT``,
    ``en``), or None for any other (``C``, ``fr_FR``)."""
    lang = tag.strip().lower().replace("-", "_").split("_")[0].split(".")[0].split("@")[0]
    return lang if lang in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, in gettext's order: ``LANGUAGE`` (a list, the
    first of ours wins), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; English otherwise."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        if name == "LANGUAGE":
            for tag in value.split(":"):
                if language_of(tag):
                    return language_of(tag) or DEFAULT
            continue
        return language_of(value) or DEFAULT
    return DEFAULT


def current() -> str:
    """The language text is being made in now."""
    return _current.get()


def set_language(lang: str) -> None:
    """Make text in ``lang`` from now on (in this context)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    _current.set(lang)


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Make text in ``lang`` inside the ``with`` block only."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(_current.get()).gettext(message)


def N_(message: str) -> str:
    """``message`` itself, marked for the catalog: for text kept in a constant (and in JSON,
    which stays English) and translated where it is shown, with ``_(CONSTANT)``."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural of a message, for ``count``, in the current language."""
    return translations(_current.get()).ngettext(singular, plural, count)


def is_german() -> bool:
    """Is the current language German (for data fields kept per language, ``name_de``)?"""
    return _current.get() == "de"
