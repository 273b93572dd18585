from __future__ import annotations

import pytest

from sizing.evidence import EvidenceBundle
from sizing.fixtures import bundle_from_documents
from sizing.rules import RuleSet
from sizing.tests.seed_evidence import DOCS


@pytest.fixture(scope="session")
def seed() -> tuple[EvidenceBundle, RuleSet]:
    return bundle_from_documents(DOCS)


@pytest.fixture(scope="session")
def catalog() -> tuple[EvidenceBundle, RuleSet]:
    """The seed catalog itself (fixtures/*.yaml, all five documents): what the validation grades."""
    from sizing.tests.golden.cases import seed_catalog

    return seed_catalog()
