"""What a tournament's destructive action will change, in words, for its
confirmation page (seasons/confirmations.py's `Confirmation`); the services
check again when the organiser confirms."""

from __future__ import annotations

from django.utils.translation import gettext as _

from seasons.confirmations import Confirmation
from tournaments.models import Player, Table, Tournament
from tournaments.organise.corrections import correction_refusal
from tournaments.organise.stages import ORGANISER_MOVES


def start_confirmation(tournament: Tournament) -> Confirmation:
    done = Confirmation(
        title=_("Start %(tournament)s?") % {"tournament": tournament.name},
        button=_("Start the tournament"),
    )
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.OPEN):
        done.refusal = _("Only a tournament that has not started can start.")
    missing = tournament.players.filter(
        waiting=False, checked_in_at__isnull=True, driver__is_bot=False
    ).count()
    if tournament.check_in_minutes and missing:
        done.changes.append(
            _("%(count)s players who did not check in drop out.") % {"count": missing}
        )
    done.changes += [
        _("Sign-ups close, and the field is seeded if it was not."),
        _("Round 1 is drawn and its tables run at the start."),
    ]
    return done


def stage_confirmation(tournament: Tournament, stage: str) -> Confirmation:
    label = Tournament.Status(stage).label if stage in Tournament.Status.values else stage
    done = Confirmation(
        title=_("Move %(tournament)s to %(stage)s?")
        % {"tournament": tournament.name, "stage": str(label).lower()},
        button=_("Move it"),
    )
    if stage not in ORGANISER_MOVES.get(tournament.status, ()):
        done.refusal = _("The tournament cannot move there from its stage.")
    done.changes.append(_("The tournament's stage changes."))
    return done


def drop_confirmation(player: Player) -> Confirmation:
    tournament = player.tournament
    done = Confirmation(
        title=_("Drop %(driver)s out?") % {"driver": player.driver.name},
        button=_("Drop out"),
    )
    if tournament.status != Tournament.Status.RUNNING or player.dropped:
        done.refusal = _("Only a player of a running tournament can drop out, once.")
    seat = (
        _("A bot takes their seat at tables not yet started.")
        if tournament.fill == Tournament.Fill.BOTS
        else _("Their seat at tables not yet started stays empty.")
    )
    done.changes += [_("They are drawn in no later round."), seat, _("Their results stay.")]
    return done


def correction_confirmation(table: Table, places: dict[str, str]) -> Confirmation:
    done = Confirmation(
        title=_("Correct the result of %(table)s?") % {"table": table},
        button=_("Store the corrected result"),
    )
    done.refusal = correction_refusal(table)
    done.changes += [
        _("The table's result is replaced: %(order)s.") % {"order": ", ".join(places.values())},
        _("The standings are counted again, and the league's history says so."),
    ]
    return done


def remove_confirmation(player: Player) -> Confirmation:
    done = Confirmation(
        title=_("Remove %(driver)s from the tournament?") % {"driver": player.driver.name},
        button=_("Remove the player"),
    )
    if player.tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.OPEN):
        done.refusal = _("The tournament has started: drop out instead.")
    done.changes.append(_("They lose their place; the first on the waiting list takes it."))
    return done
