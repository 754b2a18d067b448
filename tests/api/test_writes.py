"""The organiser's tools by API (issue 23, item 7): every write is refused,
changing nothing, without a token, with another person's, a revoked one or
one without the scope; with the right token it writes exactly what the
page's form writes (the same rows, the same history lines)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.tokens import token_create, token_revoke
from league.models import DriverStanding, Entry, League, LeagueChange
from league.organise.entries import entry_create
from races.models import Result, Round, Session
from races.rounds.edits import round_create
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
ALL = ["read", "results", "entries", "rounds"]


def build(league, slug, drivers):
    """A season of three cars and two rounds, nothing raced yet."""
    season = make_season(league, slug=slug, status="running", grid_size=4, fill_with_bots=False)
    entries = [
        entry_create(season=season, driver=d, car_number=n) for n, d in enumerate(drivers, 1)
    ]
    start = timezone.now() + timedelta(days=1)
    rounds = [
        round_create(
            season=season,
            number=n,
            name=f"Round {n}",
            track="paddock_ring",
            laps=1,
            scheduled_at=start + timedelta(days=7 * n),
        )
        for n in (1, 2)
    ]
    return season, entries, rounds


@pytest.fixture
def twins(league):
    """Two seasons alike, one changed by the form, one by the API."""
    drivers = [make_driver(name) for name in ("Ana", "Ben", "Cid")]
    return build(league, "by-form", drivers), build(league, "by-api", drivers)


def bearer(secret):
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"} if secret else {}


def api_post(client, path, body, secret, method="post"):
    send = getattr(client, method)
    return send("/api" + path, body, content_type="application/json", **bearer(secret))


def race(rnd) -> Session:
    return rnd.sessions.get(kind=Session.Kind.RACE)


def result_rows(session):
    return sorted(
        Result.objects.filter(session=session).values_list(
            "entry__car_number",
            "position",
            "status",
            "laps",
            "figures",
            "points",
            "final_position",
            "final_status",
        )
    )


def standings(season):
    return sorted(
        DriverStanding.objects.filter(season=season).values_list(
            "entry__car_number", "rank", "points"
        )
    )


def history(season):
    """The season's history lines in words, the season's own names aside."""
    lines = []
    for change in LeagueChange.objects.filter(season=season).order_by("pk"):
        said = (
            change.topic,
            change.summary_words(),
            change.before_words(),
            change.after_words(),
            change.actor_name,
        )
        lines.append(tuple(str(s).replace(season.name, "SEASON") for s in said))
    return lines


def everything(league):
    return (
        list(Result.objects.values_list("pk", "position", "status")),
        list(Entry.objects.values_list("pk", "withdrawn", "reserve", "car_number")),
        list(Round.objects.values_list("pk", "number", "name")),
        LeagueChange.objects.count(),
    )


# The writes: (path, body, method, scope) given the season being changed.
def writes(season, entries, rounds):
    slug = f"/leagues/{season.league.slug}/seasons/{season.slug}"
    return {
        "result": (
            f"/sessions/{race(rounds[0]).pk}/result",
            {
                "lines": [
                    {"car": 2, "position": 1, "fastest_lap": True},
                    {"car": 1, "position": 2},
                    {"car": 3, "position": 3, "status": "eliminated"},
                ]
            },
            "put",
            "results",
        ),
        "import": (
            f"/sessions/{race(rounds[0]).pk}/result/import",
            {"csv": "car,position,status\n3,1,finished\n1,2,finished\n2,3,DNF\n"},
            "post",
            "results",
        ),
        "entry": (f"{slug}/entries", {"driver_name": "Newbot", "car_number": 9}, "post", "entries"),
        "withdraw": (f"/entries/{entries[0].pk}/withdraw", {}, "post", "entries"),
        "round": (
            f"{slug}/rounds",
            {
                "name": "Finale",
                "track": "paddock_ring",
                "laps": 2,
                "qualifying_format": "none",
                "grid_rule": "entry",
                "points_multiplier": "2",
            },
            "post",
            "rounds",
        ),
    }


WRITES = ["result", "import", "entry", "withdraw", "round"]


@pytest.mark.parametrize("write", WRITES)
@pytest.mark.parametrize("who", ["none", "stranger", "revoked", "scope", "other_league"])
def test_a_write_without_the_right_token_is_refused_and_changes_nothing(
    client, twins, owner, visitor, write, who
):
    (season, entries, rounds), _ = twins
    path, body, method, scope = writes(season, entries, rounds)[write]
    secret = None
    if who == "stranger":
        secret = token_create(user=visitor, name="t", scopes=ALL)[1]
    elif who == "revoked":
        token, secret = token_create(user=owner, name="t", scopes=ALL)
        token_revoke(user=owner, token_id=token.pk)
    elif who == "scope":
        secret = token_create(user=owner, name="t", scopes=[s for s in ALL if s != scope])[1]
    elif who == "other_league":
        League.objects.create(name="Elsewhere", slug="elsewhere", owner=visitor)
        secret = token_create(user=visitor, name="t", scopes=ALL)[1]
    before = everything(season.league)
    response = api_post(client, path, body, secret, method)
    assert response.status_code in {401, 403}, response.content
    assert "detail" in response.json()
    assert everything(season.league) == before


def form_posts(client, season, entries, rounds):
    """The same five writes through the pages."""
    session = race(rounds[0])
    return {
        "result": lambda: client.post(
            reverse("results_entry", args=[session.pk]),
            {
                f"car{entries[1].pk}-position": 1,
                f"car{entries[1].pk}-status": "finished",
                f"car{entries[1].pk}-fastest_lap": "on",
                f"car{entries[0].pk}-position": 2,
                f"car{entries[0].pk}-status": "finished",
                f"car{entries[2].pk}-position": 3,
                f"car{entries[2].pk}-status": "eliminated",
            },
        ),
        "import": lambda: client.post(
            reverse("results_import", args=[session.pk]),
            {"text": "car,position,status\n3,1,finished\n1,2,finished\n2,3,DNF\n", "confirm": "1"},
        ),
        "entry": lambda: client.post(
            reverse("entry_add", args=[season.league.slug, season.slug]),
            {"driver_name": "Newbot", "car_number": 9, "bot": "on"},
        ),
        "withdraw": lambda: client.post(
            reverse("entry_withdraw", args=[entries[0].pk]), {"confirm": "yes"}
        ),
        "round": lambda: client.post(
            reverse("round_create", args=[season.league.slug, season.slug]),
            {
                "number": 3,
                "name": "Finale",
                "track": "paddock_ring",
                "laps": 2,
                "qualifying_format": "none",
                "grid_rule": "entry",
                "points_multiplier": "2",
            },
        ),
    }


def state(season, rounds):
    entries = sorted(
        Entry.objects.filter(season=season).values_list(
            "car_number", "driver__name", "withdrawn", "reserve"
        )
    )
    made = sorted(
        Round.objects.filter(season=season).values_list(
            "number", "name", "track", "laps", "points_multiplier", "qualifying_format", "grid_rule"
        )
    )
    session = race(rounds[0])
    session.refresh_from_db()
    return {
        "results": result_rows(session),
        "standings": standings(season),
        "entries": entries,
        "rounds": made,
        "entered_by": session.entered_by_id,
        "history": history(season),
    }


@pytest.mark.parametrize("write", WRITES)
def test_with_the_right_token_it_writes_what_the_form_writes(client, twins, owner, write):
    (by_form, form_entries, form_rounds), (by_api, api_entries, api_rounds) = twins
    if write == "entry":
        # The API's season must hold the form's new bot too: one driver, two seasons.
        pass
    client.force_login(owner)
    page = form_posts(client, by_form, form_entries, form_rounds)[write]()
    assert page.status_code == 302, page.content.decode()[:2000]
    client.logout()
    path, body, method, scope = writes(by_api, api_entries, api_rounds)[write]
    if write == "entry":
        body = {**body, "driver_name": "Newbot", "bot": True}
    secret = token_create(user=owner, name="t", scopes=[scope])[1]
    response = api_post(client, path, body, secret, method)
    assert response.status_code in {200, 201}, response.content
    assert state(by_api, api_rounds) == state(by_form, form_rounds)
    assert state(by_api, api_rounds) != {}


def test_a_bad_write_is_a_field_error_that_changes_nothing(client, twins, owner):
    (season, entries, rounds), _ = twins
    secret = token_create(user=owner, name="t", scopes=ALL)[1]
    before = everything(season.league)
    path = f"/leagues/{season.league.slug}/seasons/{season.slug}/rounds"
    response = api_post(
        client, path, {"name": "", "track": "nowhere", "qualifying_format": "none"}, secret
    )
    assert response.status_code == 422
    assert set(response.json()["errors"]) >= {"name", "track"}
    response = api_post(
        client,
        f"/sessions/{race(rounds[0]).pk}/result",
        {"lines": [{"car": 42, "position": 1}]},
        secret,
        "put",
    )
    assert response.status_code == 422 and "#1" in response.json()["detail"]
    assert everything(season.league) == before


def test_a_steward_token_reaches_the_league_it_stewards(client, twins, steward):
    (season, entries, rounds), _ = twins
    secret = token_create(user=steward, name="t", scopes=["read", "entries"])[1]
    me = client.get("/api/me", **bearer(secret)).json()
    assert me["leagues"] == [season.league.slug] and me["scopes"] == ["read", "entries"]
    assert api_post(client, f"/entries/{entries[0].pk}/withdraw", {}, secret).status_code == 200


def test_wrong_tokens_are_locked_out_like_wrong_passwords(client, twins, owner):
    secret = token_create(user=owner, name="t", scopes=ALL)[1]
    for n in range(5):
        client.get("/api/me", HTTP_AUTHORIZATION=f"Bearer pdk_wrong{n}", REMOTE_ADDR="10.9.9.9")
    response = client.get("/api/me", HTTP_AUTHORIZATION=f"Bearer {secret}", REMOTE_ADDR="10.9.9.9")
    assert response.status_code == 429 and "locked" in response.json()["detail"]
    assert (
        client.get(
            "/api/me", HTTP_AUTHORIZATION=f"Bearer {secret}", REMOTE_ADDR="10.9.9.8"
        ).status_code
        == 200
    )


def test_the_openapi_document_names_the_writes_and_their_token(client, db):
    from openapi_spec_validator import validate

    document = client.get("/api/openapi.json").json()
    validate(document)
    paths = document["paths"]
    assert "put" in paths["/api/sessions/{session_id}/result"]
    assert "post" in paths["/api/leagues/{league}/seasons/{season}/rounds"]
    assert any(
        s.get("scheme") == "bearer" for s in document["components"]["securitySchemes"].values()
    )
