from __future__ import annotations

from django.db import models


class AwrFormat(models.TextChoices):
    TEXT = "text", "Text (awrrpt.sql, report type text)"
    HTML = "html", "HTML (awrrpt.sql or awrgrpt.sql, report type html)"
