"""The order creation endpoint, in pretix's order: validation; one transaction that locks, counts,
inserts and logs 'placed'; then (autocommit) the confirmed payment and 'paid' log entries; then the
whole order as the answer. A full quota answers 400 with the quota's message, a lock timeout 409.
Like pretix with its defaults (no invoice generation, send_email false), no document or mail is made."""
import json

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils.timezone import now
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from .locking import LockTimeout
from .models import LogEntry, Order, OrderPayment
from .serializers import OrderCreateSerializer, OrderSerializer


def log_action(obj, action, token, event, data=None):
    LogEntry.objects.create(
        content_type=ContentType.objects.get_for_model(type(obj)),
        object_id=obj.pk,
        api_token=token,
        event=event,
        organizer_link_id=event.organizer_id,
        action_type=action,
        data=json.dumps(data or {}),
    )


class OrderCreateView(APIView):
    def post(self, request, organizer, event):
        event = request.event
        serializer = OrderCreateSerializer(data=request.data, context={"event": event, "request": request})
        serializer.is_valid(raise_exception=True)
        try:
            with transaction.atomic():
                order = serializer.save()
                log_action(order, "pretix.event.order.placed", request.auth, event)
        except LockTimeout:
            return Response({"detail": "The server was too busy. Please try again."}, status=status.HTTP_409_CONFLICT)
        payment = order.payments.order_by("local_id").last()
        if payment and payment.state == OrderPayment.STATE_CONFIRMED:
            log_action(
                order, "pretix.event.order.payment.confirmed", request.auth, event,
                {"local_id": payment.local_id, "provider": payment.provider},
            )
        if order.status == Order.STATUS_PAID:
            log_action(
                order, "pretix.event.order.paid", request.auth, event,
                {"provider": payment.provider if payment else None, "info": {}, "date": now().isoformat(), "force": False},
            )
        return Response(OrderSerializer(order).data, status=status.HTTP_201_CREATED)
