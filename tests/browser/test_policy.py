"""The browser tests' policy watch (tests/browser/conftest.py) sees a
violation when there is one, and the account pages have none."""

import pytest

from tests.browser.conftest import CSP_VIOLATIONS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_watch_reports_an_inline_style(browser_page, live_server):
    browser_page.goto(live_server.url + "/accounts/login/")
    browser_page.evaluate("document.body.setAttribute('style', 'color: red')")
    browser_page.wait_for_timeout(200)
    assert any("style-src" in v for v in CSP_VIOLATIONS), CSP_VIOLATIONS
    CSP_VIOLATIONS.clear()


def test_the_account_pages_keep_the_policy(browser_page, live_server, driver_user):
    base = live_server.url
    for path in ("/accounts/signup/", "/accounts/password_reset/"):
        browser_page.goto(base + path)
    log_in(browser_page, base, "dmitri")
    for path in ("/accounts/", "/accounts/close/", "/accounts/preferences/", "/api/docs"):
        browser_page.goto(base + path)
    browser_page.goto(base + "/accounts/")
    browser_page.fill("#id_email", "d@example.org")
    browser_page.click("form[action='/accounts/address/'] button")
    browser_page.wait_for_url(base + "/accounts/")
    assert "d@example.org" in browser_page.content()
