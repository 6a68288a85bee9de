from django.http import HttpResponse
from django.urls import path

from shop.views import OrderCreateView


def healthz(request):
    return HttpResponse("ok")


urlpatterns = [
    path("healthz", healthz),
    path("api/v1/organizers/<slug:organizer>/events/<slug:event>/orders/", OrderCreateView.as_view()),
]
