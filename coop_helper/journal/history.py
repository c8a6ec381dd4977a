"""Summaries of the recorded games: per player count, per month, best ranks, standing."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coop_helper.journal.records import GameRecord


@dataclass(frozen=True)
class GroupSummary:
    """Games, wins and the best win of a group of games (``key``: what groups them)."""

    key: str
    games: int
    wins: int
    best: GameRecord | None  # the win with the most points (the first one reached)

    @property
    def losses(self) -> int:
        """Games lost."""
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        """Wins per game."""
        return self.wins / self.games if self.games else 0.0


def tally(key: str, records: Iterable[GameRecord]) -> GroupSummary:
    """Count games and wins and find the best win (ties: the earliest)."""
    games = wins = 0
    best: GameRecord | None = None
    for record in records:
        games += 1
        if record.won:
            wins += 1
            if best is None or (record.points or 0) > (best.points or 0):
                best = record
    return GroupSummary(key, games, wins, best)


@dataclass(frozen=True)
class History:
    """What ``history`` shows: totals, per player count, per month, and new best ranks."""

    records: tuple[GameRecord, ...]  # in play order
    total: GroupSummary
    by_players: tuple[GroupSummary, ...]
    by_month: tuple[GroupSummary, ...]
    by_year: tuple[GroupSummary, ...]
    milestones: tuple[GameRecord, ...]  # each win that reached a better rank than before
    against_expert: Expected  # the wins beside the expert's predicted chances


@dataclass(frozen=True)
class Expected:
    """The games with the expert's prediction: how many the table won, how many the expert
    would be expected to win (the sum of its chances)."""

    games: int
    wins: int
    expected: float


def against_expert(records: Iterable[GameRecord]) -> Expected:
    """Compare the wins of the predicted games with the expert's expected wins."""
    games = wins = 0
    expected = 0.0
    for record in records:
        if record.predicted_win is not None:
            games += 1
            wins += record.won
            expected += record.predicted_win
    return Expected(games, wins, expected)


def _grouped(records: Sequence[GameRecord], key: str) -> dict[str, list[GameRecord]]:
    groups: dict[str, list[GameRecord]] = {}
    for record in records:
        if key == "players":
            name = str(record.players)
        else:
            name = record.played_on[:7] if key == "month" else record.played_on[:4]
        groups.setdefault(name, []).append(record)
    return groups


def rank_milestones(records: Iterable[GameRecord], rank_order: Sequence[str]) -> list[GameRecord]:
    """The wins that reached a rank higher than every earlier win (play order)."""
    level = {name: i for i, name in enumerate(rank_order)}
    best = -1
    found = []
    for record in records:
        if record.won and record.rank is not None and level[record.rank] > best:
            best = level[record.rank]
            found.append(record)
    return found


def summarise(records: Sequence[GameRecord], rank_order: Sequence[str]) -> History:
    """Every summary of these games (already filtered and in play order)."""
    players = _grouped(records, "players")
    months = _grouped(records, "month")
    years = _grouped(records, "year")
    return History(
        records=tuple(records),
        total=tally("all", records),
        by_players=tuple(tally(k, players[k]) for k in sorted(players, key=int)),
        by_month=tuple(tally(k, months[k]) for k in sorted(months)),
        by_year=tuple(tally(k, years[k]) for k in sorted(years)),
        milestones=tuple(rank_milestones(records, rank_order)),
        against_expert=against_expert(records),
    )


@dataclass(frozen=True)
class Standing:
    """Where one game stands among the group's games with the same number of players."""

    games: int  # games with this player count, this one included
    wins: int
    better: int  # wins with more points than this one (0 for a loss)
    tied: int  # other wins with as many points
    deal_games: int  # games of this same deal (share code), this one included
    deal_wins: int

    @property
    def place(self) -> int:
        """1 for the best win so far, 2 for the second best, ..."""
        return self.better + 1


def standing(db: sqlite3.Connection, game: GameRecord) -> Standing:
    """Compare a recorded ``game`` with every game in the journal (counted by SQLite)."""
    points = game.points if game.won else None
    games, wins, better, tied = db.execute(
        "SELECT count(*), coalesce(sum(won), 0), coalesce(sum(won AND points > ?), 0), "
        "coalesce(sum(won AND points = ? AND uid != ?), 0) FROM games WHERE players = ?",
        (points, points, game.uid, game.players),
    ).fetchone()
    deal_games, deal_wins = db.execute(
        "SELECT count(*), coalesce(sum(won), 0) FROM games WHERE code = ?", (game.code,)
    ).fetchone()
    if not game.won:
        better = tied = 0
    return Standing(games, wins, better, tied, deal_games, deal_wins)
