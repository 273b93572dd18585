"""Input and output shapes of the designs API. Validation of the workload/platform belongs to the
engine (through its adapter, engine_adapter.engine); writes happen in designs.services."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import Membership, Team
from accounts.selectors import user_teams
from catalog.choices import ConfigurationRole
from catalog.models import Configuration, PriceBook
from catalog.versioning import CatalogSnapshot, catalog_snapshot
from designs.choices import BomSection, DesignStatus, Visibility
from designs.evaluation import configurations_by_slug, price_book_by_pk
from designs.headline import headline_payload
from designs.models import Design, DesignRevision, ShareLink, design_etag
from designs.permissions import DesignPermission, permissions_of
from designs.selectors import DesignRole, design_role, team_design_role
from designs.services import OVERRIDE_FIELDS
from engine_adapter import engine
from engine_adapter import services as engine_services
from engine_adapter.serializers import (
    DatabaseSerializer,
    PlatformJSONField,
    StoredPlatformField,
    StoredWorkloadField,
    WorkloadJSONField,
    clone_reduction_ratio_field,
)

MAX_OVERRIDE_LINES = 500
# A design's evidence set: a few ORION runs and Swingbench series of the systems it replaces.
MAX_EVIDENCE_IMPORTS = 20


def evidence_imports_field() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        max_length=MAX_EVIDENCE_IMPORTS,
        help_text="Ids of the design's team's evidence imports (ORION runs, Swingbench series: "
        "/api/v1/imports/evidence/) the design is checked against, besides the catalog's evidence; "
        "[]: the catalog's alone",
    )


def calibrate_on_evidence_field() -> serializers.BooleanField:
    return serializers.BooleanField(
        required=False,
        help_text="Calibrate on our measurements: the family fits run again with the evidence imports, "
        "and the design is evaluated on them (the payload's evidence_overlay shows before and after); "
        "false: the imports are only compared with the catalog's model",
    )


def checked_evidence(*, team_id: int | None, ids: list[int], calibrate: bool) -> list[int]:
    """The evidence imports a design may name: its team's, ascending. An unknown id and another
    team's get the same message (an import's existence is never told to another team)."""
    ids = sorted(set(ids))
    if ids and team_id is None:
        raise serializers.ValidationError(
            {"evidence_imports": ["A design uses its team's evidence imports: give the design a team first."]}
        )
    found = {e.id for e in engine_services.team_evidence(team_id=team_id, ids=ids)}
    missing = [i for i in ids if i not in found]
    if missing:
        raise serializers.ValidationError(
            {
                "evidence_imports": [
                    f"No evidence import {i} among the design's team's imports." for i in missing
                ]
            }
        )
    if calibrate and not ids:
        raise serializers.ValidationError(
            {"calibrate_on_evidence": ["Choose the evidence imports (evidence_imports) to calibrate on."]}
        )
    return ids


class QuantitySerializer(serializers.Serializer[Any]):
    """A number with its unit, as every engine output is written."""

    value = serializers.FloatField()
    unit = serializers.CharField()


class BomOverrideSerializer(serializers.Serializer[dict[str, Any]]):
    section = serializers.ChoiceField(choices=BomSection.choices)
    part_number = serializers.CharField(max_length=80)
    quantity = serializers.IntegerField(min_value=0, max_value=100_000, help_text="0 removes the line")
    description = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    reason = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class BomOverrideInputSerializer(BomOverrideSerializer):
    """An override line as a client writes it. The reason is required: the proposal shows it beside
    the line, so a reviewer reads why the generated BOM was changed. Lines saved before it was
    required read "Not recorded (written before a reason was required)."."""

    reason = serializers.CharField(
        max_length=300, help_text="Why the generated BOM is changed (required, not blank)"
    )


@extend_schema_field(DatabaseSerializer(many=True))
class DatabasesJSONField(serializers.JSONField):
    """A design's databases as sent: [] for a design of one database (its `workload`); otherwise every
    database, the first one's workload being the design's `workload`. The engine checks them."""


def databases_as_sent(databases: Any) -> list[dict[str, Any]]:
    """`databases` as a list of objects (copies, to fill in), before the engine checks each one: what
    a design and the recommender take alike."""
    if not isinstance(databases, list) or not all(isinstance(d, dict) for d in databases):
        raise serializers.ValidationError({"databases": ["must be a list of databases (objects)"]})
    return [dict(d) for d in databases]


def _databases_of(
    attrs: dict[str, Any], instance: Design | None, platform: Any
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The databases to store and the workload that goes with them: `databases` sent (or the stored
    ones when only the workload or the platform changed), checked by the engine; the first one's
    workload is the design's. A workload sent alone on a design of several becomes the first's."""
    sent = "databases" in attrs
    databases = attrs.get("databases") if sent else (instance.databases if instance else [])
    if not databases:
        return [], {}
    databases = databases_as_sent(databases)
    if "workload" in attrs and (not sent or "workload" not in databases[0]):
        databases[0]["workload"] = attrs["workload"]
    stored = engine.validate_databases(
        databases=databases,
        platform=platform,
        clone_reduction_ratio=attrs.get(
            "clone_reduction_ratio", instance.clone_reduction_ratio if instance else None
        ),
    )
    sent_workload = (
        engine.validate_design_inputs(workload=attrs["workload"], platform=platform)["workload"]
        if "workload" in attrs and sent
        else None
    )
    if sent_workload is not None and sent_workload != stored[0]["workload"]:
        raise serializers.ValidationError(
            {"workload": ["must be the first database's workload (or leave it out: it is taken from there)"]}
        )
    return stored, stored[0]["workload"]


class DesignSnapshotSerializer(serializers.Serializer[dict[str, Any]]):
    """A design's content as a revision stored it (designs.services.design_snapshot): ids and slugs
    for the related objects, the inputs as the engine accepted them."""

    name = serializers.CharField()
    customer = serializers.CharField()
    description = serializers.CharField()
    team = serializers.IntegerField(allow_null=True, help_text="team id")
    visibility = serializers.ChoiceField(choices=Visibility.choices)
    status = serializers.ChoiceField(choices=DesignStatus.choices)
    workload = StoredWorkloadField()
    platform = StoredPlatformField()
    databases = DatabasesJSONField(required=False)
    clone_reduction_ratio = serializers.FloatField(allow_null=True, required=False)
    reference_configuration = serializers.CharField(allow_null=True, help_text="configuration slug")
    price_book = serializers.IntegerField(allow_null=True, help_text="price book id")
    rule_versions = serializers.DictField(child=serializers.IntegerField(), help_text="rule slug: version")
    evidence_imports = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="evidence import ids (absent: none)"
    )
    calibrate_on_evidence = serializers.BooleanField(required=False)
    bom_overrides = BomOverrideSerializer(many=True)


@extend_schema_field(DesignSnapshotSerializer)
class DesignSnapshotField(serializers.JSONField):
    """The stored snapshot, published as it is (the schema documents its shape)."""


def _check_reference_family(configuration: Configuration | None, platform: Any) -> None:
    family = platform.get("family") if isinstance(platform, dict) else None
    if configuration is not None and family and configuration.platform != family:
        raise serializers.ValidationError(
            {
                "reference_configuration": [
                    f"{configuration.slug} is a {configuration.platform} design, not {family}."
                ]
            }
        )


def _validate_override_lines(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if len(lines) > MAX_OVERRIDE_LINES:
        raise serializers.ValidationError(f"At most {MAX_OVERRIDE_LINES} override lines.")
    seen: dict[tuple[str, str], int] = {}
    errors: list[dict[str, Any]] = [{} for _ in lines]
    for index, line in enumerate(lines):
        key = (line["section"], line["part_number"])
        if key in seen:
            errors[index] = {"part_number": [f"Repeats line {seen[key] + 1} ({key[0]} {key[1]})."]}
        seen.setdefault(key, index)
    if any(errors):
        raise serializers.ValidationError(errors)
    return lines


class DesignInputSerializer(serializers.Serializer[Design]):
    """What a client may write. On PATCH, the workload/platform pair is validated together with the
    stored half that was not sent."""

    name = serializers.CharField(max_length=200)
    customer = serializers.CharField(max_length=200, required=False, allow_blank=True)
    description = serializers.CharField(required=False, allow_blank=True, max_length=10_000)
    team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all(), required=False, allow_null=True)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    status = serializers.ChoiceField(choices=DesignStatus.choices, required=False)
    workload = WorkloadJSONField(
        required=False, help_text="Required unless `databases` is sent (then the first database's)"
    )
    platform = PlatformJSONField()
    databases = DatabasesJSONField(required=False)
    clone_reduction_ratio = clone_reduction_ratio_field()
    reference_configuration = serializers.SlugRelatedField(
        slug_field="slug",
        queryset=Configuration.objects.filter(role=ConfigurationRole.REFERENCE),
        required=False,
        allow_null=True,
    )
    price_book = serializers.PrimaryKeyRelatedField(
        queryset=PriceBook.objects.all(),
        required=False,
        allow_null=True,
        help_text="Price book id. On create, omitted: the catalog's default price book "
        "(GET /api/v1/price-books/default/; none active: unpriced); null: unpriced.",
    )
    bom_overrides = BomOverrideInputSerializer(many=True, required=False)
    evidence_imports = evidence_imports_field()
    calibrate_on_evidence = calibrate_on_evidence_field()
    summary = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        write_only=True,
        help_text="The author's note for the revision this write makes (what changed and why); "
        "the revision also lists the changed fields.",
    )

    def validate_bom_overrides(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return _validate_override_lines(value)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        instance: Design | None = self.instance
        touches = any(k in attrs for k in ("workload", "platform", "databases", "clone_reduction_ratio"))
        if touches:
            platform = attrs.get("platform", instance.platform if instance else None)
            databases, first = _databases_of(attrs, instance, platform)
            if first:
                attrs["workload"] = first
            if "databases" in attrs or (instance and instance.databases):
                attrs["databases"] = databases
        if instance is None and "workload" not in attrs:
            raise serializers.ValidationError({"workload": ["This field is required."]})
        if "workload" in attrs or "platform" in attrs:
            validated = engine.validate_design_inputs(
                workload=attrs.get("workload", instance.workload if instance else None),
                platform=attrs.get("platform", instance.platform if instance else None),
            )
            # Store what the engine accepted (its plain JSON), only for the halves that were sent.
            attrs.update({key: validated[key] for key in ("workload", "platform") if key in attrs})
        _check_reference_family(
            attrs.get("reference_configuration", instance.reference_configuration if instance else None),
            attrs.get("platform", instance.platform if instance else None),
        )
        visibility = attrs.get("visibility", instance.visibility if instance else Visibility.PRIVATE)
        team = attrs.get("team", instance.team if instance else None)
        if visibility == Visibility.TEAM and team is None:
            raise serializers.ValidationError({"team": ["A design shared with its team needs a team."]})
        if any(k in attrs for k in ("evidence_imports", "calibrate_on_evidence", "team")):
            # Checked against the team the design has after this write: moving it to another team
            # with the old team's imports is refused on evidence_imports.
            ids = attrs.get("evidence_imports", instance.evidence_imports if instance else [])
            calibrate = attrs.get(
                "calibrate_on_evidence", instance.calibrate_on_evidence if instance else False
            )
            checked = checked_evidence(team_id=team.pk if team else None, ids=list(ids), calibrate=calibrate)
            if "evidence_imports" in attrs:
                attrs["evidence_imports"] = checked
        return attrs


def _snapshot(field: serializers.Field[Any, Any, Any, Any]) -> CatalogSnapshot:
    """The catalog cache the view read for this request (one version read per request), else now's."""
    snapshot = field.context.get("catalog_snapshot")
    return snapshot if isinstance(snapshot, CatalogSnapshot) else catalog_snapshot()


class CachedReferenceField(serializers.SlugRelatedField[Configuration]):
    """A reference configuration by slug, looked up in the per-version catalog cache instead of a query
    per request (same messages and schema as SlugRelatedField)."""

    def to_internal_value(self, data: Any) -> Configuration:
        slug = data if isinstance(data, str) else str(data)  # what the slug column's lookup does
        found = configurations_by_slug(_snapshot(self)).get(slug)
        if found is None or found.role != ConfigurationRole.REFERENCE:
            self.fail("does_not_exist", slug_name=self.slug_field, value=str(data))
        return found


class CachedPriceBookField(serializers.PrimaryKeyRelatedField[PriceBook]):
    """A price book by id from the per-version catalog cache (same messages and schema as
    PrimaryKeyRelatedField)."""

    def to_internal_value(self, data: Any) -> PriceBook:
        try:
            if isinstance(data, bool):
                raise TypeError
            pk = PriceBook._meta.pk.get_prep_value(data)
        except (TypeError, ValueError):
            self.fail("incorrect_type", data_type=type(data).__name__)
        book = price_book_by_pk(pk, _snapshot(self))
        if book is None:
            self.fail("does_not_exist", pk_value=data)
        return book


class EvaluateInputSerializer(serializers.Serializer[dict[str, Any]]):
    """An unsaved design to evaluate."""

    workload = WorkloadJSONField(
        required=False, help_text="Required unless `databases` is sent (then the first database's)"
    )
    platform = PlatformJSONField()
    databases = DatabasesJSONField(required=False)
    clone_reduction_ratio = clone_reduction_ratio_field()
    reference_configuration = CachedReferenceField(
        slug_field="slug",
        queryset=Configuration.objects.filter(role=ConfigurationRole.REFERENCE),
        required=False,
        allow_null=True,
    )
    price_book = CachedPriceBookField(queryset=PriceBook.objects.all(), required=False, allow_null=True)
    bom_overrides = BomOverrideInputSerializer(many=True, required=False)
    team = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="The team whose evidence imports `evidence_imports` names (the caller must be a member); "
        "may be left out by a member of one team",
    )
    evidence_imports = evidence_imports_field()
    calibrate_on_evidence = calibrate_on_evidence_field()

    def validate_bom_overrides(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return _validate_override_lines(value)

    def _evidence_team(self, team_id: int | None) -> int | None:
        """The caller's team the unsaved design's evidence is of: the one named, else the only one."""
        request = self.context.get("request")
        user = getattr(request, "user", None)
        mine = list(user_teams(user=user).values_list("pk", flat=True)) if user is not None else []
        if team_id is not None:
            if team_id not in mine:
                raise serializers.ValidationError({"team": ["You are not a member of this team."]})
            return team_id
        if len(mine) != 1:
            raise serializers.ValidationError(
                {"team": ["Name the team whose evidence imports the design uses."]}
            )
        return mine[0]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        ids = attrs.get("evidence_imports") or []
        calibrate = attrs.get("calibrate_on_evidence", False)
        team_id = attrs.pop("team", None)
        if ids or calibrate:
            attrs["evidence_team"] = self._evidence_team(team_id) if ids else team_id
            attrs["evidence_imports"] = checked_evidence(
                team_id=attrs["evidence_team"], ids=list(ids), calibrate=calibrate
            )
        databases, first = _databases_of(attrs, None, attrs["platform"])
        attrs["databases"] = databases
        if first:
            attrs["workload"] = first
        if "workload" not in attrs:
            raise serializers.ValidationError({"workload": ["This field is required."]})
        attrs.update(engine.validate_design_inputs(workload=attrs["workload"], platform=attrs["platform"]))
        _check_reference_family(attrs.get("reference_configuration"), attrs["platform"])
        return attrs


class UserBriefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    username = serializers.CharField()


class TeamBriefSerializer(serializers.ModelSerializer[Team]):
    class Meta:
        model = Team
        fields = ["id", "name", "slug"]


class PriceBookBriefSerializer(serializers.ModelSerializer[PriceBook]):
    class Meta:
        model = PriceBook
        fields = ["id", "name", "version", "currency"]


# The fields of a design as the list shows it; the detail adds its inputs, pins and overrides.
_ROW_FIELDS = [
    "id",
    "name",
    "customer",
    "description",
    "owner",
    "team",
    "visibility",
    "status",
    "platform",
    "version",
    "etag",
    "revision",
    "my_role",
    "permissions",
    "created",
    "updated",
]


def permissions_listed(role: DesignRole | None) -> list[str]:
    """The permissions of a role, in DesignPermission's order, as the API lists them (made once per role)."""
    listed = _PERMISSIONS_LISTED.get(role)
    if listed is None:
        granted = permissions_of(role)
        listed = _PERMISSIONS_LISTED[role] = [p.value for p in DesignPermission if p in granted]
    return list(listed)


_PERMISSIONS_LISTED: dict[DesignRole | None, list[str]] = {}


class _DesignReadSerializer(serializers.ModelSerializer[Design]):
    """What every read of a design says: who owns and sees it, its version/ETag, latest revision and
    the caller's role and permissions."""

    owner = UserBriefSerializer(read_only=True)
    team = TeamBriefSerializer(read_only=True, allow_null=True)
    etag = serializers.CharField(read_only=True)
    revision = serializers.SerializerMethodField()
    my_role = serializers.SerializerMethodField()
    permissions = serializers.SerializerMethodField()
    # The engine's input shape (PlatformRequest), as validated when written.
    platform = StoredPlatformField(read_only=True)

    class Meta:
        model = Design
        fields = _ROW_FIELDS
        read_only_fields = fields

    def get_revision(self, design: Design) -> int | None:
        # Kept on the row by designs.services with every revision it records.
        return design.latest_revision

    @extend_schema_field(
        {"type": "string", "enum": ["owner", "editor", "manager", "viewer"], "nullable": True,
         "description": "The caller's role on this design (null for anonymous share-link readers)"}
    )  # fmt: skip
    def get_my_role(self, design: Design) -> DesignRole | None:
        caller = self._caller()
        if caller is None:
            return None
        if design.owner_id == caller:
            return "owner"
        # One query per response for the caller's team roles, not one per design.
        context: dict[str, Any] = self.context  # type: ignore[assignment]
        if "_team_roles" not in context:
            memberships = Membership.objects.filter(user_id=caller).values_list("team_id", "role")
            context["_team_roles"] = dict(memberships)
        roles: dict[int, str] = context["_team_roles"]
        if design.visibility != Visibility.TEAM or design.team_id not in roles:
            return design_role(user=self.context["request"].user, design=design)
        return team_design_role(roles[design.team_id])

    def _caller(self) -> int | None:
        """The signed-in caller's user id (None: no request, or anonymous), read once per response: the
        request's user is a lazy proxy, and a list asks for every row."""
        context: dict[str, Any] = self.context  # type: ignore[assignment]
        if "_caller" not in context:
            request = context.get("request")
            user = None if request is None else request.user
            context["_caller"] = user.pk if user is not None and user.is_authenticated else None
        caller: int | None = context["_caller"]
        return caller

    @extend_schema_field(
        serializers.ListField(child=serializers.ChoiceField(choices=DesignPermission.choices))
    )
    def get_permissions(self, design: Design) -> list[str]:
        """What the caller may do with this design, from its role (docs/api.md, "Roles and permissions")."""
        return permissions_listed(self.get_my_role(design))


class DesignCostSerializer(serializers.Serializer[Any]):
    total = serializers.CharField(
        allow_null=True, help_text="Decimal string; null without a price book or an evaluation (see note)"
    )
    currency = serializers.CharField(allow_null=True, help_text="ISO 4217 code of the design's price book")
    note = serializers.CharField(
        allow_null=True,
        help_text="Why there is no total, or what it leaves out (BOM lines without a price); null otherwise",
    )


class DesignHeadlineSerializer(serializers.Serializer[Any]):
    """The latest saved content's evaluation in brief, computed when it was saved (designs.headline)."""

    verdict = serializers.CharField(
        allow_null=True,
        help_text=(
            "The evaluation's verdict (holds, holds-until: holds today, misses a target within the growth "
            "horizon, does-not-hold); null when not evaluated"
        ),
    )
    months_until_missed = serializers.IntegerField(
        allow_null=True,
        help_text="holds-until: the first month of the growth horizon in which a target is missed; null otherwise",
    )
    throughput = QuantitySerializer(
        allow_null=True, help_text="OLTP: maximum sustained TPS within the SLA; DSS: sustained MB/s"
    )
    cost = DesignCostSerializer()
    note = serializers.CharField(
        allow_null=True, help_text="Why there is no evaluation (not evaluated yet, or what refused it)"
    )


class DesignListItemSerializer(_DesignReadSerializer):
    """A row of the designs list: what the list shows (no inputs, pins or overrides: the detail has
    them) plus the headline of the latest saved revision."""

    headline = serializers.SerializerMethodField()

    class Meta(_DesignReadSerializer.Meta):
        fields = [*_ROW_FIELDS, "headline"]
        read_only_fields = fields

    @extend_schema_field(DesignHeadlineSerializer)
    def get_headline(self, design: Design) -> dict[str, Any]:
        return headline_payload(design)

    def to_representation(self, instance: Any) -> dict[str, Any]:
        """A row of the list from its tuple (designs.views.LIST_ROW_FIELDS: a named row, not a Design),
        written field by field as the generic path writes a Design (DRF's per-field machinery, nested
        serializers included, was most of a page's time: issue 16's list at 1,000 designs). The
        datetimes go through their own DRF fields, so their format follows the settings;
        test_designs_list holds every row to the generic path's."""
        fields, row = self.fields, instance
        role = self.get_my_role(row)  # reads owner_id, visibility and team_id, which the row has
        team = (
            None
            if row.team_id is None
            else {"id": row.team_id, "name": row.team__name, "slug": row.team__slug}
        )
        return {
            "id": row.pk,
            "name": row.name,
            "customer": row.customer,
            "description": row.description,
            "owner": {"id": row.owner_id, "username": row.owner__username},
            "team": team,
            "visibility": row.visibility,
            "status": row.status,
            "platform": row.platform,
            "version": row.version,
            "etag": design_etag(row.pk, row.version),
            "revision": row.latest_revision,
            "my_role": role,
            "permissions": permissions_listed(role),
            "created": fields["created"].to_representation(row.created),
            "updated": fields["updated"].to_representation(row.updated),
            "headline": headline_payload(row),
        }

    def generic_representation(self, instance: Design) -> dict[str, Any]:
        """DRF's own field-by-field representation: the reference the test compares rows with."""
        return dict(super().to_representation(instance))


class DesignSerializer(_DesignReadSerializer):
    """A design as read: its content, pins, version/ETag, latest revision and the caller's role."""

    reference_configuration: serializers.SlugRelatedField[Configuration] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )
    price_book = PriceBookBriefSerializer(read_only=True, allow_null=True)
    bom_overrides = serializers.SerializerMethodField()
    # The engine's input shapes (WorkloadRequest / PlatformRequest), as validated when written.
    workload = StoredWorkloadField(read_only=True)
    databases = DatabasesJSONField(read_only=True)
    evidence_imports = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="The team's evidence imports the design is checked against (ids, ascending)",
    )
    calibrate_on_evidence = serializers.BooleanField(read_only=True)

    class Meta:
        model = Design
        fields = [
            "id",
            "name",
            "customer",
            "description",
            "owner",
            "team",
            "visibility",
            "status",
            "workload",
            "platform",
            "databases",
            "clone_reduction_ratio",
            "reference_configuration",
            "rule_versions",
            "price_book",
            "bom_overrides",
            "evidence_imports",
            "calibrate_on_evidence",
            "version",
            "etag",
            "revision",
            "my_role",
            "permissions",
            "created",
            "updated",
        ]
        read_only_fields = fields

    @extend_schema_field(BomOverrideSerializer(many=True))
    def get_bom_overrides(self, design: Design) -> list[dict[str, Any]]:
        return [
            {name: getattr(line, name) for name in OVERRIDE_FIELDS} for line in design.bom_overrides.all()
        ]


class TrashedDesignSerializer(DesignSerializer):
    """A row of the caller's trash: the list row plus when and by whom it was deleted, and when it
    will be purged (no undo after that)."""

    deleted_at = serializers.DateTimeField(read_only=True)
    deleted_by = UserBriefSerializer(read_only=True, allow_null=True)
    purge_after = serializers.SerializerMethodField()

    class Meta(DesignSerializer.Meta):
        fields = [*DesignSerializer.Meta.fields, "deleted_at", "deleted_by", "purge_after"]
        read_only_fields = fields

    def get_purge_after(self, design: Design) -> datetime:
        assert design.deleted_at is not None  # rows come from selectors.trashed_designs
        return design.deleted_at + timedelta(days=settings.TRASH_RETENTION_DAYS)


class FieldChangeSerializer(serializers.Serializer[dict[str, Any]]):
    """One content field a revision changed, with its value before and after."""

    field = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class DesignRevisionSerializer(serializers.ModelSerializer[DesignRevision]):
    author = UserBriefSerializer(read_only=True, allow_null=True)
    changes = FieldChangeSerializer(many=True, read_only=True)
    snapshot = DesignSnapshotField(read_only=True, help_text="The design's content as saved in this revision")

    class Meta:
        model = DesignRevision
        fields = ["number", "author", "created", "summary", "changes", "restored_from", "snapshot"]
        read_only_fields = fields


class ShareLinkSerializer(serializers.ModelSerializer[ShareLink]):
    url = serializers.SerializerMethodField()

    class Meta:
        model = ShareLink
        fields = ["token", "url", "created", "revoked_at"]
        read_only_fields = fields

    def get_url(self, link: ShareLink) -> str:
        return f"/api/v1/shared/{link.token}/"


class SharedDesignSerializer(serializers.ModelSerializer[Design]):
    """What a share link reveals: the design's content (no owner account details beyond the name)."""

    owner = serializers.CharField(source="owner.username", read_only=True)
    reference_configuration: serializers.SlugRelatedField[Configuration] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )
    workload = StoredWorkloadField(read_only=True)
    platform = StoredPlatformField(read_only=True)
    databases = DatabasesJSONField(read_only=True)

    class Meta:
        model = Design
        fields = [
            "id",
            "name",
            "customer",
            "description",
            "owner",
            "status",
            "workload",
            "platform",
            "databases",
            "clone_reduction_ratio",
            "reference_configuration",
            "rule_versions",
            "version",
            "updated",
        ]
        read_only_fields = fields


class CompareQuerySerializer(serializers.Serializer[Any]):
    ids = serializers.CharField(help_text="2 to 4 design ids, comma-separated")

    def validate_ids(self, value: str) -> list[int]:
        try:
            ids = [int(part) for part in value.split(",") if part.strip()]
        except ValueError as exc:
            raise serializers.ValidationError("Give design ids as whole numbers, e.g. ids=1,2.") from exc
        if len(set(ids)) != len(ids):
            raise serializers.ValidationError("Each design may appear once.")
        if not 2 <= len(ids) <= 4:
            raise serializers.ValidationError("Compare 2 to 4 designs.")
        return ids


class ReferenceDesignSerializer(serializers.ModelSerializer[Configuration]):
    document = serializers.CharField(source="source_document.slug", read_only=True)
    platform_inputs = serializers.SerializerMethodField()

    class Meta:
        model = Configuration
        fields = [
            "slug",
            "name",
            "platform",
            "description",
            "attributes",
            "document",
            "source_locator",
            "platform_inputs",
        ]
        read_only_fields = fields

    @extend_schema_field(StoredPlatformField)
    def get_platform_inputs(self, configuration: Configuration) -> dict[str, Any]:
        from designs.evaluation import reference_platform

        return reference_platform(configuration)


# Output shapes of the evaluation, BOM and compare responses (documentation for the OpenAPI schema; the
# payloads are built by designs.evaluation and designs.compare). Money is a decimal string.


class BomLineOutSerializer(serializers.Serializer[Any]):
    line = serializers.IntegerField()
    section = serializers.ChoiceField(choices=BomSection.choices)
    part_number = serializers.CharField()
    part_number_is_model = serializers.BooleanField()
    description = serializers.CharField()
    quantity = serializers.IntegerField()
    unit_price = serializers.CharField(allow_null=True)
    extended_price = serializers.CharField(allow_null=True)
    priced = serializers.BooleanField()
    rule = serializers.CharField()
    source = serializers.CharField()  # type: ignore[assignment]  # the payload key is "source"


class BomSectionOutSerializer(serializers.Serializer[Any]):
    """A section's money total (no quantity total: its lines are unlike parts)."""

    section = serializers.ChoiceField(choices=BomSection.choices)
    total = serializers.CharField()
    unpriced_lines = serializers.IntegerField()


class PriceBookRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.IntegerField()


class PricedBomSerializer(serializers.Serializer[Any]):
    currency = serializers.CharField(allow_null=True)
    price_book = PriceBookRefSerializer(allow_null=True)
    lines = BomLineOutSerializer(many=True)
    sections = BomSectionOutSerializer(many=True)
    total = serializers.CharField(allow_null=True)
    unpriced_lines = serializers.IntegerField()
    complete = serializers.BooleanField()
    notes = serializers.ListField(child=serializers.CharField())


class AssumptionOutSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    text = serializers.CharField()
    source = serializers.CharField(allow_blank=True)  # type: ignore[assignment]  # the payload key is "source"
    value = QuantitySerializer(allow_null=True)


class CostPerThroughputSerializer(serializers.Serializer[Any]):
    amount = serializers.CharField(
        allow_null=True,
        help_text="Decimal money per unit of throughput, to the cent; null when it has no meaning (see note)",
    )
    currency = serializers.CharField(allow_null=True)
    unit = serializers.CharField(allow_null=True, help_text='e.g. "USD per TPS", "EUR per MB/s"')
    basis = serializers.CharField(help_text="The throughput the cost is divided by")
    note = serializers.CharField(allow_blank=True, help_text="Why there is no amount (empty when there is)")


class EvaluatedDesignRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    customer = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    revision = serializers.IntegerField(allow_null=True)


@extend_schema_field(engine.EngineEvaluation)  # type: ignore[arg-type]  # pydantic: engine_adapter.schema
class EngineEvaluationField(serializers.JSONField):
    """The engine's evaluation as published (engine_adapter.engine.published); documented field by field."""


@extend_schema_field(engine.ConsolidatedEvaluation)  # type: ignore[arg-type]  # pydantic: engine_adapter.schema
class ConsolidationField(serializers.JSONField):
    """Several databases evaluated together (sizing.consolidation); null for a design of one."""


class OverlayImportSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["orion", "swingbench"])
    points = serializers.IntegerField(
        help_text="Imported points (ORION IOPS-latency and MB/s, Swingbench runs)"
    )
    existing_system = serializers.CharField(allow_null=True)
    family = serializers.CharField(allow_null=True, help_text="The engine's platform family of the system")
    storage_model = serializers.CharField(allow_null=True)
    used_by_model = serializers.BooleanField(
        help_text="The recalibrated evaluation cites the import (a family fit or the USL second opinion read it)"
    )
    notes = serializers.ListField(child=serializers.CharField())


class OverlayHeadlineSerializer(serializers.Serializer[Any]):
    verdict = serializers.CharField(allow_null=True)
    max_sustained_tps = QuantitySerializer(required=False)
    sustained_throughput = QuantitySerializer(required=False)
    users_at_max = QuantitySerializer(required=False)
    response_at_design = QuantitySerializer(required=False)
    storage_latency_at_design = QuantitySerializer(required=False)
    headroom_pct = QuantitySerializer(required=False)


class OverlayChangeSerializer(serializers.Serializer[Any]):
    value = serializers.FloatField()
    unit = serializers.CharField()
    pct = serializers.FloatField(allow_null=True, help_text="% of the baseline figure")


class OverlayDifferenceSerializer(serializers.Serializer[Any]):
    verdict_changed = serializers.BooleanField()
    max_sustained_tps = OverlayChangeSerializer(required=False)
    sustained_throughput = OverlayChangeSerializer(required=False)
    users_at_max = OverlayChangeSerializer(required=False)
    response_at_design = OverlayChangeSerializer(required=False)
    storage_latency_at_design = OverlayChangeSerializer(required=False)
    headroom_pct = OverlayChangeSerializer(required=False)


class OverlayPointSerializer(serializers.Serializer[Any]):
    import_ = serializers.IntegerField(help_text="evidence import id")
    source = serializers.CharField(help_text="file, line or element")  # type: ignore[assignment]
    at = serializers.CharField(help_text="where it was measured (users; block, read share, latency)")
    quantity = serializers.CharField()
    unit = serializers.CharField()
    measured = serializers.FloatField()
    predicted = serializers.FloatField(allow_null=True)
    error_pct = serializers.FloatField(allow_null=True, help_text="(predicted - measured) / measured")
    note = serializers.CharField(allow_blank=True)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["import"] = fields.pop("import_")  # the payload key is "import"
        return fields


class OverlayValidationSerializer(serializers.Serializer[Any]):
    on = serializers.CharField(help_text="the recalibrated model, or the catalog's model")
    rows = OverlayPointSerializer(many=True)
    error_bands_recomputed = serializers.BooleanField(
        help_text="Whether the error bands were recomputed for this evidence set (never, today: the "
        "catalog's held-out bands per family are published)"
    )
    error_bands = serializers.CharField(help_text="The error bands' basis for this set, in words")


class EvidenceOverlaySerializer(serializers.Serializer[Any]):
    imports = OverlayImportSerializer(many=True)
    recalibrated = serializers.BooleanField()
    baseline = OverlayHeadlineSerializer(help_text="The headline on the catalog's evidence alone")
    headline = OverlayHeadlineSerializer(help_text="The headline of this evaluation")
    difference = OverlayDifferenceSerializer(help_text="headline - baseline")
    notes = serializers.ListField(child=serializers.CharField())
    validation = OverlayValidationSerializer()


class EvaluationResponseSerializer(serializers.Serializer[Any]):
    evaluation = EngineEvaluationField()  # no help_text: a bare $ref keeps the oneOf discriminated in TS
    consolidation = ConsolidationField(
        allow_null=True,
        help_text="A design of several databases: them evaluated together (its verdict is the design's; "
        "`evaluation` is then the first database alone); null for a design of one",
    )
    bom = PricedBomSerializer()
    cost_per_throughput = CostPerThroughputSerializer(
        help_text="The BOM's cost per TPS sustained within the SLA (OLTP) or per MB/s sustained (DSS)"
    )
    assumptions = AssumptionOutSerializer(many=True)
    rule_versions = serializers.DictField(child=serializers.IntegerField())
    reference_configuration = serializers.CharField(allow_null=True)
    design = EvaluatedDesignRefSerializer(required=False, help_text="Saved designs only")
    revision = serializers.IntegerField(required=False, allow_null=True, help_text="Saved designs only")
    evidence_overlay = EvidenceOverlaySerializer(
        required=False,
        help_text="Designs that name their team's evidence imports only: the imports, before and after, "
        "and each imported point against the model",
    )


class SharedDesignResponseSerializer(serializers.Serializer[Any]):
    design = SharedDesignSerializer()
    evaluation = EvaluationResponseSerializer()


class ReferenceBomResponseSerializer(PricedBomSerializer):
    reference_design = serializers.CharField()
    platform = StoredPlatformField()


class CompareCloneReductionSerializer(serializers.Serializer[Any]):
    """A database's test/dev clones and the data reduction that stores them (sizing.consolidation)."""

    database = serializers.CharField()
    clones = serializers.IntegerField()
    logical = QuantitySerializer(help_text="What the clones hold as the database sees them")
    physical = QuantitySerializer(help_text="What they take on the storage after the reduction")
    ratio = QuantitySerializer(
        allow_null=True, help_text="Logical / physical of the database and its clones together"
    )
    source = serializers.CharField(  # type: ignore[assignment]  # the payload key is "source"
        allow_blank=True,
        help_text="The document that states the reduction, or that the ratio is the user's own",
    )


class CompareCapacitySerializer(serializers.Serializer[Any]):
    """The capacity headline of a design (the evaluation's `capacity` carries more)."""

    total = QuantitySerializer(
        help_text="Capacity the design needs before data reduction (several databases: them and their "
        "clones before the clones' reduction)"
    )
    usable = QuantitySerializer(help_text="Usable capacity the platform offers")
    after_data_reduction = QuantitySerializer(
        help_text="Equals total unless XtremIO data reduction is opted in (several databases: after the "
        "clones' reduction)"
    )
    raw = QuantitySerializer(help_text="Raw capacity of the platform's drives, before RAID and spares")
    fits = serializers.BooleanField()
    raid = serializers.CharField()


class CompareCapacityTogetherSerializer(serializers.Serializer[Any]):
    """A design that lists its databases: their capacity and their clones' together."""

    fits_only_with_clone_reduction = serializers.BooleanField(
        help_text="The capacity fits only with the clones' data reduction"
    )
    clone_reduction = CompareCloneReductionSerializer(
        many=True, help_text="Each database's clones and the reduction that stores them"
    )
    statement = serializers.CharField(help_text="The capacity together in words")


class CompareCostSerializer(serializers.Serializer[Any]):
    currency = serializers.CharField(allow_null=True)
    total = serializers.CharField(allow_null=True)
    complete = serializers.BooleanField()
    unpriced_lines = serializers.IntegerField()


class CompareDatabaseSerializer(serializers.Serializer[Any]):
    """One database of a design of several, beside the others on the shared platform
    (sizing.consolidation.DatabaseResult)."""

    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["oltp", "dss"])
    priority = serializers.IntegerField(help_text="1 = the most important; the list is in this order")
    paused = serializers.BooleanField(help_text="Left out of the evaluation and the capacity")
    verdict = serializers.CharField(
        allow_null=True, help_text="holds, holds-until or does-not-hold; null when paused"
    )
    meets_targets = serializers.BooleanField(
        allow_null=True, help_text="Meets its own targets today beside the others; null when paused"
    )
    throughput = QuantitySerializer(
        allow_null=True, help_text="TPS (OLTP) or MB/s (DSS) the shared platform gives it"
    )
    target_throughput = QuantitySerializer(allow_null=True, help_text="Its TPS or MB/s target, if any")
    response = QuantitySerializer(allow_null=True, help_text="OLTP: its response time beside the others")
    alone_throughput = QuantitySerializer(
        allow_null=True, help_text="The same database alone on the platform"
    )
    alone_response = QuantitySerializer(allow_null=True, help_text="OLTP: its response time alone")
    response_change = QuantitySerializer(
        allow_null=True, help_text="OLTP: response beside the others minus alone"
    )
    response_change_pct = QuantitySerializer(allow_null=True)
    headroom_pct = QuantitySerializer(allow_null=True, help_text="Where the engine publishes one")
    clones = serializers.IntegerField(help_text="Its test/dev clones")
    statement = serializers.CharField(allow_blank=True, help_text="The engine's sentence on it")


class CompareColumnSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    revision = serializers.IntegerField(allow_null=True)
    platform_family = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(
        choices=["oltp", "dss", "consolidated"],
        help_text="consolidated: several databases together (their figures are in `databases`)",
    )
    verdict = serializers.CharField(
        help_text="holds, holds-until (see months_until_missed) or does-not-hold; a design of several "
        "databases: theirs together"
    )
    months_until_missed = serializers.IntegerField(
        allow_null=True,
        help_text="holds-until: the first month of the growth horizon in which a target is missed",
    )
    tps_at_sla = QuantitySerializer(
        allow_null=True,
        help_text="OLTP: maximum sustained TPS under the SLA; null for several databases (see `databases`)",
    )
    sustained_throughput = QuantitySerializer(allow_null=True, help_text="DSS: sustainable MB/s")
    sla_response = QuantitySerializer(
        allow_null=True, help_text="OLTP: the response-time SLA the TPS is sustained within"
    )
    headroom_pct = QuantitySerializer(allow_null=True)
    bottleneck = serializers.CharField(
        allow_null=True, help_text="The station that limits the design (several databases: together)"
    )
    capacity = CompareCapacitySerializer(allow_null=True)
    capacity_together = CompareCapacityTogetherSerializer(
        allow_null=True,
        help_text="A design that lists its databases: their clones' capacity and its reduction; null for "
        "a design of one",
    )
    warnings = serializers.IntegerField()
    critical_warnings = serializers.IntegerField(help_text="Warnings of severity critical")
    cost = CompareCostSerializer()
    cost_per_throughput = CostPerThroughputSerializer()
    consolidated = serializers.BooleanField(
        help_text="Several databases evaluated together on the shared platform (a model extrapolation)"
    )
    not_validated_reason = serializers.CharField(
        allow_null=True, help_text="Why the databases' figures together carry no error band; null otherwise"
    )
    databases = CompareDatabaseSerializer(
        many=True,
        help_text="Each database of a design that lists its databases, in the engine's order (priority "
        "first, paused last); empty for a design of one database (its figures are the column's)",
    )


class BomDifferenceSerializer(serializers.Serializer[Any]):
    section = serializers.CharField()
    part_number = serializers.CharField()
    description = serializers.CharField()
    quantities = serializers.DictField(child=serializers.IntegerField(), help_text="design id -> quantity")


class BomSectionItemSerializer(serializers.Serializer[Any]):
    part_number = serializers.CharField()
    description = serializers.CharField()
    quantity = serializers.IntegerField()


class BomSectionOfDesignSerializer(serializers.Serializer[Any]):
    design = serializers.IntegerField()
    items = BomSectionItemSerializer(many=True, help_text="The section's lines of this design (may be empty)")
    currency = serializers.CharField(allow_null=True)
    total = serializers.CharField(allow_null=True, help_text="Priced lines only; null without a price book")
    unpriced_lines = serializers.IntegerField()


class CompareBomSectionSerializer(serializers.Serializer[Any]):
    section = serializers.ChoiceField(choices=BomSection.choices)
    label = serializers.CharField()  # type: ignore[assignment]  # the payload key is "label"
    designs = BomSectionOfDesignSerializer(many=True, help_text="In the order of the compared designs")


class CompareResponseSerializer(serializers.Serializer[Any]):
    designs = CompareColumnSerializer(many=True)
    bom_sections = CompareBomSectionSerializer(many=True)
    bom_part_lines_comparable = serializers.BooleanField(
        help_text="All designs are of one platform family: their part lines compare line by line"
    )
    bom_part_lines_note = serializers.CharField(allow_blank=True)
    bom_differences = BomDifferenceSerializer(
        many=True, help_text="Empty when the part lines are not comparable (different platform families)"
    )
    bom_lines_in_common = serializers.IntegerField()
