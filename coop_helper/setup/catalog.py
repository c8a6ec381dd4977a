"""The card catalogue: cards, contracts, seals and ranks, loaded from ``data/*.toml``.

Loading validates the data against the deck sizes of docs/card-data.md and fails with a
:class:`DataError` naming the file and the entry when something does not add up.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from coop_helper.errors import DataError, UserError, shown
from coop_helper.setup.names import normalise, suggest
from coop_helper.text.i18n import _, is_german, ngettext

SKULL: Final = 99
"""Sword value of a ship that can never be repelled."""

COLOURS = ("yellow", "blue", "green", "red", "black")
SHIP_NAMES = {
    "yellow": "Pinnace",
    "blue": "Flute",
    "green": "Skiff",
    "red": "Frigate",
    "black": "Galleon",
}
ABILITIES = (
    "settler",
    "captain",
    "priest",
    "jack_of_all_trades",
    "trader",
    "sailor",
    "pirate",
    "mademoiselle",
    "jester",
    "admiral",
    "governor",
    "clerk",
    "gunner",
    "vice_admiral",
)
TIMINGS = ("any_take", "at_once", "automatic")

# Deck sizes the data must add up to (docs/card-data.md).
EXPECTED_COUNTS = {"ship": 60, "person": 74, "expedition": 6, "tax": 4}
EXPECTED_BASE = 120
EXPECTED_TOTAL = 144
EXPECTED_CONTRACTS = 18
EXPECTED_KNOWN_RED_SEALS = 16

SEAL_NUMBERS = (-1, 0, 1, 2)
"""The values a seal number can take (rulebook: -1, 1 or 2; the red seals also show 0)."""

_GERMAN_LETTERS = re.compile("[äöüÄÖÜß]")  # a name with these is German, not English

_SEAL = re.compile(r"^(-1|\+?[012])([A-Z])$")  # "+1G" as the card may print it


def data_dir() -> Path:
    """The folder holding the card data: inside the installed package, else the repo's."""
    here = Path(__file__).resolve().parent.parent  # the coop_helper package folder
    for candidate in (here / "data", here.parent / "data"):
        if (candidate / "cards.toml").is_file():
            return candidate
    raise DataError(f"card data not found: looked in {here / 'data'} and {here.parent / 'data'}")


@dataclass(frozen=True)
class CardKind:
    """One kind of card; ``count`` copies of it are in the deck."""

    id: int
    type: str  # "ship", "person", "expedition" or "tax"
    name: str
    count: int
    set: str
    source: str
    colour: str | None = None
    coins: int = 0  # a ship's or an expedition's coins
    swords: int = 0  # a ship's swords (SKULL if it cannot be repelled) or a person's
    cost: int = 0  # a person's printed hire cost
    vp: int = 0  # victory points of a person or an expedition
    ability: str | None = None
    bonus: str | None = None  # ship "coin_to_other"; tax "most_swords"/"fewest_victory_points"
    needs: tuple[tuple[str, int], ...] = ()  # an expedition's persons by ability
    five_players_only: bool = False

    def label(self) -> str:
        """A short human label, e.g. 'Frigate 3/6', 'Sailor 3->1', 'Tax Increase (most swords)'."""
        if self.type == "ship":
            swords = "skull" if self.swords == SKULL else str(self.swords)
            extra = " +1 to another" if self.bonus == "coin_to_other" else ""
            return f"{SHIP_NAMES[self.colour or '']} {self.coins}/{swords}{extra}"
        if self.type == "person":
            colour = f" ({self.colour})" if self.colour else ""
            return f"{self.name}{colour} {self.cost}->{self.vp}"
        if self.type == "expedition":
            needs = " + ".join(f"{n} {a.capitalize()}" for a, n in self.needs)
            return f"Expedition {needs} ({self.coins} coins, {self.vp} VP)"
        return f"Tax Increase ({self.bonus.replace('_', ' ') if self.bonus else ''})"


@dataclass(frozen=True)
class Seal:
    """A contract's seal: a number and a letter, e.g. 1G."""

    number: int
    letter: str

    def __str__(self) -> str:
        return f"{self.number}{self.letter}"


def parse_seal(text: str) -> Seal:
    """Parse a seal such as '1G', '0c' or '-1H' (number -1..2, letter A-Z)."""
    match = _SEAL.match(text.strip().upper())
    if not match:
        raise ValueError(
            _(
                "'{text}' is not a seal: give a number from -1 to 2 and a letter A-Z, e.g. 1G"
            ).format(text=shown(text))
        )
    return Seal(int(match.group(1)), match.group(2))


@dataclass(frozen=True)
class Contract:
    """One of the 18 contracts. ``coins`` and ``seal`` are None where no source knows them."""

    key: str
    name: str
    name_de: str | None
    aliases: tuple[str, ...]
    requirement: str
    requirement_de: str  # in the German cards' terms (data/contracts.toml marks the unsure)
    coins: tuple[int, ...] | None
    seal: Seal | None
    timing: str
    active_only: bool
    markers: int
    blue_seal: bool
    source: str
    timing_note: str | None = None  # the card's own words for when it completes, if apt
    timing_note_de: str | None = None  # the same in German
    own_progress: bool = False  # finished over the completer's own turns (data/contracts.toml)

    def shown_name(self) -> str:
        """The name to show in the current language (the English one where the data has
        no German name)."""
        return (self.name_de or self.name) if is_german() else self.name

    def shown_timing_note(self) -> str | None:
        """The card's own words for when it completes, in the current language."""
        if is_german() and self.timing_note_de:
            return self.timing_note_de
        return self.timing_note

    def shown_requirement(self) -> str:
        """The requirement in the current language."""
        return self.requirement_de if is_german() else self.requirement

    def names(self) -> tuple[str, ...]:
        """Every name a user may type for this contract."""
        return (self.name, *((self.name_de,) if self.name_de else ()), *self.aliases)


@dataclass(frozen=True)
class Rank:
    """A team rank and the fewest Victory Pile points that earn it."""

    name: str
    min_points: int
    name_de: str = ""

    def shown_name(self) -> str:
        """The rank's name in the current language."""
        return (self.name_de or self.name) if is_german() else self.name


@dataclass(frozen=True)
class Catalog:
    """Everything the game's data says, validated."""

    kinds: tuple[CardKind, ...]
    contracts: tuple[Contract, ...]
    contracts_by_players: dict[int, int]
    time_pile_base: int
    coins_per_player: int
    ranks: tuple[Rank, ...]
    _name_index: dict[str, Contract] = field(default_factory=dict, repr=False, compare=False)
    _largest_pile: list[int] = field(default_factory=list, repr=False, compare=False)  # memo

    def deck(self, players: int) -> tuple[int, ...]:
        """The kind id of every card in the co-op deck for this many players."""
        return tuple(
            kind.id
            for kind in self.kinds
            if players == 5 or not kind.five_players_only
            for _ in range(kind.count)
        )

    def contract(self, name: str, *, german: bool = False) -> Contract:
        """The contract a user means by ``name``; raises UserError with a did-you-mean.
        ``german``: the user names contracts in German (then a name matching nothing may be
        the German name of a card the data names only in English, and the error says so)."""
        key = normalise(name)
        found = self._by_name().get(key)
        if found is not None:
            return found
        if not key:
            what = (
                _("a contract name is empty")
                if not name.strip()
                else _("'{name}' has no letters").format(name=shown(name))
            )
            raise UserError(
                _(
                    "{what}: give each contract's name, e.g. 'Lady Killer'. "
                    "Run 'coop-helper contracts' to list them."
                ).format(what=what)
            )
        all_names = [n for c in self.contracts for n in c.names()]
        close = suggest(name, all_names) or _names_with_word(name, all_names)
        hint = (
            " " + _("Did you mean {names}?").format(names=_(" or ").join(repr(c) for c in close))
            if close
            else ""
        )
        unnamed = [c.name for c in self.contracts if c.name_de is None]
        german = german or is_german() or bool(_GERMAN_LETTERS.search(name))
        if not close and unnamed and german:  # perhaps one of those, by a German name
            cards = _(" and ").join(f"'{n}'" for n in unnamed)
            hint = " " + ngettext(
                "The card data has no German name for {cards}: give that card by its English name.",
                "The card data has no German name for {cards}: give those cards by their "
                "English names.",
                len(unnamed),
            ).format(cards=cards)
        raise UserError(
            _("unknown contract '{name}'.{hint} Run 'coop-helper contracts' to list them.").format(
                name=shown(name), hint=hint
            )
        )

    def contracts_for(self, names: Iterable[str]) -> tuple[Contract, ...]:
        """Resolve several names; the same contract twice is an error."""
        names = list(names)
        german = self._any_german(names)
        resolved: list[Contract] = []
        for i, name in enumerate(names):
            contract = self._listed_contract(names, i, german)
            if contract in resolved:
                raise UserError(
                    _(
                        "'{name}' names {contract}, which is already in the list: "
                        "each contract is in the game once."
                    ).format(name=name, contract=contract.shown_name())
                )
            resolved.append(contract)
        return tuple(resolved)

    def _any_german(self, names: Iterable[str]) -> bool:
        """Does any of ``names`` name a contract by its German name (not also its English)?"""
        german = {normalise(c.name_de) for c in self.contracts if c.name_de}
        english = {normalise(c.name) for c in self.contracts}
        return any(normalise(n) in german - english for n in names)

    def _listed_contract(self, names: list[str], i: int, german: bool = False) -> Contract:
        """The contract ``names[i]`` means; where it is one word of a name typed without
        quotes (Lady Killer), the error says so."""
        try:
            return self.contract(names[i], german=german)
        except UserError:
            if not normalise(names[i]):
                raise  # no word of a longer name
            by_name = self._by_name()
            for start in range(max(0, i - 3), i + 1):
                for stop in range(i + 1, min(len(names), start + 4) + 1):
                    words = names[start:stop]
                    found = by_name.get(normalise(" ".join(words))) if len(words) > 1 else None
                    if found is not None:
                        typed = " ".join(shown(w) for w in words)
                        also = f" ({found.name})" if typed != found.name else ""
                        raise UserError(
                            _(
                                "unknown contract '{name}': {typed} is one contract{also}: "
                                "put a name with spaces in quotes, e.g. '{example}'."
                            ).format(
                                name=shown(names[i]), typed=typed, also=also, example=found.name
                            )
                        ) from None
            raise

    def contracts_named(self, names: Iterable[str]) -> tuple[Contract, ...]:
        """Resolve several names, each contract once (a repeated one counts once): for
        options such as --keep and --avoid, where naming one twice asks nothing new."""
        names = list(names)
        german = self._any_german(names)
        return tuple(dict.fromkeys(self.contract(name, german=german) for name in names))

    def players_for_contracts(self, count: int) -> int | None:
        """The player count that deals ``count`` contracts, or None."""
        for players, n in self.contracts_by_players.items():
            if n == count:
                return players
        return None

    def rank(self, points: int) -> Rank:
        """The rank a number of Victory Pile points earns (no more than the largest Time
        Pile: a point is a Victory Pile card, and every one of them came from the Time Pile)."""
        if points < 0:
            raise UserError(_("points must be 0 or more, not {points}.").format(points=points))
        most = self.largest_time_pile()
        if points > most:
            raise UserError(
                _(
                    "{points} points: no game scores more than {most} (a point is a Victory "
                    "Pile card, and the largest Time Pile has {most} cards)."
                ).format(points=points, most=most)
            )
        return [r for r in self.ranks if r.min_points <= points][-1]

    def largest_time_pile(self) -> int:
        """The largest Time Pile any deal can make (an unknown seal at the largest number and
        with a letter of its own), so the most points a game can score.

        Exact without walking every deal: a letter counts once, so a deal takes each
        letter's highest numbers first, and a knapsack over the letters (each unknown seal
        a letter of its own) chooses how many of each fill the largest deal.
        """
        if self._largest_pile:  # every rank asks: worked out once
            return self._largest_pile[0]
        size = max(self.contracts_by_players.values())
        groups: dict[str, list[int]] = {}
        for contract in self.contracts:
            if contract.seal is None:
                groups[f"?{contract.key}"] = [max(SEAL_NUMBERS)]
            else:
                groups.setdefault(contract.seal.letter, []).append(contract.seal.number)
        none = -(10**9)  # a count of contracts no choice reaches
        best = [0] + [none] * size  # best[k]: the most seal sum + letters of k contracts
        for numbers in groups.values():
            ordered = sorted(numbers, reverse=True)
            gains = [0] + [sum(ordered[:j]) + 1 for j in range(1, len(ordered) + 1)]
            best = [
                max(best[k - j] + gains[j] for j in range(min(k, len(ordered)) + 1))
                for k in range(size + 1)
            ]
        self._largest_pile.append(self.time_pile_base + best[size])
        return self._largest_pile[0]

    def _by_name(self) -> dict[str, Contract]:
        if not self._name_index:
            self._name_index.update({normalise(n): c for c in self.contracts for n in c.names()})
        return self._name_index


# ---------------------------------------------------------------- loading


def load_toml(path: Path) -> dict[str, Any]:
    """A data file's tables; a DataError names the file if it is missing or not TOML."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataError(f"{path}: file missing") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path}: not valid TOML: {err}") from None


def _need(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = entry.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise DataError(f"{where}: '{key}' must be {kind.__name__}, got {value!r}")
    return value


def _swords(value: Any, where: str) -> int:
    if value == "skull":
        return SKULL
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise DataError(f'{where}: swords must be a number or "skull", got {value!r}')


def _triples(entry: dict[str, Any], where: str) -> list[list[Any]]:
    cards = entry.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, list) and len(c) == 3 for c in cards):
        raise DataError(f"{where}: 'cards' must be a list of [count, a, b] triples")
    return cards


def _load_kinds(path: Path) -> list[CardKind]:
    raw = load_toml(path)
    kinds: list[CardKind] = []

    def add(**fields: Any) -> None:
        if not isinstance(fields["count"], int) or fields["count"] < 1:
            raise DataError(f"{fields['where']}: count must be a positive number")
        fields.pop("where")
        kinds.append(CardKind(id=len(kinds), **fields))

    for i, entry in enumerate(raw.get("ship", [])):
        where = f"{path.name}: ship #{i + 1}"
        colour = _need(entry, "colour", str, where)
        if colour not in COLOURS:
            raise DataError(f"{where}: unknown colour {colour!r}")
        for count, coins, swords in _triples(entry, where):
            add(
                where=where,
                type="ship",
                name=SHIP_NAMES[colour],
                count=count,
                set=_need(entry, "set", str, where),
                source=_need(entry, "source", str, where),
                colour=colour,
                coins=coins,
                swords=_swords(swords, where),
                bonus=entry.get("bonus"),
            )
    for i, entry in enumerate(raw.get("person", [])):
        name = entry.get("name", f"person #{i + 1}")
        where = f"{path.name}: person {name!r}"
        ability = _need(entry, "ability", str, where)
        if ability not in ABILITIES:
            raise DataError(f"{where}: unknown ability {ability!r}")
        colour = entry.get("colour")
        if (ability in ("trader", "clerk")) != (colour in COLOURS):
            raise DataError(f"{where}: Traders and Clerks, and only they, need a ship colour")
        for count, cost, vp in _triples(entry, where):
            add(
                where=where,
                type="person",
                name=_need(entry, "name", str, where),
                count=count,
                set=_need(entry, "set", str, where),
                source=_need(entry, "source", str, where),
                colour=colour,
                cost=cost,
                vp=vp,
                ability=ability,
                swords=_swords(entry.get("swords", 0), where),
            )
    for i, entry in enumerate(raw.get("expedition", [])):
        where = f"{path.name}: expedition #{i + 1}"
        needs = _need(entry, "needs", dict, where)
        if not needs or any(a not in ("settler", "captain", "priest") for a in needs):
            raise DataError(f"{where}: needs must name settler, captain or priest")
        add(
            where=where,
            type="expedition",
            name="Expedition",
            count=1,
            set=_need(entry, "set", str, where),
            source=_need(entry, "source", str, where),
            coins=_need(entry, "coins", int, where),
            vp=_need(entry, "vp", int, where),
            needs=tuple(sorted(needs.items())),
            five_players_only=bool(entry.get("five_players_only", False)),
        )
    for i, entry in enumerate(raw.get("tax_increase", [])):
        where = f"{path.name}: tax_increase #{i + 1}"
        bonus = _need(entry, "bonus", str, where)
        if bonus not in ("most_swords", "fewest_victory_points"):
            raise DataError(f"{where}: unknown bonus {bonus!r}")
        add(
            where=where,
            type="tax",
            name="Tax Increase",
            count=_need(entry, "count", int, where),
            set=_need(entry, "set", str, where),
            source=_need(entry, "source", str, where),
            bonus=bonus,
        )
    _check_deck(kinds, path)
    return kinds


def _check_deck(kinds: list[CardKind], path: Path) -> None:
    for card_type, expected in EXPECTED_COUNTS.items():
        got = sum(k.count for k in kinds if k.type == card_type)
        if got != expected:
            raise DataError(f"{path.name}: {card_type} cards add up to {got}, expected {expected}")
    total = sum(k.count for k in kinds)
    base = sum(k.count for k in kinds if k.set == "base")
    if total != EXPECTED_TOTAL or base != EXPECTED_BASE:
        raise DataError(
            f"{path.name}: deck has {total} cards ({base} base), expected "
            f"{EXPECTED_TOTAL} ({EXPECTED_BASE} base)"
        )
    five = [k for k in kinds if k.five_players_only]
    if len(five) != 1 or five[0].type != "expedition":
        raise DataError(f"{path.name}: exactly one expedition must be flagged five_players_only")


def _optional_text(entry: dict[str, Any], key: str, where: str) -> str | None:
    """An optional text field of a data entry: a string, or absent."""
    value = entry.get(key)
    if value is not None and not isinstance(value, str):
        raise DataError(f"{where}: {key} must be text")
    return value


def _load_contracts(path: Path) -> list[Contract]:
    raw = load_toml(path)
    contracts: list[Contract] = []
    for i, entry in enumerate(raw.get("contract", [])):
        where = f"{path.name}: contract {entry.get('name', f'#{i + 1}')!r}"
        coins = entry.get("coins")
        if coins != "?" and not (
            isinstance(coins, list) and coins and all(isinstance(c, int) and c >= 0 for c in coins)
        ):
            raise DataError(f'{where}: coins must be a list of coin values or "?"')
        seal_text = _need(entry, "seal", str, where)
        try:
            seal = None if seal_text == "?" else parse_seal(seal_text)
        except ValueError as err:
            raise DataError(f"{where}: {err}") from None
        timing = _need(entry, "timing", str, where)
        if timing not in TIMINGS:
            raise DataError(f"{where}: timing must be one of {', '.join(TIMINGS)}")
        name_de = _need(entry, "name_de", str, where)
        contracts.append(
            Contract(
                key=_need(entry, "key", str, where),
                name=_need(entry, "name", str, where),
                name_de=None if name_de == "?" else name_de,
                aliases=tuple(entry.get("aliases", ())),
                requirement=_need(entry, "requirement", str, where),
                requirement_de=_need(entry, "requirement_de", str, where),
                coins=None if coins == "?" else tuple(coins),
                seal=seal,
                timing=timing,
                active_only=bool(entry.get("active_only", False)),
                markers=int(entry.get("markers", 0)),
                blue_seal=bool(entry.get("blue_seal", False)),
                source=_need(entry, "source", str, where),
                timing_note=_optional_text(entry, "timing_note", where),
                timing_note_de=_optional_text(entry, "timing_note_de", where),
                own_progress=bool(entry.get("own_progress", False)),
            )
        )
    if len(contracts) != EXPECTED_CONTRACTS:
        raise DataError(f"{path.name}: {len(contracts)} contracts, expected {EXPECTED_CONTRACTS}")
    known_red = [c for c in contracts if not c.blue_seal and c.seal is not None]
    if len(known_red) != EXPECTED_KNOWN_RED_SEALS:
        raise DataError(
            f"{path.name}: {len(known_red)} red seals known, expected {EXPECTED_KNOWN_RED_SEALS}"
        )
    seen: dict[str, str] = {}
    for contract in contracts:
        for name in contract.names():
            key = normalise(name)
            if key in seen and seen[key] != contract.key:
                raise DataError(f"{path.name}: name {name!r} is used by two contracts")
            seen[key] = contract.key
    return contracts


@functools.cache
def load_catalog(folder: Path | None = None) -> Catalog:
    """Load and validate the catalogue from ``folder`` (default: the shipped data)."""
    folder = folder or data_dir()
    kinds = _load_kinds(folder / "cards.toml")
    contracts = _load_contracts(folder / "contracts.toml")
    coop_path = folder / "coop.toml"
    coop = load_toml(coop_path)
    try:
        by_players = {
            int(p): int(n) for p, n in coop["contracts_by_players"].items() if p != "source"
        }
        ranks = tuple(
            Rank(r["name"], int(r["min_points"]), str(r.get("name_de", ""))) for r in coop["rank"]
        )
        base = int(coop["time_pile"]["base"])
        coins = int(coop["start"]["coins_per_player"])
    except (KeyError, TypeError, ValueError) as err:
        raise DataError(f"{coop_path.name}: missing or malformed entry: {err}") from None
    if sorted(by_players) != [1, 2, 3, 4, 5]:
        raise DataError(f"{coop_path.name}: contracts_by_players must cover 1 to 5 players")
    rising = list(ranks) == sorted(ranks, key=lambda r: r.min_points)
    if not ranks or ranks[0].min_points != 0 or not rising:
        raise DataError(f"{coop_path.name}: ranks must start at 0 points and rise")
    return Catalog(tuple(kinds), tuple(contracts), by_players, base, coins, ranks)


def _names_with_word(word: str, names: list[str], limit: int = 3) -> list[str]:
    """Names of several words one of which is ``word`` (lady: Lady Killer)."""
    key = normalise(word)
    found = [n for n in names if " " in n and key in (normalise(w) for w in n.split())]
    return list(dict.fromkeys(found))[:limit]
