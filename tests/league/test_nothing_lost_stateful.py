"""Issue 23's property: any sequence of entry, team, round and result edits,
made through the services the pages call, never lowers the number of stored
results except by an explicit result deletion, which the league's history
records; and the stored standings always equal `championship()` over the
stored rows."""

import itertools

import pytest
from django.core.exceptions import ValidationError
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from league.models import DriverStanding, Entry, LeagueChange, Removal, Team, TeamChange
from league.organise import entries as organise_entries
from league.organise import teams as organise_teams
from league.organise.entries import entry_create
from league.scoring.championship import championship
from league.scoring.tables import PointsTable
from races.models import Result, Round, Session
from races.results.removal import session_results_delete
from races.results.standings import (
    result_penalties,
    result_rows,
    standings_follow,
    standings_recompute,
    team_of_round,
)
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from races.rounds.removal import round_delete
from seasons.restore import removal_restore
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db

_seasons = itertools.count(1)


def expected_standings(season) -> dict[int, tuple[int, object]]:
    """championship() over the season's stored rows, as the tables read."""
    entries = dict(Entry.objects.filter(season=season).values_list("id", "team_id"))
    changes = list(
        TeamChange.objects.filter(entry__season=season).values_list(
            "entry_id", "team_id", "from_round"
        )
    )
    rows, _ = result_rows(season, team_of_round(entries, changes))
    teams = list(season.teams.values_list("id", flat=True))
    tables = championship(
        PointsTable.of(season.scoring),
        rows,
        penalties=result_penalties(season),
        entries=list(entries),
        teams=teams,
    )
    return {line.key: (line.rank, line.points) for line in tables.drivers}


class SeasonEdits(RuleBasedStateMachine):
    def __init__(self, league, owner):
        super().__init__()
        self.owner = owner
        n = next(_seasons)
        self.season = make_season(
            league, slug=f"p{n}", team_mode=True, team_size=4, grid_size=6, fill_with_bots=False
        )
        self.teams = [Team.objects.create(season=self.season, name=f"T{k}") for k in (1, 2)]
        self.cars = itertools.count(1)
        for _ in range(3):
            self._entry()
        for number in (1, 2, 3):
            round_create(
                season=self.season, number=number, name=f"R{number}", track="paddock_ring", laps=1
            )
        standings_recompute(season=self.season)
        self.stored = 0
        self.deleted = 0

    def _entry(self):
        number = next(self.cars)
        entry_create(
            season=self.season,
            driver=make_driver(f"P{self.season.pk} D{number}", bot=True),
            car_number=number,
            team=self.teams[number % 2],
        )

    def _pick(self, queryset, index):
        items = list(queryset.order_by("pk"))
        return items[index % len(items)] if items else None

    def _try(self, change):
        """A change the season's stage or the service refuses changes nothing."""
        try:
            with standings_follow(self.season):
                change()
        except ValidationError:
            pass

    @rule(index=st.integers(0, 9), order=st.randoms(use_true_random=False))
    def enter_result(self, index, order):
        rnd = self._pick(Round.objects.filter(season=self.season), index)
        if rnd is None:
            return
        session = rnd.sessions.get(kind=Session.Kind.RACE)
        cars = list(Entry.objects.filter(season=self.season).order_by("pk"))
        order.shuffle(cars)
        lines = [
            SeatResult(entry_id=e.pk, seat=f"car-{e.pk}", position=p, status="finished")
            for p, e in enumerate(cars, start=1)
        ]
        self._try(lambda: results_enter(session=session, lines=lines, user=self.owner))

    @rule(index=st.integers(0, 9))
    def withdraw(self, index):
        entry = self._pick(Entry.objects.filter(season=self.season, withdrawn=False), index)
        if entry is not None:
            self._try(lambda: organise_entries.entry_withdraw(entry=entry, actor=self.owner))

    @rule(index=st.integers(0, 9))
    def remove_entry(self, index):
        entry = self._pick(Entry.objects.filter(season=self.season), index)
        if entry is not None:
            self._try(lambda: organise_entries.entry_remove(entry=entry, actor=self.owner))

    @rule()
    def add_entry(self):
        self._try(self._entry)

    @rule(index=st.integers(0, 9), team=st.integers(0, 2), from_round=st.integers(1, 3))
    def move_entry(self, index, team, from_round):
        entry = self._pick(Entry.objects.filter(season=self.season), index)
        target = self.teams[team] if team < 2 else None
        if entry is not None and Team.objects.filter(pk=getattr(target, "pk", None)).exists():
            self._try(
                lambda: organise_entries.entry_team_change(
                    entry=entry, team=target, from_round=from_round, actor=self.owner
                )
            )

    @rule(index=st.integers(0, 1))
    def delete_team(self, index):
        team = self._pick(Team.objects.filter(season=self.season), index)
        if team is not None:
            self._try(lambda: organise_teams.team_delete(team=team, actor=self.owner))

    @rule(index=st.integers(0, 9))
    def delete_round(self, index):
        rnd = self._pick(Round.objects.filter(season=self.season), index)
        if rnd is not None:
            self._try(lambda: round_delete(rnd=rnd, actor=self.owner))

    @rule()
    def add_round(self):
        last = Round.objects.filter(season=self.season).order_by("-number").first()
        number = (last.number if last else 0) + 1
        self._try(
            lambda: round_create(
                season=self.season, number=number, name=f"R{number}", track="paddock_ring"
            )
        )

    @rule(index=st.integers(0, 9))
    def delete_result(self, index):
        """The one explicit deletion: what it takes is counted, and recorded."""
        session = self._pick(
            Session.objects.filter(round__season=self.season, results__isnull=False).distinct(),
            index,
        )
        if session is None:
            return
        lines = Result.objects.filter(session=session).count()
        recorded = LeagueChange.objects.filter(season=self.season, topic="result").count()
        try:
            with standings_follow(self.season):
                session_results_delete(session=session, actor=self.owner)
        except ValidationError:
            return
        self.deleted += lines
        deletion = LeagueChange.objects.filter(season=self.season, topic="result").order_by("-pk")
        assert deletion.count() == recorded + 1
        assert "deleted" in deletion.first().summary

    @rule(index=st.integers(0, 9))
    def restore(self, index):
        removal = self._pick(Removal.objects.filter(season=self.season, restored_at=None), index)
        if removal is not None:
            self._try(lambda: removal_restore(removal=removal, actor=self.owner))

    @invariant()
    def no_result_is_lost(self):
        count = Result.objects.filter(session__round__season=self.season).count()
        assert count >= self.stored - self.deleted
        self.stored, self.deleted = count, 0

    @invariant()
    def standings_are_the_championship_of_the_stored_rows(self):
        self.season.refresh_from_db()
        stored = {
            s.entry_id: (s.rank, s.points)
            for s in DriverStanding.objects.filter(season=self.season)
        }
        assert stored == expected_standings(self.season)


def test_no_sequence_of_edits_loses_a_result(league, owner):
    run_state_machine_as_test(
        lambda: SeasonEdits(league, owner),
        settings=settings(max_examples=12, stateful_step_count=10, deadline=None),
    )
