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


def _sig(value: float, digits: int) -> tuple[float, int]:
    """`value` rounded to `digits` significant figures, and the decimal places that leaves."""
    if value == 0:
        return 0.0, 0
    magnitude = math.floor(math.log10(abs(value)))
    places = digits - 1 - magnitude
    rounded = round(value, places)
    if rounded and math.floor(math.log10(abs(rounded))) > magnitude:  # 9,999.6 -> 10,000
        places -= 1
    return rounded, max(places, 0)


def fmt_number(value: Number | None, digits: int = 4, *, exact: bool = False) -> str:
    """A number for people: at most `digits` significant figures (39,114 TPS prints 39,110 TPS;
    trailing zeros dropped, 2.4 TB not 2.400 TB), thousands separators. `exact`: a figure someone
    typed or counted (a design input), printed as it is."""
    if value is None:
        return "n/a"
    if isinstance(value, Decimal):
        value = float(value) if value != value.to_integral_value() else int(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int) and (exact or abs(value) < 10**digits):
        return f"{value:,}"
    value = float(value)
    if not math.isfinite(value):
        return "n/a"
    if exact:
        text = f"{value:,.{max(digits, 6)}f}"
        return text.rstrip("0").rstrip(".")
    rounded, places = _sig(value, digits)
    text = f"{rounded:,.{places}f}"
    # Significant figures, not fixed decimals: 2.4 TB, not 2.400 TB.
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return "0" if text in ("-0", "") else text


def fmt_percent(value: Number | None) -> str:
    """A percentage as people write it: whole numbers from 10 % up, one decimal below, never the
    floating-point residue of a subtraction (0 %, not 0.0000002016 %)."""
    if value is None:
        return "n/a"
    value = float(value)
    if not math.isfinite(value):
        return "n/a"
    text = f"{value:,.0f}" if abs(value) >= 9.95 else f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# A number in running text: digits with optional thousands separators and decimals, not part of a
# word, a part number, a version or a date ("X5-2", "v1", "2026-11-27").
_NUMBER_IN_TEXT = re.compile(
    r"(?<![\w.,/-])(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)(?![\w/-])(?![.,]\d)"
)


def round_numbers_in_text(text: str, digits: int = 4) -> str:
    """Engine-written text (warnings) with every number of more than `digits` significant figures
    rounded to `digits` ("39,113.9 TPS" -> "39,110 TPS", "39,000.0" -> "39,000")."""

    def fix(match: re.Match[str]) -> str:
        token = match.group(1)
        plain = token.replace(",", "").lstrip("-")
        whole, _, decimals = plain.partition(".")
        digits_shown = (whole + decimals).lstrip("0")
        if not decimals:
            digits_shown = digits_shown.rstrip("0")  # 39,000: two significant figures
        if len(digits_shown) <= digits and decimals.strip("0"):
            return token
        if len(digits_shown) <= digits and not decimals:
            return token
        return fmt_number(float(token.replace(",", "")), digits)  # also "39,000.0" -> "39,000"

    return _NUMBER_IN_TEXT.sub(fix, text)


def fmt_money(value: Decimal | None, currency: str | None) -> str:
    if value is None or currency is None:
        return ""
    return f"{currency} {value:,.2f}"


def fmt_amount(value: Decimal | None) -> str:
    return "" if value is None else f"{value:,.2f}"


def fmt_fact(fact: Fact | None) -> str:
    if fact is None or fact.value is None:
        return "n/a"
    unit = "" if fact.unit == "count" else fact.unit  # "2 count" reads worse than "2"
    if isinstance(fact.value, str):
        value = fact.value
    elif unit.startswith("%") and not fact.exact:
        value = fmt_percent(fact.value)
    else:
        value = fmt_number(fact.value, exact=fact.exact)
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
