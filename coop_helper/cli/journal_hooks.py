"""The journal's hooks into `odds` and `setup`: the --as and --chart options, their checks,
and the table's own odds (and chart) for a finished run."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from coop_helper.cli.completion import complete_as
from coop_helper.errors import UserError
from coop_helper.render import tables as render

if TYPE_CHECKING:
    from coop_helper.game_setup import GameSetup
    from coop_helper.journal.store import Journal

ChartOption = Annotated[
    Path | None,
    typer.Option("--chart", metavar="FILE", help="Also draw a chart into FILE (.png or .svg)."),
]


AsOption = Annotated[
    str,
    typer.Option(
        "--as",
        metavar="table|expert",
        help="Whose odds: your table's own (from the journal) or the expert's.",
        autocompletion=complete_as,
    ),
]


def check_odds_extras(chart: Path | None, as_who: str, odds: bool = True) -> None:
    """Check ``--as`` and ``--chart`` of `odds`/`setup` before any simulation."""
    from coop_helper.journal.table_odds import parse_as

    parse_as(as_who)
    if chart is not None:
        if not odds:
            raise UserError("--chart draws the odds: drop --no-odds, or drop --chart.")
        from coop_helper.render.charts import check_chart_file

        check_chart_file(chart)


def show_extras(setup: GameSetup, chart: Path | None, as_json: bool) -> None:
    """After a run of `odds`/`setup`: what the journal still needs for the table's own
    odds (on stderr), and the chart when asked for."""
    if setup.note is not None and not as_json:  # a journal short of games
        render.make_console(stderr=True).print(setup.note)
    if chart is not None and setup.odds is not None:
        from coop_helper.render.charts import odds_chart

        odds_chart(setup.odds, setup.table_odds, chart)
        if not as_json:
            render.make_console(stderr=True).print(f"Chart written to {chart}", soft_wrap=True)


def load_journal(create: bool) -> Journal | None:
    """The journal (sqlite is imported only here, when a command needs it)."""
    from coop_helper.journal.store import open_journal

    return open_journal(create=create)
