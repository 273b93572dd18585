from django.apps import AppConfig


class PerformanceConfig(AppConfig):
    """The adapter between Django and the pure `sizing` engine: evidence, evaluation, validation report."""

    name = "performance"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # registers the OpenAPI extension that publishes the engine's typed results
        from performance import schema  # noqa: F401
