"""Table-side setup commands: contracts (more to come)."""

from __future__ import annotations

import json

import typer

from coop_helper.catalog import load_catalog
from coop_helper.cli import command


@command("contracts")
def contracts_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """List the 18 contracts: names (EN/DE), requirement, seal, coins."""
    catalog = load_catalog()
    if as_json:
        rows = [
            {"name": c.name, "name_de": c.name_de, "requirement": c.requirement,
             "seal": None if c.seal is None else {"number": c.seal.number, "letter": c.seal.letter},
             "coins": None if c.coins is None else list(c.coins)}
            for c in catalog.contracts
        ]
        typer.echo(json.dumps({"contracts": rows}, indent=2, ensure_ascii=False))
        return
    for c in catalog.contracts:
        typer.echo(f"{c.name}: {c.requirement} ({c.seal or '?'})")
