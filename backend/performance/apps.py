from django.apps import AppConfig


class PerformanceConfig(AppConfig):
    """Thin Django layer around the pure `sizing` engine: evidence adapter, validation report."""

    name = "performance"
    default_auto_field = "django.db.models.BigAutoField"
