"""The Python API: the command line's settings and rules, UserError for bad values."""

from __future__ import annotations

import pytest

from coop_helper import odds, time_pile
from coop_helper.errors import UserError

DEAL = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]


@pytest.mark.parametrize("confidence", [0.9, 90, "90%", "0.9"])
def test_confidence_follows_the_percentage_rule_of_the_command_line(confidence):
    assert odds(DEAL, games=40, confidence=confidence).confidence == pytest.approx(0.9)


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"games": "40"}, "games must be a whole number"),
        ({"games": True}, "games must be a whole number"),
        ({"precision": "1"}, "precision must be a fraction"),
        ({"precision": 5}, r"precision must be a fraction from 0.001 to 0.5, .* not 5\."),
        ({"confidence": "lots"}, "--confidence must be a percentage"),
        ({"seed": 1.5}, "seed must be a whole number"),
    ],
)
def test_bad_settings_are_user_errors_not_crashes(settings, words):
    with pytest.raises(UserError, match=words):
        odds(DEAL, **{"games": 40, **settings})


def test_the_same_seed_gives_the_same_odds_whatever_the_workers():
    one = odds(DEAL, games=200, seed=4, workers=1)
    two = odds(DEAL, games=200, seed=4, workers=2)
    assert one.levels == two.levels
    assert time_pile(DEAL).size == one.time_pile == 15


def test_integers_of_other_kinds_are_whole_numbers_too():
    np = pytest.importorskip("numpy")
    result = odds(DEAL, games=np.int64(40), seed=np.int32(2), precision=np.float32(0.05))
    assert result.games == 40 and result.seed == 2
