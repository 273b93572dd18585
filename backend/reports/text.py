"""Escaping and number formatting shared by the renderers."""

from __future__ import annotations

import datetime
import math
import re
from decimal import Decimal
from xml.sax.saxutils import escape

from reports.model import Fact, Number

# C0 controls (other than tab and newline) and DEL make ReportLab's markup parser and PDF strings
# misbehave; they carry no meaning in a design name, so they are dropped.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def clean(text: object) -> str:
    return _CONTROL.sub("", str(text))


def markup(text: object) -> str:
    """User text made literal for ReportLab Paragraph markup.

    Paragraph parses a small HTML-like language where `<img src=...>` opens a file or URL and
    `<font name=...>` looks a font up; escaping &, < and > leaves no tag for it to act on.
    """
    return escape(clean(text)).replace("\n", "<br/>")


def fmt_number(value: Number | None, digits: int = 4) -> str:
    """Integers with thousands separators; others to `digits` significant figures."""
    if value is None:
        return "n/a"
    if isinstance(value, Decimal):
        value = float(value) if value != value.to_integral_value() else int(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if not math.isfinite(value):
        return "n/a"
    if value == int(value) and abs(value) < 1e15:
        return f"{int(value):,}"
    magnitude = math.floor(math.log10(abs(value))) if value else 0
    places = max(digits - 1 - magnitude, 0)
    text = f"{value:,.{places}f}"
    # Significant figures, not fixed decimals: 2.4 TB, not 2.400 TB.
    return text.rstrip("0").rstrip(".") if "." in text else text


def fmt_money(value: Decimal | None, currency: str | None) -> str:
    if value is None or currency is None:
        return ""
    return f"{currency} {value:,.2f}"


def fmt_amount(value: Decimal | None) -> str:
    return "" if value is None else f"{value:,.2f}"


def fmt_fact(fact: Fact | None) -> str:
    if fact is None or fact.value is None:
        return "n/a"
    value = fact.value if isinstance(fact.value, str) else fmt_number(fact.value)
    unit = "" if fact.unit == "count" else fact.unit  # "2 count" reads worse than "2"
    return f"{value} {unit}".strip()


def slugify(text: str, fallback: str = "design") -> str:
    """ASCII file-name slug: lower-case letters, digits and single hyphens."""
    slug = re.sub(r"[^a-z0-9]+", "-", clean(text).lower()).strip("-")
    return slug[:60].rstrip("-") or fallback


def export_filename(name: str, revision: int, date: datetime.date, ext: str, suffix: str = "") -> str:
    """`<design-name-slug><suffix>_rev<k>_<YYYY-MM-DD>.<ext>` (ASCII only: safe in a header)."""
    tail = slugify(suffix, fallback="")
    stem = f"{slugify(name)}-{tail}" if tail else slugify(name)
    return f"{stem}_rev{revision}_{date.strftime('%Y-%m-%d')}.{ext}"
