"""Policies see public information only.

Two games are set up alike, then two hidden cards of different kinds swap places in the
second game's draw pile. Until one of them turns face up, the policy must be asked exactly
the same questions about exactly the same table.
"""

from __future__ import annotations

import random
from typing import Any

from coop_helper.engine import EventLog, Game, GameConfig
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies.random_policy import RandomPolicy
from coop_helper.setup.catalog import load_catalog

CATALOG = load_catalog()
PUBLIC_SOURCES = ("draw", "time")


class Recorder(RandomPolicy):
    """The random policy, noting every observation and when (as a log position) it came."""

    def __init__(self, log: EventLog) -> None:
        super().__init__()
        self.log = log
        self.seen: list[tuple[int, Any]] = []

    def _note(self, method: str, table: Table, player: PlayerState | None, *args: Any) -> None:
        observation = (
            method,
            None if player is None else player.index,
            repr(args),
            table.snapshot(),
            list(table.unseen),
            table.unseen_total,
        )
        self.seen.append((len(self.log.events), observation))

    def draw_again(self, table, player):
        self._note("draw_again", table, player)
        return super().draw_again(table, player)

    def repel(self, table, player, card):
        self._note("repel", table, player, card)
        return super().repel(table, player, card)

    def choose_take(self, table, player, options, takes_left):
        self._note("choose_take", table, player, options, takes_left)
        return super().choose_take(table, player, options, takes_left)

    def decline_coins(self, table, player, card, contract):
        self._note("decline_coins", table, player, card, contract)
        return super().decline_coins(table, player, card, contract)

    def complete(self, table, player, contract):
        self._note("complete", table, player, contract)
        return super().complete(table, player, contract)

    def claim_expedition(self, table, player, options):
        self._note("claim_expedition", table, player, options)
        return super().claim_expedition(table, player, options)

    def coin_recipient(self, table, player, options):
        self._note("coin_recipient", table, player, options)
        return super().coin_recipient(table, player, options)

    def victory_move(self, table):
        self._note("victory_move", table, None)
        return super().victory_move(table)


def _revealed_at(events: list[dict[str, Any]], cards: set[int]) -> int:
    """Log position where one of ``cards`` first turns face up (or the log's length)."""
    for i, event in enumerate(events):
        if event["event"] != "move" or event["card"] not in cards:
            continue
        hidden_source = event["from"] in PUBLIC_SOURCES or event["from"].startswith("coins:")
        hidden_target = event["to"].startswith("coins:") or event["to"] in ("victory", "time")
        if hidden_source and not hidden_target:
            return i
    return len(events)


def _play(config: GameConfig, swap: tuple[int, int] | None) -> Recorder:
    log = EventLog()
    recorder = Recorder(log)
    game = Game(config, recorder, log=log)
    if swap is not None:
        draw = game.hidden.draw
        i, j = draw.index(swap[0]), draw.index(swap[1])
        draw[i], draw[j] = draw[j], draw[i]
    game.run()
    return recorder


def test_games_differing_only_in_hidden_order_look_the_same_until_a_reveal():
    diverged = 0
    for seed in range(40):
        deal = random.Random(seed)
        players = seed % 5 + 1
        contracts = tuple(deal.sample(CATALOG.contracts, CATALOG.contracts_by_players[players]))
        config = GameConfig(contracts, players, time_pile=16, seed=seed)
        probe = Game(config, RandomPolicy())
        deck = probe.deck
        a, b = deal.sample(probe.hidden.draw, 2)
        while deck.kind[a] == deck.kind[b]:
            b = deal.choice(probe.hidden.draw)
        first = _play(config, None)
        second = _play(config, (a, b))
        cut = _revealed_at(first.log.events, {a, b})
        before = [obs for at, obs in first.seen if at <= cut]
        assert [obs for _, obs in second.seen[: len(before)]] == before, seed
        if [obs for _, obs in first.seen] != [obs for _, obs in second.seen]:
            diverged += 1
    assert diverged > 5  # the swap does matter once a card is revealed
