"""Every measured number of the NetApp PAM Oracle OLTP characterization (netapp-pam-2009, TR-3753) is in the
loaded catalog, with its unit and its source locator.

The list below is transcribed from the seed text (shared/seeds/netapp-pam-oracle-oltp-2009.txt), not from
the fixture:
- Table 1: disk, FAS3140 CPU and host CPU utilisation with PAM off and on, 1,000-6,000 warehouses;
- Section 2: PAM raised OET by 6% to 35% and cut random-read latency by 28% to 40%; run-to-run
  variation about +/-1% (Section 2.2);
- Section 3.1: +6% OET at 1,000 warehouses for a peak of 87,731 OET (new-order transactions per minute),
  +27% at 6,000 warehouses, reads 30% to 40% faster (Figure 2 text);
- Section 3.2: +32% OET at a 4 GB SGA, about +4% at the larger SGA sizes;
- Section 3.3: +35% OET at 40 users, +17% at 140 users.
Figures 1-4 are pictures; no other absolute OET or latency value is stated, so none is entered.

Entries are (document, locator, quantity, value as printed without thousands separators, unit); a
loaded locator matches when it starts with the listed one.
"""

from __future__ import annotations

import pytest

from benchmarks.models import MeasuredPoint
from catalog.models import Configuration, SizingRule
from seeds.tests.measured import compare_with_catalog

DOC = "netapp-pam-2009"

_WAREHOUSES = ("1,000", "2,000", "3,000", "4,000", "5,000", "6,000")
# Table 1 rows, one value per warehouse column
_TABLE_1 = {
    "PAM off": {
        "disk_utilisation": ("63", "77", "79", "81", "84", "82"),
        "controller_cpu_utilisation": ("40", "47", "48", "47", "48", "48"),
        "host_cpu_utilisation": ("89", "81", "74", "69", "67", "63"),
    },
    "PAM on": {
        "disk_utilisation": ("50", "63", "69", "74", "75", "77"),
        "controller_cpu_utilisation": ("42", "52", "55", "57", "58", "58"),
        "host_cpu_utilisation": ("91", "88", "85", "81", "76", "77"),
    },
}

MEASURED: list[tuple[str, str, str, str, str]] = [
    *(
        (DOC, f"Table 1, {pam}, {wh} warehouses", quantity, value, "%")
        for pam, rows in _TABLE_1.items()
        for quantity, values in rows.items()
        for wh, value in zip(_WAREHOUSES, values, strict=True)
    ),
    # Section 2 (executive summary): ranges over all three test series
    (DOC, "Section 2 (Executive summary), OET gain", "change_min_pct", "6", "%"),
    (DOC, "Section 2 (Executive summary), OET gain", "change_max_pct", "35", "%"),
    (DOC, "Section 2 (Executive summary), random-read latency", "read_latency_reduction_min_pct", "28", "%"),
    (DOC, "Section 2 (Executive summary), random-read latency", "read_latency_reduction_max_pct", "40", "%"),
    (DOC, "Section 2.2", "run_to_run_variation_pct", "1", "%"),
    # Section 3.1: SGA 12 GB, 140 users, warehouses varied
    (DOC, "Section 3.1, 1,000 warehouses", "change_pct", "6", "%"),
    (DOC, "Section 3.1, 1,000 warehouses", "tpm", "87731", "TPM"),
    (DOC, "Section 3.1, 6,000 warehouses", "change_pct", "27", "%"),
    (DOC, "Section 3.1, Figure 2 text", "read_latency_reduction_min_pct", "30", "%"),
    (DOC, "Section 3.1, Figure 2 text", "read_latency_reduction_max_pct", "40", "%"),
    # Section 3.2: 3,000 warehouses, 140 users, SGA varied 4-22 GB
    (DOC, "Section 3.2, 4 GB SGA", "change_pct", "32", "%"),
    (DOC, "Section 3.2, larger SGA sizes", "change_pct", "4", "%"),
    # Section 3.3: 3,000 warehouses, SGA 12 GB, users varied 40-140
    (DOC, "Section 3.3, 40 users", "change_pct", "35", "%"),
    (DOC, "Section 3.3, 140 users", "change_pct", "17", "%"),
]

pytestmark = pytest.mark.django_db


def test_every_measured_number_is_loaded(loaded_catalog: None) -> None:
    missing, _ = compare_with_catalog(DOC, MEASURED)
    assert not missing, f"not in the catalog: {missing}"


def test_no_unlisted_measured_number(loaded_catalog: None) -> None:
    # The list is complete: the catalog holds no netapp-pam-2009 value that the list does not name.
    _, extra = compare_with_catalog(DOC, MEASURED)
    assert not extra, f"in the catalog but not in the list: {extra}"


def test_measured_list_size() -> None:
    # Table 1: 2 PAM states x 3 rows x 6 warehouse columns; text: 5 (Section 2) + 5 (3.1) + 2 (3.2) + 2 (3.3)
    assert len(MEASURED) == 36 + 14
    assert len({(d, loc, q) for d, loc, q, _, _ in MEASURED}) == len(MEASURED)


@pytest.mark.parametrize(
    ("locator", "conditions"),
    [
        (
            "Table 1, PAM off, 1,000 warehouses",
            {"warehouses": 1000, "pam": False, "sga_gb": 12, "users": 140},
        ),
        ("Table 1, PAM on, 6,000 warehouses", {"warehouses": 6000, "pam": True, "sga_gb": 12, "users": 140}),
        ("Section 3.1, 6,000 warehouses", {"warehouses": 6000, "pam": True, "sga_gb": 12, "users": 140}),
        ("Section 3.2, 4 GB SGA", {"sga_gb": 4, "warehouses": 3000, "users": 140, "pam": True}),
        ("Section 3.3, 40 users", {"users": 40, "warehouses": 3000, "sga_gb": 12, "pam": True}),
    ],
)
def test_points_carry_their_test_conditions(loaded_catalog: None, locator: str, conditions: dict) -> None:
    point = MeasuredPoint.objects.get(source_document__slug=DOC, source_locator__startswith=locator)
    assert {k: point.conditions.get(k) for k in conditions} == conditions


def test_fas3140_with_and_without_pam(loaded_catalog: None) -> None:
    def parts(slug: str) -> dict[str, int]:
        conf = Configuration.objects.get(slug=slug)
        assert (conf.platform, conf.role) == ("netapp", "array")
        return {c.part.part_number: c.quantity for c in conf.components.select_related("part")}

    plain, pam = parts("netapp-fas3140"), parts("netapp-fas3140-pam")
    assert plain["FAS3140"] == pam["FAS3140"] == 2
    assert plain["144GB 15K FC disk"] == pam["144GB 15K FC disk"] == 112
    assert "PAM 16GB" not in plain and pam["PAM 16GB"] == 2
    attrs = Configuration.objects.get(slug="netapp-fas3140-pam").attributes
    assert attrs["data_disks"] == {"value": "102", "unit": "count"}
    assert attrs["pam_cache_total"] == {"value": "32", "unit": "GB"}


def test_pam_gain_rule(loaded_catalog: None) -> None:
    # The sizing engine reads min_gain / max_gain of this rule.
    rule = SizingRule.objects.get(slug="netapp-pam-gain", is_current=True)
    assert rule.kind == "scaling" and rule.applies_to == ["netapp"]
    assert rule.parameters == {
        "min_gain": {"value": "6", "unit": "%"},
        "max_gain": {"value": "35", "unit": "%"},
    }
    assert rule.source_document.slug == DOC and rule.source_locator.startswith("Section 2")


def test_read_latency_reduction_rule(loaded_catalog: None) -> None:
    # Section 2: "enabling PAM reduced random-read I/O latency by a minimum of 28% up to a maximum of 40%".
    # The paper states no threshold rule (kind `threshold`); this range and the OET gain above are its bounds.
    rule = SizingRule.objects.get(slug="netapp-pam-read-latency-reduction", is_current=True)
    assert rule.kind == "scaling" and rule.applies_to == ["netapp"]
    assert rule.parameters == {
        "min_reduction": {"value": "28", "unit": "%"},
        "max_reduction": {"value": "40", "unit": "%"},
    }
    assert rule.source_document.slug == DOC and rule.source_locator.startswith("Section 2")
    assert not SizingRule.objects.filter(source_document__slug=DOC, kind="threshold").exists()
