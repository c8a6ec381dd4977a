"""The difficulty atlas: `atlas build` (on Dask) and `atlas info`."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from coop_helper.atlas import defaults
from coop_helper.cli import HELP_OPTIONS, HelpGroup, app, command, options_given
from coop_helper.cli.options import JsonFlag, QuietOption
from coop_helper.errors import UserError
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.words import plural
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import Contract, Seal, load_catalog
from coop_helper.setup.deals import encode_share_code

atlas_app = typer.Typer(
    help="The difficulty atlas: every deal's win chance, built by simulation on Dask.",
    no_args_is_help=True,
    cls=HelpGroup,
    context_settings=HELP_OPTIONS,
    epilog="Example: coop-helper atlas info",
)
app.add_typer(atlas_app, name="atlas")

DEFAULT_WORK_DIR = Path("atlas-build")
BUILD_PANEL = "What to simulate"
WHERE_PANEL = "Where it runs"


def _counts(text: str, option: str) -> tuple[int, ...]:
    """'1,2,3' -> (1, 2, 3); empty -> ()."""
    try:
        return tuple(int(part) for part in text.replace(" ", "").split(",") if part)
    except ValueError:
        raise UserError(
            f"{option} takes player counts separated by commas, e.g. 1,2, not '{text}'."
        ) from None


class BuildProgress:
    """A rich progress bar over the build's games on stderr (only on a terminal)."""

    def __init__(self, show: bool) -> None:
        import sys

        self.show = show and sys.stderr.isatty()
        self.bar: Any = None

    def __call__(self, total: int, done: int) -> Callable[[int], None]:
        """Start the bar at ``done`` of ``total`` games; returns the per-task callback."""
        if not self.show:
            return lambda games: None
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(
            TextColumn("atlas"),
            BarColumn(),
            TextColumn("{task.completed:,}/{task.total:,} games"),
            TimeRemainingColumn(),
            console=render.make_console(stderr=True),
            transient=True,
        )
        self.bar.start()
        task = self.bar.add_task("games", total=total, completed=done)
        return lambda games: self.bar.update(task, advance=games)

    def close(self) -> None:
        """Remove the bar (also after an error or Ctrl-C)."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


@command(
    "build", on=atlas_app, epilog="Example: coop-helper atlas build --players 1,2 -o my-atlas.bin"
)
def build_command(
    ctx: typer.Context,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            metavar="N,N",
            rich_help_panel=BUILD_PANEL,
            help="Player counts to build, e.g. 1,2.",
        ),
    ] = defaults.counts_text(defaults.DEFAULT_PLAYERS),
    exhaustive: Annotated[
        str | None,
        typer.Option(
            "--exhaustive",
            metavar="N,N",
            rich_help_panel=BUILD_PANEL,
            help="Player counts whose every deal is simulated (default: "
            f"{defaults.counts_text(defaults.DEFAULT_EXHAUSTIVE)} among --players); "
            "the others are fitted from training deals.",
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            metavar="G",
            rich_help_panel=BUILD_PANEL,
            help="Games per deal where every deal is simulated.",
        ),
    ] = defaults.DEFAULT_GAMES,
    train_deals: Annotated[
        int,
        typer.Option(
            "--train-deals",
            metavar="D",
            rich_help_panel=BUILD_PANEL,
            help="Simulated deals per fitted player count.",
        ),
    ] = defaults.DEFAULT_TRAIN_DEALS,
    train_games: Annotated[
        int,
        typer.Option(
            "--train-games",
            metavar="G",
            rich_help_panel=BUILD_PANEL,
            help="Games per training deal.",
        ),
    ] = defaults.DEFAULT_TRAIN_GAMES,
    extra_turns: Annotated[
        int,
        typer.Option(
            "--extra-turns",
            metavar="T",
            rich_help_panel=BUILD_PANEL,
            help="Turns simulated beyond the largest Time Pile.",
        ),
    ] = defaults.DEFAULT_EXTRA_TURNS,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", metavar="S", rich_help_panel=BUILD_PANEL, help="Seed of the build's games."
        ),
    ] = defaults.DEFAULT_SEED,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-w",
            metavar="W",
            rich_help_panel=WHERE_PANEL,
            help="Local worker processes (default: one per core).",
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            metavar="tcp://HOST:PORT",
            rich_help_panel=WHERE_PANEL,
            help="Use a running Dask scheduler's workers instead of local ones.",
        ),
    ] = None,
    work_dir: Annotated[
        Path,
        typer.Option(
            "--work-dir",
            metavar="DIR",
            rich_help_panel=WHERE_PANEL,
            help="Where finished work is saved (a stopped build resumes from it).",
        ),
    ] = DEFAULT_WORK_DIR,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            rich_help_panel=WHERE_PANEL,
            help="The atlas file to write (default: the shipped atlas).",
        ),
    ] = None,
    quiet: QuietOption = False,
    as_json: JsonFlag = False,
) -> None:
    """Build (or resume building) the difficulty atlas with the current expert."""
    import os

    # The model's fit is small linear algebra: one BLAS thread is faster, and threads
    # that spin beside the workers slowed a fit on a busy 2-core machine from 2 s to a
    # minute. Set before numpy loads; a setting of the user's own wins.
    for threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(threads, "1")
    from coop_helper.atlas.build import build_atlas
    from coop_helper.atlas.lookup import atlas_path
    from coop_helper.atlas.plan import make_params, unused_settings
    from coop_helper.sim.odds import default_workers

    params = make_params(
        players=_counts(players, "--players"),
        exhaustive=None if exhaustive is None else _counts(exhaustive, "--exhaustive"),
        games=games,
        train_deals=train_deals,
        train_games=train_games,
        extra_turns=extra_turns,
        seed=seed,
    )
    unused = unused_settings(params)
    for name in options_given(ctx):
        if name in unused:
            typer.echo(f"warning: {name} is not used: {unused[name]}.", err=True)
    if workers is not None and not 1 <= workers <= 256:
        raise UserError(f"--workers must be 1 to 256, not {workers}.")
    if scheduler is not None and "://" not in scheduler:
        raise UserError(f"--scheduler must look like tcp://HOST:PORT, not '{scheduler}'.")
    target = output or atlas_path()
    progress = BuildProgress(not (quiet or as_json))
    try:
        report = build_atlas(
            params,
            work_dir,
            target,
            scheduler=scheduler,
            workers=workers or default_workers(),
            progress=progress,
        )
    except KeyboardInterrupt:
        progress.close()
        if work_dir.is_dir():  # stopped once the work had begun
            render.make_console(stderr=True).print(
                f"The finished tasks are saved in {work_dir}: run the same command to resume.",
                soft_wrap=True,
            )
        raise
    finally:
        progress.close()
    if as_json:
        render.print_json(
            {
                "output": str(report.output),
                "tasks": report.tasks,
                "resumed": report.resumed,
                "games": report.games,
                "seconds": round(report.seconds, 2),
                "bytes": report.size,
                "params": params.to_json(),
            }
        )
        return
    rate = report.games / report.seconds if report.seconds > 0 else 0.0
    render.make_console().print(
        f"Wrote {report.output} ({report.size:,} bytes): {plural(report.tasks, 'task')}, "
        f"{report.resumed:,} already done, {plural(report.games, 'game')} played "
        f"in {report.seconds:.1f} s ({rate:,.0f} games/s).",
        soft_wrap=True,
    )


@command("info", on=atlas_app, epilog="Example: coop-helper atlas info --json")
def info_command(as_json: JsonFlag = False) -> None:
    """What the atlas holds, how it was built, and whether it is current."""
    from coop_helper.atlas.lookup import atlas_path, open_atlas, stale_reason

    atlas = open_atlas()
    header = atlas.header
    for players in header.players:  # a damaged block is an error, not a current atlas
        atlas.block(players)
    reason = stale_reason(atlas)
    counts = {}
    for players, info in sorted(header.players.items()):
        counts[players] = {
            k: info[k]
            for k in ("deals", "turns", "method", "games_per_deal", "train_deals")
            if k in info
        }
    if as_json:
        render.print_json(
            {
                "path": str(atlas_path()),
                "policy": header.policy,
                "policy_version": header.policy_version,
                "current": reason is None,
                "stale_reason": reason,
                "build": dict(header.build),
                "players": {str(p): v for p, v in counts.items()},
            }
        )
        return
    from rich.table import Table

    console = render.make_console()
    render.print_with_command(console, "Atlas:", str(atlas_path()))
    console.print(
        f"Built with {header.policy} version {header.policy_version}, "
        f"seed {header.build.get('seed')}."
    )
    console.print(f"Stale: {reason}." if reason else "Current: the policy is unchanged.")
    grid = Table.grid(padding=(0, 1))  # the second column wraps under itself
    grid.add_column(no_wrap=True)
    grid.add_column()
    for players, info in counts.items():
        how = (
            f"every deal simulated, {plural(info.get('games_per_deal', 0), 'game')} each"
            if info.get("method") == "simulated"
            else f"fitted on {plural(info.get('train_deals', 0), 'simulated deal')} of "
            f"{plural(info.get('games_per_deal', 0), 'game')}"
        )
        grid.add_row(
            f"  {plural(players, 'player')}:",
            f"{info['deals']:,} deals, up to {info['turns']} turns; {how}",
        )
    console.print(grid)


# ------------------------------------------------ used by deal, contracts, setup and odds


def print_difficulty(
    players: int, contracts: Sequence[Contract], seals: Mapping[str, Seal] | None = None
) -> None:
    """Print where a deal stands among all deals (nothing if no atlas is installed)."""
    from coop_helper.atlas.text import difficulty_report

    console = render.make_console()
    for line in difficulty_report(players, contracts, seals)[0]:
        console.print(line)


def deal_by_difficulty(
    players: int,
    difficulty: str,
    keep: Sequence[str],
    avoid: Sequence[str],
    seed: int,
    as_json: bool,
) -> None:
    """`deal --difficulty` (with --keep/--avoid): a seeded deal chosen with the atlas."""
    from coop_helper.atlas.choose import choose_deal, parse_difficulty
    from coop_helper.sim.percent import exact_percent

    catalog = load_catalog()
    seals = config.known_seals(catalog)
    kept, avoided = catalog.contracts_named(keep), catalog.contracts_named(avoid)
    asked = parse_difficulty(difficulty)
    choice = choose_deal(players, asked, kept, avoided, seed, seals)
    code = encode_share_code(players, choice.contracts, catalog)
    if as_json:
        render.print_json(
            documents.deal_document(players, seed, code, choice.contracts, seals, choice=choice)
        )
        return
    render.print_deal(
        players,
        seed,
        code,
        choice.contracts,
        seals,
        keep=[c.name for c in kept],  # as the catalogue writes them, each once
        avoid=[c.name for c in avoided],
        difficulty=difficulty,
        level=choice.level
        if isinstance(asked, str)
        else f"win chance near {exact_percent(asked)}, {choice.level}",
        candidates=choice.candidates,
        with_recorded_seals=choice.with_recorded_seals,
    )
    print_difficulty(players, choice.contracts, seals)


def print_contract_difficulty(players: int, effects: Mapping[str, Mapping[str, float]]) -> None:
    """The `contracts --players N` difficulty table."""
    from rich.table import Table

    from coop_helper.atlas.text import effects_rows

    title = f"Contract difficulty, {plural(players, 'player')}"
    table = Table(title=title, title_justify="left")
    table.add_column("Contract")
    table.add_column("Win chance, nothing removed")
    table.add_column("Turns needed")
    unrated = []
    rows = effects_rows(load_catalog(), effects)
    for contract, win, turns in rows:
        table.add_row(contract.name, win, turns)
        if "win" not in effects.get(contract.key, {}):
            unrated.append(contract)
    console = render.make_console()
    if render.is_narrow(console):  # a list, as every table on a narrow terminal
        render.print_records(
            console,
            title,
            [[c.name, f"win chance: {win}", f"turns needed: {turns}"] for c, win, turns in rows],
        )
    else:
        console.print(table)
    note = (
        "Against swapping the contract for another one: the mean change, and in "
        "brackets the range of 8 deals in 10. Turns needed: the expected turns "
        "before the last contract is done."
    )
    if not unrated:
        console.print(note)
        return
    note += (
        " Not rated: a contract whose seal is unknown gives its deals no Time Pile, so "
        "no win chance; record its seal to rate it:"
    )
    console.print(note)
    for contract in unrated:
        command = f"coop-helper seals set {shlex.quote(contract.name)} NUMBER LETTER"
        console.print(" " * render.COMMAND_INDENT + command, soft_wrap=True)
