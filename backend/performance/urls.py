from django.urls import path
from rest_framework.routers import DefaultRouter

from performance.platform_views import PlatformListView
from performance.views import EvaluateView, ModelValidationView

router = DefaultRouter(trailing_slash=True)

urlpatterns = [
    path("model/validation/", ModelValidationView.as_view(), name="model-validation"),
    path("model/evaluate/", EvaluateView.as_view(), name="model-evaluate"),
    path("platforms/", PlatformListView.as_view(), name="platform-list"),
    *router.urls,
]
