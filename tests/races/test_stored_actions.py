"""A live session's decisions are appended to its stored actions, never
written whole again (races/replay/stored_actions.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from races.models import Session
from races.table.online import decision_submit, session_advance
from tests.races.online_helpers import a_legal_choice
from tests.races.test_online import people, start  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def _actions_writes(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].startswith("UPDATE") and '"actions"' in q["sql"]]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="jsonb appends on PostgreSQL")
def test_a_decision_appends_its_action_and_the_bots_append_theirs(people):  # noqa: F811
    season, ana, ben = people
    session = start(season)
    turn = session.turns.first()
    owner = next(r for r in session.seats if r["id"] == turn.seat)["user_id"]
    user = ana if owner == ana.pk else ben
    before = list(session.actions)
    choice = a_legal_choice(session, turn.seat)
    with CaptureQueriesContext(connection) as submitted:
        decision_submit(
            session_id=session.pk, user=user, seat=turn.seat, step=turn.step, action=choice
        )
    writes = _actions_writes(submitted.captured_queries)
    assert writes and all("||" in sql for sql in writes)
    # the earlier actions are not written again, only the one decision
    assert all(sql.count('"seat"') <= 1 for sql in writes)
    stored = Session.objects.get(pk=session.pk).actions
    assert stored[: len(before)] == before
    assert stored[len(before)] == {"seat": turn.seat, "action": choice.to_dict(), "by": "driver"}
    with CaptureQueriesContext(connection) as advanced:
        session_advance(session_id=session.pk)
    assert all("||" in sql for sql in _actions_writes(advanced.captured_queries))
    session.refresh_from_db()
    assert session.actions[: len(stored)] == stored


def test_a_replaced_list_of_actions_is_written_whole(people):  # noqa: F811
    season, _, _ = people
    session = start(season)
    session.actions = [{"seat": "x", "action": {"kind": "k", "params": {}}, "by": "bot"}]
    session.save(update_fields=["actions"])
    assert Session.objects.get(pk=session.pk).actions == session.actions
    session.actions = [*session.actions, *session.actions]
    session.save(update_fields=["actions"])
    assert len(Session.objects.get(pk=session.pk).actions) == 2


def test_actions_are_written_as_compact_json_appended_or_whole(people):  # noqa: F811
    """The field writes its list with actions_text (orjson where installed):
    no spaces, the same list read back, after an empty list or a full one."""
    season, _, _ = people
    session = start(season)
    one = {"seat": "car1", "action": {"kind": "gear", "params": {"gear": 2}}, "by": "bot"}
    two = {"seat": "car2", "action": {"kind": "move", "params": {"path": ["é"]}}, "by": "driver"}
    session.actions = [one]
    with CaptureQueriesContext(connection) as whole:
        session.save(update_fields=["actions"])
    session = Session.objects.get(pk=session.pk)
    session.actions = [one, two]
    with CaptureQueriesContext(connection) as appended:
        session.save(update_fields=["actions"])
    for queries in (whole, appended):
        written = _actions_writes(queries.captured_queries)
        assert written and all('"by":"' in sql and '"by": "' not in sql for sql in written)
    assert Session.objects.get(pk=session.pk).actions == [one, two]
