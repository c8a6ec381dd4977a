"""The `rank` command: the team's rank for its Victory Pile points."""

from __future__ import annotations

from typing import Annotated

import typer

from coop_helper.cli.app import command
from coop_helper.cli.options import (
    NUMBERS_AS_ARGUMENTS,
    JsonFlag,
    _refuse_options,
)
from coop_helper.errors import UserError, shown
from coop_helper.render.printing import print_json, print_line
from coop_helper.setup.catalog import load_catalog
from coop_helper.text.i18n import _, ngettext


@command("rank", context_settings=NUMBERS_AS_ARGUMENTS, epilog="Example: coop-helper rank 6")
def rank_command(
    points: Annotated[str, typer.Argument(metavar="POINTS", help="Cards in the Victory Pile.")],
    as_json: JsonFlag = False,
) -> None:
    """The team's rank for its Victory Pile points."""
    _refuse_options([points], "rank")
    try:
        value = int(points)
    except ValueError:
        raise UserError(
            _("points must be a whole number of 0 or more, not '{points}'.").format(
                points=shown(points)
            )
        ) from None
    rank = load_catalog().rank(value)
    if as_json:
        print_json({"points": value, "rank": rank.name})
        return
    points_text = ngettext("{n} point", "{n} points", value).format(n=f"{value:,}")
    print_line(_("{points}: {rank}").format(points=points_text, rank=rank.shown_name()))
