"""Seeding a tournament's field (TOUR-SEED): by rating (the ratings app's
ladder figure for the game), by a finished qualifying session's places, by
hand, or at random with a seed drawn once and recorded, so the same field
seeds the same way again."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.tournament import seed_order
from races.models import Result, Session
from ratings.models import Rating
from tournaments.models import Player, Tournament
from tournaments.organise.signup import TAKES_SIGN_UPS, locked


def _field(tournament: Tournament) -> list[Player]:
    return list(
        tournament.players.filter(waiting=False, dropped_after__isnull=True).select_related(
            "driver"
        )
    )


def ratings_of(tournament: Tournament, players: list[Player]) -> dict[int, float]:
    """Each player's rating in the tournament's game (0 for the unrated)."""
    found: dict[int, float] = {}
    rows = Rating.objects.filter(
        game=tournament.game, driver_id__in=[p.driver_id for p in players]
    ).values_list("driver_id", "ordinal")
    for driver_id, ordinal in rows:
        found[driver_id] = max(ordinal, found.get(driver_id, ordinal))
    return {p.pk: found.get(p.driver_id, 0.0) for p in players}


def _qualifying(tournament: Tournament, session: Session | None, players) -> dict[str, float]:
    if session is None or session.status != Session.Status.FINISHED:
        raise ValidationError({"session": _("Choose a finished session to seed from.")})
    if session.round.season.league_id != tournament.league_id:
        raise ValidationError({"session": _("Choose a session of this league.")})
    by_driver = {p.driver_id: str(p.pk) for p in players}
    places = Result.objects.filter(session=session).values_list("entry__driver_id", "position")
    return {by_driver[d]: float(pos) for d, pos in places if d in by_driver}


@transaction.atomic
def tournament_seed(
    *, tournament: Tournament, actor, hand: list[int] | None = None, session=None
) -> list[Player]:
    """Seed the field by the tournament's method and record the seeds (and a
    random draw's seed) on the players; refused once the first round is drawn."""
    tournament = locked(tournament)
    if tournament.status not in TAKES_SIGN_UPS or tournament.draws.exists():
        raise ValidationError(_("The field is seeded before the first round."))
    players = _field(tournament)
    if not players:
        raise ValidationError(_("Nobody has signed up yet."))
    ratings = ratings_of(tournament, players)
    method = tournament.seeding
    kwargs: dict = {}
    if method == Tournament.Seeding.RANDOM:
        kwargs["rng_seed"] = secrets.randbits(32)
    elif method == Tournament.Seeding.QUALIFYING:
        kwargs["qualifying"] = _qualifying(tournament, session, players)
    elif method == Tournament.Seeding.HAND:
        if sorted(hand or []) != sorted(p.pk for p in players):
            raise ValidationError({"hand": _("Put every player in the order once.")})
        kwargs["hand"] = [str(pk) for pk in hand]
    order = seed_order({str(p.pk): ratings[p.pk] for p in players}, method, **kwargs).order
    by_key = {str(p.pk): p for p in players}
    for number, key in enumerate(order, start=1):
        player = by_key[key]
        player.seed, player.rating = number, ratings[player.pk]
        player.save(update_fields=["seed", "rating"])
    tournament.seed = str(kwargs.get("rng_seed", ""))
    tournament.seeded_at = timezone.now()
    tournament.save(update_fields=["seed", "seeded_at"])
    record(
        tournament.league,
        actor=actor,
        topic="entry",
        season=tournament.season,
        summary=gettext_noop("The field of %(tournament)s was seeded"),
        params={"tournament": tournament.name},
    )
    return [by_key[key] for key in order]
