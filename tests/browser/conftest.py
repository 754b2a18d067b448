"""Real headless Chromium (Debian's build) driven by Playwright's sync API."""

import os
import shutil
import uuid
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def chromium():
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("browser tests need Debian's chromium (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls
    # the tests make between page actions are still plain synchronous calls.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


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
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
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


from tests.races.conftest import broker, workers  # noqa: E402,F401
