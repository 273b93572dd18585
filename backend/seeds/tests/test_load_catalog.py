"""load_catalog: validation with file + path messages, one transaction, idempotence, removals, rule
versions. Runs against a small test catalog (catalog/tests/data/mini) copied into tmp_path."""

from __future__ import annotations

import shutil
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from benchmarks.selectors import measured_values
from catalog.models import (
    Configuration,
    ConfigurationComponent,
    Manufacturer,
    Part,
    SizingRule,
    SourceDocument,
)
from seeds.loader import FixtureError, load_catalog

# The small test catalog the catalog API tests load too.
MINI = Path(settings.BACKEND_DIR) / "catalog" / "tests" / "data" / "mini"
pytestmark = pytest.mark.django_db


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    target = tmp_path / "fixtures"
    shutil.copytree(MINI, target)
    return target


def row_counts() -> dict[str, int]:
    return {
        m._meta.label: m._default_manager.count()
        for app in ("catalog", "benchmarks")
        for m in apps.get_app_config(app).get_models()
    }


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_load_twice_gives_identical_row_counts(mini: Path) -> None:
    call_command("load_catalog", dir=mini, verbosity=0)
    first = row_counts()
    call_command("load_catalog", dir=mini, verbosity=0)
    assert row_counts() == first
    assert first["catalog.Part"] == 2
    assert first["benchmarks.PointValue"] == 3
    assert first["catalog.HistoricalPart"] == 2  # the second run wrote nothing


def test_real_fixtures_load_twice_with_identical_counts() -> None:
    call_command("load_catalog", verbosity=0)
    first = row_counts()
    call_command("load_catalog", verbosity=0)
    assert row_counts() == first


def test_loaded_values_are_exact_and_cited(mini: Path) -> None:
    load_catalog(mini)
    server = Part.objects.get(part_number="7110316")
    assert server.clock_ghz == Decimal("2.30")
    assert server.manufacturer.slug == "oracle"
    assert server.source_document is not None
    assert server.source_document.slug == "mini-doc"
    assert server.source_locator == "Table 2"
    assert [h.history_change_reason for h in server.history.all()] == ["load_catalog"]
    array = Part.objects.get(part_number="A-100")
    assert array.raid_levels == ["raid10", "raid50"]
    assert array.drive_technology == "sas_15k"
    rule = SizingRule.objects.get(slug="mini-iops-per-user")
    assert rule.parameters["backup_overhead"] == {"value": "0.10", "unit": "fraction"}
    point = MeasuredPoint.objects.get(curve__slug="mini-orion", position=2)
    assert point.conditions == {"read_pct": 70, "sga_gb": "4.5"}
    assert sorted(measured_values()) == [
        ("mini-doc", "Table 3, test 1", "latency_limit", Decimal("20"), "ms"),
        ("mini-doc", "Table 3, test 1", "max_iops", Decimal("4857"), "IOPS"),
        ("mini-doc", "Table 3, test 2", "max_iops", Decimal("3960.5"), "IOPS"),
    ]
    components = list(ConfigurationComponent.objects.filter(configuration__slug="acme-a100"))
    assert [(c.position, c.part.part_number, c.quantity, c.source_locator) for c in components] == [
        (1, "A-100", 1, ""),
        (2, "7110316", 2, "Table 2"),
    ]
    assert all(c.source_document and c.source_document.slug == "mini-doc" for c in components)


def test_missing_files_load_what_exists(mini: Path) -> None:
    (mini / "mini-doc.yaml").unlink()
    hardware = mini / "hardware.yaml"
    with pytest.raises(FixtureError, match=r"hardware.yaml: \$.parts\[0\].source.document: unknown document"):
        load_catalog(mini)
    hardware.unlink()
    load_catalog(mini)  # an empty directory is a valid, empty catalog
    assert Part.objects.count() == 0


def test_broken_file_names_file_and_path_and_writes_nothing(mini: Path) -> None:
    edit(
        mini / "mini-doc.yaml",
        "max_iops: {value: 3960.5, unit: IOPS}",
        "max_iops: {value: 3960.5, unit: IOPZ}",
    )
    with pytest.raises(CommandError) as caught:
        call_command("load_catalog", dir=mini, verbosity=0)
    assert "mini-doc.yaml: $.curves[0].points[1].values.max_iops.unit: 'IOPZ' is not one of" in str(
        caught.value
    )
    assert SourceDocument.objects.count() == 0
    assert Part.objects.count() == 0


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "configuration: acme-a100",
            "configuration: acme-a999",
            "$.curves[0].configuration: unknown configuration",
        ),
        (
            '{part: "A-100"',
            '{part: "A-999"',
            "$.configurations[0].components[0].part: unknown part number 'A-999'",
        ),
        (
            "unit: IOPS}\n          latency",
            "unit: ms}\n          latency",
            "$.curves[0].points[0].values.max_iops.unit",
        ),
        (
            'storage_profile: "Data"',
            'storage_profile: "Dta"',
            "$.configurations[0].layouts[0].storage_profile",
        ),
        (
            'source: {locator: "Table 3, test 2"}',
            "",
            "$.curves[0].points[1]: 'source' is a required property",
        ),
        ("value: 4857,", "value: -4857,", "$.curves[0].points[0].values.max_iops.value"),
        ("  slug: mini-doc\n", "  slug: other-doc\n", "$.document.slug: file must be named other-doc.yaml"),
        (
            "    version: 1\n    kind: demand\n",
            "    version: 1\n    version: 2\n    kind: demand\n",
            "duplicate key",
        ),
    ],
)
def test_cross_reference_errors_name_the_path(mini: Path, old: str, new: str, expected: str) -> None:
    edit(mini / "mini-doc.yaml", old, new)
    with pytest.raises(FixtureError) as caught:
        load_catalog(mini)
    assert any(expected in str(p) and p.file == "mini-doc.yaml" for p in caught.value.problems), caught.value


def test_duplicate_part_across_files_is_rejected(mini: Path) -> None:
    (mini / "more.yaml").write_text(
        'parts:\n  - {part_number: "A-100", manufacturer: acme, kind: drive,'
        " source: {document: mini-doc, locator: T9}}\n",
        encoding="utf-8",
    )
    with pytest.raises(FixtureError, match=r"more.yaml: \$.parts\[0\].part_number: duplicate part 'A-100'"):
        load_catalog(mini)


def test_removed_rows_are_deleted_but_admin_rows_stay(mini: Path) -> None:
    load_catalog(mini)
    acme = Manufacturer.objects.get(slug="acme")
    Part.objects.create(
        manufacturer=acme, part_number="ADMIN-1", kind="cable", description="added by an admin"
    )
    text = (mini / "mini-doc.yaml").read_text(encoding="utf-8")
    start = text.index("      - conditions: {read_pct: 70, sga_gb: 4.5}")
    end = text.index("rules:")
    (mini / "mini-doc.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    edit(
        mini / "mini-doc.yaml",
        '      - {part: "7110316", quantity: 2, section: servers, source: {locator: "Table 2"}}\n',
        "",
    )
    edit(
        mini / "hardware.yaml",
        '  - part_number: "7110316"',
        '  - part_number: "7110317"',
    )
    load_catalog(mini)
    assert MeasuredPoint.objects.count() == 1
    assert PointValue.objects.count() == 2
    assert set(Part.objects.values_list("part_number", flat=True)) == {"A-100", "7110317", "ADMIN-1"}
    assert ConfigurationComponent.objects.count() == 1


def test_changed_rule_becomes_a_new_version(mini: Path) -> None:
    load_catalog(mini)
    v1 = SizingRule.objects.get(slug="mini-iops-per-user")
    edit(
        mini / "mini-doc.yaml", "peak_iops: {value: 3600, unit: IOPS}", "peak_iops: {value: 3700, unit: IOPS}"
    )
    report = load_catalog(mini)
    versions = list(SizingRule.objects.filter(slug="mini-iops-per-user").order_by("version"))
    assert [(r.version, r.is_current, r.parameters["peak_iops"]["value"]) for r in versions] == [
        (1, False, "3600"),
        (2, True, "3700"),
    ]
    assert versions[0].pk == v1.pk
    assert any("stored as version 2" in note for note in report.notes)
    load_catalog(mini)  # unchanged file: no third version
    assert SizingRule.objects.filter(slug="mini-iops-per-user").count() == 2
    assert SizingRule.objects.filter(slug="mini-raid10-for-oltp").count() == 1


def test_removed_rule_stops_being_current_and_keeps_its_versions(mini: Path) -> None:
    load_catalog(mini)
    edit(mini / "mini-doc.yaml", 'title: "RAID 10 for OLTP"', 'title: "RAID 10 for OLTP data"')
    load_catalog(mini)
    text = (mini / "mini-doc.yaml").read_text(encoding="utf-8")
    (mini / "mini-doc.yaml").write_text(
        text[: text.index("  - slug: mini-raid10-for-oltp")], encoding="utf-8"
    )
    load_catalog(mini)
    # Designs pin rules by slug + version, so the versions stay; none is current any more.
    versions = SizingRule.objects.filter(slug="mini-raid10-for-oltp").order_by("version")
    assert [(r.version, r.is_current) for r in versions] == [(1, False), (2, False)]
    assert SizingRule.objects.get(slug="mini-iops-per-user").is_current


def test_removing_every_file_empties_the_fixture_catalog(mini: Path) -> None:
    load_catalog(mini)
    edit(mini / "mini-doc.yaml", "peak_iops: {value: 3600", "peak_iops: {value: 3601")
    load_catalog(mini)  # two versions of a rule
    for path in mini.glob("*.yaml"):
        path.unlink()
    load_catalog(mini)
    # History rows stay, as does the catalog version row (kept by triggers, catalog/versioning.py).
    kept = ("Historical", "CatalogVersion")
    assert {label: n for label, n in row_counts().items() if not label.split(".")[1].startswith(kept)} == {
        label: 0 for label in row_counts() if not label.split(".")[1].startswith(kept)
    }


def test_removed_document_still_used_by_an_admin_row_is_an_error(mini: Path) -> None:
    load_catalog(mini)
    Configuration.objects.create(
        slug="admin-config",
        name="Admin",
        platform="equallogic",
        role="reference",
        source_document=SourceDocument.objects.get(slug="mini-doc"),
    )
    for path in mini.glob("*.yaml"):
        path.unlink()
    with pytest.raises(FixtureError, match="removed from fixtures but still used"):
        load_catalog(mini)
    assert BenchmarkCurve.objects.count() == 1  # rolled back


def test_item_citing_a_known_document_without_its_file_is_skipped_with_a_note(mini: Path) -> None:
    (mini / "more.yaml").write_text(
        'parts:\n  - {part_number: "X-1", manufacturer: acme, kind: xbrick,'
        " source: {document: emc-xtremio-2014, locator: Table 3}}\n",
        encoding="utf-8",
    )
    report = load_catalog(mini)
    assert not Part.objects.filter(part_number="X-1").exists()
    assert any(
        "more.yaml $.parts[0]: skipped" in note and "emc-xtremio-2014.yaml" in note for note in report.notes
    )
    # A document slug that is not one of the five is a mistake, not a file still to come.
    edit(mini / "more.yaml", "emc-xtremio-2014", "emc-xtremeio-2014")
    with pytest.raises(FixtureError, match=r"more.yaml: \$.parts\[0\].source.document: unknown document"):
        load_catalog(mini)


@pytest.mark.django_db(transaction=True)
def test_concurrent_loads_do_not_collide(tmp_path: Path) -> None:
    """Several web containers run load_catalog at start-up together: one waits for the other."""
    target = tmp_path / "fixtures"
    shutil.copytree(MINI, target)
    barrier = threading.Barrier(2)
    failures: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait()
            load_catalog(target)
        except BaseException as exc:  # collected and asserted below
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert SourceDocument.objects.count() == 1
    assert Part.objects.count() == 2
    assert PointValue.objects.count() == 3
