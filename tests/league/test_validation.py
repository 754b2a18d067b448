"""Bad input gets a clear error and stores nothing."""

import pytest
from django.core.exceptions import ValidationError

from league.models import Entry, Season, Team
from league.organise.entries import entry_create
from races.models import Round
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db


def test_a_car_number_is_used_once_in_a_season(season):
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    with pytest.raises(ValidationError, match="Car number 7 is taken in this season"):
        entry_create(season=season, driver=make_driver("Ben"), car_number=7)
    assert Entry.objects.filter(season=season).count() == 1


def test_a_team_cannot_grow_past_the_team_size(league):
    season = make_season(league, slug="teams", team_mode=True, team_size=2)
    red = Team.objects.create(season=season, name="Red")
    for n, name in enumerate(["Ana", "Ben"], start=1):
        entry_create(season=season, driver=make_driver(name), car_number=n, team=red)
    with pytest.raises(ValidationError, match="Red is full: a team has at most 2 drivers"):
        entry_create(season=season, driver=make_driver("Cid"), car_number=3, team=red)
    assert red.members.count() == 2


def test_a_team_only_exists_in_team_mode(season):
    team = Team.objects.create(season=season, name="Red")
    with pytest.raises(ValidationError, match="This season has no teams"):
        entry_create(season=season, driver=make_driver("Ana"), car_number=1, team=team)


def test_an_option_unknown_to_the_game_is_a_clear_error(league):
    season = make_season(league, slug="fd")
    season.rules = {"turbo_boost": True}
    with pytest.raises(ValidationError, match="unknown option 'turbo_boost'"):
        season.full_clean()
    assert Season.objects.get(pk=season.pk).rules == {}


def test_an_out_of_range_option_is_a_clear_error(league):
    season = make_season(league, slug="fd")
    season.rules = {"ruleset": "house"}
    with pytest.raises(ValidationError, match="ruleset"):
        season.full_clean()


def test_track_and_laps_belong_to_rounds_not_seasons(league):
    season = make_season(league, slug="fd")
    season.rules = {"track": "paddock_ring"}
    with pytest.raises(ValidationError, match="set on each round"):
        season.full_clean()


def test_valid_rules_are_kept(league):
    season = make_season(league, slug="fd")
    season.rules = {"level": "advanced", "ruleset": "bga", "weather": "true"}
    season.full_clean()
    assert season.rules == {"level": "advanced", "ruleset": "bga", "weather": True}


def test_a_round_number_is_used_once_in_a_season(season):
    Round.objects.create(season=season, number=1, name="Opening", track="paddock_ring")
    again = Round(season=season, number=1, name="Again", track="paddock_ring")
    with pytest.raises(ValidationError, match="Round 1 already exists in this season"):
        again.full_clean()
    assert season.rounds.count() == 1


def test_a_round_on_an_unknown_track_is_a_clear_error(season):
    with pytest.raises(ValidationError, match="Unknown track 'monza'"):
        Round(season=season, number=1, name="Nope", track="monza").full_clean()
