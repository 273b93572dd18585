from django.urls import include, path
from rest_framework.routers import DefaultRouter

router = DefaultRouter(trailing_slash=True)

urlpatterns = [
    path("designs/<int:pk>/export/", include("designs.export_urls")),
    *router.urls,
]
