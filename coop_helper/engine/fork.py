"""Play a game on from a position, with hidden cards guessed from what the table has seen.

A search player asks "what if?" at a decision: it guesses the hidden cards (the draw pile,
the Time Pile, the Victory Pile, the faces of the coin cards) from the public `Table` and
its own random source only, and plays copies of the game on from there. `sample_hidden`
makes the guess, `fork` builds the copy.

What the table knows about the hidden cards: they are every card not face up somewhere
(harbour, expedition row, discard pile, displays, claimed expeditions, ships set aside),
and the draw pile holds only cards the public card count (`Table.unseen`) still allows:
before any reshuffle that is every hidden card; after one, the old discard pile less the
cards seen drawn since. The rest of the hidden cards are spread at random over the Time
Pile, the Victory Pile and the coin cards.

C++ twin: `coop_helper/native/src/engine/fork.cpp`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from coop_helper.engine.game import Game, GameConfig
from coop_helper.engine.state import Hidden, Table

if TYPE_CHECKING:  # a type only
    from coop_helper.engine.decisions import Decisions


def public_cards(table: Table) -> list[int]:
    """Every card id face up on the table, in any zone."""
    cards = list(table.harbour) + table.expedition_row + table.discard
    for player in table.players:
        cards += player.persons
        cards += player.expeditions
        cards += list(player.aside.values())
    return cards


def hidden_cards(table: Table) -> list[int]:
    """Every card id not face up anywhere, in id order."""
    size = table.deck.size
    seen = [False] * size
    for card in public_cards(table):
        seen[card] = True
    return [card for card in range(size) if not seen[card]]


def sample_hidden(table: Table, rng: random.Random | None) -> Hidden:
    """One guess of the hidden cards consistent with the public table, drawn with ``rng``.

    The draw pile is drawn from the hidden cards the card count allows in it; the Time
    Pile (in a random order), the Victory Pile and each player's coin cards from the rest.
    Without ``rng`` the cards are dealt to the piles in id order: a guess for a question
    whose answer does not depend on which hidden card is where.
    """
    deck = table.deck
    hidden = hidden_cards(table)
    coins = [p.coins for p in table.players]
    dealt_time = table.time_size - table.time_owed  # the others are in the draw pile
    needed = table.draw_size + dealt_time + table.victory_size + sum(coins)
    if len(hidden) != needed:
        raise ValueError(f"{len(hidden)} hidden cards, but the piles and coins hold {needed}")
    allowed = list(table.unseen)  # per kind: how many may still be in the draw pile
    candidates: list[int] = []
    others: list[int] = []
    for card in hidden:
        kind = deck.kind[card]
        if allowed[kind] > 0:
            allowed[kind] -= 1
            candidates.append(card)
        else:
            others.append(card)
    if len(candidates) < table.draw_size:  # the count cannot tell: any hidden card may be
        candidates, others = hidden, []
    if rng is not None:
        rng.shuffle(candidates)
    draw = candidates[: table.draw_size]
    rest = candidates[table.draw_size :] + others
    if rng is not None:
        rng.shuffle(rest)
    guess = Hidden(table.n_players)
    guess.draw = draw
    at = dealt_time
    guess.time = rest[:at]
    guess.victory = rest[at : at + table.victory_size]
    at += table.victory_size
    for player, n in enumerate(coins):
        guess.coin_cards[player] = rest[at : at + n]
        at += n
    return guess


def fork(table: Table, hidden: Hidden, policy: Decisions, seed: int, started: bool = False) -> Game:
    """A game going on from copies of ``table`` and ``hidden``, played by ``policy``.

    ``seed`` seeds the game's draws and the policy's own random source. Resume it with
    `Game.resume_draw` or `Game.resume_take` at the decision the table stopped at. A
    ``started`` policy is not started anew: it goes on with the memory it has (a copy of
    a policy in the middle of this game).
    """
    config = GameConfig(table.contracts, table.n_players, table.time_size, 0, seed)
    position = (table.copy(), hidden.copy(), random.Random(seed), random.Random(seed * 2 + 1))
    return Game(config, policy, None, position, start_policy=not started)
