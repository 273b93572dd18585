"""Writes: store an uploaded AWR report for a team (all or nothing; the same file again is the
existing import), delete one. Services raise core.errors; the API maps them (core.exception_handler)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction

from accounts.models import Membership, Team
from core.errors import Forbidden, InvalidInput
from imports.awr import ParsedAwr, parse_awr_file, sha256_of, too_large
from imports.models import AwrImport
from imports.selectors import WRITE_REFUSED, existing_awr_import, may_write
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
