"""The expert's learned take correction: its features, its weights as data, its use."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.weights import weights_file

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.cards import SHIP
from coop_helper.errors import DataError
from coop_helper.policies import take_model
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import PARAMS
from coop_helper.setup.catalog import ABILITIES, load_catalog


def test_every_feature_has_one_name_and_a_weight_where_the_data_gives_some() -> None:
    names = take_model.TAKE_FEATURES
    assert len(set(names)) == len(names) == 18 + len(ABILITIES)
    shipped = [p for p, params in PARAMS.items() if params.take_model]
    assert shipped, "no player count plays the correction"
    for players in shipped:
        weights = take_model.take_weights(players)
        assert len(weights) == len(names) and any(weights)


def test_a_count_without_a_table_has_no_correction(tmp_path: Path, monkeypatch) -> None:
    text = "[players.4]\n" + "".join(f"{name} = 0.5\n" for name in take_model.TAKE_FEATURES)
    with weights_file(tmp_path, monkeypatch, take_model.MODEL_FILE, text, take_model.take_weights):
        assert take_model.take_weights(4) == (0.5,) * len(take_model.TAKE_FEATURES)
        assert take_model.take_weights(1) == (0.0,) * len(take_model.TAKE_FEATURES)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[players.4]\nship = 1.0\n", "missing"),
        ("[players.4]\n" + "".join(f"{n} = 0\n" for n in take_model.TAKE_FEATURES)
         + "wind = 2\n", "unknown"),
        ("[players.4\n", "not valid TOML"),
        ("players = 3\n", "table of"),
        ("[players]\n4 = 1.0\n", "table of weights"),
        ("[players.4]\n" + "".join(f"{n} = nan\n" for n in take_model.TAKE_FEATURES),
         "finite number"),
        ("[players.4]\n" + "".join(f'{n} = "1"\n' for n in take_model.TAKE_FEATURES),
         "finite number"),
        ("[players.4]\n" + "".join(f"{n} = true\n" for n in take_model.TAKE_FEATURES),
         "finite number"),
    ],
)  # fmt: skip
def test_a_bad_table_is_a_clear_data_error(
    tmp_path: Path, monkeypatch, text: str, problem: str
) -> None:
    written = weights_file(
        tmp_path, monkeypatch, take_model.MODEL_FILE, text, take_model.take_weights
    )
    with written, pytest.raises(DataError, match=problem):
        take_model.take_weights(4)


def test_the_correction_sums_weight_times_feature() -> None:
    weights = tuple(float(i) for i in range(len(take_model.TAKE_FEATURES)))
    features = [0.5] * len(weights)
    assert take_model.take_correction(weights, features) == sum(w * 0.5 for w in weights)
    with pytest.raises(ValueError):
        take_model.take_correction(weights, features[:-1])


class _Recording(ExpertPolicy):
    """The expert, keeping every take's features (to check what they say)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[bool, bool, int, list[float]]] = []

    def choose_take(self, table, player, options, takes_left):  # type: ignore[no-untyped-def]
        for card in options:
            features = take_model.take_features(
                self, table, player, card, 0.0, 0.0, 0.0, takes_left
            )
            is_ship = self.deck.type[card] == SHIP
            self.seen.append((is_ship, table.active == player.index, table.turn, features))
        return super().choose_take(table, player, options, takes_left)


def test_the_features_describe_the_card_and_the_table() -> None:
    contracts = tuple(load_catalog().contracts[:9])
    policy = _Recording()
    Game(GameConfig(contracts, 4, 20, 0, 12345), policy).run()
    assert policy.seen
    index = {name: i for i, name in enumerate(take_model.TAKE_FEATURES)}
    abilities = [index[f"person_{a}"] for a in ABILITIES]
    for is_ship, active, turn, f in policy.seen:
        assert f[index["ship"]] == float(is_ship) and f[index["person"]] == float(not is_ship)
        assert f[index["ship_active"]] == float(is_ship and active)
        assert sum(f[i] for i in abilities) == (0.0 if is_ship else 1.0)
        if is_ship:
            assert f[index["ship_coins"]] >= 1 and f[index["person_price"]] == 0
        # the turns started, never the Time Pile: one game answers every removal level
        assert f[index["turn"]] == turn / take_model.COUNT_SCALE
        assert f[index["ship_turn"]] == (f[index["turn"]] if is_ship else 0.0)
