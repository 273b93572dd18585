from django.urls import path

from performance.platform_views import PlatformListView
from performance.views import ModelValidationView

urlpatterns = [
    path("model/validation/", ModelValidationView.as_view(), name="model-validation"),
    path("platforms/", PlatformListView.as_view(), name="platform-list"),
]
