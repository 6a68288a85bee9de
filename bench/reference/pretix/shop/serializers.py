"""
POST /orders/ as pretix's OrderCreateSerializer does it, written anew: the positions' items and dates
are validated, the quotas of every position are read, then (in the view's transaction) the quotas
are locked, each quota's availability counted, and the order, its positions, fees, invoice address,
payment and transactions are inserted; the answer is the whole order as pretix's OrderSerializer
shows it.
"""
import json
import secrets
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal

from django.utils.crypto import get_random_string
from django.utils.timezone import now
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from .availability import quota_left
from .locking import lock_objects
from .models import InvoiceAddress, Item, Order, OrderFee, OrderPayment, OrderPosition, SubEvent, Transaction

CODE_CHARSET = "ABCDEFGHJKLMNPQRSTUVWXYZ3789"
SECRET_CHARSET = "abcdefghjkmnpqrstuvwxyz23456789"
CENT = Decimal("0.01")


def tax_of(price, rule):
    if rule is None or not rule.rate:
        return Decimal("0.00"), Decimal("0.00")
    if rule.price_includes_tax:
        return rule.rate, (price * rule.rate / (100 + rule.rate)).quantize(CENT, ROUND_HALF_UP)
    return rule.rate, (price * rule.rate / 100).quantize(CENT, ROUND_HALF_UP)


def unique_code(organizer_id):
    while True:
        code = get_random_string(5, CODE_CHARSET)
        if not Order.objects.filter(event__organizer_id=organizer_id, code=code).exists():
            return code


def unique_pseudonymization_id():
    while True:
        pid = get_random_string(10, "ABCDEFGHJKLMNPQRSTUVWXYZ3789")
        if not OrderPosition.objects.filter(pseudonymization_id=pid).exists():
            return pid


class PositionCreateSerializer(serializers.Serializer):
    positionid = serializers.IntegerField(required=False, min_value=1)
    item = serializers.PrimaryKeyRelatedField(queryset=Item.objects.none())
    subevent = serializers.PrimaryKeyRelatedField(queryset=SubEvent.objects.none(), required=False, allow_null=True)
    price = serializers.DecimalField(max_digits=13, decimal_places=2, required=False, allow_null=True)
    attendee_name = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    attendee_email = serializers.EmailField(required=False, allow_blank=True, allow_null=True)

    def validate(self, data):
        event = self.context["event"]
        if event.has_subevents and not data.get("subevent"):
            raise ValidationError({"subevent": ["You need to set a subevent."]})
        if not data["item"].active:
            raise ValidationError({"item": ["This product is not active."]})
        return data


class FeeCreateSerializer(serializers.Serializer):
    fee_type = serializers.CharField()
    value = serializers.DecimalField(max_digits=13, decimal_places=2)
    description = serializers.CharField(required=False, allow_blank=True)


class InvoiceAddressSerializer(serializers.Serializer):
    is_business = serializers.BooleanField(required=False)
    company = serializers.CharField(required=False, allow_blank=True)
    name = serializers.CharField(required=False, allow_blank=True)
    street = serializers.CharField(required=False, allow_blank=True)
    zipcode = serializers.CharField(required=False, allow_blank=True)
    city = serializers.CharField(required=False, allow_blank=True)
    country = serializers.CharField(required=False, allow_blank=True, max_length=2)


class OrderCreateSerializer(serializers.Serializer):
    positions = PositionCreateSerializer(many=True)
    fees = FeeCreateSerializer(many=True, required=False)
    invoice_address = InvoiceAddressSerializer(required=False)
    status = serializers.ChoiceField(choices=(("n", "pending"), ("p", "paid")), default="n")
    email = serializers.EmailField(required=False, allow_null=True, allow_blank=True)
    phone = serializers.CharField(required=False, allow_null=True, allow_blank=True)
    locale = serializers.CharField(required=False, allow_null=True)
    comment = serializers.CharField(required=False, allow_blank=True)
    sales_channel = serializers.CharField(default="web")
    testmode = serializers.BooleanField(default=False)
    payment_provider = serializers.CharField(required=False, allow_null=True)
    payment_info = serializers.JSONField(required=False)
    payment_date = serializers.DateTimeField(required=False, allow_null=True)
    force = serializers.BooleanField(default=False)
    send_email = serializers.BooleanField(default=False, allow_null=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        event = self.context["event"]
        position = self.fields["positions"].child
        position.fields["item"].queryset = event.items.select_related("tax_rule")
        position.fields["subevent"].queryset = event.subevents.all()

    def validate_payment_provider(self, provider):
        if provider is not None and provider not in ("manual", "banktransfer", "stripe", "free"):
            raise ValidationError("The given payment provider is not known.")
        return provider

    def validate_positions(self, positions):
        if not positions:
            raise ValidationError("An order cannot be empty.")
        for i, p in enumerate(positions):
            p.setdefault("positionid", i + 1)
        return positions

    def create(self, data):
        event = self.context["event"]
        positions = data.pop("positions")
        fees = data.pop("fees", [])
        address = data.pop("invoice_address", None)
        provider = data.pop("payment_provider", None)
        payment_info = data.pop("payment_info", {})
        payment_date = data.pop("payment_date", None) or now()
        force = data.pop("force")
        data.pop("send_email", None)

        quotas_by_key = {}
        for p in positions:
            key = (p["item"].pk, p["subevent"].pk if p.get("subevent") else None)
            if key not in quotas_by_key:
                quotas_by_key[key] = list(p["item"].quotas.filter(subevent=p.get("subevent")))
        all_quotas = {q for qs in quotas_by_key.values() for q in qs}
        lock_objects([q for q in all_quotas if q.size is not None and not force], shared=[event])

        now_dt = now()
        errs = [{} for _ in positions]
        left = {}
        if not force:
            for i, p in enumerate(positions):
                quotas = quotas_by_key[(p["item"].pk, p["subevent"].pk if p.get("subevent") else None)]
                if not quotas:
                    errs[i]["item"] = [f'The product "{p["item"].name}" is not assigned to a quota.']
                for q in quotas:
                    if q not in left:
                        left[q] = quota_left(q, now_dt)
                    if left[q] is not None:
                        left[q] -= 1
                        if left[q] < 0:
                            errs[i]["item"] = [
                                f'There is not enough quota available on quota "{q.name}" to perform the operation.'
                            ]
        if any(errs):
            raise ValidationError({"positions": errs})

        order = Order(
            event=event,
            status=data["status"],
            email=data.get("email"),
            phone=data.get("phone"),
            locale=data.get("locale") or event.locale,
            comment=data.get("comment", ""),
            sales_channel=data["sales_channel"],
            testmode=data["testmode"],
            code=unique_code(event.organizer_id),
            secret=get_random_string(16, SECRET_CHARSET),
            datetime=now_dt,
            expires=(now_dt + timedelta(days=event.payment_term_days)).replace(hour=23, minute=59, second=59),
            meta_info="{}",
            total=Decimal("0.00"),
        )
        order.save()
        if address:
            name = address.pop("name", "")
            InvoiceAddress.objects.create(order=order, name_cached=name, name_parts={"_legacy": name} if name else {}, **address)

        created = []
        for p in positions:
            item = p["item"]
            price = p.get("price")
            if price is None:
                price = item.default_price
            rate, tax = tax_of(price, item.tax_rule)
            name = p.get("attendee_name") or ""
            pos = OrderPosition(
                order=order,
                positionid=p["positionid"],
                item=item,
                subevent=p.get("subevent"),
                price=price,
                tax_rate=rate,
                tax_value=tax,
                tax_rule=item.tax_rule,
                attendee_name_cached=name or None,
                attendee_name_parts={"_legacy": name} if name else {},
                attendee_email=p.get("attendee_email") or None,
                secret=get_random_string(32, SECRET_CHARSET),
                web_secret=secrets.token_hex(16),
                pseudonymization_id=unique_pseudonymization_id(),
            )
            pos.save()
            created.append(pos)

        order.total = sum((p.price for p in created), Decimal("0.00"))
        created_fees = []
        for f in fees:
            fee = OrderFee(order=order, fee_type=f["fee_type"], value=f["value"], description=f.get("description", ""))
            fee.save()
            created_fees.append(fee)
        order.total += sum((f.value for f in created_fees), Decimal("0.00"))
        order.save(update_fields=["total"])

        if order.total == 0 and order.status != Order.STATUS_PAID:
            order.status = Order.STATUS_PAID
            order.save()
            self._payment(order, "free", order.total, OrderPayment.STATE_CONFIRMED, "{}", now_dt)
        elif order.status == Order.STATUS_PAID:
            if not provider:
                raise ValidationError("You cannot create a paid order without a payment provider.")
            self._payment(order, provider, order.total, OrderPayment.STATE_CONFIRMED, json.dumps(payment_info), payment_date)
        elif provider:
            self._payment(order, provider, order.total, OrderPayment.STATE_CREATED, json.dumps(payment_info), None)

        Transaction.objects.bulk_create(
            [
                Transaction(
                    order=order, datetime=now_dt, positionid=p.positionid, item=p.item, subevent=p.subevent,
                    price=p.price, tax_rate=p.tax_rate, tax_rule=p.tax_rule, tax_value=p.tax_value,
                )
                for p in created
            ]
            + [
                Transaction(order=order, datetime=now_dt, fee_type=f.fee_type, price=f.value, tax_rate=f.tax_rate, tax_value=f.tax_value)
                for f in created_fees
            ]
        )
        return order

    @staticmethod
    def _payment(order, provider, amount, state, info, payment_date):
        # pretix numbers an order's payments: the next local id is read from the existing ones.
        from django.db.models import Max

        local_id = (order.payments.aggregate(m=Max("local_id"))["m"] or 0) + 1
        OrderPayment.objects.create(
            order=order, local_id=local_id, provider=provider, amount=amount, state=state, info=info, payment_date=payment_date
        )


class PositionSerializer(serializers.ModelSerializer):
    class Meta:
        model = OrderPosition
        fields = (
            "id", "order", "positionid", "item", "subevent", "price", "tax_rate", "tax_value", "tax_rule",
            "attendee_name_cached", "attendee_name_parts", "attendee_email", "secret", "pseudonymization_id",
            "addon_to", "canceled", "valid_from", "valid_until", "voucher",
        )


class FeeSerializer(serializers.ModelSerializer):
    class Meta:
        model = OrderFee
        fields = ("id", "fee_type", "value", "description", "tax_rate", "tax_value", "tax_rule", "canceled")


class PaymentSerializer(serializers.ModelSerializer):
    class Meta:
        model = OrderPayment
        fields = ("local_id", "state", "amount", "created", "payment_date", "provider")


class AddressSerializer(serializers.ModelSerializer):
    class Meta:
        model = InvoiceAddress
        fields = ("last_modified", "is_business", "company", "name_cached", "name_parts", "street", "zipcode", "city", "country")


class OrderSerializer(serializers.ModelSerializer):
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    positions = serializers.SerializerMethodField()
    fees = serializers.SerializerMethodField()
    payments = PaymentSerializer(many=True, read_only=True)
    invoice_address = serializers.SerializerMethodField()

    class Meta:
        model = Order
        fields = (
            "code", "event", "status", "testmode", "secret", "email", "phone", "locale", "datetime", "expires",
            "payment_provider", "total", "comment", "sales_channel", "last_modified", "require_approval",
            "valid_if_pending", "invoice_address", "positions", "fees", "payments",
        )

    payment_provider = serializers.SerializerMethodField()

    def get_positions(self, order):
        return PositionSerializer(order.all_positions.filter(canceled=False).order_by("positionid"), many=True).data

    def get_fees(self, order):
        return FeeSerializer(order.all_fees.filter(canceled=False), many=True).data

    def get_payment_provider(self, order):
        last = order.payments.order_by("-local_id").first()
        return last.provider if last else None

    def get_invoice_address(self, order):
        address = InvoiceAddress.objects.filter(order=order).first()
        return AddressSerializer(address).data if address else None
