"""The co-op game of Port Royal with Just One More Contract, turn by turn.

`Game` owns the state and the flow; `contracts.py` knows each contract's requirement.
Every choice is put to the policy with the public table and the legal options.

The game is built in parts, each on top of the one before: `moves` (card moves and the
card count), `claims` (expeditions and contracts), `trade` (trade and hire), and here the
setup, the turn flow and Discover.

The rulings the engine relies on where the rules leave a choice are stated, each with its
test, in docs/engine-rulings.md.

C++ twin: `coop_helper/native/src/engine/game.hpp` (the class) and `.../engine/game.cpp`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from coop_helper.engine import contracts as rules
from coop_helper.engine.cards import (
    EXPEDITION,
    JESTER,
    PERSON,
    SHIP,
    build_deck,
)
from coop_helper.engine.log import EventLog
from coop_helper.engine.seeds import DECK, POLICY, stream_seed
from coop_helper.engine.state import Hidden, PlayerState, Table
from coop_helper.engine.trade import TradeAndHire
from coop_helper.setup.catalog import COLOURS, SKULL, Contract

if TYPE_CHECKING:  # a type only
    from coop_helper.engine.decisions import Decisions


@dataclass(frozen=True)
class GameConfig:
    """What a game is set up with."""

    contracts: tuple[Contract, ...]
    players: int
    time_pile: int  # cards in the Time Pile
    removed: int = 0  # moved to the Victory Pile before play
    seed: int = 0
    dealt_time: int | None = None
    """Time Pile cards dealt at setup (None: all of them, as the rules say). The others
    stay in the draw pile, and each is taken off it when its turn comes. A game with the
    Time Pile of a deal plus more turns than it can have (the atlas's) then plays exactly
    as that deal's own game until its own Time Pile is used up."""

    def __post_init__(self) -> None:
        if not 1 <= self.players <= 5:
            raise ValueError(f"players must be 1 to 5, not {self.players}")
        if not 0 <= self.removed <= self.time_pile:
            raise ValueError(f"can move 0 to {self.time_pile} cards, not {self.removed}")
        if self.dealt_time is not None and not 0 <= self.dealt_time <= self.time_pile:
            raise ValueError(
                f"can deal 0 to {self.time_pile} Time Pile cards, not {self.dealt_time}"
            )
        if self.dealt_time is not None and self.removed:
            # a removal would take a card not dealt, off the draw pile: not the deal's game
            raise ValueError("a Time Pile dealt in part cannot have cards removed before play")


@dataclass(frozen=True)
class GameResult:
    """How a game ended."""

    won: bool
    turns: int  # turns started
    points: int  # Victory Pile cards (the team's score if it won)
    victory_moves: int  # Time Pile cards moved on Tax Increases
    completers: dict[str, list[int]] = field(default_factory=dict)


class Game(TradeAndHire):
    """One co-op game: set up from a config, played to its end by a policy.

    A game can also go on from a given position (`coop_helper.engine.fork`): a table, the
    hidden cards and the random sources; `resume_draw` and `resume_take` then answer the
    decision the position stopped at and play the game to its end.
    """

    def __init__(
        self,
        config: GameConfig,
        policy: Decisions,
        log: EventLog | None = None,
        position: tuple[Table, Hidden, random.Random, random.Random] | None = None,
        start_policy: bool = True,
    ) -> None:
        if position is not None:
            table, hidden, rng, policy_rng = position
            super().__init__(config, policy, log, table.deck, table, hidden, rng)
            if start_policy:  # otherwise the policy goes on with its own memory
                policy.start_game(self.table, policy_rng)
            return
        deck = build_deck(config.players)
        rng = random.Random(stream_seed(config.seed, DECK))
        table = Table(deck, config.contracts, config.players)
        super().__init__(config, policy, log, deck, table, Hidden(config.players), rng)
        self._lay_out()
        policy.start_game(self.table, random.Random(stream_seed(config.seed, POLICY)))

    # ------------------------------------------------------------------ setup

    def _lay_out(self) -> None:
        deck, table, hidden, config = self.deck, self.table, self.hidden, self.config
        if self.log is not None:
            self.log.note(
                "setup",
                players=config.players,
                seed=config.seed,
                contracts=[c.key for c in config.contracts],
                time_pile=config.time_pile,
                removed=config.removed,
                deck_size=deck.size,
                **({} if config.dealt_time is None else {"dealt_time": config.dealt_time}),
            )
        hidden.draw = list(range(deck.size))
        five = deck.five_player_expedition
        if five is not None:
            hidden.draw.remove(five)
            table.expedition_row.append(five)
            self._move(five, "draw", "expedition_row")
        table.draw_size = len(hidden.draw)
        for card in hidden.draw:
            table.unseen[deck.kind[card]] += 1
            if deck.type[card] == SHIP:
                table.unseen_ships[deck.colour[card]] += 1
        table.unseen_total = len(hidden.draw)
        for player in table.players:
            self._gain(player, deck.start_coins)
        to_deal = config.time_pile if config.dealt_time is None else config.dealt_time
        for _ in range(to_deal):
            dealt = self._draw_hidden()
            if dealt is None:
                break
            card = dealt
            hidden.time.append(card)
            self._move(card, "draw", "time")
        table.time_owed = config.time_pile - to_deal
        table.time_size = len(hidden.time) + table.time_owed
        for _ in range(self.config.removed):
            self._time_to_victory()
        if self.log is not None:
            self.log.note("snapshot", **table.snapshot())

    # --------------------------------------------------------------- playing

    def resume_draw(self, again: bool) -> GameResult:
        """Go on from the active player's draw-again-or-stop question, answered ``again``."""
        table = self.table
        self._draw_loop(table.players[table.active], False, again)
        table.active = (table.active + 1) % table.n_players
        return self.run()

    def resume_take(self, player: int, takes: int, choice: int | None) -> GameResult:
        """Go on from a player's take question (``takes`` left), answered ``choice``."""
        table = self.table
        state = table.players[player]
        self._take_loop(state, takes, player == table.active, choice)
        if not table.over:
            self._later_take_times(state)
        self._end_turn()
        table.active = (table.active + 1) % table.n_players
        return self.run()

    def run(self) -> GameResult:
        """Play turns until the team wins or the Time Pile runs out; return the result."""
        table = self.table
        if not table.open:
            table.over = table.won = True
        while not table.over:
            self.play_turn()
            table.active = (table.active + 1) % table.n_players
        if self.log is not None:
            self.log.note(
                "game_end",
                won=table.won,
                turns=table.turn,
                points=table.victory_size if table.won else 0,
            )
        return GameResult(
            won=table.won,
            turns=table.turn,
            points=table.victory_size,
            victory_moves=self.victory_moves,
            completers={k: list(v) for k, v in table.completers.items()},
        )

    def play_turn(self) -> None:
        """One active player's turn: Discover, then Trade & Hire unless they bust."""
        table = self.table
        card = self._time_card(bottom=False) if table.time_size > 0 else None
        if card is None:
            table.over = True  # contracts still open and no Time Pile card: the team loses
            if self.log is not None:
                self.log.note("time_out", turn=table.turn + 1)
            return
        table.turn += 1
        player = table.players[table.active]
        if self.log is not None:
            self.log.note("turn_start", turn=table.turn, active=table.active)
        table.time_size -= 1
        busted = self._discover(player, card, "time")
        table.draw_runouts = 0
        self._draw_loop(player, busted, None)

    def _draw_loop(self, player: PlayerState, busted: bool, first: bool | None) -> None:
        """Draw again or stop until the player stops or busts, then the rest of the turn.

        ``first`` answers the first draw-again question (None: ask the policy).
        """
        table, policy = self.table, self.policy
        while not busted and not table.over:
            if table.draw_runouts >= 2:
                # The draw pile ran out twice this turn: no more drawing (engine ruling).
                if self.log is not None:
                    self.log.note("draw_stopped", player=player.index)
                break
            if first is None:
                again = policy.draw_again(table, player)
            else:
                again, first = first, None
            self._decided(player, "draw_again", again)
            if not again:
                if self.on_stop is not None:
                    self.on_stop()
                break
            drawn = self._draw_hidden(reveal=True)
            if drawn is None:
                break
            card = drawn
            busted = self._discover(player, card, "draw")
        if table.over:
            self._end_turn()
            return
        if busted:
            self._bust(player)
        else:
            self._trade_and_hire(player)
        self._end_turn()

    def _end_turn(self) -> None:
        table = self.table
        harbour = table.harbour
        while harbour:  # one card at a time, so every card is in one zone at every move
            card = harbour.pop(0)
            table.discard.append(card)
            self._move(card, "harbour", "discard")
        if self.log is not None:
            self.log.note("snapshot", **table.snapshot())
        if self.on_turn_end is not None:
            self.on_turn_end()

    # ------------------------------------------------------------- discover

    def _discover(self, player: PlayerState, card: int, source: str) -> bool:
        """Place a drawn card; True if the active player busts."""
        deck, table = self.deck, self.table
        if self.log is not None:
            self.log.note("draw", player=player.index, card=card, source=source)
        kind = deck.type[card]
        if kind == PERSON:
            table.harbour.append(card)
            self._move(card, source, "harbour")
            return False
        if kind == EXPEDITION:
            table.expedition_row.append(card)
            self._move(card, source, "expedition_row")
            return False
        if kind != SHIP:
            table.discard.append(card)
            self._move(card, source, "discard")
            self._tax(card)
            return False
        swords = deck.swords[card]
        if swords != SKULL and player.swords >= swords:
            repel = self.policy.repel(table, player, card)
            self._decided(player, "repel", repel, card)
            if repel:
                self._repelled(player, card, source)
                return False
        colour = deck.colour[card]
        harbour_colours = {deck.colour[c] for c in table.harbour if deck.type[c] == SHIP}
        table.harbour.append(card)
        self._move(card, source, "harbour")
        if colour in harbour_colours:
            return True
        if len(harbour_colours) + 1 in (rules.TINY_GAMESTER_COLOURS, rules.GAMESTER_COLOURS):
            self._colour_triggers(player, len(harbour_colours) + 1)
        return False

    def _repelled(self, player: PlayerState, card: int, source: str) -> None:
        colour = self.deck.colour[card]
        keep = rules.eligible(self.table, player, "pack_of_pirates") and colour not in player.aside
        if self.log is not None:
            self.log.note("repel", player=player.index, card=card, aside=keep)
        if keep:
            player.aside[colour] = card
            self._move(card, source, f"aside:{player.index}")
            if len(player.aside) == len(COLOURS):
                for colour_aside in list(player.aside):
                    ship = player.aside.pop(colour_aside)
                    self.table.discard.append(ship)
                    self._move(ship, f"aside:{player.index}", "discard")
                self._complete(player, "pack_of_pirates")
            return
        self.table.discard.append(card)
        self._move(card, source, "discard")

    def _decide_at_once(self, player: PlayerState, key: str) -> bool:
        """A "decide at once" contract's trigger: ask the policy if the player may take it."""
        table = self.table
        if key not in table.contract_by_key or not rules.eligible(table, player, key):
            return False
        decide = self.policy.complete(table, player, key)
        self._decided(player, f"complete:{key}", decide)
        return decide

    def _colour_triggers(self, player: PlayerState, colours: int) -> None:
        """Gamester (4 colours) and Tiny Gamester (3 colours), decided at once."""
        key = "gamester" if colours == rules.GAMESTER_COLOURS else "tiny_gamester"
        table = self.table
        if key not in table.contract_by_key:
            return
        if key == "tiny_gamester" and key in player.markers:
            if player.marker_turn[key] < table.turn and rules.eligible(table, player, key):
                self._complete(player, key)
            return
        if not self._decide_at_once(player, key):
            return
        if key == "tiny_gamester":
            player.markers[key] = 1
            player.marker_turn[key] = table.turn
            if self.log is not None:
                self.log.note("marker", player=player.index, contract=key, step=1)
        else:
            self._complete(player, key)

    def _bust(self, player: PlayerState) -> None:
        table = self.table
        if self.log is not None:
            self.log.note("bust", player=player.index)
        for other in table.players:
            jesters = other.abilities[JESTER]
            if jesters:
                if self.log is not None:
                    self.log.note("income", player=other.index, coins=jesters, reason="jester")
                self._gain(other, jesters)
        if self._decide_at_once(player, "jinx"):
            self._complete(player, "jinx")
            if table.over:
                return
        self._offer_expeditions(player)

    def _tax(self, card: int) -> None:
        """Resolve a Tax Increase: halve the rich, pay the bonus, offer the Victory Pile move."""
        order = self._clockwise()
        self._halve_the_rich(card, order)
        if not self.table.over:
            self._tax_bonus(card, order)
        # The move belongs to drawing the card, so it is offered even if the tax won the game.
        self._offer_victory_move()

    def _halve_the_rich(self, card: int, order: list[PlayerState]) -> None:
        """Every player with 12 coins or more loses half (rounded down); a taxed player may
        then complete Tax Officer."""
        table = self.table
        taxed = [p for p in order if p.coins >= rules.TAX_THRESHOLD]
        if self.log is not None:
            self.log.note(
                "tax", card=card, taxed=[p.index for p in taxed], lost=[p.coins // 2 for p in taxed]
            )
        for player in taxed:
            self._pay_discard(player, player.coins // 2)
        for player in taxed:
            if self._decide_at_once(player, "tax_officer"):
                self._complete(player, "tax_officer")
                if table.over:
                    return

    def _tax_bonus(self, card: int, order: list[PlayerState]) -> None:
        """A coin to each player with the most swords, or the fewest victory points."""
        table = self.table
        if self.deck.most_swords[card]:
            best = max(p.swords for p in table.players)
            winners = [p for p in order if p.swords == best]
        else:
            least = min(p.vp for p in table.players)
            winners = [p for p in order if p.vp == least]
        if self.log is not None:
            self.log.note(
                "tax_bonus",
                players=[p.index for p in winners],
                most_swords=self.deck.most_swords[card],
            )
        for player in winners:
            self._gain(player, 1)

    def _offer_victory_move(self) -> None:
        """The team may move a Time Pile card to the Victory Pile."""
        table = self.table
        if table.time_size > 0:
            move = self.policy.victory_move(table)
            self._decided(None, "victory_move", move)
            if move and self._time_to_victory():
                self.victory_moves += 1
