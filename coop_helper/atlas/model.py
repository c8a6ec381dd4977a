"""The fitted model for player counts too big to simulate every deal.

A logistic regression of the win chance on the contracts, their pairs and the turns:

    logit P(win | deal, b turns) = a + sum_c u_c + sum_{c<d} w_cd + (s + sum_c v_c) * t

over the contracts ``c, d`` of the deal, with ``t = (b - centre) / spread``. Each contract
moves the curve (``u``) and makes it steeper or flatter (``v``); pairs catch contracts
that help or hinder each other (``w``). It is fitted by maximum likelihood on the wins of
simulated training deals (binomial counts per number of turns) with a small ridge
penalty, using scipy's L-BFGS. numpy and scipy are imported only here, by the build.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MAIN_PENALTY = 0.1  # ridge weight on u and v
PAIR_PENALTY = 2.0  # ridge weight on the pair terms w
FIT_RANGE = (0.001, 0.999)  # fit the turns whose pooled win rate lies inside this


@dataclass(frozen=True)
class WinModel:
    """Fitted coefficients for one player count (``contracts`` = catalogue size)."""

    contracts: int
    centre: float
    spread: float
    intercept: float
    slope: float
    main: tuple[float, ...]  # u_c
    main_slope: tuple[float, ...]  # v_c
    pairs: tuple[tuple[float, ...], ...]  # w as a symmetric matrix with a zero diagonal

    def to_json(self) -> dict[str, Any]:
        """The coefficients, rounded so the same fit always writes the same text."""
        def r(x: float) -> float:
            return round(x, 6)

        return {"centre": r(self.centre), "spread": r(self.spread),
                "intercept": r(self.intercept), "slope": r(self.slope),
                "main": [r(x) for x in self.main], "main_slope": [r(x) for x in self.main_slope],
                "pairs": [[r(x) for x in row] for row in self.pairs]}


def _unpack(theta: Any, n: int) -> tuple[Any, Any, Any, Any, Any]:
    import numpy as np

    a, s = theta[0], theta[1]
    u = theta[2 : 2 + n]
    v = theta[2 + n : 2 + 2 * n]
    upper = theta[2 + 2 * n :]
    w = np.zeros((n, n))
    rows, cols = np.triu_indices(n, 1)
    w[rows, cols] = upper
    w = w + w.T
    return a, s, u, v, w


def _linear(deals: Any, theta: Any, n: int) -> tuple[Any, Any]:
    """Per deal: the level (a + u + w) and the slope (s + v) of its logit."""
    import numpy as np

    a, s, u, v, w = _unpack(theta, n)
    level = a + u[deals].sum(axis=1)
    k = deals.shape[1]
    for i in range(k):
        for j in range(i + 1, k):
            level = level + w[deals[:, i], deals[:, j]]
    slope = s + v[deals].sum(axis=1)
    return np.asarray(level), np.asarray(slope)


def fit_model(deals: Sequence[Sequence[int]], wins: Sequence[Sequence[int]], games: int,
              contracts: int) -> WinModel:
    """Fit the model to training deals (catalogue positions) and their wins per turns."""
    import numpy as np
    from scipy.optimize import minimize  # type: ignore[import-untyped]

    d = np.asarray(deals, dtype=np.int64)
    y_all = np.asarray(wins, dtype=np.float64)
    pooled = y_all.sum(axis=0) / (games * len(d))
    used = np.flatnonzero((pooled > FIT_RANGE[0]) & (pooled < FIT_RANGE[1]))
    if used.size < 2:
        raise ValueError("the training games leave fewer than two informative turn counts")
    turns = used.astype(np.float64)
    centre = float(turns.mean())
    spread = float(max(turns.std(), 1.0))
    t = (turns - centre) / spread
    y = y_all[:, used]
    n = contracts
    rows, cols = np.triu_indices(n, 1)
    pair_index = np.full((n, n), -1, dtype=np.int64)
    pair_index[rows, cols] = np.arange(rows.size)
    k = d.shape[1]
    pairs_of = np.stack([pair_index[d[:, i], d[:, j]]
                         for i in range(k) for j in range(i + 1, k)], axis=1) if k > 1 \
        else np.zeros((len(d), 0), dtype=np.int64)
    size = 2 + 2 * n + rows.size
    penalty = np.concatenate([[0.0, 0.0], np.full(2 * n, MAIN_PENALTY),
                              np.full(rows.size, PAIR_PENALTY)])
    scale = 1.0 / (games * len(d))  # keeps the objective near 1 for the optimiser

    def objective(theta: Any) -> tuple[float, Any]:
        level, slope = _linear(d, theta, n)
        eta = level[:, None] + slope[:, None] * t[None, :]
        nll = float((games * np.logaddexp(0.0, eta) - y * eta).sum())
        resid = games / (1.0 + np.exp(-eta)) - y
        r_level = resid.sum(axis=1)
        r_slope = (resid * t[None, :]).sum(axis=1)
        grad = np.zeros(size)
        grad[0] = r_level.sum()
        grad[1] = r_slope.sum()
        grad[2 : 2 + n] = np.bincount(d.ravel(), np.repeat(r_level, k), minlength=n)
        grad[2 + n : 2 + 2 * n] = np.bincount(d.ravel(), np.repeat(r_slope, k), minlength=n)
        if pairs_of.shape[1]:
            grad[2 + 2 * n :] = np.bincount(pairs_of.ravel(),
                                            np.repeat(r_level, pairs_of.shape[1]),
                                            minlength=rows.size)
        value = nll + 0.5 * float((penalty * theta * theta).sum())
        grad = grad + penalty * theta
        return value * scale, grad * scale

    start = np.zeros(size)
    pooled_used = np.clip(pooled[used], 1e-3, 1 - 1e-3)
    start[0] = float(np.log(pooled_used / (1 - pooled_used)).mean())
    start[1] = 1.0
    found = minimize(objective, start, jac=True, method="L-BFGS-B",
                     options={"maxiter": 5000, "gtol": 1e-9, "ftol": 1e-13})
    a, s, u, v, w = _unpack(found.x, n)
    return WinModel(n, centre, spread, float(a), float(s), tuple(map(float, u)),
                    tuple(map(float, v)), tuple(tuple(map(float, row)) for row in w))


def predict_rows(model: WinModel, deals: Any, turns: int) -> bytes:
    """Quantised win chances with 0..``turns`` turns for each deal, as atlas rows."""
    import numpy as np

    from coop_helper.atlas.store import SCALE

    n = model.contracts
    theta = np.concatenate([[model.intercept, model.slope], model.main, model.main_slope,
                            np.asarray(model.pairs)[np.triu_indices(n, 1)]])
    level, slope = _linear(np.asarray(deals, dtype=np.int64), theta, n)
    t = (np.arange(turns + 1, dtype=np.float64) - model.centre) / model.spread
    eta = level[:, None] + slope[:, None] * t[None, :]
    chance = np.maximum.accumulate(1.0 / (1.0 + np.exp(-eta)), axis=1)  # never falls
    return np.rint(chance * SCALE).clip(0, SCALE).astype(np.uint8).tobytes()
