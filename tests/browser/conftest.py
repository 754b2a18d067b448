"""Real headless Chromium (Debian's build) driven by Playwright's sync API.

Every page a browser test visits is checked by axe-core (vendored from the
npm registry in tests/browser/vendor/, never a CDN) against WCAG 2.2 A and
AA: the browser the tests get hands out contexts and pages that run axe on
each document once it has loaded, before the test's next step, and the test
fails at its end on any violation (issue 24)."""

import os
import re
import shutil
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


AXE_SOURCE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
AXE_RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                          resultTypes: ["violations"]});
  return result.violations.map((v) => ({id: v.id, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" "))}));
}"""
# The violations of the running test's pages, by page.
AXE_FOUND: list[str] = []


def axe_page_kind(url: str) -> str:
    """A page once per test: its path with the numbers taken out (every
    step of a replay is the same page)."""
    return re.sub(r"\d+", "#", urlsplit(url).path)


def axe_check(page, url: str) -> list[str]:
    """axe-core's WCAG 2.2 AA violations on the page as it stands."""
    from playwright.sync_api import Error

    try:
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.evaluate(AXE_SOURCE)  # the page's CSP does not apply to the test's own script
        violations = page.evaluate(AXE_RUN, AXE_TAGS)
    except Error:  # the page moved on while it was checked: its next load is checked
        return []
    return [f"{url}: {v['id']} ({v['help']}) at {', '.join(v['nodes'])}" for v in violations]


class AxeCheckedPage:
    """A Playwright page whose every loaded document is checked by axe-core
    before the test's next step (and when its context closes)."""

    def __init__(self, page):
        object.__setattr__(self, "_page", page)
        object.__setattr__(self, "_loaded", [])
        object.__setattr__(self, "_seen", set())
        object.__setattr__(self, "_checking", False)
        page.on("load", lambda loaded: self._loaded.append(loaded.url))

    def axe_pending(self) -> None:
        if self._checking or self._page.is_closed():
            return
        object.__setattr__(self, "_checking", True)
        try:
            while self._loaded:
                url = self._loaded.pop(0)
                kind = axe_page_kind(url)
                if url.startswith("http") and kind not in self._seen:
                    self._seen.add(kind)
                    AXE_FOUND.extend(axe_check(self._page, url))
        finally:
            object.__setattr__(self, "_checking", False)

    def __getattr__(self, name):
        self.axe_pending()
        return getattr(self._page, name)

    def __setattr__(self, name, value):
        setattr(self._page, name, value)


class AxeCheckedContext:
    def __init__(self, context):
        self._context = context
        self._pages: list[AxeCheckedPage] = []

    def new_page(self, *args, **kwargs):
        page = AxeCheckedPage(self._context.new_page(*args, **kwargs))
        self._pages.append(page)
        return page

    def close(self, *args, **kwargs):
        for page in self._pages:
            page.axe_pending()
        return self._context.close(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._context, name)


class AxeCheckedBrowser:
    def __init__(self, browser):
        self._browser = browser

    def new_context(self, *args, **kwargs):
        return AxeCheckedContext(self._browser.new_context(*args, **kwargs))

    def new_page(self, *args, **kwargs):
        return self.new_context().new_page(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def axe_violations():
    """Every browser test: no axe-core violation on any page it visited."""
    AXE_FOUND.clear()
    yield AXE_FOUND
    found = list(dict.fromkeys(AXE_FOUND))
    AXE_FOUND.clear()
    if found:
        pytest.fail("axe-core found WCAG 2.2 AA violations:\n" + "\n".join(found[:40]))


# Every page a browser test opens reports content security policy violations
# (issue 28): a listener added before any script of the page runs turns each
# `securitypolicyviolation` event into a console error, and the browser's own
# console errors about the policy count too. Any of them fails the test.
CSP_WATCH = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline")
    + " at " + e.sourceFile + ":" + e.lineNumber + " " + (e.sample || ""));
}, true);
"""
CSP_VIOLATIONS: list[str] = []


def csp_watched(context):
    """A browser context whose pages report every policy violation."""
    context.add_init_script(CSP_WATCH)

    def on_console(message):
        text = message.text
        if "CSP violation" in text or "Content Security Policy" in text:
            where = message.page.url if message.page else ""
            CSP_VIOLATIONS.append(f"{where}: {text}")

    context.on("console", on_console)
    return context


@pytest.fixture(autouse=True)
def no_csp_violations():
    CSP_VIOLATIONS.clear()
    yield
    found, CSP_VIOLATIONS[:] = list(CSP_VIOLATIONS), []
    if found:
        pytest.fail("content security policy violations:\n" + "\n".join(found))


@pytest.fixture(scope="session")
def chromium():
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("browser tests need Debian's chromium (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls
    # the tests make between page actions are still plain synchronous calls.
    # Set for the browser tests only: a test run later in this process (the
    # deployment check) must not inherit it.
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            new_context = browser.new_context
            # Every context, also those a test makes itself, watches the policy.
            browser.new_context = lambda *args, **kwargs: csp_watched(new_context(*args, **kwargs))
            yield AxeCheckedBrowser(browser)
            browser.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture
def browser_page(chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def shared_cache(settings):
    """One Redis cache for this server and its workers, under a key prefix of
    this test's own (so nothing is read from another run)."""
    from league.caching import memory_clear

    memory_clear()
    prefix = f"browser-{uuid.uuid4().hex[:8]}"
    if os.environ.get("REDIS_URL", "").startswith("redis"):
        settings.CACHES = {
            "default": {
                "BACKEND": "paddock.redis_pool.KeptClientRedisCache",
                "LOCATION": os.environ["REDIS_URL"],
                "KEY_PREFIX": prefix,
            }
        }
    else:
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return prefix


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def log_in(page, base: str, username: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-" + username)
    page.click("form.form button[type=submit]")
    page.wait_for_url(base + "/")


def log_out(page) -> None:
    page.click("header form button")


from tests.races.conftest import broker, web_servers, workers  # noqa: E402,F401


@pytest.fixture
def live_server(request, transactional_db, web_servers):  # noqa: F811 - the fixture above
    """The site as production runs it (issue 25): an ASGI web process
    (daphne) on the test database, where pytest-django's would be a WSGI
    thread of this process. It shares the test's cache prefix when the test
    has one (`shared_cache`), so its workers see what it keeps."""
    env = {"DEBUG": "0", "SECURE_COOKIES": "0", "DJANGO_ALLOW_ASYNC_UNSAFE": ""}
    if "shared_cache" in request.fixturenames:
        env["CACHE_PREFIX"] = request.getfixturevalue("shared_cache")
    else:  # nothing kept by an earlier test's pages is served to this one
        env["CACHE_PREFIX"] = f"browser-{uuid.uuid4().hex[:8]}"
    server = web_servers("live", **env)
    # pytest-django's helper turns the live server's settings on for the
    # test: this one's settings are its own process's, nothing to turn on.
    server._live_server_modified_settings = override_settings()
    return server
