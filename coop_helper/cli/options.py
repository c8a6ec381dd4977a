"""Options shared by several commands, declared once: help text, panel, completion.

Only light modules are imported here (the policy registry for the ``--policy`` names); the
simulation and the rendering are imported by the commands that use them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from coop_helper.cli.completion import complete_contract, complete_odds_policy, complete_policy
from coop_helper.policies import DEFAULT_POLICY, POLICIES
from coop_helper.sim import DEFAULT_SEED

CONTRACTS_PANEL = "Contracts"
SIMULATION_PANEL = "Simulation"
OUTPUT_PANEL = "Output"


class IntervalChoice(StrEnum):
    """The confidence interval methods (sim.statistics.INTERVALS)."""

    wilson = "wilson"
    exact = "exact"


def contracts_argument(help_text: str) -> typer.models.ArgumentInfo:
    """The face-up contracts as arguments, completed from the catalogue."""
    return typer.Argument(
        metavar="CONTRACT", help=help_text, autocompletion=complete_contract, show_default=False
    )


JsonFlag = Annotated[
    bool,
    typer.Option(
        "--json", help="Print one JSON document and nothing else.", rich_help_panel=OUTPUT_PANEL
    ),
]
SealOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--seal",
        metavar="NAME=NL",
        help="The seal read off a card the card data lacks, for this call only, e.g. Ransom=1A.",
        rich_help_panel=CONTRACTS_PANEL,
    ),
]
CodeOption = Annotated[
    str | None,
    typer.Option(
        "--code", metavar="CODE", help="A share code from 'deal'.", rich_help_panel=CONTRACTS_PANEL
    ),
]
SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed", metavar="S", help="Repeat an earlier deal.", rich_help_panel=CONTRACTS_PANEL
    ),
]


DealPlayers = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        metavar="N",
        help="Number of players, 1 to 5.",
        rich_help_panel=CONTRACTS_PANEL,
    ),
]
CheckPlayers = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        metavar="N",
        help="Check the contracts against N players.",
        rich_help_panel=CONTRACTS_PANEL,
    ),
]
SetupPlayers = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        metavar="N",
        help="Deal for N players (or check the list).",
        rich_help_panel=CONTRACTS_PANEL,
    ),
]


GamesOption = Annotated[
    int | None,
    typer.Option(
        "--games",
        "-g",
        metavar="G",
        help="Simulate exactly this many games (default: until precise).",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
PrecisionOption = Annotated[
    str | None,
    typer.Option(
        "--precision",
        metavar="POINTS",
        help="Simulate until every interval is within this many percentage points (e.g. 1 or 1%).",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
OddsSeed = Annotated[
    int,
    typer.Option(
        "--sim-seed",
        "--seed",
        metavar="S",
        help="Seed of the simulated games, as setup's --sim-seed (--seed, its earlier name, "
        "still works).",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
SimSeed = Annotated[
    int,
    typer.Option(
        "--sim-seed",
        metavar="S",
        help="Seed of the simulated games.",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
PolicyOption = Annotated[
    str,
    typer.Option(
        "--policy",
        metavar="|".join(POLICIES),
        help=f"The simulated team: {', '.join(POLICIES)} (play also takes the search "
        "players: search, search-draw, search-take, search:BASE).",
        autocompletion=complete_policy,
        rich_help_panel=SIMULATION_PANEL,
    ),
]
OddsPolicyOption = Annotated[
    str,
    typer.Option(
        "--policy",
        metavar="|".join(POLICIES),
        help=f"The simulated team: {', '.join(POLICIES)}.",
        autocompletion=complete_odds_policy,
        rich_help_panel=SIMULATION_PANEL,
    ),
]
WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        metavar="W",
        help="Worker processes (default: one per core).",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
ConfidenceOption = Annotated[
    str,
    typer.Option(
        "--confidence",
        metavar="P",
        help="Confidence level of the intervals, e.g. 95%.",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
IntervalOption = Annotated[
    IntervalChoice,
    typer.Option(
        "--interval",
        case_sensitive=False,
        metavar="|".join(IntervalChoice),
        help="Interval method: wilson, or exact (Clopper-Pearson).",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
TargetOption = Annotated[
    str | None,
    typer.Option(
        "--target",
        metavar="P",
        help="Recommend a level for this win chance, e.g. 50%.",
        rich_help_panel=SIMULATION_PANEL,
    ),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress bar.", rich_help_panel=OUTPUT_PANEL)
]

__all__ = [
    "DEFAULT_POLICY",
    "DEFAULT_SEED",
    "CheckPlayers",
    "CodeOption",
    "ConfidenceOption",
    "DealPlayers",
    "GamesOption",
    "IntervalChoice",
    "IntervalOption",
    "JsonFlag",
    "OddsPolicyOption",
    "OddsSeed",
    "PolicyOption",
    "PrecisionOption",
    "QuietOption",
    "SealOptions",
    "SeedOption",
    "SetupPlayers",
    "SimSeed",
    "TargetOption",
    "WorkersOption",
    "contracts_argument",
]
