"""The odds per budget of turns, counted from the games' traces.

A team with more turns can always play as it would with fewer, so a level never shows
less than the level below it: where a branch makes a shorter budget win more often, the
longer one shows that budget's count (`WinsByBudget.levels`).

C++ twin: `WinsByBudget.add` in `coop_helper/native/src/sim/levels.cpp`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from coop_helper.native import core as native_core
from coop_helper.native import native_in_use
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.statistics import interval
from coop_helper.sim.traces import Trace, outcome, seat_of


@dataclass(frozen=True)
class Level:
    """The odds for one budget of turns."""

    removed: int | None  # cards moved before play (None when the Time Pile is unknown)
    turns: int  # Time Pile cards left: the turns the team has
    wins: int
    games: int
    ci_low: float
    ci_high: float
    ranks: dict[str, float] = field(default_factory=dict)  # chance of each rank

    @property
    def win(self) -> float:
        """Estimated win probability."""
        return self.wins / self.games if self.games else 0.0


class WinsByBudget:
    """Wins per budget of turns, and the Tax Increase moves of those wins, game by game."""

    def __init__(self, max_turns: int, native: bool | None = None) -> None:
        self.max_turns = max_turns
        # counted on the native core (None: wherever it is in use): the same counts
        self.native = native_in_use() if native is None else native
        self.games = 0
        self.wins = [0] * (max_turns + 1)  # by budget
        self.moves: list[dict[int, int]] = [{} for _ in range(max_turns + 1)]

    def add(self, traces: Sequence[Trace]) -> None:
        """Count these games at every budget (on the native core where it is in use: the
        same counts, in the same order)."""
        wins, moves, top = self.wins, self.moves, self.max_turns + 1
        if self.native:
            self.games += len(traces)
            budget_wins, budget_moves = native_core.tally(traces, top)
            for budget, count in enumerate(budget_wins):
                wins[budget] += count
            for budget, counts in enumerate(budget_moves):
                at = moves[budget]
                for moved, count in counts:
                    at[moved] = at.get(moved, 0) + count
            return
        for trace in traces:
            self.games += 1
            finish = trace.finish_turn
            if not trace.endings:  # a branch can win a budget the game itself does not
                if not finish:
                    continue
                if not trace.events:  # won with any budget of at least `finish` turns
                    for budget in range(finish, top):
                        wins[budget] += 1
                        moves[budget][0] = moves[budget].get(0, 0) + 1
                    continue
            first = 0 if trace.endings else min(finish, top)
            for budget in range(first, top):
                won, made = outcome(trace, budget)
                if won:
                    wins[budget] += 1
                    moves[budget][made] = moves[budget].get(made, 0) + 1

    def best_budgets(self) -> list[int]:
        """Per budget, the budget up to it whose games win most (itself unless a shorter
        one wins more): a team with more turns can play as it would with fewer."""
        best, chosen = 0, []
        for budget, wins in enumerate(self.wins):
            if budget == 0 or wins >= self.wins[best]:
                best = budget
            chosen.append(best)
        return chosen

    def shown_wins(self) -> list[int]:
        """Wins per budget as the levels show them (each the best of the budgets up to it)."""
        return [self.wins[best] for best in self.best_budgets()]

    def budgets(self) -> list[int]:
        """Budgets from the full Time Pile down to the first one no game wins."""
        best = self.best_budgets()
        shown = []
        for budget in range(self.max_turns, -1, -1):
            shown.append(budget)
            if self.wins[best[budget]] == 0:
                break
        return shown

    def precise(self, half_width: float, confidence: float, method: str) -> bool:
        """Is every shown level's confidence interval at most ``half_width`` either side?"""
        best = self.best_budgets()
        for budget in self.budgets():
            low, high = interval(self.wins[best[budget]], self.games, confidence, method)
            if (high - low) / 2 > half_width:
                return False
        return True

    def levels(
        self, time_pile: int | None, confidence: float = 0.95, method: str = "wilson"
    ) -> list[Level]:
        """The odds per budget, with removal levels and rank chances if the pile is known."""
        catalog = load_catalog()
        best = self.best_budgets()
        levels = []
        for budget in self.budgets():
            removed = None if time_pile is None else time_pile - budget
            played = best[budget]  # the budget whose play this level shows
            wins, games = self.wins[played], self.games
            low, high = interval(wins, games, confidence, method)
            ranks: dict[str, float] = {}
            if games and removed is not None:
                ranks = {r.name: 0.0 for r in catalog.ranks}
                for made, count in self.moves[played].items():
                    ranks[catalog.rank(removed + made).name] += count / games
            levels.append(Level(removed, budget, wins, games, low, high, ranks))
        return levels


def by_seat(tallies: Sequence[WinsByBudget], max_turns: int) -> WinsByBudget:
    """One tally from one per seat (`traces.seat_piles`, the same seeds): each budget
    counted from its own seat's games."""
    seats = len(tallies)
    if seats == 1:
        return tallies[0]
    merged = WinsByBudget(max_turns, tallies[0].native)
    merged.games = tallies[0].games
    for budget in range(max_turns + 1):
        own = tallies[seat_of(budget, seats)]
        merged.wins[budget] = own.wins[budget]
        merged.moves[budget] = dict(own.moves[budget])
    return merged


def tally_by_seat(played: Sequence[tuple[int, Sequence[Trace]]], max_turns: int) -> WinsByBudget:
    """`by_seat` over the games of `traces.seat_traces`: (seat's Time Pile, its traces)."""
    tallies = []
    for pile, traces in played:
        tally = WinsByBudget(pile)
        tally.add(traces)
        tallies.append(tally)
    return by_seat(tallies, max_turns)


def summarise(
    traces: Sequence[Trace],
    max_turns: int,
    time_pile: int | None,
    confidence: float = 0.95,
    method: str = "wilson",
) -> list[Level]:
    """Win odds per budget, from ``max_turns`` down to the first budget no game wins.

    With a known Time Pile, budgets are removal levels 0, 1, 2, ...; points are the cards
    removed plus the moves made on Tax Increases.
    """
    tally = WinsByBudget(max_turns)
    tally.add(traces)
    return tally.levels(time_pile, confidence, method)


def recommend(levels: Sequence[Level], target: float) -> Level | None:
    """The level with the most cards removed whose win probability is at least ``target``."""
    good = [lv for lv in levels if lv.win >= target]
    return max(good, key=lambda lv: lv.removed or 0) if good else None
