"""The `deal` command: the face-up contracts for N players, with a share code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer

from coop_helper.cli.app import command
from coop_helper.cli.completion import (
    complete_contract,
    complete_difficulty,
)
from coop_helper.cli.options import (
    CONTRACTS_PANEL,
    DealPlayers,
    JsonFlag,
    SeedOption,
)
from coop_helper.errors import UserError
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.atlas import (
    print_difficulty,
)
from coop_helper.render.printing import print_json
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import (
    check_players,
    deal,
    deal_keeping,
    encode_share_code,
    new_seed,
)


@command("deal", epilog="Example: coop-helper deal --players 3")
def deal_command(
    players: DealPlayers = None,
    seed: SeedOption = None,
    difficulty: Annotated[
        str | None,
        typer.Option(
            "--difficulty",
            metavar="LEVEL",
            help="easy, medium, hard or brutal (each a quarter of this player count's deals, "
            "by the expert's win chance in the difficulty atlas), or a win chance like 40% "
            "(a deal within 2.5 points of it).",
            autocompletion=complete_difficulty,
            rich_help_panel=CONTRACTS_PANEL,
        ),
    ] = None,
    keep: Annotated[
        list[str] | None,
        typer.Option(
            "--keep",
            metavar="CONTRACT",
            help="Deal this contract and the rest (repeatable).",
            autocompletion=complete_contract,
            rich_help_panel=CONTRACTS_PANEL,
        ),
    ] = None,
    avoid: Annotated[
        list[str] | None,
        typer.Option(
            "--avoid",
            metavar="CONTRACT",
            help="Leave this contract out (repeatable).",
            autocompletion=complete_contract,
            rich_help_panel=CONTRACTS_PANEL,
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Deal the face-up contracts for N players, with a share code for the table."""
    if players is None:
        raise UserError("say how many play: --players N, with N from 1 to 5.")
    catalog = load_catalog()
    check_players(players, "--players")
    if seed is not None and seed < 0:
        raise UserError(f"--seed must be 0 or more, not {seed}.")
    seed = new_seed() if seed is None else seed
    if difficulty is not None:
        deal_by_difficulty(players, difficulty, keep or [], avoid or [], seed, as_json)
        return
    candidates = None
    kept, avoided = catalog.contracts_named(keep or []), catalog.contracts_named(avoid or [])
    if kept or avoided:
        contracts, candidates = deal_keeping(players, seed, kept, avoided, catalog)
    else:
        contracts = deal(players, seed, catalog)
    code = encode_share_code(players, contracts, catalog)
    seals = config.seals_for(catalog, [], contracts)
    if as_json:
        print_json(documents.deal_document(players, seed, code, contracts, seals, candidates))
        return
    render.print_deal(
        players,
        seed,
        code,
        contracts,
        seals,
        keep=[c.name for c in kept],  # as the catalogue writes them, each once
        avoid=[c.name for c in avoided],
        candidates=candidates,
    )
    print_difficulty(players, contracts, seals)


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
    from coop_helper.text.percentages import exact_percent

    catalog = load_catalog()
    seals = config.known_seals(catalog)
    kept, avoided = catalog.contracts_named(keep), catalog.contracts_named(avoid)
    asked = parse_difficulty(difficulty)
    choice = choose_deal(players, asked, kept, avoided, seed, seals)
    code = encode_share_code(players, choice.contracts, catalog)
    if as_json:
        print_json(
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
