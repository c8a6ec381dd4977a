"""Where a deal stands: the shipped atlas's win chance, percentile and hardest contract.

Reading needs only the standard library. The atlas is refused as stale when the policy
it was built with has changed since, when an older build made its rows (`ROWS_METHOD`),
or when the catalogue's contracts differ: a stale atlas is reported, never shown as
current.
"""

from __future__ import annotations

import functools
import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from coop_helper.atlas.deals import deal_index, positions
from coop_helper.atlas.defaults import counts_text
from coop_helper.atlas.effects import block_effects, turns_needed
from coop_helper.atlas.store import ROWS_METHOD, SCALE, AtlasFile, AtlasHeader, PlayerBlock
from coop_helper.errors import UserError
from coop_helper.policies import policy_version
from coop_helper.setup.catalog import Catalog, Contract, Seal, data_dir, load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.text.words import counts_words

ATLAS_ENV = "COOP_HELPER_ATLAS"
ATLAS_FILE = "atlas.bin"
EVEN = SCALE / 2


class AtlasUnavailable(UserError):
    """No usable atlas: none installed, stale, or without this player count."""


class AtlasMissing(AtlasUnavailable):
    """No atlas file at all (nothing built or shipped yet)."""


def atlas_path() -> Path:
    """The atlas in use: $COOP_HELPER_ATLAS, else the one shipped with the card data."""
    override = os.environ.get(ATLAS_ENV)
    return Path(override).expanduser() if override else data_dir() / ATLAS_FILE


def _output_option(path: Path | None) -> str:
    """`atlas build`'s --output for the atlas at ``path``: nothing for the usual one."""
    target = path or atlas_path()
    if target == data_dir() / ATLAS_FILE:
        return ""
    return f" --output {shlex.quote(str(target))}"


@functools.cache
def _open(path: Path, stamp: float) -> AtlasFile:
    return AtlasFile(path)


def open_atlas(path: Path | None = None) -> AtlasFile:
    """The atlas file, read once per process; AtlasUnavailable when there is none or it
    cannot be read (AtlasMissing: no file where none was asked for by name)."""
    by_env = path is None and bool(os.environ.get(ATLAS_ENV))
    named = path is not None or by_env
    path = path or atlas_path()
    try:
        stamp = path.stat().st_mtime
    except OSError:
        if named:
            fix = f" (named by {ATLAS_ENV}): check the path, or unset it" if by_env else ""
            raise AtlasUnavailable(f"no atlas at {path}{fix}.") from None
        raise AtlasMissing(
            f"no difficulty atlas at {path}: run 'coop-helper atlas build' to make one."
        ) from None
    try:
        return _open(path, stamp)
    except UserError as err:  # not an atlas, damaged, another format
        raise AtlasUnavailable(str(err)) from None


def stale_reason(
    atlas: AtlasFile, catalog: Catalog | None = None, players: int | None = None
) -> str | None:
    """Why the atlas (its block of ``players``, when given) no longer describes today's
    games, or None when it is current."""
    header = atlas.header
    counts = [p for p in sorted(header.players) if players is None or p == players]
    stale = [p for p in counts if header.versions[p] != policy_version(header.policy, p)]
    if stale:
        return (
            f"the atlas's numbers for {counts_words(stale)} {_made_by(header, stale)}: run "
            f"'coop-helper atlas build{_output_option(atlas.path)}'"
        )
    if header.build.get("method", 1) != ROWS_METHOD:
        return (
            "the atlas was made by an older build, which read win chances too low: "
            "run 'coop-helper atlas build'"
        )
    keys = tuple(c.key for c in (catalog or load_catalog()).contracts)
    if header.contracts != keys:
        return "the atlas was built for other contract data: run 'coop-helper atlas build'"
    return None


def _made_by(header: AtlasHeader, stale: list[int]) -> str:
    """Which expert made the stale counts' blocks, and which is current: one sentence."""
    if len(stale) == 1:
        p = stale[0]
        return (
            f"were made by {header.policy} version {header.versions[p]}; current is "
            f"{policy_version(header.policy, p)}"
        )
    each = "; ".join(
        f"{counts_words([p])}: version {header.versions[p]}, now {policy_version(header.policy, p)}"
        for p in stale
    )
    return f"were made by an older {header.policy} ({each})"


def current_block(players: int, path: Path | None = None) -> PlayerBlock:
    """The current atlas's rows for a player count, or AtlasUnavailable saying why not."""
    atlas = open_atlas(path)
    reason = stale_reason(atlas, players=players)
    if reason:
        raise AtlasUnavailable(reason + ".")
    if not atlas.has(players):
        counts = counts_text(tuple(sorted({*atlas.header.players, players})))
        raise AtlasUnavailable(
            f"the atlas holds no {players}-player deals: run "
            f"'coop-helper atlas build --players {counts}{_output_option(path)}'."
        )
    try:
        return atlas.block(players)
    except UserError as err:  # damaged
        raise AtlasUnavailable(str(err)) from None


def deal_row(
    players: int, contracts: Sequence[Contract], path: Path | None = None
) -> list[float] | None:
    """The current atlas's win chances for a deal with 0, 1, 2, ... turns; None when there
    is no current atlas for the player count."""
    try:
        block = current_block(players, path)
    except AtlasUnavailable:
        return None
    row = block.row(deal_index(positions(contracts, load_catalog())))
    return [q / SCALE for q in row]


def turns_for_even_chance(row: bytes) -> float | None:
    """Turns for a 50% win chance, interpolated between stored turns; None if never reached."""
    for turns, q in enumerate(row):
        if q >= EVEN:
            if turns == 0:
                return 0.0
            below = row[turns - 1]
            return turns - 1 + (EVEN - below) / (q - below)
    return None


def _easiness(block: PlayerBlock, index: int, pile: int) -> tuple[int, int]:
    """Sort key: the win chance at the pile, ties broken by fewer turns needed (area)."""
    row = block.row(index)
    return row[min(pile, block.turns)], sum(row)


@dataclass(frozen=True)
class ContractCost:
    """What one face-up contract does to this deal, against swapping it for another."""

    contract: Contract
    turns: float  # extra turns needed, on average over the swaps
    win: float | None  # change in win chance (None when piles are unknown)


@dataclass(frozen=True)
class Difficulty:
    """Where a deal stands among all deals of its player count."""

    players: int
    time_pile: int | None
    win: float | None  # the atlas's win chance with nothing removed (pile known)
    harder_than: float  # share of the player count's deals that are easier
    basis: str  # "win": by win chance; "turns": by expected turns needed (pile unknown)
    turns_for_even_chance: float | None  # None: more than the atlas's turns
    max_turns: int
    hardest: ContractCost | None
    method: str  # "simulated" or "model"

    def to_json(self) -> dict[str, object]:
        """The JSON ``difficulty`` object."""
        doc: dict[str, object] = {
            "win": None if self.win is None else round(self.win, 4),
            "harder_than": round(self.harder_than, 4),
            "basis": "win" if self.basis == "win" else "turns_needed",
            "turns_for_even_chance": None
            if self.turns_for_even_chance is None
            else round(self.turns_for_even_chance, 1),
            "method": self.method,
        }
        doc["hardest_contract"] = (
            None
            if self.hardest is None
            else {"name": self.hardest.contract.name, "turns": round(self.hardest.turns, 2)}
        )
        return doc


def _harder_than_by_win(block: PlayerBlock, index: int, pile: int) -> float:
    """The share of deals with a known Time Pile that are easier (`_easiness` higher). Every
    command that shows a difficulty walks every deal of the count here, so the piles and
    the win chances at them are read straight off the rows (each starts with its pile) and
    `_easiness` is asked only on a tie of win chances."""
    mine = _easiness(block, index, pile)
    width, top, rows = block.width, block.turns, block.rows
    easier = known = 0
    for other, other_pile in enumerate(rows[::width]):
        if not other_pile:  # the Time Pile is unknown
            continue
        known += 1
        win = rows[other * width + 1 + (other_pile if other_pile < top else top)]
        if win > mine[0] or (win == mine[0] and _easiness(block, other, other_pile) > mine):
            easier += 1
    return easier / known if known else 0.0


def _harder_than_by_turns(block: PlayerBlock, index: int) -> float:
    mine = sum(block.row(index))
    easier = sum(1 for other in range(block.deals) if sum(block.row(other)) > mine)
    return easier / block.deals


def contract_costs(block: PlayerBlock, deal: Sequence[int], catalog: Catalog) -> list[ContractCost]:
    """Each face-up contract's cost in turns (and win chance), by swapping it out."""
    n = len(catalog.contracts)
    own = block.row(deal_index(deal))
    need = turns_needed(own)
    own_pile = block.pile(deal_index(deal))
    costs = []
    for position in deal:
        turn_diffs: list[float] = []
        win_diffs: list[float] = []
        for other in range(n):
            if other in deal:
                continue
            swapped = deal_index([*(p for p in deal if p != position), other])
            turn_diffs.append(need - turns_needed(block.row(swapped)))
            pile = block.pile(swapped)
            if own_pile is not None and pile is not None:
                win_diffs.append(block.win(deal_index(deal), own_pile) - block.win(swapped, pile))
        costs.append(
            ContractCost(
                catalog.contracts[position],
                sum(turn_diffs) / len(turn_diffs),
                sum(win_diffs) / len(win_diffs) if win_diffs else None,
            )
        )
    return costs


def deal_difficulty(
    players: int,
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal] | None = None,
    path: Path | None = None,
) -> Difficulty:
    """The atlas's verdict on a deal (AtlasUnavailable when there is no current atlas)."""
    catalog = load_catalog()
    block = current_block(players, path)
    deal = positions(contracts, catalog)
    index = deal_index(deal)
    pile = time_pile(contracts, seals, catalog).size
    row = block.row(index)
    even = turns_for_even_chance(row)
    if pile is not None:
        win: float | None = block.win(index, pile)
        harder, basis = _harder_than_by_win(block, index, pile), "win"
    else:
        win, harder, basis = None, _harder_than_by_turns(block, index), "turns"
    costs = contract_costs(block, deal, catalog)
    hardest = max(costs, key=lambda c: c.turns) if costs else None
    if hardest is not None and hardest.turns <= 0:
        hardest = None  # every face-up contract saves turns: none makes the deal harder
    return Difficulty(
        players,
        pile,
        win,
        harder,
        basis,
        even,
        block.turns,
        hardest,
        str(block.info.get("method", "simulated")),
    )


def contract_difficulty(
    players: int, seals: Mapping[str, Seal] | None = None
) -> dict[str, dict[str, float]]:
    """Each contract's measured effect for a player count (from the current atlas).

    The build measured them with the card data's seals; with a recorded seal of a contract
    the card data lacks, they are measured again with it (its deals get a Time Pile).
    """
    block = current_block(players)
    catalog = load_catalog()
    if not any(c.seal is None and c.key in (seals or {}) for c in catalog.contracts):
        return dict(block.info.get("effects", {}))
    effects = block_effects(block, catalog, seals)
    return {c.key: e for c, e in zip(catalog.contracts, effects, strict=True)}
