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
        ({"games": None, "precision": "1"}, "precision must be a fraction"),
        ({"games": None, "precision": 5}, r"precision must be a fraction from 0.001 .* not 5\."),
        ({"precision": 0.02}, "give games .* or precision .*, not both"),
        ({"confidence": "lots"}, "--confidence must be a percentage"),
        ({"seed": 1.5}, "seed must be a whole number"),
    ],
)
def test_bad_settings_are_user_errors_not_crashes(settings, words):
    with pytest.raises(UserError, match=words):
        odds(DEAL, **{"games": 40, **settings})


@pytest.mark.parametrize(
    ("seals", "words"),
    [
        ({"Ransom": (1, "A")}, r"the seal for Ransom must be text like '1A', not \(1, 'A'\)"),
        ({"Fighter": "1A"}, r"Fighter's seal is known \(0A\); seals are only for"),
        ({"Ransom": "9A"}, "seal for Ransom: '9A' is not a seal"),
    ],
)
def test_bad_seals_are_user_errors_as_on_the_command_line(seals, words):
    with pytest.raises(UserError, match=words):
        time_pile(["Fighter", "Jinx", "Ransom"], seals=seals)


def test_the_same_seed_gives_the_same_odds_whatever_the_workers():
    one = odds(DEAL, games=200, seed=4, workers=1)
    two = odds(DEAL, games=200, seed=4, workers=2)
    assert one.levels == two.levels
    assert time_pile(DEAL).size == one.time_pile == 15


def test_integers_of_other_kinds_are_whole_numbers_too():
    np = pytest.importorskip("numpy")
    result = odds(DEAL, games=np.int64(40), seed=np.int32(2))
    assert result.games == 40 and result.seed == 2
    precise = odds(DEAL, precision=np.float32(0.05), seed=np.int32(2))
    assert precise.precision == pytest.approx(0.05)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: odds(None, games=40), "contracts must be a list of names"),
        (lambda: time_pile(None), "contracts must be a list of names"),
        (lambda: time_pile(b"PR1-0040HM"), "contracts must be a list of names"),
        (lambda: odds([1, 2, 3], games=40), r"contracts must be names \(text\).* not 1\."),
        (lambda: time_pile([b"Fighter", b"Jinx", b"Explorer"]), "not b'Fighter'"),
        (lambda: odds(DEAL, games=40, policy=None), "policy must be text"),
        (lambda: odds(DEAL, games=40, interval=None), "interval must be text"),
        (lambda: time_pile(DEAL, seals="Ransom=1A"), "seals must be a mapping"),
        (lambda: time_pile(DEAL, seals=["Ransom=1A"]), "seals must be a mapping"),
        (lambda: time_pile(DEAL, seals={1: "1A"}), "seals are keyed by contract name"),
        (lambda: time_pile(DEAL, players="1"), "players must be a whole number, not '1'"),
    ],
)
def test_arguments_of_the_wrong_kind_are_user_errors(call, words):
    """They crashed deep inside (TypeError, AttributeError), or said 'players must be 1
    to 5, not 1' for the text '1'."""
    with pytest.raises(UserError, match=words):
        call()
