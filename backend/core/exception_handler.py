"""The one place where errors become HTTP answers (REST_FRAMEWORK["EXCEPTION_HANDLER"]).

Domain errors (core.errors) get their status from STATUS and their body from `error_body`; DRF's own
exceptions (parse errors, authentication, serializer validation) go through DRF's handler, which
writes the same shapes. Either way the request's transaction is rolled back, so a refused request
leaves nothing behind. Bodies: 400 `{field: [messages]}` (nested like the input; `non_field_errors`
for the rest), every other error `{"detail": message}`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from rest_framework import status
from rest_framework.exceptions import ErrorDetail, Throttled
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from core import errors
from core.durations import wait_in_words

STATUS: dict[type[errors.DomainError], int] = {
    errors.InvalidInput: status.HTTP_400_BAD_REQUEST,
    errors.Forbidden: status.HTTP_403_FORBIDDEN,
    errors.NotFound: status.HTTP_404_NOT_FOUND,
    errors.Conflict: status.HTTP_409_CONFLICT,
    errors.PreconditionFailed: status.HTTP_412_PRECONDITION_FAILED,
    errors.PreconditionRequired: status.HTTP_428_PRECONDITION_REQUIRED,
    errors.PayloadTooLarge: status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
}


def error_status(error: errors.DomainError) -> int:
    # The nearest mapped class: a subclass (catalog's ImportRejected is an InvalidInput) inherits it.
    for cls in type(error).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return status.HTTP_400_BAD_REQUEST


def error_body(error: errors.DomainError) -> Any:
    if isinstance(error, errors.InvalidInput):
        return error.body()
    return {"detail": error.message}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    # Django's own bounds on a body (DATA_UPLOAD_MAX_MEMORY_SIZE, DATA_UPLOAD_MAX_NUMBER_FIELDS/FILES)
    # would otherwise escape DRF and come back as Django's HTML 400 page.
    if isinstance(exc, RequestDataTooBig):
        exc = errors.PayloadTooLarge.for_limit(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    elif isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        exc = errors.InvalidInput(str(exc))
    elif isinstance(exc, Throttled) and getattr(exc, "wait", None) is not None:
        # DRF says "Expected available in 897 seconds."; people read minutes.
        wait = wait_in_words(exc.wait)  # type: ignore[attr-defined]  # set by Throttled.__init__
        exc.detail = ErrorDetail(f"Request was throttled: try again in {wait}.", exc.default_code)
    if isinstance(exc, errors.DomainError):
        set_rollback()
        return Response(error_body(exc), status=error_status(exc))
    return drf_exception_handler(exc, context)
