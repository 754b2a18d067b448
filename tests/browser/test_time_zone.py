"""An anonymous reader in Europe/Warsaw sees dates in Warsaw time from the
first page on, as the issue found them shown in UTC (issue 23, item 6):
static/js/timezone.js sets the `tz` cookie and fetches the first page again
once, in the right zone. Real headless Chromium with the browser's zone set."""

from datetime import UTC, datetime

import pytest

from races.models import Round
from tests.conftest import make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_anonymous_reader_in_warsaw_sees_warsaw_time(
    live_server, chromium, shared_cache, league
):
    season = make_season(league, slug="dated", rules={"level": "basic"})
    Round.objects.create(
        season=season,
        number=1,
        name="New Year's Eve GP",
        track="paddock_ring",
        scheduled_at=datetime(2027, 12, 31, 19, 0, tzinfo=UTC),
    )
    context = chromium.new_context(timezone_id="Europe/Warsaw")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(live_server.url + season.get_absolute_url())
        page.wait_for_selector(
            "meta[name='paddock-zone'][content='Europe/Warsaw']", state="attached"
        )
        assert "Fri 31 Dec 2027, 20:00 CET" in page.inner_text("main")
        cookies = {c["name"]: c["value"] for c in context.cookies()}
        assert cookies["tz"] == "Europe/Warsaw"
        page.reload()  # and it stays: no second fetch, no loop
        assert page.get_attribute("meta[name='paddock-zone']", "content") == "Europe/Warsaw"
    finally:
        context.close()
