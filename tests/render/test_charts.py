"""Charts: valid PNG and SVG files with the expected titles and labels."""

from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers.journal import add, make_record

from coop_helper.journal import store
from coop_helper.journal.calibration import fit_shift
from coop_helper.journal.history import summarise
from coop_helper.journal.table_odds import table_odds
from coop_helper.render import charts
from coop_helper.sim.levels import Level, recommend
from coop_helper.sim.odds import OddsResult

pytest.importorskip("matplotlib")

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
RANKS = ["Landlubber", "Sailor", "Pirate", "Captain", "Ruler of the Seas"]


def svg_texts(path: Path) -> list[str]:
    """Every text element of an SVG file (parsing it also proves it is well-formed XML)."""
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    return [t.text for t in root.iter() if t.tag.endswith("text") and t.text]


def assert_png(path: Path) -> None:
    """A PNG that decodes to a picture that is not one flat colour."""
    from matplotlib.image import imread

    assert path.read_bytes()[:8] == PNG_MAGIC
    pixels = imread(path)
    assert pixels.ndim == 3 and pixels.shape[0] > 300 and pixels.shape[1] > 500
    assert pixels.std() > 0.01


def _odds(target: float | None = 0.5) -> OddsResult:
    wins = [720, 640, 540, 430, 310, 200, 120, 50, 20, 3, 0]
    levels = tuple(
        Level(k, 15 - k, w, 1000, max(0, w / 1000 - 0.03), min(1, w / 1000 + 0.03))
        for k, w in enumerate(wins)
    )
    return OddsResult(
        players=1,
        contracts=(),
        time_pile=15,
        time_pile_range=None,
        policy="expert",
        games=1000,
        seed=1,
        confidence=0.95,
        interval="wilson",
        levels=levels,
        target=target,
        recommended=None if target is None else recommend(levels, target),
    )


def test_odds_chart_svg_has_title_labels_ranks_and_recommendation(tmp_path):
    out = tmp_path / "odds.svg"
    fit = fit_shift([0.5] * 10, [True] * 7 + [False] * 3)
    charts.odds_chart(_odds(), table_odds(_odds(), fit), out)
    texts = svg_texts(out)
    assert "Win chance by cards removed: 1 player, Time Pile 15" in texts
    assert "Cards moved to the Victory Pile before play" in texts
    assert "Chance of winning" in texts
    assert "Your table (10 games)" in texts and "Your table's 95% interval" in texts
    assert {f"Win: {name}" for name in RANKS} <= set(texts)
    assert "Target 50%" in texts
    assert any(t.startswith("recommended:") for t in texts)


def test_odds_chart_png_is_a_real_picture(tmp_path):
    out = tmp_path / "odds.png"
    charts.odds_chart(_odds(), None, out)
    assert_png(out)
    assert [p.name for p in tmp_path.iterdir()] == ["odds.png"]  # no temporary file left


def test_a_chart_gets_the_permissions_of_any_new_file(tmp_path):
    old = os.umask(0o027)
    try:
        charts.odds_chart(_odds(), None, tmp_path / "odds.svg")
    finally:
        os.umask(old)
    assert (tmp_path / "odds.svg").stat().st_mode & 0o777 == 0o640  # not the private 0o600


def test_history_chart_png_and_svg(run, tmp_path):
    with store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True) as journal:
        add(
            journal,
            *(
                make_record(
                    removed=k % 6,
                    won=k % 3 != 0,
                    played_on=f"2026-{1 + k // 4:02d}-{1 + 7 * (k % 4):02d}",
                )
                for k in range(20)
            ),
        )
    svg, png = tmp_path / "history.svg", tmp_path / "history.png"
    result = run("history", "--chart", str(svg))
    assert result.exit_code == 0, result.stderr
    assert f"Chart written to {svg}" in result.stderr  # as odds says it
    texts = svg_texts(svg)
    for words in (
        "Rank and win rate over time (every player count)",
        "Points of each win (rank)",
        "Win rate",
        "Date played",
        "Best so far",
        "Last 10 games",
        *RANKS,
    ):
        assert words in texts, words
    assert run("history", "--chart", str(png), "--json").exit_code == 0
    assert_png(png)


def test_history_chart_of_two_weeks_names_months_and_counts_a_days_games(run, tmp_path):
    with store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True) as journal:
        days = ["05", "05", "05", "07", "09", "12", "12", "19"]
        add(
            journal,
            *(
                make_record(removed=2, won=i >= 5, played_on=f"2026-01-{day}")
                for i, day in enumerate(days)
            ),
        )
    svg = tmp_path / "history.svg"
    assert run("history", "--chart", str(svg)).exit_code == 0
    texts = svg_texts(svg)
    assert "\u00d73" in texts  # three losses on Jan 05: one mark, counted
    assert "\u00d72" in texts  # two wins with the same points on Jan 12
    assert any(t.startswith("Jan ") for t in texts)  # a day tick names its month
    assert "2026" in texts and not any(t.startswith("2026-") for t in texts)


def test_history_chart_of_one_day_shows_days_around_it_not_years(run, tmp_path):
    with store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True) as journal:
        add(journal, *(make_record(removed=2, won=w, played_on="2025-06-01") for w in (1, 1, 0)))
    svg = tmp_path / "history.svg"
    assert run("history", "--chart", str(svg)).exit_code == 0
    texts = svg_texts(svg)
    assert "Jun 02" in texts and "May 31" in texts
    assert not {"2024", "2026"} & set(texts)


def test_history_chart_needs_games(run, tmp_path):
    result = run("history", "--chart", str(tmp_path / "h.png"))
    assert result.exit_code == 2 and "no games to chart" in result.stderr


def test_summaries_feed_the_chart_in_play_order(tmp_path):
    games = [make_record(played_on="2026-02-01"), make_record(played_on="2026-01-01")]
    history = summarise(sorted(games, key=lambda r: r.played_on), RANKS)
    charts.history_chart(history, RANKS, tmp_path / "h.svg")
    assert "Rank and win rate over time (every player count)" in svg_texts(tmp_path / "h.svg")
    charts.history_chart(history, RANKS, tmp_path / "h2.svg", "2 players, since 2026-01-01")
    texts = svg_texts(tmp_path / "h2.svg")
    assert "Rank and win rate over time (2 players, since 2026-01-01)" in texts


def test_a_level_no_game_won_has_no_rank_colour_or_legend_entry(tmp_path):
    base = _odds(target=None)
    levels = tuple(
        dataclasses.replace(lv, wins=0, ci_low=0.0, ci_high=0.004) if lv.removed == 8 else lv
        for lv in base.levels[:9]
    )
    charts.odds_chart(dataclasses.replace(base, levels=levels), None, tmp_path / "o.svg")
    texts = svg_texts(tmp_path / "o.svg")
    assert "Win: Captain" in texts and "Win: Ruler of the Seas" not in texts


@pytest.mark.parametrize(
    "name, words",
    [
        ("chart.pdf", "name the file .png or .svg"),
        ("missing/chart.png", "does not exist"),
    ],
)
def test_a_bad_chart_file_is_refused_before_any_work(run, tmp_path, name, words):
    result = run("history", "--chart", str(tmp_path / name))
    assert result.exit_code == 2 and words in result.stderr


def test_without_matplotlib_the_error_names_the_extra(run, tmp_path, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "matplotlib" else real(name, *a),
    )
    result = run("history", "--chart", str(tmp_path / "h.png"))
    assert result.exit_code == 2
    assert "pip install 'coop-helper[charts]'" in result.stderr
    assert result.stderr.count("\n") == 1


def _loaded_after(code: str, modules: tuple[str, ...]) -> str:
    """Which of ``modules`` a fresh interpreter has loaded after running ``code``."""
    check = f"\nimport sys\nprint(sorted(m for m in {modules!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", code + check], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_the_cli_starts_without_sqlite_scipy_or_matplotlib():
    heavy = ("matplotlib", "sqlite3", "scipy", "numpy")
    assert _loaded_after("import coop_helper.cli", heavy) == "[]"


def test_odds_chart_says_when_no_level_reaches_the_target(tmp_path):
    out = tmp_path / "odds.svg"
    charts.odds_chart(_odds(target=0.9), None, out)
    texts = svg_texts(out)
    assert "no level reaches 90%" in texts
    assert not any(t.startswith("recommended:") for t in texts)


def test_odds_chart_by_turns_when_a_seal_is_unknown(tmp_path):
    levels = tuple(
        Level(None, t, 100 * t, 2000, 0.05 * t - 0.02, 0.05 * t + 0.02) for t in range(17, 4, -1)
    )
    result = OddsResult(
        players=1,
        contracts=(),
        time_pile=None,
        time_pile_range=(13, 17),
        policy="expert",
        games=2000,
        seed=1,
        confidence=0.95,
        interval="wilson",
        levels=levels,
        target=None,
        recommended=None,
    )
    out = tmp_path / "odds.svg"
    charts.odds_chart(result, None, out)
    texts = svg_texts(out)
    assert "Win chance by turns available: 1 player, Time Pile unknown" in texts
    assert "Turns available (a seal is unknown)" in texts


def test_setup_and_odds_run_without_loading_scipy():
    # Wilson intervals take their normal quantile from the standard library: loading
    # scipy would add about a third of a second to every table-side command.
    code = (
        "from typer.testing import CliRunner\n"
        "from coop_helper.cli import app\n"
        "quick = ['--games', '40', '--workers', '1']\n"
        "for args in (['setup', '--players', '2', *quick],\n"
        "             ['odds', 'Fighter', 'Jinx', 'Gamester', *quick]):\n"
        "    result = CliRunner().invoke(app, args)\n"
        "    assert result.exit_code == 0, result.output"
    )
    assert _loaded_after(code, ("scipy", "numpy")) == "[]"


@pytest.mark.parametrize("name", ["odds.png", "odds.svg"])
def test_a_chart_replaces_only_a_chart_coop_helper_drew(run, tmp_path, name):
    pytest.importorskip("matplotlib")
    path = tmp_path / name
    odds = ("odds", "Fighter", "Jinx", "Explorer", "--games", "100", "--workers", "1")
    assert run(*odds, "--chart", str(path)).exit_code == 0
    assert charts.made_here(path)
    assert run(*odds, "--chart", str(path)).exit_code == 0  # drawn again over its own chart
    other = tmp_path / f"holiday{path.suffix}"
    other.write_bytes(b"the user's own picture")
    for args in (odds, ("history",)):
        result = run(*args, "--chart", str(other))
        assert result.exit_code == 2 and "is not a chart coop-helper drew" in result.stderr
    assert other.read_bytes() == b"the user's own picture"


@pytest.mark.parametrize(
    ("start", "end", "spans_years"),
    [
        ((2025, 12, 10), (2026, 1, 20), True),
        ((2024, 6, 1), (2026, 3, 1), True),
        ((2026, 1, 2), (2026, 1, 20), False),
    ],
)
def test_date_ticks_name_every_year_a_chart_spans(start, end, spans_years):
    """The corner names one year; across a New Year the first tick and the first of each
    new year carry theirs, so December is not read as the later year's."""
    import datetime as dt

    from matplotlib.dates import AutoDateLocator, date2num, num2date

    locator = AutoDateLocator()
    formatter = charts.date_formatter(locator)
    low, high = dt.datetime(*start), dt.datetime(*end)
    ticks = [t for t in locator.tick_values(low, high) if date2num(low) <= t <= date2num(high)]
    labels = formatter.format_ticks(ticks)
    years = [num2date(t).year for t in ticks]
    if not spans_years:
        assert formatter.get_offset() == str(years[0])
        assert not any("\n" in label for label in labels)
        return
    assert formatter.get_offset() == ""
    for i, year in enumerate(years):
        if i == 0 or year != years[i - 1]:
            assert str(year) in labels[i], (labels, years)


def test_a_view_across_new_year_with_ticks_in_one_year_names_both_years():
    """Games from 28 December with every tick in January: the corner said only the later
    year, so the first games read as that year's."""
    import datetime as dt

    from matplotlib.dates import AutoDateLocator, date2num
    from matplotlib.figure import Figure

    axes = Figure().subplots()
    locator = AutoDateLocator()
    formatter = charts.date_formatter(locator)
    axes.xaxis.set_major_locator(locator)
    axes.xaxis.set_major_formatter(formatter)
    days = [dt.datetime(2025, 12, 31, 18), dt.datetime(2026, 1, 20)]
    axes.plot(days, [0, 1])
    axes.set_xlim(date2num(days[0]), date2num(days[1]))
    ticks = [t for t in locator() if t >= date2num(dt.datetime(2026, 1, 1))]
    formatter.format_ticks(ticks)
    assert formatter.get_offset() == "2025\u20132026"
    # games of one year only: the year alone, though the view's margins reach back
    later = Figure().subplots()
    late_locator = AutoDateLocator()
    late = charts.date_formatter(late_locator)
    later.xaxis.set_major_locator(late_locator)
    later.xaxis.set_major_formatter(late)
    later.plot([dt.datetime(2026, 1, 2), dt.datetime(2026, 3, 20)], [0, 1])
    later.set_xlim(date2num(dt.datetime(2025, 12, 20)), date2num(dt.datetime(2026, 3, 25)))
    late.format_ticks([t for t in late_locator() if t >= date2num(dt.datetime(2026, 1, 1))])
    assert late.get_offset() == "2026"


def test_the_history_legend_shows_a_win_in_a_neutral_colour(tmp_path):
    """The wins take their rank's colour; the legend took the first win's."""
    from matplotlib.colors import to_hex

    summary = summarise([make_record(removed=2, won=True), make_record(removed=0)], RANKS)
    drawn: list = []
    from matplotlib.axes import Axes

    original = Axes.legend

    def keep(self, *args, **kwargs):
        drawn.append(args)
        return original(self, *args, **kwargs)

    Axes.legend = keep  # type: ignore[method-assign]
    try:
        charts.history_chart(summary, RANKS, tmp_path / "h.svg", "")
    finally:
        Axes.legend = original  # type: ignore[method-assign]
    handles, labels = drawn[0]
    win = handles[labels.index("A win (points; colour: rank)")]
    assert to_hex(win.get_color()) == "#495057"  # not the Sailor colour of the first win


def _spread(days: int, games: int = 12) -> list:
    """Games spread evenly over ``days`` days from 3 April 2026, every third one lost."""
    import datetime as dt

    start = dt.date(2026, 4, 3)
    return [
        make_record(
            removed=2,
            won=i % 3 != 1,
            played_on=(start + dt.timedelta(days=days * i // (games - 1))).isoformat(),
        )
        for i in range(games)
    ]


@pytest.mark.parametrize("days", [2, 9, 20, 28, 35, 41, 45, 55, 62, 90, 150, 240, 400, 800])
def test_history_date_labels_never_run_into_each_other(days):
    """Ticks on days 1, 8, 15, 22 and 29 put "Apr 29" two days before "May" on the 1st:
    drawn, the two labels overlapped ("Apr 29May"). No two labels may touch at any span."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = charts.history_figure(summarise(_spread(days), RANKS), RANKS)
    FigureCanvasAgg(figure).draw()
    bottom = figure.axes[1]
    boxes = sorted(
        (label.get_window_extent() for label in bottom.get_xticklabels() if label.get_text()),
        key=lambda box: box.x0,
    )
    assert len(boxes) >= 2
    for left, right in itertools.pairwise(boxes):
        assert left.x1 + 4 <= right.x0, [label.get_text() for label in bottom.get_xticklabels()]


def test_the_win_rates_are_one_line_until_the_rolling_window_is_full():
    """Before the 10th game "the last 10 games" are all the games: one line, one legend
    entry; from the 10th game on the rolling line is drawn beside it."""
    few = charts.history_figure(summarise(_spread(20, games=9), RANKS), RANKS).axes[1]
    assert [line.get_label() for line in few.get_lines()] == ["All games so far"]
    assert [t.get_text() for t in few.get_legend().get_texts()] == ["All games so far"]
    many = charts.history_figure(summarise(_spread(20, games=12), RANKS), RANKS).axes[1]
    lines = {line.get_label(): line for line in many.get_lines()}
    assert set(lines) == {"All games so far", "Last 10 games"}
    assert len(lines["All games so far"].get_xdata()) == 12  # one point a day, 12 days here
    assert len(lines["Last 10 games"].get_xdata()) == 3  # after the 10th, 11th and 12th


def _drawn_odds(monkeypatch, result: OddsResult, table=None):
    """The odds chart's axes, drawn (so the legend and the bands have their places)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    captured = {}
    monkeypatch.setattr(charts, "_save", lambda figure, path: captured.update(figure=figure))
    charts.odds_chart(result, table, Path("unused.png"))
    monkeypatch.undo()
    figure = captured["figure"]
    FigureCanvasAgg(figure).draw()
    return figure.axes[0]


def test_the_odds_legend_stands_beside_the_plot_and_the_expert_band_on_top(monkeypatch):
    """A wide table band ran under the legend box and over the expert's narrow band."""
    from matplotlib.collections import PolyCollection

    fit = fit_shift([0.5] * 6, [True] * 4 + [False] * 2)  # few games: a wide interval
    ax = _drawn_odds(monkeypatch, _odds(), table_odds(_odds(), fit))
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1  # outside the plot: covers nothing
    bands = [c for c in ax.collections if isinstance(c, PolyCollection)]
    table_band, expert_band = bands[0], bands[1]  # drawn in this order: the expert's on top
    assert expert_band.get_zorder() >= table_band.get_zorder()
    assert expert_band.get_alpha() >= 3 * table_band.get_alpha()
    caps = [line for line in ax.get_lines() if line.get_marker() == "_"]
    assert len(caps) == 2 and len(caps[0].get_xdata()) == len(_odds().levels)  # bars' caps


def test_a_table_that_won_every_game_is_drawn_at_its_lower_end(monkeypatch, tmp_path):
    fit = fit_shift([0.5] * 10, [True] * 10)
    table = table_odds(_odds(), fit)
    ax = _drawn_odds(monkeypatch, _odds(), table)
    dashed = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert any(list(line.get_ydata()) == list(table.lows) for line in dashed)
    out = tmp_path / "won.svg"
    charts.odds_chart(_odds(), table, out)
    assert "Your table: at least this" in svg_texts(out)


def test_the_odds_chart_of_an_unknown_seal_marks_the_possible_time_piles(monkeypatch, tmp_path):
    levels = tuple(
        Level(None, t, 100 * t, 2000, 0.05 * t - 0.02, 0.05 * t + 0.02) for t in range(17, 4, -1)
    )
    result = dataclasses.replace(
        _odds(target=None), time_pile=None, time_pile_range=(13, 17), levels=levels
    )
    ax = _drawn_odds(monkeypatch, result)
    spans = [p for p in ax.patches if p.get_x() == pytest.approx(12.5)]
    assert len(spans) == 1 and spans[0].get_width() == pytest.approx(5.0)
    out = tmp_path / "unknown.svg"
    charts.odds_chart(result, None, out)
    assert "Possible Time Pile: 13-17" in svg_texts(out)


def _spread_from(start: str, days: int, games: int = 12) -> list:
    import datetime as dt

    first = dt.date.fromisoformat(start)
    return [
        make_record(
            removed=2,
            won=i % 3 != 1,
            played_on=(first + dt.timedelta(days=days * i // (games - 1))).isoformat(),
        )
        for i in range(games)
    ]


@pytest.mark.parametrize(
    ("start", "days"),
    [
        ("2026-03-01", 0),
        ("2026-03-01", 7),
        ("2026-02-26", 8),
        ("2026-03-01", 20),
        ("2026-04-03", 400),
    ],
)
def test_history_chart_shows_the_first_and_last_days_marks_whole(start, days):
    """The first and last day's marks sat on the frame, cut in half: every mark of the
    win-rate panel lies inside the plot by more than its radius."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = charts.history_figure(summarise(_spread_from(start, days), RANKS), RANKS)
    FigureCanvasAgg(figure).draw()
    bottom = figure.axes[1]
    frame = bottom.get_window_extent()
    for line in bottom.get_lines():
        radius = line.get_markersize() / 2 * figure.dpi / 72
        for x, _ in line.get_xydata():
            px = bottom.transData.transform((x, 0.5))[0]
            assert frame.x0 + radius < px < frame.x1 - radius, (line.get_label(), x)


@pytest.mark.parametrize(
    ("start", "days"), [("2026-03-01", 3), ("2026-02-26", 11), ("2025-12-29", 8)]
)
def test_history_day_ticks_are_all_written_alike(start, days):
    """A tick on the 1st of a month said "Mar" and the next "Mar 02": every tick of a
    day scale names its month and day."""
    import re

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = charts.history_figure(summarise(_spread_from(start, days), RANKS), RANKS)
    FigureCanvasAgg(figure).draw()
    labels = [t.get_text() for t in figure.axes[1].get_xticklabels() if t.get_text()]
    assert labels
    for label in labels:
        assert re.fullmatch(r"[A-Z][a-z]{2} \d\d(\n\d{4})?", label), labels
