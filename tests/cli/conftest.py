"""Fixtures of the command-line tests."""

from __future__ import annotations

import pytest
from helpers.journal_cli import open_journal

from coop_helper.journal import predict
from coop_helper.policies import policy_version


@pytest.fixture
def predicted(monkeypatch):
    """The rulebook deal's prediction is stored already: recording it needs no simulation."""
    wins = (720, 640, 540, 430, 310, 200, 120, 50, 20, 3)
    with open_journal() as journal, journal.write() as db:
        seed = predict.deal_seed("PR1-0040HM", 15)
        predict.store(
            db,
            predict.Prediction(
                "PR1-0040HM",
                15,
                "expert",
                policy_version("expert", 1),
                predict.PREDICTION_GAMES,
                seed,
                wins,
            ),
        )

    def refuse(*args, **kwargs):
        raise AssertionError("the stored prediction should have been used")

    monkeypatch.setattr(predict, "simulate_deal", refuse)
    return wins
