"""The `record` command: a played game into the journal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from coop_helper.cli import asking
from coop_helper.cli.app import command
from coop_helper.cli.journal_hooks import load_journal
from coop_helper.cli.options import (
    CheckPlayers,
    CodeOption,
    JsonFlag,
    QuietOption,
    SealOptions,
    WorkersOption,
)
from coop_helper.errors import UserError
from coop_helper.render import tables as render
from coop_helper.render.printing import print_json
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import face_up
from coop_helper.setup.seal_options import check_seal_options
from coop_helper.text.i18n import _

if TYPE_CHECKING:
    from coop_helper.journal.recording import Played
    from coop_helper.journal.records import GameRecord


# ---------------------------------------------------------------- record


@command(
    "record",
    help=(
        "Record a played game: its deal, removal, Tax Increase moves and result.\n\n"
        "A game of the same day, deal, removal and result as one in the journal may be the "
        "same game typed twice: on a terminal record asks before keeping it (--yes keeps it); "
        "with --json or away from a terminal it is kept, with a warning on stderr."
    ),
    epilog="Example: coop-helper record Fighter Jinx Explorer --removed 3 --won",
)
def record_command(
    names: Annotated[
        list[str] | None, typer.Argument(metavar="CONTRACT", help="The face-up contracts.")
    ] = None,
    code: CodeOption = None,
    removed: Annotated[
        int | None,
        typer.Option(
            "--removed", "-r", metavar="K", help="Cards moved to the Victory Pile before play."
        ),
    ] = None,
    won_flag: Annotated[bool, typer.Option("--won", help="The team won.")] = False,
    lost_flag: Annotated[bool, typer.Option("--lost", help="The team lost.")] = False,
    moves: Annotated[
        int,
        typer.Option(
            "--moves", "-m", metavar="M", help="Cards moved to the Victory Pile on Tax Increases."
        ),
    ] = 0,
    players: CheckPlayers = None,
    date: Annotated[
        str | None, typer.Option("--date", metavar="YYYY-MM-DD", help="Day played (today).")
    ] = None,
    note: Annotated[
        str, typer.Option("--note", metavar="TEXT", help="A remark to keep with the game.")
    ] = "",
    seal_options: SealOptions = None,
    workers: WorkersOption = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Keep a game like one recorded without asking.")
    ] = False,
    quiet: QuietOption = False,
    as_json: JsonFlag = False,
) -> None:
    """Record a played game: its deal, removal, Tax Increase moves and result."""
    from coop_helper.journal import records
    from coop_helper.journal.predict import PREDICTION_GAMES
    from coop_helper.journal.recording import played_game, record_game
    from coop_helper.render import journal as views
    from coop_helper.render.progress import ProgressReporter
    from coop_helper.sim.odds import check_settings, default_workers

    catalog = load_catalog()
    count, contracts = face_up(names=names or (), code=code, players=players, catalog=catalog)
    seals = config.seals_for(catalog, seal_options or [], contracts)
    check_seal_options(catalog, seal_options or [], contracts)
    if removed is None:
        raise UserError(
            _(
                "say how many cards were moved to the Victory Pile before play: "
                "--removed K (0 for none)."
            )
        )
    if won_flag == lost_flag:
        raise UserError(
            _("say how the game ended with one of --won or --lost, not both.")
            if won_flag
            else _("say how the game ended with one of --won or --lost.")
        )
    game = played_game(
        count,
        contracts,
        seals,
        catalog,
        removed=removed,
        moves=moves,
        won=won_flag,
        date=date,
        note=note,
    )
    workers = default_workers() if workers is None else workers
    check_settings(None, workers, 0.95, "wilson")
    twins = _same_games(game)
    asked: bool | None = False
    if twins and not (yes or as_json):
        asked = _ask_about_twins(twins)
        if asked is None:
            render.make_console(stderr=True).print(_("Not recorded: the journal is unchanged."))
            return
    journal = load_journal(create=True)
    assert journal is not None
    with journal, ProgressReporter(PREDICTION_GAMES, not (quiet or as_json)) as progress:
        record, standing = record_game(journal, game, workers, progress)
    if as_json:
        print_json(views.record_json(record, standing, journal.path))
    else:
        views.print_record(record, standing)
    undo = _("('coop-helper history delete {id}' removes this game)").format(id=record.id)
    warning = _("warning: {message}")
    if twins and not asked:
        kept = _("{twins}: kept as game {id} {undo}.").format(
            twins=_twins_text(twins), id=record.id, undo=undo
        )
        typer.echo(warning.format(message=kept), err=True)
    if records.too_many_moves(moves):
        check = _("--moves {moves}: {reason}; check the number {undo}.").format(
            moves=moves, reason=records.too_many_moves_reason(), undo=undo
        )
        typer.echo(warning.format(message=check), err=True)
    if record.won and record.predicted_wins == 0 and record.predicted_games:
        unlikely = _(
            "a win with {removed} removed, where the expert won none of {games} games: "
            "check --removed and --moves {undo}."
        ).format(removed=removed, games=f"{record.predicted_games:,}", undo=undo)
        typer.echo(warning.format(message=unlikely), err=True)


def _same_games(game: Played) -> list[GameRecord]:
    """The journal's games of the same day, deal, removal and result as ``game``."""
    from coop_helper.journal import records

    journal = load_journal(create=False)
    if journal is None:
        return []
    with journal:
        return records.same_games(journal, game.played_on, game.code, game.removed, game.won)


def _twins_text(twins: list[GameRecord]) -> str:
    """'the journal holds a game of the same day, ... (game 1: ...)'."""
    from coop_helper.render.journal import game_summary

    shown = "; ".join(game_summary(t) for t in twins[:3])
    more = _("; and {n} more").format(n=f"{len(twins) - 3:,}") if len(twins) > 3 else ""
    if len(twins) == 1:
        holds = _(
            "the journal holds a game of the same day, deal, removal and result ({shown}), "
            "and the same game recorded twice counts twice"
        )
    else:
        holds = _(
            "the journal holds {n} games of the same day, deal, removal and result "
            "({shown}), and the same game recorded twice counts twice"
        )
    return holds.format(n=len(twins), shown=shown + more)


def _ask_about_twins(twins: list[GameRecord]) -> bool | None:
    """On a terminal: say which games look the same, and ask. True when asked and kept,
    None when asked and declined, False when no one could be asked (kept, warned after)."""
    if not asking.can_ask():
        return False
    render.make_console(stderr=True).print(
        _("This game may be recorded already: {twins}.").format(twins=_twins_text(twins)),
        soft_wrap=True,
    )
    return True if asking.ask(_("Record it as another game?")) else None
