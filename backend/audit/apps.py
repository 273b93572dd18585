from django.apps import AppConfig


class AuditConfig(AppConfig):
    """The audit trail's API: reads the change logs of the other apps; no models of its own."""

    name = "audit"
    default_auto_field = "django.db.models.BigAutoField"
