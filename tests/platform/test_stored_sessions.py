"""Sessions stored before the floor plan still verify (issue 22): the records
in data/stored_sessions.json were made by the engines at the commit before
the moves (f537844: config, seat records, seed, every action and the log
hash, as the site stores a finished session); the log hashes and event
counts of stored-1005 (RoboRally) and stored-1006/1007 (Galaxy Trucker) were
taken again when issue 27 changed those logs (the actions are the same).
Each is stored as a finished session and checked with `verify_session`, the
command an organiser runs."""

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from races.models import Round, Session
from races.replay.verification import session_verify
from races.rules import IllegalAction
from tests.conftest import make_season

RECORDS = json.loads((Path(__file__).parent / "data" / "stored_sessions.json").read_text())


@pytest.mark.django_db
@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['game']}-{r['seed']}")
def test_a_session_stored_before_the_floor_plan_verifies(record, league, capsys):
    session = _store(league, record, record["actions"], record["seed"])
    verdict = session_verify(session=session)
    assert verdict.matches, (verdict.stored, verdict.replayed)
    call_command("verify_session", session.pk)
    assert record["log_sha256"] in capsys.readouterr().out


def _store(league, record, actions, name):
    season = make_season(league, game=record["game"], slug=name)
    track = record["config"]["track"]
    rnd = Round.objects.create(season=season, number=1, name="Round 1", track=track)
    return Session.objects.create(
        round=rnd,
        kind=Session.Kind.RACE,
        status=Session.Status.FINISHED,
        seed=record["seed"],
        seats=record["seats"],
        config=record["config"],
        actions=actions,
        log_sha256=record["log_sha256"],
    )


@pytest.mark.django_db
def test_a_changed_action_does_not_verify(league):
    """One gear changed in the record: the replay either refuses the action
    or ends with another hash; it never matches."""
    record = next(r for r in RECORDS if r["game"] == "heat")
    actions = json.loads(json.dumps(record["actions"]))
    first = next(a for a in actions if a["action"]["kind"] == "shift_gear")
    first["action"]["params"]["gear"] = 2 if first["action"]["params"]["gear"] != 2 else 1
    session = _store(league, record, actions, "changed")
    try:
        verdict = session_verify(session=session)
    except IllegalAction:
        return
    assert not verdict.matches
