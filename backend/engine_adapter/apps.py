from django.apps import AppConfig


class EngineAdapterConfig(AppConfig):
    """The Django side's one adapter to the pure `sizing` engine: evidence and rules from the catalog,
    the input contract, evaluation, the validation report."""

    name = "engine_adapter"
    label = "engine_adapter"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # registers the OpenAPI extension that publishes the engine's typed results
        from engine_adapter import schema  # noqa: F401
