"""Export routes (proposal/BOM as PDF, CSV, XLSX) mounted under /api/v1/designs/<pk>/export/."""

from django.urls import path

from designs.export_views import AnnexPdfView, BomCsvView, BomPdfView, BomXlsxView, ProposalPdfView

urlpatterns = [
    path("proposal.pdf", ProposalPdfView.as_view(), name="design-export-proposal-pdf"),
    path("annex.pdf", AnnexPdfView.as_view(), name="design-export-annex-pdf"),
    path("bom.pdf", BomPdfView.as_view(), name="design-export-bom-pdf"),
    path("bom.csv", BomCsvView.as_view(), name="design-export-bom-csv"),
    path("bom.xlsx", BomXlsxView.as_view(), name="design-export-bom-xlsx"),
]
