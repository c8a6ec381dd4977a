"""The difficulty atlas: `atlas build` (on Dask) and `atlas info`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from coop_helper.atlas import defaults
from coop_helper.cli.app import command, options_given
from coop_helper.cli.help_style import HELP_OPTIONS, HelpGroup
from coop_helper.cli.options import JsonFlag, QuietOption
from coop_helper.errors import UserError
from coop_helper.render import tables as render
from coop_helper.render.printing import print_json
from coop_helper.text.words import counts_words, plural

if TYPE_CHECKING:  # the atlas builder loads when the command runs
    from coop_helper.atlas.build import BuildReport
    from coop_helper.atlas.plan import BuildParams

atlas_app = typer.Typer(
    help="The difficulty atlas: every deal's win chance, built by simulation on Dask.",
    no_args_is_help=True,
    cls=HelpGroup,
    context_settings=HELP_OPTIONS,
    epilog="Example: coop-helper atlas info",
)

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


DEFAULT_COUNTS = defaults.counts_text(defaults.DEFAULT_PLAYERS)
PlayerCounts = Annotated[
    str,
    typer.Option(
        "--players",
        metavar="N,N",
        rich_help_panel=BUILD_PANEL,
        help="Player counts to build, e.g. 1,2.",
    ),
]

ExhaustiveCounts = Annotated[
    str | None,
    typer.Option(
        "--exhaustive",
        metavar="N,N",
        rich_help_panel=BUILD_PANEL,
        help="Player counts whose every deal is simulated (default: "
        f"{defaults.counts_text(defaults.DEFAULT_EXHAUSTIVE)} among --players); "
        "the others are fitted from training deals (minutes, where every deal takes "
        "hours).",
    ),
]

DealGames = Annotated[
    int,
    typer.Option(
        "--games",
        metavar="G",
        rich_help_panel=BUILD_PANEL,
        help="Games per deal where every deal is simulated.",
    ),
]

TrainDeals = Annotated[
    int,
    typer.Option(
        "--train-deals",
        metavar="D",
        rich_help_panel=BUILD_PANEL,
        help="Simulated deals per fitted player count.",
    ),
]

TrainGames = Annotated[
    int,
    typer.Option(
        "--train-games",
        metavar="G",
        rich_help_panel=BUILD_PANEL,
        help="Games per training deal.",
    ),
]

ExtraTurns = Annotated[
    int,
    typer.Option(
        "--extra-turns",
        metavar="T",
        rich_help_panel=BUILD_PANEL,
        help="Turns simulated beyond the largest Time Pile.",
    ),
]

BuildSeed = Annotated[
    int,
    typer.Option(
        "--seed", metavar="S", rich_help_panel=BUILD_PANEL, help="Seed of the build's games."
    ),
]

LocalWorkers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        metavar="W",
        rich_help_panel=WHERE_PANEL,
        help="Local worker processes (default: one per core).",
    ),
]

SchedulerAddress = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        rich_help_panel=WHERE_PANEL,
        help="Use a running Dask scheduler's workers instead of local ones.",
    ),
]

WorkDir = Annotated[
    Path,
    typer.Option(
        "--work-dir",
        metavar="DIR",
        rich_help_panel=WHERE_PANEL,
        help="Where finished work is saved (a stopped build resumes from it).",
    ),
]

FreshFlag = Annotated[
    bool,
    typer.Option(
        "--fresh",
        rich_help_panel=BUILD_PANEL,
        help="Play every player count again; by default a block of the atlas being "
        "replaced that was made with the same settings and expert version is kept.",
    ),
]

AtlasOutput = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        rich_help_panel=WHERE_PANEL,
        help="The atlas file to write (default: the shipped atlas).",
    ),
]


@command(
    "build", on=atlas_app, epilog="Example: coop-helper atlas build --players 1,2 -o my-atlas.bin"
)
def build_command(
    ctx: typer.Context,
    players: PlayerCounts = DEFAULT_COUNTS,
    exhaustive: ExhaustiveCounts = None,
    games: DealGames = defaults.DEFAULT_GAMES,
    train_deals: TrainDeals = defaults.DEFAULT_TRAIN_DEALS,
    train_games: TrainGames = defaults.DEFAULT_TRAIN_GAMES,
    extra_turns: ExtraTurns = defaults.DEFAULT_EXTRA_TURNS,
    seed: BuildSeed = defaults.DEFAULT_SEED,
    workers: LocalWorkers = None,
    scheduler: SchedulerAddress = None,
    work_dir: WorkDir = DEFAULT_WORK_DIR,
    output: AtlasOutput = None,
    fresh: FreshFlag = False,
    quiet: QuietOption = False,
    as_json: JsonFlag = False,
) -> None:
    """Build (or resume building) the difficulty atlas with the current expert."""
    _one_blas_thread()
    from coop_helper.atlas.plan import make_params

    params = make_params(
        players=_counts(players, "--players"),
        exhaustive=None if exhaustive is None else _counts(exhaustive, "--exhaustive"),
        games=games,
        train_deals=train_deals,
        train_games=train_games,
        extra_turns=extra_turns,
        seed=seed,
    )
    _warn_unused(ctx, params)
    _check_where(workers, scheduler)
    report = _build(
        params, work_dir, output, scheduler, workers, show=not (quiet or as_json), fresh=fresh
    )
    _print_report(report, params, as_json)


def _one_blas_thread() -> None:
    """The model's fit is small linear algebra: one BLAS thread is faster, and threads
    that spin beside the workers slowed a fit on a busy 2-core machine from 2 s to a
    minute. Set before numpy loads; a setting of the user's own wins."""
    import os

    for threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(threads, "1")


def _warn_unused(ctx: typer.Context, params: BuildParams) -> None:
    """A warning for each option given that this build does not use."""
    from coop_helper.atlas.plan import unused_settings

    unused = unused_settings(params)
    for name in options_given(ctx):
        if name in unused:
            typer.echo(f"warning: {name} is not used: {unused[name]}.", err=True)


def _check_where(workers: int | None, scheduler: str | None) -> None:
    if workers is not None and not 1 <= workers <= 256:
        raise UserError(f"--workers must be 1 to 256, not {workers}.")
    if scheduler is not None and "://" not in scheduler:
        raise UserError(f"--scheduler must look like tcp://HOST:PORT, not '{scheduler}'.")


def _build(
    params: BuildParams,
    work_dir: Path,
    output: Path | None,
    scheduler: str | None,
    workers: int | None,
    show: bool,
    fresh: bool = False,
) -> BuildReport:
    """Run the build with a progress bar; on Ctrl-C say where the finished work is."""
    from coop_helper.atlas.build import build_atlas
    from coop_helper.atlas.lookup import atlas_path
    from coop_helper.render.progress import ProgressReporter
    from coop_helper.sim.odds import default_workers

    target = output or atlas_path()
    progress = ProgressReporter(0, show, delay=0.0, label="atlas")
    try:
        return build_atlas(
            params,
            work_dir,
            target,
            scheduler=scheduler,
            workers=workers or default_workers(),
            progress=progress.begin,
            fresh=fresh,
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


def _print_report(report: BuildReport, params: BuildParams, as_json: bool) -> None:
    if as_json:
        print_json(
            {
                "output": str(report.output),
                "tasks": report.tasks,
                "resumed": report.resumed,
                "games": report.games,
                "seconds": round(report.seconds, 2),
                "bytes": report.size,
                "kept": list(report.kept),
                "params": params.to_json(),
            }
        )
        return
    rate = report.games / report.seconds if report.seconds > 0 else 0.0
    kept = (
        f" Kept the blocks for {counts_words(report.kept)} from the atlas it replaces (same "
        f"settings and {params.policy} version; --fresh plays them again)."
        if report.kept
        else ""
    )
    render.make_console().print(
        f"Wrote {report.output} ({report.size:,} bytes): {plural(report.tasks, 'task')}, "
        f"{report.resumed:,} already done, {plural(report.games, 'game')} played "
        f"in {report.seconds:.1f} s ({rate:,.0f} games/s).{kept}",
        soft_wrap=True,
    )


@command("info", on=atlas_app, epilog="Example: coop-helper atlas info --json")
def info_command(as_json: JsonFlag = False) -> None:
    """What the atlas holds, how it was built, and whether it is current."""
    from coop_helper.atlas.lookup import atlas_path, open_atlas, stale_reason
    from coop_helper.render.atlas import atlas_info_json, print_atlas_info

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
        counts[players]["policy_version"] = header.versions[players]
        counts[players]["current"] = stale_reason(atlas, players=players) is None
    if as_json:
        print_json(atlas_info_json(atlas_path(), header, reason, counts))
        return
    print_atlas_info(atlas_path(), header, reason, counts)
