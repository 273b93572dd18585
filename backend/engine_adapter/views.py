"""Model endpoint: the validation report (public). Designs are evaluated at /api/v1/evaluate/ (designs)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine_adapter import services

ValidationRowsSerializer = inline_serializer(
    "ModelValidationRow",
    many=True,
    fields={
        "case": serializers.CharField(),
        "source": serializers.CharField(),
        "quantity": serializers.CharField(),
        "unit": serializers.CharField(),
        "measured": serializers.FloatField(),
        "predicted": serializers.FloatField(),
        "error_pct": serializers.FloatField(),
        "held_out_error_pct": serializers.FloatField(),
    },
)


class ModelValidationView(APIView):
    """Measured vs predicted for every point the model can predict, with held-out errors."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "ModelValidation",
            fields={
                "summary": inline_serializer(
                    "ModelValidationSummary",
                    fields={
                        "count": serializers.IntegerField(),
                        "median_abs_error_pct": serializers.FloatField(allow_null=True),
                        "median_abs_held_out_error_pct": serializers.FloatField(allow_null=True),
                        "max_abs_held_out_error_pct": serializers.FloatField(allow_null=True),
                        "within_10pct_held_out": serializers.IntegerField(),
                    },
                ),
                "rows": ValidationRowsSerializer,
            },
        )
    )
    def get(self, request: Request) -> Response:
        return Response(services.validation())
