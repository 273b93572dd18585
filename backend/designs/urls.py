from django.urls import include, path
from rest_framework.routers import DefaultRouter

from designs.views import DesignViewSet, EvaluateView, RecommendView, ReferenceDesignViewSet, SharedDesignView

router = DefaultRouter(trailing_slash=True)
router.register("designs", DesignViewSet, basename="design")
router.register("reference-designs", ReferenceDesignViewSet, basename="reference-design")

urlpatterns = [
    path("designs/<int:pk>/export/", include("designs.export_urls")),
    path("evaluate/", EvaluateView.as_view(), name="evaluate"),
    path("recommend/", RecommendView.as_view(), name="recommend"),
    path("shared/<str:token>/", SharedDesignView.as_view(), name="shared-design"),
    *router.urls,
]
