"""How many places a quota has left, counted the way pretix counts them: its size minus the positions
of paid and pending orders, then the places blocked by vouchers, the unexpired cart positions and the
waiting list (one grouped query each over the quota's items and date); like pretix, the counting stops
at the first step that leaves nothing, so a sold-out quota costs the item lookup and the order count."""
from django.db.models import Count, F, Q, Sum
from django.db.models.functions import Greatest

from .models import CartPosition, Order, OrderPosition, Quota, Voucher, WaitingListEntry


def quota_left(quota, now_dt):
    if quota.closed:
        return 0
    if quota.size is None:
        return None
    if quota.size == 0:
        return 0
    item_ids = {
        row["item_id"] for row in Quota.items.through.objects.filter(quota_id=quota.pk).values("quota_id", "item_id")
    }
    left = quota.size
    for row in (
        OrderPosition.objects.filter(
            order__status__in=[Order.STATUS_PAID, Order.STATUS_PENDING],
            order__event_id=quota.event_id,
            subevent_id=quota.subevent_id,
            item_id__in=item_ids,
            canceled=False,
        )
        .order_by()
        .values("order__status", "item_id", "subevent_id")
        .annotate(c=Count("*"))
    ):
        left -= row["c"]
    if left <= 0:
        return left
    for row in (
        Voucher.objects.filter(
            Q(item_id__in=item_ids) | Q(quota_id=quota.pk),
            Q(valid_until__isnull=True) | Q(valid_until__gte=now_dt),
            event_id=quota.event_id,
            subevent_id=quota.subevent_id,
            block_quota=True,
        )
        .order_by()
        .values("subevent_id", "item_id", "quota_id")
        .annotate(free=Sum(Greatest(F("max_usages") - F("redeemed"), 0)))
    ):
        left -= row["free"]
    if left <= 0:
        return left
    for row in (
        CartPosition.objects.filter(
            Q(voucher__isnull=True) | Q(voucher__block_quota=False) | Q(voucher__valid_until__lt=now_dt),
            event_id=quota.event_id,
            subevent_id=quota.subevent_id,
            item_id__in=item_ids,
            expires__gte=now_dt,
        )
        .order_by()
        .values("item_id", "subevent_id")
        .annotate(c=Count("*"))
    ):
        left -= row["c"]
    if left <= 0:
        return left
    for row in (
        WaitingListEntry.objects.filter(
            event_id=quota.event_id, subevent_id=quota.subevent_id, item_id__in=item_ids, voucher__isnull=True
        )
        .order_by()
        .values("item_id", "subevent_id")
        .annotate(c=Count("*"))
    ):
        left -= row["c"]
    return left
