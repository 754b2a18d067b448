"""What a league's webhooks are told of its tournaments: a round drawn (its
tables, each a session whose start and result are announced as any
session's) and a tournament ended with its standings. Read from the stored
rows by a Celery task queued when the draw commits (tournaments/running)."""

from __future__ import annotations

from django.conf import settings

from tournaments.exports import standing_rows
from tournaments.models import Round, Tournament
from webhooks.delivery import Message, deliveries_create


def round_drawn_announce(*, round_id: int) -> list[int]:
    rnd = Round.objects.select_related("tournament__league").filter(pk=round_id).first()
    if rnd is None:
        return []
    tournament = rnd.tournament
    tables = [
        {"table": t.number, "session": t.session_id, "players": [s.player.driver.name
         for s in t.places.select_related("player__driver") if s.player_id]}
        for t in rnd.tables.order_by("number")
    ]  # fmt: skip
    where = f"{tournament.league.name} · {tournament.name}"
    message = Message(
        event="tournament_round",
        title=f"{where}: round {rnd.number} drawn",
        text=f"{where}: round {rnd.number} is drawn, {len(tables)} tables.",
        url=settings.SITE_URL + tournament.get_absolute_url(),
        data={"tournament": tournament.slug, "round": rnd.number, "part": rnd.part,
              "tables": tables},
    )  # fmt: skip
    return deliveries_create(
        league_id=tournament.league_id,
        message=message,
        dedupe=f"tournament_round:{rnd.pk}",
    )


def tournament_finished_announce(*, tournament_id: int) -> list[int]:
    tournament = Tournament.objects.select_related("league").filter(pk=tournament_id).first()
    if tournament is None or tournament.status != Tournament.Status.FINISHED:
        return []
    top = standing_rows(tournament)[:3]
    where = f"{tournament.league.name} · {tournament.name}"
    winner = f": {top[0]['driver']} wins" if top else ""
    message = Message(
        event="tournament_finished",
        title=f"{where}: final standings",
        text=f"{where} is over{winner}.",
        url=settings.SITE_URL + tournament.get_absolute_url(),
        data={"tournament": tournament.slug, "standings": top},
    )
    return deliveries_create(
        league_id=tournament.league_id,
        message=message,
        dedupe=f"tournament_finished:{tournament.pk}",
    )
