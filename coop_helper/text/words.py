"""Counted words as people write them: 1 game, 2 games, 1,000 games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1 (``many``: an irregular plural)."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def counts_words(counts: Sequence[int]) -> str:
    """Player counts in words: '1 player', '2 and 3 players', '1, 2 and 4 players'."""
    listed = [str(p) for p in counts]
    head = ", ".join(listed[:-1])
    joined = f"{head} and {listed[-1]}" if head else listed[-1]
    return f"{joined} player{'' if list(counts) == [1] else 's'}"


def versions_in_words(by_count: Mapping[int, str]) -> str:
    """A policy's versions by player count in words: 'version 3', or 'version 3 (4 at 2
    and 3 players)' when they differ (the most common one first)."""
    counts = sorted(by_count)
    if not counts:
        return "no version"
    values = [by_count[p] for p in counts]
    usual = max(values, key=lambda v: (values.count(v), -values.index(v)))
    others: dict[str, list[int]] = {}
    for players in counts:
        if by_count[players] != usual:
            others.setdefault(by_count[players], []).append(players)
    if not others:
        return f"version {usual}"
    parts = "; ".join(f"{v} at {counts_words(ps)}" for v, ps in others.items())
    return f"version {usual} ({parts})"
