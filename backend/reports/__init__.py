"""Proposal and BOM exports (PDF, CSV, XLSX) from a typed document model.

Pure Python (ReportLab, openpyxl); no Django import, so it is tested without a database. The designs
app maps its evaluation dict to `ProposalData` with `reports.mapping` and calls a renderer.
"""

from reports.model import ProposalData
from reports.pdf import render_annex_pdf, render_bom_pdf, render_proposal_pdf
from reports.tabular import render_bom_csv, render_bom_xlsx

__all__ = [
    "ProposalData",
    "render_annex_pdf",
    "render_bom_csv",
    "render_bom_pdf",
    "render_bom_xlsx",
    "render_proposal_pdf",
]
