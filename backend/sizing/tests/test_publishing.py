"""Issue 16: what makes an evaluation cheaper changes no published byte. The chart points are rounded
in one vectorised pass (units.rounded_all), which must equal `rounded` number by number, and the
published JSON must equal the one every field's own serializer gives (published_per_field)."""

from __future__ import annotations

import json
import math
import random
import struct
from typing import Any

import pytest

from sizing import mva, remedies
from sizing.evaluation import published, published_per_field
from sizing.evaluator import evaluate_design, forget_models
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.model import build_model
from sizing.rules import RuleSet
from sizing.tests.golden.cases import SEED_DESIGNS
from sizing.units import rounded, rounded_all

Catalog = tuple[EvidenceBundle, RuleSet]


def _bits(x: float) -> bytes:
    return struct.pack("<d", x)


def _awkward_values(rng: random.Random, n: int) -> list[float]:
    """Values where a shortcut to `round` would slip: ties in decimal, powers of ten, whole numbers,
    tiny and huge magnitudes, negative zero."""
    fixed = [0.0, -0.0, 1.0, 10.0, 100.0, 1000.0, 0.1, 0.01, 0.5, 1.5, 2.5, 99.995, 0.125, 123456.7, 1e-300,
             5e-324, 1e22, 1e300, 2.0**52, 2.0**53 + 2, 9999.5, 99999.5, 0.00012345, -2.34567]  # fmt: skip
    out = list(fixed)
    for _ in range(n):
        kind = rng.randrange(4)
        if kind == 0:
            out.append(rng.uniform(-1e6, 1e6))
        elif kind == 1:
            out.append(10 ** rng.uniform(-9, 9) * rng.choice([1, -1]))
        elif kind == 2:  # a decimal tie at some position
            out.append((rng.randint(1, 10**6) + 0.5) / 10 ** rng.randint(0, 8))
        else:
            out.append(rng.randint(-(10**6), 10**6) / 10 ** rng.randint(0, 6))
    return out


def test_rounded_all_equals_rounded_bit_for_bit() -> None:
    rng = random.Random(16)
    values = _awkward_values(rng, 40_000)
    digits = [rng.choice([3, 4, 5]) for _ in values]
    for _ in range(20_000):  # a tie exactly at the digit rounded away: x 10^p lands on or next to .5
        d = rng.choice([3, 4, 5])
        values.append((rng.randint(10 ** (d - 1), 10**d - 1) + 0.5) / 10 ** rng.randint(0, 9))
        digits.append(d)
    for k in range(-12, 26):  # at and next to every power of ten (floor(log10) from the powers table)
        for v in (10.0**k, math.nextafter(10.0**k, 0), math.nextafter(10.0**k, math.inf)):
            values += [v, -v]
            digits += [rng.choice([3, 4, 5]), rng.choice([3, 4, 5])]
    got = rounded_all(values, digits)
    wrong = [
        (v, d, rounded(v, d), g)
        for v, d, g in zip(values, digits, got, strict=True)
        if _bits(g) != _bits(rounded(v, d)) or type(g) is not float
    ]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_rounded_all_refuses_a_non_finite_value_as_rounded_does(bad: float) -> None:
    with pytest.raises(ValueError, match="non-finite"):
        rounded_all([1.0, bad, 2.0], [4, 4, 4])


def _designs() -> list[dict[str, Any]]:
    """The seed designs and a spread of OLTP designs of every family, holding and not."""
    out = list(SEED_DESIGNS.values())
    rng = random.Random(7)
    platforms: list[dict[str, Any]] = [
        {"family": "oracle-fs1", "storage_model": "FS1-2", "arrays": 2, "drives_per_enclosure": 13},
        {"family": "equallogic", "storage_model": "PS6010XV", "cores_per_node": 8, "asm_volumes": 4},
        {"family": "equallogic", "storage_model": "PS6010S", "cores_per_node": 8},
        {"family": "xtremio", "storage_model": "X-Brick"},
        {"family": "netapp", "storage_model": "FAS3140", "pam": True},
    ]
    for platform in platforms:
        for _ in range(4):
            nodes = 1 if platform["family"] == "netapp" else rng.randint(1, 4)
            workload = {"kind": "oltp", "users": rng.randint(1, 20_000), "block_size_kb": rng.choice([8, 16])}
            out.append({"workload": workload, "platform": {**platform, "rac_nodes": nodes}})
    return out


def test_published_json_equals_every_fields_own_serializer(catalog: Catalog) -> None:
    for data in _designs():
        forget_models()
        evaluation = evaluate_design(design_inputs_from_dict(data), *catalog)
        fast, reference = published(evaluation), published_per_field(evaluation)
        assert json.dumps(fast) == json.dumps(reference), data


def test_the_sla_points_handed_to_the_searches_are_the_ones_they_would_solve(catalog: Catalog) -> None:
    """sizing.evaluator gives the searches for the smallest fix the SLA points of its vectorised pass: each
    must be the scalar solver's own (mva.sla_population, mva.sla_point), bit for bit."""
    data = {"workload": {"kind": "oltp", "users": 20_000},
            "platform": {"family": "equallogic", "storage_model": "PS6010XV", "rac_nodes": 1, "cores_per_node": 8}}  # fmt: skip
    forget_models()
    inputs = design_inputs_from_dict(data)
    evaluate_design(inputs, *catalog)
    model = build_model(inputs, *catalog)
    for n in (1, 2, 3, 4):
        key = (model.stations(n), model.think_s, model.sla_s)
        assert key in remedies._SLA_POINTS
        users = mva.sla_population(*key)
        point = mva.schweitzer(key[0], key[1], users)
        assert _bits(remedies._SLA_USERS[key]) == _bits(users)
        assert remedies._SLA_POINTS[key] == point


@pytest.mark.filterwarnings("error")  # a value of the wrong type would make pydantic warn as it serialises
def test_an_evaluation_built_without_the_validator_publishes_what_a_validated_copy_does(
    catalog: Catalog,
) -> None:
    """The engine builds its sections from its own typed values without re-validating them
    (units.built): validating the same evaluation again must change nothing that is published."""
    for data in _designs():
        forget_models()
        evaluation = evaluate_design(design_inputs_from_dict(data), *catalog)
        inputs = evaluation.inputs  # the inputs as given (a dump would turn a whole number into a float)
        validated = type(evaluation).model_validate(
            {**evaluation.model_dump(), "inputs": {"workload": inputs.workload, "platform": inputs.platform}}
        )
        assert json.dumps(published(evaluation)) == json.dumps(published(validated)), data
        assert validated == evaluation


def test_a_section_built_without_the_validator_is_set_up_as_the_validator_leaves_it() -> None:
    from sizing.evaluation import OltpStorage
    from sizing.units import q

    fields = {"iops_capacity": q(1, "IOPS"), "tps_capacity": q(2, "TPS"), "basis": "x", "sources": []}
    built = OltpStorage.built(**fields, notes=[])
    validated = OltpStorage.model_validate({**fields, "notes": []})
    assert built == validated
    assert built.model_fields_set == validated.model_fields_set == set(OltpStorage.model_fields)
    assert built.model_extra is None and built.__pydantic_private__ is None
    assert list(vars(built)) == list(OltpStorage.model_fields)  # declaration order: the JSON's order


def test_a_section_built_without_the_validator_still_needs_every_field() -> None:
    from sizing.evaluation import OltpStorage
    from sizing.units import q

    with pytest.raises(TypeError, match="missing or unknown"):
        OltpStorage.built(iops_capacity=q(1, "IOPS"), tps_capacity=q(2, "TPS"), basis="x", sources=[])
    with pytest.raises(TypeError, match="missing or unknown"):
        OltpStorage.built(
            iops_capacity=q(1, "IOPS"), tps_capacity=q(2, "TPS"), basis="x", sources=[], notes=[], x=1
        )


def test_chart_rows_built_at_once_equal_the_points_built_one_by_one() -> None:
    from sizing.projection import LoadPoint
    from sizing.units import finite_floats, finite_rows

    users, tps, response = [1.0, 2.0, 3.5], [10.0, 19.5, 27.25], [5.0, 5.5, 7.0]
    rows = finite_rows(LoadPoint, users, tps, response)
    assert rows == [finite_floats(LoadPoint, *row) for row in zip(users, tps, response, strict=True)]
    assert rows == [LoadPoint(*row) for row in zip(users, tps, response, strict=True)]
    # a non-finite value goes through the validator (which lets it through; publishing refuses it)
    with_nan = finite_rows(LoadPoint, users, [10.0, math.nan, 27.25], response)
    assert math.isnan(with_nan[1].tps)
    with pytest.raises(ValueError, match="non-finite"):
        published_rows_of(with_nan)


def test_chart_points_from_a_solver_matrix_equal_validated_ones() -> None:
    import numpy as np

    from sizing.balance import BalancePoint
    from sizing.projection import LoadPoint
    from sizing.units import finite_rows_of

    matrix = np.array([[1.0, 10.0, 5.0], [2.0, 19.5, 5.5], [3.5, 27.25, 7.0]])
    points = finite_rows_of(LoadPoint, matrix)
    assert points == [LoadPoint(*row) for row in matrix.tolist()]
    assert [vars(p) for p in points] == [
        {"users": u, "tps": t, "response_ms": r} for u, t, r in matrix.tolist()
    ]
    four = np.array([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]])
    assert finite_rows_of(BalancePoint, four) == [BalancePoint(*row) for row in four.tolist()]
    with pytest.raises(ValueError, match="3 columns for 4 fields"):
        finite_rows_of(BalancePoint, matrix)
    assert finite_rows_of(LoadPoint, np.empty((0, 3))) == []


def published_rows_of(points: list[Any]) -> list[dict[str, float]]:
    from sizing.projection import LoadPoint
    from sizing.units import published_rows

    return published_rows(LoadPoint, points)


def _evaluation(catalog: Catalog, name: str) -> Any:
    forget_models()
    return evaluate_design(design_inputs_from_dict(SEED_DESIGNS[name]), *catalog)


def _pydantic(evaluation: Any) -> str:
    return json.dumps(evaluation.model_dump(mode="json", by_alias=True))


@pytest.mark.parametrize("name", ["fs1-quarter-2-nodes-1000-users", "xtremio-dss-2000-mb-s"])
def test_the_generated_publisher_gives_what_pydantic_gives(catalog: Catalog, name: str) -> None:
    """sizing.publish walks the objects itself: the same JSON as pydantic's own serializer (which
    rounds the chart rows one number at a time), OLTP and DSS."""
    evaluation = _evaluation(catalog, name)
    assert json.dumps(published(evaluation)) == _pydantic(evaluation)
    assert json.dumps(published(evaluation)) == json.dumps(published_per_field(evaluation))


@pytest.mark.filterwarnings("ignore::UserWarning")  # pydantic warns of the odd values it is handed
def test_what_the_publisher_was_not_built_for_is_left_to_pydantic(catalog: Catalog) -> None:
    """A value not of its declared type (an int for a float), fields out of their declared order, a
    subclass: the whole evaluation goes through pydantic, so the JSON is still pydantic's."""
    evaluation = _evaluation(catalog, "fs1-quarter-2-nodes-1000-users").model_copy(deep=True)
    object.__setattr__(evaluation.summary.design_tps, "__dict__", {"value": 3, "unit": "TPS"})
    assert json.dumps(published(evaluation)) == _pydantic(evaluation)
    assert published(evaluation)["summary"]["design_tps"] == {"value": 3, "unit": "TPS"}

    evaluation = _evaluation(catalog, "fs1-quarter-2-nodes-1000-users").model_copy(deep=True)
    summary = evaluation.summary
    object.__setattr__(summary, "__dict__", dict(reversed(list(summary.__dict__.items()))))
    assert json.dumps(published(evaluation)) == _pydantic(evaluation)
    assert next(iter(published(evaluation)["summary"])) == list(type(summary).model_fields)[-1]

    evaluation = _evaluation(catalog, "fs1-quarter-2-nodes-1000-users").model_copy(deep=True)
    object.__setattr__(
        evaluation.balance.points[0], "__dict__", {**evaluation.balance.points[0].__dict__, "tps": 7}
    )
    assert json.dumps(published(evaluation)) == _pydantic(evaluation)


@pytest.mark.parametrize("where", ["quantity", "chart point", "station"])
def test_a_non_finite_number_is_never_published(catalog: Catalog, where: str) -> None:
    evaluation = _evaluation(catalog, "fs1-quarter-2-nodes-1000-users").model_copy(deep=True)
    if where == "quantity":
        target: Any = evaluation.summary.design_tps
        object.__setattr__(target, "__dict__", {**target.__dict__, "value": math.nan})
    elif where == "chart point":
        target = evaluation.projection.series[0].points[2]
        object.__setattr__(target, "__dict__", {**target.__dict__, "tps": math.inf})
    else:
        target = evaluation.performance.stations[0].demand
        object.__setattr__(target, "__dict__", {**target.__dict__, "value": -math.inf})
    with pytest.raises(ValueError, match="non-finite"):
        published(evaluation)
