"""
The rows pretix reads and writes when its REST API creates an order, reduced to the columns that
matter for the work done: organizer, team + API token, event with dates (subevents), items with a
tax rule, quotas, carts / vouchers / waiting list (counted by quota availability), and the order's
own rows (order, positions, fees, payment, invoice address, transactions, log entries).
"""
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils.timezone import now


class Organizer(models.Model):
    slug = models.SlugField(max_length=50, unique=True)
    name = models.CharField(max_length=200)


class Event(models.Model):
    organizer = models.ForeignKey(Organizer, related_name="events", on_delete=models.CASCADE)
    slug = models.SlugField(max_length=50)
    name = models.CharField(max_length=200)
    currency = models.CharField(max_length=10, default="EUR")
    has_subevents = models.BooleanField(default=True)
    live = models.BooleanField(default=True)
    locale = models.CharField(max_length=10, default="en")
    payment_term_days = models.IntegerField(default=14)

    class Meta:
        unique_together = (("organizer", "slug"),)


class Team(models.Model):
    organizer = models.ForeignKey(Organizer, related_name="teams", on_delete=models.CASCADE)
    name = models.CharField(max_length=200)
    all_events = models.BooleanField(default=False)
    limit_events = models.ManyToManyField(Event, blank=True)
    can_view_orders = models.BooleanField(default=False)
    can_change_orders = models.BooleanField(default=False)


class TeamAPIToken(models.Model):
    team = models.ForeignKey(Team, related_name="tokens", on_delete=models.CASCADE)
    name = models.CharField(max_length=190)
    active = models.BooleanField(default=True)
    token = models.CharField(max_length=64, db_index=True, unique=True)


class SubEvent(models.Model):
    event = models.ForeignKey(Event, related_name="subevents", on_delete=models.CASCADE)
    name = models.CharField(max_length=200)
    active = models.BooleanField(default=True)
    date_from = models.DateTimeField()
    date_to = models.DateTimeField(null=True)


class TaxRule(models.Model):
    event = models.ForeignKey(Event, related_name="tax_rules", on_delete=models.CASCADE)
    name = models.CharField(max_length=190)
    rate = models.DecimalField(max_digits=10, decimal_places=2)
    price_includes_tax = models.BooleanField(default=True)


class Item(models.Model):
    event = models.ForeignKey(Event, related_name="items", on_delete=models.CASCADE)
    name = models.CharField(max_length=255)
    active = models.BooleanField(default=True)
    admission = models.BooleanField(default=True)
    default_price = models.DecimalField(max_digits=13, decimal_places=2)
    tax_rule = models.ForeignKey(TaxRule, null=True, on_delete=models.PROTECT)
    require_voucher = models.BooleanField(default=False)
    max_per_order = models.IntegerField(null=True)


class Quota(models.Model):
    event = models.ForeignKey(Event, related_name="quotas", on_delete=models.CASCADE)
    subevent = models.ForeignKey(SubEvent, null=True, related_name="quotas", on_delete=models.CASCADE)
    name = models.CharField(max_length=200)
    size = models.PositiveIntegerField(null=True)
    items = models.ManyToManyField(Item, related_name="quotas")
    closed = models.BooleanField(default=False)


class Voucher(models.Model):
    event = models.ForeignKey(Event, related_name="vouchers", on_delete=models.CASCADE)
    code = models.CharField(max_length=255, db_index=True)
    max_usages = models.PositiveIntegerField(default=1)
    redeemed = models.PositiveIntegerField(default=0)
    valid_until = models.DateTimeField(null=True)
    block_quota = models.BooleanField(default=False)
    allow_ignore_quota = models.BooleanField(default=False)
    item = models.ForeignKey(Item, null=True, on_delete=models.CASCADE)
    quota = models.ForeignKey(Quota, null=True, on_delete=models.CASCADE)
    subevent = models.ForeignKey(SubEvent, null=True, on_delete=models.CASCADE)


class CartPosition(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    cart_id = models.CharField(max_length=255, db_index=True)
    item = models.ForeignKey(Item, on_delete=models.CASCADE)
    subevent = models.ForeignKey(SubEvent, null=True, on_delete=models.CASCADE)
    voucher = models.ForeignKey(Voucher, null=True, on_delete=models.PROTECT)
    price = models.DecimalField(max_digits=13, decimal_places=2)
    datetime = models.DateTimeField(default=now)
    expires = models.DateTimeField(db_index=True)


class WaitingListEntry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    subevent = models.ForeignKey(SubEvent, null=True, on_delete=models.CASCADE)
    item = models.ForeignKey(Item, on_delete=models.CASCADE)
    email = models.EmailField()
    voucher = models.ForeignKey(Voucher, null=True, on_delete=models.CASCADE)
    created = models.DateTimeField(auto_now_add=True)


class Order(models.Model):
    STATUS_PENDING = "n"
    STATUS_PAID = "p"
    STATUS_EXPIRED = "e"
    STATUS_CANCELED = "c"

    code = models.CharField(max_length=16, db_index=True)
    status = models.CharField(max_length=3, db_index=True)
    event = models.ForeignKey(Event, related_name="orders", on_delete=models.CASCADE)
    email = models.EmailField(null=True, blank=True)
    phone = models.CharField(max_length=40, null=True, blank=True)
    locale = models.CharField(max_length=32, null=True)
    secret = models.CharField(max_length=32)
    datetime = models.DateTimeField(db_index=True)
    expires = models.DateTimeField()
    total = models.DecimalField(max_digits=13, decimal_places=2)
    comment = models.TextField(blank=True)
    meta_info = models.TextField(null=True)
    last_modified = models.DateTimeField(auto_now=True, db_index=True)
    testmode = models.BooleanField(default=False)
    sales_channel = models.CharField(max_length=190, default="web")
    require_approval = models.BooleanField(default=False)
    valid_if_pending = models.BooleanField(default=False)
    email_known_to_work = models.BooleanField(default=False)

    class Meta:
        unique_together = (("event", "code"),)


class InvoiceAddress(models.Model):
    order = models.OneToOneField(Order, null=True, related_name="invoice_address", on_delete=models.CASCADE)
    last_modified = models.DateTimeField(auto_now=True)
    is_business = models.BooleanField(default=False)
    company = models.CharField(max_length=255, blank=True)
    name_cached = models.CharField(max_length=255, blank=True)
    name_parts = models.JSONField(default=dict)
    street = models.TextField(blank=True)
    zipcode = models.CharField(max_length=30, blank=True)
    city = models.CharField(max_length=255, blank=True)
    country = models.CharField(max_length=2, blank=True)


class OrderPosition(models.Model):
    order = models.ForeignKey(Order, related_name="all_positions", on_delete=models.PROTECT)
    positionid = models.PositiveIntegerField(default=1)
    item = models.ForeignKey(Item, on_delete=models.PROTECT)
    subevent = models.ForeignKey(SubEvent, null=True, on_delete=models.PROTECT)
    price = models.DecimalField(max_digits=13, decimal_places=2)
    tax_rate = models.DecimalField(max_digits=7, decimal_places=2, default=0)
    tax_value = models.DecimalField(max_digits=13, decimal_places=2, default=0)
    tax_rule = models.ForeignKey(TaxRule, null=True, on_delete=models.PROTECT)
    voucher = models.ForeignKey(Voucher, null=True, on_delete=models.PROTECT)
    addon_to = models.ForeignKey("self", null=True, related_name="addons", on_delete=models.PROTECT)
    attendee_name_cached = models.CharField(max_length=255, null=True)
    attendee_name_parts = models.JSONField(default=dict)
    attendee_email = models.EmailField(null=True)
    secret = models.CharField(max_length=255, db_index=True)
    web_secret = models.CharField(max_length=32, db_index=True)
    pseudonymization_id = models.CharField(max_length=16, unique=True, db_index=True)
    canceled = models.BooleanField(default=False)
    valid_from = models.DateTimeField(null=True)
    valid_until = models.DateTimeField(null=True)
    discount = models.ForeignKey("self", null=True, related_name="+", on_delete=models.SET_NULL)

    class Meta:
        indexes = [models.Index(fields=["item", "subevent", "canceled"])]


class OrderFee(models.Model):
    order = models.ForeignKey(Order, related_name="all_fees", on_delete=models.PROTECT)
    fee_type = models.CharField(max_length=100)
    value = models.DecimalField(max_digits=13, decimal_places=2)
    description = models.CharField(max_length=190, blank=True)
    tax_rate = models.DecimalField(max_digits=7, decimal_places=2, default=0)
    tax_value = models.DecimalField(max_digits=13, decimal_places=2, default=0)
    tax_rule = models.ForeignKey(TaxRule, null=True, on_delete=models.PROTECT)
    canceled = models.BooleanField(default=False)


class OrderPayment(models.Model):
    STATE_CREATED = "created"
    STATE_CONFIRMED = "confirmed"

    local_id = models.PositiveIntegerField()
    state = models.CharField(max_length=190)
    amount = models.DecimalField(max_digits=13, decimal_places=2)
    order = models.ForeignKey(Order, related_name="payments", on_delete=models.PROTECT)
    created = models.DateTimeField(auto_now_add=True)
    payment_date = models.DateTimeField(null=True)
    provider = models.CharField(max_length=255, null=True)
    info = models.TextField(null=True)
    fee = models.ForeignKey(OrderFee, null=True, on_delete=models.SET_NULL)


class Transaction(models.Model):
    """pretix writes one row per position and fee when an order is created (Order.create_transactions)."""

    order = models.ForeignKey(Order, related_name="transactions", on_delete=models.PROTECT)
    created = models.DateTimeField(auto_now_add=True)
    datetime = models.DateTimeField()
    migrated = models.BooleanField(default=False)
    positionid = models.PositiveIntegerField(null=True)
    count = models.IntegerField(default=1)
    item = models.ForeignKey(Item, null=True, on_delete=models.PROTECT)
    subevent = models.ForeignKey(SubEvent, null=True, on_delete=models.PROTECT)
    price = models.DecimalField(max_digits=13, decimal_places=2)
    tax_rate = models.DecimalField(max_digits=7, decimal_places=2)
    tax_rule = models.ForeignKey(TaxRule, null=True, on_delete=models.PROTECT)
    tax_value = models.DecimalField(max_digits=13, decimal_places=2)
    fee_type = models.CharField(max_length=100, null=True)


class LogEntry(models.Model):
    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE)
    object_id = models.PositiveIntegerField(db_index=True)
    content_object = GenericForeignKey("content_type", "object_id")
    datetime = models.DateTimeField(auto_now_add=True, db_index=True)
    api_token = models.ForeignKey(TeamAPIToken, null=True, on_delete=models.PROTECT)
    event = models.ForeignKey(Event, null=True, on_delete=models.SET_NULL)
    organizer_link = models.ForeignKey(Organizer, null=True, on_delete=models.PROTECT)
    action_type = models.CharField(max_length=255)
    data = models.TextField(default="{}")
    visible = models.BooleanField(default=True)
    shredded = models.BooleanField(default=False)
