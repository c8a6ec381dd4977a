"""The last-turn rule: what it answers, that it sees only the public table, and that the
odds runner's branches give exactly what live play with fewer turns gives."""

from __future__ import annotations

import random

import pytest
from helpers.engine import redealt_hidden

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import Hidden, Table
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.last_turn import (
    OPEN_MAX,
    SHORT_MAX,
    draws_on,
    last_turn_answer,
    last_turn_view,
    left_open_on_stopping,
    looks,
)
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim import traces as trace_module
from coop_helper.sim.levels import WinsByBudget, summarise
from coop_helper.sim.traces import Trace, outcome, play_trace

CATALOG = load_catalog()
KNOWN = [c for c in CATALOG.contracts if c.seal is not None]


def _deal(players: int, seed: int) -> tuple:
    rng = random.Random(seed)
    return tuple(rng.sample(KNOWN, CATALOG.contracts_by_players[players]))


def _time_pile(contracts) -> int:
    size = time_pile(contracts).size
    assert size is not None
    return size


class StopCatcher:
    """The expert, keeping the position at each stop the rule would look at, and what the
    rest of that turn left open in the game itself."""

    def __init__(self) -> None:
        self.expert = ExpertPolicy()
        self.name = "expert"
        self.game: Game | None = None
        self.kept: list[tuple[Table, Hidden, object, ExpertPolicy]] = []
        self.left: list[int] = []
        self._waiting = False

    def __getattr__(self, name: str):
        return getattr(self.expert, name)

    def follow(self, game: Game) -> None:
        self.game = game
        game.on_turn_end = self._turn_ended

    def draw_again(self, table, player):
        again = self.expert.draw_again(table, player)
        if not again and table.time_size > 0 and looks(table):
            assert self.game is not None
            state = self.game.rng.getstate()
            self.kept.append((table.copy(), self.game.hidden.copy(), state, self.expert.clone()))
            self._waiting = True
        return again

    def _turn_ended(self) -> None:
        if self._waiting:
            table = self.game.table  # type: ignore[union-attr]
            self.left.append(0 if table.won else len(table.open))
            self._waiting = False


def _caught(players: int, seeds: range) -> list[tuple]:
    """(position, what the game's own rest of the turn left open), over these games."""
    found = []
    for seed in seeds:
        contracts = _deal(players, seed)
        catcher = StopCatcher()
        game = Game(GameConfig(contracts, players, _time_pile(contracts), 0, seed), catcher)  # type: ignore[arg-type]
        catcher.follow(game)
        game.run()
        found += list(zip(catcher.kept, catcher.left, strict=True))
    return found


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_rest_of_a_turn_left_open_is_what_the_rule_works_out(players):
    """The runner reads the rule's answer off the game's own rest of the turn: that must
    equal the rule's play-through in its head, on guessed hidden cards and its own coins."""
    found = _caught(players, range(16))
    assert len(found) >= 10
    for (table, _hidden, _state, team), left in found:
        view = last_turn_view(table)
        thought = left_open_on_stopping(view, random.Random(3), team.clone)
        assert thought == left


def test_the_rest_of_a_turn_does_not_depend_on_which_hidden_card_is_where():
    found = _caught(2, range(8))
    checked = 0
    for (table, hidden, state, team), left in found:
        if table.reshuffled:
            continue  # the count then limits the draw pile: the simple reshuffle is invalid
        for seed in (1, 2):
            rng = random.Random()
            rng.setstate(state)  # type: ignore[arg-type]
            position = (table.copy(), redealt_hidden(hidden, seed), rng, random.Random(0))
            config = GameConfig(table.contracts, table.n_players, table.time_size, 0, 0)
            game = Game(config, team.clone(), None, position, start_policy=False)
            ended: list[int] = []
            game.on_turn_end = lambda g=game, e=ended: e.append(len(g.table.open))
            game.resume_draw(False)
            assert ended[0] == left
            checked += 1
    assert checked >= 10


def test_the_rule_answers_from_the_public_table_alone():
    (table, _hidden, _state, team), _ = _caught(2, range(8))[0]
    view = last_turn_view(table)
    answers = {last_turn_answer(view.copy(), False, random.Random(5), team.clone) for _ in (1, 2)}
    assert len(answers) == 1  # same table, same answer: the rule never reads `hidden`
    assert last_turn_answer(view, True, random.Random(5), team.clone) is True  # draws kept


def test_draws_on_only_one_contract_short():
    assert SHORT_MAX == 1 and OPEN_MAX == 2
    assert [draws_on(n) for n in range(4)] == [False, True, False, False]


def test_a_view_of_the_last_turn_moves_the_time_pile_to_the_victory_pile():
    catcher = StopCatcher()
    contracts = _deal(2, 1)
    game = Game(GameConfig(contracts, 2, _time_pile(contracts), 0, 1), catcher)  # type: ignore[arg-type]
    catcher.follow(game)
    game.run()
    table = catcher.kept[0][0]
    view = last_turn_view(table)
    assert view.time_size == 0
    assert view.victory_size == table.victory_size + table.time_size
    assert table.time_size > 0  # the table itself is left alone


# ------------------------------------------------------- the runner's branches


def test_outcome_takes_a_branch_at_the_budgets_last_turn():
    trace = Trace(finish_turn=0, events=(), endings=((9, True),))
    assert outcome(trace, 9) == (True, 0)  # turn 9 was its last: the branch won
    assert outcome(trace, 10) == (False, 0)  # turn 9 was not the last: the game lost
    trace = Trace(finish_turn=10, events=(), endings=((10, False),))
    assert outcome(trace, 10) == (False, 0)  # drawing on in its last turn 10 busted
    assert outcome(trace, 11) == (True, 0)
    # A Tax Increase move makes turn 9 the last one of budget 10.
    trace = Trace(finish_turn=0, events=((4, 3),), endings=((9, True),))
    assert outcome(trace, 10) == (True, 1)


def test_a_level_shows_the_best_of_the_levels_below_it():
    tally = WinsByBudget(12)
    # Budget 9 wins by a branch; budget 10 and 11 lose (the branch was at turn 9 only).
    tally.add([Trace(0, (), ((9, True),)), Trace(12, ())])
    assert tally.wins[9:] == [1, 0, 0, 1]
    levels = tally.levels(12)
    assert [lv.wins for lv in levels] == [1, 1, 1, 1, 0]  # budgets 12, 11, 10, 9, 8
    assert [lv.turns for lv in levels] == [12, 11, 10, 9, 8]


def test_branches_happen_and_change_levels():
    contracts = _deal(2, 3)
    pile = _time_pile(contracts)
    traces = [play_trace(contracts, 2, pile, seed, "expert") for seed in range(60)]
    assert sum(len(t.endings) for t in traces) >= 10
    without = [Trace(t.finish_turn, t.events) for t in traces]
    ruled, blind = summarise(traces, pile, pile), summarise(without, pile, pile)
    gains = [a.wins - b.wins for a, b in zip(ruled, blind, strict=False)]
    assert any(g > 0 for g in gains)
    wins = [lv.wins for lv in ruled]
    assert wins == sorted(wins, reverse=True)


def test_the_engine_calls_its_hooks_at_each_stop_and_turn_end():
    contracts = _deal(2, 5)
    game = Game(GameConfig(contracts, 2, _time_pile(contracts), 0, 5), ExpertPolicy())
    stops: list[int] = []
    ends: list[int] = []
    game.on_stop = lambda: stops.append(game.table.turn)
    game.on_turn_end = lambda: ends.append(game.table.turn)
    result = game.run()
    assert ends == list(range(1, result.turns + 1))  # once per turn, in order
    assert stops and set(stops) <= set(ends) and len(stops) == len(set(stops))


@pytest.mark.parametrize(("players", "deal"), [(1, 18), (2, 11)])
def test_a_branch_ended_by_its_last_look_goes_as_playing_its_turn_out(players, deal, monkeypatch):
    # The runner ends a branch at a stop the rule played through, with the play-through's
    # count; playing the rest of the turn instead must give every branch the same result.
    contracts = _deal(players, deal)
    pile = _time_pile(contracts)
    settled: list[bool] = []
    real_settle = trace_module._settle

    def counting(branch, team):
        real_settle(branch, team)
        if branch.table.over:
            settled.append(branch.table.won)

    monkeypatch.setattr(trace_module, "_settle", counting)
    ended = [play_trace(contracts, players, pile, seed, "expert") for seed in range(40)]
    monkeypatch.setattr(trace_module, "_settle", lambda branch, team: None)
    played = [play_trace(contracts, players, pile, seed, "expert") for seed in range(40)]
    assert ended == played
    assert True in settled and False in settled  # these deals end branches both ways
