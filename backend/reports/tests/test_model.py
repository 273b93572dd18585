"""BOM totals are exact decimals; formatting helpers."""

from __future__ import annotations

import datetime
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from reports.model import BomLine, CapacityRow, Fact, build_bom
from reports.text import export_filename, fmt_fact, fmt_number, fmt_percent, round_numbers_in_text, slugify

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
    # Four significant figures: 39,114 TPS of a model is 39,110 TPS to a reader.
    assert fmt_number(12345.6) == "12,350"
    assert fmt_number(39114) == "39,110"
    assert fmt_number(232179.4) == "232,200"
    assert fmt_number(9999.6) == "10,000"
    assert fmt_number(12345, exact=True) == "12,345"  # a design input is printed as typed
    assert fmt_number(-0.0) == "0"
    assert fmt_number(2.4) == "2.4"
    assert fmt_number(Decimal("15.60")) == "15.6"
    assert fmt_number(0.012344) == "0.01234"
    assert fmt_number(None) == "n/a"
    # Percentages: the residue of a subtraction is 0 %, not 0.0000002016 %.
    assert fmt_percent(2.016e-7) == "0"
    assert fmt_percent(-1e-9) == "0"
    assert fmt_percent(67.62) == "68"
    assert fmt_percent(9.06) == "9.1"
    assert fmt_percent(-61.2) == "-61"
    assert fmt_fact(Fact("Headroom", 2.016e-7, "%")) == "0 %"
    assert fmt_fact(Fact("Users", 12345.0, "users", exact=True)) == "12,345 users"
    # Engine text (warnings): numbers of more than four significant figures rounded, nothing else.
    assert round_numbers_in_text("design load 39,113.9 TPS exceeds the 39,000.0 TPS within 20 ms") == (
        "design load 39,110 TPS exceeds the 39,000 TPS within 20 ms"
    )
    assert round_numbers_in_text("X5-2 v1 on 2026-11-27: 1.5 ms, 0.84 ms, 12,000 users") == (
        "X5-2 v1 on 2026-11-27: 1.5 ms, 0.84 ms, 12,000 users"
    )
    assert CapacityRow("x", 25, 100, "TB").utilisation_pct == 25.0
    assert CapacityRow("x", 25, 0, "TB").utilisation_pct is None
