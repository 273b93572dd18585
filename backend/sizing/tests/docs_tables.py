"""The validation tables of docs/model.md are the report's own output on the seed catalog: section 7's
table (`sizing.validation.to_markdown`) and section 9's cross-validation table
(`sizing.validation.cross_validation_table`), each between its markers.

Regenerate after a model or catalog change: `cd backend && PYTHONPATH=. python -m sizing.tests.docs_tables --write`
(sizing/tests/test_validation.py fails while they differ).
"""

from __future__ import annotations

import pathlib
import sys

from sizing.tests.golden.cases import seed_catalog
from sizing.validation import cross_validation_table, to_markdown, validation_report

MODEL_DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "model.md"
MARKERS = {
    "validation-table": lambda rows: to_markdown(rows).replace("### ", "#### "),
    "cross-validation-table": cross_validation_table,
}


def tables() -> dict[str, str]:
    rows = validation_report(*seed_catalog())
    return {name: make(rows) for name, make in MARKERS.items()}


def _span(text: str, name: str) -> tuple[int, int]:
    """Where the table between the markers starts and ends (the markers on their own lines)."""
    start = text.index(f"<!-- {name}:start -->\n") + len(f"<!-- {name}:start -->\n")
    return start, text.index(f"<!-- {name}:end -->", start)


def section(text: str, name: str) -> str:
    start, end = _span(text, name)
    return text[start:end].removesuffix("\n")


def written(text: str, made: dict[str, str]) -> str:
    for name, table in made.items():
        start, end = _span(text, name)
        text = text[:start] + table + "\n" + text[end:]
    return text


if __name__ == "__main__":
    if "--write" in sys.argv:
        MODEL_DOC.write_text(written(MODEL_DOC.read_text(encoding="utf-8"), tables()), encoding="utf-8")
        print(f"wrote {MODEL_DOC}")
