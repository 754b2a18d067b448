"""Issue 23, item 4, tried the way each defect was found: through the pages.
Entries come from the season's own game, an organiser enters a person by
their login name (a bot only when asked), entries past the grid wait on a
numbered waiting list, drivers sign up themselves or through a signed,
expiring invitation, and a season form starts from its game's defaults."""

import re
from datetime import timedelta

import pytest
from django.core import signing
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import Driver, Entry, LeagueChange, Season
from league.organise.entries import entry_create, entry_update
from league.organise.signup import INVITATION_SALT, season_takes_entries
from tests.conftest import _user, make_driver, make_season
from tests.web.conftest import client_for
from tests.web.test_organiser import season_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client, owner):
    return client_for(client, owner)


def add_url(season):
    return reverse("entry_add", args=[season.league.slug, season.slug])


def errors(page) -> list[str]:
    return re.findall(r'class="error[^"]*"[^>]*>([^<]+)', page.content.decode())


def test_a_formula_d_entry_is_never_offered_or_given_roborallys_greedy(organiser, league):
    season = make_season(league, slug="fd", rules={"level": "basic"})
    entry = entry_create(season=season, driver=make_driver("Ana Silva"), car_number=7)
    url = reverse("entry_edit", args=[entry.pk])
    page = organiser.get(url).content.decode()
    assert "Greedy" not in page and 'value="pro"' in page
    data = {"car_number": 7, "autopilot": "greedy"}
    refused = organiser.post(url, data)
    assert refused.status_code == 200 and "Select a valid choice." in refused.content.decode()
    entry.refresh_from_db()
    assert entry.autopilot == "pro"
    with pytest.raises(ValidationError) as error:
        entry_update(entry=entry, car_number=7, autopilot="greedy", reserve=False)
    assert "This game's autopilots are: Rookie, Pro." in error.value.messages
    assert Entry.objects.get(pk=entry.pk).autopilot == "pro"


def test_a_roborally_entry_starts_on_its_own_games_autopilot(league):
    season = make_season(league, slug="rr", game="roborally", bot_level="greedy", grid_size=4)
    entry = entry_create(season=season, driver=make_driver("Rob Otto"), car_number=1)
    assert entry.autopilot == "greedy"


def test_typing_a_login_name_links_the_account_and_never_makes_a_bot(
    organiser, league, driver_user
):
    season = make_season(league, slug="names", rules={"level": "basic"})
    response = organiser.post(add_url(season), {"driver_name": "DMITRI", "car_number": 5})
    assert response.status_code == 302
    entry = Entry.objects.get(season=season)
    assert entry.driver.user == driver_user and not entry.driver.is_bot
    assert not Driver.objects.filter(is_bot=True).exists()
    line = LeagueChange.objects.get(season=season)
    assert line.topic == "entry" and line.summary_words() == "dmitri entered as car #5"


def test_an_unknown_name_is_refused_unless_a_bot_is_asked_for(organiser, league):
    season = make_season(league, slug="bots", rules={"level": "basic"})
    refused = organiser.post(add_url(season), {"driver_name": "Nobody Here", "car_number": 5})
    assert any("Nobody is called Nobody Here here" in e for e in errors(refused))
    assert not Entry.objects.exists() and not Driver.objects.exists()
    made = organiser.post(
        add_url(season), {"driver_name": "Robo Rita", "car_number": 5, "bot": "on"}
    )
    assert made.status_code == 302
    assert Entry.objects.get(season=season).driver.is_bot


def test_a_bot_cannot_take_a_persons_name(organiser, league, driver_user):
    season = make_season(league, slug="taken", rules={"level": "basic"})
    Driver.objects.create(user=driver_user, name="Dmitri K")
    refused = organiser.post(
        add_url(season), {"driver_name": "Dmitri K", "car_number": 5, "bot": "on"}
    )
    assert any("Dmitri K is a person" in e for e in errors(refused))
    assert not Entry.objects.exists()


def test_entries_over_the_grid_become_reserves_with_words(organiser, league):
    season = make_season(league, slug="full", rules={"level": "basic"}, grid_size=2)
    for number, name in enumerate(["ann", "bob", "cat"], start=1):
        _user(name)
        response = organiser.post(
            add_url(season), {"driver_name": name, "car_number": number}, follow=True
        )
    assert "entered as a reserve: the grid of 2 cars is full" in response.content.decode()
    assert list(
        Entry.objects.filter(season=season).order_by("car_number").values_list("reserve", flat=True)
    ) == [False, False, True]
    bot = organiser.post(add_url(season), {"driver_name": "Robo", "car_number": 9, "bot": "on"})
    assert any("a bot would never race" in e for e in errors(bot))
    reserve = Entry.objects.get(season=season, car_number=3)
    seat = organiser.post(
        reverse("entry_edit", args=[reserve.pk]),
        {"car_number": 3, "autopilot": "pro"},  # the reserve box left empty
    )
    assert any("The grid of 2 cars is full" in e for e in errors(seat))
    assert Entry.objects.get(pk=reserve.pk).reserve
    page = organiser.get(season.get_absolute_url()).content.decode()
    assert "reserve, 1 on the waiting list" in page


def test_a_season_cannot_shrink_its_grid_below_its_racing_drivers(organiser, league):
    season = make_season(league, slug="shrink", rules={"level": "basic"}, grid_size=6)
    for number in range(1, 6):
        entry_create(season=season, driver=make_driver(f"Driver {number}"), car_number=number)
    url = reverse("season_edit", args=[league.slug, season.slug])
    data = season_data(name="Shrink", grid_size=4, scoring=season.scoring_id)
    page = organiser.post(url, data)
    assert any("5 drivers have a seat in this season" in e for e in errors(page))
    assert Season.objects.get(pk=season.pk).grid_size == 6


def test_a_team_bigger_than_the_grid_is_refused(organiser, league):
    url = reverse("season_create", args=[league.slug])
    page = organiser.post(url, season_data(team_mode="on", team_size=10, grid_size=4))
    assert any("A team of 10 drivers cannot race on a grid of 4 cars" in e for e in errors(page))
    assert not Season.objects.exists()


@pytest.mark.parametrize(
    ("game", "grid", "bots"), [("galaxy_trucker", 4, "pro"), ("roborally", 8, "greedy")]
)
def test_the_season_form_starts_from_the_games_own_defaults(organiser, league, game, grid, bots):
    page = organiser.get(reverse("season_create", args=[league.slug]) + f"?game={game}")
    text = page.content.decode()
    assert re.search(rf'name="grid_size" value="{grid}"', text)
    assert re.search(rf'<option value="{bots}" selected>', text)


def test_drivers_sign_up_in_order_and_wait_once_the_grid_is_full(league):
    season = make_season(league, slug="open", rules={"level": "basic"}, grid_size=2, status="open")
    assert season_takes_entries(season)
    url = reverse("season_join", args=[league.slug, season.slug])
    pages = []
    for number, name in enumerate(["ann", "bob", "cat", "dan"], start=1):
        person = client_for(Client(), _user(name))
        pages.append(person.post(url, {"car_number": number, "autopilot": "pro"}, follow=True))
    assert "You are in: car #1." in pages[0].content.decode()
    assert "you are car #3 on the waiting list, number 1" in pages[2].content.decode()
    assert "you are car #4 on the waiting list, number 2" in pages[3].content.decode()
    waiting = Entry.objects.filter(season=season, reserve=True).order_by("created_at")
    assert [e.car_number for e in waiting] == [3, 4]
    assert LeagueChange.objects.filter(season=season, topic="entry").count() == 4


def test_a_draft_season_takes_no_sign_up(league, driver_user):
    season = make_season(league, slug="draft", rules={"level": "basic"})
    person = client_for(Client(), driver_user)
    page = person.post(
        reverse("season_join", args=[league.slug, season.slug]),
        {"car_number": 3, "autopilot": "pro"},
    )
    assert "This season is not open for entries." in page.content.decode()
    assert not Entry.objects.exists()


def test_an_invitation_link_lets_a_person_into_a_draft_season(organiser, league, driver_user):
    season = make_season(league, slug="invite", rules={"level": "basic"})
    made = organiser.post(reverse("season_invite", args=[league.slug, season.slug]), {"days": 7})
    link = re.search(r'value="(http://testserver/invitations/[^"]+)"', made.content.decode())
    assert link, made.content.decode()
    person = client_for(Client(), driver_user)
    page = person.get(link.group(1))
    assert page.status_code == 200 and "You are invited to Invite" in page.content.decode()
    joined = person.post(link.group(1), {"car_number": 11, "autopilot": "pro"})
    assert joined.status_code == 302
    assert Entry.objects.get(season=season).driver.user == driver_user
    assert LeagueChange.objects.filter(season=season, topic="entry").count() == 2


def test_a_changed_or_expired_invitation_is_refused_with_words(league, driver_user):
    season = make_season(league, slug="gone", rules={"level": "basic"})
    person = client_for(Client(), driver_user)
    token = signing.dumps({"season": season.pk, "until": 2**31}, salt=INVITATION_SALT)
    changed = person.get(reverse("invitation", args=[token[:-2] + "xx"]))
    assert changed.status_code == 410
    assert "This invitation link is not valid" in changed.content.decode()
    past = int((timezone.now() - timedelta(hours=1)).timestamp())
    old = signing.dumps({"season": season.pk, "until": past}, salt=INVITATION_SALT)
    expired = person.post(reverse("invitation", args=[old]), {"car_number": 3})
    assert expired.status_code == 410 and "This invitation has expired" in expired.content.decode()
    assert not Entry.objects.exists()


def test_an_invitation_link_is_the_organisers_to_make(league, driver_user):
    season = make_season(league, slug="mine", rules={"level": "basic"})
    person = client_for(Client(), driver_user)
    url = reverse("season_invite", args=[league.slug, season.slug])
    assert person.post(url, {"days": 7}).status_code == 403
