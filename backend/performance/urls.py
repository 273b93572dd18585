from rest_framework.routers import DefaultRouter

router = DefaultRouter(trailing_slash=True)

urlpatterns = router.urls
