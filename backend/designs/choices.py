from __future__ import annotations

from django.db import models


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private"
    TEAM = "team", "Team"


class DesignStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    PROPOSED = "proposed", "Proposed"
    APPROVED = "approved", "Approved"


class BomSection(models.TextChoices):
    SERVERS = "servers", "Servers"
    STORAGE = "storage", "Storage"
    NETWORK = "network", "Network"
    SOFTWARE = "software", "Software"
    MISCELLANEOUS = "miscellaneous", "Miscellaneous"
