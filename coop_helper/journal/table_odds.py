"""The odds of ``odds`` and ``setup`` turned into the table's own, from its journal.

Once the journal holds enough games of the deal's player count (see :mod:`calibration`),
every removal level gets the table's win chance beside the expert's. The recommendation
is made on it once the table clearly differs from the expert (the interval of the fitted
shift leaves out 0); before that, a few lucky or unlucky games would move it, so it stays
the expert's.

A table that won every game of the fit is shown as strong as the interval's lower end
says, "at least" that (and its recommendation made on that end: nothing more is known);
one that lost every game as the upper end says, "at most" that.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from coop_helper.errors import UserError
from coop_helper.journal.calibration import (
    MIN_GAMES,
    Calibration,
    can_fit,
    from_games,
    smoothed,
)
from coop_helper.journal.predict import PREDICTION_POLICY
from coop_helper.policies import policy_version
from coop_helper.sim.levels import Level
from coop_helper.sim.odds import OddsResult
from coop_helper.text.percentages import chance_percent
from coop_helper.text.words import plural

AS_CHOICES = ("table", "expert")


@dataclass(frozen=True)
class TableOdds:
    """The table's win chance per level (same order as the odds' levels), with intervals."""

    calibration: Calibration
    wins: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]
    recommended: Level | None
    steers: bool  # the recommendation is made on the table's odds (else on the expert's)
    older: int = 0  # games of the fit predicted by an older version of the expert

    @property
    def shown(self) -> tuple[float, ...]:
        """The table's win chance per level as shown: the lower end of the interval for a
        table that won every game, the upper end for one that lost every game, else the
        estimate."""
        side = self.calibration.one_sided
        return self.lows if side == "won" else self.highs if side == "lost" else self.wins

    def shown_text(self, index: int) -> str:
        """One level's chance as shown: '57.5%', '≥57.5%' (won every game) or '≤3.1%'."""
        side = self.calibration.one_sided
        mark = "≥" if side == "won" else "≤" if side == "lost" else ""
        return mark + chance_percent(self.shown[index])

    def level_json(self, index: int) -> dict[str, float]:
        """The calibrated fields of one level in JSON."""
        return {
            "win_calibrated": round(self.wins[index], 6),
            "win_calibrated_low": round(self.lows[index], 6),
            "win_calibrated_high": round(self.highs[index], 6),
        }

    def json(self) -> dict[str, Any]:
        """The ``calibration`` object of ``odds --json``."""
        side = self.calibration.one_sided
        return {
            **self.calibration.json(),
            "recommends": self.steers,
            "older": self.older,
            # which figure the table shows: the estimate, or an end of the interval
            "shown": {"won": "at_least_low", "lost": "at_most_high"}.get(side or "", "estimate"),
        }


def advice(result: OddsResult, table_odds: TableOdds | None) -> Level | None:
    """The recommended level that stands: the table's own where its odds are given (they
    fall back on the expert's until the table clearly differs), else the expert's. The
    one place that decides it."""
    return result.recommended if table_odds is None else table_odds.recommended


def parse_as(text: str) -> str:
    """``--as table`` (the table's own odds, the default) or ``--as expert``."""
    value = text.strip().lower()
    if value not in AS_CHOICES:
        raise UserError(
            f"--as must be 'table' (your table's own odds, from the journal) or "
            f"'expert' (the simulated expert's), not '{text}'."
        )
    return value


def predicted_games(players: int) -> list[tuple[int, int, bool, str]]:
    """(expert wins, expert games, won, expert version) of every journal game of this many
    players with the expert's prediction; none without a journal."""
    from coop_helper.journal.store import open_journal

    journal = open_journal()
    if journal is None:
        return []
    with journal:
        rows = journal.db.execute(
            "SELECT predicted_wins, predicted_games, won, policy_version FROM games "
            "WHERE predicted_games > 0 AND policy = ? AND players = ?",
            (PREDICTION_POLICY, players),
        ).fetchall()
    return [(w, n, bool(won), str(version)) for w, n, won, version in rows]


def shortfall(players: int, games: int, wins: int) -> str | None:
    """Why a journal with these games of this count gives no table odds yet; None when it
    has none (nothing to say) or enough to fit."""
    if not games or can_fit(games):
        return None
    return (
        f"Your table's own odds need {MIN_GAMES} recorded {players}-player games with the "
        f"expert's prediction, won or lost; the journal has {plural(games, 'game')}, "
        f"{wins} won."
    )


def table_odds(result: OddsResult, calibration: Calibration | None) -> TableOdds | None:
    """The table's odds for ``result`` (None without a calibration or a known Time Pile)."""
    if calibration is None or result.time_pile is None:
        return None
    expert = [smoothed(lv.wins, lv.games) for lv in result.levels]
    wins = tuple(calibration.win(p) for p in expert)
    lows = tuple(calibration.win(p, calibration.low) for p in expert)
    highs = tuple(calibration.win(p, calibration.high) for p in expert)
    steers = calibration.low > 0 or calibration.high < 0
    recommended = result.recommended
    # a table that won every game: only "at least the lower end" is known, so that decides
    basis = lows if calibration.one_sided == "won" else wins
    if steers and result.target is not None:
        good = [i for i, win in enumerate(basis) if win >= result.target]
        recommended = None
        if good:
            recommended = result.levels[max(good, key=lambda i: result.levels[i].removed or 0)]
    return TableOdds(calibration, wins, lows, highs, recommended, steers)


def for_odds(result: OddsResult, as_who: str) -> tuple[TableOdds | None, str | None]:
    """The table's odds for an ``odds``/``setup`` run of the expert, unless ``--as expert``,
    fitted on the journal's games of the deal's player count (a table of three is not a
    table of one); and, when the journal has such games but too few, a note saying what
    it still needs.

    A journal that cannot be read does not stop the odds: a warning on stderr names it
    and the expert's odds are shown.
    """
    if parse_as(as_who) == "expert":
        return None, None
    why_not = None
    if result.policy != PREDICTION_POLICY:  # the fit compares the table with the expert only
        why_not = f"they are measured against the expert, and this run plays {result.policy}"
    elif result.time_pile is None:
        why_not = "they need the Time Pile, and a seal is unknown: record it"
    try:
        games = predicted_games(result.players)
    except UserError as err:
        if why_not is None:  # the table's odds were due: say why they are missing
            import sys

            print(f"warning: {err} Showing the expert's odds.", file=sys.stderr)
        return None, None
    wins = sum(won for _, _, won, _ in games)
    if why_not is not None:
        if not can_fit(len(games)):
            return None, None  # nothing to show anyway: say nothing
        return None, f"Your table's own odds are not shown: {why_not}."
    if not can_fit(len(games)):  # the fit loads scipy: only when it can be made
        return None, shortfall(result.players, len(games), wins)
    table = table_odds(result, from_games((w, n, won) for w, n, won, _ in games))
    if table is None:
        return None, None
    current = policy_version(PREDICTION_POLICY, result.players)
    return replace(table, older=sum(version != current for *_, version in games)), None
