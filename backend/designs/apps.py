from django.apps import AppConfig


class DesignsConfig(AppConfig):
    name = "designs"
    default_auto_field = "django.db.models.BigAutoField"
