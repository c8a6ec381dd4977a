"""Setup arithmetic: deals, player counts, Time Pile sums and ranges, share codes."""

import itertools
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coop_helper.errors import UserError
from coop_helper.setup.catalog import Seal, load_catalog
from coop_helper.setup.deals import (
    _ALPHABET,
    SHARE_CODE_VERSION,
    _luhn_sum,
    check_players,
    deal,
    decode_share_code,
    encode_share_code,
    face_up,
    players_for,
    prepare_game,
    time_pile,
)

CATALOG = load_catalog()
CONTRACTS_BY_PLAYERS = {1: 3, 2: 5, 3: 7, 4: 9, 5: 11}


def named(*names):
    return CATALOG.contracts_for(names)


# ---------------------------------------------------------------- deals and player counts


@pytest.mark.parametrize("players, count", sorted(CONTRACTS_BY_PLAYERS.items()))
def test_deal_size_and_distinct(players, count):
    for seed in range(50):
        dealt = deal(players, seed)
        assert len(dealt) == count
        assert len({c.key for c in dealt}) == count


def test_same_seed_same_deal_other_seeds_differ():
    assert deal(3, 1234) == deal(3, 1234)
    deals = {tuple(c.key for c in deal(3, seed)) for seed in range(20)}
    assert len(deals) > 15


@pytest.mark.parametrize("players", [0, 6, -1, 100])
def test_players_outside_one_to_five(players):
    with pytest.raises(UserError, match="players must be 1 to 5"):
        deal(players, 1)
    with pytest.raises(UserError, match="players must be 1 to 5"):
        check_players(players)


def test_players_for_counts():
    for players, count in CONTRACTS_BY_PLAYERS.items():
        contracts = CATALOG.contracts[:count]
        assert players_for(contracts, None) == players
        assert players_for(contracts, players) == players


def test_players_for_rejects_counts_that_match_nothing():
    for count in (0, 1, 2, 4, 6, 12, 18):
        with pytest.raises(UserError, match=r"match(es)? no player count"):
            players_for(CATALOG.contracts[:count], None)


def test_players_for_rejects_a_mismatch_with_players():
    with pytest.raises(UserError, match="2 players play with 5 contracts, but 3 were given"):
        players_for(CATALOG.contracts[:3], 2)
    with pytest.raises(UserError, match="players must be 1 to 5"):
        players_for(CATALOG.contracts[:3], 7)


# ---------------------------------------------------------------- Time Pile, by hand


def test_rulebook_example():
    pile = time_pile(named("Lady Killer", "Maritime Supremacy", "Galleon Foe"))
    assert pile.size == 15
    assert (pile.base, pile.seal_sum, pile.letters) == (13, 0, ("G", "H"))
    assert pile.missing_seals == () and pile.size_range is None
    assert pile.arithmetic() == "13 + (1 + 0 - 1) + 2 (G, H) = 15"


def test_all_three_red_numbers_and_distinct_letters():
    # Jinx -1F, Fighter 0A, Explorer 1E: 13 + 0 + 3 letters.
    pile = time_pile(named("Jinx", "Fighter", "Explorer"))
    assert pile.size == 16
    assert pile.arithmetic() == "13 + (-1 + 0 + 1) + 3 (A, E, F) = 16"


def test_repeated_letters_count_once():
    # Fighter, Gamester, Pack of Pirates are all 0A: 13 + 0 + 1.
    pile = time_pile(named("Fighter", "Gamester", "Pack of Pirates"))
    assert pile.size == 14 and pile.letters == ("A",)
    # Tax Officer 1C, Frigate Foe 0C, Cheap Staff 1B, Trader Prince 0B, Lady Killer 1G:
    # 13 + 3 + 3 (B, C, G).
    pile = time_pile(
        named("Tax Officer", "Frigate Foe", "Cheap Staff", "Trader Prince", "Lady Killer")
    )
    assert pile.size == 19 and pile.seal_sum == 3 and pile.letters == ("B", "C", "G")


def test_recorded_seal_with_a_two_and_a_repeated_letter():
    # Ransom recorded as 2A next to Fighter 0A and Galleon Foe -1H: 13 + 1 + 2 (A, H).
    pile = time_pile(named("Ransom", "Fighter", "Galleon Foe"), {"ransom": Seal(2, "A")})
    assert pile.size == 16
    assert pile.arithmetic() == "13 + (2 + 0 - 1) + 2 (A, H) = 16"


def test_catalogue_seal_wins_over_a_recorded_one():
    pile = time_pile(
        named("Lady Killer", "Maritime Supremacy", "Galleon Foe"), {"lady_killer": Seal(2, "Z")}
    )
    assert pile.size == 15


def test_one_unknown_seal_gives_a_range():
    # Known 1G + 0G; Ransom: number -1..2, letter G again or a new one.
    pile = time_pile(named("Lady Killer", "Maritime Supremacy", "Ransom"))
    assert pile.size is None
    assert pile.missing_seals == ("Ransom",)
    assert pile.size_range == (13 + 1 - 1 + 1, 13 + 1 + 2 + 2)
    assert pile.arithmetic() == "13 + (1 + 0 + ?) + 1..2 (G, ?) = 14..18"


def test_recording_one_of_two_unknown_seals_narrows_the_range():
    both = time_pile(named("Fighter", "Ransom", "Tiny Royal Household"))
    assert both.size_range == (13 + 0 - 2 + 1, 13 + 0 + 4 + 3)
    one = time_pile(
        named("Fighter", "Ransom", "Tiny Royal Household"), {"tiny_royal_household": Seal(-1, "B")}
    )
    assert one.missing_seals == ("Ransom",)
    assert one.size_range == (13 - 1 - 1 + 2, 13 - 1 + 2 + 3)


def test_no_known_letter_still_shows_one_letter():
    # Only unknown seals: at least one letter between them, so the minimum is 13 - 2 + 1.
    pile = time_pile(named("Ransom", "Tiny Royal Household"))
    assert pile.size_range == (12, 13 + 4 + 2)
    assert pile.letters == ()


def _brute_force_range(contracts, seals):
    """Every number -1..2 and every letter A-Z for each unknown seal."""
    unknown = [c for c in contracts if c.seal is None and c.key not in seals]
    options = [Seal(n, letter) for n in (-1, 0, 1, 2) for letter in string.ascii_uppercase]
    sizes = []
    for choice in itertools.product(options, repeat=len(unknown)):
        full = dict(seals) | {c.key: s for c, s in zip(unknown, choice, strict=True)}
        sizes.append(time_pile(contracts, full).size)
    return min(sizes), max(sizes)


RED = [c for c in CATALOG.contracts if c.seal is not None]
BLUE = [c for c in CATALOG.contracts if c.seal is None]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(RED), max_size=9, unique=True),
    st.lists(st.sampled_from(BLUE), min_size=1, max_size=2, unique=True),
    st.sampled_from([{}, {"ransom": Seal(2, "A")}, {"tiny_royal_household": Seal(-1, "Q")}]),
)
def test_range_is_exactly_the_smallest_and_largest_possible_size(red, blue, seals):
    contracts = red + blue
    pile = time_pile(contracts, seals)
    if pile.missing_seals:
        assert pile.size is None
        assert pile.size_range == _brute_force_range(contracts, seals)
    else:
        assert pile.size == 13 + pile.seal_sum + len(pile.letters)


@given(st.lists(st.sampled_from(RED), min_size=1, max_size=11, unique=True))
def test_known_seals_give_base_plus_numbers_plus_distinct_letters(contracts):
    pile = time_pile(contracts)
    assert pile.size == 13 + sum(c.seal.number for c in contracts) + len(
        {c.seal.letter for c in contracts}
    )
    assert pile.arithmetic().endswith(f"= {pile.size}")


# ---------------------------------------------------------------- share codes


def test_rulebook_example_code_is_stable():
    # Pins version 1: a reordered data/contracts.toml would change this code.
    contracts = named("Lady Killer", "Maritime Supremacy", "Galleon Foe")
    assert encode_share_code(1, contracts) == "PR1-0040HM"
    players, decoded = decode_share_code("PR1-0040HM")
    assert players == 1
    assert {c.name for c in decoded} == {"Lady Killer", "Maritime Supremacy", "Galleon Foe"}


@st.composite
def deals(draw):
    players = draw(st.integers(1, 5))
    order = draw(st.permutations(CATALOG.contracts))
    return players, tuple(order[: CONTRACTS_BY_PLAYERS[players]])


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@settings(max_examples=60, deadline=None)
@given(order=st.permutations(CATALOG.contracts))
def test_share_code_round_trip_for_every_player_count(players, order):
    contracts = tuple(order[: CONTRACTS_BY_PLAYERS[players]])
    code = encode_share_code(players, contracts)
    assert code.startswith(f"PR{SHARE_CODE_VERSION}-") and len(code) == 10
    decoded_players, decoded = decode_share_code(code)
    assert decoded_players == players
    assert {c.key for c in decoded} == {c.key for c in contracts}
    # Case, spaces and dashes do not matter.
    assert decode_share_code(f"  {code.lower().replace('-', ' ')} ") == (decoded_players, decoded)


@settings(max_examples=200, deadline=None)
@given(deals(), st.integers(0, 5), st.sampled_from(_ALPHABET))
def test_any_single_mistyped_symbol_is_caught(deal_, position, symbol):
    code = encode_share_code(*deal_)
    body = list(code[4:])
    if body[position] == symbol:
        return
    body[position] = symbol
    with pytest.raises(UserError, match="share code"):
        decode_share_code(code[:4] + "".join(body))


def test_lookalike_letters_read_as_digits():
    code = encode_share_code(1, named("Lady Killer", "Maritime Supremacy", "Galleon Foe"))
    assert code == "PR1-0040HM"
    assert decode_share_code("pr1-oo4ohm")[0] == 1


def _with_check(values):
    """A syntactically valid code for raw payload values (for codes no deal makes)."""
    check = (32 - _luhn_sum([SHARE_CODE_VERSION, *values, 0])) % 32
    return "PR1-" + "".join(_ALPHABET[v] for v in [*values, check])


@pytest.mark.parametrize(
    "code, message",
    [
        ("", "is not a share code"),
        ("hello", "is not a share code"),
        ("PR", "is not a share code"),
        ("PR2-0040HM", "has version '2'"),
        ("PR1-0040H", "has 5 symbols after 'PR1-', expected 6"),
        ("PR1-0040HMM", "has 7 symbols"),
        ("PR1-0040H!", "contains '!'"),
        ("PR1-0040HU", "contains 'U'"),
        ("PR1-0040HN", "fails its check"),
        ("PR1-0400HM", "fails its check"),
    ],
)
def test_malformed_share_codes(code, message):
    with pytest.raises(UserError, match=message):
        decode_share_code(code)


def test_well_formed_code_that_is_no_deal():
    # Four contracts for one player, and a player count of 6: checks pass, deal does not.
    four = 0b1111
    with pytest.raises(UserError, match="does not describe a deal"):
        decode_share_code(_with_check([0, 0, 0, 0, four]))
    six_players = (5 << 18) | 0b111
    digits = [(six_players >> (5 * i)) & 31 for i in reversed(range(5))]
    with pytest.raises(UserError, match="does not describe a deal"):
        decode_share_code(_with_check(digits))


def test_encode_rejects_a_mismatched_player_count():
    with pytest.raises(UserError, match="2 players play with 5 contracts"):
        encode_share_code(2, named("Lady Killer", "Maritime Supremacy", "Galleon Foe"))


# ---------------------------------------------------------------- prepare_game


def test_prepare_game_deals_from_a_seed_and_picks_one_when_missing():
    first = prepare_game(players=2, seed=99)
    assert first.dealt and first.seed == 99 and first.contracts == deal(2, 99)
    assert decode_share_code(first.code)[0] == 2
    fresh = prepare_game(players=2)
    assert isinstance(fresh.seed, int)
    assert fresh.contracts == deal(2, fresh.seed)


def test_prepare_game_from_names_and_from_code_agree():
    by_names = prepare_game(names=["Charmeur", "seehoheit", "Galeonenschreck"])
    by_code = prepare_game(code=by_names.code)
    assert by_names.players == by_code.players == 1
    assert by_names.time_pile.size == by_code.time_pile.size == 15
    assert not by_code.dealt


def test_prepare_game_passes_recorded_seals_to_the_time_pile():
    result = prepare_game(
        names=["Fighter", "Ransom", "Galleon Foe"], seals={"ransom": Seal(2, "A")}
    )
    assert result.time_pile.size == 16


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({}, "say what to set up"),
        ({"code": "PR1-0040HM", "names": ["Jinx"]}, "not both"),
        ({"code": "PR1-0040HM", "players": 2}, "is for 1 player, not 2"),
        ({"names": ["Jinx", "Fighter"]}, "match no player count"),
        ({"names": ["Jinx", "Fighter", "Explorer"], "players": 3}, "3 players play with 7"),
        ({"players": 0}, "players must be 1 to 5"),
    ],
)
def test_prepare_game_bad_input(kwargs, message):
    with pytest.raises(UserError, match=message):
        prepare_game(**kwargs)


def test_face_up_from_names_or_code():
    players, contracts = face_up(names=["Handelsfuerst", "kampfer", "Little Gamester"])
    assert players == 1
    assert [c.name for c in contracts] == ["Trader Prince", "Fighter", "Tiny Gamester"]
    code = encode_share_code(players, contracts)
    in_catalogue_order = tuple(sorted(contracts, key=CATALOG.contracts.index))
    assert face_up(code=code, players=1) == (1, in_catalogue_order)
    with pytest.raises(UserError, match="name the face-up contracts"):
        face_up()


def test_share_code_version_digit_read_like_the_rest():
    from coop_helper.setup.deals import decode_share_code

    assert decode_share_code("PRl-08JMGX") == decode_share_code("PR1-08JMGX")


@pytest.mark.parametrize("typed", ["PR1-0C50H6\n", "\tpr1 0c50h6\r\n", "PR1-0C50H6\u00a0"])
def test_share_code_ignores_any_whitespace(typed):
    from coop_helper.setup.deals import decode_share_code

    assert decode_share_code(typed) == decode_share_code("PR1-0C50H6")
