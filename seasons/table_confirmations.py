"""What an organiser's hand on a real-time table will change (issue 25,
item 3), for its confirmation page: starting it before its time, and taking
a driver off it. The services check again when the organiser confirms
(races/lobby/seating.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Entry
from league.season_settings.race_night import NO_SHOW_CHOICES
from league.season_stage import Action
from races.lobby.arrivals import real_time_table
from races.lobby.seating import drivers_expected
from races.models import Arrival, Session
from seasons.confirmations import Confirmation, _stage_refusal


def _table_refusal(session: Session) -> str | None:
    if not real_time_table(session):
        return _("This session is not a real-time table.")
    if session.status != Session.Status.SCHEDULED:
        return _("The race has started: the table is closed.")
    return _stage_refusal(session.round.season, Action.ROUNDS)


def table_start_confirmation(session: Session) -> Confirmation:
    rnd = session.round
    said = {"number": rnd.number, "name": rnd.name}
    done = Confirmation(
        title=_("Start round %(number)s, %(name)s, now?") % said,
        button=_("Start the race now"),
    )
    done.refusal = _table_refusal(session)
    present = set(Arrival.objects.filter(session=session).values_list("entry_id", flat=True))
    missing = [
        e.driver.name
        for e in drivers_expected(session).select_related("driver")
        if e.pk not in present
    ]
    done.changes.append(
        ngettext(
            "The race starts now, before its time, with the %(count)s driver at the table; "
            "bots take the empty places.",
            "The race starts now, before its time, with the %(count)s drivers at the table; "
            "bots take the empty places.",
            len(present),
        )
        % {"count": len(present)}
    )
    if missing:
        rule = str(dict(NO_SHOW_CHOICES).get(rnd.season.no_show, ""))
        done.changes.append(
            _("Not at the table: %(names)s. %(rule)s.")
            % {"names": ", ".join(missing), "rule": rule}
        )
    done.changes.append(_("The start cannot be undone; the league's history records it."))
    return done


def table_unseat_confirmation(session: Session, entry: Entry) -> Confirmation:
    said = {"driver": entry.driver.name, "number": entry.car_number}
    done = Confirmation(
        title=_("Take #%(number)s %(driver)s off the table?") % said,
        button=_("Take the driver off the table"),
    )
    done.refusal = _table_refusal(session)
    if not Arrival.objects.filter(session=session, entry=entry).exists():
        done.refusal = done.refusal or _("That driver is not at the table.")
    rule = str(dict(NO_SHOW_CHOICES).get(session.round.season.no_show, ""))
    done.changes.append(
        _(
            "%(driver)s leaves the table. Unless they sit down again before the start, "
            "they are not there: %(rule)s."
        )
        % {**said, "rule": rule.lower()}
    )
    done.changes.append(_("The league's history records it."))
    return done
