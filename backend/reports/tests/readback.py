"""Reading exported files back the way a person or another program would (shared with designs tests)."""

from __future__ import annotations

import io
import re
import subprocess

from pypdf import PdfReader


def pdftotext(pdf: bytes) -> str:
    """`pdftotext -layout` (poppler): table rows stay on one text line."""
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode("utf-8")


def pypdf_pages(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def rows_with(text: str, *tokens: str) -> list[str]:
    """Text lines holding every token as a whole word (so quantity 2 does not match 32)."""
    # Not inside a longer word or number: "2" must not match "32", "X5-2", "2.5" or "2,000".
    patterns = [re.compile(rf"(?<![\w.,-]){re.escape(t)}(?![\w-])(?![.,]\d)") for t in tokens]
    return [line for line in text.splitlines() if all(p.search(line) for p in patterns)]


def image_xobjects(pdf: bytes) -> int:
    """Raster images embedded in the PDF (charts must be vector: 0)."""
    count = 0
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = page.get("/Resources") or {}
        xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
        if xobjects:
            for ref in xobjects.get_object().values():
                if ref.get_object().get("/Subtype") == "/Image":
                    count += 1
    return count
