"""The atlas file: a JSON header and, per player count, every deal's win chance per turns.

Layout: the 8-byte magic ``PRATLAS1``, the header's length (4 bytes, big-endian), the
header (UTF-8 JSON, sorted keys), then one zlib-compressed block per player count. A block
holds one row per deal, in deal-number order (:mod:`coop_helper.atlas.deals`); row ``d``
has ``turns + 2`` bytes: first the deal's Time Pile as the card data gives it (0 when a
seal is unknown), then for ``b = 0..turns`` the win chance with ``b`` turns quantised to
0..255. The header names the policy, the catalogue's contracts in order, the build
parameters, and per player count the policy's version there, how the rows were made and
each contract's effect (:mod:`coop_helper.atlas.effects`). (An atlas made before versions
were kept per player count has one ``policy_version`` for all.)

Only the standard library is needed to read it; a 2-player block inflates in milliseconds.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coop_helper.errors import UserError
from coop_helper.files import replace_file

MAGIC = b"PRATLAS1"
FORMAT = 2
"""The format written. 2: each block's header entry names the policy's version at its player
count. 1 (still read): one ``policy_version`` for every count."""
READ_FORMATS = (1, 2)
SCALE = 255
"""A stored byte ``q`` means a win chance of ``q / SCALE``."""
ROWS_METHOD = 2
"""How the build makes a simulated row, recorded in the header's ``build`` as ``method``.
1 (an atlas without it): every deal played with the largest Time Pile of its player count,
all dealt at setup, which took the extra cards out of play and read win chances 1 to 6
points low. 2: only the deal's own Time Pile is dealt (`coop_helper.atlas.work`)."""


def quantise(wins: int, games: int) -> int:
    """``wins / games`` as a byte, rounded half up with integers only (the same everywhere)."""
    if games <= 0:
        return 0
    return (2 * SCALE * wins + games) // (2 * games)


def quantise_chance(chance: float) -> int:
    """A win chance from 0 to 1 as a byte."""
    return max(0, min(SCALE, round(chance * SCALE)))


@dataclass(frozen=True)
class PlayerBlock:
    """Every deal of one player count: rows of win chances per number of turns."""

    players: int
    deals: int
    turns: int  # the largest number of turns stored
    rows: bytes
    info: Mapping[str, Any] = field(default_factory=dict)  # method, games, effects...

    @property
    def width(self) -> int:
        """Bytes per row: the Time Pile, then one per number of turns."""
        return self.turns + 2

    def row(self, index: int) -> bytes:
        """Deal ``index``'s quantised win chances with 0..turns turns."""
        start = index * self.width + 1
        return self.rows[start : start + self.turns + 1]

    def pile(self, index: int) -> int | None:
        """Deal ``index``'s Time Pile per the card data (None when a seal is unknown)."""
        return self.rows[index * self.width] or None

    def win(self, index: int, turns: int) -> float:
        """The win chance of deal ``index`` with ``turns`` turns (capped at the stored top)."""
        turns = max(0, min(turns, self.turns))
        return self.rows[index * self.width + 1 + turns] / SCALE


@dataclass(frozen=True)
class AtlasHeader:
    """What an atlas file says about itself."""

    policy: str
    versions: Mapping[int, str]  # the policy's version per player count
    contracts: tuple[str, ...]  # catalogue keys, in catalogue order
    build: Mapping[str, Any]
    players: Mapping[int, Mapping[str, Any]]


def _canonical(doc: Any) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def encode_atlas(header: AtlasHeader, blocks: Mapping[int, PlayerBlock]) -> bytes:
    """The bytes of an atlas file (the same input always gives the same bytes)."""
    packed: dict[int, bytes] = {}
    players_doc: dict[str, Any] = {}
    offset = 0
    for players in sorted(blocks):
        block = blocks[players]
        if len(block.rows) != block.deals * block.width:
            raise ValueError(f"{players}-player rows do not fit {block.deals} deals")
        packed[players] = zlib.compress(block.rows, 9)
        players_doc[str(players)] = {
            **header.players.get(players, {}),
            **block.info,
            "policy_version": header.versions[players],
            "deals": block.deals,
            "turns": block.turns,
            "offset": offset,
            "length": len(packed[players]),
        }
        offset += len(packed[players])
    doc = {
        "format": FORMAT,
        "policy": header.policy,
        "contracts": list(header.contracts),
        "build": dict(header.build),
        "players": players_doc,
    }
    head = _canonical(doc)
    return MAGIC + struct.pack(">I", len(head)) + head + b"".join(packed[p] for p in sorted(packed))


def read_magic(path: Path) -> bool:
    """Does the file start as an atlas does (readable or not by this version)?"""
    try:
        with path.open("rb") as file:
            return file.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def read_format(path: Path) -> int | None:
    """The format number an atlas file's header gives, or None if it cannot be read."""
    try:
        with path.open("rb") as file:
            start = file.read(len(MAGIC) + 4)
            (size,) = struct.unpack(">I", start[len(MAGIC) :])
            found = json.loads(file.read(size)).get("format")
    except (OSError, ValueError, struct.error, AttributeError):
        return None
    return found if isinstance(found, int) else None


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so a reader sees the old file or the new one, never half;
    readable by everyone, like any shipped data file."""
    replace_file(path, data, mode=0o644, make_folder=True)


def damaged(path: Path, players: int | None = None) -> str:
    """The error for a damaged atlas (its part for ``players`` when known), with the fix:
    the shipped atlas comes back with a reinstall; another is built again."""
    part = "" if players is None else f" (its {players}-player part)"
    from coop_helper.setup.catalog import data_dir  # the card data's folder

    if path.resolve() == (data_dir() / path.name).resolve():
        fix = "reinstall coop-helper to restore it"
    else:
        fix = f"build it again with 'coop-helper atlas build -o {path}'"
        if os.environ.get("COOP_HELPER_ATLAS"):
            fix += ", or unset COOP_HELPER_ATLAS to use the shipped one"
    return f"the atlas {path} is damaged{part}: {fix}."


class AtlasFile:
    """An atlas file opened for reading: the header at once, each block when first asked."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            data = path.read_bytes()
        except OSError as err:
            raise UserError(f"cannot read the atlas {path}: {err.strerror or err}.") from None
        if data[: len(MAGIC)] != MAGIC or len(data) < len(MAGIC) + 4:
            raise UserError(
                f"{path} is not a coop-helper atlas: build one with 'coop-helper atlas build'."
            )
        (size,) = struct.unpack(">I", data[len(MAGIC) : len(MAGIC) + 4])
        start = len(MAGIC) + 4
        try:
            doc = json.loads(data[start : start + size])
        except ValueError:
            raise UserError(damaged(path)) from None
        if doc.get("format") not in READ_FORMATS:
            raise UserError(
                f"the atlas {path} has format {doc.get('format')}; this "
                f"coop-helper reads formats 1 and {FORMAT}: run 'coop-helper atlas build'."
            )
        self._body = data[start + size :]
        try:
            players = {int(p): info for p, info in doc["players"].items()}
            versions = {
                p: str(info.get("policy_version") or doc["policy_version"])
                for p, info in players.items()
            }
            self.header = AtlasHeader(
                policy=doc["policy"],
                versions=versions,
                contracts=tuple(doc["contracts"]),
                build=doc.get("build", {}),
                players=players,
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            raise UserError(damaged(path)) from None
        self._blocks: dict[int, PlayerBlock] = {}
        for info in self.header.players.values():  # a file cut short lacks a block's end
            if info["offset"] + info["length"] > len(self._body):
                raise UserError(damaged(path))

    def has(self, players: int) -> bool:
        """Does the atlas hold this player count?"""
        return players in self.header.players

    def block(self, players: int) -> PlayerBlock:
        """The rows of one player count (inflated once, then kept)."""
        if players not in self._blocks:
            info = self.header.players[players]
            packed = self._body[info["offset"] : info["offset"] + info["length"]]
            try:
                rows = zlib.decompress(packed)
            except zlib.error:
                raise UserError(damaged(self.path, players)) from None
            if len(rows) != info["deals"] * (info["turns"] + 2):
                raise UserError(damaged(self.path, players))
            meta = {
                k: v for k, v in info.items() if k not in ("offset", "length", "policy_version")
            }
            self._blocks[players] = PlayerBlock(players, info["deals"], info["turns"], rows, meta)
        return self._blocks[players]
