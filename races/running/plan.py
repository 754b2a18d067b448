"""What a session gives the engine: the grid, the seats and the config, and
which entry drives each seat. The game's presentation builds the config
(races/rules/presentation.py `engine_config`), so nothing here knows a game."""

from __future__ import annotations

from dataclasses import dataclass, field

from league.models import DriverStanding, Entry
from races.models import Result, Round, Session
from races.rules import Seat, get_game, get_presentation
from races.rules.presentation import SessionFacts
from races.running import grid
from races.running.seating import bots_fill, seat_for

S = Session.Status


@dataclass
class Plan:
    """What the engine is given, and which entry drives each seat."""

    game_key: str
    config: dict
    seats: list[Seat]
    entries: dict[str, Entry] = field(default_factory=dict)


def effective_grid_rule(rnd: Round) -> str:
    if rnd.fallback_grid:  # the qualifying failed; an organiser chose (races/rounds/qualifying.py)
        return rnd.fallback_grid
    fmt = rnd.qualifying_format
    if fmt == Round.QualifyingFormat.TIMED_LAP:
        return grid.QUALIFYING
    if fmt in (grid.RANDOM, grid.CHAMPIONSHIP, grid.REVERSE):
        return fmt
    return rnd.grid_rule


def _qualifying(rnd: Round) -> tuple[list[Result], dict]:
    """The round's finished qualifying: its results in position order and its
    summary. A round has at most one qualifying session, so one lookup
    answers both, and no results are read when there is none."""
    found = (
        Session.objects.filter(round=rnd, kind=Session.Kind.QUALIFYING, status=S.FINISHED)
        .order_by()
        .values_list("pk", "summary")
        .first()
    )
    if found is None:
        return [], {}
    # Ordered by position alone: the default ordering would join up to the
    # league for a sort that, within one session, is by position anyway.
    results = list(Result.objects.filter(session_id=found[0]).order_by("position"))
    return results, found[1] or {}


def session_plan(session: Session) -> Plan:
    rnd = session.round
    season = rnd.season
    game = get_game(season.game)
    entries = bots_fill(season=season)
    qualifying, summary = [], {}
    if session.kind == Session.Kind.RACE:
        qualifying, summary = _qualifying(rnd)
    rule = grid.ENTRY if session.kind == Session.Kind.QUALIFYING else effective_grid_rule(rnd)
    standings = {}
    if rule in (grid.CHAMPIONSHIP, grid.REVERSE):  # the only rules that read standings
        standings = dict(
            DriverStanding.objects.filter(season=season).order_by().values_list("entry_id", "rank")
        )
    order = grid.grid_order(
        rule,
        [grid.Car(e.id, e.car_number) for e in entries],
        qualifying={r.entry_id: r.position for r in qualifying},
        standings=standings,
        seed=session.seed,
    )
    by_id = {e.id: e for e in entries}
    seats = [
        seat_for(by_id[car.key], human=session.live and not by_id[car.key].driver.is_bot)
        for car in order
    ]
    seat_of_entry = {by_id[car.key].id: seats[i].id for i, car in enumerate(order)}
    facts = SessionFacts(
        kind=session.kind,
        round_number=rnd.number,
        season_key=f"{season.league.slug}/{season.slug}",
        grid=tuple(s.id for s in seats),
        qualifying_ranks={
            seat_of_entry[r.entry_id]: r.position
            for r in qualifying
            if r.status == "finished" and r.entry_id in seat_of_entry
        },
        qualifying_summary=summary,
        people=any(s.kind == "human" for s in seats),
    )
    config = get_presentation(game.key).engine_config(
        season.rules, rnd.options, track=rnd.track, laps=rnd.laps, facts=facts
    )
    return Plan(
        game_key=game.key,
        config=game.options.validate(config),
        seats=seats,
        entries={seats[i].id: by_id[car.key] for i, car in enumerate(order)},
    )
