"""What a session gives the engine: the grid, the seats and the config, and
which entry drives each seat. The game builds the config (its
`session_config`, races/rules/contract.py), so nothing here knows a game."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.db.models import BooleanField, Case, Exists, OuterRef, When

from league.models import DriverStanding, Entry
from paddock.prepared import Prepared
from races.lobby.arrivals import at_table, kept_off_grid, no_shows_to_autopilot
from races.models import Result, Round, Session
from races.rules import Game, Seat, get_game
from races.rules.contract import SessionFacts
from races.running import grid
from races.running.seating import bots_fill, seat_for, seat_record
from races.running.seats import SeatRecord, seat_records

S = Session.Status


@dataclass(frozen=True)
class Plan:
    """A session's start, built once: the game, the config and the seats the
    engine is given, the seats as the session stores them, and which entry
    drives each seat."""

    game: Game
    config: dict
    seats: list[Seat]
    records: list[SeatRecord]
    entries: dict[str, Entry] = field(default_factory=dict)

    @property
    def game_key(self) -> str:
        return self.game.key


def effective_grid_rule(rnd: Round) -> str:
    if rnd.fallback_grid:  # the qualifying failed; an organiser chose (races/rounds/qualifying.py)
        return rnd.fallback_grid
    fmt = rnd.qualifying_format
    if fmt == Round.QualifyingFormat.TIMED_LAP:
        return grid.QUALIFYING
    if fmt in (grid.RANDOM, grid.CHAMPIONSHIP, grid.REVERSE):
        return fmt
    return rnd.grid_rule


def plan_facts() -> dict:
    """Annotations of a session query for what its plan would otherwise
    read on its own (the runner's claim reads them with the session):
    whether its round has a finished qualifying of its division. A race
    without one (most, and every race of a round without qualifying) then
    sends no lookup for it."""
    finished = Session.objects.filter(
        round_id=OuterRef("round_id"), kind=Session.Kind.QUALIFYING, status=S.FINISHED
    )
    return {
        "qualifying_finished": Case(
            When(division__isnull=True, then=Exists(finished.filter(division__isnull=True))),
            default=Exists(finished.filter(division_id=OuterRef("division_id"))),
            output_field=BooleanField(),
        )
    }


def _qualifying(rnd: Round, division_id: int | None) -> tuple[list[Result], dict]:
    """The round's finished qualifying (of the session's division): its
    results in position order and its summary. A round has at most one
    qualifying session a division, so one lookup answers both, and no
    results are read when there is none."""
    if division_id is None:
        found = QUALIFYING_FINISHED.one(round_id=rnd.pk)
    else:
        found = QUALIFYING_FINISHED_IN.one(round_id=rnd.pk, division_id=division_id)
    if found is None:
        return [], {}
    # Ordered by position alone: the default ordering would join up to the
    # league for a sort that, within one session, is by position anyway.
    results = QUALIFYING_RESULTS.rows(session_id=found[0])
    return results, found[1] or {}


def _finished_qualifying(round_id, **division):
    return (
        Session.objects.filter(
            round_id=round_id, kind=Session.Kind.QUALIFYING, status=S.FINISHED, **division
        )
        .order_by()
        .values_list("pk", "summary")[:1]
    )


# Compiled once a process (paddock/prepared.py): a session's start reads them.
QUALIFYING_FINISHED = Prepared(
    lambda round_id: _finished_qualifying(round_id, division__isnull=True), round_id=int
)
QUALIFYING_FINISHED_IN = Prepared(
    lambda round_id, division_id: _finished_qualifying(round_id, division_id=division_id),
    round_id=int,
    division_id=int,
)
QUALIFYING_RESULTS = Prepared(
    lambda session_id: Result.objects.filter(session_id=session_id).order_by("position"),
    session_id=int,
)


def session_plan(session: Session) -> Plan:
    """The grid, the seats and the config of a session, each built once."""
    rnd = session.round
    season = rnd.season
    game = get_game(season.game)
    qualifying, summary = [], {}
    # A session read without plan_facts looks its qualifying up here.
    if session.kind == Session.Kind.RACE and getattr(session, "qualifying_finished", True):
        qualifying, summary = _qualifying(rnd, session.division_id)
    # A real-time table starts with whoever sat down: the others are
    # no-shows, driven by their autopilot or replaced by bots as the season says.
    present = at_table(session)
    away = kept_off_grid(session, present)
    # A tournament's table races the entries drawn to it, nobody else.
    drawn = _drawn_entries(session)
    racing = drawn or bots_fill(season=season, away=away, division=session.division)
    entries = _in_grid_order(session, racing, qualifying)
    seats = [seat_for(e, human=session.live and not e.driver.is_bot) for e in entries]
    records = [seat_record(e, s) for e, s in zip(entries, seats, strict=True)]
    facts = _facts(session, seats, entries, qualifying, summary)
    config = game.session_config(
        season.rules, rnd.options, track=rnd.track, laps=rnd.laps, facts=facts
    )
    return Plan(
        game=game,
        config=game.options.validate(config),
        seats=seats,
        records=no_shows_to_autopilot(
            [replace(record, drawn=bool(drawn)) for record in records], present
        ),
        entries={s.id: e for e, s in zip(entries, seats, strict=True)},
    )


def _drawn_entries(session: Session) -> list[Entry]:
    """The entries a draw seated at the session before it ran (a
    tournament's table), in seat order; none for a season's session, which
    races the season's grid."""
    ids = [r.entry_id for r in seat_records(session.seats) if r.drawn and r.entry_id]
    if not ids:
        return []
    found = Entry.objects.filter(pk__in=ids).select_related("driver", "team").in_bulk()
    return [found[pk] for pk in ids if pk in found]


def _in_grid_order(session: Session, entries: list[Entry], qualifying: list[Result]) -> list[Entry]:
    """The racing entries in grid order, by the session's grid rule."""
    season = session.round.season
    rule = (
        grid.ENTRY
        if session.kind == Session.Kind.QUALIFYING
        else effective_grid_rule(session.round)
    )
    cars = [grid.Car(e.id, e.car_number) for e in entries]
    by_id = {e.id: e for e in entries}
    sprint = _sprint_places(session)
    if sprint is not None:
        return [by_id[c.key] for c in grid.reversed_top(cars, sprint, session.round.reverse_top)]
    standings = {}
    if rule in (grid.CHAMPIONSHIP, grid.REVERSE):  # the only rules that read standings
        standings = dict(
            DriverStanding.objects.filter(season=season).order_by().values_list("entry_id", "rank")
        )
    order = grid.grid_order(
        rule,
        cars,
        qualifying={r.entry_id: r.position for r in qualifying},
        standings=standings,
        seed=session.seed,
    )
    return [by_id[car.key] for car in order]


def _sprint_places(session: Session) -> dict[int, int] | None:
    """A main race after a sprint that sets its grid: the sprint's places
    (of the same division) by entry; None when the grid comes otherwise."""
    rnd = session.round
    if not (
        session.kind == Session.Kind.RACE
        and session.leg == Session.Leg.MAIN
        and rnd.sprint_scoring_id
        and rnd.feature_grid == Round.FeatureGrid.SPRINT
    ):
        return None
    found = Result.objects.filter(
        session__round=rnd,
        session__leg=Session.Leg.SPRINT,
        session__division_id=session.division_id,
        session__status=S.FINISHED,
    )
    return {
        entry: final or position
        for entry, final, position in found.order_by().values_list(
            "entry_id", "final_position", "position"
        )
    }


def _facts(
    session: Session, seats: list[Seat], entries: list[Entry], qualifying: list[Result], summary
) -> SessionFacts:
    """What the game's config may read of the session (`session_config`)."""
    rnd = session.round
    seat_of_entry = {e.id: s.id for e, s in zip(entries, seats, strict=True)}
    return SessionFacts(
        kind=session.kind,
        round_number=rnd.number,
        season_key=f"{rnd.season.league.slug}/{rnd.season.slug}",
        grid=tuple(s.id for s in seats),
        qualifying_ranks={
            seat_of_entry[r.entry_id]: r.position
            for r in qualifying
            if r.status == "finished" and r.entry_id in seat_of_entry
        },
        qualifying_summary=summary,
        people=any(s.kind == "human" for s in seats),
    )
