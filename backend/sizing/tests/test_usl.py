from __future__ import annotations

import pytest

from sizing.errors import InputError
from sizing.usl import fit


def test_recovers_known_coefficients() -> None:
    lam, sig, kap = 100.0, 0.05, 0.0002
    loads = [1, 2, 4, 8, 16, 32, 64, 128]
    xs = [lam * n / (1 + sig * (n - 1) + kap * n * (n - 1)) for n in loads]
    f = fit(loads, xs)
    assert f.lam == pytest.approx(lam, rel=1e-3)
    assert f.sigma == pytest.approx(sig, rel=1e-2)
    assert f.kappa == pytest.approx(kap, rel=1e-2)
    assert f.n_peak == pytest.approx(int(((1 - sig) / kap) ** 0.5))
    for name, (lo, hi) in f.ci95.items():
        assert lo <= getattr(f, {"lambda": "lam"}.get(name, name)) <= hi


def test_coefficients_stay_in_bounds_for_superlinear_data() -> None:
    # super-linear data would drive an unbounded fit to negative sigma
    loads = [1, 2, 3, 4, 5, 6]
    xs = [10, 21, 33, 46, 60, 75]
    f = fit(loads, xs)
    assert f.sigma >= 0 and f.kappa >= 0 and f.lam >= 0
    assert f.n_peak is None or f.n_peak > 0


def test_too_few_points() -> None:
    with pytest.raises(InputError):
        fit([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])
