"""BOM totals are exact decimals; formatting helpers."""

from __future__ import annotations

import datetime
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from reports.model import BomLine, CapacityRow, build_bom
from reports.text import export_filename, fmt_number, slugify

money = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999999.99"), places=2)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["servers", "storage", "network"]), money, st.integers(1, 500)),
        min_size=1,
        max_size=40,
    )
)
def test_totals_equal_the_exact_sum_of_lines(items) -> None:
    lines = [BomLine(s, f"P{i}", "d", q, p, p * q) for i, (s, p, q) in enumerate(items)]
    bom = build_bom(lines, currency="EUR")
    assert bom.total == sum((p * q for _s, p, q in items), Decimal(0))
    for section, subtotal in bom.section_totals:
        assert subtotal == sum((p * q for s, p, q in items if s == section), Decimal(0))
    assert sum((t for _s, t in bom.section_totals if t is not None), Decimal(0)) == bom.total


def test_unpriced_lines_are_counted_and_left_out() -> None:
    lines = [
        BomLine("servers", "A", "", 2, Decimal("10.00"), Decimal("20.00")),
        BomLine("servers", "B", "", 1),
    ]
    bom = build_bom(lines, currency="USD")
    assert bom.total == Decimal("20.00")
    assert bom.unpriced() == 1 and bom.unpriced("servers") == 1 and bom.unpriced("storage") == 0


def test_no_price_book_has_no_totals_and_sections_keep_catalog_order() -> None:
    lines = [BomLine("miscellaneous", "A", "", 1), BomLine("odd", "B", "", 1), BomLine("servers", "C", "", 1)]
    bom = build_bom(lines, currency=None)
    assert bom.total is None and bom.section_totals == ()
    assert [s for s, _ in bom.sections()] == ["servers", "miscellaneous", "odd"]


def test_filename_slug_revision_and_date() -> None:
    assert export_filename("Acme OLTP / Quarter rack!", 12, datetime.date(2026, 1, 5), "pdf") == (
        "acme-oltp-quarter-rack_rev12_2026-01-05.pdf"
    )
    assert slugify('<img src="file:///etc/passwd"> & <script>') == "img-src-file-etc-passwd-script"
    assert slugify("日本語") == "design"
    assert (
        export_filename("x" * 300, 1, datetime.datetime(2026, 1, 5, 13, 0), "csv")
        == f"{'x' * 60}_rev1_2026-01-05.csv"
    )


def test_number_formatting() -> None:
    assert fmt_number(12345.6) == "12,346"
    assert fmt_number(2.4) == "2.4"
    assert fmt_number(Decimal("15.60")) == "15.6"
    assert fmt_number(0.012344) == "0.01234"
    assert fmt_number(None) == "n/a"
    assert CapacityRow("x", 25, 100, "TB").utilisation_pct == 25.0
    assert CapacityRow("x", 25, 0, "TB").utilisation_pct is None
