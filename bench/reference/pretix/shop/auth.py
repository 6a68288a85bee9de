"""Token auth as pretix's API does it: `Authorization: Token <token>` looked up in the team tokens,
then the event resolved from the URL and the team's rights on it checked."""
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.permissions import BasePermission

from .models import Event, Organizer, TeamAPIToken


class TeamTokenAuthentication(BaseAuthentication):
    keyword = b"token"

    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword:
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed("Invalid token header.")
        try:
            token = TeamAPIToken.objects.select_related("team", "team__organizer").get(token=parts[1].decode())
        except (TeamAPIToken.DoesNotExist, UnicodeError):
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not token.active:
            raise exceptions.AuthenticationFailed("Token inactive or deleted.")
        return (None, token)

    def authenticate_header(self, request):
        return "Token"


class EventPermission(BasePermission):
    """The organizer and event of the URL exist, the token's team may see them and change orders."""

    def has_permission(self, request, view):
        token = request.auth
        if not isinstance(token, TeamAPIToken):
            return False
        kwargs = view.kwargs
        organizer = Organizer.objects.filter(slug=kwargs["organizer"]).first()
        if organizer is None or token.team.organizer_id != organizer.pk:
            raise exceptions.NotFound("Organizer not found.")
        try:
            event = organizer.events.select_related("organizer").get(slug=kwargs["event"])
        except Event.DoesNotExist:
            raise exceptions.NotFound("Event not found.")
        team = token.team
        if not (team.all_events or team.limit_events.filter(pk=event.pk).exists()):
            raise exceptions.NotFound("Event not found.")
        request.organizer = organizer
        request.event = event
        return team.can_change_orders if request.method not in ("GET", "HEAD", "OPTIONS") else team.can_view_orders
