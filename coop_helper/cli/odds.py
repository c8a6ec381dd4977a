"""The `odds` command: win odds at every removal level, with confidence intervals."""

from __future__ import annotations

from typing import Annotated

from coop_helper.cli.app import command
from coop_helper.cli.journal_hooks import AsOption, ChartOption, check_odds_extras, show_extras
from coop_helper.cli.options import (
    CheckPlayers,
    CodeOption,
    ConfidenceOption,
    GamesOption,
    IntervalChoice,
    IntervalOption,
    JsonFlag,
    OddsPolicyOption,
    OddsSeed,
    PrecisionOption,
    QuietOption,
    SealOptions,
    TargetOption,
    WorkersOption,
    contracts_argument,
)
from coop_helper.cli.simulation import live_watch
from coop_helper.errors import UserError
from coop_helper.game_setup import find_deal, set_up
from coop_helper.policies import DEFAULT_POLICY
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.atlas import print_difficulty
from coop_helper.render.printing import print_json
from coop_helper.sim import DEFAULT_SEED
from coop_helper.sim.chances import parse_precision


@command("odds", epilog="Example: coop-helper odds Charmeur Seehoheit 'Galleon Foe' --target 40%")
def odds_command(
    names: Annotated[list[str] | None, contracts_argument("The face-up contracts.")] = None,
    players: CheckPlayers = None,
    code: CodeOption = None,
    games: GamesOption = None,
    precision: PrecisionOption = None,
    seed: OddsSeed = DEFAULT_SEED,
    policy: OddsPolicyOption = DEFAULT_POLICY,
    workers: WorkersOption = None,
    confidence: ConfidenceOption = "95%",
    interval: IntervalOption = IntervalChoice.wilson,
    target: TargetOption = None,
    seal_options: SealOptions = None,
    quiet: QuietOption = False,
    as_who: AsOption = "table",
    chart: ChartOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Win odds at every Victory Pile removal level, with confidence intervals."""
    from coop_helper.render import odds as render_odds
    from coop_helper.sim.odds import (
        DEFAULT_PRECISION,
        odds_settings,
        parse_confidence,
        parse_target,
    )

    check_odds_extras(chart, as_who)
    if seed < 0:
        raise UserError(f"--sim-seed (or --seed) must be 0 or more, not {seed}.")
    deal = find_deal(
        players=players,
        names=names or (),
        code=code,
        seal_options=seal_options or (),
        may_deal=False,
    )
    settings = odds_settings(
        games=games,
        precision=parse_precision(precision, DEFAULT_PRECISION, games),
        seed=seed,
        policy=policy,
        workers=workers,
        confidence=parse_confidence(confidence),
        interval=interval.value,
        target=parse_target(target),
    )
    setup = set_up(deal, settings, as_who, live_watch(not (as_json or quiet)))
    show_extras(setup, chart, as_json)
    assert setup.odds is not None
    if as_json:
        print_json(documents.odds_document(setup.odds, deal.seals, setup.table_odds))
        return
    render.print_time_pile(deal.pile)
    render_odds.print_odds(setup.odds, table_odds=setup.table_odds)
    print_difficulty(deal.players, deal.contracts, deal.seals)
