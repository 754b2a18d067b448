"""Every option a season or a round of a game may set is said in words by the
game's presentation (issue 17): a label, a sentence of help and a word for
every choice that is not a number, all through the reader's catalogue when
said, none of them a raw key or a rule ID; and the season and round forms
show those words."""

import re

import pytest

from league.forms.common import game_options
from league.forms.rounds import RoundForm
from league.forms.seasons import SeasonForm
from league.models import League
from league.season_settings.words import duration_words, season_rules_words
from races.rules import get_presentation, speech
from races.rules.registry import GAME_MODULES
from tests.conftest import make_season
from tests.platform.test_speech_games import MARK, install_marks

RAW_KEY = re.compile(r"[a-z]_[a-z]")
RULE_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b")


@pytest.fixture
def marking():
    before = install_marks()
    yield
    speech.install(**before)


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_season_option_of_the_game_is_said_in_words(game, marking):
    presentation = get_presentation(game)
    for option in game_options(game):
        words = presentation.capabilities.option_words(option.key)
        assert words.label.startswith(MARK), (game, option.key, words.label)
        assert words.help.startswith(MARK), (game, option.key, "no help")
        for text in (words.label, words.help):
            assert not RAW_KEY.search(text), (game, option.key, text)
            assert not RULE_ID.search(text), (game, option.key, text)
        for choice in option.choices or ():
            if not str(choice).isdigit():
                assert words.value(choice).startswith(MARK), (game, option.key, choice)


def test_an_option_without_words_is_named_by_its_key_spaced_out():
    words = get_presentation("formula_d").capabilities.option_words("no_such_option")
    assert (words.label, words.help, words.value("x")) == ("No such option", "", "x")


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_season_and_round_forms_show_the_games_words(game, marking, django_user_model):
    form = SeasonForm(game=game)
    options = [name for name in form.fields if name.startswith("opt_")]
    assert options
    for name in options:
        assert form.fields[name].label.startswith(MARK), (name, form.fields[name].label)
    for option in game_options(game):
        for value, word in form.fields["opt_" + option.key].choices if option.choices else ():
            assert not value or value.isdigit() or word.startswith(MARK), (option.key, value)
    owner = django_user_model.objects.create(username="owner")
    season = make_season(League.objects.create(name="L", slug="l", owner=owner), game=game)
    round_form = RoundForm(season=season)
    variants = [name for name in round_form.fields if name.startswith("opt_")]
    for name in variants:
        assert round_form.fields[name].label.startswith(MARK), name


def option_values(option) -> list:
    """A value of each kind the option may take: every choice, both sides
    of a switch, its bounds."""
    if option.choices:
        return list(option.choices)
    if option.type == "bool":
        return [True, False]
    if option.type == "int":
        return [v for v in (option.min, option.max, option.default) if v is not None]
    return [option.default] if option.default not in (None, "", [], {}) else []


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_season_page_says_every_option_and_value_in_words(game):
    """Issue 24: `championship True`, `program_timer_seconds 86400` and
    `ruleset published` were shown as they are stored."""
    for option in game_options(game):
        for value in option_values(option):
            [(label, said)] = season_rules_words(game, {option.key: value})
            assert label == get_presentation(game).capabilities.option_words(option.key).label
            assert not RAW_KEY.search(label + " " + said), (game, option.key, label, said)
            assert said not in ("True", "False"), (game, option.key)
            if option.key.endswith("_seconds") and value >= 60:
                assert not said.isdigit(), (game, option.key, said)


def test_durations_and_switches_are_words():
    assert duration_words(86400) == "1\xa0day"
    assert duration_words(30) == "30 seconds"
    assert duration_words(5400) == "1\xa0hour, 30\xa0minutes"
    assert season_rules_words("heat", {"championship": True, "garage": False}) == [
        ("Championship race", "yes"),
        ("Garage", "no"),
    ]
    [(_, said)] = season_rules_words("roborally", {"program_timer_seconds": 86400})
    assert said == "1\xa0day"
