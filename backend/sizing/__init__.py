"""DB Sizer's sizing and performance engine.

A pure Python package: it imports neither Django nor anything of the web layer. It takes plain
dataclasses (workloads, configurations, measured points) and returns typed results (pydantic models,
sizing.evaluation) that carry their units and the assumptions used. Callers import from `sizing`
only: the names below are the engine's public API; its modules are internal.
"""

from sizing.version import __version__ as __version__

# isort: split
from sizing import bom, display
from sizing.bom import (
    Bom,
    BomError,
    BomLine,
    BomOverride,
    BomPlatform,
    CatalogPart,
    ReferenceDesign,
    ReferenceLine,
)
from sizing.consolidation import (
    ConsolidatedEvaluation,
    ConsolidatedInputs,
    consolidated_inputs_from_dict,
    evaluate_consolidated,
)
from sizing.errors import EvidenceError, InputError, SizingError
from sizing.evaluation import (
    DesignEvaluation,
    DssEvaluation,
    EngineEvaluation,
    Evaluation,
    OltpEvaluation,
    as_printed,
    evaluation_from_json,
    published,
)
from sizing.evaluator import design_facts, evaluate_design
from sizing.evidence import ConfigurationFacts, EvidenceBundle, MeasuredValue, Observation, Source
from sizing.fixtures import bundle_from_documents, load_fixture_dir, storage_model_of
from sizing.inputs import (
    DEFAULT_ARRAYS,
    DEFAULT_RAC_NODES,
    DesignInputs,
    DssWorkload,
    OltpWorkload,
    Platform,
    design_inputs_from_dict,
    workload_from_dict,
)
from sizing.notes import Assumption, Flag, RuleRef
from sizing.platforms import (
    ARRAY_PART_KINDS,
    RAID_LABELS,
    PlatformFamily,
    StorageModel,
    platform_family,
    storage_model,
)
from sizing.platforms import REGISTRY as PLATFORM_FAMILIES
from sizing.publish import published_json
from sizing.recommend import RESILIENCE, CostFigure, PriceBookRef, Recommendation, Reference, recommend
from sizing.rules import Rule, RuleSet
from sizing.sweep import SweepResult, sweep
from sizing.units import Quantity
from sizing.validation import ValidationRow, validation_report
from sizing.validation import summary as validation_summary
from sizing.validation import to_markdown as validation_markdown
from sizing.warnings import Warning, check_rule

__all__ = [
    "ARRAY_PART_KINDS",
    "DEFAULT_ARRAYS",
    "DEFAULT_RAC_NODES",
    "PLATFORM_FAMILIES",
    "RAID_LABELS",
    "RESILIENCE",
    "Assumption",
    "Bom",
    "BomError",
    "BomLine",
    "BomOverride",
    "BomPlatform",
    "CatalogPart",
    "ConfigurationFacts",
    "ConsolidatedEvaluation",
    "ConsolidatedInputs",
    "CostFigure",
    "DesignEvaluation",
    "DesignInputs",
    "DssEvaluation",
    "DssWorkload",
    "EngineEvaluation",
    "Evaluation",
    "EvidenceBundle",
    "EvidenceError",
    "Flag",
    "InputError",
    "MeasuredValue",
    "Observation",
    "OltpEvaluation",
    "OltpWorkload",
    "Platform",
    "PlatformFamily",
    "PriceBookRef",
    "Quantity",
    "Recommendation",
    "Reference",
    "ReferenceDesign",
    "ReferenceLine",
    "Rule",
    "RuleRef",
    "RuleSet",
    "SizingError",
    "Source",
    "StorageModel",
    "SweepResult",
    "ValidationRow",
    "Warning",
    "as_printed",
    "bom",
    "bundle_from_documents",
    "check_rule",
    "consolidated_inputs_from_dict",
    "design_facts",
    "design_inputs_from_dict",
    "display",
    "evaluate_consolidated",
    "evaluate_design",
    "evaluation_from_json",
    "load_fixture_dir",
    "platform_family",
    "published",
    "published_json",
    "recommend",
    "storage_model",
    "storage_model_of",
    "sweep",
    "validation_markdown",
    "validation_report",
    "validation_summary",
    "workload_from_dict",
]  # fmt: skip
