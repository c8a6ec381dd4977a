"""The odds runner: one game answers every removal level, exactly as live play would."""

import random
import subprocess
import sys

import pytest

from coop_helper.engine import Game, GameConfig
from coop_helper.policies import clock_seats, make_policy
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.levels import recommend, summarise
from coop_helper.sim.pool import OddsRequest, simulate
from coop_helper.sim.traces import (
    Trace,
    branch_asked,
    game_seed,
    outcome,
    play_trace,
    seat_of,
    seat_piles,
)

CATALOG = load_catalog()
EXAMPLE = CATALOG.contracts_for(["Lady Killer", "Maritime Supremacy", "Galleon Foe"])


def _time_pile(contracts):
    return 13 + sum(c.seal.number for c in contracts) + len({c.seal.letter for c in contracts})


# ------------------------------------------------------------ outcome by hand


def test_outcome_without_tax_moves():
    trace = Trace(finish_turn=10, events=())
    assert outcome(trace, 12) == (True, 0)
    assert outcome(trace, 10) == (True, 0)  # the 10th turn still starts with a card
    assert outcome(trace, 9) == (False, 0)


def test_never_finished_is_lost_at_every_budget():
    trace = Trace(finish_turn=0, events=())
    assert not any(outcome(trace, b)[0] for b in range(30))


def test_tax_move_taken_only_when_the_threshold_allows():
    # A Tax Increase in turn 4; the policy moves a card when at least 5 cards are left.
    trace = Trace(finish_turn=8, events=((4, 5),))
    assert outcome(trace, 12) == (True, 1)  # 12 - 4 = 8 left >= 5: move; 11 turns >= 8
    assert outcome(trace, 9) == (True, 1)  # 5 left >= 5: move; 8 turns: finishes in turn 8
    assert outcome(trace, 8) == (True, 0)  # 4 left < 5: no move
    assert outcome(trace, 7) == (False, 0)


def test_a_move_can_cost_the_game():
    # The threshold is only an estimate: moving at 5 left leaves one turn too few.
    trace = Trace(finish_turn=10, events=((4, 5),))
    assert outcome(trace, 11) == (True, 1)  # 7 left: move; 10 turns remain: just enough
    assert outcome(trace, 10) == (False, 1)  # 6 left: move; 9 turns: one short
    assert outcome(trace, 8) == (False, 0)  # 4 left: no move; 8 turns: short anyway


def test_move_in_the_finishing_turn_counts_for_points_not_against_the_win():
    trace = Trace(finish_turn=6, events=((6, 0),))
    assert outcome(trace, 7) == (True, 1)  # one card left in turn 6: moved, still a win
    assert outcome(trace, 6) == (True, 0)  # no card left to move in turn 6


def test_turn_never_reached_loses():
    trace = Trace(finish_turn=9, events=((3, 0), (3, 0), (5, 0)))
    # budget 6: turn 3 moves two (6-3=3, then 2), turn 5 > 6-2=4: lost
    assert outcome(trace, 6) == (False, 2)


def test_a_branch_is_asked_for_by_the_budgets_ending_at_its_turn():
    assert branch_asked((), 5, 9, 1) and branch_asked((), 5, 9, 2)  # budget 5
    assert not branch_asked((), 4, 9, 2)  # budget 4 is not 9 less a multiple of 2
    # a Tax Increase in turn 2 moves a card for budgets 5 and up: 7 ends at turn 6, 6 at 5
    assert not branch_asked(((2, 0),), 5, 9, 2) and branch_asked(((2, 0),), 5, 8, 2)


def test_a_branch_is_asked_for_exactly_where_outcome_looks():
    """Against every budget's `outcome` over the whole game's Tax Increases (a trace that
    wins only through the branch): the ones after the branch's turn never change it."""
    rng = random.Random(4)
    for _ in range(300):
        turns = rng.randint(4, 24)
        count = rng.randint(0, 6)
        events = sorted((rng.randint(1, turns), rng.choice((0, 1, 2, 5))) for _ in range(count))
        stride, top = rng.randint(1, 3), rng.randint(turns - 2, turns + 4)
        for turn in range(1, turns + 1):
            marked = Trace(0, tuple(events), ((turn, True),))
            looked = any(outcome(marked, budget)[0] for budget in range(top, -1, -stride))
            before = [e for e in events if e[0] <= turn]
            assert branch_asked(before, turn, top, stride) == looked, (events, turn, top)


# -------------------------------------------------- live play equals the trace


@pytest.mark.parametrize("policy", ["expert", "basic", "random"])
def test_trace_answers_every_level_as_live_play_does(policy):
    for seed in range(12):
        rng = random.Random(seed)
        players = rng.randint(1, 5)
        red = [c for c in CATALOG.contracts if c.seal is not None]
        contracts = tuple(rng.sample(red, CATALOG.contracts_by_players[players]))
        time_pile = _time_pile(contracts)
        # one game per seat of the last turn where the plan depends on it (the clock)
        seats = clock_seats(policy, players, {c.key for c in contracts})
        traces = [
            play_trace(contracts, players, time_pile, seed, policy, removed=time_pile - pile)
            for pile in seat_piles(time_pile, seats)
        ]
        for removed in range(time_pile + 1):
            live = Game(
                GameConfig(contracts, players, time_pile, removed, seed), make_policy(policy)
            ).run()
            budget = time_pile - removed
            won, moves = outcome(traces[seat_of(budget, seats)], budget)
            assert won == live.won, (seed, removed)
            if won:
                assert moves == live.victory_moves
                assert live.points == removed + moves


# ------------------------------------------------------------- the whole run


def _request(games=60, workers=1, policy="expert", seed=5):
    return OddsRequest(EXAMPLE, 1, 15, games, seed, policy, workers)


def test_workers_do_not_change_results():
    assert simulate(_request(workers=1)) == simulate(_request(workers=2))


def test_seeds_are_per_game():
    one = simulate(_request(games=30))
    more = simulate(_request(games=60))
    assert more[:30] == one
    assert game_seed(5, 3) != game_seed(6, 3)


def test_levels_never_rise_with_more_removed():
    traces = simulate(_request(games=200))
    levels = summarise(traces, 15, 15)
    wins = [lv.wins for lv in levels]
    assert wins == sorted(wins, reverse=True)
    assert levels[-1].wins == 0 and all(lv.wins > 0 for lv in levels[:-1])
    assert [lv.removed for lv in levels] == list(range(len(levels)))
    assert [lv.turns for lv in levels] == [15 - k for k in range(len(levels))]
    for lv in levels:
        assert lv.ci_low <= lv.win <= lv.ci_high
        assert sum(lv.ranks.values()) == pytest.approx(lv.win)


def test_rank_chances_follow_points():
    levels = summarise(simulate(_request(games=200)), 15, 15)
    by_removed = {lv.removed: lv for lv in levels}
    # 2 or 3 cards removed: a win is Sailor (or better, with Tax Increase moves).
    assert by_removed[2].ranks["Landlubber"] == 0
    assert by_removed[2].ranks["Sailor"] > 0


def test_unknown_time_pile_counts_turns_only():
    levels = summarise(simulate(_request(games=50)), 15, None)
    assert all(lv.removed is None and lv.ranks == {} for lv in levels)


def test_recommend_picks_the_most_removed_level_above_target():
    levels = summarise(simulate(_request(games=200)), 15, 15)
    pick = recommend(levels, 0.4)
    assert pick is not None and pick.win >= 0.4
    assert all(lv.win < 0.4 for lv in levels if lv.removed > pick.removed)
    assert recommend(levels, 0.999) is None


def test_traces_played_in_threads_at_once_are_the_traces_played_one_by_one():
    # A Dask worker may run tasks in threads: no game may share a random source with
    # another (the last-turn branches reuse one per thread).
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random("threads")
    red = [c for c in CATALOG.contracts if c.seal is not None]
    jobs = []
    for i in range(80):
        contracts = tuple(rng.sample(red, 3))
        jobs.append((contracts, 1, _time_pile(contracts), i, "expert"))
    alone = [play_trace(*job) for job in jobs]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda job: play_trace(*job), jobs))
    assert sum(len(t.endings) for t in alone) > 50  # branches were played
    assert together == alone


def test_an_error_between_batches_stops_the_workers_at_once():
    # An error (or Ctrl-C) while the workers still have jobs in flight: the run must end
    # at once, not wait for results a terminated pool will never send.
    code = (
        "from coop_helper.sim.pool import OddsRequest, simulate\n"
        "from coop_helper.setup.catalog import load_catalog\n"
        "deal = load_catalog().contracts_for(['Lady Killer', 'Maritime Supremacy', "
        "'Galleon Foe'])\n"
        "request = OddsRequest(deal, 1, 15, 20000, 3, 'expert', 2)\n"
        "def stop(games):\n"
        "    raise RuntimeError('stop here')\n"
        "try:\n"
        "    simulate(request, progress=stop, enough=lambda batch: False)\n"
        "except RuntimeError as err:\n"
        "    print(err)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "stop here"
