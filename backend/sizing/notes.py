"""Assumptions and extrapolation flags carried by every output."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sizing.units import Quantity


@dataclass(frozen=True)
class Assumption:
    key: str
    text: str
    source: str
    value: Quantity | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "text": self.text,
            "source": self.source,
            "value": self.value.to_dict() if self.value else None,
        }


@dataclass(frozen=True)
class Flag:
    """Something the evidence does not cover: the number is an extrapolation."""

    field: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}
