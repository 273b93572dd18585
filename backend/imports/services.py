"""Writes: store an uploaded AWR report, or an ORION run / Swingbench series as evidence, for a team
(all or nothing; the same file(s) again are the existing import), delete one; describe, change and
delete the team's existing systems. Services raise core.errors; the API maps them
(core.exception_handler)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction

from accounts.models import Membership, Team
from core.errors import Conflict, Forbidden, InvalidInput
from designs.models import Design
from imports.awr import ParsedAwr, parse_awr_file, sha256_of, too_large
from imports.choices import EvidenceKind
from imports.evidence import (
    ParsedEvidence,
    SentFile,
    parse_orion_upload,
    parse_swingbench_upload,
    upload_sha256,
)
from imports.models import AwrImport, EvidenceFile, EvidenceImport, ExistingSystem
from imports.selectors import (
    WRITE_REFUSED,
    existing_awr_import,
    existing_evidence_import,
    existing_system_named,
    may_write,
    team_existing_system,
    visible_existing_systems,
)
from measurements.source import MAX_FILE_BYTES

UserLike = AbstractBaseUser | AnonymousUser
FILE_NAME_MAX = AwrImport._meta.get_field("file_name").max_length or 255


def import_team(*, user: UserLike, team_id: int | None, write: bool) -> Team | None:
    """The team an upload is for: the one named (the caller must be a member), else the caller's only
    team. `write` (saving): the caller must be an editor of it, and a team is required. Not `write`
    (a preview): None when no team is named and the caller has several or none."""
    if not user.is_authenticated:  # the views let no anonymous caller through; said for the types
        raise Forbidden()
    memberships = Membership.objects.filter(user_id=int(user.pk)).select_related("team")
    if team_id is not None:
        membership = memberships.filter(team_id=team_id).first()
        if membership is None:
            raise InvalidInput({"team": ["You are not a member of this team."]})
    else:
        mine = list(memberships[:2])
        if len(mine) != 1:
            if not write:
                return None
            if not mine:
                raise InvalidInput(
                    {"team": ["An import belongs to a team and you are in none: ask an administrator."]}
                )
            raise InvalidInput({"team": ["You are in several teams: name the team the import is for."]})
        membership = mine[0]
    if write and not may_write(membership.role):
        raise Forbidden(WRITE_REFUSED)
    return membership.team


def awr_preview(*, data: bytes) -> ParsedAwr:
    """What the file gives, stored nowhere."""
    return parse_awr_file(data)


def awr_import_create(*, user: UserLike, team: Team, file_name: str, data: bytes) -> tuple[AwrImport, bool]:
    """The team's import of this file: (the new import, True), or (the existing one, False) when the
    team already imported the same bytes. A file that cannot give a workload is refused (400) and
    nothing is stored."""
    if len(data) > MAX_FILE_BYTES:
        raise too_large(len(data))
    existing = existing_awr_import(team_id=team.pk, sha256=sha256_of(data))
    if existing is not None:
        return existing, False
    parsed = parse_awr_file(data)
    try:
        with transaction.atomic():
            created = AwrImport.objects.create(
                team=team,
                uploaded_by_id=user.pk,
                file_name=(file_name or "awr-report")[:FILE_NAME_MAX],
                content=data,
                sha256=parsed.sha256,
                size_bytes=parsed.size_bytes,
                format=parsed.format,
                encoding=parsed.encoding,
                report=parsed.report,
                workload=parsed.workload,
                notes=parsed.notes,
            )
    except IntegrityError:
        # The same file, saved by a concurrent upload between the look-up and the insert.
        existing = existing_awr_import(team_id=team.pk, sha256=parsed.sha256)
        if existing is None:
            raise
        return existing, False
    return created, True


def awr_import_delete(*, awr_import: AwrImport) -> None:
    """Deletes the import and its file; designs made from it keep their workload (a copy)."""
    with transaction.atomic():
        awr_import.delete()


# --------------------------------------------------------------------------------- existing systems
SYSTEM_TEXT_FIELDS = ("description", "family", "storage_model")


def _system_name(*, team: Team, name: str, exclude_pk: int | None = None) -> str:
    name = name.strip()
    if not name:
        raise InvalidInput({"name": ["Name the system."]})
    if existing_system_named(team_id=team.pk, name=name, exclude_pk=exclude_pk) is not None:
        raise InvalidInput({"name": [f"{team.name} already has an existing system named '{name}'."]})
    return name


def _save_system(system: ExistingSystem, *, team: Team) -> ExistingSystem:
    try:
        with transaction.atomic():
            system.save()
    except IntegrityError as exc:
        # The same name, saved by a concurrent request between the check and the write.
        raise InvalidInput(
            {"name": [f"{team.name} already has an existing system named '{system.name}'."]}
        ) from exc
    return system


def existing_system_create(*, user: UserLike, team: Team, name: str, **fields: str) -> ExistingSystem:
    """A system the team describes (any family, catalog or not); its name is unique in the team."""
    system = ExistingSystem(
        team=team,
        name=_system_name(team=team, name=name),
        created_by_id=user.pk,
        **{key: (fields.get(key) or "").strip() for key in SYSTEM_TEXT_FIELDS},
    )
    return _save_system(system, team=team)


def existing_system_update(*, system: ExistingSystem, **fields: str) -> ExistingSystem:
    """Changes the fields given (name, description, family, storage_model); its team stays."""
    if "name" in fields:
        system.name = _system_name(team=system.team, name=fields["name"], exclude_pk=system.pk)
    for key in SYSTEM_TEXT_FIELDS:
        if key in fields:
            setattr(system, key, (fields[key] or "").strip())
    return _save_system(system, team=system.team)


def existing_system_delete(*, system: ExistingSystem) -> None:
    """Deletes a system without evidence; one with evidence imports is refused (409), nothing deleted."""
    count = system.evidence_imports.count()
    if count:
        raise Conflict(
            f"{count} evidence import{'s' if count != 1 else ''} belong{'s' if count == 1 else ''} to "
            f"'{system.name}': delete {'them' if count != 1 else 'it'} first."
        )
    with transaction.atomic():
        system.delete()


def evidence_target(
    *, user: UserLike, team_id: int | None, system_id: int | None, write: bool
) -> tuple[Team | None, ExistingSystem | None]:
    """The team (import_team) and existing system an upload is for. Naming a system of one of the
    caller's teams names its team; a system of another team (or none of that id) is a 400."""
    if system_id is not None and team_id is None:
        system = visible_existing_systems(user).filter(pk=system_id).first()
        if system is None:
            raise InvalidInput(
                {"existing_system": [f"None of your teams has an existing system with id {system_id}."]}
            )
        team_id = system.team_id
    team = import_team(user=user, team_id=team_id, write=write)
    if team is None:
        return None, None
    return team, evidence_system(team=team, system_id=system_id)


def evidence_system(*, team: Team, system_id: int | None) -> ExistingSystem | None:
    """The team's existing system an upload is for; another team's (or none of that id) is a 400."""
    if system_id is None:
        return None
    system = team_existing_system(team_id=team.pk, pk=system_id)
    if system is None:
        raise InvalidInput({"existing_system": [f"{team.name} has no existing system with id {system_id}."]})
    return system


# --------------------------------------------------------------------------------- evidence imports
PARSERS: dict[EvidenceKind, Callable[[Sequence[SentFile]], ParsedEvidence]] = {
    EvidenceKind.ORION: parse_orion_upload,
    EvidenceKind.SWINGBENCH: parse_swingbench_upload,
}


def evidence_preview(*, kind: EvidenceKind, files: Sequence[SentFile]) -> ParsedEvidence:
    """What the files give, stored nowhere."""
    return PARSERS[kind](files)


def evidence_import_create(
    *,
    user: UserLike,
    team: Team,
    system: ExistingSystem | None,
    kind: EvidenceKind,
    files: Sequence[SentFile],
) -> tuple[EvidenceImport, bool]:
    """The team's import of these files: (the new import, True), or (the existing one, False) when
    the team already imported the same files (imports.evidence.upload_sha256). Files that cannot be
    read are refused (400) and nothing is stored: the import and its files are written together."""
    existing = existing_evidence_import(team_id=team.pk, sha256=upload_sha256(kind, files))
    if existing is not None:
        return existing, False
    parsed = evidence_preview(kind=kind, files=files)
    try:
        with transaction.atomic():
            created = EvidenceImport.objects.create(
                team=team,
                existing_system=system,
                kind=parsed.kind,
                sha256=parsed.sha256,
                parsed=parsed.parsed,
                notes=parsed.notes,
                uploaded_by_id=user.pk,
            )
            EvidenceFile.objects.bulk_create(
                EvidenceFile(
                    evidence_import=created,
                    position=position,
                    role=row["role"],
                    file_name=(row["file_name"] or row["role"])[:FILE_NAME_MAX],
                    content=f.data,
                    size_bytes=row["size_bytes"],
                    sha256=row["sha256"],
                    encoding=row["encoding"],
                )
                for position, (f, row) in enumerate(zip(files, parsed.files, strict=True))
            )
    except IntegrityError:
        # The same files, saved by a concurrent upload between the look-up and the insert.
        existing = existing_evidence_import(team_id=team.pk, sha256=parsed.sha256)
        if existing is None:
            raise
        return existing, False
    return created, True


def designs_using(evidence_import: EvidenceImport) -> list[Design]:
    """The team's designs (live or in the trash, whose undo brings them back) that name the import."""
    designs = (
        Design.objects.filter(team_id=evidence_import.team_id).exclude(evidence_imports=[]).order_by("pk")
    )
    # Filtered here, not by a JSON containment lookup: the same on PostgreSQL and SQLite.
    return [
        d for d in designs.only("pk", "name", "evidence_imports") if evidence_import.pk in d.evidence_imports
    ]


def evidence_import_delete(*, evidence_import: EvidenceImport) -> None:
    """Deletes the import and its files (its existing system stays). An import a design names is not
    deleted under it (409 naming the designs): its evaluation would change with no revision saying
    why; take it out of the designs first."""
    with transaction.atomic():
        # Locked, so that a design saved meanwhile naming it waits and then finds it gone (its 400).
        EvidenceImport.objects.select_for_update().filter(pk=evidence_import.pk).exists()
        using = designs_using(evidence_import)
        if using:
            listed = ", ".join(f"'{d.name}' (design {d.pk})" for d in using[:5])
            more = f" and {len(using) - 5} more" if len(using) > 5 else ""
            raise Conflict(
                f"Design{'s' if len(using) != 1 else ''} {listed}{more} use{'s' if len(using) == 1 else ''} "
                "this evidence import: take it out of their evidence first."
            )
        evidence_import.delete()
