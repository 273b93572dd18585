from django.urls import path

from engine_adapter.platform_views import PlatformListView
from engine_adapter.views import ConsolidatedEvaluateView, ModelValidationView

urlpatterns = [
    path("evaluate/consolidated/", ConsolidatedEvaluateView.as_view(), name="evaluate-consolidated"),
    path("model/validation/", ModelValidationView.as_view(), name="model-validation"),
    path("platforms/", PlatformListView.as_view(), name="platform-list"),
]
