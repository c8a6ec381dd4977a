"""Pack of Pirates by the clock: the expert's plan depends on the seat that takes the last
turn, so the odds runner plays one game per seat, each answering the removal levels of its
seat exactly as live play would; the runs stay reproducible and monotone."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from coop_helper import api
from coop_helper.atlas.deals import contracts_of, deal_at
from coop_helper.atlas.plan import deal_seed
from coop_helper.atlas.turns import pile_bounds
from coop_helper.atlas.work import deal_wins
from coop_helper.native import native_in_use
from coop_helper.policies import expert_params
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import decode_share_code, time_pile
from coop_helper.sim import games as sim_games
from coop_helper.sim.levels import WinsByBudget, by_seat
from coop_helper.sim.traces import (
    game_seed,
    outcome,
    play_traces,
    seat_of,
    seat_piles,
    seat_traces,
)

CODES = ("PR1-08JMGX", "PR1-09A30Z", "PR1-08A0WA")  # 2-player deals with Pack of Pirates

needs_native = pytest.mark.skipif(not native_in_use(), reason="the native core is not built")


@pytest.fixture
def clocked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped constants with Pack of Pirates by the clock at 2 and 3 players."""
    for players in (2, 3):
        clock = dataclasses.replace(expert_params.PARAMS[players], pack_clock=True)
        monkeypatch.setitem(expert_params.PARAMS, players, clock)


def test_each_seat_gets_the_longest_time_pile_it_ends():
    assert seat_piles(18, 2) == [17, 18]
    assert seat_piles(18, 3) == [16, 17, 18]
    assert seat_piles(18, 1) == [18]
    for seats in (2, 3, 4, 5):
        for seat, pile in enumerate(seat_piles(20, seats)):
            assert seat_of(pile, seats) == seat and 20 - seats < pile <= 20


def test_a_tally_by_seat_takes_each_budget_from_its_own_seat():
    odd, even = WinsByBudget(5, native=False), WinsByBudget(6, native=False)
    odd.games = even.games = 10
    odd.wins, even.wins = [0, 1, 2, 3, 4, 5], [0, 10, 20, 30, 40, 50, 60]
    merged = by_seat([odd, even], 6)
    assert merged.games == 10
    assert merged.wins == [0, 1, 20, 3, 40, 5, 60]  # budget b: the seat (b - 1) % 2


def _live(contracts: tuple, players: int, pile: int, seed: int, games: int, budget: int):
    """Games 0 to ``games`` of a run seeded ``seed``, played live with ``budget`` turns."""
    seeds = [game_seed(seed, i) for i in range(games)]
    return sim_games.play_games(contracts, players, pile, seeds, "expert", removed=pile - budget)


def _pack_deal(code: str) -> tuple[tuple, int, int]:
    players, contracts = decode_share_code(code)
    size = time_pile(contracts).size
    assert size is not None
    return contracts, players, size


@needs_native
@pytest.mark.usefixtures("clocked")
@pytest.mark.parametrize("code", CODES)
def test_one_game_per_seat_answers_its_levels_as_live_play_does(code: str):
    contracts, players, size = _pack_deal(code)
    seed, games = 7, 16
    per_seat = [  # each seat's games branch only where its own budgets ask
        play_traces(
            contracts, players, size, seed, 0, games, "expert", removed=size - pile, stride=players
        )
        for pile in seat_piles(size, players)
    ]
    for budget in range(1, size + 1):
        live = _live(contracts, players, size, seed, games, budget)
        traces = per_seat[seat_of(budget, players)]
        for i, (trace, game) in enumerate(zip(traces, live, strict=True)):
            won, moves = outcome(trace, budget)
            assert won == game.won, (budget, i)
            if won:
                assert moves == game.victory_moves, (budget, i)


@needs_native
@pytest.mark.usefixtures("clocked")
@pytest.mark.parametrize("later", [None, 3])  # the whole pile dealt; or 3 turns beyond it
def test_the_python_engine_plays_the_same_seat_games(later: int | None):
    """The native core plays each seed's seat games side by side, sharing its seeded
    generators; the Python engine plays them a seat at a time: the same traces."""
    contracts, players, size = _pack_deal(CODES[0])
    top, dealt = (size, None) if later is None else (size + later, size)
    args = (contracts, players, top, 3, 0, 4, "expert", players, dealt)
    native = seat_traces(*args, native=True)
    assert [pile for pile, _ in native] == seat_piles(top, players)
    assert seat_traces(*args, native=False) == native
    for pile, traces in native:  # and each seat as a call of its own
        own = top if dealt is None else dealt
        size_, dealt_, removed = (pile, dealt, 0) if pile >= own else (own, None, own - pile)
        alone = play_traces(
            contracts, players, size_, 3, 0, 4, "expert", dealt_, removed=removed, stride=players
        )
        assert alone == traces


@needs_native
@pytest.mark.usefixtures("clocked")
@pytest.mark.parametrize("code", CODES)
def test_a_seat_game_branches_only_where_its_own_budgets_ask(code: str):
    """A seat's game with every branch and with only its seat's answers each budget of that
    seat alike, and the second plays fewer branches."""
    contracts, players, size = _pack_deal(code)
    kept = every = 0
    for pile in seat_piles(size, players):
        args = (contracts, players, size, 11, 0, 30, "expert")
        full = play_traces(*args, removed=size - pile)
        own = play_traces(*args, removed=size - pile, stride=players)
        for budget in range(pile, -1, -players):
            assert [outcome(t, budget) for t in own] == [outcome(t, budget) for t in full]
        kept += sum(len(t.endings) for t in own)
        every += sum(len(t.endings) for t in full)
    assert 0 < kept < every


@needs_native
@pytest.mark.usefixtures("clocked")
def test_the_clock_breaks_the_equal_pairs_and_the_run_is_reproducible():
    clocked = api.odds(CODES[0], games=2000, workers=1)
    wins = [level.win for level in clocked.levels]
    assert all(a >= b for a, b in itertools.pairwise(wins))  # monotone
    equal = sum(1 for a, b in itertools.pairwise(wins) if a == b and a > 0)
    assert equal <= 2, wins
    assert api.odds(CODES[0], games=2000, workers=2).levels == clocked.levels


def test_without_the_clock_nothing_is_split(monkeypatch: pytest.MonkeyPatch):
    for players in (2, 3):
        plain = dataclasses.replace(expert_params.PARAMS[players], pack_clock=False)
        monkeypatch.setitem(expert_params.PARAMS, players, plain)
    first = api.odds(CODES[0], games=400)
    wins = [level.win for level in first.levels]
    assert wins[0] == wins[1]  # the first seat finishes it: its last turn alone counts


@needs_native
@pytest.mark.usefixtures("clocked")
@pytest.mark.parametrize("later", [0, 3])  # the build's largest Time Pile: own, or beyond
def test_the_atlas_counts_each_seat_from_its_own_games(later: int):
    catalog = load_catalog()
    players, games, seed = 2, 12, 1
    size, every = catalog.contracts_by_players[players], len(catalog.contracts)
    for deal in range(500):
        contracts = contracts_of(deal_at(deal, size, every), catalog)
        low, high = pile_bounds(contracts, None, catalog)
        if "pack_of_pirates" in {c.key for c in contracts} and low == high:
            break
    own = low
    shown = deal_wins(players, deal, games, own + later, seed, "expert")
    base = deal_seed(seed, players, deal)
    direct = []
    for budget in range(own + 1):
        direct.append(sum(g.won for g in _live(contracts, players, own, base, games, budget)))
    best = [max(direct[: b + 1]) for b in range(own + 1)]  # never fewer with more turns
    assert list(shown[: own + 1]) == best
