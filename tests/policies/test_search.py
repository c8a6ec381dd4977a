"""The search player: forked games resume exactly, guesses of the hidden cards are honest
and consistent with the table, and the registry and the odds runner treat it right."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers.cli import ok_json
from helpers.engine import redealt_hidden
from typer.testing import CliRunner

from coop_helper.cli.app import app
from coop_helper.engine import Game, GameConfig
from coop_helper.engine.cards import SHIP
from coop_helper.engine.fork import fork, hidden_cards, public_cards, sample_hidden
from coop_helper.engine.state import Hidden, Table, hire_cost
from coop_helper.errors import UserError
from coop_helper.native import extension
from coop_helper.policies import make_policy
from coop_helper.policies.basic import BasicPolicy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.search import SearchPolicy, paired_best
from coop_helper.setup.catalog import load_catalog

runner = CliRunner()
CONTRACTS = ("fighter", "trader_prince", "cheap_staff", "new_colony", "explorer")


class Stop(Exception):
    """Raised by a capturing policy once it has what the test wants."""


class Capture(BasicPolicy):
    """Plays like the basic team; at a chosen decision records the position and stops."""

    def __init__(self, kind: str, turn: int, when=lambda table, player: True) -> None:
        self.kind, self.turn, self.when = kind, turn, when
        self.game: Game | None = None
        self.position: tuple | None = None

    def _capture(self, table: Table, *extra) -> None:
        game = self.game
        assert game is not None
        rng = random.Random()
        rng.setstate(game.rng.getstate())
        self.position = (table.copy(), game.hidden.copy(), rng, *extra)
        raise Stop

    def draw_again(self, table, player):
        """Basic play; captures at the chosen turn."""
        if self.kind == "draw" and table.turn >= self.turn and self.when(table, player):
            self._capture(table)
        return super().draw_again(table, player)

    def choose_take(self, table, player, options, takes_left):
        """Basic play; captures at the chosen turn."""
        if self.kind == "take" and table.turn >= self.turn and self.when(table, player):
            self._capture(table, player.index, takes_left, list(options))
        return super().choose_take(table, player, options, takes_left)


def _config(players: int = 2, seed: int = 4, time_pile: int = 18) -> GameConfig:
    by_key = {c.key: c for c in load_catalog().contracts}
    return GameConfig(tuple(by_key[k] for k in CONTRACTS), players, time_pile, 0, seed)


def _captured(
    kind: str, turn: int, players: int = 2, seed: int = 4, when=lambda table, player: True
):
    """The position at the first ``kind`` decision from ``turn`` on, and the whole game's
    result when played on by the basic team."""
    capture = Capture(kind, turn, when)
    game = Game(_config(players, seed), capture)
    capture.game = game
    with pytest.raises(Stop):
        game.run()
    full = Game(_config(players, seed), BasicPolicy()).run()
    assert capture.position is not None
    return capture.position, full


def _same_result(a, b) -> bool:
    return (a.won, a.turns, a.points, a.completers) == (b.won, b.turns, b.points, b.completers)


# ------------------------------------------------------------ resuming a game


@pytest.mark.parametrize("seed", [4, 9])
def test_a_game_resumed_at_a_draw_decision_plays_on_exactly(seed):
    (table, hidden, rng), full = _captured("draw", 5, seed=seed)
    policy = BasicPolicy()
    choice = policy.draw_again(table, table.players[table.active])
    game = Game(_config(seed=seed), policy, None, (table, hidden, rng, random.Random(0)))
    assert _same_result(game.resume_draw(choice), full)


@pytest.mark.parametrize("seed", [4, 9])
def test_a_game_resumed_at_a_later_players_take_plays_on_exactly(seed):
    (table, hidden, rng, player, takes, options), full = _captured(
        "take", 4, players=3, seed=seed, when=lambda table, p: p.index != table.active
    )
    assert player != table.active
    policy = BasicPolicy()
    choice = policy.choose_take(table, table.players[player], options, takes)
    game = Game(_config(3, seed), policy, None, (table, hidden, rng, random.Random(0)))
    assert _same_result(game.resume_take(player, takes, choice), full)


def test_resuming_with_the_other_answer_changes_the_game():
    (table, hidden, rng), _ = _captured("draw", 3)
    results = set()
    for again in (True, False):
        r = random.Random()
        r.setstate(rng.getstate())
        game = Game(
            _config(), BasicPolicy(), None, (table.copy(), hidden.copy(), r, random.Random(0))
        )
        game_result = game.resume_draw(again)
        results.add(
            (
                game_result.won,
                game_result.turns,
                str(game_result.completers),
                game.table.turn,
                len(game.table.discard),
            )
        )
    assert len(results) == 2


# --------------------------------------------------- guessing the hidden cards


def _guess(guess: Hidden) -> tuple:
    return (guess.draw, guess.time, guess.victory, guess.coin_cards)


@pytest.mark.parametrize("engine", ["python", "native"])
def test_guesses_and_decisions_do_not_depend_on_the_true_hidden_cards(engine, monkeypatch):
    """On either engine (the native core's rollouts guess in C++) the search's rollouts and
    decisions are the same whatever the true hidden cards and the game's random source."""
    if engine == "native" and extension() is None:
        pytest.skip("the native core is not built")
    monkeypatch.setenv("COOP_HELPER_ENGINE", engine)
    (table, hidden, _), _ = _captured("draw", 4)
    assert not table.reshuffled
    twin = redealt_hidden(hidden, 1)
    assert twin.time != hidden.time and sorted(twin.draw) != sorted(hidden.draw)
    # Two games, same public table, different hidden cards and game random sources.
    games = [
        Game(_config(), BasicPolicy(), None, (table.copy(), h, random.Random(s), random.Random(0)))
        for h, s in ((hidden, 1), (twin, 2))
    ]
    guesses = [_guess(sample_hidden(g.table, random.Random(7))) for g in games]
    assert guesses[0] == guesses[1]
    decisions, rollouts = [], []
    for g in games:
        search = SearchPolicy(BasicPolicy, "search:basic", samples=4, base_name="basic")
        search.start_game(g.table, random.Random(11))
        assert search.native == (engine == "native")
        player = g.table.players[g.table.active]
        rollouts.append(search._option_wins(g.table, "draw", [True, False]))
        options = [
            c
            for c in g.table.harbour
            if g.deck.type[c] == SHIP or hire_cost(g.deck, player, c) <= player.coins
        ]
        decisions.append(search.draw_again(g.table, player))
        decisions.append(search.choose_take(g.table, player, options, 1))
        decisions.append(search.rng.getstate())
    assert rollouts[0] == rollouts[1]
    assert decisions[:3] == decisions[3:]


def _check_consistent(table: Table, guess: Hidden) -> None:
    public = public_cards(table)
    guessed = guess.draw + guess.time + guess.victory + [c for p in guess.coin_cards for c in p]
    assert sorted(public + guessed) == list(range(table.deck.size))  # every card once
    assert len(guess.draw) == table.draw_size
    assert len(guess.time) == table.time_size
    assert len(guess.victory) == table.victory_size
    assert [len(c) for c in guess.coin_cards] == [p.coins for p in table.players]
    kinds = Counter(table.deck.kind[c] for c in guess.draw)
    assert all(n <= table.unseen[kind] for kind, n in kinds.items())


def test_a_guess_is_consistent_with_the_table_before_a_reshuffle():
    (table, hidden, _), _ = _captured("draw", 6)
    assert sorted(hidden_cards(table)) == sorted(
        hidden.draw + hidden.time + hidden.victory + [c for p in hidden.coin_cards for c in p]
    )
    for seed in range(5):
        _check_consistent(table, sample_hidden(table, random.Random(seed)))


def test_a_guess_after_a_reshuffle_draws_only_from_the_old_discard_pile():
    (table, hidden, _), _ = _captured(
        "draw", 1, players=3, seed=2, when=lambda t, p: t.reshuffled and t.draw_size > 5
    )
    truth = Counter(table.deck.kind[c] for c in hidden.draw)
    assert all(n <= table.unseen[k] for k, n in truth.items())  # the count tells the truth
    outside = {table.deck.kind[c] for c in hidden_cards(table)} - {
        k for k, n in enumerate(table.unseen) if n
    }
    assert outside, "every hidden kind could be in the draw pile: nothing is tested"
    for seed in range(5):
        guess = sample_hidden(table, random.Random(seed))
        _check_consistent(table, guess)
        assert not {table.deck.kind[c] for c in guess.draw} & outside


def test_forked_games_share_nothing_with_the_position():
    (table, hidden, _), _ = _captured("draw", 3)
    before = (table.snapshot(), _guess(hidden))
    fork(table, hidden, BasicPolicy(), 5).resume_draw(True)
    assert (table.snapshot(), _guess(hidden)) == before


# ---------------------------------------------------------- choosing an option


def test_paired_best_overrides_only_on_a_clear_paired_gain():
    base = [0.0, 1.0] * 10
    assert paired_best([base, [1.0] * 20], 0) == 1  # +0.5, all paired diffs >= 0
    assert paired_best([base, base], 0) == 0
    noisy = [1.0, 0.0] * 10  # the same mean, paired the other way: no clear gain
    assert paired_best([base, noisy], 0) == 0
    assert paired_best([[1.0] * 20, base, [0.0] * 20], 0) == 0  # all worse


def test_search_player_overrides_a_too_cautious_base():
    """A base that stops at two harbour cards: the search player draws on where that pays."""

    class Short(BasicPolicy):
        name = "short"

        def draw_again(self, table, player):
            return len(table.harbour) < 2

    by_key = {c.key: c for c in load_catalog().contracts}
    contracts = tuple(by_key[k] for k in ("fighter", "trader_prince", "cheap_staff"))
    search = SearchPolicy(Short, "search-draw:short", ("draw",), samples=8)
    Game(GameConfig(contracts, 1, 16, 0, 3), search).run()
    assert search.searched["draw"] > 0 and search.overridden["draw"] > 0
    assert search.searched["take"] == 0


# --------------------------------------------------------------- by name


def test_search_names_in_the_registry():
    assert make_policy("search").name == "search"
    assert make_policy("Search-Draw").kinds == frozenset({"draw"})
    assert make_policy("search-take:basic").name == "search-take:basic"
    assert make_policy("search:random").make_base is not ExpertPolicy
    for bad in ("search:search", "search:nobody", "serch"):
        with pytest.raises(UserError, match="unknown policy"):
            make_policy(bad)


def test_odds_and_setup_refuse_the_search_player():
    for args in (
        ["odds", "Fighter", "Explorer", "Jinx", "--policy", "search"],
        ["setup", "--players", "1", "--policy", "search-draw:basic"],
        ["setup", "--players", "1", "--policy", "search", "--no-odds"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "turns left" in lines[0] and "'play'" in lines[0]


def test_play_takes_the_search_player():
    doc = ok_json(
        runner.invoke(
            app,
            [
                "play",
                "Fighter",
                "Explorer",
                "Jinx",
                "--time-pile",
                "3",
                "--policy",
                "search:basic",
                "--seed",
                "2",
                "--json",
            ],
        )
    )
    choosers = {e["chooser"] for e in doc["events"] if e["event"] == "decision"}
    assert choosers == {"search:basic"}


def test_copies_carry_every_field_and_share_no_mutable_state():
    (table, hidden, _), _ = _captured("draw", 6, players=3)
    for original, copy in [
        (table, table.copy()),
        (hidden, hidden.copy()),
        *((p, p.copy()) for p in table.players),
    ]:
        for slot in type(original).__slots__:
            a, b = getattr(original, slot), getattr(copy, slot)
            assert a == b or slot == "players", slot
            if isinstance(a, list | dict) and slot != "contract_by_key":  # read-only
                assert a is not b or not a, slot
    assert [p.snapshot() for p in table.copy().players] == [p.snapshot() for p in table.players]
