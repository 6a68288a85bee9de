"""Seeds the bench's shop and prints it as JSON: an organizer, a team token allowed to change orders,
an event series with one ticket (35.00 incl. 19 % VAT), `--rush` dates each with a quota of
`--rush-size`, and `--big` dates with a quota of `--big-size` (warm-up and one per throughput run)."""
import json
import secrets
from datetime import timedelta
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.timezone import now

from shop.models import Event, Item, Organizer, Quota, SubEvent, TaxRule, Team, TeamAPIToken


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("--rush", type=int, default=3)
        parser.add_argument("--rush-size", type=int, default=50)
        parser.add_argument("--big", type=int, default=4)
        parser.add_argument("--big-size", type=int, default=100000)

    @transaction.atomic
    def handle(self, *args, **options):
        organizer = Organizer.objects.create(slug="bench", name="Bench Tours")
        event = Event.objects.create(organizer=organizer, slug="harbour-walk", name="Harbour walk", has_subevents=True)
        team = Team.objects.create(organizer=organizer, name="API", all_events=True, can_view_orders=True, can_change_orders=True)
        token = TeamAPIToken.objects.create(team=team, name="bench", token=secrets.token_hex(32))
        tax = TaxRule.objects.create(event=event, name="VAT", rate=Decimal("19.00"))
        item = Item.objects.create(event=event, name="Adult", default_price=Decimal("35.00"), tax_rule=tax)

        def date(n, size):
            start = now() + timedelta(days=30 + n)
            sub = SubEvent.objects.create(event=event, name=f"Walk {n}", date_from=start, date_to=start + timedelta(hours=2))
            quota = Quota.objects.create(event=event, subevent=sub, name=f"Walk {n}", size=size)
            quota.items.add(item)
            return sub.pk

        rush = [date(n, options["rush_size"]) for n in range(options["rush"])]
        big = [date(options["rush"] + n, options["big_size"]) for n in range(options["big"])]
        self.stdout.write(
            json.dumps(
                {"token": token.token, "organizer": organizer.slug, "event": event.slug, "item": item.pk, "rush": rush, "big": big}
            )
        )
