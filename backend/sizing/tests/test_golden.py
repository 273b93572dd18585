"""Refactors change no number: every seed design's evaluation and the validation report, to the last
digit, against the file written before the refactor (sizing/tests/golden/evaluations.json)."""

from __future__ import annotations

import json

from sizing.tests.golden.cases import (
    GOLDEN,
    SEED_DESIGNS,
    canonical_json,
    evaluate_seed_designs,
    seed_catalog,
)


def _diff(expected: object, actual: object, path: str = "") -> list[str]:
    if isinstance(expected, dict) and isinstance(actual, dict):
        out: list[str] = []
        for key in sorted(set(expected) | set(actual)):
            if key not in actual:
                out.append(f"{path}.{key}: missing")
            elif key not in expected:
                out.append(f"{path}.{key}: new")
            else:
                out += _diff(expected[key], actual[key], f"{path}.{key}")
        return out
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [
            d
            for i, (e, a) in enumerate(zip(expected, actual, strict=True))
            for d in _diff(e, a, f"{path}[{i}]")
        ]
    return (
        []
        if expected == actual and type(expected) is type(actual)
        else [f"{path}: {expected!r} -> {actual!r}"]
    )


def test_every_seed_design_evaluates_to_the_golden_numbers() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    actual = json.loads(canonical_json(evaluate_seed_designs(*seed_catalog())))
    differences = _diff(golden, actual)
    assert not differences, (
        f"{len(differences)} values differ from the golden file; a deliberate model change regenerates it "
        "(python -m sizing.tests.golden.cases --write) in its own commit:\n" + "\n".join(differences[:40])
    )


def test_the_golden_file_covers_every_document() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert set(golden["evaluations"]) == set(SEED_DESIGNS)
    families = {e["inputs"]["platform"]["family"] for e in golden["evaluations"].values()}
    models = {e["inputs"]["platform"]["storage_model"] for e in golden["evaluations"].values()}
    assert families == {"oracle-fs1", "equallogic", "xtremio", "netapp"}
    assert models == {"FS1-2", "PS6010XV", "PS6010S", "PS6110XV", "X-Brick", "FAS3140"}
    assert {e["kind"] for e in golden["evaluations"].values()} == {"oltp", "dss"}
