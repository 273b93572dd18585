"""A curve names the storage model it was measured on, as the engine reads it (issue 37): what the SPA's
load-response chart compares with a design's storage before it draws the curve's runs on its lines."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from engine_adapter.evidence import build_evidence


@pytest.mark.usefixtures("loaded_catalog")
def test_a_tps_curve_names_the_storage_model_the_engine_reads(api_client: APIClient) -> None:
    engine = {o.curve: o.storage_model for o in build_evidence().observations}
    served = {
        c["slug"]: c["storage_model"]
        for c in api_client.get("/api/v1/curves/?quantity=tps&limit=100").json()["results"]
    }
    # Tables 5-6 ran one PS6010XV: a PS6010S design's chart must not draw them
    assert {served[s] for s in served if s.startswith("dell-oltp-2010-tpcc")} == {"PS6010XV"}
    assert {served[s] for s in served if s.startswith("oracle-fs1-2016-swingbench")} == {"FS1-2"}
    assert served == {slug: engine[slug] for slug in served}
