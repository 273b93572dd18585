from django.urls import path
from rest_framework.routers import DefaultRouter

from accounts.views import (
    CsrfView,
    LoginView,
    LogoutView,
    MeView,
    PasswordChangeView,
    TeamBrandingView,
    TeamViewSet,
    TokenView,
)

router = DefaultRouter(trailing_slash=True)
router.register("teams", TeamViewSet, basename="team")

urlpatterns = [
    path("auth/csrf/", CsrfView.as_view(), name="auth-csrf"),
    path("auth/login/", LoginView.as_view(), name="auth-login"),
    path("auth/logout/", LogoutView.as_view(), name="auth-logout"),
    path("auth/me/", MeView.as_view(), name="auth-me"),
    path("auth/password/", PasswordChangeView.as_view(), name="auth-password"),
    path("auth/token/", TokenView.as_view(), name="auth-token"),
    path("teams/<slug:slug>/branding/", TeamBrandingView.as_view(), name="team-branding"),
    *router.urls,
]
