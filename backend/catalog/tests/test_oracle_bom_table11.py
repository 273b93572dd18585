"""The loaded reference configurations oracle-fs1-quarter-rack and oracle-fs1-half-rack reproduce Table 11
of the Oracle FS1-2 reference architecture (oracle-fs1-2016) line by line: part number, section and
quantity, in table order, both columns.

Table 11 is transcribed once, from the seed text, in catalog/tests/table11.py.
"""

from __future__ import annotations

import pytest

from catalog.models import Configuration, ConfigurationComponent, Part
from catalog.tests.table11 import TABLE_11

COLUMNS = {"oracle-fs1-quarter-rack": 2, "oracle-fs1-half-rack": 3}  # index of the quantity column

pytestmark = pytest.mark.django_db


def loaded_bom(slug: str) -> list[tuple[str, int, str]]:
    configuration = Configuration.objects.get(slug=slug)
    rows = ConfigurationComponent.objects.filter(configuration=configuration).order_by("position")
    return [(c.part.part_number, c.quantity, c.section) for c in rows.select_related("part")]


@pytest.mark.parametrize("slug", sorted(COLUMNS))
def test_bom_equals_table_11_line_by_line(loaded_catalog: None, slug: str) -> None:
    column = COLUMNS[slug]
    expected = [(row[0], row[column], row[4]) for row in TABLE_11 if row[column] != 0]
    got = loaded_bom(slug)
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        assert have == want, f"{slug} line {i + 1}: expected {want}, loaded {have}"
    assert len(got) == len(expected), f"{slug}: {len(got)} lines loaded, Table 11 has {len(expected)}"


def test_zero_quantity_lines_are_omitted_but_parts_exist(loaded_catalog: None) -> None:
    quarter = {number for number, _, _ in loaded_bom("oracle-fs1-quarter-rack")}
    half = {number for number, _, _ in loaded_bom("oracle-fs1-half-rack")}
    assert "7112957" not in quarter
    assert "7112956" not in half
    assert Part.objects.filter(part_number__in=["7112956", "7112957"]).count() == 2


def test_every_table_11_part_once_with_its_description(loaded_catalog: None) -> None:
    numbers = {row[0] for row in TABLE_11}
    assert len(numbers) == 25  # 27 lines; 7101673 and 7101675 are printed twice
    for number, description, *_ in TABLE_11:
        parts = list(Part.objects.filter(part_number=number))
        assert len(parts) == 1, f"{number}: {len(parts)} parts"
        # The server-section optics line adds "(for factory installation)"; the part keeps the common name.
        assert description == parts[0].description or description.startswith(parts[0].description + " ("), (
            f"{number}: {parts[0].description!r} is not {description!r}"
        )


def test_table_11_section_totals(loaded_catalog: None) -> None:
    # Independent of line order: per-section sums of each column.
    for slug, column in COLUMNS.items():
        totals: dict[str, int] = {}
        for row in TABLE_11:
            totals[row[4]] = totals.get(row[4], 0) + int(row[column])
        loaded: dict[str, int] = {}
        for _, quantity, section in loaded_bom(slug):
            loaded[section] = loaded.get(section, 0) + quantity
        assert loaded == totals, slug
