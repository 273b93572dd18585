"""What a validation row checks: a measured figure of a document, the design(s) that reproduce the
document's configuration, and how to read the predicted figure off `evaluate`'s result.

Each platform family lists its cases (`PlatformFamily.validation_cases`) and the observations its
calibration is fitted on (`PlatformFamily.calibration_keys`); `sizing.validation` evaluates them. No
module here imports the engine (families import this one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sizing.evidence import Observation

# Which tolerance a row is judged by: throughput, IOPS, MB/s and utilisation (15 %), latency and
# response time (25 %), or a ratio between two evaluations (a stated gain).
Kind = Literal["throughput", "utilisation", "latency", "ratio"]
# How a held-out row is held out: "series" - the family's calibration never sees any held-out point
# (it is evaluated on the evidence without all of them); "point" - leave this one point out (a
# look-up such as an ORION curve interpolates between the remaining points).
HoldOut = Literal["series", "point"]


@dataclass(frozen=True)
class ValidationCase:
    case: str  # what is compared, in the document's words
    observations: tuple[Observation, ...]  # the measured point(s) this row reproduces
    quantity: str
    unit: str
    measured: float
    designs: tuple[Mapping[str, Any], ...]  # design inputs as the API takes them
    extract: Callable[[Sequence[Any]], float]  # the predicted figure from the evaluations (same order)
    kind: Kind
    # A stated bound ("< 1 ms", "<= 20 ms"): the prediction must lie on the stated side. "upper":
    # predicted <= measured; "lower": predicted >= measured.
    bound: Literal["upper", "lower"] | None = None
    hold_out: HoldOut = "series"
    # The designs are ORION runs: I/O sizes of the tool, not Oracle block sizes (sizing.inputs).
    storage_test: bool = False
    # "change": `measured` is a stated % change; the error is the relative error of the change itself.
    error: Literal["relative", "change"] = "relative"
    # A figure the model is known not to reproduce: why, in a sentence (docs/model.md, "Limits of trust"
    # names every one). The row is graded and printed like any other; the family's worst-error threshold
    # is taken over the rows without one, and a row beyond it must carry one.
    limit: str | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.observations)

    @property
    def source(self) -> str:
        return "; ".join(dict.fromkeys(o.source.cite() for o in self.observations))


CasesHook = Callable[["Any"], list[ValidationCase]]  # (EvidenceBundle) -> cases
KeysHook = Callable[["Any"], frozenset[str]]  # (EvidenceBundle) -> observation keys calibrated on
# (EvidenceBundle) -> groups of observation keys that are one test printed in several places (a table
# row and the text restating it; the figures of one AWR report): leave-one-test-out drops a group whole.
RunsHook = Callable[["Any"], Sequence[frozenset[str]]]


def no_cases(_evidence: Any) -> list[ValidationCase]:
    return []


def no_keys(_evidence: Any) -> frozenset[str]:
    return frozenset()


def no_runs(_evidence: Any) -> tuple[frozenset[str], ...]:
    return ()


def oltp(users: float | None = None, **workload: Any) -> dict[str, Any]:
    """An OLTP workload in API shape."""
    w: dict[str, Any] = {"kind": "oltp", **workload}
    if users is not None:
        w["users"] = users
    return w


def design(workload: Mapping[str, Any], **platform: Any) -> dict[str, Any]:
    return {"workload": dict(workload), "platform": platform}
