"""Counted words as people write them: 1 game, 2 games, 1,000 games."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1 (``many``: an irregular plural)."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"
