"""The league's history is written in the change's transaction and never
rewritten (issue 23, item 3)."""

import pytest
from django.db import transaction

from league.history import record
from league.models import LeagueChange


@pytest.mark.django_db
def test_a_line_names_who_and_stays_as_written(league, owner):
    with transaction.atomic():
        line = record(league, actor=owner, topic="entry", summary="Ana joins", after="Racing")
    assert line.actor_name == "olivia"
    line.summary = "rewritten"
    with pytest.raises(ValueError):
        line.save()
    with pytest.raises(ValueError):
        line.delete()
    assert LeagueChange.objects.get().summary == "Ana joins"


@pytest.mark.django_db(transaction=True)
def test_a_line_outside_a_transaction_is_refused(league, owner):
    with pytest.raises(RuntimeError):
        record(league, actor=owner, topic="entry", summary="Ana joins")
    assert not LeagueChange.objects.exists()


@pytest.mark.django_db
def test_the_site_itself_is_named_when_nobody_acted(league):
    with transaction.atomic():
        line = record(league, actor=None, topic="result", summary="Round 1 stored")
    assert line.actor is None and line.actor_name == "Paddock"


@pytest.mark.django_db
def test_a_line_is_read_in_the_readers_words(league, owner):
    with transaction.atomic():
        line = record(
            league,
            actor=owner,
            topic="entry",
            summary="%(driver)s withdrew",
            params={"driver": "Ana Silva"},
            before="Racing",
            after="Withdrawn",
        )
    assert line.summary_words() == "Ana Silva withdrew"
    assert (line.before_words(), line.after_words()) == ("Racing", "Withdrawn")


@pytest.mark.django_db
def test_an_unknown_topic_is_refused(league, owner):
    with transaction.atomic(), pytest.raises(ValueError):
        record(league, actor=owner, topic="gossip", summary="x")
