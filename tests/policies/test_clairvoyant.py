"""The clairvoyant bound: it does see the true hidden cards, it plays the same on both
engines, and nothing a user reaches (odds, setup, play, the atlas, the page) plays it."""

from __future__ import annotations

import random

import pytest
from helpers.native import python_state, short_case
from helpers.web import client
from typer.testing import CliRunner

from coop_helper.atlas.plan import make_params
from coop_helper.cli.app import app
from coop_helper.engine import Game, GameConfig
from coop_helper.errors import UserError
from coop_helper.native import core, extension
from coop_helper.policies import POLICY_NAMES, make_policy
from coop_helper.policies.basic import BasicPolicy
from coop_helper.policies.clairvoyant import NAME, ClairvoyantSearch
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.native_expert import native_constants
from coop_helper.policies.search import KINDS, SearchDecision, native_search
from coop_helper.setup.catalog import load_catalog

native = pytest.mark.skipif(extension() is None, reason="the native core is not built")
runner = CliRunner()
SOLO = ["Fighter", "Jinx", "Explorer"]


@pytest.mark.parametrize("name", [NAME, f"search:{NAME}", "clairvoyant", "search:clairvoyant"])
def test_the_registry_does_not_know_it(name):
    assert NAME not in POLICY_NAMES
    with pytest.raises(UserError):
        make_policy(name)


@pytest.mark.parametrize("command", [["odds", *SOLO], ["setup", *SOLO], ["play", *SOLO]])
def test_no_command_plays_it(command):
    result = runner.invoke(app, [*command, "--policy", NAME])
    assert result.exit_code == 2, result.output
    assert "unknown policy" in result.stderr and "Traceback" not in result.stderr


def test_the_atlas_does_not_build_with_it():
    with pytest.raises(UserError, match="unknown policy"):
        make_params(policy=NAME)


def test_the_page_plays_the_expert_whatever_it_is_asked():
    params = [*(("contract", n) for n in SOLO), ("games", "40"), ("seed", "5"), ("policy", NAME)]
    answer = client().get("/api/odds", params=params)
    assert answer.status_code == 200, answer.text
    assert answer.json()["policy"] == "expert"


CONTRACTS = ("fighter", "trader_prince", "cheap_staff", "new_colony", "explorer")


def _config() -> GameConfig:
    by_key = {c.key: c for c in load_catalog().contracts}
    return GameConfig(tuple(by_key[k] for k in CONTRACTS), 2, 18, 0, 4)


class _Found(Exception):
    """Raised at the position wanted."""


class _Capture(BasicPolicy):
    """The basic team, stopping the game at its first draw decision from turn 4 on."""

    game: Game | None = None
    position: tuple | None = None

    def draw_again(self, table, player):
        """Captures the table and the true hidden cards, then stops the game."""
        if table.turn >= 4 and self.game is not None:
            self.position = (table.copy(), self.game.hidden.copy())
            raise _Found
        return super().draw_again(table, player)


def _captured() -> tuple:
    capture = _Capture()
    game = Game(_config(), capture)
    capture.game = game
    with pytest.raises(_Found):
        game.run()
    assert capture.position is not None
    return capture.position


def _rollouts(table, hidden, rng_seed: int) -> list[list[float]]:
    position = (table.copy(), hidden, random.Random(rng_seed), random.Random(0))
    game = Game(_config(), ExpertPolicy(), None, position)
    player = ClairvoyantSearch(ExpertPolicy)
    player.start_game(game.table, random.Random(11))
    player.watch(game)
    return player._option_wins(game.table, "draw", [True, False])


def test_its_rollouts_follow_the_true_hidden_cards_and_draws():
    """The same public table: the search's rollouts are the same whatever is hidden
    (tests/test_search.py), the clairvoyant's follow the truth."""
    table, hidden = _captured()
    same = [_rollouts(table, hidden.copy(), 1) for _ in range(2)]
    assert same[0] == same[1]
    differ = {str(_rollouts(table, hidden.copy(), seed)) for seed in range(1, 9)}
    assert len(differ) > 1


def test_it_must_watch_its_game():
    table, _ = _captured()
    player = ClairvoyantSearch(ExpertPolicy)
    player.start_game(table, random.Random(1))
    with pytest.raises(RuntimeError, match="watch"):
        player.draw_again(table, table.players[table.active])


@native
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_it_plays_the_same_on_both_engines(players):
    rng = random.Random(4_000 + players)
    for i in range(2):
        case = short_case(rng, players, i, 12)
        policy = ClairvoyantSearch(ExpertPolicy)
        policy.record = []
        config = GameConfig(
            case.contracts, players, case.time_pile, case.removed, case.seed, case.dealt_time
        )
        game = Game(config, policy)
        policy.watch(game)
        game.run()
        whole = core.play_search_games(
            case.contracts,
            players,
            case.time_pile,
            [case.seed],
            "expert",
            KINDS,
            policy.samples,
            search=native_search(),
            removed=case.removed,
            dealt_time=case.dealt_time,
            clairvoyant=True,
            record=True,
            expert=native_constants("expert", players),
        )[0]
        assert [SearchDecision(*d) for d in whole.pop("decisions")] == policy.record
        assert whole.pop("searched") == (policy.searched["draw"], policy.searched["take"])
        del whole["overridden"]
        assert whole == python_state(game)
