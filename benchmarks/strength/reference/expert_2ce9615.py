"""The expert as it was at commit 2ce9615, frozen: the baseline for paired comparisons.

`benchmarks/strength/strength.py` plays it as ``expert-2ce9615`` against today's policies on
the same deals and game seeds. It is the planning module and the expert policy of that commit in one
file, with nothing else changed but the class and policy name, the attributes today's odds
runner asks of a policy (none changes its play), and what it took from the engine, copied
in below (its card codes, contract pairs and hire cost), so that it
imports nothing of today's package. It is benchmark-only code and not part of the installed
package. Do not tune it: its whole use is to stay what it was.
"""

from __future__ import annotations

import copy
import operator
import random
from dataclasses import dataclass, field
from typing import Any, TypeAlias

# What the frozen code used of the engine, copied here as it was, so that no change to
# today's engine changes this player. The card codes are the engine's numbering (the deck
# it is handed uses them); tables and players are today's objects, read by field name.
Table: TypeAlias = Any
PlayerState: TypeAlias = Any
SHIP, PERSON = 0, 1  # card types
SETTLER, CAPTAIN, PRIEST, JACK, TRADER = 0, 1, 2, 3, 4  # abilities
MADEMOISELLE, JESTER, ADMIRAL, GOVERNOR = 7, 8, 9, 10
CLERK, GUNNER, VICE_ADMIRAL = 11, 12, 13
ABILITY_COUNT = 14
RED, BLACK = 3, 4  # ship colours (of yellow, blue, green, red, black)
COLOUR_COUNT = 5
SKULL = 99  # the swords of a ship that is never repelled
PAIRS: dict[str, tuple[int, int]] = {
    "lady_killer": (CAPTAIN, MADEMOISELLE),
    "trade_outpost": (SETTLER, CLERK),
    "comedian": (PRIEST, JESTER),
    "new_colony": (SETTLER, GUNNER),
    "maritime_supremacy": (CAPTAIN, VICE_ADMIRAL),
}


def hire_cost(deck: Any, player: PlayerState, card: int) -> int:
    """What hiring a person costs this player: 1 less per Mademoiselle, never below 0."""
    cost = deck.cost[card] - player.abilities[MADEMOISELLE]
    return cost if cost > 0 else 0


# ---------------------------------------------------------------- planning (planning.py)
MONEY = frozenset({"tax_officer", "tiny_royal_household", "ransom"})
FOES = {"frigate_foe": 3, "galleon_foe": 2}  # declines needed
EXPEDITION_PERSONS = (SETTLER, CAPTAIN, PRIEST)
PACK_SWORDS = 4  # swords that repel most ships of every colour
PROGRESS_WEIGHT = 2.0  # how much being closer to a contract counts when handing it out
LOAD_PENALTY = 1.0  # how much a contract already planned for a player counts against another

# Order in which contracts are handed out: Pack of Pirates first (it needs its player's
# own turns from the start, so it goes to whoever has least to do), then the ones that
# need specific persons.
_ORDER = (
    "pack_of_pirates",
    "lady_killer",
    "maritime_supremacy",
    "trade_outpost",
    "new_colony",
    "comedian",
    "trader_prince",
    "cheap_staff",
    "fighter",
    "explorer",
    "frigate_foe",
    "galleon_foe",
    "tiny_royal_household",
    "ransom",
    "tax_officer",
    "tiny_gamester",
    "gamester",
    "jinx",
)
_RANK = {key: i for i, key in enumerate(_ORDER)}


@dataclass
class Wants:
    """What one player is after, from the contracts assigned to them."""

    abilities: set[int] = field(default_factory=set)  # persons of these abilities
    swords: int = 0  # swords still wanted (Fighter, Pack of Pirates)
    cheap: int = 0  # persons of printed cost <= 3 still wanted (Cheap Staff)
    traders: int = 0  # Traders still wanted (Trader Prince)
    expedition: bool = False  # Explorer: wants an expedition claimed
    expedition_missing: frozenset[int] = frozenset()  # abilities the nearest expedition lacks
    coins: int = 0  # coins to hold (Tax Officer 12, blue seals 15)
    foes: set[int] = field(default_factory=set)  # ship colours whose coins to decline
    pack: bool = False  # Pack of Pirates: repel ships of colours not yet set aside
    contracts: list[str] = field(default_factory=list)
    fills: dict[int, float] = field(default_factory=dict)  # the expert's memo: kind -> progress
    kinds: tuple[int, ...] | None = None  # the expert's memo: the card kinds wanted


def progress(player: PlayerState, key: str) -> float:
    """How far a player already is towards a contract, 0 (nothing) to about 2."""
    ab = player.abilities
    pair = PAIRS.get(key)
    if pair is not None:
        return float((ab[pair[0]] > 0) + (ab[pair[1]] > 0))
    if key == "trader_prince":
        return float(min(ab[TRADER], 2))
    if key == "fighter":
        return min(player.swords, 3) / 1.5
    if key == "cheap_staff":
        return min(player.cheap_persons, 4) / 2
    if key == "explorer":
        best = max(ab[a] for a in EXPEDITION_PERSONS) + ab[JACK]
        return 2.0 if player.expeditions else min(best, 2) * 0.75
    if key in FOES:
        return 2.0 * player.markers.get(key, 0) / FOES[key] + (key in player.markers)
    if key == "tax_officer":
        return min(player.coins, 12) / 8
    if key in ("tiny_royal_household", "ransom"):
        return max(player.vp / 6, player.coins / 10)
    if key == "tiny_gamester":
        return 2.0 if key in player.markers else 0.0
    if key == "pack_of_pirates":
        return len(player.aside) * 1.5 + min(player.swords, PACK_SWORDS) / 4
    return 0.0


def _pair_synergy(key: str, other: str) -> float:
    """How well two contracts suit one player (they share persons or a resource)."""
    bonus = 0.0
    pair, other_pair = PAIRS.get(key), PAIRS.get(other)
    if pair and other_pair and set(pair) & set(other_pair):
        bonus += 1.0
    if {key, other} <= {"fighter", "cheap_staff", "trader_prince", "pack_of_pirates"}:
        bonus += 0.75
    if "explorer" in (key, other) and (key in PAIRS or other in PAIRS):
        bonus += 0.5  # the persons of a pair contract can also make an expedition
    if key in MONEY and other in MONEY:
        bonus += 0.5
    return bonus


SYNERGY = {(a, b): _pair_synergy(a, b) for a in _ORDER for b in _ORDER if a != b}


def _synergy(key: str, others: list[str]) -> float:
    return sum(SYNERGY.get((key, other), 0.0) for other in others)


def wants_for_player(table: Table, player: PlayerState, keys: list[str]) -> Wants:
    """What one player wants, for the contracts planned for them (those still open)."""
    return _wants(table, player, [k for k in keys if k in table.open])


def assign_contracts(table: Table) -> list[list[str]]:
    """Hand every open contract to one player (or none if nobody has a cube for it)."""
    players = table.players
    capacity = [p.cubes_free() for p in players]
    plan: list[list[str]] = [[] for _ in players]
    for player in players:  # a contract with this player's marker stays theirs
        for key in player.markers:
            if key in table.open:
                plan[player.index].append(key)
    taken = {k for keys in plan for k in keys}
    todo = sorted((k for k in table.open if k not in taken), key=lambda k: _RANK.get(k, 99))
    for key in todo:
        best, best_score = -1, -1e9
        for player in players:
            i = player.index
            if capacity[i] <= 0 or key in player.completed:
                continue
            score = (
                PROGRESS_WEIGHT * progress(player, key)
                + _synergy(key, plan[i])
                - LOAD_PENALTY * len(plan[i])
            )
            if score > best_score:
                best, best_score = i, score
        if best >= 0:
            plan[best].append(key)
            capacity[best] -= 1
    return plan


def expedition_missing(table: Table, player: PlayerState) -> frozenset[int]:
    """The persons still lacking for the expedition in the row this player is nearest to."""
    best: tuple[int, frozenset[int]] | None = None
    jacks = player.abilities[JACK]
    for card in table.expedition_row:
        short = 0
        lacking = set()
        for ability, count in table.deck.needs[card]:
            gap = count - player.abilities[ability]
            if gap > 0:
                short += gap
                lacking.add(ability)
        short = max(0, short - jacks)
        if best is None or short < best[0]:
            best = (short, frozenset(lacking) if short else frozenset())
    return best[1] if best else frozenset()


def _wants(table: Table, player: PlayerState, keys: list[str]) -> Wants:
    wants = Wants(contracts=keys)
    ab = player.abilities
    for key in keys:
        pair = PAIRS.get(key)
        if pair is not None:
            wants.abilities.update(a for a in pair if ab[a] == 0)
        elif key == "trader_prince":
            wants.traders = max(wants.traders, 2 - ab[TRADER])
        elif key == "fighter":
            wants.swords = max(wants.swords, 3 - player.swords)
        elif key == "pack_of_pirates":
            wants.swords = max(wants.swords, PACK_SWORDS - player.swords)
            wants.pack = True
        elif key == "cheap_staff":
            wants.cheap = max(wants.cheap, 4 - player.cheap_persons)
        elif key == "explorer" and not player.expeditions:
            wants.expedition = True
            wants.expedition_missing = expedition_missing(table, player)
        elif key == "tax_officer":
            wants.coins = max(wants.coins, 12)
        elif key in ("tiny_royal_household", "ransom") and player.vp < 12:
            wants.coins = max(wants.coins, 15)
        elif key == "frigate_foe":
            wants.foes.add(RED)
        elif key == "galleon_foe":
            wants.foes.add(BLACK)
    wants.swords = max(wants.swords, 0)
    wants.cheap = max(wants.cheap, 0)
    wants.traders = max(wants.traders, 0)
    return wants


# ------------------------------------------------------------- the expert (expert.py)
FILL = 20.0  # a person that fills a slot of an assigned contract
# Coins a person of this ability brings per turn (at every take time, or by discount and
# extra takes), valued over the turns a game of this size usually has left.
INCOME_PER_TURN = {
    GOVERNOR: 0.8,
    MADEMOISELLE: 0.3,
    ADMIRAL: 0.6,
    GUNNER: 1.0,
    VICE_ADMIRAL: 0.4,
    JESTER: 0.3,
}
INCOME_WEIGHT = 0.6
HORIZON = {1: 15, 2: 17, 3: 19, 4: 21, 5: 23}  # typical game length in turns
JINX_VALUE = 14.0  # a bust that completes Jinx
DRAW_BOLDNESS = 0.4  # weight of what one more card brings against what a bust loses
GAMESTER_VALUE = 14.0
FOE_VALUE = FILL * 0.6  # a Frigate or Galleon to decline, for a player after that Foe
PACK_STEP = 8.0  # one more colour set aside for Pack of Pirates
RICH_COIN = 0.4  # a coin to a player with 10 or more and nothing to buy
IDLE_COIN = 0.7  # a coin to a player with fewer and nothing to buy
SAVE_FOR = 9  # coins a player who wants persons saves up to
SHARE_SHIPS = True  # leave a ship to a teammate still to take who needs the coins more
EXPEDITION_FILL = 0.8  # a person the nearest expedition lacks, for Explorer
MAX_HARBOUR = 12  # never draw beyond this many harbour cards
SAFE_BUST = 0.05  # below this chance of busting, always draw on
MAX_SWORDS = 8  # sword counts above this repel every ship but skulls anyway
EXPEDITION_ABILITIES = (SETTLER, CAPTAIN, PRIEST)
# Turns an open contract takes on average, by player count (an estimate from simulated
# games), and the spare turns kept before a Victory Pile move on a Tax Increase: at these
# settings the moves cost the expert 2-3 points of win chance for about half a point a win.
TURNS_PER_CONTRACT = {1: 4.0, 2: 3.0, 3: 2.4, 4: 2.0, 5: 1.7}
VICTORY_MARGIN = 2


@dataclass(frozen=True)
class KindGroups:
    """Card kinds grouped the ways the expert counts them (built once per deck)."""

    ship_kinds: tuple[tuple[tuple[int, int], ...], ...]  # per colour: (kind id, swords)
    busting: tuple[tuple[tuple[int, ...], ...], ...]  # [colour][swords]: kinds that bust
    wanted: dict[object, frozenset[int]]  # ability code, "cheap", "swords", "expedition"
    ship_colour: tuple[int, ...]  # card id -> its colour if it is a ship, else -1
    income: tuple[float, ...]  # card id -> weighted coins per turn a person brings


_KIND_GROUPS: dict[int, KindGroups] = {}  # by player count: one deck each


def _kind_groups(deck: Any) -> KindGroups:
    if deck.players in _KIND_GROUPS:
        return _KIND_GROUPS[deck.players]
    ships: list[list[tuple[int, int]]] = [[] for _ in range(COLOUR_COUNT)]
    wanted: dict[object, set[int]] = {
        key: set() for key in (*range(ABILITY_COUNT), "cheap", "swords", "expedition")
    }
    seen: set[int] = set()
    for card, kind_id in enumerate(deck.kind):
        if kind_id in seen:
            continue
        seen.add(kind_id)
        if deck.type[card] == SHIP:
            ships[deck.colour[card]].append((kind_id, deck.swords[card]))
        elif deck.type[card] == PERSON:
            ability = deck.ability[card]
            wanted[ability].add(kind_id)
            if deck.cost[card] <= 3:
                wanted["cheap"].add(kind_id)
            if deck.swords[card]:
                wanted["swords"].add(kind_id)
            if ability in EXPEDITION_ABILITIES or ability == JACK:
                wanted["expedition"].add(kind_id)
    groups = KindGroups(
        ship_kinds=tuple(tuple(k) for k in ships),
        busting=tuple(
            tuple(
                tuple(kind for kind, s in k if s > swords or s == SKULL)
                for swords in range(MAX_SWORDS + 1)
            )
            for k in ships
        ),
        wanted={key: frozenset(v) for key, v in wanted.items()},
        ship_colour=tuple(deck.colour[c] if deck.type[c] == SHIP else -1 for c in range(deck.size)),
        income=tuple(
            INCOME_PER_TURN.get(deck.ability[c], 0.0) * INCOME_WEIGHT
            if deck.type[c] == PERSON
            else 0.0
            for c in range(deck.size)
        ),
    )
    _KIND_GROUPS[deck.players] = groups
    return groups


@dataclass(frozen=True)
class TurnFlags:
    """What the active player is after this turn, for the draw decision."""

    pack: bool  # setting ships aside for Pack of Pirates
    gamester: bool  # a 4th ship colour completes Gamester
    tiny_gamester: bool  # a 3rd ship colour marks or completes Tiny Gamester
    bust_bonus: float  # what a bust brings: Jinx, and the Jesters' coins


class FrozenExpertPolicy:
    """A strong, coordinated team that sees only what a real table sees."""

    name = "expert-2ce9615"
    # What today's odds runner asks of every policy (policies.base.Policy), added so that it
    # can trace this one; none of it changes its play. It never reads the turns left but for
    # its Victory Pile move, and it has no last-turn rule.
    version = "2ce9615"
    time_blind = True
    plays_last_turn = False
    stop_left_open = -1

    def version_at(self, players: int) -> str:
        """Its version (the same at every player count)."""
        return self.version

    def clone(self) -> FrozenExpertPolicy:
        """A copy with this game's memory."""
        return copy.deepcopy(self)

    def start_game(self, table: Table, rng: random.Random) -> None:
        """Reset per-game memory; the card-kind groups are built once per deck."""
        self.deck = table.deck
        self.kinds = _kind_groups(table.deck)
        n = table.n_players
        self.wants: list[Wants] = [Wants() for _ in range(n)]
        self._assignment: list[list[str]] = [[] for _ in range(n)]
        self._open_n = self._row_n = -1
        self._dirty: set[int] = set()  # players whose display changed
        self._dirty_all = True  # a marker or a completion: hand contracts out anew
        self._turn = -1
        self._turns_ahead = 0
        self._rows: list[list[float]] = []  # per harbour card this turn: value to each player
        self._coin = [0.0] * n  # per player: what a coin is worth this turn
        self._want_mass = [0.0] * n  # per player: chance the next card is one they want
        self._plan_version = 0  # bumped whenever the plan or the turn changes
        self._flags_key: tuple[int, int] | None = None
        self._flags = TurnFlags(False, False, False, 0.0)

    # ------------------------------------------------------------ the plan

    def _touch(self, player: PlayerState, structural: bool = False) -> None:
        """A decision changed this player's display, or a contract's state (structural)."""
        self._dirty.add(player.index)
        self._dirty_all = self._dirty_all or structural

    def _refresh(self, table: Table) -> None:
        """Bring the plan up to date.

        Contracts are handed out anew when one is completed or a marker placed; a player's
        wants are worked out again after their display changed; counts each turn.
        """
        open_n, row_n = len(table.open), len(table.expedition_row)
        players = table.players
        if self._dirty_all or open_n != self._open_n:
            self._assignment = assign_contracts(table)
            changed = list(range(len(players)))
        elif row_n != self._row_n:  # only Explorer's wants look at the expedition row
            changed = [i for i, w in enumerate(self.wants) if w.expedition] + list(self._dirty)
        elif self._dirty:
            changed = list(self._dirty)
        elif table.turn == self._turn:
            return
        else:
            changed = []
        for i in changed:
            self.wants[i] = wants_for_player(table, players[i], self._assignment[i])
        self._open_n, self._row_n = open_n, row_n
        self._dirty_all = False
        self._dirty.clear()
        self._rows = []
        self._plan_version += 1
        if table.turn != self._turn:  # the card count moved on: recount for everyone
            self._turn = table.turn
            self._turns_ahead = max(0, HORIZON.get(table.n_players, 20) - table.turn)
            changed = list(range(len(players)))
        for i in changed:
            self._want_mass[i] = self._wanted_mass(table, players[i])
            self._coin[i] = self.coin_value(players[i], self.wants[i])

    def _wanted_mass(self, table: Table, player: PlayerState) -> float:
        """Chance that the next draw is a person this player wants."""
        if not table.unseen_total:
            return 0.0
        wants = self.wants[player.index]
        kinds = wants.kinds
        if kinds is None:  # worked out once per plan
            groups = self.kinds.wanted
            wanted: set[int] = set()
            for ability in wants.abilities:
                wanted |= groups[ability]
            if wants.traders:
                wanted |= groups[TRADER]
            if wants.cheap:
                wanted |= groups["cheap"]
            if wants.swords:
                wanted |= groups["swords"]
            if wants.expedition:
                wanted |= groups["expedition"]
            kinds = wants.kinds = tuple(wanted)
        unseen = table.unseen
        return sum([unseen[k] for k in kinds]) / table.unseen_total

    # -------------------------------------------------------------- values

    def coin_value(self, player: PlayerState, wants: Wants) -> float:
        """How much one coin is worth to this player right now."""
        if wants.coins and player.coins < wants.coins + 1:
            return 1.2
        if (wants.abilities or wants.cheap or wants.traders or wants.swords) and (
            player.coins < SAVE_FOR
        ):
            return 1.0
        return RICH_COIN if player.coins >= 10 else IDLE_COIN

    def _fills(self, player: PlayerState, wants: Wants, card: int) -> float:
        """Contract progress a person brings this player (0 if none)."""
        deck = self.deck
        ability = deck.ability[card]
        value = 0.0
        if ability in wants.abilities:
            value += FILL
        if wants.traders and ability == TRADER:
            value += FILL * 0.7
        if wants.cheap and deck.cost[card] <= 3:
            value += FILL * (0.9 if wants.cheap == 1 else 0.5)
        if wants.swords and deck.swords[card]:
            value += FILL * 0.45 * min(deck.swords[card], wants.swords)
        if wants.expedition and (ability in EXPEDITION_ABILITIES or ability == JACK):
            missing = wants.expedition_missing
            if ability in missing or (ability == JACK and missing):
                value += FILL * EXPEDITION_FILL
            elif not missing:  # no expedition to aim at yet: build towards a pair
                held = player.abilities[ability] if ability != JACK else 0
                value += FILL * (0.45 if held >= 1 or ability == JACK else 0.25)
        return value

    def card_value(self, player: PlayerState, card: int) -> float:
        """What taking this harbour card is worth to this player, in coins."""
        deck = self.deck
        coin = self._coin[player.index]
        if deck.type[card] == SHIP:
            colour = deck.colour[card]
            value = coin * (deck.coins[card] + player.traders[colour])
            if colour in self.wants[player.index].foes and value < FOE_VALUE:
                value = FOE_VALUE
            return value
        value = self._progress(player, card) + self.kinds.income[card] * self._turns_ahead
        return value - coin * 0.8 * hire_cost(deck, player, card)

    def _progress(self, player: PlayerState, card: int) -> float:
        """Contract progress (and repelling power) a person brings; memoised per plan."""
        wants = self.wants[player.index]
        kind = self.deck.kind[card]
        progress = wants.fills.get(kind)
        if progress is None:  # depends on the display only: kept until the wants change
            progress = self._fills(player, wants, card)
            if self.deck.swords[card] and player.swords < 2:
                progress += 1.0
            wants.fills[kind] = progress
        return progress

    def _card_row(self, table: Table, active: PlayerState, card: int) -> list[float]:
        """A harbour card's net value to each player (a non-active one pays the 1-coin fee).

        The same sums as `card_value` (and `hire_cost`), written out for every player at
        once: this runs for every card drawn, so it avoids a call per player. Unlike
        `card_value`, which sees the legal options at take time, it guesses affordability:
        the active player counts on about 3 coins from trading a ship first.
        """
        deck = self.deck
        coin = self._coin
        row = []
        if deck.type[card] == SHIP:
            colour = deck.colour[card]
            base = deck.coins[card]
            for player in table.players:
                i = player.index
                value = coin[i] * (base + player.traders[colour])
                if colour in self.wants[i].foes and value < FOE_VALUE:
                    value = FOE_VALUE
                row.append(value if player is active else value - coin[i])
            return row
        printed = deck.cost[card]
        income = self.kinds.income[card] * self._turns_ahead
        fills = self.wants
        kind = deck.kind[card]
        for player in table.players:
            i = player.index
            is_active = player is active
            cost = printed - player.abilities[MADEMOISELLE]
            if player.coins + (3 if is_active else -1) < cost:  # cannot afford it
                row.append(0.0 if is_active else -coin[i])
                continue
            progress = fills[i].fills.get(kind)
            if progress is None:
                progress = self._progress(player, card)
            value = progress + income
            if cost > 0:
                value -= coin[i] * 0.8 * cost
            row.append(value if is_active else value - coin[i])
        return row

    def _harbour_plan(
        self, table: Table, active: PlayerState, colours: int
    ) -> tuple[float, list[float]]:
        """Team value of the harbour if the turn stopped now, and each player's best value.

        Rows are kept per turn and extended as the harbour grows (it only grows while
        drawing), so each card is valued once.
        """
        rows = self._rows
        harbour = table.harbour
        for card in harbour[len(rows) :]:
            rows.append(self._card_row(table, active, card))
        takes = (1 if colours <= 3 else colours - 2) + active.abilities[GOVERNOR]
        a = active.index
        ranked = sorted(rows, key=operator.itemgetter(a), reverse=True)
        total = 0.0
        best = [0.0] * table.n_players
        if ranked:
            best[a] = ranked[0][a]
        left = []
        for i, row in enumerate(ranked):
            if i < takes and row[a] > 0:
                total += row[a]
            else:
                left.append(row)
        if not left:
            return total, best
        for other in table.players:
            i = other.index
            if i == a or not left:
                continue
            top, pick = 0.0, -1
            for j, row in enumerate(left):
                if row[i] > top:
                    top, pick = row[i], j
            if pick >= 0:
                total += top
                del left[pick]
            best[i] = top
        return total, best

    # ----------------------------------------------------------- decisions

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """Draw on while the expected gain of one more card beats the expected loss."""
        harbour = table.harbour
        total = table.unseen_total
        if total <= 0 or len(harbour) >= MAX_HARBOUR:
            return False
        ship_colour = self.kinds.ship_colour
        colours = {ship_colour[c] for c in harbour}
        colours.discard(-1)
        if not colours:
            return True  # nothing to bust on
        self._refresh(table)
        unseen = table.unseen
        swords = min(player.swords, MAX_SWORDS)
        busting = 0
        for colour in colours:
            for kind_id in self.kinds.busting[colour][swords]:
                busting += unseen[kind_id]
        p_bust = busting / total
        if p_bust < SAFE_BUST:
            return True
        n_colours = len(colours)
        value_now, best = self._harbour_plan(table, player, n_colours)
        # What one more (non-busting) card adds: a wanted person for a player whose best
        # option is weak, coins from a ship, and a step towards more takes or a Gamester.
        gain = 0.0
        for other in table.players:
            room = 1.0 if best[other.index] < FILL * 0.4 else 0.25
            gain += self._want_mass[other.index] * FILL * 0.6 * room
        ships = table.unseen_ships
        new_colour = sum(ships)
        for colour in colours:
            new_colour -= ships[colour]
        p_new = new_colour / total
        gain += p_new * 2.0
        if n_colours >= 3:
            gain += p_new * 4.0  # one more take for the active player
        flags = self._turn_flags(table, player)
        bonus = 0.0  # gains that do not depend on the harbour
        if flags.pack:
            bonus += self._pack_chance(table, player) * PACK_STEP
        if n_colours == 3 and flags.gamester:
            gain += p_new * GAMESTER_VALUE
        elif n_colours == 2 and flags.tiny_gamester:
            gain += p_new * GAMESTER_VALUE * 0.6
        loss = value_now - flags.bust_bonus
        return (1.0 - p_bust) * (gain * DRAW_BOLDNESS + bonus) > p_bust * loss

    def _turn_flags(self, table: Table, player: PlayerState) -> TurnFlags:
        """What the active player is after this turn; kept until the plan changes."""
        key = (table.turn, self._plan_version)
        if self._flags_key != key:
            self._flags_key = key
            jinx = self._wants_trigger(table, player, "jinx")
            jesters = sum(p.abilities[JESTER] for p in table.players)
            self._flags = TurnFlags(
                pack=self.wants[player.index].pack,
                gamester=self._wants_trigger(table, player, "gamester"),
                tiny_gamester=self._wants_trigger(table, player, "tiny_gamester"),
                bust_bonus=(JINX_VALUE if jinx else 0.0) + 0.7 * jesters,
            )
        return self._flags

    def _pack_chance(self, table: Table, player: PlayerState) -> float:
        """Chance the next card is a ship this player can repel and set aside."""
        unseen = table.unseen
        swords = min(player.swords, MAX_SWORDS)
        count = 0
        for colour in range(5):
            if colour not in player.aside:
                for kind_id, ship_swords in self.kinds.ship_kinds[colour]:
                    if ship_swords <= swords:
                        count += unseen[kind_id]
        return count / table.unseen_total

    def _wants_trigger(self, table: Table, player: PlayerState, key: str) -> bool:
        """Is this active-player contract open and worth a cube of this player's?"""
        if key not in table.open or key in player.completed:
            return False
        if key in self.wants[player.index].contracts:
            return True
        return self._spare_cube(table, player)

    def _spare_cube(self, table: Table, player: PlayerState) -> bool:
        """Can this player put a cube on an unplanned contract without starving the plan?"""
        free = player.cubes_free()
        return free > len(self.wants[player.index].contracts)

    def repel(self, table: Table, player: PlayerState, card: int) -> bool:
        """Repel a ship whose colour would bust us, or one Pack of Pirates can use."""
        deck = self.deck
        colour = deck.colour[card]
        if any(deck.colour[c] == colour and deck.type[c] == SHIP for c in table.harbour):
            self._refresh(table)
            if self._wants_trigger(table, player, "jinx"):
                n_colours = len({deck.colour[c] for c in table.harbour if deck.type[c] == SHIP})
                value_now, _ = self._harbour_plan(table, player, n_colours)
                if value_now < JINX_VALUE:
                    return False  # busting here completes Jinx and costs little
            return True
        if "pack_of_pirates" in table.open:
            self._refresh(table)
            # Going for Pack of Pirates: repel all we can, to draw on with less risk.
            return self.wants[player.index].pack
        return False

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """The option worth most to this player, less what a teammate still to take would
        gain over them from it; a non-active player pays 1 coin for a take."""
        self._refresh(table)
        is_active = table.players[table.active] is player
        best, pick = 0.0, None
        coin = self.coin_value(player, self.wants[player.index])  # coins change as cards go
        self._coin[player.index] = coin
        fee = 0.0 if is_active else coin
        later = self._still_to_take(table, player)
        for card in options:
            own = self.card_value(player, card)
            value = own - fee
            if later and (self.deck.type[card] == PERSON or SHARE_SHIPS):
                value -= self._teammates_gain(player, later, card, own)
            if value > best:
                best, pick = value, card
        if pick is not None and self.deck.type[pick] == PERSON:
            self._touch(player)
        return pick

    def _still_to_take(self, table: Table, player: PlayerState) -> list[PlayerState]:
        """The players whose time to take cards comes after this player's in this phase."""
        n, active = table.n_players, table.active
        mine = (player.index - active) % n
        return [p for p in table.players if (p.index - active) % n > mine]

    def _teammates_gain(
        self, player: PlayerState, later: list[PlayerState], card: int, own: float
    ) -> float:
        """How much more a teammate still to take (and able to pay) would gain from a card."""
        deck = self.deck
        most = 0.0
        for other in later:
            if deck.type[card] == PERSON and other.coins < hire_cost(deck, other, card) + 1:
                continue  # cannot pay for the person and the fee
            gain = self.card_value(other, card) - self._coin[other.index] - own
            if gain > most:
                most = gain
        return most

    def decline_coins(self, table: Table, player: PlayerState, card: int, contract: str) -> bool:
        """Decline for a Foe contract this player is going for."""
        self._refresh(table)
        if contract not in table.open and contract not in player.markers:
            return False
        wanted = contract in self.wants[player.index].contracts
        if wanted or contract in player.markers or self._spare_cube(table, player):
            self._touch(player, structural=True)
            return True
        return False

    def complete(self, table: Table, player: PlayerState, contract: str) -> bool:
        """Complete any contract the team still needs; start a marker only when planned."""
        if contract not in table.open:
            return False
        self._refresh(table)
        if contract == "tiny_gamester" and contract not in player.markers:
            ok = contract in self.wants[player.index].contracts or self._spare_cube(table, player)
        else:
            ok = True
        if ok:
            self._touch(player, structural=True)
        return ok

    def claim_expedition(self, table: Table, player: PlayerState, options: list[int]) -> int | None:
        """Claim for Explorer, or when the persons given up are not needed elsewhere."""
        self._refresh(table)
        wants = self.wants[player.index]
        keep = self._held_for_contracts(player, wants)
        deck = self.deck
        best, pick = -1.0, None
        for card in options:
            gives_up = {ability for ability, _ in deck.needs[card]}
            if wants.expedition or not (gives_up & keep):
                value = float(deck.vp[card] + deck.coins[card])
                if value > best:
                    best, pick = value, card
        if pick is not None:
            self._touch(player)
        return pick

    def _held_for_contracts(self, player: PlayerState, wants: Wants) -> set[int]:
        keep: set[int] = set()
        for key in wants.contracts:
            keep.update(PAIRS.get(key, ()))
        return keep

    def coin_recipient(self, table: Table, player: PlayerState, options: list[int]) -> int:
        """The player who values a coin most (saving for a hire or a money contract)."""
        self._refresh(table)
        return max(
            options,
            key=lambda i: (
                self.coin_value(table.players[i], self.wants[i]),
                -table.players[i].coins,
            ),
        )

    # ----------------------------------------------------------------- time

    def turns_needed(self, table: Table) -> int:
        """Estimate of the turns the open contracts still need (public information only)."""
        per = TURNS_PER_CONTRACT.get(table.n_players, 2.0)
        return int(len(table.open) * per + 0.999)

    def victory_threshold(self, table: Table) -> int:
        """The fewest Time Pile cards at which moving one to the Victory Pile is affordable."""
        return self.turns_needed(table) + VICTORY_MARGIN + 1

    def victory_move(self, table: Table) -> bool:
        """Move a card only if the turns left after it still cover the estimate."""
        return table.time_size >= self.victory_threshold(table)
