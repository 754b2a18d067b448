"""Server push (issue 25): the announcement, the socket, the panel's "no
change" answer, and the kept races' locks, in this process.

Across processes (a worker's move heard by a web process's sockets) is
tests/races/test_push_workers.py; two browsers, tests/browser/test_push.py."""

import asyncio
import json
import threading
from contextlib import contextmanager

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from paddock import push
from paddock.push import CHANGED
from races.push.news import news_drawn
from races.push.publish import table_changed, table_group, turns_changed, turns_group
from races.table import live_races
from races.table.live_races import live_race
from tests.races.test_table import heat  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db
IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def memory_layer(settings):
    """The development server's layer (no Redis), fresh for the test."""
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = IN_MEMORY
    channel_layers.backends.clear()
    yield get_channel_layer()
    channel_layers.backends.clear()
    push.server_loop_is(None)


class ServerLoop(threading.Thread):
    """An event loop in a thread of its own, as the ASGI server's is: the
    announcements of this (other) thread are handed to it."""

    def __init__(self):
        super().__init__(daemon=True)
        self.loop = asyncio.new_event_loop()

    def run(self):
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def call(self, coroutine, timeout=10):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.join(5)


@contextmanager
def listening(layer, group: str):
    """(server loop, channel): a channel of `group` on a server loop of its
    own, which this process's announcements are handed to."""
    server = ServerLoop()
    server.start()
    try:
        channel = server.call(layer.new_channel())
        server.call(layer.group_add(group, channel))
        push.server_loop_is(server.loop)
        yield server, channel
    finally:
        server.stop()


@contextmanager
def table_and_people(layer, session, *people):
    """(server loop, {group: channel}): a channel each for the table's group
    and each person's turns group, on a server loop of their own."""
    server = ServerLoop()
    server.start()
    try:
        channels = {}
        for group in (table_group(session.pk), *(turns_group(p.pk) for p in people)):
            channels[group] = server.call(layer.new_channel())
            server.call(layer.group_add(group, channels[group]))
        push.server_loop_is(server.loop)
        yield server, channels
    finally:
        server.stop()


def test_a_change_is_announced_after_commit_to_the_table_and_its_people(
    heat,  # noqa: F811
    memory_layer,
    django_capture_on_commit_callbacks,
):
    session, ana, ben = heat
    with table_and_people(memory_layer, session, ana, ben) as (server, channels):
        with django_capture_on_commit_callbacks(execute=False) as waiting:
            table_changed(session)
        assert len(waiting) == 1  # nothing is said before the change is committed
        waiting[0]()
        heard = {group: server.call(memory_layer.receive(c)) for group, c in channels.items()}
        table = heard.pop(table_group(session.pk))
        # The table's signal has a mark of its own: each web process draws its news once.
        assert table["what"] == "table" and len(table.pop("signal")) == 32
        assert table == {"type": CHANGED, "what": "table"}
        assert all(said == {"type": CHANGED, "what": "turns"} for said in heard.values())


def test_a_table_change_tells_only_the_people_named_of_their_turns(
    heat,  # noqa: F811
    memory_layer,
    django_capture_on_commit_callbacks,
):
    """A decision names whose turns it changed (races/table/online.py): the
    others' "your turn" notices hear nothing; the table hears as ever."""
    session, ana, ben = heat
    with table_and_people(memory_layer, session, ana, ben) as (server, channels):
        with django_capture_on_commit_callbacks(execute=True):
            table_changed(session, turns_of=[ben.pk])
        for group in (table_group(session.pk), turns_group(ben.pk)):
            server.call(asyncio.wait_for(memory_layer.receive(channels[group]), 5))
        with pytest.raises(TimeoutError):
            server.call(asyncio.wait_for(memory_layer.receive(channels[turns_group(ana.pk)]), 0.2))


def test_turns_changed_tells_each_person_alone(memory_layer, django_capture_on_commit_callbacks):
    server = ServerLoop()
    server.start()
    try:
        mine, other = (
            server.call(memory_layer.new_channel()),
            server.call(memory_layer.new_channel()),
        )
        server.call(memory_layer.group_add(turns_group(5), mine))
        server.call(memory_layer.group_add(turns_group(6), other))
        push.server_loop_is(server.loop)
        with django_capture_on_commit_callbacks(execute=True):
            turns_changed([5])
        heard = server.call(asyncio.wait_for(memory_layer.receive(mine), 5))
        assert heard == {"type": CHANGED, "what": "turns"}
        with pytest.raises(TimeoutError):
            server.call(asyncio.wait_for(memory_layer.receive(other), 0.2))
    finally:
        server.stop()


def site():
    """The site's ASGI application, imported once the test settings stand
    (its origin check reads the allowed hosts when it is built)."""
    from paddock.asgi import application

    return application


def heard_on_socket(layer, query: str, group: str, what: str, headers=()) -> dict:
    """What a socket asking `/push/?{query}` is sent when `group` hears `what`."""

    async def watch():
        socket = WebsocketCommunicator(
            site(), f"/push/?{query}", headers=[(b"origin", b"http://testserver"), *headers]
        )
        connected, _ = await socket.connect()
        assert connected
        await layer.group_send(group, {"type": CHANGED, "what": what})
        said = json.loads(await socket.receive_from(5))
        await socket.disconnect()
        return said

    return asyncio.run(watch())


def test_the_socket_joins_the_table_and_passes_signals_on(heat, memory_layer):  # noqa: F811
    session = heat[0]
    heard = heard_on_socket(memory_layer, f"table={session.pk}", table_group(session.pk), "table")
    assert heard == {"changed": "table"}


def test_a_signal_is_passed_on_without_a_hop_to_the_consumers_shared_thread(
    heat,  # noqa: F811
    memory_layer,
    monkeypatch,
):
    """Channels closes old database connections before every handler, on
    the one thread all consumers of a process share: fifty tables' signals
    queued there ahead of their news. A signal's handler skips it."""
    session, hops = heat[0], []

    async def closing():
        hops.append("closed")

    monkeypatch.setattr("channels.consumer.aclose_old_connections", closing)

    async def watch():
        socket = WebsocketCommunicator(
            site(), f"/push/?table={session.pk}", headers=[(b"origin", b"http://testserver")]
        )
        connected, _ = await socket.connect()
        assert connected
        before = len(hops)
        for _ in range(3):
            await memory_layer.group_send(
                table_group(session.pk), {"type": CHANGED, "what": "table"}
            )
            assert json.loads(await socket.receive_from(5)) == {"changed": "table"}
        await socket.disconnect()
        return before

    before = asyncio.run(watch())
    assert before >= 1  # the socket's own connecting still closes them
    assert hops[before:].count("closed") <= 1  # its disconnecting may; the signals never


def test_a_socket_from_another_site_is_refused(heat, memory_layer):  # noqa: F811
    application = site()

    async def knock():
        socket = WebsocketCommunicator(
            application, f"/push/?table={heat[0].pk}", headers=[(b"origin", b"http://evil.test")]
        )
        connected, _ = await socket.connect()
        return connected

    assert asyncio.run(knock()) is False


def test_the_panel_answers_no_change_while_it_is_drawn_from_the_same(heat):  # noqa: F811
    session, ana, _ben = heat
    client = Client()
    client.force_login(ana)
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    # The panel follows the push socket with its own digest.
    start = page.index('<section id="cockpit"')
    section = page[start : page.index(">", start)]
    # Either signal: the table's, or the one that brought the public area.
    assert 'hx-trigger="push-table from:body, push-panel from:body"' in section
    asked = section.split('hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    same = client.get(asked, headers={"HX-Request": "true"})
    assert same.status_code == 204
    other = client.get(asked + "x", headers={"HX-Request": "true"})
    assert other.status_code == 200 and 'id="cockpit"' in other.content.decode()


def test_the_live_area_is_drawn_once_per_state_for_every_reader(heat):  # noqa: F811
    session, ana, _ben = heat
    area = reverse("session_live", args=[session.pk])
    spectator = Client().get(area, headers={"HX-Request": "true"}).content.decode()
    driver = Client()
    driver.force_login(ana)
    seated = driver.get(area, headers={"HX-Request": "true"}).content.decode()
    assert spectator == seated and 'id="cockpit"' not in seated


def test_the_organisers_area_has_the_pause_button_and_nobody_else_s_does(heat):  # noqa: F811
    session, _ana, _ben = heat
    area = reverse("session_live", args=[session.pk])
    organiser = Client()
    organiser.force_login(session.round.season.league.owner)
    theirs = organiser.get(area, headers={"HX-Request": "true"}).content.decode()
    # Drawn for the organiser first, the area kept for everyone else has no button.
    spectator = Client().get(area, headers={"HX-Request": "true"}).content.decode()
    assert 'id="table-pause-button"' in theirs and 'id="table-pause-button"' not in spectator


def test_a_signal_s_news_is_the_area_a_spectator_fetches_and_each_driver_s_panel_digest(
    heat,  # noqa: F811
):
    session, ana, ben = heat
    english, polish = news_drawn(session.pk, "en"), news_drawn(session.pk, "pl")
    fetched = (
        Client()
        .get(reverse("session_live", args=[session.pk]), headers={"HX-Request": "true"})
        .content.decode()
    )
    assert english.area == fetched and english.area.lstrip().startswith('<div id="live"')
    assert polish.area != english.area and 'id="live"' in polish.area
    for person in (ana, ben):
        client = Client()
        client.force_login(person)
        page = client.get(reverse("session_live", args=[session.pk])).content.decode()
        start = page.index('<section id="cockpit"')
        asked = page[start : page.index(">", start)].split("seen=", 1)[1].split('"', 1)[0]
        assert english.panels[person.pk] == asked


@pytest.mark.django_db(transaction=True)  # the sockets read the race on threads of their own
def test_a_socket_is_sent_the_area_in_its_language_and_an_organiser_s_only_the_signal(
    heat,  # noqa: F811
    memory_layer,
):
    session, ana, _ben = heat
    application = site()
    owner = session.round.season.league.owner
    event = {"type": CHANGED, "what": "table", "signal": "one"}

    def cookie_of(user) -> list:
        client = Client()
        client.force_login(user)
        return [(b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]

    async def watch(query: str, headers: list) -> dict:
        socket = WebsocketCommunicator(
            application, f"/push/?table={session.pk}{query}",
            headers=[(b"origin", b"http://testserver"), *headers],
        )  # fmt: skip
        connected, _ = await socket.connect()
        assert connected
        await memory_layer.group_send(table_group(session.pk), event)
        said = json.loads(await socket.receive_from(10))
        await socket.disconnect()
        return said

    organiser_in, driver_in = cookie_of(owner), cookie_of(ana)

    async def all_four():
        return (
            await watch("&language=en", []),
            await watch("", []),
            await watch("&language=en", organiser_in),
            await watch("&language=en", driver_in),
        )

    english, no_language, organiser, driver = asyncio.run(all_four())
    news = news_drawn(session.pk, "en")
    assert english == {"changed": "table", "area": news.area}
    assert no_language == {"changed": "table"} and organiser == {"changed": "table"}
    # The driver is told their own panel's digest, nobody else's.
    assert driver == {"changed": "table", "area": news.area, "panel": news.panels[ana.pk]}


def test_each_table_has_a_lock_of_its_own(heat):  # noqa: F811
    """Two tables are used at once; one table is never used by two threads
    at once (issue 25: no lock shared by all live tables)."""
    # Read here: the threads share this test's uncommitted transaction only through the objects.
    rows = type(heat[0]).objects.select_related("round__season")
    session = rows.get(pk=heat[0].pk)
    other = rows.get(pk=session.pk)  # the same table, another reader
    holding, release, entered = threading.Event(), threading.Event(), threading.Event()

    def hold():
        with live_race(session):
            holding.set()
            release.wait(10)

    def enter_same():
        with live_race(other):
            entered.set()

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    same = threading.Thread(target=enter_same)
    same.start()
    assert not entered.wait(0.3)  # the same table waits for the holder
    release.set()
    holder.join(10)
    same.join(10)
    assert entered.is_set()
    assert not live_races._locks  # nobody holds or waits: no lock is left behind


def test_another_table_is_not_held_up_by_a_held_one(heat):  # noqa: F811
    session = type(heat[0]).objects.select_related("round__season").get(pk=heat[0].pk)
    holding, release = threading.Event(), threading.Event()

    def hold():
        with live_race(session):
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    try:
        lock = live_races._locks[session.pk]
        # Another table's lock is another lock, taken at once while this one is held.
        with live_races._session_lock(session.pk + 1_000_000):
            assert live_races._locks[session.pk + 1_000_000] is not lock
    finally:
        release.set()
        holder.join(10)


def test_the_races_kept_follow_the_setting(heat, settings):  # noqa: F811
    session = heat[0]
    settings.LIVE_RACES_KEPT = 1
    live_races._kept.clear()
    with live_race(session):
        pass
    assert list(live_races._kept) == [session.pk]
    live_races._keep(type("Other", (), {"pk": -1, "seed": "x", "actions": []})(), object())
    assert list(live_races._kept) == [-1]


def test_a_season_s_standings_changing_is_said_to_its_pages(
    heat,  # noqa: F811
    memory_layer,
    django_capture_on_commit_callbacks,
):
    """Issue 25: the live standings follow the push socket too: the season's
    and the standings pages join the season's group, and a stored result
    (any change of what the season's pages show) is said to it on commit."""
    from league.caching import season_changed
    from paddock.push import season_group

    season = heat[0].round.season
    for name in ("season", "standings"):
        page = Client().get(reverse(name, args=[season.league.slug, season.slug])).content.decode()
        assert f"season={season.pk}&amp;" in page and 'hx-trigger="push-season from:body"' in page
    with listening(memory_layer, season_group(season.pk)) as (server, channel):
        with django_capture_on_commit_callbacks(execute=False) as waiting:
            season_changed(season_id=season.pk)
        with pytest.raises(TimeoutError):  # nothing is said before the commit
            server.call(asyncio.wait_for(memory_layer.receive(channel), 0.2))
        for callback in waiting:
            callback()
        heard = server.call(asyncio.wait_for(memory_layer.receive(channel), 5))
    assert heard == {"type": CHANGED, "what": "season"}
    fetched = (
        Client()
        .get(
            reverse("standings", args=[season.league.slug, season.slug]) + "?sort=rank",
            headers={"HX-Request": "true"},
        )
        .content.decode()
    )
    assert fetched.startswith('<div id="standings" hx-get=')


def test_a_socket_asking_for_a_season_joins_its_group(heat, memory_layer):  # noqa: F811
    from paddock.push import season_group

    season = heat[0].round.season
    heard = heard_on_socket(memory_layer, f"season={season.pk}", season_group(season.pk), "season")
    assert heard == {"changed": "season"}


def test_a_tournament_s_changes_are_said_to_its_season_s_pages(
    league,
    owner,
    memory_layer,
    django_capture_on_commit_callbacks,
):
    """Issue 25: the tournament's page does not poll; its socket follows the
    tournament's season, told when a table starts or is stored and when the
    tournament's own rows change (players entered, a round drawn)."""
    from paddock.push import season_group
    from tests.tournaments.conftest import bots_enter, make_tournament
    from tournaments.organise.stages import tournament_start

    tournament = make_tournament(league, owner, rounds=2)
    with listening(memory_layer, season_group(tournament.season_id)) as (server, channel):
        for change in (
            lambda: bots_enter(tournament, owner, 8),
            lambda: tournament_start(tournament=tournament, actor=owner),
        ):
            with django_capture_on_commit_callbacks(execute=True):
                change()
            heard = server.call(asyncio.wait_for(memory_layer.receive(channel), 5))
            assert heard == {"type": CHANGED, "what": "season"}
    page = Client().get(reverse("tournament", args=[league.slug, tournament.slug])).content.decode()
    assert 'hx-trigger="push-season from:body"' in page and "every 10s" not in page
    assert f"season={tournament.season_id}&amp;" in page


def test_a_race_claimed_before_its_grid_is_planned_is_drawn_without_its_log(
    heat,  # noqa: F811
):
    """The runner says the race is running as soon as it claims it (a lobby
    reloads into the table then), before the grid is planned: the table and
    the news drawn for its signal show it running, nothing to tell yet."""
    from races.models import Session

    session = heat[0]
    Session.objects.filter(pk=session.pk).update(
        status=Session.Status.RUNNING, seats=[], actions=[]
    )
    page = Client().get(reverse("session_live", args=[session.pk]))
    assert page.status_code == 200 and 'id="race-log"' not in page.content.decode()
    assert news_drawn(session.pk, "en").area.lstrip().startswith('<div id="live"')
    # A driver's page drawn then (a lobby reloading into the table) has a
    # panel that follows the table, so their first decision reaches it.
    driver = Client()
    driver.force_login(heat[1])
    html = driver.get(reverse("session_live", args=[session.pk])).content.decode()
    start = html.index('<section id="cockpit"')
    assert "hx-get=" in html[start : html.index(">", start)]
    assert "The grid is being drawn" in html
