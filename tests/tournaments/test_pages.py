"""The tournament's pages: who may do what (checked on the server), bad
input refused with nothing changed, the tables linking to their live table
and replay, the standings with their tie-breaks, the picture, exports."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import make_driver
from tests.tournaments.conftest import bots_enter, make_tournament, run_round_inline
from tournaments.models import Table, Tournament
from tournaments.organise.stages import tournament_stage_move, tournament_start

pytestmark = pytest.mark.django_db


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(name, args=[tournament.league.slug, tournament.slug, *args])


def test_create_checks_the_table_size_against_the_game(client, league, owner):
    client.force_login(owner)
    page = reverse("tournament_create", args=[league.slug])
    assert client.get(page).status_code == 200
    form = client.get(page, {"game": "heat"})
    assert b"tournament-form" in form.content
    data = {
        "name": "Autumn Cup", "track": "usa", "format": "swiss", "table_size": 9,
        "rounds": 3, "advance": 2, "points": "6, 4, 2", "bye_points": "0", "fill": "bots",
        "seeding": "random", "sign_up": "open",
        "bot_level": "pro", "check_in_minutes": 0, "round_minutes": 0,
    }  # fmt: skip
    refused = client.post(f"{page}?game=heat", data)
    assert refused.status_code == 200 and not Tournament.objects.exists()
    assert "2" in refused.content.decode() and "6" in refused.content.decode()
    data["table_size"] = 6
    made = client.post(f"{page}?game=heat", data)
    tournament = Tournament.objects.get()
    assert made.status_code == 302 and tournament.points == [6, 4, 2]
    data["points"] = "six"
    assert client.post(f"{page}?game=heat", data).status_code == 200
    assert Tournament.objects.count() == 1


def test_only_the_leagues_organisers_manage(client, league, owner):
    tournament = make_tournament(league, owner)
    stranger = make_driver("Mallory").user
    client.force_login(stranger)
    for name in ("tournament_edit", "tournament_players", "tournament_start"):
        assert client.get(url(name, tournament)).status_code == 403
    assert client.post(url("tournament_start", tournament), {"confirm": "yes"}).status_code == 403
    assert (
        client.post(url("tournament_players", tournament), {"name": "X", "bot": "on"}).status_code
        == 403
    )
    assert not tournament.players.exists()
    client.logout()
    assert client.post(url("tournament_sign_up", tournament)).status_code == 403


def test_sign_up_page_and_a_closed_tournament_refuses(client, league, owner):
    tournament = make_tournament(league, owner)
    ana = make_driver("Ana")
    client.force_login(ana.user)
    client.post(url("tournament_sign_up", tournament))
    assert not tournament.players.exists()  # a draft takes no sign-ups
    tournament_stage_move(tournament=tournament, stage="open", actor=owner)
    client.post(url("tournament_sign_up", tournament))
    assert tournament.players.get().driver == ana
    page = client.get(url("tournament", tournament)).content.decode()
    assert "You have a place." in page


def test_the_page_shows_tables_standings_and_the_picture(client, league, owner):
    tournament = make_tournament(league, owner, rounds=2)
    bots_enter(tournament, owner, 8)
    tournament_start(tournament=tournament, actor=owner)
    run_round_inline(tournament)
    page = client.get(url("tournament", tournament)).content.decode()
    table = Table.objects.filter(round__number=1).first()
    assert reverse("session_live", args=[table.session_id]) in page
    assert reverse("replay_start", args=[table.session_id]) in page
    assert 'id="bracket"' in page and "Median-Buchholz" in page
    partial = client.get(url("tournament", tournament), headers={"HX-Request": "true"})
    assert partial.content.decode().lstrip().startswith('<div id="live"')
    data = json.loads(client.get(url("tournament_export", tournament, "json")).content)
    assert len(data["standings"]) == 8 and data["standings"][0]["place"] == 1
    csv = client.get(url("tournament_export", tournament, "csv")).content.decode()
    assert csv.splitlines()[0].startswith("place,seed,driver,points,median_buchholz")
    ics = client.get(url("tournament_ics", tournament)).content.decode()
    assert "BEGIN:VEVENT" in ics
    assert client.get(url("tournament_export", tournament, "xml")).status_code == 404


def test_correction_goes_through_the_confirmation(client, league, owner):
    tournament = make_tournament(league, owner, rounds=1)
    bots_enter(tournament, owner, 6)
    tournament_start(tournament=tournament, actor=owner)
    run_round_inline(tournament)
    table = Table.objects.get()
    as_run = table.session.results.order_by("position").values_list("seat", flat=True)
    seats = list(reversed(as_run))  # the winner last, the last first
    client.force_login(owner)
    page = url("tournament_correct", tournament, table.pk)
    places = {f"place_{seat}": n for n, seat in enumerate(seats, start=1)}
    shown = client.post(page, places)
    assert b"confirm-form" in shown.content
    first = table.session.results.get(position=1).entry_id
    client.post(page, {**places, "confirm": "yes"})
    assert table.session.results.get(position=1).entry_id != first
    bad = client.post(page, {**places, f"place_{seats[0]}": 99})
    assert bad.status_code == 200 and b"correction-form" in bad.content


def test_the_pages_reads_do_not_grow_with_its_tables(client, league, owner):
    tournament = make_tournament(league, owner, rounds=3)
    bots_enter(tournament, owner, 7)
    tournament_start(tournament=tournament, actor=owner)
    counts = []
    for _ in range(2):
        run_round_inline(tournament)
        with CaptureQueriesContext(connection) as seen:
            assert client.get(url("tournament", tournament)).status_code == 200
        counts.append(len(seen))
    assert counts[0] == counts[1], counts


def test_bad_posts_change_nothing(client, league, owner):
    tournament = make_tournament(league, owner, sign_up="invite", check_in_minutes=30)
    tournament_stage_move(tournament=tournament, stage="open", actor=owner)
    ana = make_driver("Ana")
    client.force_login(ana.user)
    # By invitation: no code, or a wrong one, is refused in words.
    answer = client.post(url("tournament_sign_up", tournament), {"code": "x" * 500}, follow=True)
    assert "by invitation" in answer.content.decode() and not tournament.players.exists()
    # Check-in without a place, and with no start time set, is refused.
    answer = client.post(url("tournament_check_in", tournament), follow=True)
    assert "Check-in is not open now." in answer.content.decode()
    # Nobody leaves a tournament they are not in.
    assert client.post(url("tournament_leave", tournament)).status_code == 404
    # Forms only take what they offer.
    client.force_login(owner)
    page = url("tournament_edit", tournament)
    answer = client.post(page, {"name": "", "track": "nowhere", "table_size": "x"})
    assert answer.status_code == 200 and b"tournament-form" in answer.content
    tournament.refresh_from_db()
    assert tournament.name == "Spring Open"
    answer = client.get(url("tournament_stage", tournament), {"stage": "archived"})
    assert b'id="refusal"' in answer.content
    client.post(url("tournament_stage", tournament), {"stage": "archived", "confirm": "yes"})
    tournament.refresh_from_db()
    assert tournament.status == "open"


def test_the_invitation_link_lets_its_holder_sign_up(client, league, owner):
    tournament = make_tournament(league, owner, sign_up="invite")
    tournament_stage_move(tournament=tournament, stage="open", actor=owner)
    client.force_login(owner)
    client.post(url("tournament_invitation", tournament))
    players = client.get(url("tournament_players", tournament)).content.decode()
    tournament.refresh_from_db()
    assert f"?code={tournament.invite_code}" in players
    ana = make_driver("Ana")
    client.force_login(ana.user)
    page = client.get(url("tournament", tournament), {"code": tournament.invite_code})
    assert tournament.invite_code in page.content.decode()
    client.post(url("tournament_sign_up", tournament), {"code": tournament.invite_code})
    assert tournament.players.get().driver == ana
