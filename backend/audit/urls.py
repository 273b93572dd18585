from django.urls import path

from audit import views

urlpatterns = [
    path("audit/", views.AuditFeedView.as_view(), name="audit-feed"),
    path("audit/designs/<int:pk>/", views.DesignAuditView.as_view(), name="audit-design"),
]
