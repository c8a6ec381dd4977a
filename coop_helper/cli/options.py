"""Options shared by several commands, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

from coop_helper.policies import DEFAULT_POLICY
from coop_helper.sim.odds import DEFAULT_SEED

JsonFlag = Annotated[
    bool, typer.Option("--json", help="Print one JSON document and nothing else.")
]
SealOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--seal",
        metavar="NAME=NL",
        help="The seal read off a card the card data lacks, for this call only, e.g. Ransom=1A.",
    ),
]
CodeOption = Annotated[str | None, typer.Option("--code", help="A share code from 'deal'.")]
SeedOption = Annotated[int | None, typer.Option("--seed", help="Repeat an earlier deal.")]


DealPlayers = Annotated[
    int | None, typer.Option("--players", "-p", metavar="N", help="Number of players, 1 to 5.")
]
CheckPlayers = Annotated[
    int | None,
    typer.Option("--players", "-p", metavar="N", help="Check the contracts against N players."),
]
SetupPlayers = Annotated[
    int | None,
    typer.Option("--players", "-p", metavar="N", help="Deal for N players (or check the list)."),
]



GamesOption = Annotated[
    int | None,
    typer.Option("--games", "-g",
                 help="Simulate exactly this many games (default: until precise)."),
]
PrecisionOption = Annotated[
    float | None,
    typer.Option("--precision", metavar="POINTS",
                 help="Simulate until every interval is within this many percentage points."),
]
OddsSeed = Annotated[int, typer.Option("--seed", help="Seed of the simulated games.")]
SimSeed = Annotated[int, typer.Option("--sim-seed", help="Seed of the simulated games.")]
PolicyOption = Annotated[
    str, typer.Option("--policy", help="The simulated team: random, basic or expert.")
]
WorkersOption = Annotated[
    int | None, typer.Option("--workers", "-w", help="Worker processes (default: one per core).")
]
ConfidenceOption = Annotated[
    str, typer.Option("--confidence", help="Confidence level of the intervals, e.g. 95%.")
]
IntervalOption = Annotated[
    str, typer.Option("--interval", help="Interval method: wilson or exact (Clopper-Pearson).")
]
TargetOption = Annotated[
    str | None,
    typer.Option("--target", help="Recommend a level for this win chance, e.g. 50%."),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]

__all__ = [
    "DEFAULT_POLICY", "DEFAULT_SEED", "CheckPlayers", "CodeOption",
    "ConfidenceOption", "DealPlayers", "GamesOption", "IntervalOption", "JsonFlag", "OddsSeed",
    "PolicyOption", "PrecisionOption", "QuietOption", "SealOptions", "SeedOption",
    "SetupPlayers", "SimSeed", "TargetOption", "WorkersOption",
]
