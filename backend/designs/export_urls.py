"""Export routes (proposal/BOM as PDF, CSV, XLSX) mounted under /api/v1/designs/<pk>/export/."""

urlpatterns: list = []
