"""Deals by difficulty on an atlas of known, made-up win chances."""

from __future__ import annotations

import bisect

import pytest
from helpers.atlas import synthetic_atlas

from coop_helper.atlas.choose import (
    LEVELS,
    _card_data_keys,
    _easiness,
    choose_deal,
    parse_difficulty,
    ranked_deals,
    recorded_deals,
)
from coop_helper.atlas.deals import all_deals, contracts_of, deal_at, deal_index, positions
from coop_helper.atlas.lookup import open_atlas
from coop_helper.errors import UserError
from coop_helper.setup.catalog import load_catalog, parse_seal
from coop_helper.setup.deals import time_pile


@pytest.fixture(scope="module")
def atlas_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("atlas") / "atlas.bin"
    synthetic_atlas(path, players=(1,))
    return path


@pytest.fixture(autouse=True)
def use_atlas(atlas_file, monkeypatch):
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(atlas_file))


def test_parse_difficulty():
    assert parse_difficulty("Hard") == "hard"
    for chance in ("40%", "40", "0.4", " 40 % "):  # the percentage rule of --target
        assert parse_difficulty(chance) == pytest.approx(0.4)
    for bad, words in (
        ("tough", "easy, medium, hard, brutal"),
        ("140%", "at most 100%"),
        ("1", "is ambiguous"),
        ("-5%", "must be 0% or more"),
    ):
        with pytest.raises(UserError, match=words):
            parse_difficulty(bad)


def test_quartiles_split_known_deals_evenly_from_easiest():
    ranked = ranked_deals(open_atlas().block(1))
    counts = [sum(r.level == level for r in ranked) for level in LEVELS]
    assert max(counts) - min(counts) <= 1
    wins = [r.win for r in ranked]
    assert wins == sorted(wins, reverse=True)


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_deals_a_deal_of_that_level_the_same_for_the_same_seed(level):
    levels = {r.index: r.level for r in ranked_deals(open_atlas().block(1))}
    for seed in range(5):
        choice = choose_deal(1, level, [], [], seed)
        assert levels[deal_index(positions(choice.contracts))] == level
        assert choose_deal(1, level, [], [], seed).contracts == choice.contracts


def test_the_choice_is_spread_over_the_matching_deals():
    seen = {choose_deal(1, "hard", [], [], seed).contracts for seed in range(40)}
    assert len(seen) >= 25  # ~200 candidates: 40 draws repeat a deal only a few times


def test_keep_and_avoid_are_honoured():
    catalog = load_catalog()
    keep, avoid = catalog.contract("Fighter"), catalog.contract("Jinx")
    for seed in range(10):
        choice = choose_deal(1, None, [keep], [avoid], seed)
        assert keep in choice.contracts and avoid not in choice.contracts


def test_no_matching_deal_names_only_the_options_given():
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    avoid = known[1:]  # 15 of the 16: no 3-contract deal is left
    with pytest.raises(UserError) as refused:
        choose_deal(1, None, [], avoid, 0)
    assert "leaves out those --avoid contracts: avoid fewer" in str(refused.value)
    assert "--keep" not in str(refused.value)
    with pytest.raises(UserError, match="holds those --keep contracts without the --avoid"):
        choose_deal(1, None, [known[0]], avoid, 0)


def test_a_win_chance_deals_a_deal_near_it():
    for seed in range(5):
        choice = choose_deal(1, 0.5, [], [], seed)
        assert abs(choice.win - 0.5) <= 0.025


def test_impossible_requests_say_what_is_possible():
    catalog = load_catalog()
    with pytest.raises(UserError, match="range from"):
        choose_deal(1, 0.5, catalog.contracts_for(["Fighter", "Jinx", "Explorer"]), [], 1)
    with pytest.raises(UserError, match="seal is not in the card data"):
        choose_deal(1, "easy", [catalog.contract("Ransom")], [], 1)
    with pytest.raises(UserError, match="both kept and avoided"):
        choose_deal(1, "easy", [catalog.contract("Jinx")], [catalog.contract("Jinx")], 1)
    with pytest.raises(UserError, match="keep at most 3"):
        choose_deal(
            1, "easy", catalog.contracts_for(["Fighter", "Jinx", "Explorer", "Comedian"]), [], 1
        )


def test_the_choice_is_uniform_among_the_matching_deals():
    catalog = load_catalog()
    keep = catalog.contracts_for(["Fighter", "Jinx"])
    counts: dict[tuple, int] = {}
    draws = 1400
    for seed in range(draws):
        choice = choose_deal(1, None, keep, [], seed)
        counts[choice.contracts] = counts.get(choice.contracts, 0) + 1
    candidates = choice.candidates  # the 14 third contracts whose seal is known
    assert candidates == 14 and len(counts) == candidates
    expected = draws / candidates
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 34.5  # the 0.1% tail of chi-square with 13 degrees of freedom


def test_a_recorded_seal_adds_its_deals_at_the_level_their_win_chance_falls_in():
    catalog = load_catalog()
    ransom = catalog.contract("Ransom")
    seals = {ransom.key: parse_seal("1A")}
    ranked = ranked_deals(open_atlas().block(1))
    for level in LEVELS:
        for seed in range(4):
            choice = choose_deal(1, level, [ransom], [], seed, seals)
            assert ransom in choice.contracts and choice.level == level
            at = LEVELS.index(level)
            # the card data's deals set the bounds: every easier one is at this level or
            # an easier one, every harder one at this level or a harder one
            assert all(LEVELS.index(r.level) <= at for r in ranked if r.win > choice.win)
            assert all(LEVELS.index(r.level) >= at for r in ranked if r.win < choice.win)
            assert choose_deal(1, level, [ransom], [], seed, seals).contracts == choice.contracts
    # the card data's deals keep their levels: a seed that deals one deals the same
    for seed in range(5):
        fighter = catalog.contract("Fighter")
        plain = choose_deal(1, "hard", [fighter], [ransom], seed)
        assert choose_deal(1, "hard", [fighter], [ransom], seed, seals) == plain


def test_recorded_seals_widen_the_pool_to_their_contracts():
    catalog = load_catalog()
    keep = catalog.contracts_for(["Fighter", "Jinx"])
    seals = {c.key: parse_seal("0B") for c in catalog.contracts if c.seal is None}
    assert len(seals) == 2  # the two blue-seal contracts
    choice = choose_deal(1, None, keep, [], 0, seals)
    assert choice.candidates == 16  # every third contract: 14 with card-data seals + 2
    seen = {c for seed in range(200) for c in choose_deal(1, None, keep, [], seed, seals).contracts}
    assert {catalog.contract("Ransom"), catalog.contract("Tiny Royal Household")} <= seen


@pytest.mark.parametrize("players", [1, 2])
def test_recorded_deals_are_rated_at_the_time_pile_their_seals_give(players, tmp_path, monkeypatch):
    path = tmp_path / "atlas.bin"
    synthetic_atlas(path, players=(players,))
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(path))
    catalog = load_catalog()
    block = open_atlas().block(players)
    seals = {"ransom": parse_seal("2Q"), "tiny_royal_household": parse_seal("-1A")}
    keys = sorted(
        (-round(r.win * 255), 0, r.index) for r in ranked_deals(block)
    )  # only the order of the win chances matters here
    size = catalog.contracts_by_players[players]
    found = recorded_deals(block, keys, seals, catalog, size)
    unsealed = {c.key for c in catalog.contracts if c.seal is None}
    expected = sum(
        1
        for deal in all_deals(size, len(catalog.contracts))
        if unsealed & {catalog.contracts[i].key for i in deal}
    )
    assert len(found) == expected and len({r.index for r in found}) == expected
    for ranked in found:
        contracts = contracts_of(deal_at(ranked.index, size, len(catalog.contracts)), catalog)
        pile = time_pile(contracts, seals, catalog).size
        assert pile is not None and ranked.win == block.win(ranked.index, pile)


@pytest.mark.parametrize(
    ("keep", "avoid"), [((), ()), (("Ransom",), ()), (("Fighter",), ("Tiny Royal Household",))]
)
def test_a_recorded_deal_takes_the_level_of_its_place_among_the_card_data_deals(keep, avoid):
    catalog = load_catalog()
    block = open_atlas().block(1)
    keys = _card_data_keys(block)  # the full keys: ties on win chance go by turns, then number
    seals = {"ransom": parse_seal("1A"), "tiny_royal_household": parse_seal("0B")}
    where = {c.name: i for i, c in enumerate(catalog.contracts)}
    keep_at, avoid_at = {where[n] for n in keep}, {where[n] for n in avoid}
    found = recorded_deals(block, keys, seals, catalog, 3, keep_at, avoid_at)
    unsealed = {i for i, c in enumerate(catalog.contracts) if c.seal is None}
    expected = [
        deal
        for deal in all_deals(3, len(catalog.contracts))
        if unsealed & set(deal) and keep_at <= set(deal) and not avoid_at & set(deal)
    ]
    assert sorted(r.index for r in found) == [deal_index(d) for d in expected]
    for ranked in found:
        contracts = contracts_of(deal_at(ranked.index, 3, len(catalog.contracts)), catalog)
        pile = time_pile(contracts, seals, catalog).size
        place = bisect.bisect_left(keys, _easiness(block, ranked.index, pile))
        assert ranked.level == LEVELS[min(3, 4 * place // len(keys))]


def test_keeping_unrecorded_blue_seal_contracts_names_each_and_how_to_record_it():
    catalog = load_catalog()
    both = catalog.contracts_for(["Ransom", "Tiny Royal Household"])
    with pytest.raises(UserError) as raised:
        choose_deal(2, "hard", both, [], 1)
    message = str(raised.value)
    assert "Ransom and Tiny Royal Household" in message
    assert "coop-helper seals set 'Tiny Royal Household' NUMBER LETTER" in message
    assert "coop-helper seals set Ransom NUMBER LETTER" in message


def test_an_empty_pool_says_a_recorded_seal_would_add_deals():
    catalog = load_catalog()
    ransom = catalog.contract("Ransom")
    sealed = [c for c in catalog.contracts if c.seal is not None]
    seals = {ransom.key: parse_seal("2Z")}
    # solo keeps Ransom and avoids all but one sealed contract: the only deals left hold
    # Tiny Royal Household, whose seal is not recorded
    with pytest.raises(UserError, match="deals with Tiny Royal Household join once its seal"):
        choose_deal(1, "easy", [ransom], sealed[1:], 1, seals)


def test_a_choice_says_when_it_depends_on_the_recorded_seals():
    catalog = load_catalog()
    ransom = catalog.contract("Ransom")
    seals = {ransom.key: parse_seal("1A")}
    assert choose_deal(1, "hard", [ransom], [], 2, seals).with_recorded_seals
    assert not choose_deal(1, "hard", [], [ransom], 2, seals).with_recorded_seals
    assert not choose_deal(1, "hard", [], [], 2).with_recorded_seals
