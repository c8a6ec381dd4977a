"""Independent random streams: no game's policy stream is another game's deck stream."""

from __future__ import annotations

import random

from coop_helper.engine.seeds import DECK, POLICY, stream_seed
from coop_helper.sim.traces import game_seed


def test_streams_of_many_games_never_meet():
    seeds = [game_seed(s, i) for s in range(4) for i in range(500)]
    decks = {stream_seed(seed, DECK) for seed in seeds}
    policies = {stream_seed(seed, POLICY) for seed in seeds}
    assert len(decks) == len(policies) == len(seeds)
    assert decks.isdisjoint(policies)


def test_the_old_overlap_is_gone():
    """It used to be Random(seed) for the deck and Random(2 * seed + 1) for the policy."""
    for seed in range(200):
        assert stream_seed(seed, POLICY) != stream_seed(2 * seed + 1, DECK)


def test_streams_are_fixed_by_the_seed():
    assert stream_seed(7, DECK) == stream_seed(7, DECK)
    assert stream_seed(7, DECK) != stream_seed(8, DECK)
    first = [random.Random(stream_seed(3, POLICY)).random() for _ in range(2)]
    assert first[0] == first[1]


def test_streams_look_uniform():
    """The top bit of 4,000 stream seeds: a fair coin, within 4 standard deviations."""
    n = 4000
    ones = sum(stream_seed(s, DECK) >> 127 for s in range(n))
    assert abs(ones - n / 2) < 4 * (n * 0.25) ** 0.5
