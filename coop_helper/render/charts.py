"""Charts as PNG or SVG files (matplotlib, no display needed): the odds per removal level,
and a group's rank and win rate over time.

matplotlib is an optional extra (``pip install 'coop-helper[charts]'``) and is imported
only when a chart is asked for.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from coop_helper.errors import UserError
from coop_helper.files import replace_file, user_file_mode
from coop_helper.text.percentages import exact_percent
from coop_helper.text.words import plural

if TYPE_CHECKING:
    from coop_helper.journal.history import History
    from coop_helper.journal.table_odds import TableOdds
    from coop_helper.sim.odds import OddsResult

SUFFIXES = (".png", ".svg")
INSTALL = "pip install 'coop-helper[charts]' (from a source folder: pip install '.[charts]')"
CHART_MARK = "coop-helper chart"  # written into every chart's metadata
MARK_BYTES = 8192  # the mark sits in the first bytes of a PNG or SVG file
RANK_COLOURS = ("#9a9a9a", "#2a9d8f", "#e0a800", "#3a6ea5", "#c0392b")  # lowest rank first
EXPERT_COLOUR = "#264653"
TABLE_COLOUR = "#7b2cbf"
PILE_COLOUR = "#e76f51"  # the Time Piles an unknown seal allows
ROLLING = 10  # games in the rolling win rate of the history chart


def check_chart_file(path: Path) -> None:
    """Before any work: the file must end in .png or .svg, its folder exist, matplotlib be
    installed."""
    if not path.name:
        raise UserError("--chart needs a file name: e.g. --chart chart.png (or .svg).")
    if path.is_dir():
        example = path / "chart.png"
        raise UserError(f"--chart {path} is a folder: name a file in it, e.g. {example}.")
    if path.suffix.lower() not in SUFFIXES:
        raise UserError(f"--chart {path}: name the file .png or .svg.")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UserError(f"--chart {path}: the folder {folder} does not exist.")
    _check_replaceable(path)
    if importlib.util.find_spec("matplotlib") is None:
        raise UserError(f"--chart needs matplotlib, which is not installed: {INSTALL}")


def _check_replaceable(path: Path) -> None:
    """A chart may go to a new file or replace one coop-helper drew, nothing else."""
    if path.is_dir() or (path.exists() and not made_here(path)):
        raise UserError(
            f"--chart {path} exists and is not a chart coop-helper drew: name another "
            "file, or move that one away first."
        )


def made_here(path: Path) -> bool:
    """Is this file a chart coop-helper wrote (its mark in the PNG or SVG metadata)?
    Only such a file is replaced by a new chart."""
    try:
        with path.open("rb") as handle:
            head = handle.read(MARK_BYTES)
    except OSError:
        return False
    return CHART_MARK.encode() in head


def _figure(rows: int = 1, height: float = 4.8) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8.5, height), layout="constrained")
    axes = figure.subplots(rows, 1, sharex=True) if rows > 1 else figure.subplots()
    return figure, axes


def _save(figure: Any, path: Path) -> None:
    """Write the figure in one step (a temporary file renamed), so no half-written chart."""
    from matplotlib import rc_context

    fmt = path.suffix.lower().lstrip(".")

    def draw(handle: BinaryIO) -> None:
        with rc_context({"svg.fonttype": "none"}):
            key = "Software" if fmt == "png" else "Creator"  # the mark `made_here` reads
            figure.savefig(handle, format=fmt, dpi=110, metadata={key: CHART_MARK})

    try:  # checked again before the rename: a file may have appeared while the games ran
        replace_file(
            path,
            draw,
            mode=user_file_mode(),
            suffix=f".{fmt}",
            check=lambda: _check_replaceable(path),
        )
    except OSError as err:
        raise UserError(f"cannot write chart {path}: {err.strerror or err}.") from None


def _rank_colour(rank_names: Sequence[str], name: str | None) -> str:
    if name is None or name not in rank_names:
        return EXPERT_COLOUR
    return RANK_COLOURS[min(rank_names.index(name), len(RANK_COLOURS) - 1)]


def odds_chart(result: OddsResult, table_odds: TableOdds | None, path: Path) -> None:
    """Win chance per removal level with its interval band, each level coloured by the
    rank a win there gives; the table's own odds beside them; the recommendation marked."""
    from matplotlib.colors import to_rgb
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    from coop_helper.setup.catalog import load_catalog

    rank_names = [r.name for r in load_catalog().ranks]
    known = result.time_pile is not None
    levels = result.levels
    x = [lv.removed if known else lv.turns for lv in levels]
    figure, ax = _figure()
    handles: list[Any] = []
    if not known and result.time_pile_range is not None:
        # every Time Pile the unknown seal allows: nothing removed, one of these many turns
        low, high = result.time_pile_range
        ax.axvspan(low - 0.5, high + 0.5, color=PILE_COLOUR, alpha=0.10, linewidth=0, zorder=0)
        handles.append(
            Patch(
                color=PILE_COLOUR,
                alpha=0.25,
                label=f"Possible Time Pile: {low}-{high}\n(a seal is unknown)",
            )
        )
    if table_odds is not None:  # beneath the expert's: a wide band must not hide it
        side = table_odds.calibration.one_sided
        ax.fill_between(
            x,
            table_odds.lows,
            table_odds.highs,
            color=TABLE_COLOUR,
            alpha=0.07,
            linewidth=0,
            zorder=1,
        )
        for edge in (table_odds.lows, table_odds.highs):
            ax.plot(x, edge, color=TABLE_COLOUR, linewidth=0.6, alpha=0.45, zorder=1)
        ax.plot(x, table_odds.shown, color=TABLE_COLOUR, linewidth=1.6, linestyle="--", zorder=2)
        games = table_odds.calibration.games
        label = {
            "won": f"Your table: at least this\n(won all {games} games:\nits interval's low end)",
            "lost": f"Your table: at most this\n(lost all {games} games:\nits interval's high end)",
        }.get(side or "", f"Your table ({games} games)")
        handles.append(Line2D([], [], color=TABLE_COLOUR, linestyle="--", label=label))
        handles.append(
            Patch(
                facecolor=(*to_rgb(TABLE_COLOUR), 0.07),
                edgecolor=(*to_rgb(TABLE_COLOUR), 0.45),
                linewidth=0.6,
                label=f"Your table's {exact_percent(table_odds.calibration.confidence)} interval",
            )
        )
    ax.fill_between(
        x,
        [lv.ci_low for lv in levels],
        [lv.ci_high for lv in levels],
        color=EXPERT_COLOUR,
        alpha=0.35,
        linewidth=0,
        zorder=2,
    )
    # the expert's interval is a few points wide: bars with caps keep it visible
    ax.errorbar(
        x,
        [lv.win for lv in levels],
        yerr=[[lv.win - lv.ci_low for lv in levels], [lv.ci_high - lv.win for lv in levels]],
        fmt="none",
        ecolor=EXPERT_COLOUR,
        elinewidth=1.0,
        capsize=3,
        zorder=2,
    )
    ax.plot(x, [lv.win for lv in levels], color=EXPERT_COLOUR, linewidth=1.4, zorder=2)
    # a level no game won gives no rank (the table shows "-"): no rank colour either
    ranks = [result.rank_for(lv) if lv.wins else None for lv in levels]
    colours = [_rank_colour(rank_names, r.name if r else None) for r in ranks]
    ax.scatter(
        x, [lv.win for lv in levels], c=colours, s=46, zorder=3, edgecolors="white", linewidths=0.6
    )
    handles.insert(
        0,
        Line2D(
            [],
            [],
            color=EXPERT_COLOUR,
            linewidth=1.4,
            marker="|",
            markersize=8,
            label=f"Expert ({exact_percent(result.confidence)}\ninterval: bars and band)",
        ),
    )
    shown = {r.name for r in ranks if r is not None}
    handles += [
        Line2D(
            [], [], marker="o", linestyle="", color=_rank_colour(rank_names, n), label=f"Win: {n}"
        )
        for n in rank_names
        if n in shown
    ]
    recommended = table_odds.recommended if table_odds is not None else result.recommended
    if result.target is not None:
        ax.axhline(result.target, color="#555555", linewidth=0.8, linestyle=":")
        handles.append(
            Line2D([], [], color="#555555", linestyle=":", label=f"Target {100 * result.target:g}%")
        )
    if recommended is not None and recommended.removed is not None:
        index = levels.index(recommended)
        chance = (
            table_odds.shown[index]
            if table_odds is not None and table_odds.steers
            else recommended.win
        )
        ax.axvline(
            recommended.removed, color="#1d3557", linewidth=0.9, alpha=0.5, linestyle="--", zorder=1
        )
        ax.scatter(
            [recommended.removed],
            [chance],
            s=190,
            facecolors="none",
            edgecolors="#1d3557",
            linewidths=1.6,
            zorder=4,
        )
        ax.annotate(
            f"recommended:\nremove {recommended.removed}",
            xy=(recommended.removed, 1.0),
            xytext=(4, -4),
            textcoords="offset points",
            ha="left",
            va="top",
            fontsize=9,
            color="#1d3557",
        )
    elif result.target is not None and known:
        ax.text(
            0.01,
            result.target + 0.015,
            f"no level reaches {100 * result.target:g}%",
            transform=ax.get_yaxis_transform(),
            fontsize=9,
            color="#555555",
        )
    pile = f"Time Pile {result.time_pile}" if known else "Time Pile unknown"
    by = "cards removed" if known else "turns available"
    ax.set_title(f"Win chance by {by}: {plural(result.players, 'player')}, {pile}")
    ax.set_xlabel(
        "Cards moved to the Victory Pile before play"
        if known
        else "Turns available (a seal is unknown)"
    )
    ax.set_ylabel("Chance of winning")
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(True, alpha=0.3)
    # beside the plot, not on it: no band or point runs under the legend
    ax.legend(
        handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False
    )
    _save(figure, path)


MIN_DAYS_SHOWN = 8  # the history chart's date axis spans at least this many days


def history_chart(history: History, rank_names: Sequence[str], path: Path, about: str = "") -> None:
    """The group's wins over time (points, coloured by rank, with the best so far) above its
    win rate over time (rolling and overall), written to ``path``; ``about`` names the games
    chosen (the title says "every player count" without it)."""
    _save(history_figure(history, rank_names, about), path)


def history_figure(history: History, rank_names: Sequence[str], about: str = "") -> Any:
    """The figure of `history_chart`, not yet written."""
    import datetime as dt

    from matplotlib.dates import AutoDateLocator
    from matplotlib.ticker import PercentFormatter

    from coop_helper.setup.catalog import load_catalog

    records = history.records
    if not records:
        raise UserError("no games to chart: record some first.")
    days = [dt.date.fromisoformat(r.played_on) for r in records]
    figure, (top, bottom) = _figure(rows=2, height=6.4)
    ranks = load_catalog().ranks
    most = max([r.points or 0 for r in records] + [ranks[-1].min_points + 1])
    for i, rank in enumerate(ranks):
        upper = ranks[i + 1].min_points if i + 1 < len(ranks) else most + 1
        colour = _rank_colour(rank_names, rank.name)
        top.axhspan(rank.min_points - 0.5, upper - 0.5, color=colour, alpha=0.10, linewidth=0)
        top.text(
            1.005,
            (rank.min_points + upper - 1) / 2,
            rank.name,
            fontsize=8,
            color=colour,
            va="center",
            ha="left",
            transform=top.get_yaxis_transform(),
        )
    wins = [(d, r) for d, r in zip(days, records, strict=True) if r.won]
    if wins:
        marks = _counted([(d, r.points or 0, r.rank) for d, r in wins])
        top.scatter(
            [m[0] for m in marks],
            [m[1] for m in marks],
            s=30,
            zorder=3,
            c=[_rank_colour(rank_names, m[2]) for m in marks],
            edgecolors="white",
            linewidths=0.5,
        )
        _label_counts(top, marks)
    best: list[int] = []
    for r in records:
        previous = best[-1] if best else -1
        best.append(max(previous, r.points if r.won and r.points is not None else -1))
    steps = [(d, b) for d, b in zip(days, best, strict=True) if b >= 0]
    if steps:
        top.step(
            [d for d, _ in steps],
            [b for _, b in steps],
            where="post",
            color="#1d3557",
            linewidth=1.2,
            label="Best so far",
        )
    losses = [(d, -0.3, None) for d, r in zip(days, records, strict=True) if not r.won]
    if losses:
        marks = _counted(losses)
        top.scatter(
            [m[0] for m in marks],
            [m[1] for m in marks],
            marker="x",
            s=18,
            color="#6c757d",
            label="A loss",
        )
        _label_counts(top, marks)
    top.set_ylim(-0.6, most + 0.5)
    top.set_ylabel("Points of each win (rank)")
    top.set_title(f"Rank and win rate over time ({about or 'every player count'})", pad=22)
    # above the plot, so no point is hidden under it; the wins' marker in a neutral colour
    # (the marks take their rank's, and the legend would take the first win's)
    from matplotlib.lines import Line2D

    handles, labels = top.get_legend_handles_labels()
    if wins:
        win_mark = Line2D([], [], marker="o", linestyle="", color="#495057", markersize=5)
        handles, labels = [win_mark, *handles], ["A win (points; colour: rank)", *labels]
    top.legend(
        handles,
        labels,
        loc="lower left",
        bbox_to_anchor=(0, 1.0),
        ncols=3,
        fontsize=8,
        frameon=False,
    )
    top.grid(True, axis="x", alpha=0.3)
    won = [1.0 if r.won else 0.0 for r in records]
    overall = [sum(won[: i + 1]) / (i + 1) for i in range(len(won))]
    rolling = [
        sum(won[max(0, i + 1 - ROLLING) : i + 1]) / min(i + 1, ROLLING) for i in range(len(won))
    ]
    # one point per day: the rates after that day's last game
    ends = [i for i in range(len(days)) if i + 1 == len(days) or days[i + 1] != days[i]]
    bottom.plot(
        [days[i] for i in ends],
        [overall[i] for i in ends],
        color=EXPERT_COLOUR,
        linewidth=1.2,
        linestyle="--",
        marker="o",
        markersize=3,
        label="All games so far",
    )
    # up to the ROLLING-th game the last ROLLING games are all the games: one line, not two
    full = [i for i in ends if i + 1 >= ROLLING]
    if full:
        bottom.plot(
            [days[i] for i in full],
            [rolling[i] for i in full],
            color=TABLE_COLOUR,
            linewidth=1.2,
            marker="o",
            markersize=3,
            label=f"Last {ROLLING} games",
        )
    bottom.set_ylim(-0.02, 1.02)
    bottom.yaxis.set_major_formatter(PercentFormatter(1.0))
    bottom.set_ylabel("Win rate")
    bottom.set_xlabel("Date played")
    bottom.legend(loc="best", fontsize=8, framealpha=0.9)
    bottom.grid(True, alpha=0.3)
    bottom.set_xlim(*date_limits(min(days), max(days)))
    # ticks every N days from the first, not on days 1, 8, 15, 22, 29 of each month (whose
    # "Apr 29" and the next month's "May" on the 1st ran into each other)
    locator = AutoDateLocator(interval_multiples=False)
    bottom.xaxis.set_major_locator(locator)
    bottom.xaxis.set_major_formatter(date_formatter(locator))
    return figure


def date_limits(first: Any, last: Any) -> tuple[Any, Any]:
    """The date axis's ends for games from ``first`` to ``last``: at least MIN_DAYS_SHOWN
    days (not the years matplotlib would show for a few), with room on either side so the
    first and last day's marks are whole, not cut by the frame."""
    import datetime as dt

    span = (last - first).days
    pad = dt.timedelta(days=max(0.6, 0.03 * span, (MIN_DAYS_SHOWN - span) / 2))
    # as times of day: a date less a part of a day is the same date (no room at all)
    start, end = (dt.datetime.combine(day, dt.time()) for day in (first, last))
    return start - pad, end + pad


def date_formatter(locator: Any) -> Any:
    """Short date labels whose day ticks name their month ("Jan 05"), with the year alone
    in the corner (matplotlib's own puts the last tick's month there, "2026-Feb", even for
    a range that starts in January). Across a New Year the corner would name only the last
    year, so the first tick and the first of each new year carry their year instead."""
    from matplotlib.dates import ConciseDateFormatter, num2date

    class YearsNamed(ConciseDateFormatter):  # type: ignore[misc]
        years_on_ticks = False

        def format_ticks(self, values: Any) -> list[str]:
            labels: list[str] = list(super().format_ticks(values))
            years = [num2date(value).year for value in values]
            self.years_on_ticks = len(set(years)) > 1
            if not self.years_on_ticks:
                return labels
            for i, year in enumerate(years):
                if (i == 0 or year != years[i - 1]) and labels[i] != str(year):
                    labels[i] = f"{labels[i]}\n{year}"
            return labels

        def get_offset(self) -> str:
            if self.years_on_ticks:
                return ""
            axis = getattr(self, "axis", None)  # the ticks may all fall in one year of two
            if axis is not None:  # the data's span, not the view's (it has margins)
                first, last = (num2date(v).year for v in sorted(axis.get_data_interval()))
                if first != last:
                    return f"{first}\u2013{last}"
            return str(super().get_offset())

    dates = YearsNamed(locator)
    dates.formats = ["%Y", "%b", "%b %d", "%H:%M", "%H:%M", "%S.%f"]
    # a tick on the 1st of a month reads like the others, "Mar 01" beside "Mar 02", not
    # "Mar"; a month tick in January is "Jan" (the year is in the corner or on the tick)
    dates.zero_formats = ["", "%b", "%b %d", "%b %d", "%H:%M", "%H:%M"]
    dates.offset_formats = ["", "%Y", "%Y", "%Y", "%Y", "%Y"]
    return dates


def _counted(marks: Sequence[tuple[Any, Any, Any]]) -> list[tuple[Any, Any, Any, int]]:
    """Marks that fall on one spot (games of one day with one result), once each, with
    how many games they stand for, in order."""
    counts: dict[tuple[Any, Any, Any], int] = {}
    for mark in marks:
        counts[mark] = counts.get(mark, 0) + 1
    return [(*mark, n) for mark, n in counts.items()]


def _label_counts(ax: Any, marks: Sequence[tuple[Any, Any, Any, int]]) -> None:
    """Beside a mark that stands for several games, how many (a multiplication sign, N)."""
    for x, y, _, n in marks:
        if n > 1:
            ax.annotate(
                f"\u00d7{n}",
                (x, y),
                xytext=(5, 2),
                textcoords="offset points",
                fontsize=7,
                color="#333333",
            )
