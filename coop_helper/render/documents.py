"""The ``--json`` documents of the table-side commands, built in one place.

The command line prints them (``deal --json``, ``contracts --json``, ``timepile --json``,
``odds --json``, ``setup --json``) and the web page's API returns them, so both give the
same fields.
Each function takes what the command has worked out and returns the document without its
``schema`` field (`render.printing.print_json` and the web API add it).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from coop_helper.render.tables import contract_json, time_pile_json
from coop_helper.setup.catalog import Catalog, Contract, Seal
from coop_helper.setup.deals import TimePile, encode_share_code

if TYPE_CHECKING:
    from coop_helper.atlas.choose import Choice
    from coop_helper.game_setup import GameSetup
    from coop_helper.journal.table_odds import TableOdds
    from coop_helper.sim.odds import OddsResult

EFFECT_FIELDS = ("win", "win_low", "win_high", "win_pairs", "turns", "turns_low", "turns_high")


def difficulty_json(
    players: int, contracts: Sequence[Contract], seals: Mapping[str, Seal] | None = None
) -> dict[str, Any]:
    """The JSON ``difficulty`` object of a deal (where it stands among all deals)."""
    from coop_helper.render.difficulty import difficulty_report

    return difficulty_report(players, contracts, seals)[1]


def difficulty_fields(contract: Contract, effect: Mapping[str, float]) -> dict[str, object]:
    """A contract's effect as `contracts --json` writes it: every field, null where not
    measured, and ``unrated`` saying why there is no win chance (null when there is)."""
    fields: dict[str, object] = {name: effect.get(name) for name in EFFECT_FIELDS}
    fields["turns_pairs"] = effect.get("turns_pairs")
    fields["unrated"] = (
        None
        if "win" in effect
        else "its seal is unknown, so its deals have no Time Pile; record it with: "
        f"coop-helper seals set {shlex.quote(contract.name)} NUMBER LETTER"
    )
    return fields


def contracts_document(
    catalog: Catalog,
    seals: Mapping[str, Seal],
    effects: Mapping[str, Mapping[str, float]] | None = None,
) -> dict[str, Any]:
    """``contracts --json``: every contract, with its difficulty when ``effects`` are given."""
    rows = []
    for c in catalog.contracts:
        row = contract_json(c, seals)
        row.update(
            aliases=list(c.aliases),
            requirement=c.requirement,
            coins=None if c.coins is None else list(c.coins),
            timing=c.timing,
            active_only=c.active_only,
            blue_seal=c.blue_seal,
            source=c.source,
        )
        if effects is not None:
            row["difficulty"] = difficulty_fields(c, effects.get(c.key, {}))
        rows.append(row)
    return {"contracts": rows}


def deal_document(
    players: int,
    seed: int,
    code: str,
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal],
    candidates: int | None = None,
    choice: Choice | None = None,
) -> dict[str, Any]:
    """``deal --json``: the dealt contracts with their share code (and, for a deal chosen
    by difficulty, the atlas's ``choice``)."""
    doc: dict[str, Any] = {
        "players": players,
        "seed": seed,
        "code": code,
        "contracts": [contract_json(c, seals) for c in contracts],
    }
    if choice is not None:
        doc.update(
            level=choice.level,
            candidates=choice.candidates,
            with_recorded_seals=choice.with_recorded_seals,
        )
    elif candidates is not None:
        doc["candidates"] = candidates
    doc["difficulty"] = difficulty_json(players, contracts, seals)
    return doc


def timepile_document(
    players: int, contracts: Sequence[Contract], seals: Mapping[str, Seal], pile: TimePile
) -> dict[str, Any]:
    """``timepile --json``: the face-up contracts (with their share code) and the Time Pile
    with its arithmetic."""
    return {
        "players": players,
        "code": encode_share_code(players, contracts),
        "contracts": [contract_json(c, seals) for c in contracts],
        **time_pile_json(pile),
    }


def odds_document(
    result: OddsResult, seals: Mapping[str, Seal], table_odds: TableOdds | None = None
) -> dict[str, Any]:
    """``odds --json``: every level's odds and the deal's difficulty."""
    from coop_helper.render.odds import odds_json

    doc = odds_json(result, seals, table_odds)
    doc["difficulty"] = difficulty_json(result.players, result.contracts, seals)
    return doc


def setup_document(setup: GameSetup) -> dict[str, Any]:
    """``setup --json``: the deal's fields and the Time Pile's in one document, the deal's
    difficulty, and its ``odds`` (as ``odds --json`` writes them) when they were run."""
    deal = setup.deal
    game = deal.game
    doc: dict[str, Any] = {
        "players": game.players,
        "seed": game.seed,
        "dealt": game.dealt,
        "code": game.code,
        "contracts": [contract_json(c, deal.seals) for c in game.contracts],
        **time_pile_json(game.time_pile),
    }
    doc["difficulty"] = difficulty_json(deal.players, deal.contracts, deal.seals)
    if setup.odds is not None:
        from coop_helper.render.odds import odds_json

        doc["odds"] = odds_json(setup.odds, deal.seals, setup.table_odds)
    return doc
