from dataclasses import dataclass

from django.conf import settings
from django.utils.functional import SimpleLazyObject

from races.lobby.arrivals import tables_to_sit_at
from races.models import Session, Turn
from races.table.online import turns_for


@dataclass(frozen=True)
class HeaderNotices:
    """What the site header tells a signed-in person: the decisions they
    owe now and the real-time tables about to start where they have a car
    and have not sat down."""

    turns: list[Turn]
    tables: list[Session]

    @property
    def seen(self) -> str:
        """What the page shows, so an unchanged header is answered "no change"."""
        return "-".join([*(str(t.pk) for t in self.turns), *(f"t{s.pk}" for s in self.tables)])


def header_notices(user) -> HeaderNotices:
    if not user.is_authenticated:
        return HeaderNotices([], [])
    return HeaderNotices(turns_for(user), tables_to_sit_at(user))


def your_turn(request):
    """The header's notices for the logged-in person: looked up only when a
    page draws the header (never for a polled piece)."""
    fallback = {"push_fallback_polling": settings.PUSH_FALLBACK_POLLING}
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return fallback
    return {**fallback, "header_notices": SimpleLazyObject(lambda: header_notices(user))}
