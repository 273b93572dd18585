from rest_framework.routers import DefaultRouter

from imports.views import AwrImportViewSet, EvidenceImportViewSet, ExistingSystemViewSet

router = DefaultRouter(trailing_slash=True)
router.register("imports/awr", AwrImportViewSet, basename="awr-import")
router.register("imports/systems", ExistingSystemViewSet, basename="existing-system")
router.register("imports/evidence", EvidenceImportViewSet, basename="evidence-import")

urlpatterns = router.urls
