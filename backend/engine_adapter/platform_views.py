"""GET /api/v1/platforms/: the engine's platform-family registry (sizing.platforms), what a client needs
to offer a design's platform: labels, storage models, RAID levels and defaults, what `arrays` counts,
the measured server and the reference configurations. Public, like the catalog; four entries, so
not paginated."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from sizing.inputs import WORKLOAD_KINDS
from sizing.platforms import RAID_LABELS, REGISTRY, PlatformFamily, StorageModel

ARRAY_UNITS = ("array", "x_brick", "drive_enclosure", "controller")


class RaidLevelSerializer(serializers.Serializer[Any]):
    value = serializers.CharField(help_text="RAID level as a design names it (platform.raid)")
    label = serializers.CharField()  # type: ignore[assignment]  # a field named like a Field attribute


class StorageGeometrySerializer(serializers.Serializer[Any]):
    drives = serializers.IntegerField(help_text="Drives per array / X-Brick / enclosure / controller")
    drive_gb = serializers.FloatField()
    hot_spares = serializers.IntegerField()
    source = serializers.CharField(help_text="Document and locator")  # type: ignore[assignment]  # a field named like a Field attribute


class ServerDefaultSerializer(serializers.Serializer[Any]):
    server = serializers.CharField()
    cores_per_node = serializers.IntegerField()
    memory_gb_per_node = serializers.FloatField()
    source = serializers.CharField(help_text="Document and locator")  # type: ignore[assignment]  # a field named like a Field attribute


class StorageModelSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="platform.storage_model")
    label = serializers.CharField()  # type: ignore[assignment]  # a field named like a Field attribute
    drive_technology = serializers.CharField()
    workload_kinds = serializers.ListField(child=serializers.ChoiceField(choices=list(WORKLOAD_KINDS)))
    array_unit = serializers.ChoiceField(choices=list(ARRAY_UNITS), help_text="What one of `arrays` is")
    array_unit_label = serializers.CharField(help_text="What `arrays` counts, in words")
    drives_per_enclosure_options = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Drives per enclosure a design may choose (platform.drives_per_enclosure); empty: fixed",
    )
    geometry = StorageGeometrySerializer()


class PlatformFamilySerializer(serializers.Serializer[Any]):
    family = serializers.CharField(help_text="platform.family")
    label = serializers.CharField()  # type: ignore[assignment]  # a field named like a Field attribute
    document = serializers.CharField(help_text="The seed document the family's facts come from")
    workload_kinds = serializers.ListField(child=serializers.ChoiceField(choices=list(WORKLOAD_KINDS)))
    storage_models = StorageModelSerializer(many=True)
    raid_levels = RaidLevelSerializer(many=True)
    default_raid = serializers.CharField(help_text="The RAID level of a design that names none")
    default_server = ServerDefaultSerializer(
        help_text="The measured server: cores and memory per node of a design that leaves them empty"
    )
    reference_configurations = serializers.ListField(
        child=serializers.CharField(),
        help_text="Reference designs (catalog configuration slugs) a design can name as its reference_configuration",
    )
    measured_systems = serializers.ListField(
        child=serializers.CharField(),
        help_text="Measured test systems (catalog configuration slugs) a BOM starts from without a reference",
    )
    profile = serializers.CharField(
        help_text="The workload profile the family's document ran (workload.profile of a design that names none)"
    )
    profile_label = serializers.CharField(help_text="That profile in words")
    pam_option = serializers.BooleanField(help_text="platform.pam is offered")
    data_reduction_option = serializers.BooleanField(
        help_text="platform.thin_provisioning / dedup_ratio are offered"
    )


def _storage_model(m: StorageModel) -> dict[str, Any]:
    g = m.geometry
    return {
        "name": m.name,
        "label": m.label,
        "drive_technology": m.drive_technology,
        "workload_kinds": list(m.workload_kinds),
        "array_unit": m.array_unit,
        "array_unit_label": m.array_unit_label,
        "drives_per_enclosure_options": list(m.enclosure_drive_options or ()),
        "geometry": {
            "drives": g.drives,
            "drive_gb": g.drive_gb,
            "hot_spares": g.hot_spares,
            "source": g.source,
        },
    }


def family_entry(f: PlatformFamily) -> dict[str, Any]:
    s = f.default_server
    return {
        "family": f.slug,
        "label": f.label,
        "document": f.document,
        "workload_kinds": list(f.workload_kinds),
        "storage_models": [_storage_model(m) for m in f.storage_models],
        "raid_levels": [{"value": r, "label": RAID_LABELS[r]} for r in f.raid_levels],
        "default_raid": f.default_raid,
        "default_server": {
            "server": s.server,
            "cores_per_node": s.cores_per_node,
            "memory_gb_per_node": s.memory_gb_per_node,
            "source": s.source,
        },
        "reference_configurations": list(f.reference_configurations),
        "measured_systems": list(f.measured_systems),
        "profile": f.profile,
        "profile_label": f.profile_label,
        "pam_option": f.pam_option,
        "data_reduction_option": f.data_reduction_option,
    }


class PlatformListView(APIView):
    """The platform families the engine models, with their storage models, RAID levels and defaults."""

    permission_classes = [AllowAny]

    @extend_schema(responses=PlatformFamilySerializer(many=True))
    def get(self, request: Request) -> Response:
        data = [family_entry(f) for f in REGISTRY.values()]
        return Response(PlatformFamilySerializer(data, many=True).data)
