from __future__ import annotations

from rest_framework import status
from rest_framework.exceptions import APIException


class PreconditionRequired(APIException):
    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = "This write needs an If-Match header with the design's current ETag."
    default_code = "precondition_required"


class PreconditionFailed(APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = "The design was changed by someone else since you read it; reload and retry."
    default_code = "precondition_failed"
