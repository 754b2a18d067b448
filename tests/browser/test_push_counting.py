"""The table page's count of the panel's fetches (static/js/push.js, issue
25), with the requests' timing in the test's hands (held and let go by
Playwright's routing): a decision's post overlapped by a fetch of the panel
that swaps the panel away from under it; then a signal heard while the panel
is fetching, whose queued fetch htmx drops when the answer swaps the panel.
The page must say that signal again once the fetch is back. When the
overlap left the count of fetches out too high (it was counted down on an
htmx event of the element that asked, which was out of the page by then),
the page never said it again and the driver never saw their next decision."""

import re

import pytest

from tests.browser.test_table import live_session, pick_cards, pick_choice, pick_gear, start

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]
READY = "#cockpit form.panel[data-ready]"


class PanelRoutes:
    """The page's requests for the panel and its decisions: each passed on,
    passed on without the digest the page has (so the answer is a whole
    panel that replaces the old one) or held until the test lets it go."""

    def __init__(self, page):
        self.page, self.mode, self.held, self.fetches = page, "pass", [], 0
        page.route("**/cockpit/**", self.cockpit)
        page.route("**/decide/", self.decision)

    def cockpit(self, route) -> None:
        self.fetches += 1
        if self.mode == "hold":
            self.held.append(route)
        elif self.mode == "whole":
            route.continue_(url=re.sub(r"seen=[^&]*", "seen=", route.request.url))
        else:
            route.continue_()

    def decision(self, route) -> None:
        self.held.append(route)

    def let_go(self, whole: bool = True) -> None:
        held, self.held = self.held, []
        for route in held:
            url = route.request.url
            route.continue_(url=re.sub(r"seen=[^&]*", "seen=", url) if whole else url)


def post_decision(page) -> None:
    """Pick a legal choice on the panel and confirm it (the post is held)."""
    form = page.locator("#cockpit form.panel")
    widget = form.get_attribute("data-widget")
    if widget == "cards":
        pick_cards(form)
    elif widget == "gear_stick":
        pick_gear(form, 3)
    else:
        pick_choice(form)
    form.evaluate("f => { f.dataset.picking = '1'; }")  # gone once the panel is drawn again
    form.locator("button.confirm").click()


def signal(page) -> None:
    """A signal for the panel, as the push socket brings it (its message
    handed to push.js as the ws extension would)."""
    page.evaluate(
        "() => htmx.trigger(document.body, 'htmx:wsBeforeMessage',"
        " {message: JSON.stringify({changed: 'panel'})})"
    )


def until(page, holds, what: str, seconds: float = 15) -> None:
    """Let the page run until `holds()` (a loaded machine is given time)."""
    for _ in range(int(seconds * 20)):
        if holds():
            return
        page.wait_for_timeout(50)
    raise AssertionError(what)


def quiet(page, routes: PanelRoutes, ms: int = 1500) -> None:
    """Until the page has asked for nothing for `ms` (the race's own signals
    after a decision come and go)."""
    before = -1
    while before != routes.fetches:
        before = routes.fetches
        page.wait_for_timeout(ms)


def test_a_signal_heard_while_the_panel_is_fetched_is_said_again_after_a_post_overlapped(
    live_server, chromium, shared_cache, league, workers, browser_page
):
    page = browser_page
    session = live_session(league, game="heat", rules={}, track="usa", grid=2)
    start(page, live_server, session, workers, shared_cache)
    page.wait_for_selector(READY)
    first = page.locator("#cockpit input[name=step]").get_attribute("value")
    routes = PanelRoutes(page)

    # A decision posted and held; the panel fetched whole meanwhile, so the
    # form that posted is out of the page when the post's answer comes.
    post_decision(page)
    until(page, lambda: len(routes.held) == 1, "the decision is held")
    routes.mode = "whole"
    asked = routes.fetches
    signal(page)
    until(page, lambda: routes.fetches > asked, "the panel is fetched")
    page.wait_for_selector("#cockpit form.panel:not([data-picking])")
    routes.mode = "pass"
    routes.let_go(whole=False)
    page.wait_for_function(  # the next decision, by push
        "step => document.querySelector(`#cockpit form.panel[data-ready]"
        " input[name=step]:not([value='${step}'])`)",
        arg=first,
        timeout=60_000,
    )
    quiet(page, routes)

    # A fetch of the panel held; a signal heard meanwhile is queued by htmx
    # on the panel, and dropped when the fetch's answer replaces the panel.
    routes.mode = "hold"
    signal(page)
    until(page, lambda: len(routes.held) == 1, "the panel's fetch is held")
    signal(page)
    page.wait_for_timeout(200)
    assert len(routes.held) == 1, "htmx queues the second fetch behind the first"
    asked = routes.fetches
    routes.mode = "pass"
    routes.let_go(whole=True)
    until(page, lambda: routes.fetches > asked, "the signal heard during the fetch was said again")
