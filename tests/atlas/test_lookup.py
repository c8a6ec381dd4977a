"""Lookups on an atlas of known, made-up win chances: values, percentiles, staleness."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.atlas import HARD, synthetic_atlas, synthetic_wins

from coop_helper.atlas.deals import all_deals, deal_index, positions
from coop_helper.atlas.lookup import (
    AtlasMissing,
    AtlasUnavailable,
    Difficulty,
    deal_difficulty,
    open_atlas,
    stale_reason,
)
from coop_helper.atlas.store import ROWS_METHOD, SCALE, AtlasFile, encode_atlas, quantise
from coop_helper.errors import UserError
from coop_helper.policies import policy_version
from coop_helper.render.difficulty import difficulty_lines
from coop_helper.setup.catalog import load_catalog, parse_seal
from coop_helper.setup.deals import time_pile


@pytest.fixture(scope="module")
def atlas_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("atlas") / "atlas.bin"
    synthetic_atlas(path)
    return path


@pytest.fixture(autouse=True)
def use_atlas(atlas_file, monkeypatch):
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(atlas_file))


def _known_deals(size):
    catalog = load_catalog()
    for deal in all_deals(size, 18):
        contracts = tuple(catalog.contracts[i] for i in deal)
        pile = time_pile(contracts).size
        if pile is not None:
            yield deal, contracts, pile


def test_the_win_chance_is_the_stored_one_and_the_percentile_counts_easier_deals():
    catalog = load_catalog()
    names = ("Lady Killer", "Maritime Supremacy", "Galleon Foe")
    contracts = catalog.contracts_for(names)
    found = deal_difficulty(1, contracts)
    turns = open_atlas().block(1).turns
    deal = positions(contracts)

    def key(d, pile):
        row = [quantise(w, 100) for w in synthetic_wins(d, turns)]
        return row[pile], sum(row)

    assert found.time_pile == 15
    assert found.win == quantise(synthetic_wins(deal, turns)[15], 100) / SCALE
    mine = key(deal, 15)
    population = [key(d, pile) for d, _, pile in _known_deals(3)]
    assert found.harder_than == sum(k > mine for k in population) / len(population)
    assert found.basis == "win"


def test_the_contract_that_costs_most_turns_is_named():
    catalog = load_catalog()
    hard = catalog.contracts[HARD]
    others = [c for c in catalog.contracts if c.seal is not None and c is not hard][:2]
    found = deal_difficulty(1, (hard, *others))
    assert found.hardest is not None and found.hardest.contract == hard
    assert found.hardest.turns == pytest.approx(6, abs=1.5)


def test_a_deal_whose_contracts_all_save_turns_names_none():
    catalog = load_catalog()
    known = [i for i, c in enumerate(catalog.contracts) if c.seal is not None and i != HARD]
    easy = next(d for d in _known_deals(3) if HARD not in d[0] and sum(d[0]) % 3 == 0)[0]
    found = deal_difficulty(1, tuple(catalog.contracts[i] for i in easy))
    assert set(easy) <= set(known)
    assert found.hardest is None  # each one is easier than those it could be swapped for
    assert found.to_json()["hardest_contract"] is None


def test_an_unknown_seal_rates_the_deal_by_turns_not_by_win_chance():
    catalog = load_catalog()
    contracts = catalog.contracts_for(["Ransom", "Fighter", "Jinx"])
    found = deal_difficulty(1, contracts)
    assert found.win is None and found.time_pile is None
    assert found.basis == "turns"
    assert found.turns_for_even_chance is not None
    assert 0 <= found.harder_than <= 1
    doc = found.to_json()
    assert doc["win"] is None and doc["basis"] == "turns_needed"


def test_a_recorded_seal_gives_the_deal_a_win_chance():
    catalog = load_catalog()
    contracts = catalog.contracts_for(["Ransom", "Fighter", "Jinx"])
    seals = {"ransom": parse_seal("1A")}
    found = deal_difficulty(1, contracts, seals)
    assert found.time_pile == time_pile(contracts, seals).size
    assert found.win is not None


def test_a_changed_policy_makes_the_atlas_stale(monkeypatch):
    built = policy_version("expert", 1)  # the shipped atlas is current
    monkeypatch.setattr("coop_helper.atlas.lookup.policy_version", lambda name, players: "99")
    with pytest.raises(
        AtlasUnavailable,
        match=f"numbers for 1 player were made by expert version {built}; current is 99",
    ):
        deal_difficulty(1, load_catalog().contracts_for(["Fighter", "Jinx", "Explorer"]))


def test_a_change_at_one_player_count_makes_only_its_numbers_stale(monkeypatch):
    """The expert's version is kept per player count: a new version at 2 players leaves
    the atlas's other counts current."""
    from coop_helper.policies import expert_params

    monkeypatch.setitem(expert_params.VERSIONS, 2, "99")
    two = load_catalog().contracts_for(["Fighter", "Jinx", "Explorer", "Comedian", "Gamester"])
    with pytest.raises(AtlasUnavailable, match="numbers for 2 players were made by expert"):
        deal_difficulty(2, two)
    assert deal_difficulty(1, two[:3]).win is not None
    atlas = open_atlas()
    assert stale_reason(atlas, players=1) is None
    assert "current is 99" in (stale_reason(atlas) or "")
    monkeypatch.setitem(expert_params.VERSIONS, 1, "98")
    both = stale_reason(atlas) or ""
    assert "numbers for 1 and 2 players were made by an older expert (1 player: version" in both
    assert "now 98; 2 players: version" in both and "now 99): run 'coop-helper atlas build" in both


def test_an_atlas_from_the_build_that_read_low_is_stale(atlas_file, tmp_path, monkeypatch):
    """An atlas whose header has no row method was made by the build that dealt the
    largest Time Pile (its rows read low): said stale, not shown."""
    current = AtlasFile(atlas_file)
    assert current.header.build["method"] == ROWS_METHOD
    old_build = {k: v for k, v in current.header.build.items() if k != "method"}
    blocks = {p: current.block(p) for p in current.header.players}
    old = tmp_path / "old.bin"
    old.write_bytes(encode_atlas(replace(current.header, build=old_build), blocks))
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(old))
    with pytest.raises(AtlasUnavailable, match="older build, which read win chances too low"):
        deal_difficulty(1, load_catalog().contracts_for(["Fighter", "Jinx", "Explorer"]))


def test_a_player_count_not_built_is_said(tmp_path, monkeypatch):
    path = tmp_path / "solo.bin"
    synthetic_atlas(path, players=(1,))
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(path))
    with pytest.raises(AtlasUnavailable, match="no 2-player deals"):
        deal_difficulty(2, load_catalog().contracts[:5])


def test_no_atlas_is_said(tmp_path, monkeypatch):
    monkeypatch.delenv("COOP_HELPER_ATLAS", raising=False)
    monkeypatch.setattr("coop_helper.atlas.lookup.ATLAS_FILE", "not-installed.bin")
    with pytest.raises(AtlasMissing, match="atlas build"):
        deal_difficulty(1, load_catalog().contracts[:3])
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(tmp_path / "missing.bin"))
    with pytest.raises(AtlasUnavailable, match="named by COOP_HELPER_ATLAS") as named:
        deal_difficulty(1, load_catalog().contracts[:3])
    assert not isinstance(named.value, AtlasMissing)  # said, not passed over in silence


def test_deal_numbers_in_the_atlas_match_the_catalogue():
    block = open_atlas().block(2)
    catalog = load_catalog()
    contracts = catalog.contracts_for(["Fighter", "Jinx", "Explorer", "Comedian", "Gamester"])
    assert block.pile(deal_index(positions(contracts))) == time_pile(contracts).size


def test_policy_versions_are_strings_read_off_the_policy_per_player_count():
    from coop_helper.policies import POLICIES, make_policy, policy_version
    from coop_helper.policies.expert_params import PARAMS, VERSIONS

    assert sorted(VERSIONS) == sorted(PARAMS)  # a version for every tuned count
    for name in POLICIES:
        for players in range(1, 6):
            version = policy_version(name, players)
            assert version and version == make_policy(name).version_at(players)
            assert policy_version(f" {name.upper()} ", players) == version
    with pytest.raises(UserError, match="unknown policy"):
        policy_version("expret", 2)


def test_the_build_advice_names_the_output_only_for_another_atlas(tmp_path, monkeypatch):
    from coop_helper.atlas import lookup
    from coop_helper.setup.catalog import data_dir

    monkeypatch.delenv("COOP_HELPER_ATLAS", raising=False)
    assert lookup._output_option(None) == ""
    assert lookup._output_option(data_dir() / lookup.ATLAS_FILE) == ""
    assert (
        lookup._output_option(tmp_path / "my atlas.bin") == f" --output '{tmp_path}/my atlas.bin'"
    )


@pytest.mark.parametrize(
    "harder_than, words",
    [
        (0.0, "Difficulty: among the easiest 1% of 5-player deals (atlas win chance"),
        (0.004, "Difficulty: among the easiest 1% of 5-player deals"),
        (0.006, "Difficulty: harder than 1% of 5-player deals"),
        (0.52, "Difficulty: harder than 52% of 5-player deals"),
        (0.999, "Difficulty: among the hardest 1% of 5-player deals"),
    ],
)
def test_the_easiest_and_hardest_deals_are_named_so(harder_than, words):
    """ "harder than 0% of 5-player deals" said nothing about the easiest deal."""
    found = Difficulty(5, 20, 0.9, harder_than, "win", 8.0, 20, None, "simulated")
    assert difficulty_lines(found)[0].startswith(words)
    by_turns = Difficulty(5, None, None, harder_than, "turns", 8.0, 20, None, "simulated")
    first = difficulty_lines(by_turns)[0]
    assert ("among the" in first) == ("among the" in words) and "0%" not in first
