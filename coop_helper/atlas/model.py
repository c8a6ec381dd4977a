"""The fitted model for player counts too big to simulate every deal.

A logistic regression of the win chance on the turns, the contracts and their pairs:

    logit P(win | deal, b turns) = c_b + sum_i u_i + sum_{i<j} w_ij + (sum_i v_i) * t_b

over the deal's contracts ``i, j``, with ``t_b = (b - centre) / spread``. ``c_b``, one per
number of turns, is the shape every deal's curve shares (it need not be symmetric: the
games that drag on make a long tail); each contract shifts the curve (``u``) and makes it
steeper or flatter (``v``); pairs catch contracts that help or hinder each other (``w``).
It is fitted by maximum likelihood on the wins of simulated training deals (binomial
counts per number of turns) with a ridge penalty on ``u``, ``v`` and ``w`` whose weights
are chosen on held-out training deals (strong when the sample is small, so pairs seen in
few deals do not chase noise), using scipy's L-BFGS. numpy and scipy are imported only
here, by the build.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

NO_PAIRS = float("inf")
PENALTIES = tuple((main, pair) for main in (0.3, 3.0) for pair in (1.0, 10.0, 100.0, NO_PAIRS))
"""Ridge weights (on u and v, on w) tried; the best on held-out training deals is used.
An infinite weight leaves the pairs out."""
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
    pairs: tuple[tuple[float, ...], ...]  # w as a symmetric matrix with a zero diagonal
    penalties: tuple[float, float] = (0.0, 0.0)  # the ridge weights used (u and v; w)

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
            "pairs": [[r(x) for x in row] for row in self.pairs],
            "penalties": [p if p != NO_PAIRS else "no pairs" for p in self.penalties],
        }


def _deal_terms(deals: Any, main: Any, main_slope: Any, pairs: Any) -> tuple[Any, Any]:
    """Per deal: the shift (u + w) and the slope (v) of its logit."""
    import numpy as np

    level = main[deals].sum(axis=1)
    k = deals.shape[1]
    for i in range(k):
        for j in range(i + 1, k):
            level = level + pairs[deals[:, i], deals[:, j]]
    return np.asarray(level), np.asarray(main_slope[deals].sum(axis=1))


def fit_model(
    deals: Sequence[Sequence[int]], wins: Sequence[Sequence[int]], games: int, contracts: int
) -> WinModel:
    """Fit the model to training deals (catalogue positions) and their wins per turns.

    The ridge weights are the PENALTIES pair that predicts every HOLD_OUT-th deal best
    when fitted on the others; the model is then fitted on all deals with them.
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
    best: tuple[float, tuple[float, float]] | None = None
    for penalties in PENALTIES:
        trial = _fit(d[~judge], y[~judge], games, contracts, used, penalties)
        score = deviance(trial, d[judge], y[judge], games)
        if best is None or score < best[0]:
            best = (score, penalties)
    assert best is not None
    return _fit(d, y, games, contracts, used, best[1])


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
    d: Any, y_all: Any, games: int, contracts: int, used: Any, penalties: tuple[float, float]
) -> WinModel:
    import numpy as np
    from scipy.optimize import minimize  # type: ignore[import-untyped]

    turns = used.astype(np.float64)
    centre = float(turns.mean())
    spread = float(max(turns.std(), 1.0))
    t = (turns - centre) / spread
    y = y_all[:, used]
    n, m = contracts, used.size
    rows, cols = np.triu_indices(n, 1)
    pair_index = np.full((n, n), -1, dtype=np.int64)
    pair_index[rows, cols] = np.arange(rows.size)
    k = d.shape[1]
    with_pairs = k > 1 and penalties[1] != NO_PAIRS
    pairs_of = (
        np.stack([pair_index[d[:, i], d[:, j]] for i in range(k) for j in range(i + 1, k)], axis=1)
        if with_pairs
        else np.zeros((len(d), 0), dtype=np.int64)
    )
    n_pairs = rows.size if with_pairs else 0
    size = m + 2 * n + n_pairs
    penalty = np.concatenate(
        [np.full(m, TURN_PENALTY), np.full(2 * n, penalties[0]), np.full(n_pairs, penalties[1])]
    )
    scale = 1.0 / (games * len(d))  # keeps the objective near 1 for the optimiser

    def split(theta: Any) -> tuple[Any, Any, Any, Any]:
        w = np.zeros((n, n))
        if n_pairs:
            w[rows, cols] = theta[m + 2 * n :]
        return theta[:m], theta[m : m + n], theta[m + n : m + 2 * n], w + w.T

    def objective(theta: Any) -> tuple[float, Any]:
        c, u, v, w = split(theta)
        level, slope = _deal_terms(d, u, v, w)
        eta = c[None, :] + level[:, None] + slope[:, None] * t[None, :]
        nll = float((games * np.logaddexp(0.0, eta) - y * eta).sum())
        resid = games / (1.0 + np.exp(-eta)) - y
        r_level = resid.sum(axis=1)
        r_slope = (resid * t[None, :]).sum(axis=1)
        grad = np.zeros(size)
        grad[:m] = resid.sum(axis=0)
        grad[m : m + n] = np.bincount(d.ravel(), np.repeat(r_level, k), minlength=n)
        grad[m + n : m + 2 * n] = np.bincount(d.ravel(), np.repeat(r_slope, k), minlength=n)
        if pairs_of.shape[1]:
            grad[m + 2 * n :] = np.bincount(
                pairs_of.ravel(), np.repeat(r_level, pairs_of.shape[1]), minlength=n_pairs
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
    c, u, v, w = split(found.x)
    return WinModel(
        n,
        int(used[0]),
        tuple(map(float, c)),
        centre,
        spread,
        tuple(map(float, u)),
        tuple(map(float, v)),
        tuple(tuple(map(float, row)) for row in w),
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

    level, slope = _deal_terms(
        np.asarray(deals, dtype=np.int64),
        np.asarray(model.main),
        np.asarray(model.main_slope),
        np.asarray(model.pairs),
    )
    t = (np.arange(turns + 1, dtype=np.float64) - model.centre) / model.spread
    eta = _turn_curve(model, turns)[None, :] + level[:, None] + slope[:, None] * t[None, :]
    chance = np.maximum.accumulate(1.0 / (1.0 + np.exp(-eta)), axis=1)  # never falls
    return np.rint(chance * SCALE).clip(0, SCALE).astype(np.uint8).tobytes()
