"""Model endpoint: the validation report (public). Designs are evaluated at /api/v1/evaluate/ (designs)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine_adapter import services
from engine_adapter.serializers import DatabaseSerializer, clone_reduction_ratio_field
from sizing import ConsolidatedEvaluation

ValidationRowsSerializer = inline_serializer(
    "ModelValidationRow",
    many=True,
    fields={
        "family": serializers.CharField(help_text="platform family slug"),
        "document": serializers.CharField(help_text="the document the measurement comes from"),
        "case": serializers.CharField(),
        "source": serializers.CharField(help_text="document and locator"),
        "quantity": serializers.CharField(),
        "unit": serializers.CharField(),
        "kind": serializers.ChoiceField(choices=["throughput", "utilisation", "latency", "ratio"]),
        "measured": serializers.FloatField(),
        "predicted": serializers.FloatField(
            help_text="what evaluate returns for the document's configuration"
        ),
        "error_pct": serializers.FloatField(
            help_text="(predicted - measured) / measured, %; for a stated change, the relative error of the change itself"
        ),
        "error_pp": serializers.FloatField(
            allow_null=True, help_text="a stated change only: predicted - measured, in percentage points"
        ),
        "ratio_error_pct": serializers.FloatField(
            allow_null=True,
            help_text="a stated change only: the error on the ratio (1 + predicted) / (1 + measured), % (not graded)",
        ),
        "role": serializers.ChoiceField(
            choices=["calibration", "held-out"],
            help_text="calibration: the model was fitted on this measurement (not evidence); held-out: predicted without it",
        ),
        "bound": serializers.ChoiceField(
            choices=["upper", "lower"],
            allow_null=True,
            help_text="the document states a bound; error statistics exclude it",
        ),
        "bound_holds": serializers.BooleanField(allow_null=True),
        "extrapolated": serializers.BooleanField(
            help_text="an evaluation of the row reaches beyond the measured configurations (its bands are doubled)"
        ),
        "band_pct": serializers.FloatField(
            allow_null=True,
            help_text="held-out rows: half-width of the error band published for this figure, %",
        ),
        "in_band": serializers.BooleanField(
            allow_null=True, help_text="held-out rows: the measurement lies inside the published band"
        ),
        "in_held_out_band": serializers.BooleanField(
            allow_null=True,
            help_text="held-out rows: the measurement lies inside the band the family's other held-out rows give",
        ),
        "limit": serializers.CharField(
            allow_null=True,
            help_text="a figure the model is known not to reproduce: why (docs/model.md, Limits of trust); "
            "graded and counted, but the worst-error threshold is taken without it",
        ),
        "cv_predicted": serializers.FloatField(
            allow_null=True,
            help_text="calibration rows: the figure predicted by the family refitted without this row's test "
            "(leave-one-test-out)",
        ),
        "cv_error_pct": serializers.FloatField(
            allow_null=True, help_text="calibration rows: the error of cv_predicted, graded like error_pct, %"
        ),
        "cv_bound_holds": serializers.BooleanField(
            allow_null=True, help_text="calibration rows with a stated bound: whether cv_predicted holds it"
        ),
        "cv_missing": serializers.CharField(
            allow_null=True,
            help_text="calibration rows: why no prediction can be made without this row's test (the fit needs it)",
        ),
    },
)

_STATS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "held_out": serializers.IntegerField(help_text="held-out rows counted in the error statistics"),
    "calibration": serializers.IntegerField(help_text="calibration rows (listed, never counted)"),
    "median_abs_held_out_error_pct": serializers.FloatField(allow_null=True),
    "max_abs_held_out_error_pct": serializers.FloatField(allow_null=True),
    "within_tolerance_held_out": serializers.IntegerField(
        help_text="held-out rows within 15 % (throughput, utilisation) or 25 % (latency)"
    ),
    "bounds": serializers.IntegerField(help_text="held-out rows that check a stated bound"),
    "bounds_held": serializers.IntegerField(),
    "known_limits": serializers.IntegerField(help_text="held-out rows of a named known limit of the model"),
    "max_abs_without_known_limits_pct": serializers.FloatField(
        allow_null=True, help_text="worst absolute held-out error over the rows without a known limit"
    ),
    "cross_validated": serializers.IntegerField(
        help_text="calibration rows predicted without their own test (leave-one-test-out, not bound checks)"
    ),
    "cross_validation_missing": serializers.IntegerField(
        help_text="calibration rows no prediction can be made for without their own test"
    ),
    "median_abs_cross_validated_error_pct": serializers.FloatField(allow_null=True),
    "max_abs_cross_validated_error_pct": serializers.FloatField(allow_null=True),
    "cross_validated_bounds": serializers.IntegerField(
        help_text="calibration rows checking a stated bound, predicted without their own test"
    ),
    "cross_validated_bounds_held": serializers.IntegerField(),
    "predictions": serializers.IntegerField(
        help_text="predictions made without their measurement: held-out rows and cross-validated calibration rows "
        "(the acceptance needs at least 8 per family)"
    ),
    "median_abs_prediction_error_pct": serializers.FloatField(
        allow_null=True, help_text="median absolute error over those predictions, %"
    ),
    "max_abs_prediction_without_known_limits_pct": serializers.FloatField(
        allow_null=True, help_text="worst absolute error over those predictions without a known limit, %"
    ),
    "band_rate_pct": serializers.FloatField(
        help_text="the share of held-out measurements a band states it holds"
    ),
    "band_coverage_pct": serializers.FloatField(
        allow_null=True, help_text="share of held-out rows whose measurement lies inside the published band"
    ),
    "held_out_band_coverage_pct": serializers.FloatField(
        allow_null=True,
        help_text="the same with each row's band made from the family's other held-out rows (its own error left out)",
    ),
}
FamilyStatsSerializer = inline_serializer("ModelValidationFamilyStats", fields=dict(_STATS))


class ModelValidationView(APIView):
    """Measured vs predicted (what evaluate returns) for each document's configurations, per family:
    calibration rows beside held-out ones."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "ModelValidation",
            fields={
                "summary": inline_serializer(
                    "ModelValidationSummary",
                    fields={
                        "count": serializers.IntegerField(),
                        **_STATS,
                        "families": serializers.DictField(child=FamilyStatsSerializer),
                    },
                ),
                "rows": ValidationRowsSerializer,
            },
        )
    )
    def get(self, request: Request) -> Response:
        return Response(services.validation())


ConsolidatedInputSerializer = inline_serializer(
    "ConsolidatedInput",
    fields={
        "platform": serializers.JSONField(help_text="the platform, as POST /evaluate/ takes it"),
        "databases": DatabaseSerializer(many=True),
        "clone_reduction_ratio": clone_reduction_ratio_field(),
    },
)


class ConsolidatedEvaluateView(APIView):
    """Evaluate several databases on one platform together (issue 40): OLTP and DSS databases sharing
    the RAC nodes and the storage, each with its targets, and their test/dev clones. One database is
    today's evaluation (in `single`); several are a model extrapolation, flagged. Writes nothing; a 400
    names the database by its position and the field (`databases.1.name`)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ConsolidatedInputSerializer, responses={200: ConsolidatedEvaluation})
    def post(self, request: Request) -> Response:
        return Response(services.evaluate_consolidated_design(request.data))
