from __future__ import annotations

import pytest

from sizing.evidence import EvidenceBundle
from sizing.fixtures import bundle_from_documents
from sizing.rules import RuleSet
from sizing.tests.seed_evidence import DOCS


@pytest.fixture(scope="session")
def seed() -> tuple[EvidenceBundle, RuleSet]:
    return bundle_from_documents(DOCS)
