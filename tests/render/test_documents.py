"""Every --json document: one indented JSON object with the schema version first, and a
face-up contract always written the same way."""

from __future__ import annotations

import json

import pytest

from coop_helper.render.printing import JSON_SCHEMA

EXAMPLE = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]
FAST = ["--games", "40", "--workers", "1", "--quiet"]
CONTRACT_FIELDS = ["name", "key", "name_de", "seal", "seal_source"]

COMMANDS = [
    ["contracts"],
    ["deal", "--players", "2", "--seed", "4"],
    ["timepile", *EXAMPLE],
    ["rank", "5"],
    ["seals", "list"],
    ["seals", "set", "Ransom", "1", "A"],
    ["seals", "unset", "Ransom"],
    ["odds", *EXAMPLE, *FAST],
    ["setup", "--players", "1", "--seed", "4", *FAST],
    ["setup", "--players", "1", "--seed", "4", "--no-odds"],
    ["play", *EXAMPLE, "--seed", "3"],
]


def _document(run, args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith('{\n  "schema": ')  # indented, schema first
    return json.loads(result.stdout)


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_every_document_has_the_schema_first(run, args):
    doc = _document(run, args)
    assert next(iter(doc)) == "schema" and doc["schema"] == JSON_SCHEMA


@pytest.mark.parametrize(
    "args, where",
    [
        (["deal", "--players", "2", "--seed", "4"], lambda d: d["contracts"]),
        (["timepile", *EXAMPLE], lambda d: d["contracts"]),
        (["odds", *EXAMPLE, *FAST], lambda d: d["contracts"]),
        (["setup", "--players", "1", "--seed", "4", *FAST], lambda d: d["odds"]["contracts"]),
        (["play", *EXAMPLE, "--seed", "3"], lambda d: d["contracts"]),
        (["contracts"], lambda d: d["contracts"]),
    ],
    ids=["deal", "timepile", "odds", "setup", "play", "contracts"],
)
def test_contracts_have_one_shape(run, args, where):
    contracts = where(_document(run, args))
    assert contracts and all(isinstance(c, dict) for c in contracts)
    for contract in contracts:
        assert list(contract)[: len(CONTRACT_FIELDS)] == CONTRACT_FIELDS
