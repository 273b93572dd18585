"""URL map: /api/ (health, schema, docs, v1 resources), /admin/, and the SPA for everything else."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core.views import HealthView, spa_index

api_v1 = [
    path("", include("accounts.urls")),
    path("", include("catalog.urls")),
    path("", include("benchmarks.urls")),
    path("", include("designs.urls")),
    path("", include("engine_adapter.urls")),
    path("", include("imports.urls")),
    path("", include("audit.urls")),
]

urlpatterns = [
    path("api/health/", HealthView.as_view(), name="health"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/", include(api_v1)),
    path("admin/", admin.site.urls),
    # History-mode fallback: any other path that is not an API, admin or static URL gets the SPA.
    re_path(r"^(?!api/|admin/|static/).*$", spa_index, name="spa"),
]

# Unknown URLs and crashes under /api/ answer in the API's error shape (JSON), not Django's HTML pages.
handler404 = "core.views.not_found"
handler500 = "core.views.server_error"
