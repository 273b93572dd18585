"""The imports API's bodies. The parsed values are stored as JSON (imports.awr); these serializers
write them out and document their shape: every measured number is a MeasuredValue (value, unit,
source) or null when the report does not print it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from imports.choices import AwrFormat
from imports.models import AwrImport


class AwrUploadSerializer(serializers.Serializer[dict[str, Any]]):
    file = serializers.FileField(
        allow_empty_file=True,  # an empty file gets the parser's own message
        help_text="An Oracle AWR report (awrrpt.sql / awrgrpt.sql output), text or HTML, at most 10 MB",
    )
    team = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Id of the team the import is for; may be left out by a member of one team only",
    )


class AwrSourceSerializer(serializers.Serializer[dict[str, Any]]):
    section = serializers.CharField(help_text="The report's section (e.g. Load Profile)")
    row = serializers.CharField(help_text="The row label (or event, statistic, instance)")
    column = serializers.CharField(allow_null=True)
    line = serializers.IntegerField(allow_null=True, help_text="1-based line (text reports)")
    table = serializers.CharField(allow_null=True, help_text="The table's summary attribute (HTML reports)")
    note = serializers.CharField(allow_null=True, help_text="How the value was derived, if it was")
    where = serializers.CharField(help_text="All of the above in words")


class AwrValueSerializer(serializers.Serializer[dict[str, Any]]):
    """A number as the report prints it (converted to `unit`) and where it is printed."""

    value = serializers.FloatField()
    unit = serializers.CharField()
    # Declared fields leave the class (DRF's metaclass), so this name does not shadow Field.source.
    source = AwrSourceSerializer()  # type: ignore[assignment]


def _value(help_text: str) -> AwrValueSerializer:
    return AwrValueSerializer(allow_null=True, help_text=help_text + "; null: not printed")


class AwrWorkloadValuesSerializer(serializers.Serializer[dict[str, Any]]):
    """The custom profile's values as read (measurements.awr.AwrWorkload)."""

    transactions_per_s = AwrValueSerializer(help_text="Load Profile: Transactions per second")
    read_requests_per_s = _value("Physical read requests per second (blocks before 11.2.0.4, noted)")
    write_requests_per_s = _value("Physical write requests per second (blocks before 11.2.0.4, noted)")
    db_cpu_s_per_s = _value("DB CPU seconds per second of elapsed time")
    redo_mb_per_s = _value("Redo MB (10^6 bytes) per second")
    single_block_read_ms = _value("Foreground single-block read average wait, ms")


class AwrInstanceSerializer(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField()
    number = serializers.IntegerField(allow_null=True)
    host = serializers.CharField(allow_null=True)
    cpus = _value("Host CPUs")
    cores = _value("Host cores")


class AwrLoadProfileSerializer(serializers.Serializer[dict[str, Any]]):
    section = serializers.CharField()
    transactions_per_s = _value("Transactions")
    read_blocks_per_s = _value("Physical reads (blocks)")
    write_blocks_per_s = _value("Physical writes (blocks)")
    read_requests_per_s = _value("Read IO requests")
    write_requests_per_s = _value("Write IO requests")
    redo_bytes_per_s = _value("Redo size (bytes)")
    executes_per_s = _value("Executes (SQL)")
    db_cpu_s_per_s = _value("DB CPU(s)")
    db_time_s_per_s = _value("DB Time(s)")


class AwrWaitEventSerializer(serializers.Serializer[dict[str, Any]]):
    event = serializers.CharField()
    waits = _value("Waits")
    total_wait_s = _value("Total wait time, s")
    avg_wait_ms = _value("Average wait, ms")


class AwrIoStatFunctionSerializer(serializers.Serializer[dict[str, Any]]):
    function = serializers.CharField()
    read_requests_per_s = _value("Read requests per second")
    write_requests_per_s = _value("Write requests per second")
    read_mb_per_s = _value("Read MB per second")
    write_mb_per_s = _value("Write MB per second")
    waits = _value("Waits")
    avg_wait_ms = _value("Average wait, ms")


class AwrReportSerializer(serializers.Serializer[dict[str, Any]]):
    """What the parser read (measurements.awr.AwrReport)."""

    format = serializers.ChoiceField(choices=AwrFormat.choices)
    kind = serializers.ChoiceField(
        choices=["instance", "rac_global"], help_text="instance: awrrpt; rac_global: awrgrpt"
    )
    db_name = serializers.CharField(allow_null=True)
    db_id = serializers.IntegerField(allow_null=True)
    release = serializers.CharField(allow_null=True)
    rac = serializers.BooleanField(allow_null=True)
    cdb = serializers.BooleanField(allow_null=True)
    pdb_report = serializers.BooleanField(help_text="The figures are one pluggable database's share")
    instances = AwrInstanceSerializer(many=True)
    host_cpus = serializers.FloatField(allow_null=True, help_text="CPUs over all instances")
    elapsed_min = _value("Elapsed, minutes")
    db_time_min = _value("DB time, minutes")
    db_cpu_s = _value("Time Model DB CPU, seconds")
    load_profile = AwrLoadProfileSerializer(allow_null=True)
    single_block_reads = AwrWaitEventSerializer(many=True)
    iostat_functions = AwrIoStatFunctionSerializer(many=True)


class AwrPreviewSerializer(serializers.Serializer[Any]):
    """Every value the file gives, with its source; nothing stored."""

    file_name = serializers.CharField()
    size_bytes = serializers.IntegerField()
    sha256 = serializers.CharField()
    format = serializers.ChoiceField(choices=AwrFormat.choices)
    encoding = serializers.CharField(help_text="As detected: utf-8, utf-8-sig, cp1252 or latin-1")
    report = AwrReportSerializer()
    workload = AwrWorkloadValuesSerializer()
    notes = serializers.ListField(child=serializers.CharField())
    existing_import = serializers.IntegerField(
        allow_null=True, help_text="Id of the team's import of the same file, if there is one"
    )


class _TeamBriefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()


class _UserBriefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    username = serializers.CharField()


class AwrImportListItemSerializer(serializers.ModelSerializer[AwrImport]):
    team = _TeamBriefSerializer(read_only=True)
    uploaded_by = _UserBriefSerializer(read_only=True, allow_null=True)
    db_name = serializers.SerializerMethodField()
    release = serializers.SerializerMethodField()
    workload = AwrWorkloadValuesSerializer(read_only=True)

    class Meta:
        model = AwrImport
        fields = [
            "id",
            "team",
            "uploaded_by",
            "uploaded_at",
            "file_name",
            "size_bytes",
            "sha256",
            "format",
            "encoding",
            "db_name",
            "release",
            "workload",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_db_name(self, obj: AwrImport) -> str | None:
        return obj.report.get("db_name")

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_release(self, obj: AwrImport) -> str | None:
        return obj.report.get("release")


class AwrImportSerializer(AwrImportListItemSerializer):
    report = AwrReportSerializer(read_only=True)
    notes = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta(AwrImportListItemSerializer.Meta):
        fields = [*AwrImportListItemSerializer.Meta.fields, "report", "notes"]
        read_only_fields = fields


class AwrImportCreatedSerializer(AwrImportSerializer):
    existing = serializers.SerializerMethodField(
        help_text="true: the team had imported the same file (same sha256); this is that import"
    )

    class Meta(AwrImportSerializer.Meta):
        fields = [*AwrImportSerializer.Meta.fields, "existing"]
        read_only_fields = fields

    def get_existing(self, obj: AwrImport) -> bool:
        return bool(self.context.get("existing", False))


@extend_schema_field({"$ref": "#/components/schemas/OltpWorkloadRequest"})
class DesignWorkloadField(serializers.JSONField):
    """The workload as the design API takes it (POST /designs/, /evaluate/: `workload`)."""


class AwrDesignWorkloadSerializer(serializers.Serializer[Any]):
    import_id = serializers.IntegerField()
    workload = DesignWorkloadField(
        help_text="kind oltp, profile custom, target_tps = tx_per_s, and the custom profile's fields the "
        "report prints (absent ones left out); add a platform to create or evaluate a design"
    )
    sources = serializers.DictField(
        child=AwrValueSerializer(), help_text="For each workload field filled in: the value as read"
    )
    measured = serializers.DictField(
        child=AwrValueSerializer(allow_null=True),
        help_text="Values the report gives that no design input takes (single_block_read_ms)",
    )
    notes = serializers.ListField(child=serializers.CharField())
