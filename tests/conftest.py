"""Shared fixtures: a few named people and a league to race in."""

import importlib

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from league.models import Driver, League, ScoringSystem, Season

# The property tests draw the same examples on every run, so CI answers the
# same for the same code (a slow shared machine is no reason to fail either).
hypothesis_settings.register_profile("paddock", derandomize=True, deadline=None)
hypothesis_settings.load_profile("paddock")


@pytest.fixture(autouse=True)
def _site_language():
    """Every test starts in the site's own language: a page read in another
    language leaves it active in the thread, as Django does between requests."""
    translation.deactivate()
    yield
    translation.deactivate()


def _user(username: str):
    return get_user_model().objects.create_user(username, password="pw-" + username)


@pytest.fixture
def owner(db):
    return _user("olivia")


@pytest.fixture
def steward(db):
    return _user("stefan")


@pytest.fixture
def driver_user(db):
    return _user("dmitri")


@pytest.fixture
def visitor(db):
    return _user("vera")


@pytest.fixture
def league(owner, steward):
    league = League.objects.create(name="Tuesday Night GP", slug="tuesday", owner=owner)
    league.stewards.add(steward)
    return league


def scoring_presets() -> None:
    """The presets the data migration creates; transactional tests flush
    tables, so they are put back when a test needs them."""
    presets = [
        *importlib.import_module("league.migrations.0003_scoring_presets").PRESETS,
        *importlib.import_module("league.migrations.0009_more_scoring_presets").PRESETS,
    ]
    fixes = importlib.import_module("league.migrations.0014_formula_1_preset_unclassified").FIXES
    for preset in presets:
        fields = dict(preset)
        slug = fields.pop("slug")
        ScoringSystem.objects.get_or_create(slug=slug, defaults={**fields, **fixes.get(slug, {})})


def make_season(league, *, scoring="formula-1-2010", game="formula_d", **fields):
    scoring_presets()
    system = ScoringSystem.objects.get(slug=scoring)
    slug = fields.pop("slug", f"s{Season.objects.count() + 1}")
    return Season.objects.create(
        league=league, name=slug.title(), slug=slug, game=game, scoring=system, **fields
    )


@pytest.fixture
def season(league):
    return make_season(league)


def make_driver(name: str, *, bot: bool = False) -> Driver:
    if bot:
        return Driver.objects.create(name=name, is_bot=True, bot_level="pro")
    return Driver.objects.create(name=name, user=_user(name.lower().replace(" ", "_")))


def hand_overs(callbacks: list) -> list:
    """The on-commit callbacks that hand work over (a task queued, a table
    told), without the season pages' new versions (league/page_versions.py)
    that every write of what they show adds."""
    return [call for call in callbacks if "season_pages_changed" not in call.__qualname__]
