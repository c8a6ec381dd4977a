"""The expert team: counts cards, plans who goes for which contract, manages coins.

- Drawing: stops by the chance of busting on the next draw (from the public card count)
  against what one more card is worth to the team, and what the harbour would be lost.
- Coordination: `planning.assign_contracts` hands each open contract to one player (a plan
  kept until another player is clearly better placed, contracts met by hiring leaning to
  players with coins); cards are valued by what they bring to that player's contracts.
- Coins: a player saving for a hire or a money contract values coins more; a coin that
  would put a player at risk of a Tax Increase is worth less; the 1-coin fee for a take
  can count as a coin passed to the active player (`ExpertParams.team_fee`).
- Constants: `ExpertParams`, one set per player count (`PARAMS`, in `expert_params`), tuned with
  benchmarks/strength/tune_expert.py and judged with benchmarks/strength/strength.py.
- Time: nothing here depends on the Time Pile's size, except the optional Victory Pile move
  on a Tax Increase, taken only when the turns left after it still cover the estimate of the
  turns the open contracts need (`victory_threshold`), and the last turn, where the team
  stops drawing exactly when stopping wins (`policies.last_turn`).

C++ twin: `coop_helper/native/src/policies/expert.hpp` and `.cpp`.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from coop_helper.engine.cards import (
    ABILITY,
    ADMIRAL,
    CAPTAIN,
    GOVERNOR,
    GUNNER,
    JACK,
    JESTER,
    MADEMOISELLE,
    PERSON,
    PRIEST,
    SETTLER,
    SHIP,
    TAX,
    TRADER,
    VICE_ADMIRAL,
    build_deck,
)
from coop_helper.engine.contracts import GAMESTER_COLOURS, TINY_GAMESTER_COLOURS
from coop_helper.engine.state import CHEAP_COST, PlayerState, Table, hire_cost, takes_for_colours
from coop_helper.policies.draw_model import (
    DrawTerms,
    draw_correction,
    draw_features,
    draw_weights,
)
from coop_helper.policies.expert_params import BASELINE, PARAMS, VERSIONS, ExpertParams
from coop_helper.policies.last_turn import last_turn_look
from coop_helper.policies.needs import PAIRS
from coop_helper.policies.planning import Wants, assign_contracts, last_seat, wants_for_player
from coop_helper.policies.stop_wins import stopping_wins
from coop_helper.policies.take_model import take_correction, take_features, take_weights
from coop_helper.setup.catalog import COLOURS, SKULL

FILL: Final = 20.0  # a person that fills a slot of an assigned contract
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
HORIZON = {1: 15, 2: 17, 3: 19, 4: 21, 5: 23}  # typical game length in turns
DEFAULT_HORIZON: Final = 20  # at other player counts
JINX_VALUE: Final = 14.0  # a bust that completes Jinx
GAMESTER_VALUE: Final = 14.0
FOE_VALUE: Final = FILL * 0.6  # a Frigate or Galleon to decline, for a player after that Foe
SHARE_SHIPS: Final = True  # leave a ship to a teammate still to take who needs the coins more
MAX_HARBOUR: Final = 12  # never draw beyond this many harbour cards
TAX_HOLD: Final = 11  # from this many coins, one more risks the Tax Increase (it takes 12 or more)
MAX_SWORDS: Final = 8  # sword counts above this repel every ship but skulls anyway
EXPEDITION_ABILITIES = (SETTLER, CAPTAIN, PRIEST)
# Turns an open contract takes on average, by player count (an estimate from simulated
# games), and the spare turns kept before a Victory Pile move on a Tax Increase: at these
# settings the moves cost the expert 2-3 points of win chance for about half a point a win.
TURNS_PER_CONTRACT = {1: 4.0, 2: 3.0, 3: 2.4, 4: 2.0, 5: 1.7}
DEFAULT_TURNS_PER_CONTRACT: Final = 2.0
VICTORY_MARGIN: Final = 2
ROUND_UP: Final = 0.999  # added before rounding the turns needed down: rounds up
# What a coin is worth to a player saving for a money contract, and for a hire; coins from
# which a player with nothing to buy counts as rich (`ExpertParams.rich_coin`).
MONEY_COIN: Final = 1.2
HIRE_COIN: Final = 1.0
RICH_FROM: Final = 10
# Shares of FILL a person is worth: a Trader for Trader Prince; a cheap person for Cheap
# Staff when it is the last one wanted, and when more are; towards an expedition with no
# nearest one yet, a person that makes a pair (one held already, or a Jack) and a first one.
TRADER_FILL: Final = 0.7
CHEAP_FILL_LAST: Final = 0.9
CHEAP_FILL: Final = 0.5
PAIR_FILL: Final = 0.45
FIRST_FILL: Final = 0.25
PACK_FIRST_SWORDS: Final = 2  # `ExpertParams.pack_first` counts swords up to this many
# A player with fewer swords than REPEL_SWORDS values a person's swords REPEL_VALUE more.
REPEL_SWORDS: Final = 2
REPEL_VALUE: Final = 1.0
HIRE_PRICE: Final = 0.8  # a coin spent on a hire costs this share of what a coin is worth
TRADE_COINS: Final = 3  # coins the active player counts on from trading a ship before hiring
WEAK_OPTION: Final = 0.4  # a player's best option below this share of FILL is weak
TINY_GAMESTER_SHARE: Final = 0.6  # Tiny Gamester is worth this share of GAMESTER_VALUE
JESTER_COIN: Final = 0.7  # a Jester's coin when the active player busts


@dataclass(frozen=True)
class KindGroups:
    """Card kinds grouped the ways the expert counts them (built once per deck)."""

    ship_kinds: tuple[tuple[tuple[int, int], ...], ...]  # per colour: (kind id, swords)
    busting: tuple[tuple[tuple[int, ...], ...], ...]  # [colour][swords]: kinds that bust
    wanted: dict[object, frozenset[int]]  # ability code, "cheap", "swords", "expedition"
    ship_colour: tuple[int, ...]  # card id -> its colour if it is a ship, else -1
    income: tuple[float, ...]  # card id -> coins per turn a person brings
    taxes: tuple[int, ...]  # kind ids of the Tax Increases


@functools.cache
def _kind_groups(players: int) -> KindGroups:
    deck = build_deck(players)
    ships: list[list[tuple[int, int]]] = [[] for _ in COLOURS]
    wanted: dict[object, set[int]] = {
        key: set() for key in (*range(len(ABILITY)), "cheap", "swords", "expedition")
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
            if deck.cost[card] <= CHEAP_COST:
                wanted["cheap"].add(kind_id)
            if deck.swords[card]:
                wanted["swords"].add(kind_id)
            if ability in EXPEDITION_ABILITIES or ability == JACK:
                wanted["expedition"].add(kind_id)
    return KindGroups(
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
            INCOME_PER_TURN.get(deck.ability[c], 0.0) if deck.type[c] == PERSON else 0.0
            for c in range(deck.size)
        ),
        taxes=tuple(sorted({deck.kind[c] for c in range(deck.size) if deck.type[c] == TAX})),
    )


@dataclass(frozen=True)
class TurnFlags:
    """What the active player is after this turn, for the draw decision."""

    pack: bool  # setting ships aside for Pack of Pirates
    gamester: bool  # a 4th ship colour completes Gamester
    tiny_gamester: bool  # a 3rd ship colour marks or completes Tiny Gamester
    bust_bonus: float  # what a bust brings: Jinx, and the Jesters' coins


def _plan_value(
    rows: list[list[float]], table: Table, active: PlayerState, colours: int
) -> tuple[float, list[float]]:
    """Team value of a harbour (one row of values per card) if the turn stopped now.

    The active player takes their best cards (as many as the colours and Governors allow),
    then each other player in turn the best card left for them. Also returns each player's
    best value.
    """
    takes = takes_for_colours(colours) + active.abilities[GOVERNOR]
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


class ExpertPolicy:
    """A strong, coordinated team that sees only what a real table sees."""

    name = "expert"
    time_blind = True

    def __init__(
        self, params: dict[int, ExpertParams] | None = None, last_turn: bool = True
    ) -> None:
        self.params = PARAMS if params is None else params
        self.tuned = BASELINE
        # Plays the last turn for the win alone (`policies.last_turn`); the odds runner
        # replays that rule for every removal level.
        self.plays_last_turn = last_turn
        self.guess_seed = 0
        self.guess_rng: random.Random | None = None  # made at the first last-turn look
        # After a last-turn stop the rule played through: the contracts it left open (the
        # turn's outcome); -1 otherwise. Read by the odds runner's branches.
        self.stop_left_open = -1

    def start_game(self, table: Table, rng: random.Random) -> None:
        """Reset per-game memory; the card-kind groups are built once per deck."""
        self.tuned = self.params.get(table.n_players, BASELINE)
        self.guess_seed = rng.getrandbits(64)
        self.guess_rng = None
        self.deck = table.deck
        self.kinds = _kind_groups(table.deck.players)
        n = table.n_players
        self.wants: list[Wants] = [Wants() for _ in range(n)]
        self._assignment: list[list[str]] = [[] for _ in range(n)]
        self._open_n = self._row_n = -1
        self._dirty: set[int] = set()  # players whose display changed
        self._dirty_all = True  # a marker or a completion: hand contracts out anew
        self._turn = -1
        self._turns_ahead = 0
        # the seat of the last turn of the Time Pile as dealt: a shorter game (fewer turns,
        # or Tax Increase moves later on) keeps the plan it started with
        self._last_seat = last_seat(table)
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
            tuned = self.tuned
            self._assignment = assign_contracts(
                table,
                self._assignment,
                tuned.sticky,
                tuned.pack_swords,
                tuned.coin_weight,
                self._pack_seat(),
            )
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
            self.wants[i] = wants_for_player(
                table,
                players[i],
                self._assignment[i],
                self.tuned.pack_swords,
                self.tuned.expedition_slack,
            )
        self._open_n, self._row_n = open_n, row_n
        self._dirty_all = False
        self._dirty.clear()
        self._rows = []
        self._plan_version += 1
        if table.turn != self._turn:  # the card count moved on: recount for everyone
            self._turn = table.turn
            self._turns_ahead = max(0, HORIZON.get(table.n_players, DEFAULT_HORIZON) - table.turn)
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
        tuned = self.tuned
        if wants.coins and player.coins < wants.coins + 1:
            return MONEY_COIN
        hires = wants.abilities or wants.cheap or wants.traders or wants.swords
        if (hires or (tuned.explorer_saves and wants.expedition)) and player.coins < tuned.save_for:
            value = HIRE_COIN
        else:
            value = tuned.rich_coin if player.coins >= RICH_FROM else tuned.idle_coin
        if player.coins >= TAX_HOLD and value > tuned.tax_coin:
            return tuned.tax_coin
        return value

    def _fills(self, player: PlayerState, wants: Wants, card: int) -> float:
        """Contract progress a person brings this player (0 if none)."""
        deck = self.deck
        ability = deck.ability[card]
        value = 0.0
        if ability in wants.abilities:
            value += FILL
            if self.tuned.complete_gain and self._completes_a_pair(player, wants, ability):
                value += FILL * self.tuned.complete_gain
        if wants.traders and ability == TRADER:
            value += FILL * TRADER_FILL
        if wants.cheap and deck.cost[card] <= CHEAP_COST:
            value += FILL * (CHEAP_FILL_LAST if wants.cheap == 1 else CHEAP_FILL)
        if wants.swords and deck.swords[card]:
            value += FILL * self.tuned.sword_fill * min(deck.swords[card], wants.swords)
            if wants.pack and player.swords < PACK_FIRST_SWORDS:
                first = min(deck.swords[card], PACK_FIRST_SWORDS - player.swords)
                value += FILL * self.tuned.pack_first * first
        if wants.expedition and (ability in EXPEDITION_ABILITIES or ability == JACK):
            value += self._expedition_fill(player, wants, ability)
        return value

    def _completes_a_pair(self, player: PlayerState, wants: Wants, ability: int) -> bool:
        """Does this ability complete the pair of a two-person contract the player wants
        (the player holding the other person already)?"""
        for key in wants.contracts:
            pair = PAIRS.get(key)
            if pair is not None and ability in pair:
                other = pair[1] if pair[0] == ability else pair[0]
                if player.abilities[other] > 0:
                    return True
        return False

    def _expedition_fill(self, player: PlayerState, wants: Wants, ability: int) -> float:
        """What a person is worth towards the expedition the player is after."""
        missing = wants.expedition_missing
        if ability in missing or (ability == JACK and missing):
            return FILL * self.tuned.expedition_fill
        if not missing:  # no expedition to aim at yet: build towards a pair
            held = player.abilities[ability] if ability != JACK else 0
            return FILL * (PAIR_FILL if held >= 1 or ability == JACK else FIRST_FILL)
        return 0.0

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
        value = self._progress(player, card) + self.income_part(card)
        return value - coin * HIRE_PRICE * hire_cost(deck, player, card)

    def income_part(self, card: int) -> float:
        """The coins a person brings over the turns ahead, weighted (0 for a ship)."""
        return self.kinds.income[card] * self.tuned.income_weight * self._turns_ahead

    def progress(self, player: PlayerState, card: int) -> float:
        """The contract progress (and repelling power) a person brings this player."""
        return self._progress(player, card)

    def _progress(self, player: PlayerState, card: int) -> float:
        """Contract progress (and repelling power) a person brings; memoised per plan."""
        wants = self.wants[player.index]
        kind = self.deck.kind[card]
        progress = wants.fills.get(kind)
        if progress is None:  # depends on the display only: kept until the wants change
            progress = self._fills(player, wants, card)
            if self.deck.swords[card] and player.swords < REPEL_SWORDS:
                progress += REPEL_VALUE
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
        fee = self._fees(table, active)
        row = []
        if deck.type[card] == SHIP:
            colour = deck.colour[card]
            base = deck.coins[card]
            for player in table.players:
                i = player.index
                value = coin[i] * (base + player.traders[colour])
                if colour in self.wants[i].foes and value < FOE_VALUE:
                    value = FOE_VALUE
                row.append(value if player is active else value - fee[i])
            return row
        printed = deck.cost[card]
        income = self.income_part(card)
        fills = self.wants
        kind = deck.kind[card]
        for player in table.players:
            i = player.index
            is_active = player is active
            cost = printed - player.abilities[MADEMOISELLE]
            if player.coins + (TRADE_COINS if is_active else -1) < cost:  # cannot afford it
                row.append(0.0 if is_active else -fee[i])
                continue
            progress = fills[i].fills.get(kind)
            if progress is None:
                progress = self._progress(player, card)
            value = progress + income
            if cost > 0:
                value -= coin[i] * HIRE_PRICE * cost
            row.append(value if is_active else value - fee[i])
        return row

    def _fees(self, table: Table, active: PlayerState) -> list[float]:
        """What paying the active player the 1-coin fee for a take costs each player.

        With `ExpertParams.team_fee` the coin is not lost to the team: it costs the payer
        what a coin is worth to them, less what it is worth to the active player.
        """
        coin = self._coin
        if not self.tuned.team_fee:
            return coin
        gain = coin[active.index]
        return [c - gain for c in coin]

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
        return _plan_value(rows, table, active, colours)

    # ----------------------------------------------------------- decisions

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """Draw on while the expected gain of one more card beats the expected loss (with
        `stop_wins`, not where stopping wins now); on the last turn, stop exactly when
        stopping wins."""
        again = self.gain_beats_loss(table, player)
        if again and self.tuned.stop_wins and stopping_wins(table, self._guesses(), self.clone):
            again = False
        if table.time_size == 0 and self.plays_last_turn:
            again, self.stop_left_open = last_turn_look(table, again, self._guesses(), self.clone)
        return again

    def _guesses(self) -> random.Random:
        """The random source of the turns played through in the head (made at the first)."""
        if self.guess_rng is None:
            self.guess_rng = random.Random(self.guess_seed)
        return self.guess_rng

    def version_at(self, players: int) -> str:
        """The shipped expert's version at this player count (`expert_params.VERSIONS`)."""
        return VERSIONS[players]

    def clone(self) -> ExpertPolicy:
        """A copy in the middle of a game, with this game's memory: the same plan, the
        same wants (shared: they are replaced, never changed, when the plan changes)."""
        other = ExpertPolicy(self.params, self.plays_last_turn)
        other.tuned, other.deck, other.kinds = self.tuned, self.deck, self.kinds
        other.wants = list(self.wants)
        other._assignment = [list(a) for a in self._assignment]
        other._open_n, other._row_n = self._open_n, self._row_n
        other._dirty = set(self._dirty)
        other._dirty_all = self._dirty_all
        other._turn, other._turns_ahead = self._turn, self._turns_ahead
        other._last_seat = self._last_seat
        other._rows = list(self._rows)
        other._coin = list(self._coin)
        other._want_mass = list(self._want_mass)
        other._plan_version = self._plan_version
        other._flags_key, other._flags = self._flags_key, self._flags
        # Shared: it only draws the coins of a turn played through in the head, and which
        # coin cards those are changes nothing (`policies.last_turn`).
        other.guess_seed, other.guess_rng = self.guess_seed, self.guess_rng
        return other

    def gain_beats_loss(self, table: Table, player: PlayerState) -> bool:
        """The answer whatever the turns left: the expected gain of one more card against
        the expected loss."""
        terms = self.draw_terms(table, player)
        if isinstance(terms, bool):
            return terms
        return self.draw_margin(table, player, terms) > 0.0

    def draw_margin(self, table: Table, player: PlayerState, terms: DrawTerms) -> float:
        """How far the expected gain of one more card beats the expected loss (``terms``:
        `draw_terms`'), with the learned correction where it is on (`policies.draw_model`)."""
        p_bust, gain, bonus, loss = terms
        margin = (1.0 - p_bust) * (gain * self.tuned.draw_boldness + bonus) - p_bust * loss
        if self.tuned.draw_model:
            features = draw_features(table, player, terms)
            margin += self.tuned.draw_model * draw_correction(
                draw_weights(table.n_players), features
            )
        return margin

    def draw_terms(self, table: Table, player: PlayerState) -> bool | DrawTerms:
        """The answer where it needs no weighing (True: nothing or too little to bust on,
        False: nothing left to draw or a full harbour), else the terms `gain_beats_loss`
        weighs: the chance of busting, what one more card brings (before the boldness), what
        it brings whatever the harbour, and what a bust loses."""
        harbour = table.harbour
        if table.unseen_total <= 0 or len(harbour) >= MAX_HARBOUR:
            return False
        ship_colour = self.kinds.ship_colour
        colours = {ship_colour[c] for c in harbour}
        colours.discard(-1)
        if not colours:
            return True  # nothing to bust on
        self._refresh(table)
        p_bust = self._bust_chance(table, player, colours)
        tuned = self.tuned
        if p_bust < tuned.safe_bust:
            return True
        n_colours = len(colours)
        value_now, best = self._harbour_plan(table, player, n_colours)
        # What one more (non-busting) card adds: a wanted person for a player whose best
        # option is weak, coins from a ship, and a step towards more takes or a Gamester.
        gain = self._wanted_gain(table, best)
        p_new = self._new_colour_chance(table, colours)
        gain += p_new * tuned.new_colour_gain
        if takes_for_colours(n_colours + 1) > takes_for_colours(n_colours):
            gain += p_new * tuned.extra_take_gain  # one more take for the active player
        flags = self._turn_flags(table, player)
        bonus = 0.0  # gains that do not depend on the harbour
        if flags.pack:
            bonus += self._pack_chance(table, player) * tuned.pack_step
        if n_colours + 1 == GAMESTER_COLOURS and flags.gamester:
            gain += p_new * GAMESTER_VALUE
        elif n_colours + 1 == TINY_GAMESTER_COLOURS and flags.tiny_gamester:
            gain += p_new * GAMESTER_VALUE * TINY_GAMESTER_SHARE
        loss = value_now * tuned.loss_weight - flags.bust_bonus
        return p_bust, gain, bonus, loss

    def _bust_chance(self, table: Table, player: PlayerState, colours: set[int]) -> float:
        """Chance the next card is a ship of a harbour colour the player cannot repel."""
        unseen = table.unseen
        swords = min(player.swords, MAX_SWORDS)
        busting = 0
        for colour in colours:
            for kind_id in self.kinds.busting[colour][swords]:
                busting += unseen[kind_id]
        return busting / table.unseen_total

    def _wanted_gain(self, table: Table, best: list[float]) -> float:
        """What the next card is worth as a wanted person (more to a player whose best
        option is weak), and as a Tax Increase a planned Tax Officer waits for."""
        tuned = self.tuned
        gain = 0.0
        scale = 1.0 + tuned.endgame_weight / max(1, len(table.open))
        for other in table.players:
            room = 1.0 if best[other.index] < FILL * WEAK_OPTION else tuned.want_room
            gain += self._want_mass[other.index] * FILL * tuned.want_gain * room * scale
        if tuned.tax_draw > 0.0:
            gain += self._tax_officer_chance(table) * FILL * tuned.tax_draw * scale
        return gain

    def _new_colour_chance(self, table: Table, colours: set[int]) -> float:
        """Chance the next card is a ship of a colour the harbour does not hold yet."""
        ships = table.unseen_ships
        new_colour = sum(ships)
        for colour in colours:
            new_colour -= ships[colour]
        return new_colour / table.unseen_total

    def _tax_officer_chance(self, table: Table) -> float:
        """Chance the next card is a Tax Increase that completes a planned Tax Officer."""
        if "tax_officer" not in table.open:
            return 0.0
        ready = any(
            p.coins >= TAX_HOLD + 1 and "tax_officer" in self.wants[p.index].contracts
            for p in table.players
        )
        if not ready:
            return 0.0
        unseen = table.unseen
        return sum([unseen[k] for k in self.kinds.taxes]) / table.unseen_total

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
                bust_bonus=(JINX_VALUE if jinx else 0.0) + JESTER_COIN * jesters,
            )
        return self._flags

    def _pack_chance(self, table: Table, player: PlayerState) -> float:
        """Chance the next card is a ship this player can repel and set aside."""
        unseen = table.unseen
        swords = min(player.swords, MAX_SWORDS)
        count = 0
        for colour in range(len(COLOURS)):
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

    def _pack_seat(self) -> int | None:
        """The seat Pack of Pirates goes to among the players tied for it (None: the
        first of them): `ExpertParams.pack_seat` if set, else the clock's."""
        tuned = self.tuned
        if tuned.pack_seat >= 0:
            return tuned.pack_seat
        return self._last_seat if tuned.pack_clock else None

    def clock_seats(self, players: int, keys: Collection[str]) -> int:
        """How many kinds of game these contracts make by the seat of the last turn: the
        players with Pack of Pirates by the clock (`ExpertParams.pack_clock`), else 1."""
        tuned = self.params.get(players, BASELINE)
        clocked = tuned.pack_clock and tuned.pack_seat < 0
        return players if clocked and "pack_of_pirates" in keys else 1

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
        best, pick = 0.0, None
        coin = self.coin_value(player, self.wants[player.index])  # coins change as cards go
        self._coin[player.index] = coin
        fee, later = self.take_terms(table, player)
        for card in options:
            value, _, _ = self.take_value(table, player, card, fee, later, takes_left)
            if value > best:
                best, pick = value, card
        if pick is not None and self.deck.type[pick] == PERSON:
            self._touch(player)
        return pick

    def take_terms(self, table: Table, player: PlayerState) -> tuple[float, list[PlayerState]]:
        """What the fee costs this player for a take (0 for the active player), and the
        players still to take after them in this phase."""
        active = table.players[table.active]
        fee = 0.0 if active is player else self._fees(table, active)[player.index]
        return fee, self._still_to_take(table, player)

    def take_value(
        self,
        table: Table,
        player: PlayerState,
        card: int,
        fee: float,
        later: list[PlayerState],
        takes_left: int,
    ) -> tuple[float, float, float]:
        """What taking ``card`` is worth to this player as `choose_take` weighs it, and two
        of its parts: (value, the card's own worth, what a teammate still to take would
        gain over them from it). ``fee`` and ``later`` are `take_terms`'."""
        own = self.card_value(player, card)
        value = own - fee
        mates = 0.0
        if later and (self.deck.type[card] == PERSON or SHARE_SHIPS):
            mates = self._teammates_gain(player, later, card, own)
            value -= mates
        if self.tuned.take_model:  # the learned correction (policies.take_model)
            weights = take_weights(table.n_players)
            features = take_features(self, table, player, card, own, fee, mates, takes_left)
            value += self.tuned.take_model * take_correction(weights, features)
        return value, own, mates

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
        per = TURNS_PER_CONTRACT.get(table.n_players, DEFAULT_TURNS_PER_CONTRACT)
        return int(len(table.open) * per + ROUND_UP)

    def victory_threshold(self, table: Table) -> int:
        """The fewest Time Pile cards at which moving one to the Victory Pile is affordable."""
        return self.turns_needed(table) + VICTORY_MARGIN + 1

    def victory_move(self, table: Table) -> bool:
        """Move a card only if the turns left after it still cover the estimate."""
        return table.time_size >= self.victory_threshold(table)
