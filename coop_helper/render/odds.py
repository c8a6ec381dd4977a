"""Showing odds: the table, a small bar chart, the recommendation, JSON, and progress."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.table import Table

from coop_helper.journal.table_odds import advice
from coop_helper.render.tables import contract_json, is_narrow, make_console, print_records
from coop_helper.setup.catalog import Seal, load_catalog
from coop_helper.sim.levels import Level
from coop_helper.sim.odds import TAX_MOVES_NOTE, OddsResult
from coop_helper.text.i18n import _, ngettext
from coop_helper.text.percentages import chance_percent, exact_percent

if TYPE_CHECKING:
    from coop_helper.journal.table_odds import TableOdds

BAR_WIDTH = 30


def _low(value: float) -> str:
    return f"{math.floor(1000 * value + 1e-9) / 10:.1f}%"  # rounded down: never above the estimate


def _high(value: float) -> str:
    return f"{math.ceil(1000 * value - 1e-9) / 10:.1f}%"  # rounded up: never below it


def level_json(level: Level) -> dict[str, Any]:
    """One level of ``odds --json`` (and of the web page's odds as they refine)."""
    return {
        "removed": level.removed,
        "turns": level.turns,
        "win": round(level.win, 6),
        "ci_low": round(level.ci_low, 6),
        "ci_high": round(level.ci_high, 6),
        "games": level.games,
        "wins": level.wins,
        "ranks": {name: round(p, 6) for name, p in level.ranks.items()},
    }


def odds_json(
    result: OddsResult, seals: Mapping[str, Seal], table_odds: TableOdds | None = None
) -> dict[str, Any]:
    """``odds --json``: the fields other tools rely on, and a few more (with ``table_odds``: the
    table's own win chance per level and the ``calibration`` it comes from)."""
    doc: dict[str, Any] = {
        "time_pile": result.time_pile,
        "time_pile_range": list(result.time_pile_range) if result.time_pile_range else None,
        "players": result.players,
        "contracts": [contract_json(c, seals) for c in result.contracts],
        "policy": result.policy,
        "games": result.games,
        "seed": result.seed,
        "confidence": result.confidence,
        "interval": result.interval,
        "precision": result.precision,
        # null where none was asked for (--games G)
        "precision_reached": None if result.precision is None else result.precise,
        "tax_increase_moves": TAX_MOVES_NOTE,
        "levels": [level_json(lv) for lv in result.levels],
        "unknown_coin_spaces": list(result.unknown_coins),
    }
    if table_odds is not None:
        for index, level in enumerate(doc["levels"]):
            level.update(table_odds.level_json(index))
    doc["calibration"] = None if table_odds is None else table_odds.json()
    if result.target is not None:
        rec = advice(result, table_odds)
        rank = None if rec is None else result.rank_for(rec)
        doc["target"] = result.target
        doc["recommended"] = (
            None
            if rec is None
            else {
                "removed": rec.removed,
                "turns": rec.turns,
                "win": round(rec.win, 6),
                "ci_low": round(rec.ci_low, 6),
                "ci_high": round(rec.ci_high, 6),
                "rank": None if rank is None else rank.name,
            }
        )
        if rec is not None and table_odds is not None:
            doc["recommended"].update(table_odds.level_json(result.levels.index(rec)))
    return doc


def _ranks_cell(level: Level) -> str:
    """The chance of each rank a win at this level can bring, e.g. 'Sailor 54.9%'."""
    shown = {rank.name: rank.shown_name() for rank in load_catalog().ranks}
    parts = [
        f"{shown.get(name, name)} {chance_percent(p)}" for name, p in level.ranks.items() if p > 0
    ]
    return ", ".join(parts) if parts else "-"


def _title(result: OddsResult) -> str:
    pile = str(result.time_pile) if result.time_pile is not None else _("unknown")
    return ngettext(
        "Win odds, {n} player, Time Pile {pile}",
        "Win odds, {n} players, Time Pile {pile}",
        result.players,
    ).format(n=result.players, pile=pile)


def odds_records(result: OddsResult, table_odds: TableOdds | None = None) -> list[list[str]]:
    """The odds as short lines for a narrow terminal: one head line per level, then ranks."""
    records = []
    for lv in result.levels:
        where = (
            _("Remove {n} ({turns} turns)").format(n=lv.removed, turns=lv.turns)
            if lv.removed is not None
            else _("{turns} turns").format(turns=lv.turns)
        )
        bounds = f"{_low(lv.ci_low)}-{_high(lv.ci_high)}"
        interval = _("{confidence} interval {bounds}").format(
            confidence=exact_percent(result.confidence), bounds=bounds
        )
        own = (
            []
            if table_odds is None
            else [_("your table {win}").format(win=table_odds.shown_text(result.levels.index(lv)))]
        )
        records.append(
            [
                _("{where}: win {win}").format(where=where, win=chance_percent(lv.win)),
                interval,
                *own,
            ]
            + ([_ranks_cell(lv)] if lv.removed is not None else [])
        )
    return records


def odds_table(result: OddsResult, table_odds: TableOdds | None = None) -> Table:
    """One row per level: turns, win chance with its interval, and the chance of each rank
    (with ``table_odds``: the table's own win chance too)."""
    known = result.time_pile is not None
    title = _title(result)
    grid = Table(title=title, title_justify="left", min_width=len(title))
    if known:
        grid.add_column(_("Removed"), justify="right", no_wrap=True)
    grid.add_column(_("Turns"), justify="right", no_wrap=True)
    grid.add_column(_("Win"), justify="right", no_wrap=True)
    interval = _("{confidence} interval").format(confidence=exact_percent(result.confidence))
    grid.add_column(interval, justify="right", no_wrap=True)
    if table_odds is not None:
        grid.add_column(_("Your table"), justify="right", no_wrap=True)
    if known:
        grid.add_column(_("Win with rank"))
    rec = advice(result, table_odds)
    for index, lv in enumerate(result.levels):
        row = [] if not known else [str(lv.removed)]
        row += [str(lv.turns), chance_percent(lv.win), f"{_low(lv.ci_low)}-{_high(lv.ci_high)}"]
        if table_odds is not None:
            row.append(table_odds.shown_text(index))
        if known:
            row.append(_ranks_cell(lv))
        style = "bold" if rec is not None and lv is rec else None
        grid.add_row(*row, style=style)
    return grid


def _caption(result: OddsResult) -> str:
    games = ngettext(
        "{n} simulated game ({policy} team, seed {seed}); every level is played out on the "
        "same games.",
        "{n} simulated games ({policy} team, seed {seed}); every level is played out on the "
        "same games.",
        result.games,
    ).format(n=f"{result.games:,}", policy=result.policy, seed=result.seed)
    lines = [games, _(TAX_MOVES_NOTE)]
    if result.time_pile is not None:
        lines.append(
            _(
                "Win with rank: the chance of winning with that rank "
                "(points = cards removed + moves on Tax Increases)."
            )
        )
    if result.time_pile is None:
        lines.append(
            _(
                "A seal is unknown, so the odds are by turns available; record the seal "
                "to see them by cards removed."
            )
        )
    lines += _warnings(result)
    own_turns = _own_turn_contracts(result) if _equal_neighbours(result) else []
    if own_turns:
        lines.append(
            ngettext(
                "Equal chances at neighbouring levels: {names} is finished only on its "
                "collector's own turns, so one turn more does not help when it falls to "
                "another player; there that card is moved for free.",
                "Equal chances at neighbouring levels: {names} are finished only on their "
                "collectors' own turns, so one turn more does not help when it falls to "
                "another player; there that card is moved for free.",
                len(own_turns),
            ).format(names=", ".join(own_turns))
        )
    return "\n".join(lines)


# Games the turns beside a repeated count must each change for the repeat to be taken as
# the game's: with fewer, a turn that helps a little may show no change by the sample's luck.
CHANCE_TIE_STEP = 5


def _equal_neighbours(result: OddsResult) -> bool:
    """Do neighbouring levels show the same wins where the sample's luck hardly explains it?

    A level never shows less than the one with a turn fewer, so a turn that does not help
    repeats its count. A run of repeats (neither none nor all of the games) is taken as the
    game's only where the turns on either side of it each change at least
    ``CHANCE_TIE_STEP`` games: a rule of thumb, not a test, that keeps the note off the
    repeats of a small sample and of levels near 0% or 100%.
    """
    levels = result.levels
    steps = [a.wins - b.wins for a, b in itertools.pairwise(levels)]
    i = 0
    while i < len(steps):
        if steps[i] != 0 or not 0 < levels[i].wins < levels[i].games:
            i += 1
            continue
        end = i
        while end < len(steps) and steps[end] == 0:
            end += 1
        beside = steps[max(i - 1, 0) : i] + steps[end : end + 1]
        if beside and min(beside) >= CHANCE_TIE_STEP:
            return True
        i = end
    return False


def _own_turn_contracts(result: OddsResult) -> list[str]:
    """The deal's contracts finished over the completer's own turns (Pack of Pirates): the
    game's reason one turn more may not help, when it falls to another player. Equal levels
    without one, or with one player, are chance's or the simulated team's: no note."""
    if result.players == 1:
        return []
    return [c.shown_name() for c in result.contracts if c.own_progress]


def bar_chart(result: OddsResult) -> list[str]:
    """A small text bar chart of the win chance per level."""
    lines = []
    for lv in result.levels:
        filled = round(lv.win * BAR_WIDTH)
        label = (
            _("remove {n}").format(n=f"{lv.removed:>2}")
            if lv.removed is not None
            else _("{turns} turns").format(turns=f"{lv.turns:>2}")
        )
        lines.append(
            f"  {label} │{'█' * filled}{' ' * (BAR_WIDTH - filled)}│ {chance_percent(lv.win):>6}"
        )
    return lines


WIDE_INTERVAL = 0.05  # a recommended level's interval wider than this either side is said


def recommendation_lines(result: OddsResult, table_odds: TableOdds | None = None) -> list[str]:
    """The recommended removal for the target, in words (on the table's own odds if given)."""
    if result.target is None:
        return []
    goal = f"{100 * result.target:g}%"
    if result.time_pile is None:
        most = max(result.levels, key=lambda lv: lv.turns, default=None)
        if most is not None and most.win < result.target:  # not even the largest pile
            return [
                _(
                    "No Time Pile the unknown seal allows reaches a {goal} chance of winning: "
                    "even the largest, of {cards} cards, gives {win} with nothing removed. "
                    "Play with nothing removed, or aim lower with --target."
                ).format(goal=goal, cards=most.turns, win=chance_percent(most.win))
            ]
        return [
            _("Recommendation for a {goal} chance needs the unknown seal: record it first.").format(
                goal=goal
            )
        ]
    rec = advice(result, table_odds)
    steering = table_odds is not None and table_odds.steers

    def win(level: Level) -> str:
        if table_odds is None or not steering:
            return chance_percent(level.win)
        table_win = table_odds.shown_text(result.levels.index(level))
        return _("{table}, the expert {expert}").format(
            table=table_win, expert=chance_percent(level.win)
        )

    if rec is None:
        best = result.levels[0]
        if table_odds is not None and not steering:
            whose_best = _("the expert's {win}").format(win=win(best))
        elif steering:
            whose_best = _("your table's {win}").format(win=win(best))
        else:
            whose_best = win(best)
        return [
            _(
                "No removal level reaches a {goal} chance of winning (even with nothing "
                "removed: {win}): play with nothing removed, or aim lower with --target."
            ).format(goal=goal, win=whose_best)
        ]
    rank = result.rank_for(rec)
    cards = rec.removed or 0  # known: the Time Pile is
    chance = (_("your table's win {win}") if steering else _("win {win}")).format(win=win(rec))
    lines = [
        ngettext(
            "Recommended for a {goal} chance of winning: move {n} card to the Victory Pile "
            "({turns} turns, {chance}).",
            "Recommended for a {goal} chance of winning: move {n} cards to the Victory Pile "
            "({turns} turns, {chance}).",
            cards,
        ).format(goal=goal, n=cards, turns=rec.turns, chance=chance),
        ngettext(
            "A win there makes you {rank} ({n} point, more with Tax Increase moves).",
            "A win there makes you {rank} ({n} points, more with Tax Increase moves).",
            cards,
        ).format(rank=rank.shown_name() if rank else "?", n=cards),
    ]
    if rec.ci_high - rec.ci_low > 2 * WIDE_INTERVAL:
        better = (
            _("leave out --games for every level within 1 point")
            if result.precision is None
            else _("a smaller --precision narrows it")
        )
        lines.append(
            ngettext(
                "Only {n} game: the expert's chance there may be anywhere from {low} to "
                "{high}, so the recommendation is a rough one ({better}).",
                "Only {n} games: the expert's chance there may be anywhere from {low} to "
                "{high}, so the recommendation is a rough one ({better}).",
                result.games,
            ).format(
                n=f"{result.games:,}",
                low=_low(rec.ci_low),
                high=_high(rec.ci_high),
                better=better,
            )
        )
    return lines


def odds_grid(result: OddsResult, table_odds: TableOdds | None, width: int) -> list[str]:
    """The win chance per level as a few short rows (``removed`` or ``turns``, ``win``, and
    ``your table`` with the table's own odds), as many levels to a row as ``width`` holds."""
    known = result.time_pile is not None
    keys = [str(lv.removed) if known else str(lv.turns) for lv in result.levels]
    rows = [(_("win"), [chance_percent(lv.win) for lv in result.levels])]
    if table_odds is not None:
        rows.append((_("your table"), [table_odds.shown_text(i) for i in range(len(keys))]))
    head = _("removed") if known else _("turns")
    label = max(len(head), *(len(name) for name, _ in rows))
    cell = 1 + max(len(text) for text in [*keys, *(c for _, cells in rows for c in cells)])
    per_row = max(1, (width - 2 - label) // cell)
    lines = []
    for start in range(0, len(keys), per_row):
        part = slice(start, start + per_row)
        lines.append("  " + head.ljust(label) + "".join(k.rjust(cell) for k in keys[part]))
        for name, cells in rows:
            lines.append("  " + name.ljust(label) + "".join(c.rjust(cell) for c in cells[part]))
    return lines


def _warnings(result: OddsResult) -> list[str]:
    """The notes a table must see even without --explain: odds short of the precision
    asked for, coin spaces no source gives."""
    lines = []
    if not result.precise and result.precision is not None:
        lines.append(
            _(
                "Stopped at {games} games before every level was within {points} points: "
                "ask for less precision, or more games."
            ).format(games=f"{result.games:,}", points=f"{100 * result.precision:g}")
        )
    if result.unknown_coins:
        lines.append(
            _("Coin spaces unknown for {names}: they pay 0 coins in simulation.").format(
                names=", ".join(result.unknown_coins)
            )
        )
    return lines


def print_brief_odds(
    result: OddsResult, table_odds: TableOdds | None = None, more: str | None = None
) -> None:
    """The odds in a few lines: the win chance per level (and the table's own), ``more``
    (where the whole account is), what must be said about them, and the recommendation;
    `print_odds` has the whole account."""
    console = make_console()
    if result.time_pile is not None:
        heading = _("Win odds by cards removed ({games}, {policy} team, seed {seed}):")
    else:
        heading = _("Win odds by turns available ({games}, {policy} team, seed {seed}):")
    games = ngettext("{n} simulated game", "{n} simulated games", result.games)
    console.print(
        heading.format(
            games=games.format(n=f"{result.games:,}"), policy=result.policy, seed=result.seed
        )
    )
    for line in odds_grid(result, table_odds, console.width):
        console.print(line, soft_wrap=True, highlight=False)
    if more is not None:
        console.print(more)
    for line in _warnings(result):
        console.print(line)
    if table_odds is not None:
        if table_odds.steers:
            line = _(
                "Your table: from {games} of {players}; the recommendation uses it "
                "(--as expert: the expert's odds alone)."
            )
        else:
            line = _(
                "Your table: from {games} of {players}; the recommendation stays the "
                "expert's until it clearly differs (--as expert: the expert's odds alone)."
            )
        recorded = table_odds.calibration.games
        console.print(
            line.format(
                games=ngettext("{n} recorded game", "{n} recorded games", recorded).format(
                    n=f"{recorded:,}"
                ),
                players=ngettext("{n} player", "{n} players", result.players).format(
                    n=result.players
                ),
            )
        )
    for line in recommendation_lines(result, table_odds):
        console.print(line)


def _table_odds_note(result: OddsResult, table_odds: TableOdds) -> str:
    """Where the table's own odds come from, and whether the recommendation uses them."""
    from coop_helper.render.journal import calibration_text, older_text

    side = table_odds.calibration.one_sided
    if side == "won":
        applies = _("'Your table' shows that lower end (≥) at every level")
    elif side == "lost":
        applies = _("'Your table' shows that upper end (≤) at every level")
    else:
        applies = _("'Your table' applies that to every level")
    if table_odds.steers:
        uses = _(
            "{applies}, and the recommendation uses it (--as expert: the expert's odds alone)."
        )
    else:
        uses = _(
            "{applies}, but the recommendation stays the expert's until the interval leaves "
            "out 1.00x (--as expert: the expert's odds alone)."
        )
    return (
        calibration_text(table_odds.calibration, result.players)
        + " "
        + uses.format(applies=applies)
        + older_text(table_odds.older, table_odds.calibration.games)
    )


def print_odds(
    result: OddsResult, chart: bool = False, table_odds: TableOdds | None = None
) -> None:
    """The odds table (a list on a narrow terminal) with its notes, optionally a bar chart,
    and the recommendation (with ``table_odds``: the table's own odds beside the expert's).
    The notes wrap at the terminal's width, not the table's."""
    console = make_console()
    if is_narrow(console):
        print_records(console, _title(result), odds_records(result, table_odds))
    else:
        console.print(odds_table(result, table_odds))
    for line in _caption(result).splitlines():
        console.print(line)
    if chart and not is_narrow(console):
        if table_odds is not None:  # the table's column is beside: say whose the bars are
            console.print(_("The bars: the expert's win chance."))
        for line in bar_chart(result):
            console.print(line, soft_wrap=True, highlight=False)
    if table_odds is not None:
        console.print(_table_odds_note(result, table_odds))
    for line in recommendation_lines(result, table_odds):
        console.print(line)
