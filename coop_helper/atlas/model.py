"""The fitted model for player counts too big to simulate every deal.

A logistic regression of the win chance on the turns, the contracts, their pairs and
their triples:

    logit P(win | deal, b turns) = c_b + sum_i u_i + sum_{i<j} w_ij + sum_{i<j<k} x_ijk
                                   + (sum_i v_i) * t_b

over the deal's contracts ``i, j, k``, with ``t_b = (b - centre) / spread``. ``c_b``, one
per number of turns, is the shape every deal's curve shares (it need not be symmetric: the
games that drag on make a long tail); each contract shifts the curve (``u``) and makes it
steeper or flatter (``v``); pairs and triples catch contracts that help or hinder each
other (``w``, ``x``). It is fitted by maximum likelihood on the wins of simulated training
deals (binomial counts per number of turns) with a ridge penalty on everything but ``c_b``,
using scipy's L-BFGS. The penalties on pairs and on triples are chosen on held-out
training deals: the pairs' first (without triples), then the triples' with them; an
infinite penalty leaves the terms out. numpy and scipy are imported only here, by the
build.

Why triples: on 6,000 three-player training deals of 100 games (2026-11-30, 5-fold
split), the error of the win chance at the deal's own Time Pile, net of the training
games' sampling noise, was about 6.0 points with single contracts only, 4.7 with pairs
and 4.4 with triples; with four players pairs already reach 1.8 and triples add nothing
(their penalty then leaves them out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

NO_TERMS = float("inf")
MAIN_PENALTY = 1.0  # on u and v; the choice barely matters next to the terms below
PAIR_PENALTIES = (1e2, 1e3, 1e4, NO_TERMS)
"""Ridge weights on the pairs tried; the best on held-out training deals is used."""
TRIPLE_PENALTIES = (1e4, 1e5, NO_TERMS)
"""Ridge weights on the triples tried, with the chosen pair weight."""
TURN_PENALTY = 0.01  # a whisper on c_b: keeps turns with hardly any wins from running off
HOLD_OUT = 5  # every 5th training deal judges the penalties
FIT_RANGE = (0.001, 0.999)  # fit the turns whose pooled win rate lies inside this


@dataclass(frozen=True)
class WinModel:
    """Fitted coefficients for one player count (``contracts`` = catalogue size)."""

    contracts: int
    first_turn: int  # the turns of turn_effects[0]; later ones follow one by one
    turn_effects: tuple[float, ...]  # c_b
    centre: float
    spread: float
    main: tuple[float, ...]  # u_i
    main_slope: tuple[float, ...]  # v_i
    pairs: tuple[float, ...] = ()  # w_ij in the order of combinations(contracts, 2)
    triples: tuple[float, ...] = ()  # x_ijk in the order of combinations(contracts, 3)
    penalties: tuple[float, float] = (NO_TERMS, NO_TERMS)  # the ridge weights (w; x)

    def to_json(self) -> dict[str, Any]:
        """The coefficients, rounded so the same fit always writes the same text."""

        def r(x: float) -> float:
            return round(x, 6)

        return {
            "first_turn": self.first_turn,
            "turn_effects": [r(x) for x in self.turn_effects],
            "centre": r(self.centre),
            "spread": r(self.spread),
            "main": [r(x) for x in self.main],
            "main_slope": [r(x) for x in self.main_slope],
            "pairs": [r(x) for x in self.pairs],
            "triples": [r(x) for x in self.triples],
            "penalties": [p if p != NO_TERMS else "left out" for p in self.penalties],
        }


def _term_columns(deals: Any, contracts: int, order: int) -> Any:
    """Per deal, the positions of its ``order``-sized contract groups among all groups of
    that size (in the order of ``combinations``)."""
    import numpy as np

    index = {group: i for i, group in enumerate(combinations(range(contracts), order))}
    d = np.sort(np.asarray(deals, dtype=np.int64), axis=1)
    return np.asarray(
        [[index[group] for group in combinations(map(int, row), order)] for row in d],
        dtype=np.int64,
    ).reshape(len(d), -1)


def _deal_terms(model: WinModel, deals: Any) -> tuple[Any, Any]:
    """Per deal: the shift (u + w + x) and the slope (v) of its logit."""
    import numpy as np

    d = np.asarray(deals, dtype=np.int64)
    level = np.asarray(model.main)[d].sum(axis=1)
    for order, terms in ((2, model.pairs), (3, model.triples)):
        if terms and d.shape[1] >= order:
            level = level + np.asarray(terms)[_term_columns(d, model.contracts, order)].sum(axis=1)
    return np.asarray(level), np.asarray(model.main_slope)[d].sum(axis=1)


def fit_model(
    deals: Sequence[Sequence[int]], wins: Sequence[Sequence[int]], games: int, contracts: int
) -> WinModel:
    """Fit the model to training deals (catalogue positions) and their wins per turns.

    The pair weight is the one of PAIR_PENALTIES that predicts every HOLD_OUT-th deal
    best when fitted on the others (without triples); then, with it, the triple weight
    of TRIPLE_PENALTIES. The model is then fitted on all deals with both.
    """
    import numpy as np

    d = np.asarray(deals, dtype=np.int64)
    y = np.asarray(wins, dtype=np.float64)
    pooled = y.sum(axis=0) / (games * len(d))
    inside = np.flatnonzero((pooled > FIT_RANGE[0]) & (pooled < FIT_RANGE[1]))
    if inside.size < 2:
        raise ValueError("the training games leave fewer than two informative turn counts")
    used = np.arange(inside[0], inside[-1] + 1)
    judge = np.arange(len(d)) % HOLD_OUT == HOLD_OUT - 1
    # each deal's pairs and triples, worked out once for every fit below
    terms = {order: _term_columns(d, contracts, order) for order in (2, 3) if d.shape[1] >= order}
    fitted = {order: columns[~judge] for order, columns in terms.items()}

    scores: dict[tuple[float, float], float] = {}

    def held_out_deviance(penalties: tuple[float, float]) -> float:
        if penalties not in scores:
            trial = _fit(d[~judge], y[~judge], games, contracts, used, penalties, fitted)
            scores[penalties] = deviance(trial, d[judge], y[judge], games)
        return scores[penalties]

    pair = min(((p, NO_TERMS) for p in PAIR_PENALTIES), key=held_out_deviance)[0]
    chosen = (
        min(((pair, t) for t in TRIPLE_PENALTIES), key=held_out_deviance)
        if pair != NO_TERMS
        else (NO_TERMS, NO_TERMS)
    )
    return _fit(d, y, games, contracts, used, chosen, terms)


def deviance(model: WinModel, deals: Any, wins: Any, games: int) -> float:
    """Binomial negative log-likelihood of observed wins (per turns 0..) under the model."""
    import numpy as np

    turns = wins.shape[1] - 1
    chance = (
        np.frombuffer(predict_rows(model, deals, turns), dtype=np.uint8)
        .reshape(len(deals), turns + 1)
        .astype(np.float64)
    )
    p = np.clip(chance / 255.0, 1e-4, 1 - 1e-4)
    return float(-(wins * np.log(p) + (games - wins) * np.log(1 - p)).sum())


def _fit(
    d: Any,
    y_all: Any,
    games: int,
    contracts: int,
    used: Any,
    penalties: tuple[float, float],
    terms: dict[int, Any],
) -> WinModel:
    """The model fitted with these ridge weights; ``terms`` holds each deal's pairs (2)
    and triples (3) as `_term_columns` gives them."""
    import numpy as np
    from scipy.optimize import minimize  # type: ignore[import-untyped]

    turns = used.astype(np.float64)
    centre = float(turns.mean())
    spread = float(max(turns.std(), 1.0))
    t = (turns - centre) / spread
    y = y_all[:, used]
    n, m, k = contracts, used.size, d.shape[1]
    groups: list[tuple[Any, int]] = []  # (columns per deal, number of groups): pairs, triples
    for order, weight in zip((2, 3), penalties, strict=True):
        if order in terms and weight != NO_TERMS:
            groups.append((terms[order], comb(n, order)))
        else:
            groups.append((np.zeros((len(d), 0), dtype=np.int64), 0))
    n_pairs, n_triples = groups[0][1], groups[1][1]
    size = m + 2 * n + n_pairs + n_triples
    penalty = np.concatenate(
        [
            np.full(m, TURN_PENALTY),
            np.full(2 * n, MAIN_PENALTY),
            np.full(n_pairs, penalties[0]),
            np.full(n_triples, penalties[1]),
        ]
    )
    scale = 1.0 / (games * len(d))  # keeps the objective near 1 for the optimiser
    offsets = (m + 2 * n, m + 2 * n + n_pairs)

    def objective(theta: Any) -> tuple[float, Any]:
        c, u, v = theta[:m], theta[m : m + n], theta[m + n : m + 2 * n]
        level = u[d].sum(axis=1)
        for (columns, count), at in zip(groups, offsets, strict=True):
            if count:
                level = level + theta[at : at + count][columns].sum(axis=1)
        slope = v[d].sum(axis=1)
        eta = c[None, :] + level[:, None] + slope[:, None] * t[None, :]
        nll = float((games * np.logaddexp(0.0, eta) - y * eta).sum())
        resid = games / (1.0 + np.exp(-eta)) - y
        r_level = resid.sum(axis=1)
        r_slope = (resid * t[None, :]).sum(axis=1)
        grad = np.zeros(size)
        grad[:m] = resid.sum(axis=0)
        grad[m : m + n] = np.bincount(d.ravel(), np.repeat(r_level, k), minlength=n)
        grad[m + n : m + 2 * n] = np.bincount(d.ravel(), np.repeat(r_slope, k), minlength=n)
        for (columns, count), at in zip(groups, offsets, strict=True):
            if count:
                grad[at : at + count] = np.bincount(
                    columns.ravel(), np.repeat(r_level, columns.shape[1]), minlength=count
                )
        value = nll + 0.5 * float((penalty * theta * theta).sum())
        return value * scale, (grad + penalty * theta) * scale

    start = np.zeros(size)
    pooled = y.sum(axis=0) / (games * len(d))
    clipped = np.clip(pooled, 1e-3, 1 - 1e-3)
    start[:m] = np.log(clipped / (1 - clipped))
    found = minimize(
        objective,
        start,
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": 5000, "gtol": 1e-8, "ftol": 1e-12},
    )
    x = found.x
    return WinModel(
        n,
        int(used[0]),
        tuple(map(float, x[:m])),
        centre,
        spread,
        tuple(map(float, x[m : m + n])),
        tuple(map(float, x[m + n : m + 2 * n])),
        tuple(map(float, x[offsets[0] : offsets[0] + n_pairs])),
        tuple(map(float, x[offsets[1] : offsets[1] + n_triples])),
        penalties,
    )


def _turn_curve(model: WinModel, turns: int) -> Any:
    """c_b for b = 0..turns: fitted inside the range, carried on linearly outside it."""
    import numpy as np

    c = np.asarray(model.turn_effects)
    first, last = model.first_turn, model.first_turn + c.size - 1
    step_low = c[1] - c[0] if c.size > 1 else 1.0
    step_high = c[-1] - c[-2] if c.size > 1 else 1.0
    out = np.empty(turns + 1)
    for b in range(turns + 1):
        if b < first:
            out[b] = c[0] - max(step_low, 0.5) * (first - b)
        elif b > last:
            out[b] = c[-1] + max(step_high, 0.1) * (b - last)
        else:
            out[b] = c[b - first]
    return out


def predict_rows(model: WinModel, deals: Any, turns: int) -> bytes:
    """Quantised win chances with 0..``turns`` turns for each deal, as atlas rows."""
    import numpy as np

    from coop_helper.atlas.store import SCALE

    level, slope = _deal_terms(model, deals)
    t = (np.arange(turns + 1, dtype=np.float64) - model.centre) / model.spread
    eta = _turn_curve(model, turns)[None, :] + level[:, None] + slope[:, None] * t[None, :]
    chance = np.maximum.accumulate(1.0 / (1.0 + np.exp(-eta)), axis=1)  # never falls
    return np.rint(chance * SCALE).clip(0, SCALE).astype(np.uint8).tobytes()
