"""The expert's learned draw correction: a linear model fitted to the search's rollouts.

Where `ExpertParams.draw_model` is on, the expert draws on where its margin, ``(1 - bust)
* (gain * boldness + bonus) - bust * loss``, plus ``draw_model * sum(weight * feature)`` is
above 0 (`ExpertPolicy.draw_margin`; the draws it does not weigh, and stopping where
stopping wins and the last turn's rule, stay as they were). The features are the terms of
that margin and a few facts of the table (`DRAW_FEATURES`), none of them the Time Pile: the
expert stays time-blind, so one game answers every removal level for the odds
(tests/native/test_time_blind.py). The weights per player count are data
(`data/draw_model.toml`), fitted by `benchmarks/strength/draw_fit.py` to pick the answers
the search's rollouts win most with, on deals apart from those the strength benchmarks
judge on.

C++ twin: `draw_correction` in `coop_helper/native/src/policies/expert.cpp` (the weights
handed over by `native_expert` as ``draw_weights``).
"""

from __future__ import annotations

import functools

from coop_helper.engine.cards import SHIP
from coop_helper.engine.state import PlayerState, Table, takes_for_colours
from coop_helper.policies.take_model import COUNT_SCALE, take_correction, weights_at

DRAW_FEATURES: tuple[str, ...] = (
    "one",  # 1: a shift of the margin
    "bust",  # the chance of busting
    "gain_part",  # (1 - bust) * what one more card brings, before the boldness
    "bonus_part",  # (1 - bust) * what it brings whatever the harbour
    "loss_part",  # bust * what a bust loses
    "harbour",  # cards in the harbour / COUNT_SCALE
    "colours",  # ship colours in the harbour
    "takes",  # takes those colours give the active player
    "persons",  # persons in the harbour
    "swords",  # the active player's swords
    "coins",  # the active player's coins / COUNT_SCALE
    "unseen",  # cards that could still come off the draw pile / COUNT_SCALE
    "open",  # contracts still open
    "open_share",  # open contracts / all contracts
    "turn",  # turns started so far / COUNT_SCALE (the same at every removal level)
)
MODEL_FILE = "draw_model.toml"

DrawTerms = tuple[float, float, float, float]  # bust, gain, bonus, loss (`draw_terms`)


def draw_features(table: Table, player: PlayerState, terms: DrawTerms) -> list[float]:
    """`DRAW_FEATURES` of a weighed draw; ``terms`` are the expert's `draw_terms`."""
    bust, gain, bonus, loss = terms
    deck = table.deck
    colours = len({deck.colour[c] for c in table.harbour if deck.type[c] == SHIP})
    persons = sum(1 for c in table.harbour if deck.type[c] != SHIP)
    return [
        1.0,
        bust,
        (1.0 - bust) * gain,
        (1.0 - bust) * bonus,
        bust * loss,
        len(table.harbour) / COUNT_SCALE,
        float(colours),
        float(takes_for_colours(colours)),
        float(persons),
        float(player.swords),
        player.coins / COUNT_SCALE,
        table.unseen_total / COUNT_SCALE,
        float(len(table.open)),
        len(table.open) / len(table.contracts),
        table.turn / COUNT_SCALE,  # not the Time Pile: the expert plays time-blind
    ]


def draw_correction(weights: tuple[float, ...], features: list[float]) -> float:
    """``sum(weight * feature)``, in `DRAW_FEATURES` order (the native core's order)."""
    return take_correction(weights, features)


@functools.cache
def draw_weights(players: int) -> tuple[float, ...]:
    """The fitted weights at this player count, in `DRAW_FEATURES` order (all 0 where
    the data has none)."""
    return weights_at(MODEL_FILE, players, DRAW_FEATURES, "draw")
