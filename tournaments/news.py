"""A tournament's page follows the push socket of its season (issue 25):
what it shows changes when a table starts or is stored (the season says so:
paddock/push.py `season_news`) and when the tournament itself changes (a
round drawn, a place taken, a check-in, a correction): every save or delete
of the tournament's own rows says so too, once committed."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save

from paddock.push import season_news
from tournaments.models import Bye, Player, Round, Seat, Table, Tournament


def _season_of(row) -> int | None:
    """The season whose group the tournament's page follows."""
    if isinstance(row, Tournament):
        return row.season_id
    if isinstance(row, Player | Round):
        tournament_id = row.tournament_id
    elif isinstance(row, Table | Bye):
        rounds = Round.objects.filter(pk=row.round_id)
        tournament_id = rounds.values_list("tournament_id", flat=True).first()
    else:  # a seat at a table
        tables = Table.objects.filter(pk=row.table_id)
        tournament_id = tables.values_list("round__tournament_id", flat=True).first()
    found = Tournament.objects.filter(pk=tournament_id)
    return found.values_list("season_id", flat=True).first()


def _changed(sender, instance, **kwargs) -> None:
    season_id = _season_of(instance)
    if season_id is not None:
        season_news(season_id)


def follow_tournaments() -> None:
    """Connected once the apps are ready (tournaments/apps.py)."""
    for model in (Tournament, Player, Round, Table, Seat, Bye):
        post_save.connect(_changed, sender=model, dispatch_uid=f"tournament-news-{model.__name__}")
        post_delete.connect(
            _changed, sender=model, dispatch_uid=f"tournament-gone-{model.__name__}"
        )
