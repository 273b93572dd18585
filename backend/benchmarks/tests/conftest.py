"""The catalog test fixtures (mini_catalog, admin_client, ...) are shared with the benchmarks tests."""

from catalog.tests.conftest import (  # noqa: F401
    admin_client,
    admin_user,
    alice,
    alice_client,
    loaded_catalog,
    mini_catalog,
)
