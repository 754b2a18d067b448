"""Screenshots of the demo's four live tables at 1280 and 390 px, as `ana`
sees them on her turn, into docs/screenshots/ (shown in the README).

Run against a server with the demo league (`make run`, or any server on
the same database after `manage.py seed_demo`), with the server's
DATABASE_URL so the script finds the live tables:

    DATABASE_URL=... .venv/bin/python scripts/screenshots.py --base http://127.0.0.1:8000

Drives Debian's chromium through Playwright (never a downloaded browser).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"
WIDTHS = (1280, 390)
PASSWORD = "paddock-demo"


def live_tables() -> dict[str, int]:
    """game -> the demo's live race waiting for a person."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paddock.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from races.models import Session

    live = Session.objects.filter(
        round__season__league__slug="demo",
        kind=Session.Kind.RACE,
        status=Session.Status.AWAITING,
    ).values_list("round__season__game", "pk")
    return dict(sorted(live))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--user", default="ana")
    args = parser.parse_args()
    tables = live_tables()
    if not tables:
        raise SystemExit("no live demo table: run `manage.py seed_demo` on this database first")
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--headless", "--no-sandbox"]
        )
        for width in WIDTHS:
            context = browser.new_context(viewport={"width": width, "height": 900}, locale="en")
            page = context.new_page()
            page.goto(args.base + "/accounts/login/")
            page.fill("#id_username", args.user)
            page.fill("#id_password", PASSWORD)
            page.click("main form button[type=submit]")
            page.wait_for_url(args.base + "/")
            for game, pk in tables.items():
                page.goto(f"{args.base}/sessions/{pk}/")
                page.wait_for_selector("#cockpit")
                page.wait_for_timeout(500)  # the countdowns and the panel's script settle
                name = f"table-{game.replace('_', '-')}-{width}.png"
                page.screenshot(path=str(OUT / name), full_page=True)
                print(OUT / name)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
