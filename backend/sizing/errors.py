"""Typed errors the engine raises instead of returning NaN or infinity."""

from __future__ import annotations


class SizingError(Exception):
    """Base class of every error the engine raises on purpose."""


class InputError(SizingError, ValueError):
    """A design input is invalid; `field` names it (dotted path, e.g. "workload.users")."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class EvidenceError(SizingError, LookupError):
    """The evidence bundle lacks a measurement the model needs for this design."""
