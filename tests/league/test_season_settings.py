"""A season's settings travel as one value: the form builds it, creating and
changing a season take it."""

from decimal import Decimal

import pytest

from league.forms.seasons import SeasonForm
from league.organise.seasons import season_create
from league.season_settings.value import SeasonSettings
from seasons.edits import season_update

pytestmark = pytest.mark.django_db


def test_the_season_form_gives_one_settings_value_for_its_own_game(owner):
    form = SeasonForm(
        {
            "game": "formula_d",
            "name": "Winter Series",
            "own_points": "25, 18, 12.5",
            "drop_worst": 1,
            "bonus_pole": "1",
            "bonus_lap_led": "",
            "team_size": 2,
            "grid_size": 8,
            "bot_level": "pro",
            "decision_seconds": "",
            "opt_level": "advanced",
            "opt_ruleset": "bga",
            "opt_bga_eliminated_neighbour": "auto_fail",
        },
        game="formula_d",
        user=owner,
    )
    assert form.is_valid(), form.errors
    settings = form.settings()
    assert isinstance(settings, SeasonSettings)
    assert (settings.name, settings.game, settings.scoring) == ("Winter Series", "formula_d", None)
    assert settings.own_points == (Decimal(25), Decimal(18), Decimal("12.5"))
    assert settings.bonus == {"pole": Decimal(1)}
    assert settings.eliminated_score is False  # an unticked box
    assert settings.decision_seconds == 300  # left empty


def test_a_season_is_created_and_changed_from_its_settings(league):
    settings = SeasonSettings(
        name="Winter Series", game="formula_d", rules={"level": "advanced"}, own_points=(25, 18)
    )
    season = season_create(league=league, settings=settings)
    assert (season.slug, season.status, season.grid_size) == ("winter-series", "draft", 10)
    assert season.scoring.race_points == [25, 18]
    table = season.scoring

    settings = SeasonSettings(
        name=" Spring Series ", game="formula_d", own_points=(25, 18), grid_size=6
    )
    season = season_update(season=season, settings=settings)
    season.refresh_from_db()
    assert (season.name, season.slug, season.grid_size) == ("Spring Series", "winter-series", 6)
    assert season.scoring == table  # the same points table is not stored twice
