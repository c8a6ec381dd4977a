"""The page's language: the one asked for with ``?lang=`` (the page's switch, kept in a
cookie), else the best of the browser's Accept-Language, else English.

The catalog itself is shared with the command line: ``coop_helper.text.i18n``.
"""

from __future__ import annotations

from coop_helper.text.i18n import DEFAULT, LANGUAGES, translations

__all__ = ["DEFAULT", "LANGUAGES", "LANG_COOKIE", "choose", "from_accept_language", "translations"]

LANG_COOKIE = "coop_lang"


def from_accept_language(header: str) -> str | None:
    """The best of our languages in an Accept-Language header (``de-DE,de;q=0.9,en;q=0.8``)."""
    best: tuple[float, int, str] | None = None
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and quality > 0:
            choice = (quality, -index, lang)
            if best is None or choice > best:
                best = choice
    return None if best is None else best[2]


def choose(asked: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: asked for, remembered, the browser's, or English."""
    for lang in (asked, cookie):
        if lang in LANGUAGES:
            return lang
    return from_accept_language(accept or "") or DEFAULT
