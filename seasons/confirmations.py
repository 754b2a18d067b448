"""What a destructive action will change, in words, for its confirmation
page (issue 23): each function returns a `Confirmation` naming every change
(or why the action is refused), read before anything changes. The services
check again when the organiser confirms."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.models import RESTORE_WINDOW, Entry, Season, Team
from league.organise.entries import entry_remove_refusal
from league.organise.teams import team_delete_refusal
from league.season_stage import Action, stage_allows, stage_check
from league.season_stage.moves import ORGANISER_MOVES
from races.models import Result, Round, Session
from races.rounds.removal import round_delete_refusal
from races.rounds.schedule import next_divisions

ACTION_WORDS = {
    Action.ENTRIES: gettext_lazy("entries"),
    Action.TEAMS: gettext_lazy("teams"),
    Action.ROUNDS: gettext_lazy("rounds"),
    Action.RESULTS: gettext_lazy("results"),
    Action.PENALTIES: gettext_lazy("penalties"),
}


@dataclass
class Confirmation:
    title: str
    changes: list[str] = field(default_factory=list)
    refusal: str | None = None
    button: str = ""


def _restorable() -> str:
    days = RESTORE_WINDOW.days
    return ngettext(
        "It can be restored for %(days)s day, from the season's removed things.",
        "It can be restored for %(days)s days, from the season's removed things.",
        days,
    ) % {"days": days}


def _stage_refusal(season: Season, action: Action) -> str | None:
    try:
        stage_check(season, action)
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def _reserve_next(entry: Entry) -> Entry | None:
    if entry.reserve:
        return None
    return (
        Entry.objects.filter(season=entry.season, reserve=True, withdrawn=False)
        .exclude(pk=entry.pk)
        .select_related("driver")
        .order_by("created_at", "pk")
        .first()
    )


def entry_withdraw_confirmation(entry: Entry) -> Confirmation:
    said = {"driver": entry.driver.name, "number": entry.car_number}
    done = Confirmation(
        title=_("Withdraw #%(number)s %(driver)s?") % said, button=_("Withdraw the driver")
    )
    done.refusal = _stage_refusal(entry.season, Action.ENTRIES)
    if entry.withdrawn:
        done.refusal = _("This driver has already withdrawn.")
    results = entry.results.count()
    before_start = entry.season.status in (Season.Status.DRAFT, Season.Status.OPEN)
    if not before_start or results or entry.penalties.exists():
        done.changes.append(
            ngettext(
                "%(driver)s is marked withdrawn. Their %(count)s result and the points it "
                "scored stay in the results and the standings.",
                "%(driver)s is marked withdrawn. Their %(count)s results and the points they "
                "scored stay in the results and the standings.",
                results,
            )
            % {**said, "count": results}
        )
        reserve = _reserve_next(entry)
        if reserve is not None:
            done.changes.append(
                _("The first reserve, #%(number)s %(reserve)s, takes the seat.")
                % {"number": reserve.car_number, "reserve": reserve.driver.name}
            )
    else:
        done.changes.append(
            _(
                "%(driver)s has not raced: the entry leaves the entry list "
                "and car #%(number)s is free."
            )
            % said
        )
        done.changes.append(_restorable())
    if entry.team_id:
        done.changes.append(_("The team %(team)s stays.") % {"team": entry.team.name})
    return done


def entry_remove_confirmation(entry: Entry) -> Confirmation:
    said = {"driver": entry.driver.name, "number": entry.car_number}
    done = Confirmation(
        title=_("Remove the entry #%(number)s %(driver)s?") % said, button=_("Remove the entry")
    )
    done.refusal = _stage_refusal(entry.season, Action.ENTRIES) or entry_remove_refusal(entry)
    done.changes.append(
        _("The entry #%(number)s %(driver)s leaves the entry list; it has no results.") % said
    )
    if entry.team_id:
        done.changes.append(_("The team %(team)s stays.") % {"team": entry.team.name})
    done.changes.append(_restorable())
    return done


def team_delete_confirmation(team: Team) -> Confirmation:
    done = Confirmation(
        title=_("Delete the team %(team)s?") % {"team": team.name}, button=_("Delete the team")
    )
    done.refusal = _stage_refusal(team.season, Action.TEAMS) or team_delete_refusal(team)
    done.changes.append(
        _("The team %(team)s leaves the season; nobody drives or drove for it.")
        % {"team": team.name}
    )
    done.changes.append(_restorable())
    return done


def round_delete_confirmation(rnd: Round) -> Confirmation:
    said = {"number": rnd.number, "name": rnd.name}
    done = Confirmation(
        title=_("Delete round %(number)s, %(name)s?") % said, button=_("Delete the round")
    )
    done.refusal = _stage_refusal(rnd.season, Action.ROUNDS) or round_delete_refusal(rnd)
    done.changes.append(
        _("Round %(number)s, %(name)s, and its sessions that have not run leave the calendar.")
        % said
    )
    done.changes.append(_restorable())
    return done


def results_delete_confirmation(session: Session) -> Confirmation:
    rnd = session.round
    said = {"number": rnd.number, "name": rnd.name, "kind": session.get_kind_display().lower()}
    done = Confirmation(
        title=_("Delete the %(kind)s result of round %(number)s, %(name)s?") % said,
        button=_("Delete the result"),
    )
    done.refusal = _stage_refusal(rnd.season, Action.RESULTS)
    count = Result.objects.filter(session=session).count()
    if not count:
        done.refusal = _("This session has no result to delete.")
    done.changes.append(
        ngettext(
            "The result of %(count)s car goes and the standings are scored again without it.",
            "The results of %(count)s cars go and the standings are scored again without them.",
            count,
        )
        % {"count": count}
    )
    done.changes.append(_("The session is marked cancelled; the deletion is in the history."))
    done.changes.append(_restorable())
    return done


def stage_confirmation(season: Season, stage: str) -> Confirmation:
    """What moving the season to `stage` allows and stops."""
    now = season.get_status_display().lower()
    label = Season.Status(stage).label if stage in Season.Status.values else stage
    done = Confirmation(
        title=_("Move %(season)s from %(now)s to %(stage)s?")
        % {"season": season.name, "now": now, "stage": str(label).lower()},
        button=_("Move it to %(stage)s") % {"stage": str(label).lower()},
    )
    if stage not in ORGANISER_MOVES.get(season.status, ()):
        done.refusal = _("A %(season)s season cannot become %(value)s.") % {
            "season": now,
            "value": str(label).lower(),
        }
        return done
    target = Season(status=stage)
    open_ = [str(ACTION_WORDS[a]) for a in Action if stage_allows(target, a)]
    closed = [str(ACTION_WORDS[a]) for a in Action if not stage_allows(target, a)]
    if open_:
        done.changes.append(_("These may still change: %(what)s.") % {"what": ", ".join(open_)})
    if closed:
        done.changes.append(
            _("These can no longer change: %(what)s.") % {"what": ", ".join(closed)}
        )
    if stage == Season.Status.OPEN:
        done.changes.append(_("Drivers may sign up on the season's page."))
    if stage == Season.Status.FINISHED:
        done.changes.append(_("The league's webhooks announce the season finished."))
    return done


def season_copy_confirmation(season: Season, *, name: str, with_entries: bool) -> Confirmation:
    """A copy of the season (issue 26, item 2): what it takes over, and who
    moves up and down a division."""
    done = Confirmation(
        title=_("Copy %(season)s as %(name)s?") % {"season": season.name, "name": name},
        button=_("Copy the season"),
    )
    rounds = season.rounds.count()
    done.changes.append(
        ngettext(
            "A new draft season %(name)s with the same settings and %(count)s round.",
            "A new draft season %(name)s with the same settings and %(count)s rounds.",
            rounds,
        )
        % {"name": name, "count": rounds}
    )
    if not with_entries:
        done.changes.append(_("No teams or entries: the new season starts without drivers."))
        return done
    done.changes.append(_("The teams, and the entries of drivers who did not withdraw."))
    try:
        moved = next_divisions(season)
    except ValidationError as error:
        done.refusal = " ".join(error.messages)
        return done
    names = dict(season.divisions.values_list("number", "name"))
    entries = Entry.objects.filter(pk__in=moved).select_related("driver", "division")
    for entry in sorted(entries, key=lambda e: e.car_number):
        was, now = entry.division.number, moved[entry.pk]
        if now == was:
            continue
        words = (
            _("#%(number)s %(driver)s moves up to %(division)s.")
            if now < was
            else _("#%(number)s %(driver)s moves down to %(division)s.")
        )
        done.changes.append(
            words
            % {"number": entry.car_number, "driver": entry.driver.name, "division": names[now]}
        )
    return done
