"""Table-side commands: contracts, deal, timepile, rank, seals."""

from __future__ import annotations

import re
import shlex
import sys
from typing import Annotated

import typer

from coop_helper.cli import HELP_OPTIONS, HelpGroup, app, command, commands_atlas
from coop_helper.cli.completion import (
    complete_contract,
    complete_difficulty,
    complete_unknown_seal_contract,
)
from coop_helper.cli.options import (
    CONTRACTS_PANEL,
    CheckPlayers,
    CodeOption,
    DealPlayers,
    JsonFlag,
    SealOptions,
    SeedOption,
    contracts_argument,
)
from coop_helper.errors import UserError, shown
from coop_helper.render import documents
from coop_helper.render import tables as render
from coop_helper.render.words import plural
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import load_catalog, parse_seal
from coop_helper.setup.deals import (
    check_players,
    deal,
    deal_keeping,
    encode_share_code,
    face_up,
    new_seed,
    time_pile,
)

# Let "-1" through as a value ("rank -1", "seals set Ransom -1 A") instead of an option.
NUMBERS_AS_ARGUMENTS = {"ignore_unknown_options": True}


def _refuse_options(words: list[str], command: str) -> None:
    """A word that is an option, not a number, let through by NUMBERS_AS_ARGUMENTS: the
    error click would give. After ``--`` every word is an argument."""
    if "--" in sys.argv[1:]:
        return
    for word in words:
        if re.fullmatch(r"--?[A-Za-z][\w-]*(=.*)?", word):
            raise UserError(f"no such option: {shown(word)} (see 'coop-helper {command} --help').")


@command("contracts", epilog="Example: coop-helper contracts --players 2")
def contracts_command(
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            help="Add what each contract does to an N-player deal's difficulty (from the atlas).",
            rich_help_panel=CONTRACTS_PANEL,
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the 18 contracts: names (EN/DE), requirement, coins, seal."""
    catalog = load_catalog()
    seals = config.known_seals(catalog)
    effects = None
    if players is not None:
        effects = documents.contract_difficulty(check_players(players, "--players"), seals)
    if as_json:
        render.print_json(documents.contracts_document(catalog, seals, effects))
        return
    render.print_contracts(catalog, seals)
    if players is not None and effects is not None:
        commands_atlas.print_contract_difficulty(players, effects)


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
        commands_atlas.deal_by_difficulty(
            players, difficulty, keep or [], avoid or [], seed, as_json
        )
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
        render.print_json(
            documents.deal_document(players, seed, code, contracts, seals, candidates)
        )
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
    commands_atlas.print_difficulty(players, contracts, seals)


@command("timepile", epilog="Example: coop-helper timepile Charmeur Seehoheit 'Galleon Foe'")
def timepile_command(
    names: Annotated[
        list[str] | None, contracts_argument("The face-up contracts (quote multi-word names).")
    ] = None,
    code: CodeOption = None,
    players: CheckPlayers = None,
    seal_options: SealOptions = None,
    as_json: JsonFlag = False,
) -> None:
    """The Time Pile size: 13 + the seal numbers + 1 per distinct seal letter."""
    catalog = load_catalog()
    players, contracts = face_up(names=names or (), code=code, players=players, catalog=catalog)
    seals = config.seals_for(catalog, seal_options or [], contracts)
    config.check_seal_options(catalog, seal_options or [], contracts)
    pile = time_pile(contracts, seals, catalog)
    if as_json:
        render.print_json(documents.timepile_document(players, contracts, seals, pile))
        return
    render.print_time_pile(pile)
    for contract in contracts:  # a seal the card data lacks: say whose it is
        if contract.seal is None and contract.key in seals:
            source = "given with --seal" if contract.key in seals.given else "yours, recorded"
            render.make_console().print(
                f"Seal of {contract.name}: {seals[contract.key]} ({source}).", soft_wrap=True
            )


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
            f"points must be a whole number of 0 or more, not '{shown(points)}'."
        ) from None
    rank = load_catalog().rank(value)
    if as_json:
        render.print_json({"points": value, "rank": rank.name})
        return
    render.make_console().print(f"{plural(value, 'point')}: {rank.name}")


# ---------------------------------------------------------------- seals

seals_app = typer.Typer(
    help="Record the seals of contracts the card data does not know (read off your cards).",
    no_args_is_help=True,
    cls=HelpGroup,
    context_settings=HELP_OPTIONS,
    epilog="Example: coop-helper seals set Ransom 1 A",
)
app.add_typer(seals_app, name="seals")


def _parse_set_arguments(parts: list[str]) -> tuple[str, str]:
    """Split 'NAME... NUMBER LETTER' (or 'NAME... NL') into a name and a seal text."""
    usage = "write: coop-helper seals set NAME NUMBER LETTER, e.g. seals set Ransom 1 A"
    if (
        len(parts) >= 3
        and re.fullmatch(r"[A-Za-z]", parts[-2])
        and parts[-1].lstrip("+") in ("-1", "0", "1", "2")
        and _names_a_contract(parts[:-2])
    ):  # letter and number swapped
        name = shlex.quote(" ".join(parts[:-2]))
        raise UserError(
            f"the seal number comes before its letter: coop-helper seals set {name} "
            f"{parts[-1].lstrip('+')} {parts[-2].upper()}."
        )
    if len(parts) >= 3 and re.fullmatch(r"[A-Za-z]", parts[-1]):
        number = parts[-2]
        if not re.fullmatch(r"[+-]?\d+", number) and _names_a_contract(parts[:-2]):
            raise UserError(f"the seal number must be -1, 0, 1 or 2, not '{shown(number)}'.")
    if len(parts) >= 3 and re.fullmatch(r"[+-]?\d*\.\d*", parts[-2]):
        raise UserError(f"the seal number must be -1, 0, 1 or 2, not '{shown(parts[-2])}'.")
    if len(parts) >= 3 and re.fullmatch(r"[+-]?\d+", parts[-2]):
        number, letter = parts[-2].lstrip("+"), parts[-1]
        if number not in ("-1", "0", "1", "2"):
            raise UserError(f"the seal number must be -1, 0, 1 or 2, not '{shown(parts[-2])}'.")
        if not re.fullmatch(r"[A-Za-z]", letter):
            raise UserError(f"the seal letter must be one letter A-Z, not '{shown(letter)}'.")
        return " ".join(parts[:-2]), number + letter
    if (
        len(parts) >= 2 and re.fullmatch(r"[+-]?\d+", parts[-1]) and _names_a_contract(parts[:-1])
    ):  # the letter left out
        if parts[-1].lstrip("+") not in ("-1", "0", "1", "2"):
            raise UserError(f"the seal number must be -1, 0, 1 or 2, not '{shown(parts[-1])}'.")
        name = shlex.quote(" ".join(parts[:-1]))
        raise UserError(
            f"the seal letter is missing: coop-helper seals set {name} {parts[-1]} LETTER, "
            f"e.g. seals set {name} {parts[-1].lstrip('+')} A."
        )
    if len(parts) >= 2:
        return " ".join(parts[:-1]), parts[-1]
    raise UserError(f"give the contract, the seal number and the seal letter: {usage}.")


def _names_a_contract(parts: list[str]) -> bool:
    try:
        load_catalog().contract(" ".join(parts))
    except UserError:
        return False
    return True


@command(
    "set",
    on=seals_app,
    context_settings=NUMBERS_AS_ARGUMENTS,
    epilog="Example: coop-helper seals set Ransom 1 A",
)
def seals_set_command(
    parts: Annotated[
        list[str],
        typer.Argument(
            metavar="NAME NUMBER LETTER",
            help="E.g. Ransom 1 A (number -1..2, letter A-Z).",
            autocompletion=complete_unknown_seal_contract,
        ),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Record the seal you read off a card whose seal the card data does not know."""
    catalog = load_catalog()
    _refuse_options(parts, "seals set")
    name, text = _parse_set_arguments(parts)
    contract = catalog.contract(name)
    try:
        seal = parse_seal(text)
    except ValueError as err:
        raise UserError(str(err)) from None
    path, earlier = config.set_seal(contract, seal)
    if as_json:
        render.print_json(
            {
                "name": contract.name,
                "seal": render.seal_json(seal),
                "replaced": earlier,  # the seal recorded before, as the file had it, or null
                "config": str(path),
            }
        )
        return
    if earlier is None:
        text = f"Recorded {contract.name}: {seal} (in {path})"
    elif earlier.strip().upper() == str(seal):
        text = f"Recorded {contract.name}: {seal}, as it was already (in {path})"
    else:
        text = (
            f"Recorded {contract.name}: {seal}, replacing the earlier {shown(earlier)} (in {path})"
        )
    render.make_console().print(text, soft_wrap=True)


@command("unset", on=seals_app, epilog="Example: coop-helper seals unset Ransom")
def seals_unset_command(
    name: Annotated[
        list[str],
        typer.Argument(
            metavar="NAME",
            help="E.g. Ransom (a name of several words with or without quotes).",
            autocompletion=complete_unknown_seal_contract,
        ),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Forget the seal you recorded for a contract."""
    catalog = load_catalog()
    contract = catalog.contract(" ".join(name))
    removed = config.forget_seal(contract)
    path = config.config_path()
    if not removed and contract.seal is not None:  # as `seals set` says it
        raise UserError(
            f"{contract.name}'s seal is in the card data ({contract.seal}): there is no "
            f"recorded seal to forget; seals are recorded only for "
            f"{config.unknown_seal_names(catalog)}."
        )
    if as_json:
        render.print_json({"name": contract.name, "removed": removed, "config": str(path)})
        return
    text = (
        f"Forgot the seal of {contract.name} (in {path})"
        if removed
        else f"No seal was recorded for {contract.name} (in {path}); nothing changed"
    )
    render.make_console().print(text, soft_wrap=True)


@command("list", on=seals_app, epilog="Example: coop-helper seals list --json")
def seals_list_command(as_json: JsonFlag = False) -> None:
    """Show the seals you recorded for contracts the card data lacks."""
    catalog = load_catalog()
    seals = config.known_seals(catalog)
    rows = [(c, seals.get(c.key)) for c in catalog.contracts if c.seal is None]
    path = str(config.config_path())
    if as_json:
        render.print_json(
            {
                "config": path,
                "seals": [
                    {"name": c.name, "key": c.key, "seal": render.seal_json(s)} for c, s in rows
                ],
            }
        )
        return
    render.print_seals(rows, path)
