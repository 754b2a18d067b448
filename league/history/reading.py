"""Reading a league's history back: filtered by topic, season and person,
newest first."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from league.models import League, LeagueChange


def history_of(
    *, league: League, topic: str = "", season_id: int | None = None, person: str = ""
) -> QuerySet[LeagueChange]:
    changes = LeagueChange.objects.filter(league=league).select_related("season")
    if topic:
        changes = changes.filter(topic=topic)
    if season_id:
        changes = changes.filter(season_id=season_id)
    person = person.strip()
    if person:
        changes = changes.filter(
            Q(actor_name__icontains=person) | Q(actor__username__iexact=person)
        )
    return changes.order_by("-at", "-pk")
