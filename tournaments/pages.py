"""What the tournament's pages show, gathered once for the views: the
rounds and their tables (each linking to its live table and replay), the
standings with their tie-breaks, the picture, and what a reader may do."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from league.permissions import can_manage
from races.models import Result, Session
from races.running.seats import seat_records
from tournaments.bracket import bracket
from tournaments.forms import SeedForm
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.organise.checkin import check_in_open
from tournaments.organise.stages import ORGANISER_MOVES
from tournaments.running.draw import total_rounds
from tournaments.running.standings import tournament_standings

KNOCKOUT_PARTS = (Round.Part.HEATS, Round.Part.SEMI_FINAL, Round.Part.REPECHAGE)


@dataclass
class SeatView:
    name: str
    place: int | None
    through: bool = False
    player_key: str = ""
    bot: bool = False


@dataclass
class TableView:
    table: Table
    title: str
    status: str
    status_words: str
    seats: list[SeatView] = field(default_factory=list)
    live_href: str = ""
    replay_href: str = ""


@dataclass
class RoundView:
    round: Round
    title: str
    tables: list[TableView]
    byes: list[str]
    starts_later: bool = False


def _table_view(tournament: Tournament, table: Table, advance: int, found: dict) -> TableView:
    session = table.session
    places = found["places"].get(session.pk, {})
    players = found["players"].get(table.pk, {})
    seats = []
    for record in seat_records(session.seats):
        player = players.get(record.entry_id)
        seats.append(
            SeatView(
                name=record.name,
                place=places.get(record.entry_id),
                player_key=str(player) if player else "",
                bot=player is None,
            )
        )
    if places:
        seats.sort(key=lambda s: s.place or 99)
        for n, seat in enumerate(s for s in seats if not s.bot):
            seat.through = n < advance
    finished = session.status == Session.Status.FINISHED
    return TableView(
        table=table,
        title=_("Table %(number)s") % {"number": table.number},
        status=session.status,
        status_words=session.get_status_display(),
        seats=seats,
        live_href=reverse("session_live", args=[session.pk]),
        replay_href=reverse("replay_start", args=[session.pk]) if finished else "",
    )


def _found(tables: list[Table]) -> dict:
    """Every table's places (by entry) and players (entry to player), in two reads."""
    places: dict[int, dict[int, int]] = {}
    rows = Result.objects.filter(session_id__in=[t.session_id for t in tables]).values_list(
        "session_id", "entry_id", "position"
    )
    for session_id, entry_id, position in rows:
        places.setdefault(session_id, {})[entry_id] = position
    players: dict[int, dict[int, int]] = {}
    seated = Seat.objects.filter(table__in=tables, player__isnull=False).values_list(
        "table_id", "entry_id", "player_id"
    )
    for table_id, entry_id, player_id in seated:
        players.setdefault(table_id, {})[entry_id] = player_id
    return {"places": places, "players": players}


def round_title(rnd: Round) -> str:
    words = {
        Round.Part.SEMI_FINAL: _("Semi-finals"),
        Round.Part.FINAL: _("Final"),
    }
    if rnd.part in words:
        return str(words[rnd.part])
    return _("Round %(number)s: %(part)s") % {"number": rnd.number, "part": rnd.get_part_display()}


def rounds_view(tournament: Tournament) -> list[RoundView]:
    draws = list(tournament.draws.prefetch_related("byes__player__driver").order_by("number"))
    tables = list(
        Table.objects.filter(round__tournament=tournament)
        .select_related("session")
        .defer("session__event_log", "session__actions", "session__progress")
        .order_by("number")
    )
    found = _found(tables)
    made = []
    for rnd in draws:
        advance = tournament.advance if rnd.part in KNOCKOUT_PARTS else 0
        if rnd.part == Round.Part.REPECHAGE:
            advance = tournament.repechage
        made.append(
            RoundView(
                round=rnd,
                title=round_title(rnd),
                tables=[
                    _table_view(tournament, t, advance, found)
                    for t in tables
                    if t.round_id == rnd.pk
                ],
                byes=[b.player.driver.name for b in rnd.byes.all()],
                starts_later=bool(rnd.scheduled_at and rnd.scheduled_at > timezone.now()),
            )
        )
    return made


def tournament_page(tournament: Tournament, user) -> dict:
    rounds = rounds_view(tournament)
    mine = None
    if user.is_authenticated:
        mine = tournament.players.filter(driver__user=user).first()
    return {
        "tournament": tournament,
        "league": tournament.league,
        "rounds": rounds,
        "current": rounds[-1] if rounds else None,
        "lines": tournament_standings(tournament),
        "picture": bracket(rounds),
        "planned": total_rounds(tournament) if tournament.players.exists() else tournament.rounds,
        "can_manage": can_manage(user, tournament.league),
        "mine": mine,
        "check_in_open": check_in_open(tournament),
        "players": tournament.players.select_related("driver").order_by(
            "waiting", "seed", "created_at"
        ),
        "live": tournament.status == Tournament.Status.RUNNING,
        # Its tables and standings follow its season's push signal (issue 25).
        "push_season": tournament.season_id,
    }


def qualifying_sessions(tournament: Tournament):
    """The league's finished sessions a field may be seeded from."""
    return (
        Session.objects.filter(
            round__season__league=tournament.league, status=Session.Status.FINISHED
        )
        .exclude(round__season=tournament.season)
        .select_related("round__season")
        .order_by("-finished_at")[:30]
    )


def qualifying_session(tournament: Tournament, value: str):
    """The session a posted choice names, if it is one of those offered."""
    if not value.isdigit():
        return None
    return qualifying_sessions(tournament).filter(pk=int(value)).first()


def players_page(tournament: Tournament, request, form) -> dict:
    field = list(
        tournament.players.filter(waiting=False, dropped_after__isnull=True).select_related(
            "driver"
        )
    )
    invite = ""
    if tournament.invite_code:
        path = reverse("tournament", args=[tournament.league.slug, tournament.slug])
        invite = request.build_absolute_uri(f"{path}?code={tournament.invite_code}")
    return {
        "tournament": tournament,
        "league": tournament.league,
        "form": form,
        "players": tournament.players.select_related("driver").order_by(
            "waiting", "seed", "created_at"
        ),
        "seed_form": SeedForm(players=field)
        if tournament.seeding == Tournament.Seeding.HAND
        else None,
        "sessions": qualifying_sessions(tournament)
        if tournament.seeding == Tournament.Seeding.QUALIFYING
        else [],
        "invite": invite,
        "moves": [
            (m, Tournament.Status(m).label) for m in ORGANISER_MOVES.get(tournament.status, ())
        ],
    }
