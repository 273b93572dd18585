"""Catalog models: source documents, manufacturers and parts, price books, reference configurations
and versioned sizing rules."""

from catalog.models.configurations import (
    Configuration,
    ConfigurationComponent,
    ConfigurationLayout,
    ConfigurationParameter,
    StorageProfile,
)
from catalog.models.parts import Manufacturer, Part, SourceDocument
from catalog.models.prices import PriceBook, PriceBookEntry
from catalog.models.rules import SizingRule
from catalog.models.version import CatalogVersion

__all__ = [
    "CatalogVersion",
    "Configuration",
    "ConfigurationComponent",
    "ConfigurationLayout",
    "ConfigurationParameter",
    "Manufacturer",
    "Part",
    "PriceBook",
    "PriceBookEntry",
    "SizingRule",
    "SourceDocument",
    "StorageProfile",
]
