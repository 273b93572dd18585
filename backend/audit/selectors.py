"""Reads: the audit feed, one time-ordered list merged from the change logs that already exist.

Sources (no table of its own): the django-simple-history rows of every audited catalog, evidence and
team model; DesignRevision rows (a design's history, with before/after already stored); share links
(created, revoked). Each source is read newest first with a LIMIT, then the pages are merged, so a
page costs a fixed number of queries (two per history source) whatever the tables hold.

Order: newest first by time, then by source, then by the source's primary key, descending. A cursor
names the last entry served (time, source, key), so the next page starts right after it even when
entries share a timestamp.
"""

from __future__ import annotations

import base64
import binascii
import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Model, OuterRef, Q, QuerySet, Subquery

from accounts.models import Membership, Team
from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from catalog.models import (
    Configuration,
    ConfigurationComponent,
    ConfigurationLayout,
    ConfigurationParameter,
    Manufacturer,
    Part,
    PriceBook,
    PriceBookEntry,
    SizingRule,
    SourceDocument,
    StorageProfile,
)
from core.errors import InvalidInput
from designs.models import Design, DesignRevision, ShareLink

DESIGN = "design"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
HISTORY_ACTIONS = {"+": "created", "~": "changed", "-": "deleted"}


@dataclass(frozen=True)
class Change:
    field: str
    before: Any
    after: Any


@dataclass(frozen=True)
class AuditEntry:
    id: str
    at: datetime
    actor: str | None
    action: str
    object_type: str
    object_id: str
    object_label: str
    summary: str
    changes: list[Change] = field(default_factory=list)
    # Position in the merged order: (time, source rank, primary key in that source).
    sort_key: tuple[datetime, int, int] = field(default=(_EPOCH, 0, 0), compare=False, repr=False)


@dataclass(frozen=True)
class AuditFilter:
    object_type: str | None = None
    actor: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    object_id: int | None = None
    design: Design | None = None  # a design's own trail (its revisions and share events only)


@dataclass(frozen=True)
class Cursor:
    at: datetime
    rank: int
    pk: int

    def encode(self) -> str:
        raw = f"{self.at.isoformat()}|{self.rank}|{self.pk}"
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, text: str) -> Cursor:
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
            at, rank, pk = raw.split("|")
            parsed = datetime.fromisoformat(at)
            if parsed.tzinfo is None:
                raise ValueError("naive time")
            return cls(parsed, int(rank), int(pk))
        except (ValueError, UnicodeDecodeError, binascii.Error) as exc:
            raise InvalidInput({"cursor": ["Not a cursor this feed gave out."]}) from exc


# ------------------------------------------------------------------------------------------ sources
_Names = Callable[[set[int]], dict[int, str]]


def _names(model: type[Model], name: Callable[[Any], str], *, related: tuple[str, ...] = ()) -> _Names:
    """Names of the parent rows a page of history rows points at, in one query."""

    def lookup(ids: set[int]) -> dict[int, str]:
        rows = model._default_manager.filter(pk__in=ids).select_related(*related)
        return {row.pk: name(row) for row in rows}

    return lookup


@dataclass(frozen=True)
class _HistorySource:
    """The simple_history rows of one model, labelled in the domain's words. A child row's label
    names its parent (a curve's slug, a configuration's slug), looked up for the whole page at once;
    a parent deleted since is named by its id."""

    model: type[Model]
    object_type: str
    label: Callable[[Any, str], str]  # (history row, its parent's name)
    parent_field: str | None = None
    parent_names: _Names | None = None


_point_name = _names(MeasuredPoint, lambda p: f"{p.curve.slug} point {p.position}", related=("curve",))
_configuration_name = _names(Configuration, lambda c: c.slug)

HISTORY_SOURCES: tuple[_HistorySource, ...] = (
    _HistorySource(SourceDocument, "source document", lambda r, _: r.slug),
    _HistorySource(Manufacturer, "manufacturer", lambda r, _: r.slug),
    _HistorySource(Part, "part", lambda r, _: r.part_number),
    _HistorySource(PriceBook, "price book", lambda r, _: f"{r.name} v{r.version}"),
    _HistorySource(
        PriceBookEntry,
        "price",
        lambda r, part: f"{part} in price book {r.price_book_id}",
        "part_id",
        _names(Part, lambda p: p.part_number),
    ),
    _HistorySource(Configuration, "configuration", lambda r, _: r.slug),
    _HistorySource(
        ConfigurationComponent,
        "configuration component",
        lambda r, conf: f"{conf} line {r.position}",
        "configuration_id",
        _configuration_name,
    ),
    _HistorySource(
        ConfigurationLayout,
        "configuration layout",
        lambda r, conf: f"{conf}: {r.name}",
        "configuration_id",
        _configuration_name,
    ),
    _HistorySource(
        StorageProfile,
        "storage profile",
        lambda r, conf: f"{conf}: {r.name}",
        "configuration_id",
        _configuration_name,
    ),
    _HistorySource(
        ConfigurationParameter,
        "configuration parameter",
        lambda r, conf: f"{conf}: {r.name}",
        "configuration_id",
        _configuration_name,
    ),
    _HistorySource(SizingRule, "rule", lambda r, _: f"{r.slug} v{r.version}"),
    _HistorySource(BenchmarkCurve, "curve", lambda r, _: r.slug),
    _HistorySource(
        MeasuredPoint,
        "measured point",
        lambda r, curve: f"{curve} point {r.position}",
        "curve_id",
        _names(BenchmarkCurve, lambda c: c.slug),
    ),
    _HistorySource(
        PointValue, "measured value", lambda r, point: f"{r.quantity} of {point}", "point_id", _point_name
    ),
    _HistorySource(Team, "team", lambda r, _: r.name),
    _HistorySource(
        Membership,
        "membership",
        lambda r, user: f"{user} in team {r.team_id}",
        "user_id",
        _names(get_user_model(), lambda u: u.get_username()),
    ),
)
# Ranks order entries that share a timestamp; the design sources come after the history ones.
_REVISIONS_RANK = len(HISTORY_SOURCES)
_SHARED_RANK = _REVISIONS_RANK + 1
_REVOKED_RANK = _REVISIONS_RANK + 2

OBJECT_TYPES: tuple[str, ...] = (*(s.object_type for s in HISTORY_SOURCES), DESIGN)
ACTIONS: tuple[str, ...] = ("created", "changed", "deleted", "restored", "shared", "revoked")


def _after_cursor(cursor: Cursor | None, rank: int, at_field: str, pk_field: str) -> Q:
    """Rows of the source with this rank that come after the cursor in the merged order."""
    if cursor is None:
        return Q()
    earlier = Q(**{f"{at_field}__lt": cursor.at})
    if rank < cursor.rank:
        return earlier
    if rank > cursor.rank:
        return Q(**{f"{at_field}__lte": cursor.at})
    return earlier | Q(**{at_field: cursor.at, f"{pk_field}__lt": cursor.pk})


def _time_window(flt: AuditFilter, at_field: str) -> Q:
    q = Q()
    if flt.since is not None:
        q &= Q(**{f"{at_field}__gte": flt.since})
    if flt.until is not None:
        q &= Q(**{f"{at_field}__lte": flt.until})
    return q


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _parent_name(source: _HistorySource, row: Any, parents: dict[int, str]) -> str:
    if source.parent_field is None:
        return ""
    parent_id = getattr(row, source.parent_field)
    return parents.get(parent_id) or f"#{parent_id}"


def _history_entries(
    source: _HistorySource, rank: int, flt: AuditFilter, cursor: Cursor | None, limit: int
) -> list[AuditEntry]:
    history: QuerySet[Any] = source.model.history.model.objects  # type: ignore[attr-defined]
    rows: QuerySet[Any] = history.select_related("history_user").filter(
        _time_window(flt, "history_date"), _after_cursor(cursor, rank, "history_date", "history_id")
    )
    if flt.actor is not None:
        rows = rows.filter(history_user__username=flt.actor)
    if flt.object_id is not None:
        rows = rows.filter(id=flt.object_id)
    # The row before each one (same object, lower history id) for "before": one subquery here and
    # one query for all of them below, instead of one prev_record query per entry.
    previous = history.filter(id=OuterRef("id"), history_id__lt=OuterRef("history_id")).order_by(
        "-history_id"
    )
    page = list(
        rows.annotate(previous_history_id=Subquery(previous.values("history_id")[:1])).order_by(
            "-history_date", "-history_id"
        )[:limit]
    )
    wanted = [r.previous_history_id for r in page if r.history_type == "~" and r.previous_history_id]
    before = history.in_bulk(wanted) if wanted else {}
    fields = [f for f in source.model._meta.fields if f.editable and not f.primary_key]
    parents: dict[int, str] = {}
    if source.parent_field and source.parent_names and page:
        parents = source.parent_names({getattr(r, source.parent_field) for r in page})
    entries = []
    for row in page:
        changes: list[Change]
        if row.history_type == "~" and row.previous_history_id in before:
            delta = row.diff_against(before[row.previous_history_id])
            by_name = {c.field: c for c in delta.changes}
            changes = [
                Change(f.name, _jsonable(by_name[f.name].old), _jsonable(by_name[f.name].new))
                for f in fields
                if f.name in by_name
            ]
        elif row.history_type == "-":
            changes = [Change(f.name, _jsonable(getattr(row, f.attname)), None) for f in fields]
        else:
            changes = [Change(f.name, None, _jsonable(getattr(row, f.attname))) for f in fields]
        user = row.history_user
        entries.append(
            AuditEntry(
                id=f"{source.model._meta.label_lower}:{row.history_id}",
                at=row.history_date,
                actor=user.get_username() if user is not None else None,
                action=HISTORY_ACTIONS[row.history_type],
                object_type=source.object_type,
                object_id=str(row.id),
                object_label=source.label(row, _parent_name(source, row, parents)),
                summary=row.history_change_reason or "",
                changes=changes,
                sort_key=(row.history_date, rank, row.history_id),
            )
        )
    return entries


def _design_filter(flt: AuditFilter) -> Q:
    q = Q()
    if flt.design is not None:
        q &= Q(design=flt.design)
    if flt.object_id is not None:
        q &= Q(design_id=flt.object_id)
    return q


def _revision_action(revision: DesignRevision) -> str:
    if revision.restored_from is not None:
        return "restored"
    return "created" if revision.number == 1 else "changed"


def _revision_entries(flt: AuditFilter, cursor: Cursor | None, limit: int) -> list[AuditEntry]:
    rows = DesignRevision.objects.select_related("author", "design").filter(
        _design_filter(flt),
        _time_window(flt, "created"),
        _after_cursor(cursor, _REVISIONS_RANK, "created", "pk"),
    )
    if flt.actor is not None:
        rows = rows.filter(author__username=flt.actor)
    return [
        AuditEntry(
            id=f"design-revision:{r.pk}",
            at=r.created,
            actor=r.author.get_username() if r.author is not None else None,
            action=_revision_action(r),
            object_type=DESIGN,
            object_id=str(r.design_id),
            object_label=r.design.name,
            summary=f"Revision {r.number}: {r.summary}",
            changes=[
                Change(str(c.get("field", "")), c.get("before"), c.get("after"))
                for c in (r.changes if isinstance(r.changes, list) else [])
                if isinstance(c, dict)
            ],
            sort_key=(r.created, _REVISIONS_RANK, r.pk),
        )
        for r in rows.order_by("-created", "-pk")[:limit]
    ]


def _share_entries(flt: AuditFilter, cursor: Cursor | None, limit: int, *, revoked: bool) -> list[AuditEntry]:
    # A link's token is a secret: the trail names the link by its id, never by its token.
    rank, at_field = (_REVOKED_RANK, "revoked_at") if revoked else (_SHARED_RANK, "created")
    rows = ShareLink.objects.select_related("created_by", "design").filter(
        _design_filter(flt), _time_window(flt, at_field), _after_cursor(cursor, rank, at_field, "pk")
    )
    if revoked:
        # Who revoked a link is not recorded (ShareLink keeps only revoked_at): the actor is unknown.
        if flt.actor is not None:
            return []
        rows = rows.filter(revoked_at__isnull=False)
    elif flt.actor is not None:
        rows = rows.filter(created_by__username=flt.actor)
    entries = []
    for link in rows.order_by(f"-{at_field}", "-pk")[:limit]:
        at = link.revoked_at if revoked else link.created
        assert at is not None  # filtered above
        creator = link.created_by
        entries.append(
            AuditEntry(
                id=f"share-link:{link.pk}:{'revoked' if revoked else 'shared'}",
                at=at,
                actor=None if revoked else (creator.get_username() if creator is not None else None),
                action="revoked" if revoked else "shared",
                object_type=DESIGN,
                object_id=str(link.design_id),
                object_label=link.design.name,
                summary=f"Read-only link #{link.pk} {'revoked' if revoked else 'created'}",
                changes=[
                    Change(
                        "share link", f"#{link.pk}" if revoked else None, None if revoked else f"#{link.pk}"
                    )
                ],
                sort_key=(at, rank, link.pk),
            )
        )
    return entries


def _source_pages(flt: AuditFilter, cursor: Cursor | None, limit: int) -> Iterator[list[AuditEntry]]:
    wants = flt.object_type
    if flt.design is None:
        for rank, source in enumerate(HISTORY_SOURCES):
            if wants in (None, source.object_type):
                yield _history_entries(source, rank, flt, cursor, limit)
    if wants in (None, DESIGN):
        yield _revision_entries(flt, cursor, limit)
        yield _share_entries(flt, cursor, limit, revoked=False)
        yield _share_entries(flt, cursor, limit, revoked=True)


def _newest_first(entry: AuditEntry) -> tuple[int, int, int]:
    at, rank, pk = entry.sort_key
    # Whole microseconds: a float timestamp cannot tell apart two entries a microsecond apart.
    return (-((at - _EPOCH) // timedelta(microseconds=1)), rank, -pk)


@dataclass(frozen=True)
class AuditPage:
    entries: list[AuditEntry]
    next_cursor: str | None


def audit_feed(*, flt: AuditFilter, cursor: Cursor | None = None, limit: int = 50) -> AuditPage:
    """One page of the merged trail, newest first, and the cursor of the next page (None at the end)."""
    pages: Iterable[list[AuditEntry]] = _source_pages(flt, cursor, limit + 1)
    merged = list(heapq.merge(*pages, key=_newest_first))
    page = merged[:limit]
    next_cursor = None
    if len(merged) > limit:
        at, rank, pk = page[-1].sort_key
        next_cursor = Cursor(at, rank, pk).encode()
    return AuditPage(page, next_cursor)
