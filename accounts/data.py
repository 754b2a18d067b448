"""Everything Paddock keeps about one person, as plain data for their own
download (issue 28): the account, its settings, their driver's entries,
results, standings and ratings, the reports they filed, the leagues they
run or steward, their tokens (never the secret) and the history lines they
wrote. Nothing about anyone else: other people appear only as the names of
the leagues and seasons the person's own rows belong to."""

from __future__ import annotations

from datetime import datetime

from league.models import ConfirmedAddress, DriverStanding, Entry, League, LeagueChange, Preferences
from races.models import Protest, Result, Turn, TurnNotices
from ratings.models import Rating


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _account(user) -> dict:
    confirmed = ConfirmedAddress.objects.filter(user=user).first()
    preferences = Preferences.objects.filter(user=user).first()
    notices = TurnNotices.objects.filter(user=user).first()
    return {
        "username": user.get_username(),
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "email_confirmed": bool(confirmed and confirmed.email.lower() == user.email.lower()),
        "joined": _when(user.date_joined),
        "last_login": _when(user.last_login),
        "time_zone": preferences.time_zone if preferences else None,
        "language": preferences.language if preferences else None,
        "turn_notices_by_email": notices.by_email if notices else True,
    }


def _entries(user) -> list[dict]:
    entries = Entry.objects.filter(driver__user=user).select_related(
        "season__league", "team", "driver"
    )
    found = []
    for entry in entries:
        standing = DriverStanding.objects.filter(entry=entry).first()
        results = Result.objects.filter(entry=entry).select_related("session__round")
        found.append(
            {
                "league": entry.season.league.name,
                "season": entry.season.name,
                "game": entry.season.game,
                "driver_name": entry.driver.name,
                "car_number": entry.car_number,
                "team": entry.team.name if entry.team else None,
                "autopilot": entry.autopilot,
                "setup": entry.setup,
                "withdrawn": entry.withdrawn,
                "reserve": entry.reserve,
                "entered": _when(entry.created_at),
                "standing": None
                if standing is None
                else {"position": standing.rank, "points": str(standing.points)},
                "results": [
                    {
                        "round": result.session.round.name,
                        "session": result.session.kind,
                        "position": result.final_position or result.position,
                        "status": result.final_status or result.status,
                        "laps": result.laps,
                        "points": str(result.points),
                    }
                    for result in results
                ],
            }
        )
    return found


def account_data(*, user) -> dict:
    """The person's data as JSON-ready values."""
    return {
        "account": _account(user),
        "entries": _entries(user),
        "ratings": [
            {"game": r.game, "mu": r.mu, "sigma": r.sigma, "rating": r.ordinal, "races": r.races}
            for r in Rating.objects.filter(driver__user=user)
        ],
        "turns_owed": [
            {
                "season": t.session.round.season.name,
                "round": t.session.round.name,
                "deadline": _when(t.deadline),
            }
            for t in Turn.objects.filter(user=user).select_related("session__round__season")
        ],  # fmt: skip
        "reports_filed": [
            {
                "round": p.session.round.name,
                "description": p.description,
                "status": p.status,
                "filed": _when(p.created_at),
            }
            for p in Protest.objects.filter(filed_by=user).select_related("session__round")
        ],  # fmt: skip
        "leagues_organised": list(League.objects.filter(owner=user).values_list("name", flat=True)),
        "leagues_stewarded": list(
            League.objects.filter(stewards=user).values_list("name", flat=True)
        ),
        "access_tokens": [
            {
                "name": t.name,
                "starts_with": t.prefix,
                "scopes": t.scopes,
                "created": _when(t.created_at),
                "last_used": _when(t.last_used_at),
                "revoked": _when(t.revoked_at),
            }
            for t in user.access_tokens.all()
        ],  # fmt: skip
        "history_lines_written": [
            {"league": c.league.name, "when": _when(c.at), "what": c.summary_words()}
            for c in LeagueChange.objects.filter(actor=user).select_related("league")
        ],
    }
