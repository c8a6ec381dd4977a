"""The catalogue loads, adds up, and finds contracts by the names people type."""

import shutil
from pathlib import Path

import pytest

from coop_helper.errors import DataError, UserError
from coop_helper.setup.catalog import SKULL, Seal, data_dir, load_catalog, parse_seal


def test_deck_sizes():
    catalog = load_catalog()
    assert len(catalog.deck(5)) == 144
    assert len(catalog.deck(4)) == 143
    assert len(catalog.deck(1)) == 143
    by_type = {}
    for kind_id in catalog.deck(5):
        kind = catalog.kinds[kind_id]
        by_type[kind.type] = by_type.get(kind.type, 0) + 1
    assert by_type == {"ship": 60, "person": 74, "expedition": 6, "tax": 4}


def test_ship_colours_have_twelve_cards_each():
    catalog = load_catalog()
    for colour in ("yellow", "blue", "green", "red", "black"):
        ships = [k for k in catalog.kinds if k.type == "ship" and k.colour == colour]
        assert sum(k.count for k in ships) == 12
    skulls = [k for k in catalog.kinds if k.swords == SKULL]
    assert sum(k.count for k in skulls) == 5  # red 2, black 2 base, black expansion 1


def test_seals_match_reference():
    catalog = load_catalog()
    red = [c for c in catalog.contracts if not c.blue_seal]
    numbers = sorted(c.seal.number for c in red)
    assert numbers.count(1) == 5 and numbers.count(0) == 9 and numbers.count(-1) == 2
    letters = "".join(sorted(c.seal.letter for c in red))
    assert letters == "AAAABBCCDDEFGGHI"
    blue = [c for c in catalog.contracts if c.blue_seal]
    assert {c.name for c in blue} == {"Tiny Royal Household", "Ransom"}
    assert all(c.seal is None and c.coins is None for c in blue)


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("Handelsfürst", "Trader Prince"),
        ("handelsfurst", "Trader Prince"),
        ("HANDELSFUERST", "Trader Prince"),
        ("Little Gamester", "Tiny Gamester"),
        ("kleiner zocker", "Tiny Gamester"),
        ("Kaempfer", "Fighter"),
        ("lady-killer", "Lady Killer"),
        ("ransom", "Ransom"),
    ],
)
def test_contract_lookup(typed, expected):
    assert load_catalog().contract(typed).name == expected


def test_typo_suggests():
    with pytest.raises(UserError, match="Did you mean 'Galleon Foe'"):
        load_catalog().contract("Galeon Foe")


def test_one_word_of_a_longer_name_suggests_the_names_with_it():
    with pytest.raises(UserError, match="Did you mean 'Frigate Foe' or 'Galleon Foe'"):
        load_catalog().contract("foe")


@pytest.mark.parametrize(
    "typed, word, shown",
    [
        (["Lady", "Killer", "Jinx", "Fighter"], "Lady", "Lady Killer is one contract:"),
        (["jinx", "pack", "of", "pirates"], "pack", "pack of pirates is one contract (Pack"),
        (["Fighter", "Tiny", "Gamester", "Jinx"], "Tiny", "Tiny Gamester is one contract:"),
    ],
)
def test_a_name_typed_without_quotes_is_said_to_need_them(typed, word, shown):
    with pytest.raises(UserError) as refused:
        load_catalog().contracts_for(typed)
    message = str(refused.value)
    assert message.startswith(f"unknown contract '{word}': {shown}")
    assert "put a name with spaces in quotes" in message


@pytest.mark.parametrize(
    "name, said",
    [("", "a contract name is empty"), ("  ", "a contract name is empty"), ("!!!", "'!!!' has no")],
)
def test_an_empty_or_wordless_name_is_said_to_be_one_not_a_word_of_the_next(name, said):
    with pytest.raises(UserError) as refused:
        load_catalog().contracts_for([name, "Fighter", "Jinx"])
    message = str(refused.value)
    assert message.startswith(said) and "e.g. 'Lady Killer'" in message
    assert "is one contract" not in message


def test_same_contract_twice_is_an_error():
    with pytest.raises(UserError, match="already in the list"):
        load_catalog().contracts_for(["Jinx", "Pechvogel"])


def test_ranks():
    catalog = load_catalog()
    expected = {
        0: "Landlubber",
        1: "Landlubber",
        2: "Sailor",
        3: "Sailor",
        4: "Pirate",
        5: "Pirate",
        6: "Captain",
        7: "Captain",
        8: "Ruler of the Seas",
        30: "Ruler of the Seas",
    }
    for points, rank in expected.items():
        assert catalog.rank(points).name == rank
    with pytest.raises(UserError):
        catalog.rank(-1)


@pytest.mark.parametrize("text", ["3A", "1", "G", "-2B", "1GG", "", "+-1A", "++1A", "+3A"])
def test_bad_seals(text):
    with pytest.raises(ValueError):
        parse_seal(text)


@pytest.mark.parametrize(
    ("text", "seal"), [("+1A", Seal(1, "A")), ("+2b", Seal(2, "B")), ("+0C", Seal(0, "C"))]
)
def test_a_plus_sign_is_read_as_seals_set_reads_it(text, seal):
    """`seals set Ransom +1 A` was accepted and `--seal Ransom=+1A` refused."""
    assert parse_seal(text) == seal


def _broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(data_dir(), folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_broken_count_names_file(tmp_path):
    folder = _broken_copy(tmp_path, "cards.toml", "cards = [[4, 8, 0]]", "cards = [[3, 8, 0]]")
    with pytest.raises(DataError, match=r"cards\.toml: person cards add up to 73"):
        load_catalog(folder)


def test_broken_seal_names_entry(tmp_path):
    folder = _broken_copy(tmp_path, "contracts.toml", 'seal = "1G"', 'seal = "7G"')
    with pytest.raises(DataError, match=r"contracts\.toml: contract 'Lady Killer'"):
        load_catalog(folder)


def test_invalid_toml_names_file(tmp_path):
    folder = _broken_copy(tmp_path, "coop.toml", "[start]", "[start")
    with pytest.raises(DataError, match=r"coop\.toml: not valid TOML"):
        load_catalog(folder)


def full_width(text: str) -> str:
    """The full-width forms of ASCII letters, as an East Asian keyboard types them."""
    return "".join(chr(ord(c) + 0xFEE0) if c.isascii() else c for c in text)


@pytest.mark.parametrize("typed", [full_width("Fighter"), "Ka\u0308mpfer", full_width("KÄMPFER")])
def test_compatibility_forms_of_letters_find_the_contract(typed):
    """Full-width letters (an East Asian keyboard) and an umlaut typed as a letter and a
    combining mark are the letters they look like; they were 'no letters' or unknown."""
    assert load_catalog().contract(typed).key == "fighter"


def test_a_name_matching_nothing_hints_at_the_english_names_of_the_cards_without_german_ones():
    """`timepile Lösegeld`: the blue-seal cards' German names are not in the card data (and
    stay unknown), so a German name matching nothing names the English ones to use."""
    from coop_helper.errors import UserError

    catalog = load_catalog()
    assert [c.name for c in catalog.contracts if c.name_de is None] == [
        "Tiny Royal Household",
        "Ransom",
    ]
    with pytest.raises(UserError) as caught:
        catalog.contract("Lösegeld")
    assert str(caught.value) == (
        "unknown contract 'Lösegeld'. The card data has no German name for 'Tiny Royal "
        "Household' and 'Ransom': give those cards by their English names. Run "
        "'coop-helper contracts' to list them."
    )
    with pytest.raises(UserError) as english:  # named in English: the note is unrelated
        catalog.contracts_for(["Fighter", "Jinx", "Comedian", "Foo"])
    assert str(english.value) == (
        "unknown contract 'Foo'. Run 'coop-helper contracts' to list them."
    )
    with pytest.raises(UserError, match="no German name for 'Tiny Royal Household'"):
        catalog.contracts_for(["Kämpfer", "Pechvogel", "Foo"])  # named in German
    with pytest.raises(UserError, match="Did you mean 'Fighter'") as close:
        catalog.contract("Fightr")
    assert "German name" not in str(close.value)  # a near miss gets its suggestion alone
