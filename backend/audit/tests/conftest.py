"""The catalog tests' fixtures (mini_catalog, admin_client, ...) and the designs tests' (catalog, users)."""

from catalog.tests.conftest import (  # noqa: F401
    admin_client,
    admin_user,
    alice,
    alice_client,
    mini_catalog,
)
from designs.tests.conftest import catalog, users  # noqa: F401
