"""Invariants over many seeded random games: every player count, random deals, random play.

Each game is refereed twice: live (card conservation and coin counts at every card
movement, every zone card for card at every snapshot) and from its event log alone.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from helpers.referee import LiveReferee, referee
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from coop_helper.cli.app import app
from coop_helper.engine import EventLog, Game, GameConfig
from coop_helper.engine.cards import build_deck
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.random_policy import RandomPolicy
from coop_helper.setup.catalog import load_catalog

CATALOG = load_catalog()
SEEDED_GAMES = 10_000


def _play_refereed(config: GameConfig) -> None:
    log = LiveReferee(build_deck(config.players).size)
    game = Game(config, RandomPolicy(), log=log)
    log.game = game
    result = game.run()
    end = referee(log.events)
    assert log.checks > 0 or result.turns == 0
    assert end["won"] == result.won and end["turns"] == result.turns
    for key, players in result.completers.items():
        assert len(players) == len(set(players)), f"{key} completed twice by one player"
        coins = game.table.contract_by_key[key].coins
        assert coins is None or len(players) <= len(coins)
    completed = [k for p in game.table.players for k in p.completed]
    assert all(len(p.completed) <= 3 for p in game.table.players)
    assert result.won == (set(completed) == {c.key for c in config.contracts})
    if not result.won:  # lost exactly when a turn found the Time Pile empty
        assert game.table.time_size == 0
        assert result.turns == config.time_pile - config.removed - result.victory_moves


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 5), data=st.data())
def test_random_games_keep_every_invariant(seed, players, data):
    contracts = data.draw(st.permutations(CATALOG.contracts))[
        : CATALOG.contracts_by_players[players]
    ]
    time_pile = data.draw(st.integers(0, 45))
    removed = data.draw(st.integers(0, time_pile))
    _play_refereed(GameConfig(tuple(contracts), players, time_pile, removed, seed))


def test_ten_thousand_seeded_games_keep_every_invariant():
    players_seen = set()
    outcomes = set()
    for seed in range(SEEDED_GAMES):
        deal = random.Random(seed)
        players = seed % 5 + 1
        count = CATALOG.contracts_by_players[players]
        time_pile = deal.randint(10, 22)
        if seed % 10 == 0:  # one contract and a long Time Pile: random play wins some
            count, time_pile = 1, 40
        contracts = tuple(deal.sample(CATALOG.contracts, count))
        removed = deal.randint(0, 3)
        config = GameConfig(contracts, players, time_pile, removed, seed)
        log = LiveReferee(build_deck(players).size)
        game = Game(config, RandomPolicy(), log=log)
        log.game = game
        result = game.run()
        referee(log.events)
        players_seen.add(players)
        outcomes.add(result.won)
        assert result.turns <= time_pile - removed
    assert players_seen == {1, 2, 3, 4, 5}
    assert outcomes == {False, True}


def test_expert_games_replay_physically():
    """The expert repels ships and draws deep, so its games meet what random play rarely
    does: the draw pile's last card bound for the discard pile (a repelled ship, a Tax
    Increase). It shows in the harbour while the discard pile becomes the new draw pile,
    then lands on the emptied discard pile."""
    rng = random.Random("expert-referee")
    landed = 0
    for _ in range(150):
        players = rng.randint(1, 5)
        contracts = tuple(rng.sample(CATALOG.contracts, CATALOG.contracts_by_players[players]))
        config = GameConfig(contracts, players, rng.randint(10, 30), 0, rng.getrandbits(32))
        log = LiveReferee(build_deck(players).size)
        game = Game(config, ExpertPolicy(), log=log)
        log.game = game
        game.run()
        events = log.events
        referee(events)
        for at, event in enumerate(events):
            if event["event"] == "reshuffle" and event["emptied"]:
                drawn = events[at - event["cards"] - 1]
                after = events[at + 1] if at + 1 < len(events) else {}
                if (drawn["from"], drawn["to"]) == ("draw", "harbour") and after.get(
                    "card"
                ) == drawn["card"]:
                    assert (after["from"], after["to"]) == ("harbour", "discard")
                    landed += 1
    assert landed > 0  # the case was met


# Games where a non-active player's take wins the game: a declined trade completes the
# last open contract, a Frigate or Galleon Foe (found among seeded expert games; the fee
# of that take used to be paid after the winning completion). (players, contracts, Time
# Pile, seed) as `play` takes them.
FOE_WINS = [
    (2, ("frigate_foe", "tax_officer", "fighter", "trader_prince", "new_colony"), 18, 389765531),
    (2, ("frigate_foe", "fighter", "trade_outpost", "jinx", "pack_of_pirates"), 13, 3576763689),
    (2, ("frigate_foe", "tax_officer", "jinx", "gamester", "explorer"), 21, 506456969),
]


@pytest.mark.parametrize(("players", "keys", "time_pile", "seed"), FOE_WINS)
def test_a_take_that_wins_pays_its_fee_before_the_win(players, keys, time_pile, seed):
    """`play --json`'s log of a game won by a non-active player's declined trade: the
    take's fee is logged (and paid) before the winning completion, then nothing more is
    paid. The log replays (`referee`)."""
    names = [next(c.name for c in CATALOG.contracts if c.key == k) for k in keys]
    args = ["play", *names, "--players", str(players), "--time-pile", str(time_pile)]
    result = CliRunner().invoke(app, [*args, "--seed", str(seed), "--json"])
    assert result.exit_code == 0, result.output
    events = json.loads(result.output)["events"]
    assert referee(events)["won"]
    done = [i for i, e in enumerate(events) if e["event"] == "complete"]
    winning = events[done[-1]]
    assert winning["contract"] in ("frigate_foe", "galleon_foe")
    trade = max(i for i in range(done[-1]) if events[i]["event"] == "trade")
    assert events[trade]["declined"] and events[trade]["player"] == winning["player"]
    fees = [e for e in events[trade : done[-1]] if e["event"] == "fee"]
    assert fees == [{"event": "fee", "player": winning["player"], "to": fees[0]["to"], "coins": 1}]
    assert fees[0]["to"] != winning["player"]


def test_seeded_expert_games_replay_physically():
    """An independent replay of seeded expert games as `play --json` logs them (a deal
    with a Foe in most of them, so a take that wins comes up): every log replays with
    the reshuffle told after the draw that set it off and no fee after the win.
    COOP_HELPER_REPLAY_GAMES sets the sample (200 by default; 1,000 by hand)."""
    rng = random.Random("replay-physically")
    foes = [c for c in CATALOG.contracts if c.key in ("frigate_foe", "galleon_foe")]
    others = [c for c in CATALOG.contracts if c not in foes]
    won = 0
    for _ in range(int(os.environ.get("COOP_HELPER_REPLAY_GAMES", "200"))):
        players = rng.randint(1, 5)
        count = CATALOG.contracts_by_players[players]
        first = rng.sample(foes, 1) if rng.random() < 0.8 else []
        contracts = tuple(first + rng.sample(others, count - len(first)))
        config = GameConfig(contracts, players, rng.randint(12, 30), 0, rng.getrandbits(32))
        log = EventLog()
        Game(config, ExpertPolicy(), log=log).run()
        won += referee(log.events)["won"]
    assert won > 0
