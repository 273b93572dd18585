"""The platform-family registry: the one place that knows which families, storage models, RAID levels,
measured servers and reference configurations exist, and which model and BOM rule each family uses.

Each family lives in its own module under `sizing/families/`; adding one means writing that module
and listing its FAMILY here. Nothing else in the engine branches on a family or storage-model name.
"""

from __future__ import annotations

import re

from sizing.errors import InputError
from sizing.families import equallogic, netapp, oracle_fs1, xtremio
from sizing.families.base import (
    ARRAY_PART_KINDS,
    ArrayUnit,
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ServerDefault,
    StorageGeometry,
    StorageModel,
    WorkloadKind,
)

__all__ = [
    "ARRAY_PART_KINDS",
    "RAID_LABELS",
    "REGISTRY",
    "ArrayUnit",
    "ModelBuild",
    "PlatformFamily",
    "PlatformModel",
    "ServerDefault",
    "StorageGeometry",
    "StorageModel",
    "WorkloadKind",
    "family_of_storage_model",
    "platform_family",
    "storage_model",
    "storage_model_of",
]

REGISTRY: dict[str, PlatformFamily] = {
    f.slug: f for f in (oracle_fs1.FAMILY, equallogic.FAMILY, xtremio.FAMILY, netapp.FAMILY)
}
_MODELS: dict[str, tuple[PlatformFamily, StorageModel]] = {
    m.name: (f, m) for f in REGISTRY.values() for m in f.storage_models
}
# The words for the RAID levels (fixture vocabulary) the families offer, as the documents name them.
RAID_LABELS: dict[str, str] = {
    "mirrored": "Mirrored",
    "single_parity": "Single parity",
    "double_parity": "Double parity",
    "raid10": "RAID 10",
    "raid50": "RAID 50",
    "raid6": "RAID 6",
    "raid5": "RAID 5",
    "xdp": "XDP",
    "raid_dp": "RAID-DP",
}


def platform_family(slug: str) -> PlatformFamily:
    try:
        return REGISTRY[slug]
    except KeyError:
        raise InputError("platform.family", f"must be one of {', '.join(REGISTRY)}") from None


def storage_model(name: str) -> StorageModel:
    try:
        return _MODELS[name][1]
    except KeyError:
        raise InputError("platform.storage_model", f"must be one of {', '.join(_MODELS)}") from None


def family_of_storage_model(name: str) -> str:
    return _MODELS[name][0].slug if name in _MODELS else ""


def storage_model_of(*texts: str) -> str | None:
    """The storage model a text names first (a title such as "PS6010S vs PS6010XV" is the PS6010S).

    The seed fixtures give no storage model on configurations or curves, so it is read from their
    slug / name / title with each model's `name_pattern`; the first text with a match decides."""
    for text in texts:
        t = (text or "").lower()
        hits = [
            (m.start(), name) for name, (_, sm) in _MODELS.items() if (m := re.search(sm.name_pattern, t))
        ]
        if hits:
            return min(hits)[1]
    return None
