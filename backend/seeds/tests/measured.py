"""The check shared by the measured-number tests, one per source document (test_measured_*.py): each
file keeps its own transcribed list of (document, locator, quantity, value as printed, unit) and asks
here whether the loaded catalog holds exactly those numbers."""

from __future__ import annotations

from decimal import Decimal

from benchmarks.selectors import measured_values

Listed = tuple[str, str, str, str, str]
Row = tuple[str, str, str, Decimal, str]


def document_rows(document: str) -> list[Row]:
    """Every measured value the catalog holds for one document."""
    return [(d, loc, q, Decimal(v), u) for d, loc, q, v, u in measured_values() if d == document]


def unmatched(expected: list[Listed], loaded: list[Row]) -> tuple[list[Listed], list[Row]]:
    """Pair each listed number with one loaded value (same document, quantity, unit, exact Decimal value,
    loaded locator starting with the listed one); return (listed but not loaded, loaded but not listed)."""
    pool = list(loaded)
    missing = []
    for doc, locator, quantity, value, unit in expected:
        want = Decimal(value)
        for i, (ldoc, lloc, lq, lv, lu) in enumerate(pool):
            if (ldoc, lq, lu) == (doc, quantity, unit) and lv == want and lloc.startswith(locator):
                del pool[i]
                break
        else:
            missing.append((doc, locator, quantity, value, unit))
    return missing, pool


def compare_with_catalog(document: str, listed: list[Listed]) -> tuple[list[Listed], list[Row]]:
    """(listed but not in the catalog, in the catalog but not listed) for one document."""
    return unmatched(listed, document_rows(document))
