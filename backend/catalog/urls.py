from django.urls import path
from rest_framework.routers import DefaultRouter

from catalog import transfer_views, views

router = DefaultRouter(trailing_slash=True)
router.register("manufacturers", views.ManufacturerViewSet, basename="manufacturer")
router.register("parts", views.PartViewSet, basename="part")
router.register("price-books", views.PriceBookViewSet, basename="price-book")
router.register("price-book-entries", views.PriceBookEntryViewSet, basename="price-book-entry")
router.register("configurations", views.ConfigurationViewSet, basename="configuration")
router.register("rules", views.SizingRuleViewSet, basename="rule")

urlpatterns = [
    path("import/parts/", transfer_views.ImportPartsView.as_view(), name="import-parts"),
    path("import/price-books/", transfer_views.ImportPriceBookView.as_view(), name="import-price-books"),
    path(
        "import/price-books/preview/",
        transfer_views.PreviewPriceBookView.as_view(),
        name="import-price-books-preview",
    ),
    path(
        "import/price-books/template/",
        transfer_views.PriceBookTemplateView.as_view(),
        name="import-price-books-template",
    ),
    *router.urls,
]
