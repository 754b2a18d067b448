"""Every RoboRally option card's name (RR-OPT-08, the 26 cards of section
16) is translated in ja, pl and zh_Hant, and a log line naming a card says
it in the reader's language (the demo crawl found "Fourth Gear" left in
English in the Japanese and Chinese logs)."""

from __future__ import annotations

import pytest
from django.utils import translation

from races.rules import get_presentation
from races.rules.roborally.rules.option_cards import OPTION_NAMES, option_name, translated_names
from tests.i18n.catalogue_checks import TRANSLATED_LANGUAGES, catalogue, live

CONTEXT = "option card"
PRESENT = get_presentation("roborally")


def test_every_option_card_has_a_name_to_translate():
    assert sorted(translated_names()) == sorted(OPTION_NAMES)


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_every_option_card_name_is_translated(code):
    entries = {e.msgid: e for e in live(catalogue(code)) if e.msgctxt == CONTEXT}
    missing = [
        n
        for n in OPTION_NAMES
        if n not in entries or not entries[n].msgstr.strip() or "fuzzy" in entries[n].flags
    ]
    assert missing == [], f"option cards without a {code} name: {missing}"
    with translation.override(code):
        said = {n: option_name(n) for n in OPTION_NAMES}
    assert [n for n, word in said.items() if word == n or not word] == []


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_the_log_says_a_drawn_option_card_in_the_readers_language(code):
    event = {"type": "option_drawn", "seat": "a", "data": {"option": "Fourth Gear"}}
    with translation.override(code):
        said = PRESENT.words.sentence(event, {"a": "Ana"}, {})
        word = option_name("Fourth Gear")
    assert "Fourth Gear" not in said and word in said and "Ana" in said
