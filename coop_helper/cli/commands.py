"""Every command of coop-helper, in the order `coop-helper --help` lists them: the one
list of them. Each lives in the module of the same name; a group's subcommands are in its
module too, in the order its help lists them."""

from __future__ import annotations

from coop_helper.cli import (
    atlas,
    contracts,
    deal,
    history,
    odds,
    play,
    rank,
    record,
    seals,
    serve,
    setup,
    timepile,
)
from coop_helper.cli.app import add_command, app

COMMANDS = (
    odds.odds_command,
    setup.setup_command,
    play.play_command,
    serve.serve_command,
    contracts.contracts_command,
    deal.deal_command,
    timepile.timepile_command,
    rank.rank_command,
    record.record_command,
)
GROUPS = (
    ("atlas", atlas.atlas_app),
    ("seals", seals.seals_app),
    ("history", history.history_app),
)

for function in COMMANDS:
    add_command(app, function)
for name, group in GROUPS:
    app.add_typer(group, name=name)
