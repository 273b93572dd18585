"""GET /api/v1/platforms/: the engine's platform-family registry as the SPA reads it."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from catalog.models import Configuration
from sizing.inputs import DEFAULT_RAID, DEFAULT_SERVER, RAID_BY_FAMILY, STORAGE_MODELS

pytestmark = pytest.mark.django_db


def test_anyone_reads_every_family_with_its_models_raid_levels_and_defaults(api_client: APIClient) -> None:
    response = api_client.get("/api/v1/platforms/")
    assert response.status_code == 200
    families = {f["family"]: f for f in response.json()}
    assert set(families) == set(RAID_BY_FAMILY)
    for slug, f in families.items():
        assert [r["value"] for r in f["raid_levels"]] == list(RAID_BY_FAMILY[slug])
        assert all(r["label"] for r in f["raid_levels"])
        assert f["default_raid"] == DEFAULT_RAID[slug]
        assert f["default_server"]["cores_per_node"] == DEFAULT_SERVER[slug].cores_per_node
        assert f["default_server"]["memory_gb_per_node"] == DEFAULT_SERVER[slug].memory_gb_per_node
        assert {m["name"] for m in f["storage_models"]} == {
            m for m, fam in STORAGE_MODELS.items() if fam == slug
        }
        for m in f["storage_models"]:
            assert m["array_unit"] in ("array", "x_brick", "drive_enclosure", "controller")
            assert m["array_unit_label"] and set(m["workload_kinds"]) <= set(f["workload_kinds"])
    assert families["oracle-fs1"]["storage_models"][0]["drives_per_enclosure_options"] == [13, 19]
    assert families["oracle-fs1"]["storage_models"][0]["array_unit"] == "drive_enclosure"
    assert families["netapp"]["pam_option"] and not families["equallogic"]["pam_option"]
    assert families["xtremio"]["data_reduction_option"] and not families["netapp"]["data_reduction_option"]
    assert families["xtremio"]["workload_kinds"] == ["oltp", "dss"]
    assert families["netapp"]["workload_kinds"] == ["oltp"]


def test_reference_configurations_exist_in_the_loaded_catalog(api_client: APIClient) -> None:
    call_command("load_catalog", verbosity=0)
    for f in api_client.get("/api/v1/platforms/").json():
        for slug in f["reference_configurations"]:
            assert Configuration.objects.get(slug=slug).platform == f["family"]
            assert api_client.get(f"/api/v1/reference-designs/{slug}/").status_code == 200
        for slug in f["measured_systems"]:
            assert Configuration.objects.get(slug=slug).role == "test-system"


def test_the_catalog_vocabulary_of_families_agrees_with_the_engine_registry() -> None:
    # catalog.choices may not import the engine (only the adapter does): this keeps the two lists equal.
    from catalog.choices import Platform
    from sizing.platforms import REGISTRY

    storage_families = {
        value: label for value, label in Platform.choices if value not in ("server", "network")
    }
    assert storage_families == {slug: family.label for slug, family in REGISTRY.items()}
