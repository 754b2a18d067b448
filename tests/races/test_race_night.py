"""Real-time rounds (issue 25, item 3): drivers sit down at the table
before the start, bots fill the empty seats, the race starts on time with
whoever is there, no-shows go to their autopilot or a bot as the season
says, and a no-show arriving late takes their car back where it may."""

import threading

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.utils import timezone

from league.models import Entry, LeagueChange, Season
from paddock.celery import app
from races.lobby.seating import (
    lobby_arrive_late,
    lobby_join,
    lobby_leave,
    lobby_start_now,
    lobby_unseat,
)
from races.models import Arrival, Session, Turn
from races.running.dispatch import sessions_dispatch_due
from races.running.runner import session_run
from races.running.seats import seat_records
from races.table.online import autopilot_take_back
from tests.conftest import hand_overs, make_driver
from tests.races.race_night import real_time_round, start_time_passed

S = Session.Status


@pytest.fixture
def in_process_tasks():
    """Tasks run in the caller, as in `make run` (no Redis, no worker)."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def seats_by_user(session):
    session.refresh_from_db()
    return {r.user_id: r for r in seat_records(session.seats) if r.user_id}


def start_on_time(session, capture):
    start_time_passed(session)
    with capture(execute=True):
        return sessions_dispatch_due(now=timezone.now())


@pytest.mark.django_db
def test_drivers_sit_down_and_stand_up_before_the_start(league):
    season, session, (ana, ben, _cid), entries = real_time_round(league)
    assert lobby_join(session_id=session.pk, user=ana) is False
    lobby_join(session_id=session.pk, user=ana)  # twice: still one place
    lobby_join(session_id=session.pk, user=ben)
    assert set(Arrival.objects.values_list("entry_id", flat=True)) == {entries[0].pk, entries[1].pk}
    lobby_leave(session_id=session.pk, user=ben)
    lobby_leave(session_id=session.pk, user=ben)
    assert list(Arrival.objects.values_list("entry_id", flat=True)) == [entries[0].pk]
    session.refresh_from_db()
    assert session.status == S.SCHEDULED


@pytest.mark.django_db
def test_only_an_entered_driver_sits_down_and_only_before_the_start(league, visitor):
    season, session, (ana, *_), _ = real_time_round(league)
    with pytest.raises(PermissionDenied):
        lobby_join(session_id=session.pk, user=visitor)
    reserve = make_driver("Rosa Reserve")
    Entry.objects.create(season=season, driver=reserve, car_number=9, reserve=True)
    with pytest.raises(PermissionDenied):
        lobby_join(session_id=session.pk, user=reserve.user)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    with pytest.raises(ValidationError):
        lobby_join(session_id=session.pk, user=ana)
    assert not Arrival.objects.exists()


@pytest.mark.django_db
def test_a_turn_based_season_has_no_table_to_sit_at(league):
    season, session, (ana, *_), _ = real_time_round(league)
    Season.objects.filter(pk=season.pk).update(speed="day")
    with pytest.raises(ValidationError):
        lobby_join(session_id=session.pk, user=ana)
    assert not Arrival.objects.exists()


@pytest.mark.django_db
def test_it_starts_on_time_with_whoever_is_there_and_bots_fill_the_rest(
    league, in_process_tasks, django_capture_on_commit_callbacks
):
    season, session, (ana, ben, cid), _ = real_time_round(league)
    lobby_join(session_id=session.pk, user=ana)
    assert start_on_time(session, django_capture_on_commit_callbacks) == 1
    seats = seats_by_user(session)
    assert session.status == S.AWAITING
    assert len(session.seats) == season.grid_size
    # Ana drives; Ben and Cid were not there: their autopilots drive (the default).
    assert not seats[ana.pk].autopilot and seats[ana.pk].kind == "human"
    assert seats[ben.pk].autopilot and seats[cid.pk].autopilot
    bots = [r for r in seat_records(session.seats) if r.kind == "bot"]
    assert len(bots) == 1
    assert {t.user_id for t in Turn.objects.filter(session=session)} == {ana.pk}


@pytest.mark.django_db
def test_no_shows_go_to_bots_when_the_season_says_so(
    league, in_process_tasks, django_capture_on_commit_callbacks
):
    season, session, (ana, ben, cid), entries = real_time_round(league, no_show="bot")
    lobby_join(session_id=session.pk, user=ana)
    start_on_time(session, django_capture_on_commit_callbacks)
    seats = seats_by_user(session)
    assert set(seats) == {ana.pk}
    records = seat_records(session.seats)
    assert len(records) == season.grid_size
    assert sum(r.kind == "bot" for r in records) == 3
    assert not {entries[1].pk, entries[2].pk} & {r.entry_id for r in records}


@pytest.mark.django_db
def test_a_late_no_show_takes_the_car_back_where_the_season_lets_them(
    league, in_process_tasks, django_capture_on_commit_callbacks
):
    season, session, (ana, ben, cid), _ = real_time_round(league)
    lobby_join(session_id=session.pk, user=ana)
    start_on_time(session, django_capture_on_commit_callbacks)
    lobby_arrive_late(session_id=session.pk, user=ben)
    assert not seats_by_user(session)[ben.pk].autopilot
    assert Arrival.objects.get(session=session, user=ben).late
    with pytest.raises(PermissionDenied):
        lobby_arrive_late(session_id=session.pk, user=make_driver("Nobody").user)


@pytest.mark.django_db
def test_a_season_may_keep_a_no_show_on_the_autopilot_for_the_whole_race(
    league, in_process_tasks, django_capture_on_commit_callbacks
):
    season, session, (ana, ben, cid), _ = real_time_round(league, no_show="autopilot_whole_race")
    lobby_join(session_id=session.pk, user=ana)
    start_on_time(session, django_capture_on_commit_callbacks)
    seat = seats_by_user(session)[ben.pk]
    with pytest.raises(ValidationError):
        autopilot_take_back(session_id=session.pk, user=ben, seat=seat.id)
    assert seats_by_user(session)[ben.pk].autopilot
    assert not Arrival.objects.filter(user=ben).exists()


@pytest.mark.django_db
def test_it_starts_at_once_when_everyone_is_in_if_the_season_says_so(
    league, django_capture_on_commit_callbacks
):
    season, session, users, _ = real_time_round(league, start_when_all_in=True)
    for user in users[:2]:
        assert lobby_join(session_id=session.pk, user=user) is False
    with django_capture_on_commit_callbacks(execute=False) as queued:
        assert lobby_join(session_id=session.pk, user=users[2]) is True
    session.refresh_from_db()
    # One run handed over (the push announcements of the table aside).
    runs = [call for call in hand_overs(queued) if "table_changed" not in call.__qualname__]
    assert session.status == S.QUEUED and len(runs) == 1


@pytest.mark.django_db
def test_the_organisers_start_and_unseat_are_in_the_history(
    league, owner, django_capture_on_commit_callbacks
):
    season, session, (ana, ben, _), entries = real_time_round(league)
    lobby_join(session_id=session.pk, user=ana)
    lobby_join(session_id=session.pk, user=ben)
    lobby_unseat(session_id=session.pk, entry_id=entries[1].pk, actor=owner)
    with pytest.raises(ValidationError):
        lobby_unseat(session_id=session.pk, entry_id=entries[1].pk, actor=owner)
    with django_capture_on_commit_callbacks(execute=False):
        lobby_start_now(session_id=session.pk, actor=owner)
    session.refresh_from_db()
    assert session.status == S.QUEUED
    lines = list(LeagueChange.objects.filter(league=league, topic="round").order_by("pk"))
    assert [line.actor for line in lines[-2:]] == [owner, owner]
    assert lines[-2].params["driver"] == ben.driver.name
    assert lines[-1].params["present"] == 1 and lines[-1].params["expected"] == 3
    with pytest.raises(ValidationError):
        lobby_start_now(session_id=session.pk, actor=owner)  # started once


@pytest.mark.django_db(transaction=True)
def test_two_schedulers_racing_start_the_table_once(league, in_process_tasks):
    season, session, (ana, *_), _ = real_time_round(league, slug="race")
    lobby_join(session_id=session.pk, user=ana)
    start_time_passed(session)
    barrier = threading.Barrier(2)
    sent, errors = [], []

    def scheduler():
        try:
            barrier.wait()
            sent.append(sessions_dispatch_due(now=timezone.now()))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=scheduler) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert sorted(sent) == [0, 1]
    session.refresh_from_db()
    assert session.status == S.AWAITING
    assert session_run(session_id=session.pk) == "skipped"
    bots = Entry.objects.filter(season=season, driver__is_bot=True)
    assert bots.count() == 1  # the empty seat filled once
    assert Turn.objects.filter(session=session).values("user").distinct().count() == 1
