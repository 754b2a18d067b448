"""A tournament's life cycle, a season's (league/season_stage): draft, open
for sign-ups, running (from its start, which draws round 1), finished (by
itself after its last round), archived. Every move is a history line."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.season_stage.moves import STAGE_WORDS
from tournaments.models import Tournament
from tournaments.organise.checkin import missing_check_in
from tournaments.organise.seeding import tournament_seed
from tournaments.organise.signup import locked
from tournaments.running.draw import round_draw_next

Stage = Tournament.Status

# What an organiser may move a tournament to from each stage; running is
# reached by the start alone, finished by the last round alone.
ORGANISER_MOVES: dict[str, tuple[str, ...]] = {
    Stage.DRAFT: (Stage.OPEN,),
    Stage.OPEN: (Stage.DRAFT,),
    Stage.RUNNING: (),
    Stage.FINISHED: (Stage.ARCHIVED,),
    Stage.ARCHIVED: (Stage.FINISHED,),
}


def _said(status: str) -> str:
    return str(Stage(status).label).lower()


@transaction.atomic
def tournament_stage_move(*, tournament: Tournament, stage: str, actor) -> Tournament:
    tournament = locked(tournament)
    if stage not in ORGANISER_MOVES.get(tournament.status, ()):
        raise ValidationError(
            _("A %(was)s tournament cannot become %(now)s.")
            % {"was": _said(tournament.status), "now": _said(stage)}
            if stage in Stage.values
            else _("Choose a stage to move to.")
        )
    return _move(tournament, stage, actor)


def _move(tournament: Tournament, stage: str, actor) -> Tournament:
    before = tournament.status
    tournament.status = stage
    tournament.save(update_fields=["status"])
    record(
        tournament.league,
        actor=actor,
        topic="life_cycle",
        season=tournament.season,
        summary=gettext_noop("Tournament %(tournament)s moved on"),
        params={"tournament": tournament.name},
        before=STAGE_WORDS[before],
        after=STAGE_WORDS[stage],
    )
    return tournament


@transaction.atomic
def tournament_start(*, tournament: Tournament, actor) -> Tournament:
    """Start: who did not check in drops out, the field is seeded if it was
    not, and round 1 is drawn (its tables run at the start time)."""
    tournament = locked(tournament)
    if tournament.status not in (Stage.DRAFT, Stage.OPEN):
        raise ValidationError(_("Only a tournament that has not started can start."))
    for player in missing_check_in(tournament):
        player.dropped_after = 0
        player.save(update_fields=["dropped_after"])
    field = tournament.players.filter(waiting=False, dropped_after__isnull=True)
    if field.count() < 2:
        raise ValidationError(_("A tournament needs at least two players to start."))
    if tournament.seeded_at is None or field.filter(seed__isnull=True).exists():
        if tournament.seeding in (Tournament.Seeding.HAND, Tournament.Seeding.QUALIFYING):
            raise ValidationError(_("Seed the field before the start."))
        tournament_seed(tournament=tournament, actor=actor)
    tournament = _move(tournament, Stage.RUNNING, actor)
    round_draw_next(tournament_id=tournament.pk)
    return tournament
