"""Numbers as AWR prints them.

The same report mixes several forms: thousands separators (`12,345.6`), no leading zero (`.98`),
scientific notation where a value outgrows its column (`1.5E+03`, `4.8E+08`), K / M / G / T
suffixes on counts (`10.2K`, `35K`: multiples of 1000, the report's own footnote says so), and
from 12c on durations with their unit (`219.94us`, `.98ms`, `792.80ns`). A cell Oracle leaves blank
or fills with `N/A` or `#####` (a value too wide for its column) is no value: None, never 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Counts: "other columns suffixed with K,M,G,T,P are in multiples of 1000" (IOStat footnote).
_COUNT_SUFFIX = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}
_DURATION_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}

_NUMBER = re.compile(r"^(?P<sign>[-+]?)(?P<digits>\d[\d,]*(?:\.\d*)?|\.\d+)(?P<exp>[eE][-+]?\d+)?$")
_WITH_SUFFIX = re.compile(r"^(?P<number>.*?)(?P<suffix>[KMGTP]?)$")
_WITH_UNIT = re.compile(r"^(?P<number>.*?)(?P<unit>ns|us|ms|s)$")


@dataclass(frozen=True)
class Reading:
    """A printed number: its value and half a unit of its last printed digit (its rounding)."""

    value: float
    resolution: float


def _plain(text: str) -> Reading | None:
    match = _NUMBER.match(text)
    if match is None:
        return None
    digits = match["digits"].replace(",", "")
    value = float(match["sign"] + digits + (match["exp"] or ""))
    decimals = len(digits.split(".", 1)[1]) if "." in digits else 0
    exponent = int(match["exp"][1:]) if match["exp"] else 0
    return Reading(value=value, resolution=0.5 * 10.0 ** (exponent - decimals))


def read_number(text: str) -> Reading | None:
    """A count or rate (`1.2K`, `3.4M`, `1.5E+03`, `.98`, `12,345.6`); None when no number is printed."""
    cleaned = text.strip()
    if not cleaned:
        return None
    match = _WITH_SUFFIX.match(cleaned)
    assert match is not None  # the pattern matches every string
    reading = _plain(match["number"])
    if reading is None:
        return None
    factor = _COUNT_SUFFIX[match["suffix"]]
    return Reading(value=reading.value * factor, resolution=reading.resolution * factor)


def parse_number(text: str) -> float | None:
    """The value of `read_number`, or None."""
    reading = read_number(text)
    return None if reading is None else reading.value


def read_duration_ms(text: str, *, bare_unit: str = "ms") -> Reading | None:
    """A duration in milliseconds: `219.94us`, `.98ms`, `1.2s`, or a bare number in `bare_unit`.

    11.2 prints average waits as bare whole milliseconds under an "(ms)" heading; 12c on prints
    each with its own unit under "Avg Wait".
    """
    cleaned = text.strip()
    match = _WITH_UNIT.match(cleaned)
    unit = match["unit"] if match else bare_unit
    reading = _plain(match["number"] if match else cleaned)
    if reading is None:
        return None
    factor = _DURATION_MS[unit]
    return Reading(value=reading.value * factor, resolution=reading.resolution * factor)


def parse_duration_ms(text: str, *, bare_unit: str = "ms") -> float | None:
    """The value of `read_duration_ms`, or None."""
    reading = read_duration_ms(text, bare_unit=bare_unit)
    return None if reading is None else reading.value
