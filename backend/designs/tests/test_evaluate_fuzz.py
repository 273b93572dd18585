"""Whatever JSON a client sends to POST /api/v1/evaluate/, the answer is 200 or a 400 with field
messages, never a server error (hypothesis, seeded)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designs.tests.conftest import client_for

pytestmark = pytest.mark.django_db

ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=10**7),
    st.floats(min_value=-1e6, max_value=1e7, allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.lists(st.integers(), max_size=2),
)
WORKLOAD_KEYS = ["kind", "users", "target_tps", "think_time_s", "database_size_gb", "read_pct", "block_size_kb",
                 "sla_response_ms", "horizon_years", "target_throughput_mb_s", "io_pattern", "query_streams"]  # fmt: skip
PLATFORM_KEYS = ["rac_nodes", "cores_per_node", "memory_gb_per_node", "arrays", "drives_per_enclosure", "raid",
                 "asm_volumes", "pam", "reference"]  # fmt: skip
FAMILIES = [
    ("oracle-fs1", "FS1-2"),
    ("equallogic", "PS6010XV"),
    ("equallogic", "PS6110XV"),
    ("xtremio", "X-Brick"),
    ("netapp", "FAS3140"),
    ("oracle-fs1", "X-Brick"),
    ("mainframe", "DS8000"),
]


@st.composite
def _bodies(draw: st.DrawFn) -> dict[str, Any]:
    workload = draw(st.dictionaries(st.sampled_from(WORKLOAD_KEYS), ANY_VALUE, max_size=5))
    workload.setdefault("kind", draw(st.sampled_from(["oltp", "dss", "batch"])))
    family, model = draw(st.sampled_from(FAMILIES))
    platform: dict[str, Any] = {"family": family, "storage_model": model}
    platform.update(draw(st.dictionaries(st.sampled_from(PLATFORM_KEYS), ANY_VALUE, max_size=4)))
    body: dict[str, Any] = {"workload": workload, "platform": platform}
    if draw(st.booleans()):
        body["bom_overrides"] = draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "section": st.sampled_from(["servers", "storage", "racks"]),
                        "part_number": st.text(max_size=8),
                        "quantity": ANY_VALUE,
                    },
                    optional={"reason": st.text(max_size=8)},
                ),
                max_size=3,
            )
        )
    return body


@settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(body=_bodies())
def test_evaluate_never_fails_with_a_server_error(
    catalog: None, users: dict[str, Any], body: dict[str, Any]
) -> None:
    response = client_for(users["alice"]).post("/api/v1/evaluate/", body, format="json")
    assert response.status_code in (200, 400), (body, response.status_code, response.content[:300])
    if response.status_code == 400:
        assert isinstance(response.json(), dict) and response.json()
