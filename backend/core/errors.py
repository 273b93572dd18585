"""Domain errors: what a service (or selector) raises when a request cannot be carried out.

Services never raise HTTP exceptions; core.exception_handler maps each class below to its status and
to the one error shape of the API (docs in core.openapi): field-level messages for InvalidInput,
`{"detail": message}` for the others. Each class has a stable `code` a client may rely on.
"""

from __future__ import annotations

from typing import Any, ClassVar

# {field: [message, ...]}, nested like the input ({"platform": {"rac_nodes": [...]}}), one entry per
# row for a list input ({"bom_overrides": [{}, {"description": [...]}]}).
FieldErrors = dict[str, Any]


class DomainError(Exception):
    code: ClassVar[str] = "error"
    default_message: ClassVar[str] = "The request cannot be carried out."

    def __init__(self, message: str | None = None) -> None:
        self.message = message or self.default_message
        super().__init__(self.message)


class InvalidInput(DomainError):
    """The input is wrong; `field_errors` says where and why."""

    code = "invalid"
    default_message = "Invalid input."

    def __init__(self, field_errors: FieldErrors | str) -> None:
        if isinstance(field_errors, str):
            field_errors = {"non_field_errors": [field_errors]}
        self.field_errors = field_errors
        super().__init__(str(field_errors))

    def body(self) -> Any:
        """The 400 body; a subclass with a documented shape of its own (an import's row errors)
        overrides it."""
        return self.field_errors


class NotFound(DomainError):
    """No such object, or none the caller may see (the two are not told apart)."""

    code = "not_found"
    default_message = "Not found."


class Forbidden(DomainError):
    """The caller may see the object but not do this to it."""

    code = "permission_denied"
    default_message = "You may not do this."


class Conflict(DomainError):
    """The request contradicts the stored state (e.g. deleting a row others still use)."""

    code = "conflict"
    default_message = "This conflicts with the stored data."


class PreconditionFailed(DomainError):
    """The If-Match version is not the current one: someone else saved in between."""

    code = "precondition_failed"
    default_message = "The design was changed by someone else since you read it; reload and retry."


class PreconditionRequired(DomainError):
    """A write that must name the version it read (If-Match) did not."""

    code = "precondition_required"
    default_message = "This write needs an If-Match header with the design's current ETag."


class PayloadTooLarge(DomainError):
    """The request body is longer than the endpoint accepts (core.parsers)."""

    code = "too_large"
    default_message = "The request body is larger than this endpoint accepts."

    @classmethod
    def for_limit(cls, limit: int) -> PayloadTooLarge:
        return cls(f"The request body is larger than this endpoint accepts ({limit} bytes).")
