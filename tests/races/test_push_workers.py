"""Server push (issue 25, item 1): a change a Celery worker makes to a live
table reaches subscribers in other processes through Redis
publish/subscribe, and through a real ASGI web process (daphne) a browser's
socket. Real PostgreSQL, Redis, worker and web process; no mocks."""

import asyncio
import json
import threading
from datetime import timedelta

import pytest
from channels.layers import get_channel_layer
from django.test import Client
from django.utils import timezone
from websockets.sync.client import connect

from league.organise.entries import entry_create
from paddock import push
from paddock.push import CHANGED
from races.models import Session, Turn
from races.push.publish import table_group
from races.rounds.edits import round_create
from races.running.controls import session_queue
from races.tasks import expire_deadlines
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status
WAIT = 60  # seconds a signal may take on a loaded machine before the test fails


@pytest.fixture
def table(league, workers):
    """A live race waiting for Ana and Ben, run to its first decision by a worker."""
    season = make_season(league, slug="push", rules={"level": "basic"}, grid_size=4, live_play=True)
    ana, ben = make_driver("Ana"), make_driver("Ben")
    entry_create(season=season, driver=ana, car_number=7)
    entry_create(season=season, driver=ben, car_number=3)
    rnd = round_create(season=season, number=1, name="Push", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    workers("w1")
    session_queue(session=session)
    wait_for(lambda: stored(session).status == S.AWAITING, what="the first decision")
    return session, ana.user, ben.user


def stored(session) -> Session:
    return Session.objects.get(pk=session.pk)


def worker_moves(session) -> int:
    """Let the worker make the decisions owed (their deadline passed):
    nothing is stored or published by this process. Returns the actions
    stored before."""
    before = len(stored(session).actions)
    Turn.objects.filter(session=session).update(deadline=timezone.now() - timedelta(seconds=1))
    expire_deadlines.delay()
    return before


class Subscriber(threading.Thread):
    """A subscriber of the table's group on the channel layer, in a thread
    of this process with its own event loop: not the worker's process."""

    def __init__(self, group: str, count: int = 1):
        super().__init__(daemon=True)
        self.group, self.ready, self.heard = group, threading.Event(), []
        self.count = count

    def run(self) -> None:
        asyncio.run(self.listen())

    async def listen(self) -> None:
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(self.group, channel)
        self.ready.set()
        for _ in range(self.count):
            self.heard.append(await asyncio.wait_for(layer.receive(channel), WAIT))


def _listening(group: str, count: int) -> Subscriber:
    """A subscriber listening, and this process sending as a worker does
    (no server loop of its own)."""
    subscriber = Subscriber(group, count=count)
    subscriber.start()
    assert subscriber.ready.wait(WAIT)
    push.server_loop_is(None)
    return subscriber


def test_a_process_without_a_server_loop_sends_its_signals_in_the_order_given():
    """A worker does not wait for its signals (paddock/push.py): they are
    still sent, every one, in the order it gave them."""
    group = "table.424242"
    subscriber = _listening(group, count=30)
    for number in range(30):
        push.send_all([(group, {"what": "table", "signal": str(number)})])
    subscriber.join(WAIT + 5)
    assert [heard["signal"] for heard in subscriber.heard] == [str(n) for n in range(30)]


def test_a_waited_signal_is_out_when_the_call_returns_and_keeps_its_place():
    """A finished race's signal is waited for (races/running/runner.py): the
    call returns once it is sent, after the signals given before it."""
    group = "table.434343"
    subscriber = _listening(group, count=6)
    for number in range(5):
        push.send_all([(group, {"what": "table", "signal": str(number)})])
    push.send_all([(group, {"what": "table", "signal": "finished"})], waited=True)
    assert push._last_sent.done() and push._last_sent.exception() is None
    subscriber.join(WAIT + 5)
    assert [heard["signal"] for heard in subscriber.heard] == [*"01234", "finished"]


def test_a_move_applied_by_the_worker_reaches_a_subscriber_in_another_process(table):
    session, _ana, _ben = table
    subscriber = Subscriber(table_group(session.pk))
    subscriber.start()
    assert subscriber.ready.wait(WAIT)
    before = worker_moves(session)
    subscriber.join(WAIT + 5)
    (heard,) = subscriber.heard
    assert heard["type"] == CHANGED and heard["what"] == "table" and heard["signal"]
    moved = stored(session).actions[before:]
    assert moved and {step["by"] for step in moved} <= {"default", "autopilot", "bot"}


def socket_to(server, session=None, user=None):
    """A browser's push socket to the web process: the table's, and the
    person's own when signed in (their session cookie)."""
    headers = {"Origin": server.url}
    if user is not None:
        client = Client()
        client.force_login(user)
        headers["Cookie"] = f"sessionid={client.cookies['sessionid'].value}"
    query = f"?table={session.pk}" if session is not None else ""
    return connect(f"ws://127.0.0.1:{server.port}/push/{query}", additional_headers=headers)


def heard(socket) -> set[str]:
    """The signals a socket has been sent, waiting for the first."""
    said = {json.loads(socket.recv(timeout=WAIT))["changed"]}
    while True:
        try:
            said.add(json.loads(socket.recv(timeout=1))["changed"])
        except TimeoutError:
            return said


def test_the_worker_s_move_reaches_the_sockets_of_a_web_process(table, web_servers):
    """Worker → Redis → web process → socket: the seated person hears that
    the table and their turns changed, a spectator only the table, and
    nothing but a signal travels (each browser then fetches its own view)."""
    session, ana, _ben = table
    server = web_servers("push")
    with socket_to(server, session, ana) as seated, socket_to(server, session) as spectator:
        wait_for(lambda: subscribed(server, session), what="the sockets to join the table")
        worker_moves(session)
        assert heard(seated) == {"table", "turns"}
        assert heard(spectator) == {"table"}


def subscribed(server, session) -> bool:
    """Whether the web process has joined the table's group in Redis."""
    import redis
    from django.conf import settings

    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    client = redis.Redis.from_url(settings.REDIS_URL)
    channel = f"{prefix}__group__{table_group(session.pk)}"
    return bool(client.pubsub_numsub(channel)[0][1])


def test_a_socket_with_nothing_to_follow_is_refused(table, web_servers):
    server = web_servers("push-refused")
    with pytest.raises(Exception):  # noqa: B017 (the handshake or the first read fails)
        with socket_to(server) as anonymous:
            anonymous.recv(timeout=WAIT)
