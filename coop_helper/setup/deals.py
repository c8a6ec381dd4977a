"""Setup arithmetic: deals, player counts, the Time Pile and share codes.

Pure functions over the catalogue; nothing here reads files other than the shipped
card data (through :func:`load_catalog`) or prints.
"""

from __future__ import annotations

import math
import random
import secrets
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from coop_helper.errors import UserError, shown
from coop_helper.setup.catalog import SEAL_NUMBERS, Catalog, Contract, Seal, load_catalog
from coop_helper.text.i18n import _, ngettext
from coop_helper.text.words import plural

PLAYER_COUNTS = range(1, 6)
"""The co-op game is for 1 to 5 players."""

MAX_SEED = 10**9
"""Seeds picked for the user are below this, short enough to type back."""


def _catalog(catalog: Catalog | None) -> Catalog:
    return catalog if catalog is not None else load_catalog()


# ---------------------------------------------------------------- players and deals


def check_players(players: int, what: str = "players") -> int:
    """Return ``players`` if the co-op game can be played with that many, else UserError
    (naming ``what``: the option, on the command line)."""
    if players not in PLAYER_COUNTS:
        raise UserError(
            _("{what} must be 1 to 5, not {players}: the co-op game is for 1 to 5 players.").format(
                what=what, players=players
            )
        )
    return players


def who_plays(players: int) -> str:
    """'1 player plays' or 'N players play', to say how many contracts a count deals."""
    return ngettext("{n} player plays", "{n} players play", players).format(n=players)


def players_for(
    contracts: Sequence[Contract], players: int | None, catalog: Catalog | None = None
) -> int:
    """The player count a list of face-up contracts belongs to, checked against ``players``.

    Raises UserError when the number of contracts matches no player count, or does not
    match ``players`` when it is given.
    """
    catalog = _catalog(catalog)
    count = len(contracts)
    table = ", ".join(
        ngettext("{n} for {p} player", "{n} for {p} players", p).format(n=n, p=p)
        for p, n in sorted(catalog.contracts_by_players.items())
    )
    if players is not None:
        check_players(players)
        expected = catalog.contracts_by_players[players]
        if count != expected:
            raise UserError(
                ngettext(
                    "{who} with {expected} contracts, but {count} was given: name {expected} "
                    "contracts or change --players.",
                    "{who} with {expected} contracts, but {count} were given: name {expected} "
                    "contracts or change --players.",
                    count,
                ).format(who=who_plays(players), expected=expected, count=count)
            )
        return players
    found = catalog.players_for_contracts(count)
    if found is None:
        raise UserError(
            ngettext(
                "{count} contract matches no player count: the co-op game deals {table}.",
                "{count} contracts match no player count: the co-op game deals {table}.",
                count,
            ).format(count=count, table=table)
        )
    return found


def new_seed() -> int:
    """A fresh random seed for a deal the user can repeat later."""
    return secrets.randbelow(MAX_SEED)


def deal(players: int, seed: int, catalog: Catalog | None = None) -> tuple[Contract, ...]:
    """Deal the face-up contracts for ``players`` from all 18, in deal order.

    Every set of contracts is equally likely (``random.sample`` draws without replacement),
    and the same seed always gives the same deal.
    """
    catalog = _catalog(catalog)
    check_players(players)
    count = catalog.contracts_by_players[players]
    return tuple(random.Random(seed).sample(catalog.contracts, count))


def check_not_both(keep: Sequence[Contract], avoid: Sequence[Contract]) -> None:
    """Refuse a contract both kept and avoided."""
    both = [c.name for c in keep if c in avoid]
    if both:
        raise UserError(
            f"{both[0]} is both kept and avoided: give it to one of --keep and --avoid."
        )


def check_kept_fit(players: int, keep: Sequence[Contract], catalog: Catalog) -> int:
    """Refuse more kept contracts than ``players`` are dealt; the number they are dealt."""
    check_players(players)
    size = catalog.contracts_by_players[players]
    kept = len(set(keep))
    if kept > size:
        raise UserError(
            f"{who_plays(players)} with {size} contracts; {kept} were kept: keep at most {size}."
        )
    return size


def deal_keeping(
    players: int,
    seed: int,
    keep: Sequence[Contract],
    avoid: Sequence[Contract],
    catalog: Catalog | None = None,
) -> tuple[tuple[Contract, ...], int]:
    """Deal with every ``keep`` contract and none of ``avoid``, and the number of such deals.

    The kept contracts come first, then the rest, drawn like `deal` from the contracts
    neither kept nor avoided: every matching deal is equally likely, and the same seed
    and options always give the same deal.
    """
    catalog = _catalog(catalog)
    check_not_both(keep, avoid)
    size = check_kept_fit(players, keep, catalog)
    kept = list(dict.fromkeys(keep))
    avoided = set(avoid)
    free = [c for c in catalog.contracts if c not in avoided and c not in kept]
    if len(free) < size - len(kept):
        raise UserError(
            f"{who_plays(players)} with {size} contracts, but only {len(kept) + len(free)} "
            "are left once those are avoided: avoid fewer."
        )
    rest = random.Random(seed).sample(free, size - len(kept))
    return (*kept, *rest), math.comb(len(free), size - len(kept))


# ---------------------------------------------------------------- Time Pile


@dataclass(frozen=True)
class TimePile:
    """The Time Pile size and how it is made up.

    ``size`` is None while a face-up contract's seal is unknown; ``size_range`` then
    gives the smallest and largest size the unknown seals allow.
    """

    size: int | None
    base: int
    seal_sum: int  # sum of the known seal numbers
    letters: tuple[str, ...]  # sorted distinct known seal letters
    missing_seals: tuple[str, ...]  # names of the contracts whose seal is unknown
    size_range: tuple[int, int] | None
    numbers: tuple[int, ...] = ()  # the known seal numbers, in contract order

    @property
    def max_turns(self) -> int:
        """The turns a game has with nothing removed: the size, or while a seal is unknown
        the largest size it allows (the odds are worked out up to it)."""
        if self.size is not None:
            return self.size
        assert self.size_range is not None
        return self.size_range[1]

    def arithmetic(self) -> str:
        """The sum written out, e.g. ``13 + (1 + 0 - 1) + 2 (G, H) = 15``."""
        terms = [str(n) for n in self.numbers] + ["?"] * len(self.missing_seals)
        numbers = terms[0] if terms else "0"
        for term in terms[1:]:
            numbers += f" - {term[1:]}" if term.startswith("-") else f" + {term}"
        letters = list(self.letters) + (["?"] if self.missing_seals else [])
        lo, hi = self.letter_range()
        count = str(lo) if lo == hi else f"{lo}..{hi}"
        listed = f" ({', '.join(letters)})" if letters else ""
        if self.size is not None:
            total = str(self.size)
        else:
            assert self.size_range is not None
            total = f"{self.size_range[0]}..{self.size_range[1]}"
        return f"{self.base} + ({numbers}) + {count}{listed} = {total}"

    def unknown_seals_error(self, *, give: str = "", or_else: str = "") -> UserError:
        """The error for a size needed while seals are unknown: names every contract
        without a seal, how to ``give`` them (default: ``--seal`` for this call), ``or_else``
        another way out, and the commands that record them once."""
        names = self.missing_seals
        give = give or _("for this call: {options}").format(
            options=" ".join(f"--seal {shlex.quote(n + '=NL')}" for n in names)
        )
        record = "; ".join(f"coop-helper seals set {shlex.quote(n)} NUMBER LETTER" for n in names)
        return UserError(
            ngettext(
                "the Time Pile needs the seal of {names}: read it off the card and give it "
                "{give}{or_else}; or record it once: {record}.",
                "the Time Pile needs the seals of {names}: read them off the cards and give "
                "them {give}{or_else}; or record them once: {record}.",
                len(names),
            ).format(
                names=_(" and ").join(names),
                give=give,
                or_else=_(", or {other}").format(other=or_else) if or_else else "",
                record=record,
            )
        )

    def letter_range(self) -> tuple[int, int]:
        """Fewest and most distinct letters the face-up seals can show."""
        known, unknown = len(self.letters), len(self.missing_seals)
        if not unknown:
            return known, known
        # Unknown letters may all repeat a known letter; with none known they still
        # show at least one letter between them.
        return max(known, 1), known + unknown


def time_pile(
    contracts: Sequence[Contract],
    seals: Mapping[str, Seal] | None = None,
    catalog: Catalog | None = None,
) -> TimePile:
    """The Time Pile for these face-up contracts: base + seal numbers + distinct letters.

    ``seals`` maps a contract key to the seal the user read off a card whose seal the
    catalogue does not know; the catalogue's own seal always wins.
    """
    base = _catalog(catalog).time_pile_base
    seals = seals or {}
    numbers: list[int] = []
    letters: set[str] = set()
    missing: list[str] = []
    for contract in contracts:
        seal = contract.seal or seals.get(contract.key)
        if seal is None:
            missing.append(contract.name)
        else:
            numbers.append(seal.number)
            letters.add(seal.letter)
    seal_sum = sum(numbers)
    pile = TimePile(
        size=None,
        base=base,
        seal_sum=seal_sum,
        letters=tuple(sorted(letters)),
        missing_seals=tuple(missing),
        size_range=None,
        numbers=tuple(numbers),
    )
    lo_letters, hi_letters = pile.letter_range()
    if not missing:
        return replace(pile, size=base + seal_sum + lo_letters)
    unknown = len(missing)
    lo = base + seal_sum + unknown * min(SEAL_NUMBERS) + lo_letters
    hi = base + seal_sum + unknown * max(SEAL_NUMBERS) + hi_letters
    return replace(pile, size_range=(lo, hi))


# ---------------------------------------------------------------- share codes
#
# A version 1 code is "PR1-" followed by five payload symbols and one check symbol, in
# Crockford's base 32 (digits and capitals without I, L, O, U). The payload is the number
# (players - 1) * 2**18 + mask, where bit i of mask is set when the i-th contract of the
# catalogue (data/contracts.toml order) is face up. The check symbol is Luhn mod 32 over the
# version digit and the payload, so any single mistyped symbol is caught.

SHARE_CODE_PREFIX = "PR"
SHARE_CODE_VERSION = 1
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_BASE = len(_ALPHABET)
_LOOKALIKES = {"O": "0", "I": "1", "L": "1"}
_PAYLOAD_LENGTH = 5
_MASK_BITS = 18
_EXAMPLE = "PR1-0040HM"  # the rulebook example: Lady Killer, Maritime Supremacy, Galleon Foe


def _luhn_sum(values: Sequence[int]) -> int:
    """Luhn mod 32 sum, doubling every second value from the right (the last is not)."""
    total = 0
    for position, value in enumerate(reversed(values)):
        if position % 2 == 1:
            value *= 2
            value = value // _BASE + value % _BASE
        total += value
    return total % _BASE


def _check_symbol(values: Sequence[int]) -> int:
    """The symbol that makes the Luhn mod 32 sum of ``values`` + symbol zero."""
    return (_BASE - _luhn_sum([*values, 0])) % _BASE


def encode_share_code(
    players: int, contracts: Sequence[Contract], catalog: Catalog | None = None
) -> str:
    """A short code such as ``PR1-0040HM`` naming the player count and face-up contracts."""
    catalog = _catalog(catalog)
    players = players_for(contracts, players, catalog)
    if len(catalog.contracts) > _MASK_BITS:
        raise ValueError("share code version 1 numbers at most 18 contracts")
    index = {c.key: i for i, c in enumerate(catalog.contracts)}
    mask = 0
    for contract in contracts:
        bit = 1 << index[contract.key]
        if mask & bit:
            raise UserError(f"{contract.name} is in the list twice: each contract is in once.")
        mask |= bit
    value = (players - 1) << _MASK_BITS | mask
    digits = []
    for _digit in range(_PAYLOAD_LENGTH):
        value, digit = divmod(value, _BASE)
        digits.append(digit)
    digits.reverse()
    check = _check_symbol([SHARE_CODE_VERSION, *digits])
    body = "".join(_ALPHABET[d] for d in [*digits, check])
    return f"{SHARE_CODE_PREFIX}{SHARE_CODE_VERSION}-{body}"


def decode_share_code(
    code: str, catalog: Catalog | None = None
) -> tuple[int, tuple[Contract, ...]]:
    """The player count and face-up contracts (catalogue order) a share code names.

    Case, spaces (newlines too) and dashes do not matter. Anything malformed or mistyped
    is a UserError.
    """
    catalog = _catalog(catalog)
    text = "".join(ch for ch in code.upper() if not ch.isspace() and ch != "-")
    echoed = shown(code.strip(), limit=24)
    if not text.startswith(SHARE_CODE_PREFIX) or len(text) < len(SHARE_CODE_PREFIX) + 1:
        raise UserError(
            _(
                "'{code}' is not a share code: codes look like {example} "
                "(printed by 'coop-helper deal')."
            ).format(code=echoed, example=_EXAMPLE)
        )
    version = text[len(SHARE_CODE_PREFIX)]
    version = {"I": "1", "L": "1", "O": "0"}.get(version, version)  # read like the body
    if version != str(SHARE_CODE_VERSION):
        raise UserError(
            _(
                "share code '{code}' has version {version}; this coop-helper reads version "
                "{known} codes like {example}. Deal again or update coop-helper."
            ).format(code=echoed, version=repr(version), known=SHARE_CODE_VERSION, example=_EXAMPLE)
        )
    body = text[len(SHARE_CODE_PREFIX) + 1 :]
    if len(body) != _PAYLOAD_LENGTH + 1:
        raise UserError(
            _(
                "share code '{code}' has {n} symbols after 'PR1-', expected {wanted}: copy "
                "the whole code, e.g. {example}."
            ).format(code=echoed, n=len(body), wanted=_PAYLOAD_LENGTH + 1, example=_EXAMPLE)
        )
    values = []
    for ch in body:
        symbol = _LOOKALIKES.get(ch, ch)
        if symbol not in _ALPHABET:
            raise UserError(
                _(
                    "share code '{code}' contains {symbol}, which share codes never use: "
                    "check the code for typos."
                ).format(code=echoed, symbol=repr(ch))
            )
        values.append(_ALPHABET.index(symbol))
    if _luhn_sum([SHARE_CODE_VERSION, *values]) != 0:
        raise UserError(
            _(
                "share code '{code}' fails its check: a symbol is mistyped. "
                "Copy the code again from the deal."
            ).format(code=echoed)
        )
    value = 0
    for digit in values[:-1]:
        value = value * _BASE + digit
    players, mask = (value >> _MASK_BITS) + 1, value & ((1 << _MASK_BITS) - 1)
    contracts = tuple(c for i, c in enumerate(catalog.contracts) if mask >> i & 1)
    if players not in PLAYER_COUNTS or (len(contracts) != catalog.contracts_by_players[players]):
        raise UserError(
            _(
                "share code '{code}' does not describe a deal: copy the code again from the deal."
            ).format(code=echoed)
        )
    return players, contracts


# ---------------------------------------------------------------- the setup as a whole


def face_up(
    *,
    names: Sequence[str] = (),
    code: str | None = None,
    players: int | None = None,
    catalog: Catalog | None = None,
) -> tuple[int, tuple[Contract, ...]]:
    """The player count and contracts named by ``names`` or by a share ``code`` (not both).

    ``players``, when given, must agree with them. Raises UserError otherwise.
    """
    catalog = _catalog(catalog)
    if code is not None and names:
        _refuse_split_code(code, names, catalog)
        raise UserError("give contract names or --code, not both.")
    if code is not None:
        coded_players, contracts = decode_share_code(code, catalog)
        if players is not None and check_players(players) != coded_players:
            raise UserError(
                f"share code {code.strip()} is for {plural(coded_players, 'player')}, "
                f"not {players}: drop --players or "
                "use a code for that many."
            )
        return coded_players, contracts
    if not names:
        raise UserError("name the face-up contracts, or give --code CODE from 'deal'.")
    contracts = catalog.contracts_for(names)
    return players_for(contracts, players, catalog), contracts


def _refuse_split_code(code: str, names: Sequence[str], catalog: Catalog) -> None:
    """``--code pr1 0851 cm`` unquoted: the shell split the code, and its last parts came
    as contract names. When they make a share code together, say to quote it."""
    written = " ".join([code, *names])
    try:
        players, contracts = decode_share_code(written, catalog)
    except UserError:
        return
    raise UserError(
        f"--code takes one word, and the shell split '{shown(written, limit=40)}' at its "
        f"spaces: quote it, --code '{written}', or write it without spaces, "
        f"--code {encode_share_code(players, contracts, catalog)}."
    )


@dataclass(frozen=True)
class PreparedGame:
    """Everything the table needs before play: contracts, share code and Time Pile."""

    players: int
    contracts: tuple[Contract, ...]
    code: str
    time_pile: TimePile
    seed: int | None  # the seed of the deal, or the one given
    dealt: bool  # True when the contracts were dealt from the seed


def prepare_game(
    *,
    players: int | None = None,
    names: Sequence[str] = (),
    code: str | None = None,
    seed: int | None = None,
    seals: Mapping[str, Seal] | None = None,
    catalog: Catalog | None = None,
) -> PreparedGame:
    """Set up a game from a player count (dealt), contract names, or a share code.

    Give contract names or a code, or neither and a player count to deal; ``players``
    given alongside names or a code must agree with them. A deal without a seed gets
    a fresh one, returned so it can be repeated.
    """
    catalog = _catalog(catalog)
    if code is not None or names:
        players, contracts = face_up(names=names, code=code, players=players, catalog=catalog)
        dealt = False
    elif players is not None:
        seed = new_seed() if seed is None else seed
        contracts, dealt = deal(players, seed, catalog), True
    else:
        raise UserError(
            "say what to set up: --players N to deal, the face-up contract names, "
            "or --code CODE from an earlier deal."
        )
    return PreparedGame(
        players=players,
        contracts=contracts,
        code=encode_share_code(players, contracts, catalog),
        time_pile=time_pile(contracts, seals, catalog),
        seed=seed,
        dealt=dealt,
    )
