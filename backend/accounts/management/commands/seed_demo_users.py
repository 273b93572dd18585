"""Create the demo users (alice, carol editors, bob viewer and erin manager in Presales A; dave editor in
Presales B).

The password comes from DEMO_PASSWORD (default "dbsizer-demo"). Idempotent: running it again resets the
passwords and roles.
"""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand

from accounts.services import demo_users_seed

DEFAULT_DEMO_PASSWORD = "dbsizer-demo"  # noqa: S105 - a documented demo password, not a secret


class Command(BaseCommand):
    help = "Create or reset the demo users and teams used by the browser tests and demos."

    def handle(self, *args: Any, **options: Any) -> None:
        password = os.environ.get("DEMO_PASSWORD") or DEFAULT_DEMO_PASSWORD
        usernames = demo_users_seed(password=password)
        if options["verbosity"] >= 1:
            self.stdout.write(f"demo users ready: {', '.join(usernames)}")
