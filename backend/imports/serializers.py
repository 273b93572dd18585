"""The imports API's bodies. The parsed values are stored as JSON (imports.awr); these serializers
write them out and document their shape: every measured number is a MeasuredValue (value, unit,
source) or null when the report does not print it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from imports.choices import AwrFormat, EvidenceKind
from imports.models import AwrImport, EvidenceImport, ExistingSystem


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


# ------------------------------------------------------------------------------- existing systems
class ExistingSystemSerializer(serializers.ModelSerializer[ExistingSystem]):
    """A system the team runs and measured; family and storage model are the team's words (the
    catalog need not hold them)."""

    team = _TeamBriefSerializer(read_only=True)
    created_by = _UserBriefSerializer(read_only=True, allow_null=True)
    evidence_count = serializers.IntegerField(read_only=True, help_text="The evidence imports for it")

    class Meta:
        model = ExistingSystem
        fields = [
            "id",
            "team",
            "name",
            "description",
            "family",
            "storage_model",
            "created_by",
            "created_at",
            "updated_at",
            "evidence_count",
        ]
        read_only_fields = fields


class ExistingSystemUpdateSerializer(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField(max_length=120, help_text="Unique in the team, whatever the case")
    description = serializers.CharField(required=False, allow_blank=True, max_length=4000, default="")
    family = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=120,
        default="",
        help_text="Free text: a catalog family or any other (e.g. 'Pure FlashArray')",
    )
    storage_model = serializers.CharField(
        required=False, allow_blank=True, max_length=120, default="", help_text="Free text"
    )


class ExistingSystemCreateSerializer(ExistingSystemUpdateSerializer):
    team = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Id of the team the system is for; may be left out by a member of one team only",
    )


# ------------------------------------------------------------------------------- evidence uploads
def _team_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Id of the team the import is for; may be left out by a member of one team only",
    )


def _system_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False, allow_null=True, help_text="Id of the team's existing system the files measure"
    )


def _file_field(help_text: str, *, required: bool = True) -> serializers.FileField:
    # An empty file gets the parser's own message.
    return serializers.FileField(allow_empty_file=True, required=required, help_text=help_text)


class OrionUploadSerializer(serializers.Serializer[dict[str, Any]]):
    summary = _file_field("The run's <test>[_<yyyymmdd_hhmm>]_summary.txt, at most 10 MB")
    iops = _file_field("The run's ..._iops.csv, at most 10 MB")
    mbps = _file_field(
        "The run's ..._mbps.csv, at most 10 MB (leave out for a run without large I/O)", required=False
    )
    lat = _file_field("The run's ..._lat.csv, at most 10 MB")
    team = _team_field()
    existing_system = _system_field()


class SwingbenchUploadSerializer(serializers.Serializer[dict[str, Any]]):
    files = serializers.ListField(
        child=serializers.FileField(allow_empty_file=True),
        allow_empty=False,
        help_text="One or several Swingbench / charbench results XML files (one run each, e.g. rising "
        "users), each at most 10 MB",
    )
    team = _team_field()
    existing_system = _system_field()


# ------------------------------------------------------------------------------- parsed evidence
class EvidenceSourceSerializer(serializers.Serializer[dict[str, Any]]):
    file = serializers.CharField(help_text="The uploaded file's name")
    where = serializers.CharField(help_text="The line (and column) or XML element, e.g. 'line 12'")


class _Sourced(serializers.Serializer[dict[str, Any]]):
    # Declared fields leave the class (DRF's metaclass), so this name does not shadow Field.source.
    source = EvidenceSourceSerializer()  # type: ignore[assignment]


class SourcedTextSerializer(_Sourced):
    value = serializers.CharField()


class SourcedNumberSerializer(_Sourced):
    value = serializers.FloatField()


class SourcedIntegerSerializer(_Sourced):
    value = serializers.IntegerField()


class SourcedIntegerListSerializer(_Sourced):
    value = serializers.ListField(child=serializers.IntegerField())


def _text(help_text: str) -> SourcedTextSerializer:
    return SourcedTextSerializer(allow_null=True, help_text=help_text + "; null: not in the file")


def _number(help_text: str) -> SourcedNumberSerializer:
    return SourcedNumberSerializer(allow_null=True, help_text=help_text + "; null: not in the file")


def _integer(help_text: str) -> SourcedIntegerSerializer:
    return SourcedIntegerSerializer(allow_null=True, help_text=help_text + "; null: not in the file")


class OrionPeakSerializer(_Sourced):
    value = serializers.FloatField()
    small = serializers.IntegerField(allow_null=True, help_text="Outstanding small I/Os at the peak")
    large = serializers.IntegerField(allow_null=True, help_text="Outstanding large I/Os at the peak")


class OrionRunSerializer(serializers.Serializer[dict[str, Any]]):
    """The run's parameters and headline figures, as the summary states them."""

    version = _text("ORION VERSION")
    command_line = _text("The command line")
    test_name = _text("Test: (or -testname)")
    mode = _text("-run: oltp, dss, simple, normal or advanced")
    small_io_kb = _number("Small IO size, KB")
    large_io_kb = _number("Large IO size, KB")
    write_percent = _number("Writes, %")
    read_percent = _number("Reads, % (100 - writes)")
    num_disks = _integer("-num_disks")
    cache_size_mb = _number("Cache size, MB")
    matrix = _text("-matrix")
    io_types = _text("IO types")
    duration_per_point_s = _number("Duration for each data point, s")
    small_columns = SourcedIntegerListSerializer(allow_null=True, help_text="Outstanding small I/Os tested")
    large_columns = SourcedIntegerListSerializer(allow_null=True, help_text="Outstanding large I/Os tested")
    total_data_points = _integer("Total Data Points")
    max_mbps = OrionPeakSerializer(allow_null=True, help_text="Maximum Large MBPS")
    max_iops = OrionPeakSerializer(allow_null=True, help_text="Maximum Small IOPS")
    min_latency = OrionPeakSerializer(allow_null=True, help_text="Minimum Small Latency, in latency_unit")
    min_latency_ms = serializers.FloatField(allow_null=True)
    latency_unit = serializers.CharField(
        allow_null=True, help_text="us or ms; null: the summary does not tell"
    )
    latency_unit_basis = serializers.CharField()


class OrionGridSerializer(serializers.Serializer[dict[str, Any]]):
    kind = serializers.CharField(help_text="iops, mbps or lat")
    file = serializers.CharField()
    run_name = SourcedTextSerializer(allow_null=True, help_text="From the file name")
    time_stamp = SourcedTextSerializer(allow_null=True, help_text="yyyymmdd_hhmm from the file name")
    small_columns = serializers.ListField(child=serializers.IntegerField())
    large_rows = serializers.ListField(child=serializers.IntegerField())
    points = serializers.IntegerField(help_text="Cells with a value")
    unit = serializers.CharField(allow_null=True, help_text="IOPS, MB/s, us or ms")
    unit_basis = serializers.CharField()
    has_large_io = serializers.BooleanField()


class OrionIopsLatencyPointSerializer(serializers.Serializer[dict[str, Any]]):
    outstanding_small = serializers.IntegerField()
    iops = serializers.FloatField()
    latency_ms = serializers.FloatField()
    iops_source = EvidenceSourceSerializer()
    latency_source = EvidenceSourceSerializer()


class OrionMbpsPointSerializer(serializers.Serializer[dict[str, Any]]):
    outstanding_large = serializers.IntegerField()
    mbps = serializers.FloatField()
    # Declared fields leave the class (DRF's metaclass), so this name does not shadow Field.source.
    source = EvidenceSourceSerializer()  # type: ignore[assignment]


class OrionEvidenceSerializer(serializers.Serializer[dict[str, Any]]):
    """An ORION run: its parameters, its grids and its curves (imports.evidence)."""

    run = OrionRunSerializer()
    grids = OrionGridSerializer(many=True)
    latency_unit_in_file = serializers.CharField(help_text="us or ms: the unit _lat.csv was read in")
    latency_unit_basis = serializers.CharField()
    iops_latency = OrionIopsLatencyPointSerializer(
        many=True, help_text="Small-I/O load alone (Large=0), rising outstanding I/Os"
    )
    mbps = OrionMbpsPointSerializer(
        many=True, help_text="Large-I/O load alone (Small=0); empty without large I/O"
    )


class SwingbenchPercentileSerializer(_Sourced):
    percentile = serializers.IntegerField()
    value = serializers.FloatField(help_text="ms")


class SwingbenchTransactionSerializer(_Sourced):
    name = serializers.CharField()
    transaction_count = _integer("TransactionCount")
    failed_count = _integer("FailedTransactionCount")
    average_ms = _number("AverageResponse, ms")
    minimum_ms = _number("MinimumResponse, ms")
    maximum_ms = _number("MaximumResponse, ms")
    percentiles_ms = SwingbenchPercentileSerializer(many=True)


class SwingbenchRunSerializer(serializers.Serializer[dict[str, Any]]):
    """One results file."""

    file = serializers.CharField()
    namespace = serializers.CharField(allow_null=True)
    benchmark_name = _text("BenchmarkName")
    comment = _text("Comment")
    time_of_run = _text("TimeOfRun")
    total_run_time_s = _number("TotalRunTime, s")
    users = _integer("NumberOfUsers")
    total_completed_transactions = _integer("TotalCompletedTransactions")
    total_failed_transactions = _integer("TotalFailedTransactions")
    average_tps = _number("AverageTransactionsPerSecond")
    maximum_tpm = _number("MaximumTransactionRate, per minute")
    average_response_ms = _number("Mean response over the transactions, weighted by their counts, ms")
    timings_in = _text("TimingsIn")
    timings_unit = serializers.CharField(help_text="The unit response times were read in")
    timings_unit_basis = serializers.CharField()
    min_inter_think_time = _number("MinimumInterThinkTime")
    max_inter_think_time = _number("MaximumInterThinkTime")
    min_intra_think_time = _number("MinimumIntraThinkTime")
    max_intra_think_time = _number("MaximumIntraThinkTime")
    transactions = SwingbenchTransactionSerializer(many=True)


class LoadResponsePointSerializer(serializers.Serializer[dict[str, Any]]):
    users = serializers.IntegerField()
    tps = serializers.FloatField()
    average_response_ms = serializers.FloatField()
    run = serializers.CharField(help_text="run <n> (<file>): the upload's n-th file")
    file = serializers.CharField()
    users_source = EvidenceSourceSerializer()
    tps_source = EvidenceSourceSerializer()
    response_source = EvidenceSourceSerializer()


class SwingbenchEvidenceSerializer(serializers.Serializer[dict[str, Any]]):
    """One benchmark's runs and their load-response curve (imports.evidence)."""

    benchmark_name = serializers.CharField(allow_null=True)
    runs = SwingbenchRunSerializer(many=True, help_text="One per file, in the upload's order")
    curve = LoadResponsePointSerializer(many=True, help_text="One point per run, rising users")


class EvidenceFileSerializer(serializers.Serializer[dict[str, Any]]):
    role = serializers.CharField(help_text="summary, iops, mbps, lat (ORION) or results (Swingbench)")
    file_name = serializers.CharField()
    size_bytes = serializers.IntegerField()
    sha256 = serializers.CharField()
    encoding = serializers.CharField(help_text="As detected: utf-8, utf-8-sig, cp1252 or latin-1")


class _SystemBriefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class _EvidenceCheckSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=EvidenceKind.choices)
    sha256 = serializers.CharField(help_text="The upload's: of its files' sha256 and roles")
    files = EvidenceFileSerializer(many=True)
    existing_system = _SystemBriefSerializer(allow_null=True)
    notes = serializers.ListField(child=serializers.CharField())
    existing_import = serializers.IntegerField(
        allow_null=True, help_text="Id of the team's import of the same files, if there is one"
    )


class OrionCheckSerializer(_EvidenceCheckSerializer):
    """Every value the ORION files give, with its file and line; nothing stored."""

    orion = OrionEvidenceSerializer()


class SwingbenchCheckSerializer(_EvidenceCheckSerializer):
    """Every value the results files give, with its file and element; nothing stored."""

    swingbench = SwingbenchEvidenceSerializer()


# ------------------------------------------------------------------------------- evidence imports
class EvidenceImportListItemSerializer(serializers.ModelSerializer[EvidenceImport]):
    team = _TeamBriefSerializer(read_only=True)
    existing_system = _SystemBriefSerializer(read_only=True, allow_null=True)
    uploaded_by = _UserBriefSerializer(read_only=True, allow_null=True)
    files = EvidenceFileSerializer(many=True, read_only=True)
    name = serializers.SerializerMethodField()
    points = serializers.SerializerMethodField()

    class Meta:
        model = EvidenceImport
        fields = [
            "id",
            "team",
            "existing_system",
            "kind",
            "name",
            "points",
            "uploaded_by",
            "uploaded_at",
            "sha256",
            "files",
        ]
        read_only_fields = fields

    @extend_schema_field(
        serializers.CharField(allow_null=True, help_text="The ORION test name or the Swingbench benchmark")
    )
    def get_name(self, obj: EvidenceImport) -> str | None:
        if obj.kind == EvidenceKind.ORION:
            test = obj.parsed["run"].get("test_name")
            return None if test is None else str(test["value"])
        name = obj.parsed.get("benchmark_name")
        return None if name is None else str(name)

    @extend_schema_field(
        serializers.IntegerField(help_text="IOPS-latency points (ORION) or load-response points (Swingbench)")
    )
    def get_points(self, obj: EvidenceImport) -> int:
        key = "iops_latency" if obj.kind == EvidenceKind.ORION else "curve"
        return len(obj.parsed.get(key, []))


class EvidenceImportSerializer(EvidenceImportListItemSerializer):
    orion = serializers.SerializerMethodField()
    swingbench = serializers.SerializerMethodField()
    notes = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta(EvidenceImportListItemSerializer.Meta):
        fields = [*EvidenceImportListItemSerializer.Meta.fields, "orion", "swingbench", "notes"]
        read_only_fields = fields

    @extend_schema_field(OrionEvidenceSerializer(allow_null=True, help_text="kind orion: the run; else null"))
    def get_orion(self, obj: EvidenceImport) -> Any:
        return OrionEvidenceSerializer(obj.parsed).data if obj.kind == EvidenceKind.ORION else None

    @extend_schema_field(
        SwingbenchEvidenceSerializer(allow_null=True, help_text="kind swingbench: the series; else null")
    )
    def get_swingbench(self, obj: EvidenceImport) -> Any:
        return SwingbenchEvidenceSerializer(obj.parsed).data if obj.kind == EvidenceKind.SWINGBENCH else None


class EvidenceImportCreatedSerializer(EvidenceImportSerializer):
    existing = serializers.SerializerMethodField(
        help_text="true: the team had imported the same files (same sha256); this is that import"
    )

    class Meta(EvidenceImportSerializer.Meta):
        fields = [*EvidenceImportSerializer.Meta.fields, "existing"]
        read_only_fields = fields

    def get_existing(self, obj: EvidenceImport) -> bool:
        return bool(self.context.get("existing", False))
