"""Writes on designs (every successful save is exactly one revision) and the evaluation of a design
(engine evaluation + priced BOM + assumptions).

Optimistic locking: a write names the version it read (If-Match); a conditional UPDATE claims the
next version, so of two racing writers exactly one wins and the other gets 412 with nothing changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from accounts.models import Team
from catalog.models import Configuration, Part, PriceBook
from catalog.selectors import default_price_book
from catalog.versioning import CatalogSnapshot, catalog_snapshot
from core.errors import Forbidden, InvalidInput, NotFound, PreconditionFailed
from designs.choices import DesignStatus, Visibility
from designs.evaluation import configuration_by_pk, evaluation_payload, price_book_by_pk
from designs.headline import NOT_EVALUATED, evaluated_headline
from designs.models import UNRECORDED_REASON, Design, DesignBomOverride, DesignRevision, ShareLink
from designs.selectors import trash_cutoff
from engine_adapter import engine
from engine_adapter import services as engine_services

UserLike = AbstractBaseUser | AnonymousUser

# The fields a revision snapshots and a restore puts back, in display order.
CONTENT_FIELDS: tuple[str, ...] = (
    "name",
    "customer",
    "description",
    "team",
    "visibility",
    "status",
    "workload",
    "platform",
    "databases",
    "clone_reduction_ratio",
    "reference_configuration",
    "price_book",
    "rule_versions",
    "evidence_imports",
    "calibrate_on_evidence",
    "bom_overrides",
)
# Sharing is the owner's decision: an editor may not hide a design from its team or move it.
OWNER_ONLY_FIELDS = ("team", "visibility")
OVERRIDE_FIELDS = ("section", "part_number", "quantity", "description", "reason")


def design_snapshot(*, design: Design) -> dict[str, Any]:
    """The design's content as plain JSON (what a revision stores)."""
    return {
        "name": design.name,
        "customer": design.customer,
        "description": design.description,
        "team": design.team_id,
        "visibility": design.visibility,
        "status": design.status,
        "workload": design.workload,
        "platform": design.platform,
        "databases": design.databases,
        "clone_reduction_ratio": design.clone_reduction_ratio,
        "reference_configuration": (
            design.reference_configuration.slug if design.reference_configuration is not None else None
        ),
        "price_book": design.price_book_id,
        "rule_versions": design.rule_versions,
        "evidence_imports": list(design.evidence_imports or []),
        "calibrate_on_evidence": design.calibrate_on_evidence,
        "bom_overrides": [
            {field: getattr(line, field) for field in OVERRIDE_FIELDS}
            for line in DesignBomOverride.objects.filter(design=design).order_by("position")
        ],
    }


def _field_changes(before: dict[str, Any] | None, after: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"field": name, "before": None if before is None else before[name], "after": after[name]}
        for name in CONTENT_FIELDS
        if before is None or before[name] != after[name]
    ]


def _summary(changes: list[dict[str, Any]], *, headline: str | None, note: str = "") -> str:
    """The history line: the author's note (what and why) first, then what the save changed, so
    a note never hides which fields moved."""
    if headline:
        described = headline
    elif not changes:
        described = "saved without changes"
    else:
        described = "changed " + ", ".join(change["field"].replace("_", " ") for change in changes)
    note = note.strip()
    if not note:
        return described[:1].upper() + described[1:]
    return f"{note} ({described[:1].lower() + described[1:]})"


def _record_revision(
    *,
    design: Design,
    author: UserLike,
    before: dict[str, Any] | None,
    headline: str | None = None,
    note: str = "",
    restored_from: int | None = None,
    lifecycle: dict[str, Any] | None = None,
) -> DesignRevision:
    # Callers hold the design row (created it, or claimed its version), so numbers cannot collide.
    last = DesignRevision.objects.filter(design=design).aggregate(n=Max("number"))["n"] or 0
    after = design_snapshot(design=design)
    changes = _field_changes(before, after)
    if lifecycle is not None:
        # Not content (a restore never puts it back), but the audit trail says who trashed it when.
        changes.append(lifecycle)
    revision = DesignRevision.objects.create(
        design=design,
        number=last + 1,
        author_id=author.pk if author.is_authenticated else None,
        changes=changes,
        summary=_summary(changes, headline=headline, note=note)[:500],
        snapshot=after,
        restored_from=restored_from,
    )
    # What the designs list reads, kept on the row in this transaction (designs.models.Design). A
    # move to or from the trash leaves the content, hence the headline, as it was.
    listed: dict[str, Any] = {"latest_revision": revision.number}
    if lifecycle is None:
        listed.update(evaluated_headline(design=design, overrides=after["bom_overrides"]))
    Design.objects.filter(pk=design.pk).update(**listed)
    for name, value in listed.items():
        setattr(design, name, value)
    return revision


def _write_overrides(*, design: Design, overrides: Sequence[dict[str, Any]]) -> None:
    """Replace the design's BOM overrides line by line. A line naming a part the catalog does not
    know must describe it; the error names the line, and the caller's transaction drops every line
    already written."""
    DesignBomOverride.objects.filter(design=design).delete()
    known = set(
        Part.objects.filter(part_number__in=[line["part_number"] for line in overrides]).values_list(
            "part_number", flat=True
        )
    )
    for index, line in enumerate(overrides):
        if line["part_number"] not in known and not line.get("description"):
            errors: list[dict[str, Any]] = [{} for _ in overrides]
            errors[index] = {
                "description": [
                    f"Part {line['part_number']} is not in the catalog: describe the line you add."
                ]
            }
            raise InvalidInput({"bom_overrides": errors})
        DesignBomOverride.objects.create(
            design=design,
            position=index + 1,
            section=line["section"],
            part_number=line["part_number"],
            quantity=line["quantity"],
            description=line.get("description", ""),
            # A revision from before reasons were required may hold none (a restore writes it back).
            reason=(line.get("reason") or "").strip() or UNRECORDED_REASON,
        )


def _user_id(user: UserLike) -> int:
    if not user.is_authenticated or user.pk is None:
        raise Forbidden("Sign in first.")
    return int(user.pk)


def _check_team(*, user: UserLike, team: Team | None) -> None:
    if team is not None and not team.memberships.filter(user_id=_user_id(user)).exists():
        raise InvalidInput({"team": ["You are not a member of this team."]})


@transaction.atomic
def design_create(*, user: UserLike, data: dict[str, Any]) -> Design:
    """A new design owned by the user, pinned to the current rule versions; revision 1. Without a
    `price_book` key it starts with the catalog's default book (catalog.selectors.default_price_book,
    what the SPA's new-design page shows); an explicit None keeps it unpriced."""
    _check_team(user=user, team=data.get("team"))
    headline = "Created"
    if "price_book" in data:
        price_book = data["price_book"]
    else:
        price_book = default_price_book(timezone.localdate())
        if price_book is not None:
            headline = f"Created with the default price book {price_book}"
    design = Design.objects.create(
        owner_id=_user_id(user),
        name=data["name"],
        customer=data.get("customer", ""),
        description=data.get("description", ""),
        team=data.get("team"),
        visibility=data.get("visibility", Visibility.PRIVATE),
        status=data.get("status", DesignStatus.DRAFT),
        workload=data["workload"],
        platform=data["platform"],
        databases=data.get("databases", []),
        clone_reduction_ratio=data.get("clone_reduction_ratio"),
        reference_configuration=data.get("reference_configuration"),
        price_book=price_book,
        rule_versions=engine.current_rule_versions(),
        evidence_imports=data.get("evidence_imports", []),
        calibrate_on_evidence=data.get("calibrate_on_evidence", False),
    )
    _write_overrides(design=design, overrides=data.get("bom_overrides", []))
    _record_revision(design=design, author=user, before=None, headline=headline, note=data.get("summary", ""))
    return design


def _claim_version(*, design: Design, expected_version: int) -> Design:
    """Conditional UPDATE: only the writer that read the current version moves it on (row lock held
    until the request's transaction ends); anyone else gets 412."""
    claimed = Design.objects.filter(pk=design.pk, version=expected_version, deleted_at__isnull=True).update(
        version=F("version") + 1
    )
    if claimed == 0:
        raise PreconditionFailed()
    design.refresh_from_db()
    return design


def _apply(*, design: Design, data: dict[str, Any]) -> None:
    was_shared = design.visibility == Visibility.TEAM
    for name in CONTENT_FIELDS:
        if name in data and name != "bom_overrides":
            setattr(design, name, data[name])
    if design.visibility == Visibility.TEAM and design.team_id is None:
        raise InvalidInput({"team": ["A design shared with its team needs a team."]})
    design.save()
    if was_shared and design.visibility == Visibility.PRIVATE:
        # Making a design private takes it back from everyone, link holders included; the links
        # stay (revoked) for the record, and sharing again does not revive them.
        ShareLink.objects.filter(design=design, revoked_at__isnull=True).update(revoked_at=timezone.now())
    if "bom_overrides" in data:
        _write_overrides(design=design, overrides=data["bom_overrides"])


def _check_may_change(*, user: UserLike, design: Design, data: dict[str, Any]) -> None:
    """The checks every write of a design's content passes, an update or a restore alike."""
    if design.owner_id != user.pk:
        touched = [name for name in OWNER_ONLY_FIELDS if name in data and data[name] != getattr(design, name)]
        if touched:
            raise Forbidden(f"Only the owner may change {', '.join(touched)}.")
    if "team" in data and data["team"] != design.team:
        _check_team(user=user, team=data["team"])


@transaction.atomic
def design_update(*, user: UserLike, design: Design, expected_version: int, data: dict[str, Any]) -> Design:
    _check_may_change(user=user, design=design, data=data)
    design = _claim_version(design=design, expected_version=expected_version)
    before = design_snapshot(design=design)
    _apply(design=design, data=data)
    _record_revision(design=design, author=user, before=before, note=data.get("summary", ""))
    return design


@transaction.atomic
def design_restore(
    *, user: UserLike, design: Design, revision: DesignRevision, expected_version: int | None
) -> Design:
    """Put revision n's content back as a new revision (history is never rewritten)."""
    design = _claim_version(design=design, expected_version=expected_version or design.version)
    before = design_snapshot(design=design)
    snapshot = revision.snapshot
    data: dict[str, Any] = {name: snapshot[name] for name in CONTENT_FIELDS if name in snapshot}
    # A revision from before several databases were possible is a design of one.
    data.setdefault("databases", [])
    data.setdefault("clone_reduction_ratio", None)
    data["team"] = Team.objects.filter(pk=snapshot.get("team")).first()
    if data["team"] is None:
        data["visibility"] = Visibility.PRIVATE
    data["reference_configuration"] = Configuration.objects.filter(
        slug=snapshot.get("reference_configuration")
    ).first()
    data["price_book"] = PriceBook.objects.filter(pk=snapshot.get("price_book")).first()
    # A revision from before designs named evidence uses the catalog's alone; an import since deleted
    # (or of a team the design no longer has) is left out, and the history line says so.
    asked = [int(i) for i in snapshot.get("evidence_imports") or []]
    team_id = data["team"].pk if data["team"] is not None else None
    kept = sorted(e.id for e in engine_services.team_evidence(team_id=team_id, ids=asked))
    data["evidence_imports"] = kept
    data["calibrate_on_evidence"] = bool(snapshot.get("calibrate_on_evidence")) and bool(kept)
    headline = f"Restored revision {revision.number}"
    if len(kept) < len(asked):
        gone = ", ".join(str(i) for i in asked if i not in kept)
        headline += f" without evidence import {gone} (no longer the team's)"
    # A restore is a write like any other: an editor may not bring back another team or visibility.
    _check_may_change(user=user, design=design, data=data)
    _apply(design=design, data=data)
    _record_revision(
        design=design,
        author=user,
        before=before,
        headline=headline,
        restored_from=revision.number,
    )
    return design


@transaction.atomic
def design_clone(*, user: UserLike, design: Design) -> Design:
    """A private copy owned by the caller, with the same inputs, pins and overrides."""
    source_revision = DesignRevision.objects.filter(design=design).aggregate(n=Max("number"))["n"]
    clone = Design.objects.create(
        owner_id=_user_id(user),
        name=f"{design.name} (copy)"[:200],
        customer=design.customer,
        description=design.description,
        visibility=Visibility.PRIVATE,
        status=DesignStatus.DRAFT,
        workload=design.workload,
        platform=design.platform,
        databases=design.databases,
        clone_reduction_ratio=design.clone_reduction_ratio,
        reference_configuration=design.reference_configuration,
        price_book=design.price_book,
        rule_versions=design.rule_versions,
    )
    overrides = design_snapshot(design=design)["bom_overrides"]
    _write_overrides(design=clone, overrides=overrides)
    _record_revision(
        design=clone,
        author=user,
        before=None,
        headline=f"Cloned from design {design.pk} revision {source_revision}",
    )
    return clone


def _lock_design(*, pk: int, in_trash: bool) -> Design | None:
    """The design row, locked (SELECT ... FOR UPDATE, held until the request's transaction ends), if
    it is still live (in_trash=False) or still in the trash (in_trash=True)."""
    return Design.objects.select_for_update().filter(pk=pk, deleted_at__isnull=not in_trash).first()


@transaction.atomic
def design_delete(*, user: UserLike, design: Design, expected_version: int | None) -> Design:
    """Move the design to its owner's trash if it is still the version the caller read (If-Match,
    when sent). Nothing is removed: revisions, overrides and share links stay for an undo; share
    links stop resolving meanwhile. The row is locked first, so the check and the move are one step:
    a racing PATCH either claimed the version before (-> 412 here) or waits and then finds the
    version moved on (-> 412 there); of racing DELETEs the first wins and the others find the
    design gone (-> 404)."""
    current = _lock_design(pk=design.pk, in_trash=False)
    if current is None:
        raise NotFound("No such design.")
    if expected_version is not None and expected_version != current.version:
        raise PreconditionFailed()
    before = design_snapshot(design=current)
    current.deleted_at = timezone.now()
    current.deleted_by_id = _user_id(user)
    current.version += 1
    current.save(update_fields=["deleted_at", "deleted_by", "version", "updated"])
    _record_revision(
        design=current,
        author=user,
        before=before,
        headline="Moved to trash",
        lifecycle={"field": "deleted_at", "before": None, "after": current.deleted_at.isoformat()},
    )
    return current


@transaction.atomic
def design_undelete(*, user: UserLike, design: Design, expected_version: int | None) -> Design:
    """Take the design out of its owner's trash (the caller found it through
    selectors.trashed_designs, so it is theirs and inside the undo window). Locked like a delete:
    of an undo racing a PATCH or another undo on one ETag exactly one wins."""
    current = _lock_design(pk=design.pk, in_trash=True)
    if current is None or current.deleted_at is None or current.deleted_at <= trash_cutoff():
        raise NotFound("No such design in your trash.")
    if expected_version is not None and expected_version != current.version:
        raise PreconditionFailed()
    before = design_snapshot(design=current)
    deleted_at = current.deleted_at
    current.deleted_at = None
    current.deleted_by = None
    current.version += 1
    current.save(update_fields=["deleted_at", "deleted_by", "version", "updated"])
    _record_revision(
        design=current,
        author=user,
        before=before,
        headline="Restored from trash",
        lifecycle={"field": "deleted_at", "before": deleted_at.isoformat(), "after": None},
    )
    return current


@transaction.atomic
def design_trash_purge(*, now: datetime | None = None, dry_run: bool = False) -> dict[str, int]:
    """Delete for good the designs trashed more than TRASH_RETENTION_DAYS ago, with their
    revisions, overrides and share links. The rows are locked first, so an undo that got there
    before keeps its design (the purge then no longer matches it). Returns the counts per table."""
    cutoff = trash_cutoff(now=now)
    ids = list(
        Design.objects.select_for_update()
        .filter(deleted_at__isnull=False, deleted_at__lte=cutoff)
        .values_list("pk", flat=True)
    )
    counts = {
        "designs": len(ids),
        "revisions": DesignRevision.objects.filter(design_id__in=ids).count(),
        "bom_overrides": DesignBomOverride.objects.filter(design_id__in=ids).count(),
        "share_links": ShareLink.objects.filter(design_id__in=ids).count(),
    }
    if not dry_run and ids:
        Design.objects.filter(pk__in=ids).delete()
    return counts


def design_headlines_refresh(*, only_missing: bool = False) -> int:
    """Evaluate designs' stored headlines again (the designs list's verdict, throughput and cost):
    all of them, or only those never evaluated (only_missing: after the migration that added the
    columns). One transaction per design, its row locked, so a save in between is never overwritten
    with older content. Trashed designs too: an undo brings them back as they were. Returns how many
    designs were evaluated."""
    designs = Design.objects.all()
    if only_missing:
        designs = designs.filter(verdict="", evaluation_note__in=["", NOT_EVALUATED])
    refreshed = 0
    for pk in list(designs.order_by("pk").values_list("pk", flat=True)):
        with transaction.atomic():
            design = (
                Design.objects.select_for_update(of=("self",))
                .select_related("reference_configuration", "price_book")
                .filter(pk=pk)
                .first()
            )
            if design is None:
                continue  # purged meanwhile
            overrides = design_snapshot(design=design)["bom_overrides"]
            Design.objects.filter(pk=pk).update(**evaluated_headline(design=design, overrides=overrides))
            refreshed += 1
    return refreshed


def _lock_design_or_404(design: Design) -> None:
    """Hold the design's row until the request's transaction ends (a racing DELETE locks it too), so
    what is written under it cannot name a design deleted in between (that was an IntegrityError at
    commit: a 500)."""
    if not Design.objects.select_for_update().filter(pk=design.pk).exists():
        raise NotFound("No such design.")


@transaction.atomic
def share_link_create(*, user: UserLike, design: Design) -> ShareLink:
    _lock_design_or_404(design)
    return ShareLink.objects.create(design=design, created_by_id=user.pk if user.is_authenticated else None)


@transaction.atomic
def share_link_revoke(*, link: ShareLink) -> None:
    """Revoke an active link: a conditional UPDATE, so of two racing revokes one succeeds and the
    other finds nothing active (404), and a link its design's deletion took away is a 404, not a 500."""
    revoked = ShareLink.objects.filter(pk=link.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    if revoked == 0:
        raise NotFound("No such share link.")


def design_evidence(design: Design) -> dict[str, Any]:
    """The evidence a saved design evaluates with (evaluation_payload's keywords): its team's imports
    it names, and whether it calibrates on them."""
    return {
        "team_id": design.team_id,
        "evidence_imports": list(design.evidence_imports or []),
        "calibrate_on_evidence": design.calibrate_on_evidence,
    }


def design_evaluation(design: Design, *, current_rules: bool = False) -> dict[str, Any]:
    """The saved design evaluated with its pinned rule versions and price book: the engine's
    evaluation, the priced BOM, the assumptions, and which revision this is. (Takes the design
    positionally too: the export views call it.) `current_rules`: with the current rule versions
    instead of its pins, as POST /evaluate/ evaluates the same inputs (what the editor shows for an
    untouched design)."""
    # The designs API reads a design with its overrides prefetched and its latest revision annotated
    # (DesignViewSet.get_queryset): use them; other callers pass a plain design.
    prefetched = getattr(design, "_prefetched_objects_cache", {}).get("bom_overrides")
    lines = (
        sorted(prefetched, key=lambda line: line.position)
        if prefetched is not None
        else DesignBomOverride.objects.filter(design=design).order_by("position")
    )
    overrides = [{field: getattr(line, field) for field in OVERRIDE_FIELDS} for line in lines]
    snapshot = catalog_snapshot()
    # The catalog rows come from the per-version cache, not a query each.
    configuration = configuration_by_pk(design.reference_configuration_id, snapshot)
    price_book = price_book_by_pk(design.price_book_id, snapshot) if design.price_book_id else None
    payload = evaluation_payload(
        workload=design.workload,
        platform=design.platform,
        rule_versions=None if current_rules else design.rule_versions,
        configuration=configuration,
        price_book=price_book,
        overrides=overrides,
        snapshot=snapshot,
        databases=design.databases,
        clone_reduction_ratio=design.clone_reduction_ratio,
        **design_evidence(design),
    )
    revision = getattr(design, "latest_revision", None)
    if revision is None:
        revision = DesignRevision.objects.filter(design=design).aggregate(n=Max("number"))["n"]
    payload["design"] = {
        "id": design.pk,
        "name": design.name,
        "customer": design.customer,
        "status": design.status,
        "version": design.version,
        "revision": revision,
    }
    payload["revision"] = revision
    return payload


def revision_evaluation(*, revision: DesignRevision) -> dict[str, Any]:
    """A revision evaluated from its snapshot, with the rule versions and price book it pinned."""
    snapshot = revision.snapshot
    payload = evaluation_payload(
        workload=snapshot["workload"],
        platform=snapshot["platform"],
        rule_versions=snapshot.get("rule_versions") or {},
        configuration=Configuration.objects.filter(slug=snapshot.get("reference_configuration")).first(),
        price_book=PriceBook.objects.filter(pk=snapshot.get("price_book")).first(),
        overrides=snapshot.get("bom_overrides", []),
        databases=snapshot.get("databases") or [],
        clone_reduction_ratio=snapshot.get("clone_reduction_ratio"),
        team_id=snapshot.get("team"),
        evidence_imports=snapshot.get("evidence_imports") or [],
        calibrate_on_evidence=bool(snapshot.get("calibrate_on_evidence")),
    )
    payload["revision"] = revision.number
    return payload


def evaluate_unsaved(*, data: dict[str, Any], snapshot: CatalogSnapshot | None = None) -> dict[str, Any]:
    """An unsaved design (validated by EvaluateInputSerializer) evaluated with the current rules
    (`snapshot`: the catalog cache the request already read)."""
    return evaluation_payload(
        workload=data["workload"],
        platform=data["platform"],
        rule_versions=None,
        configuration=data.get("reference_configuration"),
        price_book=data.get("price_book"),
        overrides=data.get("bom_overrides", []),
        snapshot=snapshot,
        databases=data.get("databases", []),
        clone_reduction_ratio=data.get("clone_reduction_ratio"),
        team_id=data.get("evidence_team"),
        evidence_imports=data.get("evidence_imports", []),
        calibrate_on_evidence=data.get("calibrate_on_evidence", False),
    )
