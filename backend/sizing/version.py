"""The engine's version, published with every evaluation (its own module: the evaluation models read it
without importing the package root, which imports every room of the engine)."""

__version__ = "0.1.0"
