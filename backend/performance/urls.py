from django.urls import path

from performance.views import ModelValidationView

urlpatterns = [
    path("model/validation/", ModelValidationView.as_view(), name="model-validation"),
]
