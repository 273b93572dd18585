"""Universal Scalability Law, a second opinion on measured throughput series (>= 6 points).

X(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1)), fitted by bounded least squares
(sigma, kappa in [0, 1], lambda >= 0), with 95% confidence intervals from the Jacobian.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

import numpy as np
from pydantic import BaseModel, ConfigDict, Field
from scipy import stats
from scipy.optimize import least_squares

from sizing.errors import InputError
from sizing.units import Float4, Float5

MIN_POINTS = 6


@dataclass(frozen=True)
class UslFit:
    lam: float
    sigma: float
    kappa: float
    ci95: dict[str, tuple[float, float]]
    n_peak: float | None  # load of maximum throughput (None when kappa = 0: no retrograde region)
    rmse: float
    points: int

    def predict(self, n: float) -> float:
        return self.lam * n / (1 + self.sigma * (n - 1) + self.kappa * n * (n - 1))

    def published(self) -> UslCoefficients:
        return UslCoefficients.model_validate(
            {
                "lambda": self.lam,
                "sigma": self.sigma,
                "kappa": self.kappa,
                "ci95": {k: [lo, hi] for k, (lo, hi) in self.ci95.items()},
                "n_peak": self.n_peak,
                "rmse": self.rmse,
                "points": self.points,
            }
        )


class UslCoefficients(BaseModel):
    """The fitted coefficients with their 95% confidence intervals ([low, high] per coefficient)."""

    model_config = ConfigDict(frozen=True, extra="forbid", validate_by_name=True, serialize_by_alias=True)

    lam: Float5 = Field(alias="lambda")
    sigma: Float4
    kappa: Float4
    ci95: dict[str, Annotated[list[Float4], Field(min_length=2, max_length=2)]]
    n_peak: Float5 | None
    rmse: Float4
    points: int


def fit(load: Sequence[float], throughput: Sequence[float]) -> UslFit:
    n = np.asarray(load, dtype=float)
    x = np.asarray(throughput, dtype=float)
    if n.shape != x.shape or n.size < MIN_POINTS:
        raise InputError("series", f"the USL needs at least {MIN_POINTS} (load, throughput) points")
    if not (np.all(np.isfinite(n)) and np.all(np.isfinite(x)) and np.all(n > 0) and np.all(x >= 0)):
        raise InputError("series", "loads must be positive and throughputs non-negative finite numbers")
    scale = float(np.max(x)) or 1.0

    def resid(p: np.ndarray) -> np.ndarray:
        lam, sig, kap = p
        r: np.ndarray = (lam * n / (1 + sig * (n - 1) + kap * n * (n - 1)) - x) / scale
        return r

    lam0 = float(np.max(x / n))
    res = least_squares(resid, x0=[lam0, 0.01, 1e-4], bounds=([0, 0, 0], [np.inf, 1, 1]), method="trf")
    lam, sig, kap = (float(v) for v in res.x)
    dof = max(n.size - 3, 1)
    sse = float(np.sum(res.fun**2))
    cov = np.linalg.pinv(res.jac.T @ res.jac) * sse / dof
    t = float(stats.t.ppf(0.975, dof))
    names = ("lambda", "sigma", "kappa")
    ci = {}
    for i, name in enumerate(names):
        half = t * math.sqrt(max(float(cov[i, i]), 0.0))
        lo = max(res.x[i] - half, 0.0)
        hi = res.x[i] + half
        if name != "lambda":
            hi = min(hi, 1.0)
        ci[name] = (float(lo), float(hi))
    n_peak = math.floor(math.sqrt((1 - sig) / kap)) if kap > 0 else None
    rmse = math.sqrt(sse / n.size) * scale
    return UslFit(lam, sig, kap, ci, float(n_peak) if n_peak is not None else None, rmse, int(n.size))
