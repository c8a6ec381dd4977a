"""Matching names as people type them: any case, German with or without umlauts."""

from __future__ import annotations

import difflib
import re
import unicodedata

_UMLAUTS = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})
_SPELLED_UMLAUTS = re.compile(r"(?<=[a-z])(ae|oe|ue)")


def normalise(name: str) -> str:
    """Fold a name to a lookup key: lower case, umlauts folded, punctuation dropped.

    "Handelsfürst", "Handelsfurst" and "Handelsfuerst" all fold to "handelsfurst".
    Compatibility forms count as their letters (full-width letters, an umlaut
    typed as a letter and a combining mark). The same folding is applied to the
    catalogue's names, so it only has to be consistent.
    """
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_UMLAUTS)
    folded = re.sub(r"[^a-z0-9]", "", folded)
    return _SPELLED_UMLAUTS.sub(lambda m: m.group(1)[0], folded)


def suggest(word: str, candidates: list[str], limit: int = 3) -> list[str]:
    """The candidates closest to a mistyped word, best first (may be empty)."""
    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(normalise(candidate), candidate)
    close = difflib.get_close_matches(normalise(word), list(by_key), n=limit, cutoff=0.6)
    return [by_key[key] for key in close]
