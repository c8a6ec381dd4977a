"""The atlas file format: round trip, fixed bytes, clear errors for bad files."""

import pytest

from coop_helper.atlas.store import (
    SCALE,
    AtlasFile,
    AtlasHeader,
    PlayerBlock,
    encode_atlas,
    quantise,
)
from coop_helper.errors import UserError
from coop_helper.setup.catalog import Seal, load_catalog
from coop_helper.setup.deals import time_pile


def test_quantise_rounds_half_up_with_integers():
    assert quantise(0, 10) == 0
    assert quantise(10, 10) == SCALE
    assert quantise(1, 2) == 128  # 127.5 rounds up
    assert quantise(1, 3) == 85
    assert quantise(5, 0) == 0


def _header():
    return AtlasHeader("expert", {1: "7"}, ("a", "b"), {"seed": 3}, {})


def test_round_trip_and_same_bytes(tmp_path):
    rows = bytes([15, 0, 10, 200, 255, 0, 0, 5, 9, 100])  # 2 deals, turns 3: pile + 4 each
    block = PlayerBlock(1, 2, 3, rows, {"method": "simulated"})
    data = encode_atlas(_header(), {1: block})
    assert data == encode_atlas(_header(), {1: block})
    path = tmp_path / "atlas.bin"
    path.write_bytes(data)
    atlas = AtlasFile(path)
    assert atlas.header.versions == {1: "7"}
    assert atlas.header.build == {"seed": 3}
    read = atlas.block(1)
    assert read.rows == rows
    assert read.pile(0) == 15 and read.pile(1) is None
    assert read.row(0) == bytes([0, 10, 200, 255])
    assert read.win(0, 2) == pytest.approx(200 / SCALE)
    assert read.win(0, 99) == 1.0  # capped at the top stored turns
    assert read.info["method"] == "simulated"
    assert not atlas.has(2)


def test_rows_that_do_not_fit_are_refused():
    with pytest.raises(ValueError):
        encode_atlas(_header(), {1: PlayerBlock(1, 2, 3, b"\0" * 7)})


@pytest.mark.parametrize("content", [b"", b"hello world", b"PRATLAS1\0\0\0\x05{bad}"])
def test_a_file_that_is_not_an_atlas_is_a_user_error(tmp_path, content):
    path = tmp_path / "atlas.bin"
    path.write_bytes(content)
    with pytest.raises(UserError, match="atlas"):
        AtlasFile(path)


def test_written_files_are_readable_by_everyone(tmp_path):
    from coop_helper.atlas.store import write_atomic

    path = tmp_path / "atlas.bin"
    write_atomic(path, b"data")
    assert path.read_bytes() == b"data"
    assert path.stat().st_mode & 0o444 == 0o444
    assert [p.name for p in tmp_path.iterdir()] == ["atlas.bin"]  # no temporary file left


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize(
    "recorded",
    [{}, {"Ransom": Seal(1, "A")}, {"Ransom": Seal(-1, "Q"), "Tiny Royal Household": Seal(2, "Q")}],
)
def test_deal_piles_agree_with_the_time_pile_rule(players, recorded):
    np = pytest.importorskip("numpy")
    from coop_helper.atlas.deals import all_deals, contracts_of
    from coop_helper.atlas.effects import deal_piles

    catalog = load_catalog()
    seals = {catalog.contract(k).key: s for k, s in recorded.items()}
    deals = list(all_deals(catalog.contracts_by_players[players], len(catalog.contracts)))
    piles = deal_piles(np.asarray(deals, dtype=np.int64), catalog, seals)
    for deal, pile in zip(deals, piles, strict=True):
        expected = time_pile(contracts_of(deal, catalog), seals, catalog).size
        assert pile == (-1 if expected is None else expected), deal


def test_an_atlas_with_one_version_for_all_counts_gives_it_to_each(tmp_path):
    """An atlas made before the versions were kept per player count has one
    ``policy_version`` in its header: every block reads it."""
    import json
    import struct

    from coop_helper.atlas.store import MAGIC

    rows = bytes([15, 0, 10, 200, 255])
    blocks = {1: PlayerBlock(1, 1, 3, rows), 2: PlayerBlock(2, 1, 3, rows)}
    data = encode_atlas(AtlasHeader("expert", {1: "3", 2: "3"}, ("a",), {}, {}), blocks)
    (size,) = struct.unpack(">I", data[len(MAGIC) : len(MAGIC) + 4])
    start = len(MAGIC) + 4
    doc = json.loads(data[start : start + size])
    for info in doc["players"].values():
        del info["policy_version"]
    doc["policy_version"] = "2"
    doc["format"] = 1
    head = json.dumps(doc, sort_keys=True).encode()
    path = tmp_path / "old.bin"
    path.write_bytes(MAGIC + struct.pack(">I", len(head)) + head + data[start + size :])
    atlas = AtlasFile(path)
    assert atlas.header.versions == {1: "2", 2: "2"}
    assert atlas.block(2).rows == rows and "policy_version" not in atlas.block(2).info


def test_versions_and_counts_read_as_sentences():
    from coop_helper.text.words import counts_words, versions_in_words

    assert counts_words([1]) == "1 player"
    assert counts_words([2, 3]) == "2 and 3 players"
    assert counts_words([1, 2, 4]) == "1, 2 and 4 players"
    assert versions_in_words({1: "3", 2: "3"}) == "version 3"
    assert versions_in_words({1: "3", 2: "4", 3: "4", 4: "3", 5: "3"}) == (
        "version 3 (4 at 2 and 3 players)"
    )
