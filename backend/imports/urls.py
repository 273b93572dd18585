from rest_framework.routers import DefaultRouter

from imports.views import AwrImportViewSet

router = DefaultRouter(trailing_slash=True)
router.register("imports/awr", AwrImportViewSet, basename="awr-import")

urlpatterns = router.urls
