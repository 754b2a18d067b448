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
        words = presentation.option_words(option.key)
        assert words.label.startswith(MARK), (game, option.key, words.label)
        assert words.help.startswith(MARK), (game, option.key, "no help")
        for text in (words.label, words.help):
            assert not RAW_KEY.search(text), (game, option.key, text)
            assert not RULE_ID.search(text), (game, option.key, text)
        for choice in option.choices or ():
            if not str(choice).isdigit():
                assert words.value(choice).startswith(MARK), (game, option.key, choice)


def test_an_option_without_words_is_named_by_its_key_spaced_out():
    words = get_presentation("formula_d").option_words("no_such_option")
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
