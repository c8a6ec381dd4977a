"""The co-op game of Port Royal with Just One More Contract, turn by turn.

`Game` owns the state and the flow; `contracts.py` knows each contract's requirement.
Every choice is put to the policy with the public table and the legal options.

Engine rulings beyond REFERENCE.md §6 (all of them, in full, in docs/engine-rulings.md):
- Cards moved to the Victory Pile come off the bottom of the face-down Time Pile, so the
  turns already played do not depend on how many were moved (they are face down and
  shuffled, so which ones go makes no difference to the odds).
- Declining a Frigate's or Galleon's coins declines all of them: the trader bonus and the
  expansion ship's coin for another player too.
- Ships are set aside for Pack of Pirates only by a player who can still complete it; it
  completes by itself when the fifth colour is set aside.
- Expeditions may be claimed by the active player when their take time starts, after each
  of their takes, and after a bust.
- If the draw pile and the discard pile are both empty, the active player stops drawing
  and coin gains fall short by what is missing.
- If the draw pile runs out a second time while the active player draws, they stop drawing
  (otherwise a player who keeps repelling could reshuffle the same ships for ever).
- Readings of REFERENCE.md §6: cards are taken one by one, so a Governor hired in a take
  time adds a take at once (9); the discard pile is shuffled in the moment the draw pile
  empties (10); every contract that has become possible is offered after each take and
  each completion (11).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from coop_helper.engine import contracts as rules
from coop_helper.engine.cards import (
    ADMIRAL,
    BLACK,
    CLERK,
    EXPEDITION,
    GOVERNOR,
    GUNNER,
    JACK,
    JESTER,
    PERSON,
    RED,
    SHIP,
    TRADER,
    VICE_ADMIRAL,
    Deck,
    build_deck,
)
from coop_helper.engine.log import EventLog
from coop_helper.engine.seeds import DECK, POLICY, stream_seed
from coop_helper.engine.state import Hidden, PlayerState, Table, hire_cost
from coop_helper.setup.catalog import COLOURS, SKULL, Contract

if TYPE_CHECKING:  # the policies package imports the engine: no import cycle at run time
    from coop_helper.policies.base import Policy

TAX_THRESHOLD: Final = 12
ASK: Final = -2  # a resumed decision not yet answered: the policy is asked


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


class Game:
    """One co-op game: set up from a config, played to its end by a policy.

    A game can also go on from a given position (`coop_helper.engine.fork`): a table, the
    hidden cards and the random sources; `resume_draw` and `resume_take` then answer the
    decision the position stopped at and play the game to its end.
    """

    def __init__(
        self,
        config: GameConfig,
        policy: Policy,
        log: EventLog | None = None,
        position: tuple[Table, Hidden, random.Random, random.Random] | None = None,
        start_policy: bool = True,
    ) -> None:
        self.config = config
        self.policy = policy
        self.log = log
        # Called when the active player stops drawing, and at the end of every turn (the
        # odds runner branches from a stop by what the rest of its turn left).
        self.on_stop: Callable[[], None] | None = None
        self.on_turn_end: Callable[[], None] | None = None
        self.victory_moves = 0
        self.reshuffles = 0  # times the discard pile became the draw pile
        self._needs_at_take = [c.key for c in config.contracts if c.key in rules.AT_TAKE_TIME]
        if position is not None:
            self.table, self.hidden, self.rng, policy_rng = position
            self.deck: Deck = self.table.deck
            if start_policy:  # otherwise the policy goes on with its own memory
                policy.start_game(self.table, policy_rng)
            return
        self.deck = build_deck(config.players)
        self.rng = random.Random(stream_seed(config.seed, DECK))
        self.table = Table(self.deck, config.contracts, config.players)
        self.hidden = Hidden(config.players)
        self._setup()
        policy.start_game(self.table, random.Random(stream_seed(config.seed, POLICY)))

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
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

    # ------------------------------------------------------------ card moves

    def _move(self, card: int, source: str, target: str) -> None:
        if self.log is not None:
            self.log.move(card, source, target)

    def _draw_hidden(self, reveal: bool = False) -> int | None:
        """Take a random card off the draw pile; ``reveal`` if it is drawn face up.

        The moment the draw pile empties, the discard pile is shuffled into a new one
        (REFERENCE.md §6, reading 10). A draw pile found empty (the discard pile was empty
        when it ran out) is refilled the same way when the next card is wanted.
        """
        draw = self.hidden.draw
        if not draw:
            if not self.table.discard:
                return None
            self._reshuffle()
        n = len(draw)
        i = n - 1 if self.hidden.stacked else int(self.rng.random() * n)
        card = draw[i]
        if reveal:
            self._reveal(card, from_draw=True)
        if n == 1:
            self.table.draw_runouts += 1
            if self.table.discard:
                self._reshuffle(last=card)  # the last card leaves as the new pile forms
                return card
        draw[i] = draw[n - 1]
        draw.pop()
        self.table.draw_size = n - 1
        return card

    def _reshuffle(self, last: int | None = None) -> None:
        """Shuffle the discard pile into the draw pile.

        ``last`` is the old pile's last card, being drawn: it stays in the pile until the
        new one is formed (so every card is in one zone at every logged move), then leaves.
        """
        table = self.table
        if self.log is not None:
            for card in table.discard:
                self.log.move(card, "discard", "draw")
            # emptied: the pile ran out as its last card was drawn (that draw is logged next)
            self.log.note("reshuffle", cards=len(table.discard), emptied=last is not None)
        draw = self.hidden.draw
        if last is not None:
            draw.remove(last)
        draw.extend(table.discard)
        # From now on the draw pile is exactly the old discard pile, which everyone saw.
        unseen = [0] * len(table.unseen)
        ships = [0] * len(table.unseen_ships)
        deck = self.deck
        for card in table.discard:
            unseen[deck.kind[card]] += 1
            if deck.type[card] == SHIP:
                ships[deck.colour[card]] += 1
        table.unseen = unseen
        table.unseen_ships = ships
        table.unseen_total = len(table.discard)
        table.discard = []
        table.draw_size = len(draw)
        table.reshuffled = True
        self.reshuffles += 1

    def _reveal(self, card: int, from_draw: bool) -> None:
        """A hidden card turns face up: the table's card count learns of it."""
        table = self.table
        if from_draw or not table.reshuffled:
            kind = self.deck.kind[card]
            if table.unseen[kind] > 0:
                table.unseen[kind] -= 1
                table.unseen_total -= 1
                if self.deck.type[card] == SHIP:
                    table.unseen_ships[self.deck.colour[card]] -= 1

    def _gain(self, player: PlayerState, n: int) -> None:
        coins = self.hidden.coin_cards[player.index]
        for _ in range(n):
            card = self._draw_hidden()
            if card is None:
                return
            coins.append(card)
            player.coins += 1
            if self.log is not None:
                self.log.move(card, "draw", f"coins:{player.index}")

    def _pay_discard(self, player: PlayerState, n: int) -> None:
        coins = self.hidden.coin_cards[player.index]
        for _ in range(n):
            card = coins.pop()
            player.coins -= 1
            self._reveal(card, from_draw=False)
            self.table.discard.append(card)
            if self.log is not None:
                self.log.move(card, f"coins:{player.index}", "discard")

    def _pay_player(self, payer: PlayerState, payee: PlayerState, n: int) -> None:
        source = self.hidden.coin_cards[payer.index]
        target = self.hidden.coin_cards[payee.index]
        for _ in range(n):
            card = source.pop()
            target.append(card)
            payer.coins -= 1
            payee.coins += 1
            if self.log is not None:
                self.log.move(card, f"coins:{payer.index}", f"coins:{payee.index}")

    def _time_card(self, bottom: bool) -> int | None:
        """Take the top card of the Time Pile, revealed for the card count, or the bottom
        one, face down. One not dealt yet comes off the draw pile now, revealed as it
        leaves it (before any reshuffle it sets off). None if no card is left anywhere."""
        table, hidden = self.table, self.hidden
        if table.time_owed > 0 and (bottom or not hidden.time):
            card = self._draw_hidden(reveal=not bottom)
            if card is not None:
                table.time_owed -= 1
                self._move(card, "draw", "time")
            return card
        if bottom:
            return hidden.time.pop(0)
        card = hidden.time.pop()
        self._reveal(card, from_draw=False)
        return card

    def _time_to_victory(self) -> bool:
        """Move the bottom Time Pile card to the Victory Pile (face down); False if there
        was no card to move."""
        card = self._time_card(bottom=True)
        if card is None:
            return False
        self.hidden.victory.append(card)
        self.table.time_size -= 1
        self.table.victory_size += 1
        self._move(card, "time", "victory")
        return True

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

    def _decided(
        self, player: PlayerState | None, kind: str, choice: object, options: object = None
    ) -> None:
        if self.log is not None:
            self.log.decision(
                None if player is None else player.index, kind, choice, self.policy.name, options
            )

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
        if len(harbour_colours) in (2, 3):  # just reached 3 or 4 different colours
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
        key = "gamester" if colours == 4 else "tiny_gamester"
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
        table, policy = self.table, self.policy
        order = self._clockwise()
        taxed = [p for p in order if p.coins >= TAX_THRESHOLD]
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
                    break
        if not table.over:
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
        # The move belongs to drawing the card, so it is offered even if the tax won the game.
        if table.time_size > 0:
            move = policy.victory_move(table)
            self._decided(None, "victory_move", move)
            if move and self._time_to_victory():
                self.victory_moves += 1

    # ---------------------------------------------------------- trade & hire

    def _trade_and_hire(self, active: PlayerState) -> None:
        table, deck = self.table, self.deck
        colours = len({deck.colour[c] for c in table.harbour if deck.type[c] == SHIP})
        takes = (1 if colours <= 3 else colours - 2) + active.abilities[GOVERNOR]
        self._take_time(active, takes, is_active=True)
        self._later_take_times(active)

    def _later_take_times(self, after: PlayerState) -> None:
        """The take times of the players after this one in turn order."""
        table = self.table
        order = self._clockwise()
        for player in order[order.index(after) + 1 :]:
            if table.over:
                return
            self._take_time(player, 1 + player.abilities[GOVERNOR], is_active=False)

    def _clockwise(self) -> list[PlayerState]:
        """Players in turn order, starting with the active player."""
        players, start = self.table.players, self.table.active
        return players[start:] + players[:start]

    def _take_time(self, player: PlayerState, takes: int, is_active: bool) -> None:
        if self.log is not None:
            self.log.note("take_time", player=player.index, takes=takes, active=is_active)
        self._take_income(player, is_active)
        if is_active:
            self._offer_expeditions(player)
        self._offer_completions(player)
        self._take_loop(player, takes, is_active, ASK)

    def _take_loop(
        self, player: PlayerState, takes: int, is_active: bool, first: int | None
    ) -> None:
        """Take cards one by one; ``first`` answers the first question (ASK: the policy)."""
        table, policy = self.table, self.policy
        while takes > 0 and table.harbour and not table.over:
            options = self._take_options(player, is_active)
            if not options:
                break
            if first == ASK:
                card = policy.choose_take(table, player, options, takes)
            else:
                card, first = first, ASK
            self._decided(player, "take", card, options)
            if card is None:
                break
            if card not in options:
                raise ValueError(f"policy {policy.name} chose {card}, not one of {options}")
            takes -= 1
            takes += self._take(player, card, is_active)
            if is_active:
                self._offer_expeditions(player)
            self._offer_completions(player)

    def _take_income(self, player: PlayerState, is_active: bool) -> None:
        """Coins due when it is a player's time to take cards."""
        table, deck = self.table, self.deck
        harbour = len(table.harbour)
        ships = sum(1 for c in table.harbour if deck.type[c] == SHIP)
        coins = 0
        if player.abilities[GUNNER] and ships > 1:
            coins += player.abilities[GUNNER] * (ships - 1)
        if player.abilities[VICE_ADMIRAL] and harbour in (3, 4):
            coins += player.abilities[VICE_ADMIRAL]
        if player.abilities[ADMIRAL] and harbour >= 5:
            coins += 2 * player.abilities[ADMIRAL]
        if player.abilities[JESTER] and not is_active and harbour == 0:
            coins += player.abilities[JESTER]
        if coins:
            if self.log is not None:
                self.log.note("income", player=player.index, coins=coins, reason="take_time")
            self._gain(player, coins)

    def hire_cost(self, player: PlayerState, card: int) -> int:
        """What hiring a person costs this player (Mademoiselles' discount, never below 0)."""
        return hire_cost(self.deck, player, card)

    def _take_options(self, player: PlayerState, is_active: bool) -> list[int]:
        deck = self.deck
        fee = 0 if is_active else 1
        options = []
        for card in self.table.harbour:
            if deck.type[card] == SHIP:
                options.append(card)  # every ship pays at least the 1-coin fee
            elif player.coins >= self.hire_cost(player, card) + fee:
                options.append(card)
        return options

    def _take(self, player: PlayerState, card: int, is_active: bool) -> int:
        """Trade or hire one harbour card; returns extra takes earned (Clerks, a Governor)."""
        table, deck = self.table, self.deck
        active = table.players[table.active]
        extra = 0
        if deck.type[card] == SHIP:
            table.harbour.remove(card)
            extra = self._trade(player, card, is_active)
        else:
            cost = self.hire_cost(player, card)
            if self.log is not None:
                self.log.note("hire", player=player.index, card=card, cost=cost)
            self._pay_discard(player, cost)
            table.harbour.remove(card)
            self._hire(player, card)
            if deck.ability[card] == GOVERNOR:  # its extra take is there at once (reading 9)
                extra = 1
        if not is_active:
            if self.log is not None:
                self.log.note("fee", player=player.index, to=active.index, coins=1)
            self._pay_player(player, active, 1)
        return extra

    def _trade(self, player: PlayerState, card: int, is_active: bool) -> int:
        table, deck = self.table, self.deck
        colour = deck.colour[card]
        table.discard.append(card)
        self._move(card, "harbour", "discard")
        foe = "frigate_foe" if colour == RED else "galleon_foe" if colour == BLACK else None
        declined = False
        if (
            foe
            and foe in table.contract_by_key
            and rules.eligible(table, player, foe)
            and (is_active or player.coins >= 1)
        ):
            declined = self.policy.decline_coins(table, player, card, foe)
            self._decided(player, f"decline:{foe}", declined, card)
        if self.log is not None:
            coins = 0 if declined else deck.coins[card] + player.traders[colour]
            self.log.note("trade", player=player.index, card=card, coins=coins, declined=declined)
        if declined:
            self._foe_progress(player, foe)  # type: ignore[arg-type]
        else:
            self._gain(player, deck.coins[card] + player.traders[colour])
            if deck.coin_to_other[card] and table.n_players > 1:
                others = [p.index for p in table.players if p is not player]
                chosen = self.policy.coin_recipient(table, player, others)
                self._decided(player, "coin_recipient", chosen, others)
                if self.log is not None:
                    self.log.note("income", player=chosen, coins=1, reason="gift")
                self._gain(table.players[chosen], 1)
        return player.clerks[colour]

    def _foe_progress(self, player: PlayerState, key: str) -> None:
        step = player.markers.get(key, 0) + 1
        if step > self.table.contract_by_key[key].markers:
            self._complete(player, key)
        else:
            player.markers[key] = step
            if self.log is not None:
                self.log.note("marker", player=player.index, contract=key, step=step)

    def _hire(self, player: PlayerState, card: int) -> None:
        player.persons.append(card)
        if self.log is not None:
            self.log.move(card, "harbour", f"display:{player.index}")
        self._add_person(player, card, +1)

    def _add_person(self, player: PlayerState, card: int, sign: int) -> None:
        deck = self.deck
        ability = deck.ability[card]
        player.abilities[ability] += sign
        player.swords += sign * deck.swords[card]
        player.vp += sign * deck.vp[card]
        if deck.cost[card] <= 3:
            player.cheap_persons += sign
        if ability == TRADER:
            player.traders[deck.colour[card]] += sign
        elif ability == CLERK:
            player.clerks[deck.colour[card]] += sign

    # ------------------------------------------------------------ expeditions

    def _offer_expeditions(self, player: PlayerState) -> None:
        table = self.table
        while not table.over:
            options = [c for c in table.expedition_row if self._can_claim(player, c)]
            if not options:
                return
            choice = self.policy.claim_expedition(table, player, options)
            self._decided(player, "claim_expedition", choice, options)
            if choice is None:
                return
            self._claim(player, choice)

    def _can_claim(self, player: PlayerState, card: int) -> bool:
        """Has the player the persons this expedition needs (Jacks making up the rest)?"""
        abilities = player.abilities
        short = 0
        for ability, count in self.deck.needs[card]:
            if abilities[ability] < count:
                short += count - abilities[ability]
        return short <= abilities[JACK]

    def _expedition_persons(self, player: PlayerState, card: int) -> list[int] | None:
        """The persons a claim would discard (named persons first, Jacks for the rest)."""
        deck = self.deck
        chosen: list[int] = []
        jacks = [c for c in player.persons if deck.ability[c] == JACK]
        for ability, count in deck.needs[card]:
            own = [c for c in player.persons if deck.ability[c] == ability][:count]
            chosen += own
            short = count - len(own)
            if short > len(jacks):
                return None
            chosen += jacks[:short]
            jacks = jacks[short:]
        return chosen

    def _claim(self, player: PlayerState, card: int) -> None:
        deck, table = self.deck, self.table
        persons = self._expedition_persons(player, card)
        if persons is None:
            raise ValueError(f"player {player.index} cannot claim expedition {card}")
        if self.log is not None:
            self.log.note(
                "claim",
                player=player.index,
                card=card,
                persons=persons,
                coins=deck.coins[card],
                vp=deck.vp[card],
            )
        for person in persons:
            player.persons.remove(person)
            self._add_person(player, person, -1)
            table.discard.append(person)
            self._move(person, f"display:{player.index}", "discard")
        table.expedition_row.remove(card)
        player.expeditions.append(card)
        player.vp += deck.vp[card]
        self._move(card, "expedition_row", f"expeditions:{player.index}")
        self._gain(player, deck.coins[card])

    # -------------------------------------------------------------- contracts

    def _offer_completions(self, player: PlayerState) -> None:
        """Offer every take-time contract the player can complete, until none is left.

        After each completion (a change: coins, victory points) the contracts are looked at
        again from the first, so one made possible by another completion, or passed over
        before it, is offered too (REFERENCE.md §6, reading 11). A declined contract is not
        offered again until something changes.
        """
        table, policy = self.table, self.policy
        declined: set[str] = set()
        changed = True
        while changed:
            changed = False
            for key in self._needs_at_take:
                if table.over or player.cubes_free() <= 0:
                    return  # take-time contracts have no progress markers: a cube is needed
                if key in declined:
                    continue
                # The requirement first: it is cheap and rarely met.
                if not (
                    rules.requirement_met(table, player, key) and rules.eligible(table, player, key)
                ):
                    continue
                pays = key in rules.PAY_INSTEAD and player.vp < rules.PAY_VP
                decide = policy.complete(table, player, key)
                self._decided(player, f"{'pay' if pays else 'complete'}:{key}", decide)
                if not decide:
                    declined.add(key)
                    continue
                if pays:
                    if self.log is not None:
                        self.log.note(
                            "pay", player=player.index, contract=key, coins=rules.PAY_COINS
                        )
                    self._pay_discard(player, rules.PAY_COINS)
                self._complete(player, key)
                declined.clear()
                changed = True
                break

    def _complete(self, player: PlayerState, key: str) -> None:
        """Put the player's cube on the contract: coin space, bonus VP, maybe the win."""
        table = self.table
        contract = table.contract_by_key[key]
        completers = table.completers[key]
        coins = contract.coins[len(completers)] if contract.coins else 0
        player.markers.pop(key, None)
        player.marker_turn.pop(key, None)
        player.completed.append(key)
        bonus = {2: 1, 3: 2}.get(len(player.completed), 0)
        player.vp += bonus
        completers.append(player.index)
        if key in table.open:
            table.open.remove(key)
        if self.log is not None:
            self.log.note(
                "complete",
                player=player.index,
                contract=key,
                coins=coins,
                bonus_vp=bonus,
                turn=table.turn,
            )
        self._gain(player, coins)
        if not table.open:
            table.over = table.won = True
