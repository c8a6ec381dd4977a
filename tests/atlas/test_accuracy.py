"""The atlas's numbers against direct simulation, and the model against a known truth.

The full check (10,000 games per held-out deal, within 2 points on average and 6 at
worst) is too slow for CI on 2 cores: it is ``benchmarks/studies/atlas_accuracy.py``. Here, a few
hundred games, with tolerances from the sample sizes.
"""

from __future__ import annotations

import math
import random

import pytest

from coop_helper.atlas.deals import contracts_of, deal_index, positions
from coop_helper.atlas.plan import make_params, turns_stored
from coop_helper.atlas.store import SCALE, quantise
from coop_helper.atlas.work import deal_wins
from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.odds import compute_odds

Z = 4.0  # a 4-sigma band: a correct pipeline fails about once in 16,000 runs


def test_a_simulated_row_agrees_with_the_odds_runner():
    catalog = load_catalog()
    contracts = catalog.contracts_for(["Lady Killer", "Maritime Supremacy", "Galleon Foe"])
    pile = time_pile(contracts)
    atlas_games, direct_games = 200, 400
    turns = turns_stored(make_params(players=(1,)), 1)
    wins = deal_wins(1, deal_index(positions(contracts)), atlas_games, turns, 1, "expert")
    atlas = quantise(wins[pile.size], atlas_games) / SCALE
    direct = compute_odds(1, contracts, pile, games=direct_games, seed=777).levels[0].win
    p = (atlas + direct) / 2
    sigma = math.sqrt(max(p * (1 - p), 0.01) * (1 / atlas_games + 1 / direct_games))
    assert abs(atlas - direct) <= Z * sigma + 1 / SCALE


def test_the_model_recovers_a_known_curve_on_held_out_deals(monkeypatch):
    np = pytest.importorskip("numpy")
    from coop_helper.atlas import model
    from coop_helper.atlas.model import fit_model, predict_rows

    # two candidate ridge weights keep it quick; the truth has no pairs, so either fits
    monkeypatch.setattr(model, "PAIR_PENALTIES", (100.0, model.NO_TERMS))
    monkeypatch.setattr(model, "TRIPLE_PENALTIES", (model.NO_TERMS,))

    rng = random.Random(5)
    truth_main = [rng.gauss(0, 0.6) for _ in range(18)]
    turns, games = 30, 200

    def chance(deal, b):
        logit = -0.2 * sum(truth_main[c] for c in deal) + 0.5 * (b - 15)
        return 1 / (1 + math.exp(-logit))

    deals = [tuple(sorted(rng.sample(range(18), 3))) for _ in range(300)]
    draws = np.random.default_rng(7)
    wins = [[int(draws.binomial(games, chance(d, b))) for b in range(turns + 1)] for d in deals]
    model = fit_model(deals, wins, games, 18)
    held = [tuple(sorted(rng.sample(range(18), 3))) for _ in range(100)]
    rows = (
        np.frombuffer(predict_rows(model, held, turns), dtype=np.uint8).reshape(
            len(held), turns + 1
        )
        / SCALE
    )
    errors = [abs(rows[i, 15] - chance(d, 15)) for i, d in enumerate(held)]
    # 300 deals x 31 turns x 200 games pin 208 coefficients to a few hundredths; the
    # curve at its steepest (b = 15) moves by a quarter of a coefficient's error.
    assert sum(errors) / len(errors) <= 0.02
    assert max(errors) <= 0.06


def test_the_model_learns_a_triple_that_pairs_cannot_explain(monkeypatch):
    np = pytest.importorskip("numpy")
    from itertools import combinations

    from coop_helper.atlas import model
    from coop_helper.atlas.model import fit_model, predict_rows

    # 10 contracts, 5 per deal: every deal once. Three contracts together cost 2 logits,
    # any two of them nothing.
    rng = random.Random(11)
    truth_main = [rng.gauss(0, 0.4) for _ in range(10)]
    hard = {0, 1, 2}
    turns, games = 30, 300

    def chance(deal, b):
        logit = sum(truth_main[c] for c in deal) + 0.5 * (b - 15) - 2.0 * hard.issubset(deal)
        return 1 / (1 + math.exp(-logit))

    deals = list(combinations(range(10), 5))
    draws = np.random.default_rng(3)
    wins = [[int(draws.binomial(games, chance(d, b))) for b in range(turns + 1)] for d in deals]

    def mean_error(triple_penalties):
        monkeypatch.setattr(model, "PAIR_PENALTIES", (10.0,))
        monkeypatch.setattr(model, "TRIPLE_PENALTIES", triple_penalties)
        fitted = fit_model(deals, wins, games, 10)
        rows = np.frombuffer(predict_rows(fitted, deals, turns), dtype=np.uint8).reshape(
            len(deals), turns + 1
        )
        with_triple = [i for i, d in enumerate(deals) if hard.issubset(d)]
        errors = [abs(rows[i, 15] / SCALE - chance(deals[i], 15)) for i in with_triple]
        return fitted, sum(errors) / len(errors)

    fitted, with_triples = mean_error((10.0,))
    _, without = mean_error((model.NO_TERMS,))
    triple = list(combinations(range(10), 3)).index((0, 1, 2))
    # the pairs inside the triple take a share of its 2 logits; the triple the rest
    assert fitted.triples[triple] < -1.0
    # 21 deals x 31 turns x 300 games: the curves of the triple's deals to a point or so,
    # where leaving triples out misses them by several points
    assert with_triples <= 0.015
    assert without >= 3 * with_triples


def test_contracts_of_a_deal_round_trip():
    catalog = load_catalog()
    contracts = catalog.contracts_for(["Fighter", "Jinx", "Explorer"])
    assert set(contracts_of(positions(contracts))) == set(contracts)
