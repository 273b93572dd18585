from django.urls import path

from engine_adapter.platform_views import PlatformListView
from engine_adapter.views import ModelValidationView

urlpatterns = [
    path("model/validation/", ModelValidationView.as_view(), name="model-validation"),
    path("platforms/", PlatformListView.as_view(), name="platform-list"),
]
