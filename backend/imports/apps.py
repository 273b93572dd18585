from django.apps import AppConfig


class ImportsConfig(AppConfig):
    name = "imports"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The engine adapter reads a team's evidence imports through this reader: no app below the
        # imports app may import it (pyproject.toml, contract imports-on-top).
        from engine_adapter.services import register_team_evidence
        from imports.overlay import team_evidence

        register_team_evidence(team_evidence)
