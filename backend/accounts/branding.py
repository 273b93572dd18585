"""A team's branding for its proposals: company name and logo (GET/PATCH /api/v1/teams/<slug>/branding/).

Members read it; the team's managers and staff change it; anyone else gets a 404 (the team is not
theirs to know about). The logo must be a real PNG or JPEG image (Pillow opens and fully decodes
it), at most 512 KB and 2,000 px a side; it is stored as uploaded and re-encoded to PNG through
Pillow (`logo_png`) before a PDF draws it, so the renderer only ever sees a PNG made here.
"""

from __future__ import annotations

import base64
import io
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from PIL import Image, UnidentifiedImageError

from accounts.choices import TeamRole
from accounts.models import Membership, Team
from core.errors import Forbidden, InvalidInput, NotFound

LOGO_MAX_BYTES = 512 * 1024
LOGO_MAX_PX = 2000
LOGO_FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg"}

User = AbstractBaseUser | AnonymousUser


def _role(user: User, team: Team) -> str | None:
    if user.pk is None:
        return None
    return Membership.objects.filter(team=team, user_id=user.pk).values_list("role", flat=True).first()


def team_for_branding(*, user: User, slug: str, write: bool = False) -> Team:
    """The team by slug if the user may read (member or staff) its branding, else NotFound; for a
    write also a manager of it or staff, else Forbidden."""
    team = Team.objects.filter(slug=slug).first()
    if team is None or not user.is_authenticated:
        raise NotFound("No such team.")
    staff = bool(getattr(user, "is_staff", False))
    role = _role(user, team)
    if role is None and not staff:
        raise NotFound("No such team.")
    if write and not staff and role != TeamRole.MANAGER:
        raise Forbidden("Only the team's managers (or an administrator) change its branding.")
    return team


def validate_logo(data: bytes) -> str:
    """The content type of a logo that passes, else InvalidInput on `logo` saying why."""
    if len(data) > LOGO_MAX_BYTES:
        raise InvalidInput(
            {"logo": [f"The logo is {len(data) // 1024} KB; at most {LOGO_MAX_BYTES // 1024} KB."]}
        )
    try:
        with Image.open(io.BytesIO(data)) as image:
            kind = image.format
            width, height = image.size
            if kind not in LOGO_FORMATS:
                raise InvalidInput({"logo": [f"The logo must be a PNG or JPEG image, not {kind}."]})
            if width > LOGO_MAX_PX or height > LOGO_MAX_PX:
                raise InvalidInput(
                    {"logo": [f"The logo is {width} x {height} px; at most {LOGO_MAX_PX} px a side."]}
                )
            image.load()  # decode it all: a truncated or corrupt file fails here, not in a PDF
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, SyntaxError) as exc:
        raise InvalidInput({"logo": ["The file is not a readable PNG or JPEG image."]}) from exc
    return LOGO_FORMATS[kind]


def logo_png(team: Team | None) -> bytes | None:
    """The team's logo re-encoded to PNG through Pillow (None without one): what the PDF draws."""
    if team is None or not team.logo:
        return None
    with Image.open(io.BytesIO(bytes(team.logo))) as image:
        image.load()
        converted = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
    out = io.BytesIO()
    converted.save(out, format="PNG")
    return out.getvalue()


def branding_data(team: Team, user: User) -> dict[str, Any]:
    logo = bytes(team.logo) if team.logo else None
    role = _role(user, team)
    return {
        "team": team.slug,
        "team_name": team.name,
        "company_name": team.company_name,
        "logo": (
            f"data:{team.logo_content_type};base64,{base64.b64encode(logo).decode('ascii')}" if logo else None
        ),
        "logo_content_type": team.logo_content_type or None,
        "logo_bytes": len(logo) if logo else 0,
        "can_edit": bool(getattr(user, "is_staff", False)) or role == TeamRole.MANAGER,
    }


@transaction.atomic
def branding_update(
    *, team: Team, company_name: str | None = None, logo: bytes | None = None, clear_logo: bool = False
) -> Team:
    """Change the branding; each save is a history row (django-simple-history, as for every team)."""
    if company_name is not None:
        team.company_name = company_name.strip()
    if clear_logo:
        team.logo, team.logo_content_type = None, ""
    elif logo is not None:
        team.logo_content_type = validate_logo(logo)
        team.logo = logo
    team.save()
    return team
