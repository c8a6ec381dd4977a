"""A Time Pile dealt in part: the atlas's games play each deal's own game up to its pile."""

from __future__ import annotations

import random

import pytest

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.fork import sample_hidden
from coop_helper.policies import make_policy
from coop_helper.policies.last_turn import last_turn_view
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.traces import outcome, play_trace

CONTRACTS = ("Lady Killer", "Maritime Supremacy", "Galleon Foe", "Fighter", "Jinx")
EXTRA = 8  # turns beyond the deal's own Time Pile, as the atlas plays them


def _deal():
    catalog = load_catalog()
    contracts = tuple(catalog.contracts_for(list(CONTRACTS)))
    size = time_pile(contracts).size
    assert size is not None
    return contracts, size


def test_the_cards_not_dealt_stay_in_the_draw_pile():
    contracts, size = _deal()
    full = Game(GameConfig(contracts, 2, size, 0, 5), make_policy("expert"))
    lazy = Game(GameConfig(contracts, 2, size + EXTRA, 0, 5, size), make_policy("expert"))
    assert lazy.table.time_size == size + EXTRA and lazy.table.time_owed == EXTRA
    assert len(lazy.hidden.time) == size
    assert lazy.table.draw_size == full.table.draw_size  # the same cards in play
    assert lazy.hidden.time == full.hidden.time


def test_a_game_goes_on_past_the_dealt_cards():
    contracts, size = _deal()
    for seed in range(20):
        config = GameConfig(contracts, 2, size + EXTRA, 0, seed, 0)
        result = Game(config, make_policy("basic")).run()
        assert result.won or result.turns == size + EXTRA


@pytest.mark.parametrize("players", [1, 2])
def test_up_to_its_own_pile_a_deal_plays_as_at_the_table(players):
    """Every budget up to the deal's Time Pile gets the same result, game by game, as the
    game with exactly that Time Pile; dealing the whole larger pile would not."""
    catalog = load_catalog()
    names = CONTRACTS[:3] if players == 1 else CONTRACTS
    contracts = tuple(catalog.contracts_for(list(names)))
    size = time_pile(contracts).size
    assert size is not None
    differ_whole = 0
    for seed in range(40):
        own = play_trace(contracts, players, size, seed, "expert")
        lazy = play_trace(contracts, players, size + EXTRA, seed, "expert", size)
        whole = play_trace(contracts, players, size + EXTRA, seed, "expert")
        for budget in range(size + 1):
            assert outcome(lazy, budget)[0] == outcome(own, budget)[0], (seed, budget)
        differ_whole += outcome(whole, size)[0] != outcome(own, size)[0]
    assert differ_whole > 0  # the check can tell the two ways apart


def test_guesses_of_the_hidden_cards_leave_the_cards_not_dealt_in_the_draw_pile():
    contracts, size = _deal()
    # the random team rarely wins early, so its game reaches the cards not dealt
    game = Game(GameConfig(contracts, 2, size + EXTRA, 0, 3, size), make_policy("random"))
    table = game.table
    for _ in range(size + 2):
        if table.over:
            break
        game.play_turn()
        table.active = (table.active + 1) % table.n_players
        guess = sample_hidden(table, random.Random(1))  # raises if the counts disagree
        assert len(guess.time) == table.time_size - table.time_owed == len(game.hidden.time)
        assert len(guess.draw) == table.draw_size == len(game.hidden.draw)
        view = last_turn_view(table)
        assert view.victory_size == table.victory_size + len(game.hidden.time)
        assert view.time_size == view.time_owed == 0
    assert table.time_owed < EXTRA  # it did take cards not dealt at setup


def test_the_card_count_holds_when_a_card_not_dealt_empties_the_draw_pile():
    """The table never counts fewer cards of a kind as possibly in the draw pile than it
    holds, also when a Time Pile card taken off the draw pile sets off a reshuffle."""
    contracts, _ = _deal()
    reshuffled = 0
    for seed in range(60):
        # nothing dealt and a long game: the draw pile runs out, and now and then on a
        # Time Pile card
        game = Game(GameConfig(contracts, 2, 80, 0, seed, 0), make_policy("random"))
        table, deck = game.table, game.deck
        while not table.over:
            game.play_turn()
            table.active = (table.active + 1) % table.n_players
            in_draw = [0] * len(table.unseen)
            for card in game.hidden.draw:
                in_draw[deck.kind[card]] += 1
            assert all(u >= n for u, n in zip(table.unseen, in_draw, strict=True)), seed
        reshuffled += game.reshuffles > 0
    assert reshuffled > 0  # the case the check is about came up


def test_a_time_pile_dealt_in_part_has_nothing_removed_before_play():
    contracts, size = _deal()
    with pytest.raises(ValueError, match="removed"):
        GameConfig(contracts, 2, size + EXTRA, 1, 0, size)
