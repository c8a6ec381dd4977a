"""The `history` group: the recorded games' summaries and list; export, import,
repredict, delete and undo."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from coop_helper.cli import asking
from coop_helper.cli.app import command, options_given, user_errors
from coop_helper.cli.asking import YesFlag
from coop_helper.cli.help_style import HELP_OPTIONS, HelpGroup
from coop_helper.cli.journal_hooks import ChartOption, load_journal
from coop_helper.cli.options import (
    JsonFlag,
    QuietOption,
    WorkersOption,
)
from coop_helper.errors import UserError
from coop_helper.render import tables as render
from coop_helper.render.printing import print_json
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import check_players
from coop_helper.text.i18n import _, ngettext
from coop_helper.text.words import plural

if TYPE_CHECKING:
    from coop_helper.journal.records import GameRecord
    from coop_helper.journal.store import Journal
    from coop_helper.journal.transfer import ImportResult


history_app = typer.Typer(
    help="The recorded games: summaries and a list (and export, import, repredict, delete, undo).",
    invoke_without_command=True,
    cls=HelpGroup,
    context_settings=HELP_OPTIONS,
    epilog="Example: coop-helper history --players 2 --since 2026-01-01",
)


@history_app.callback()
def history_command(
    ctx: typer.Context,
    players: Annotated[
        int | None, typer.Option("--players", "-p", metavar="N", help="Only N-player games.")
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="DATE",
            help="Only games from then: a day, a month (2026-02) or a year.",
        ),
    ] = None,
    last: Annotated[
        int, typer.Option("--last", metavar="N", help="List the last N games (0: all).")
    ] = 10,
    chart: ChartOption = None,
    as_json: JsonFlag = False,
) -> None:
    """The games, wins and losses per player count, best ranks, and the latest games."""
    if ctx.invoked_subcommand is not None:
        with user_errors():
            _refuse_list_options(ctx, ctx.invoked_subcommand)
        return
    with user_errors():
        _show_history(players, since, last, chart, as_json)


def _refuse_list_options(ctx: typer.Context, subcommand: str) -> None:
    """The list's own options given before a subcommand (``history --players 2 undo``)
    would be ignored by it: a UserError instead, since `undo` would remove a game the
    filter leaves out."""
    given = options_given(ctx)
    if not given:
        return
    first, help_hint = given[0], f"(see 'coop-helper history {subcommand} --help')"
    if first == "--json":
        raise UserError(
            f"--json goes after the command: coop-helper history {subcommand} ... --json "
            f"{help_hint}"
        )
    raise UserError(
        f"{first} is an option of 'coop-helper history' (the list of games), which "
        f"'history {subcommand}' does not take: drop it {help_hint}"
    )


def _show_history(
    players: int | None, since: str | None, last: int, chart: Path | None, as_json: bool
) -> None:
    from coop_helper.journal import history, records
    from coop_helper.render import journal as views

    if players is not None:
        check_players(players, "--players")
    if since is not None:
        since = records.parse_since(since)
    if last < 0:
        raise UserError(_("--last must be 0 (all games) or more, not {n}.").format(n=last))
    if chart is not None:
        from coop_helper.render.charts import check_chart_file

        check_chart_file(chart)
    journal = load_journal(create=False)
    from coop_helper.journal.store import journal_path

    path = journal_path() if journal is None else journal.path
    games: list = []
    if journal is not None:
        with journal:
            games = records.load(journal, players, since)
    summary = history.summarise(games, [r.name for r in load_catalog().ranks])
    if chart is not None:
        from coop_helper.render.charts import history_chart

        about = [
            *([] if players is None else [plural(players, "player")]),
            *([] if since is None else [f"since {since}"]),
        ]
        history_chart(summary, [r.name for r in load_catalog().ranks], chart, ", ".join(about))
    if as_json:
        filters = {"players": players, "since": since}
        print_json(views.history_json(summary, path, filters))
        return
    chosen_by = [
        *([] if players is None else [f"--players {players}"]),
        *([] if since is None else [f"--since {since}"]),
    ]
    views.print_history(summary, path, last, chosen_by)
    if chart is not None:
        render.make_console(stderr=True).print(
            _("Chart written to {file}").format(file=chart), soft_wrap=True
        )


def _same_file(one: Path, other: Path) -> bool:
    """Are these one file (through links, and in any case on a file system that ignores
    it)? Paths that do not exist yet are compared as written out in full."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return os.path.realpath(one) == os.path.realpath(other)


@command("export", on=history_app, epilog="Example: coop-helper history export games.csv")
def export_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A .csv or .json file to write.")],
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Write every recorded game to FILE (CSV or JSON, by its extension)."""
    from coop_helper.journal import records, transfer
    from coop_helper.journal.store import journal_path
    from coop_helper.render import journal as views

    if file.is_dir():  # before the extension: "Documents" is a folder, not a bad name
        raise UserError(
            _("{file} is a folder: name a file in it, e.g. {example}.").format(
                file=file, example=file / "games.csv"
            )
        )
    suffix = transfer.file_format(file)
    if _same_file(file, journal_path()):
        raise UserError(
            _("{file} is the journal itself: export to another file.").format(file=file)
        )
    journal = load_journal(create=False)
    if journal is None:
        raise UserError(
            _("no games recorded yet (journal: {journal}): nothing to export.").format(
                journal=journal_path()
            )
        )
    with journal:
        games = records.load(journal)
    transfer.write_file(file, transfer.render_export(games, suffix), force)
    if as_json:
        print_json({"schema": views.JSON_SCHEMA, "file": str(file), "games": len(games)})
        return
    render.make_console().print(
        _("Exported {games} to {file}").format(games=views.games_text(len(games)), file=file),
        soft_wrap=True,
    )


@command("import", on=history_app, epilog="Example: coop-helper history import games.csv")
def import_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A .csv or .json file to read.")],
    as_json: JsonFlag = False,
) -> None:
    """Add the games in FILE (from 'history export', or made by hand) to the journal."""
    from coop_helper.journal import transfer
    from coop_helper.render import journal as views

    transfer.file_format(file)
    if file.is_dir():
        raise UserError(
            _("{file} is a folder: name the .csv or .json file to import.").format(file=file)
        )
    if not file.is_file():
        raise UserError(_("{file} does not exist: check the file name.").format(file=file))
    journal = load_journal(create=True)
    assert journal is not None
    with journal:
        done = transfer.import_file(journal, file, config.known_seals(load_catalog()))
    if as_json:
        print_json(
            {
                "schema": views.JSON_SCHEMA,
                "file": str(file),
                "read": done.read,
                "added": done.added,
                "skipped": done.skipped,
                "without_prediction": done.without_prediction,
                "many_moves": list(done.many_moves),
                "predictions_left_out": list(done.predictions_left_out),
            }
        )
    _import_warnings(done, file)
    if as_json:
        return
    lines = [
        _("Imported {added} of {games} from {file}.").format(
            added=f"{done.added:,}", games=views.games_text(done.read), file=file
        )
    ]
    if done.skipped:
        lines.append(
            ngettext(
                "{n} was already in the journal and skipped.",
                "{n} were already in the journal and skipped.",
                done.skipped,
            ).format(n=f"{done.skipped:,}")
        )
    if done.without_prediction:
        lines.append(
            ngettext(
                "{n} has no expert prediction, so it does not count towards your table's own "
                "odds ('coop-helper history repredict' gives it one).",
                "{n} have no expert prediction, so they do not count towards your table's own "
                "odds ('coop-helper history repredict' gives them one each).",
                done.without_prediction,
            ).format(n=f"{done.without_prediction:,}")
        )
    render.make_console().print(" ".join(lines), soft_wrap=True)


def _import_warnings(done: ImportResult, file: Path) -> None:
    """On stderr, with --json too: the imported games whose moves look like a slip, and
    those added without the prediction they came with."""
    from coop_helper.journal.records import too_many_moves_reason

    def listed(where: tuple[str, ...]) -> str:
        more = _(" and {n} more").format(n=f"{len(where) - 5:,}") if len(where) > 5 else ""
        return ", ".join(where[:5]) + more

    if done.many_moves:
        typer.echo(
            _("warning: {file}, {games}: {reason}; check them.").format(
                file=file, games=listed(done.many_moves), reason=too_many_moves_reason()
            ),
            err=True,
        )
    if done.predictions_left_out:
        typer.echo(
            _(
                "warning: {file}: added without their prediction, which could not be used: "
                "{games}; 'coop-helper history repredict' gives them today's."
            ).format(file=file, games=listed(done.predictions_left_out)),
            err=True,
        )


@command("repredict", on=history_app, epilog="Example: coop-helper history repredict")
def repredict_command(
    workers: WorkersOption = None,
    quiet: QuietOption = False,
    as_json: JsonFlag = False,
) -> None:
    """Give games predicted by an older expert (or none) today's expert's chance."""
    from coop_helper.journal import records
    from coop_helper.journal.predict import PREDICTION_GAMES
    from coop_helper.journal.repredict import Repredicted, plan, repredict, stale_games
    from coop_helper.render import journal as views
    from coop_helper.render.progress import ProgressReporter
    from coop_helper.sim.odds import check_settings, default_workers

    workers = default_workers() if workers is None else workers
    check_settings(None, workers, 0.95, "wilson")
    journal = load_journal(create=False)
    done = Repredicted(0, 0, 0, {})
    empty = journal is None
    if journal is not None:
        with journal:
            empty = records.count(journal) == 0
            todo = plan(journal, stale_games(journal), config.known_seals(load_catalog()))
            total = PREDICTION_GAMES * len(todo.to_simulate)
            kept: list[tuple[str, int]] = []
            try:
                with ProgressReporter(total, not (quiet or as_json)) as progress:
                    done = repredict(journal, todo, workers, progress, kept)
            except KeyboardInterrupt:
                if kept:
                    typer.echo(
                        _("The deals simulated so far are kept: run the same command to finish."),
                        err=True,
                    )
                raise
    if as_json:
        print_json(
            {
                "schema": views.JSON_SCHEMA,
                "games": done.games,
                "deals_simulated": done.deals,
                "skipped": done.skipped,
                "policy_versions": {str(p): v for p, v in sorted(done.versions.items())},
            }
        )
        return
    if empty:
        text = _("No games recorded: nothing to give a chance to.")
    elif not done.games and not done.skipped:
        text = _("Every recorded game has the chance of today's expert.")
    else:
        text = _("Gave {games} the chance of today's expert, simulating {deals}.").format(
            games=views.games_text(done.games),
            deals=ngettext("{n} deal", "{n} deals", done.deals).format(n=f"{done.deals:,}"),
        )
    if done.skipped:
        text += " " + ngettext(
            "{n} game kept its chance: a seal of the deal is unknown (record it with "
            "'coop-helper seals set').",
            "{n} games kept their chance: a seal of the deal is unknown (record it with "
            "'coop-helper seals set').",
            done.skipped,
        ).format(n=f"{done.skipped:,}")
    render.make_console().print(text, soft_wrap=True)


@command("delete", on=history_app, epilog="Example: coop-helper history delete 6")
def delete_command(
    number: Annotated[int, typer.Argument(metavar="N", help="The game's number (# in history).")],
    yes: Annotated[bool, YesFlag] = False,
    as_json: JsonFlag = False,
) -> None:
    """Remove game N: shown first, and asked about on a terminal (--yes: without asking)."""
    from coop_helper.journal import records
    from coop_helper.journal.store import journal_path

    journal = load_journal(create=False)
    if journal is None:
        raise UserError(
            _("the journal ({journal}) holds no games: nothing to delete.").format(
                journal=journal_path()
            )
        )
    with journal:
        game = records.get(journal, number)
        if game is None:
            highest = records.last(journal)
            listed = (
                _("it holds none")
                if highest is None
                else _("the latest is {n}").format(n=highest.id)
            )
            raise UserError(
                _(
                    "the journal holds no game {n} ({listed}): 'coop-helper history --last 0' "
                    "lists every game with its number."
                ).format(n=number, listed=listed)
            )
        _remove(journal, game, yes, as_json)


@command("undo", on=history_app, epilog="Example: coop-helper history undo")
def undo_command(
    yes: Annotated[bool, YesFlag] = False,
    as_json: JsonFlag = False,
) -> None:
    """Remove the latest game: shown first, asked about on a terminal (--yes: without asking)."""
    from coop_helper.journal import records
    from coop_helper.journal.store import journal_path

    journal = load_journal(create=False)
    game = None
    if journal is not None:
        with journal:
            game = records.last(journal)
            if game is not None:
                _remove(journal, game, yes, as_json)
    if game is None:
        raise UserError(
            _("the journal ({journal}) holds no games: nothing to undo.").format(
                journal=journal_path()
            )
        )


def _remove(journal: Journal, game: GameRecord, yes: bool, as_json: bool) -> None:
    """Show ``game``, ask on a terminal, remove it, and say what is left."""
    from coop_helper.journal import records
    from coop_helper.render import journal as views

    if not (yes or as_json) and asking.can_ask():
        err = render.make_console(stderr=True)
        err.print(_("This removes {game}.").format(game=views.game_summary(game)), soft_wrap=True)
        if not asking.ask(_("Remove it?")):
            err.print(_("Nothing removed: the journal is unchanged."))
            return
    if not records.remove(journal, game):
        raise UserError(
            _("game {n} was removed meanwhile (another coop-helper): nothing else removed.").format(
                n=game.id
            )
        )
    left = records.count(journal)
    if as_json:
        print_json(
            {"schema": views.JSON_SCHEMA, "removed": views.game_json(game), "remaining": left}
        )
        return
    render.make_console().print(
        _("Removed {game}. {left} left.").format(
            game=views.game_summary(game), left=views.games_text(left)
        ),
        soft_wrap=True,
    )
