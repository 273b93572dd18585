"""OpenAPI generation: the error responses of every operation, and what our serializers always send
marked required in responses.

Errors: AutoSchema adds to each operation every 4xx it can answer (400 everywhere: a NUL in any URL, 401
where a token is read (a wrong or revoked one is refused), 403 where a caller may be refused, 404 for detail routes, 412/428 for If-Match writes, 409 where a
delete is refused, 413 for a body past the endpoint's size bound, 415 for a body in a format the
endpoint does not read, 429 where throttled), each with the shape core.exception_handler writes (the
components in ERROR_COMPONENTS, added by the add_error_components hook).

Required properties:
drf-spectacular marks a response property required only when its serializer field is required for
*input*; a model field with a default (required=False on input) then looks optional in responses
although DRF always writes it. Typed clients generated from the schema (frontend/src/lib/
api-schema.d.ts) would then treat every such field as possibly missing. Request components (named
*Request, split by COMPONENT_SPLIT_REQUEST) keep their input rules; a response property a view may
really leave out is listed in OPTIONAL_RESPONSE_PROPERTIES.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from drf_spectacular.authentication import SessionScheme
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from knox.auth import TokenAuthentication
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.settings import api_settings

# component -> properties that some responses omit on purpose
OPTIONAL_RESPONSE_PROPERTIES: dict[str, set[str]] = {
    # design/revision only when a saved design is evaluated (docs/api.md, "Evaluate")
    # the evidence overlay only when the design names its team's evidence imports (docs/imports.md)
    "EvaluationResponse": {"design", "revision", "evidence_overlay"},
    # a headline carries the figures of its kind: OLTP no sustained MB/s, DSS no TPS (imports.overlay)
    "OverlayHeadline": {
        "max_sustained_tps",
        "sustained_throughput",
        "users_at_max",
        "response_at_design",
        "storage_latency_at_design",
        "headroom_pct",
    },
    "OverlayDifference": {
        "max_sustained_tps",
        "sustained_throughput",
        "users_at_max",
        "response_at_design",
        "storage_latency_at_design",
        "headroom_pct",
    },
    # a best-practice check applies everywhere unless it names a `when` condition
    "RuleCheck": {"when"},
}

# components that never carry more than their properties (so a oneOf can tell them apart)
CLOSED_RESPONSE_COMPONENTS = {
    # /auth/me/ answers CurrentUser or AnonymousSession; a user body is not an anonymous one
    "AnonymousSession",
}


def _is_request_component(name: str) -> bool:
    return name.endswith("Request") or name.startswith("Patched")


def require_response_properties(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    schemas = result.get("components", {}).get("schemas", {})
    for name, schema in schemas.items():
        if _is_request_component(name) or schema.get("type") != "object" or "properties" not in schema:
            continue
        optional = OPTIONAL_RESPONSE_PROPERTIES.get(name, set())
        required = [
            prop
            for prop, spec in schema["properties"].items()
            if prop not in optional and not (isinstance(spec, dict) and spec.get("writeOnly"))
        ]
        if required:
            schema["required"] = required
        if name in CLOSED_RESPONSE_COMPONENTS:
            schema["additionalProperties"] = False
    return result


# ------------------------------------------------------------------------------------------- errors
# The error shapes core.exception_handler writes, documented once and referenced by every operation.
_FIELD_ERRORS = "#/components/schemas/FieldErrors"
_ERROR = "#/components/schemas/Error"
_BAD_REQUEST = "#/components/schemas/BadRequest"
# For an extend_schema response whose body is field errors under another status (login lockout: 429).
FIELD_ERRORS_SCHEMA: dict[str, Any] = {"$ref": _FIELD_ERRORS}
ERROR_SCHEMA: dict[str, Any] = {"$ref": _ERROR}
# For an extend_schema 400 on an operation with a body: field messages, or one message when the body
# cannot be read at all (malformed JSON).
BAD_REQUEST_SCHEMA: dict[str, Any] = {"$ref": _BAD_REQUEST}
ERROR_COMPONENTS: dict[str, dict[str, Any]] = {
    "Error": {
        "type": "object",
        "description": "Every error but invalid input: a human-readable message.",
        "properties": {"detail": {"type": "string"}},
        "required": ["detail"],
    },
    "FieldErrors": {
        "type": "object",
        "description": (
            "Invalid input, field by field: {field: [message, ...]}. A nested object nests "
            '({"platform": {"rac_nodes": ["..."]}}), a list of rows has one entry per row '
            '({"bom_overrides": [{}, {"description": ["..."]}]}); messages about no single field are '
            "under non_field_errors."
        ),
        "additionalProperties": {"$ref": "#/components/schemas/FieldErrorValue"},
    },
    "FieldErrorValue": {
        "anyOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "array", "items": {"$ref": _FIELD_ERRORS}},
            {"$ref": _FIELD_ERRORS},
        ],
    },
    "BadRequest": {
        "description": "Field-level messages, or one message when the body cannot be read at all.",
        "anyOf": [{"$ref": _FIELD_ERRORS}, {"$ref": _ERROR}],
    },
}
ERROR_DESCRIPTIONS = {
    "400": "Invalid input: field-level messages.",
    "401": "The token sent (`Authorization: Token ...`) is wrong, expired or revoked.",
    "403": "Not signed in, no CSRF token, or not allowed to do this.",
    "404": "No such object, or none visible to you.",
    "409": "Still used by other rows: nothing was deleted.",
    "412": "If-Match names an older version: someone else saved in between; nothing was changed.",
    "413": "The request body is larger than this endpoint accepts: nothing was read or written.",
    "414": (
        "The URL (with its query) is longer than the server reads: gunicorn refuses a request line past"
        " 4,094 bytes before the application sees it, in plain text/HTML (nginx likewise past 8 KB)."
    ),
    "415": "The body is not in a format this endpoint reads (Content-Type): nothing was written.",
    "428": "If-Match is missing: this write must name the version it read.",
    "429": "Too many attempts: wait, then retry.",
}
_UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def _error_content(status_code: str) -> dict[str, Any]:
    if status_code == "414":
        # Answered by the HTTP server, not the API: not the API's error shape.
        return {"text/html": {"schema": {"type": "string"}}}
    return {"application/json": {"schema": {"$ref": _BAD_REQUEST if status_code == "400" else _ERROR}}}


def _is_bare_object(response: dict[str, Any]) -> bool:
    schema = response.get("content", {}).get("application/json", {}).get("schema")
    return schema is None or (schema.get("type") == "object" and "properties" not in schema)


class CookieScheme(SessionScheme):
    """core.authentication.SessionAuthentication is still the session cookie (cookieAuth)."""

    target_class = "core.authentication.SessionAuthentication"


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's AutoSchema, plus every 4xx an operation can answer, with its error shape."""

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is not None:
            # drf-spectacular requires a body only when one of its fields is required; a view whose
            # body names one of several optional fields (the recommender: `workload` or `databases`)
            # says so with `request_body_required`.
            if getattr(self.view, "request_body_required", False) and "requestBody" in operation:
                operation["requestBody"]["required"] = True
            self._document_errors(operation)
        return operation

    def get_auth(self) -> list[dict[str, Any]]:
        # An operation a visitor may call without signing in says so (`{}`: no credentials needed);
        # drf-spectacular only knows AllowAny and IsAuthenticatedOrReadOnly, not our permissions.
        auths: list[dict[str, Any]] = super().get_auth()
        # The token is listed first: a request that sends `Authorization` is judged by it alone, a
        # session cookie alongside is not read (core.authentication). Clients and fuzzers that take
        # the first scheme a request carries then pick the one the server reads.
        auths.sort(key=lambda auth: "knoxApiToken" not in auth)
        if auths and {} not in auths and self._anonymous_may_call():
            auths.append({})
        return auths

    def map_parsers(self) -> list[Any]:
        # The API's bodies are JSON (nested objects, nulls, lists: a form cannot say them); the form
        # parsers in DEFAULT_PARSER_CLASSES stay for DRF's own pages and are not documented. Views
        # that choose their parsers (the imports: CSV, multipart uploads) document them all.
        media_types: list[Any] = super().map_parsers()
        if list(self.view.parser_classes) == list(api_settings.DEFAULT_PARSER_CLASSES):
            return [m for m in media_types if m == "application/json"]
        return media_types

    def _anonymous_may_call(self) -> bool:
        request = Request(HttpRequest())
        request.method = self.method
        request.user = AnonymousUser()
        return all(p.has_permission(request, self.view) for p in self.view.get_permissions())

    def error_statuses(self, operation: dict[str, Any]) -> set[str]:
        parameters = operation.get("parameters", [])
        statuses: set[str] = set()
        # Every operation: a NUL in the URL or its query is refused (core.nul.RejectNulInUrlMiddleware).
        statuses.add("400")
        if any(p["in"] == "query" for p in parameters):
            statuses.add("414")  # a query string past the HTTP server's request-line limit
        if "requestBody" in operation:
            statuses.add("413")  # core.parsers: a body past the endpoint's bound
            statuses.add("415")  # a Content-Type none of the view's parsers reads
        # Session-authenticated writes need the CSRF token, whoever may make them.
        csrf_checked = self.method in _UNSAFE and any(
            isinstance(a, SessionAuthentication) for a in self.view.get_authenticators()
        )
        # A request that sends `Authorization: Token ...` is judged by it alone (core.authentication).
        if any(isinstance(a, TokenAuthentication) for a in self.view.get_authenticators()):
            statuses.add("401")
        if csrf_checked or not self._anonymous_may_call():
            statuses.add("403")
        if any(p["in"] == "path" for p in parameters):
            statuses.add("404")
        for p in parameters:
            if p["in"] == "header" and p["name"] == "If-Match":
                statuses.add("412")
                if p.get("required"):
                    statuses.add("428")
        if self.method in getattr(self.view, "conflict_methods", ()):
            statuses.add("409")
        if self.view.get_throttles():
            statuses.add("429")
        return statuses

    def _document_errors(self, operation: dict[str, Any]) -> None:
        responses = operation.setdefault("responses", {})
        for status_code in self.error_statuses(operation) | {c for c in responses if c.startswith("4")}:
            response = responses.setdefault(status_code, {"description": ERROR_DESCRIPTIONS[status_code]})
            if _is_bare_object(response):
                response["content"] = _error_content(status_code)
            if not response.get("description"):
                response["description"] = ERROR_DESCRIPTIONS.get(status_code, "")
        # Sorted by status, so that the published file does not depend on set order.
        operation["responses"] = dict(sorted(responses.items()))


def add_error_components(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: the components the error responses of AutoSchema refer to."""
    result.setdefault("components", {}).setdefault("schemas", {}).update(ERROR_COMPONENTS)
    return result
