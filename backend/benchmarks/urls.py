from django.urls import path
from rest_framework.routers import DefaultRouter

from benchmarks import views

router = DefaultRouter(trailing_slash=True)
router.register("documents", views.SourceDocumentViewSet, basename="document")
router.register("curves", views.BenchmarkCurveViewSet, basename="curve")
router.register("measured-values", views.MeasuredValueViewSet, basename="measured-value")

urlpatterns = [
    path("import/curves/", views.ImportCurvesView.as_view(), name="import-curves"),
    *router.urls,
]
