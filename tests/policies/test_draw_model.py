"""The expert's learned draw correction: its features, its weights as data, its use (and
the take correction's use)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from helpers.weights import weights_file

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.cards import SHIP
from coop_helper.errors import DataError
from coop_helper.policies import draw_model
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import PARAMS
from coop_helper.policies.take_model import COUNT_SCALE
from coop_helper.setup.catalog import load_catalog


def test_every_count_that_plays_it_has_weights() -> None:
    names = draw_model.DRAW_FEATURES
    assert len(set(names)) == len(names)
    shipped = [p for p, params in PARAMS.items() if params.draw_model]
    assert shipped, "no player count plays the correction"
    for players in shipped:
        weights = draw_model.draw_weights(players)
        assert len(weights) == len(names) and any(weights)
    assert draw_model.draw_weights(5) == (0.0,) * len(names)  # no table: no correction


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[players.1]\none = 1.0\n", "missing"),
        ("[players.1]\n" + "".join(f"{n} = 0\n" for n in draw_model.DRAW_FEATURES)
         + "wind = 2\n", "unknown"),
        ("players = 3\n", "table of"),
        ("[players.1]\n" + "".join(f"{n} = inf\n" for n in draw_model.DRAW_FEATURES),
         "finite number"),
    ],
)  # fmt: skip
def test_a_bad_table_is_a_clear_data_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str
) -> None:
    written = weights_file(
        tmp_path, monkeypatch, draw_model.MODEL_FILE, text, draw_model.draw_weights
    )
    with written, pytest.raises(DataError, match=problem):
        draw_model.draw_weights(1)


class _Recording(ExpertPolicy):
    """The expert, keeping every weighed draw's features and what it saw."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[list[float], int, int, int, list[float]]] = []

    def draw_margin(self, table, player, terms):  # type: ignore[no-untyped-def]
        features = draw_model.draw_features(table, player, terms)
        ships = {self.deck.colour[c] for c in table.harbour if self.deck.type[c] == SHIP}
        self.seen.append((list(terms), len(table.harbour), len(ships), table.turn, features))
        return super().draw_margin(table, player, terms)


def test_the_features_describe_the_draw_and_the_table() -> None:
    contracts = tuple(load_catalog().contracts[:3])
    policy = _Recording()
    for seed in range(5):
        Game(GameConfig(contracts, 1, 20, 0, seed), policy).run()
    assert policy.seen
    index = {name: i for i, name in enumerate(draw_model.DRAW_FEATURES)}
    for (bust, gain, bonus, loss), harbour, colours, turn, f in policy.seen:
        assert f[index["bonus_part"]] == (1.0 - bust) * bonus
        assert f[index["one"]] == 1.0 and 0.0 < f[index["bust"]] == bust <= 1.0
        assert f[index["gain_part"]] == (1.0 - bust) * gain
        assert f[index["loss_part"]] == bust * loss
        assert f[index["harbour"]] == harbour / COUNT_SCALE
        assert f[index["colours"]] == colours >= 1
        # the turns started, never the Time Pile: one game answers every removal level
        assert f[index["turn"]] == turn / COUNT_SCALE


@pytest.mark.parametrize("model", ["draw_model", "take_model"])
def test_each_learned_correction_changes_the_experts_games(model: str) -> None:
    """At a count that plays it, turning it off plays other games (it is used)."""
    players = next(p for p, params in PARAMS.items() if getattr(params, model))
    off = {players: dataclasses.replace(PARAMS[players], **{model: 0.0})}
    contracts = tuple(load_catalog().contracts[: load_catalog().contracts_by_players[players]])
    differ = 0
    for seed in range(20):
        config = GameConfig(contracts, players, 20, 0, seed)
        with_it = Game(config, ExpertPolicy()).run()
        without = Game(config, ExpertPolicy(off)).run()
        differ += (with_it.won, with_it.turns) != (without.won, without.turns)
    assert differ > 0
