"""The content security policy (issue 28, item 3): every page sends it, it
allows nothing inline and no other origin, and no template needs more."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    found = {}
    for part in header.split(";"):
        name, *values = part.split()
        found[name] = values
    return found


@pytest.mark.parametrize("name", ["home", "login", "signup", "password_reset", "ratings"])
def test_every_page_sends_a_policy_without_inline_or_other_origins(client, name):
    directives = policy(client.get(reverse(name)))
    for directive in ("default-src", "script-src", "style-src"):
        assert directives[directive] == ["'self'"], directive
    assert directives["object-src"] == ["'none'"] and directives["frame-ancestors"] == ["'none'"]
    every = [value for values in directives.values() for value in values]
    assert not [v for v in every if "unsafe" in v or v.startswith(("http", "*"))]


def test_the_account_pages_send_it_too(client, driver_user):
    client.force_login(driver_user)
    for name in ("account", "account_close", "preferences", "turn_notices"):
        assert "script-src 'self'" in client.get(reverse(name))["Content-Security-Policy"]


INLINE = [
    (re.compile(r"\sstyle\s*="), "a style attribute"),
    (re.compile(r"<style[\s>]"), "a <style> block"),
    (re.compile(r"\son[a-z]+\s*=\s*[\"']"), "an on* handler attribute"),
    (re.compile(r"\shx-on[:-]"), "an hx-on handler (htmx runs it with eval)"),
    (re.compile(r"javascript:"), "a javascript: address"),
    (
        re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/(ld\+)?json)[^>]*>"),
        "an inline script",
    ),
]


def test_no_template_needs_unsafe_inline():
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for pattern, what in INLINE:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert not found, "\n".join(found)
