"""Game state, split in two: what every player sees (`Table`) and what nobody sees (`Hidden`).

Policies are handed the `Table` only. The order of the draw pile and the Time Pile and the
faces of coin cards live in `Hidden`, which the engine alone touches.

C++ twin: `coop_helper/native/src/engine/state.hpp`.
"""

from __future__ import annotations

from typing import Any, Final

from coop_helper.engine.cards import ABILITY, MADEMOISELLE, Deck
from coop_helper.setup.catalog import COLOURS, Contract

CUBES: Final = 3  # wooden cubes per player: at most 3 contracts


class PlayerState:
    """One player's public state: coin count, display, derived totals, contract progress."""

    __slots__ = (
        "abilities",
        "aside",
        "cheap_persons",
        "clerks",
        "coins",
        "completed",
        "expeditions",
        "index",
        "marker_turn",
        "markers",
        "persons",
        "swords",
        "traders",
        "vp",
    )

    def __init__(self, index: int, source: PlayerState | None = None) -> None:
        """A player with nothing yet, or (``source``) an independent copy of one."""
        self.index = index
        if source is None:
            self.coins = 0  # how many coin cards the player holds (their faces are hidden)
            self.persons: list[int] = []  # card ids in the personal display
            self.expeditions: list[int] = []  # claimed expeditions (in the display)
            self.swords = 0
            self.vp = 0  # persons + expeditions + contract bonuses
            self.abilities = [0] * len(ABILITY)  # persons in display per ability code
            self.traders = [0] * len(COLOURS)  # Traders per ship colour
            self.clerks = [0] * len(COLOURS)  # Clerks per ship colour
            self.cheap_persons = 0  # persons with printed cost 3 or less
            self.completed: list[str] = []  # contract keys, in completion order
            self.markers: dict[str, int] = {}  # contract key -> progress marker step
            self.marker_turn: dict[str, int] = {}  # contract key -> turn its marker was placed
            self.aside: dict[int, int] = {}  # Pack of Pirates: colour -> set-aside ship card
        else:  # every field built once, not made empty and then replaced
            self.coins = source.coins
            self.persons = list(source.persons)
            self.expeditions = list(source.expeditions)
            self.swords = source.swords
            self.vp = source.vp
            self.abilities = list(source.abilities)
            self.traders = list(source.traders)
            self.clerks = list(source.clerks)
            self.cheap_persons = source.cheap_persons
            self.completed = list(source.completed)
            self.markers = dict(source.markers)
            self.marker_turn = dict(source.marker_turn)
            self.aside = dict(source.aside)

    def cubes_free(self) -> int:
        """Wooden cubes not yet on a contract (3 each; markers hold one too)."""
        return CUBES - len(self.completed) - len(self.markers)

    def copy(self) -> PlayerState:
        """An independent copy (for a game forked from this one)."""
        return PlayerState(self.index, self)

    def snapshot(self) -> dict[str, Any]:
        """Public state as plain data."""
        return {
            "coins": self.coins,
            "display": list(self.persons),
            "expeditions": list(self.expeditions),
            "swords": self.swords,
            "vp": self.vp,
            "contracts": list(self.completed),
            "markers": dict(self.markers),
            "aside": sorted(self.aside.values()),
        }


class Table:
    """Everything public: what a player at the table can see or count."""

    __slots__ = (
        "active",
        "completers",
        "contract_by_key",
        "contracts",
        "deck",
        "discard",
        "draw_runouts",
        "draw_size",
        "expedition_row",
        "harbour",
        "n_players",
        "open",
        "over",
        "players",
        "reshuffled",
        "time_owed",
        "time_size",
        "turn",
        "unseen",
        "unseen_ships",
        "unseen_total",
        "victory_size",
        "won",
    )

    def __init__(
        self,
        deck: Deck,
        contracts: tuple[Contract, ...],
        n_players: int,
        source: Table | None = None,
    ) -> None:
        """A table before setup, or (``source``) an independent copy of one that shares
        only the immutable deck and contracts."""
        self.deck = deck
        self.contracts = contracts
        self.n_players = n_players
        if source is None:
            self.contract_by_key = {c.key: c for c in contracts}
            self.players = [PlayerState(i) for i in range(n_players)]
            self.active = 0
            self.turn = 0  # turns started so far
            self.harbour: list[int] = []
            self.expedition_row: list[int] = []
            self.discard: list[int] = []  # face up: its contents are public
            self.draw_size = 0
            self.time_size = 0
            # Time Pile cards counted in time_size but not dealt yet: each is taken off the
            # draw pile when its turn comes (GameConfig.dealt_time). 0 in a game set up by
            # the rules.
            self.time_owed = 0
            self.victory_size = 0
            self.completers: dict[str, list[int]] = {c.key: [] for c in contracts}
            self.open: list[str] = [c.key for c in contracts]  # no completer yet
            # Card counting from public information: how many cards of each kind could
            # still come off the draw pile, as far as the table can know (see
            # Game._reveal).
            self.unseen = [0] * len(deck.kinds)
            self.unseen_total = 0
            self.unseen_ships = [0] * len(COLOURS)  # the same count, ships by colour
            self.reshuffled = False
            self.draw_runouts = 0  # times the draw pile ran out since this turn's drawing began
            self.over = False
            self.won = False
        else:  # every field built once, not made empty and then replaced
            self.contract_by_key = source.contract_by_key
            self.players = [PlayerState(p.index, p) for p in source.players]
            self.active = source.active
            self.turn = source.turn
            self.harbour = list(source.harbour)
            self.expedition_row = list(source.expedition_row)
            self.discard = list(source.discard)
            self.draw_size = source.draw_size
            self.time_size = source.time_size
            self.time_owed = source.time_owed
            self.victory_size = source.victory_size
            self.completers = {k: list(v) for k, v in source.completers.items()}
            self.open = list(source.open)
            self.unseen = list(source.unseen)
            self.unseen_total = source.unseen_total
            self.unseen_ships = list(source.unseen_ships)
            self.reshuffled = source.reshuffled
            self.draw_runouts = source.draw_runouts
            self.over = source.over
            self.won = source.won

    def copy(self) -> Table:
        """An independent copy sharing only the immutable deck and contracts."""
        return Table(self.deck, self.contracts, self.n_players, self)

    def snapshot(self) -> dict[str, Any]:
        """The public state as plain data (used by the event log and by tests)."""
        return {
            "turn": self.turn,
            "active": self.active,
            "players": [p.snapshot() for p in self.players],
            "harbour": list(self.harbour),
            "expedition_row": list(self.expedition_row),
            "draw_pile": self.draw_size,
            "discard_pile": len(self.discard),
            "time_pile": self.time_size - self.time_owed,  # the cards in it
            "victory_pile": self.victory_size,
            "open_contracts": list(self.open),
        }


CHEAP_COST: Final = 3  # a person of this printed cost or less is cheap (Cheap Staff)


def takes_for_colours(colours: int) -> int:
    """The active player's takes for this many ship colours in the harbour (Governors
    aside): 1 up to 3 colours, then 1 more per colour."""
    return 1 if colours <= 3 else colours - 2


def hire_cost(deck: Deck, player: PlayerState, card: int) -> int:
    """What hiring a person costs this player: 1 less per Mademoiselle, never below 0."""
    cost = deck.cost[card] - player.abilities[MADEMOISELLE]
    return cost if cost > 0 else 0


class Hidden:
    """What no player sees: the order of the draw pile and Time Pile, and coin card faces."""

    __slots__ = ("coin_cards", "draw", "stacked", "time", "victory")

    def __init__(self, n_players: int) -> None:
        self.draw: list[int] = []  # unordered: cards are drawn from it at random
        # Test hook: when True, cards come off the end of `draw` in order (a rigged deck).
        self.stacked = False
        self.time: list[int] = []  # the Time Pile, top card last
        self.coin_cards: list[list[int]] = [[] for _ in range(n_players)]
        self.victory: list[int] = []  # face down

    def copy(self) -> Hidden:
        """An independent copy."""
        other = Hidden(0)
        other.draw = list(self.draw)
        other.stacked = self.stacked
        other.time = list(self.time)
        other.coin_cards = [list(c) for c in self.coin_cards]
        other.victory = list(self.victory)
        return other
