"""The catalogues: current with the source, complete in every language,
placeholders kept, glossary terms used the same way everywhere.

`test_every_message_is_translated` and the glossary test fail until the
translators have filled locale/<lang>/LC_MESSAGES/django.po; their messages
name what is missing. Update the catalogues with `manage.py catalogue extract`."""

from __future__ import annotations

import polib
import pytest

from paddock import catalogue
from tests.i18n.catalogue_checks import (
    TRANSLATED_LANGUAGES,
    glossary,
    glossary_breaks,
    glossary_path,
    not_terms,
    placeholder_mismatches,
    relative,
    untranslated,
)
from tests.i18n.catalogue_checks import catalogue as load

SHOWN = 40


def test_every_catalogue_is_current_with_the_source_and_compiled():
    """A marked string missing from a catalogue, an entry the source no
    longer has, or a .mo file not compiled from its .po: out of date."""
    problems = catalogue.out_of_date()
    said = [f"{code}: {line}" for code, lines in problems.items() for line in lines]
    assert not said, (
        "run `manage.py catalogue extract`:\n" + "\n".join(said[:SHOWN]) + f"\n({len(said)} in all)"
    )


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_every_message_is_translated(code):
    missing = untranslated(load(code))
    assert not missing, (
        f"{relative(catalogue.po_path(code))}: {len(missing)} messages without a translation "
        "(or fuzzy), first ones:\n" + "\n".join(missing[:SHOWN])
    )


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_each_translation_keeps_the_placeholders_of_its_message(code):
    wrong = placeholder_mismatches(load(code))
    assert not wrong, f"{code}: placeholders differ from the message:\n" + "\n".join(wrong)


@pytest.mark.parametrize("code", TRANSLATED_LANGUAGES)
def test_each_glossary_term_is_translated_the_same_way_everywhere(code):
    path = glossary_path(code)
    assert path.exists(), f"{relative(path)} is missing (the game terms of {code})"
    broken = glossary_breaks(load(code), glossary(code), not_terms())
    assert not broken, f"{code}: glossary terms translated otherwise:\n" + "\n".join(broken[:SHOWN])


# --- the checks themselves fail on a bad catalogue ---------------------------


def _entry(msgid, msgstr="", **fields) -> polib.POEntry:
    return polib.POEntry(msgid=msgid, msgstr=msgstr, **fields)


def test_an_empty_or_fuzzy_translation_counts_as_missing():
    entries = [
        _entry("Standings", "Klasyfikacja"),
        _entry("Points"),
        _entry("Driver", "Kierowca", flags=["fuzzy"]),
        _entry(
            "%(counter)s lap",
            msgid_plural="%(counter)s laps",
            msgstr_plural={0: "%(counter)s okrążenie", 1: "", 2: "%(counter)s okrążeń"},
        ),
    ]
    assert untranslated(entries) == ["Points", "Driver", "%(counter)s lap"]


def test_a_translation_that_loses_or_renames_a_placeholder_is_caught():
    entries = [
        _entry("%(driver)s shifts to gear %(gear)d", "%(driver)s wrzuca bieg %(gear)d"),
        _entry("%(driver)s shifts to gear %(gear)d", "%(kierowca)s wrzuca bieg %(gear)d"),
        _entry("In %(time)s", "Za chwilę"),
        _entry("%s of %s", "%s z %s"),
        _entry("%s of %s", "%s"),
        _entry("100%%", "100 %%"),
    ]
    assert placeholder_mismatches(entries) == [
        "'%(driver)s shifts to gear %(gear)d' -> '%(kierowca)s wrzuca bieg %(gear)d'",
        "'In %(time)s' -> 'Za chwilę'",
        "'%s of %s' -> '%s'",
    ]


def test_a_plural_form_may_leave_out_only_the_count():
    entries = [
        _entry(
            "Pick %(count)d card.",
            msgid_plural="Pick %(count)d cards.",
            msgstr_plural={0: "カードを%(count)d枚選ぶ。"},
        ),
        _entry(
            "one lap by %(driver)s",
            msgid_plural="%(counter)s laps by %(driver)s",
            msgstr_plural={0: "jedno okrążenie", 1: "%(counter)s okrążenia %(driver)s"},
        ),
    ]
    assert placeholder_mismatches(entries) == ["'one lap by %(driver)s' -> 'jedno okrążenie'"]


def test_a_glossary_term_translated_otherwise_is_caught():
    terms = {"general": {"lap": "okrąż"}, "heat": {"gear": "bieg", "stress": "stres"}}
    entries = [
        _entry(
            "%(driver)s shifts to gear %(gear)d",
            "%(driver)s wrzuca bieg %(gear)d",
            occurrences=[("races/rules/heat/present/sentences.py", "10")],
        ),  # fmt: skip
        _entry("Gears", "Przekładnie", occurrences=[("races/rules/heat/present/panels.py", "3")]),
        _entry(
            "Gears", "Przekładnie", occurrences=[("races/rules/formula_d/present/panels.py", "3")]
        ),
        _entry("Laps led", "Prowadzenie"),
        _entry("Stress card", "", occurrences=[("races/rules/heat/present/sentences.py", "12")]),
    ]
    assert glossary_breaks(entries, terms) == [
        "heat: 'gear' should be 'bieg' in 'Przekładnie'",
        "general: 'lap' should be 'okrąż' in 'Prowadzenie'",
    ]


def test_the_longest_glossary_term_wins_and_a_games_table_wins_over_general():
    tables = {
        "general": {"round": "rund", "pit": "boks"},
        "formula_d": {"pit lane": "alej", "pit": "boks"},
        "heat": {"round": "tur"},
    }
    fd = [("races/rules/formula_d/present/sentences.py", "1")]
    heat = [("races/rules/heat/present/sentences.py", "1")]
    entries = [
        _entry("%(driver)s enters the pit lane", "%(driver)s wjeżdża w aleję", occurrences=fd),
        _entry("Round %(number)s", "Tura %(number)s", occurrences=heat),
        _entry("Round %(number)s", "Tura %(number)s"),
        _entry("%(round)s added.", "Dodano %(round)s."),
    ]
    assert glossary_breaks(entries, tables) == [
        "general: 'round' should be 'rund' in 'Tura %(number)s'"
    ]


def test_a_phrase_in_not_terms_is_not_the_term_and_a_term_beside_it_still_is():
    """Galaxy Trucker's "turned half round" turns a tile (not a game round),
    RoboRally's "Ramming Gear" is an option card (not the floor's gear)."""
    tables = {"galaxy_trucker": {"round": "rund"}, "roborally": {"gear": "zębat"}}
    exceptions = {"galaxy_trucker": ["turned half round"], "roborally": ["Ramming Gear"]}
    gt = [("races/rules/galaxy_trucker/present/ship.py", "1")]
    rr = [("races/rules/roborally/present/sentences.py", "1")]
    entries = [
        _entry("turned half round", "obrócony o pół obrotu", occurrences=gt),
        _entry("Ramming Gear", "Taran", occurrences=rr),
        _entry("Round %(n)s: tile turned half round", "Lot %(n)s: obrócony", occurrences=gt),
        _entry("Ramming Gear on a gear", "Taran na polu obrotowym", occurrences=rr),
        _entry("ramming gear", "Taran"),  # outside the game, the exception does not apply
    ]
    assert glossary_breaks(entries, tables, exceptions) == [
        "galaxy_trucker: 'round' should be 'rund' in 'Lot %(n)s: obrócony'",
        "roborally: 'gear' should be 'zębat' in 'Taran na polu obrotowym'",
    ]
    assert glossary_breaks(entries[:2], tables) == [
        "galaxy_trucker: 'round' should be 'rund' in 'obrócony o pół obrotu'",
        "roborally: 'gear' should be 'zębat' in 'Taran'",
    ]


def test_the_english_glossary_names_the_known_exceptions():
    exceptions = not_terms()
    assert "turned half round" in exceptions["galaxy_trucker"]
    assert "Ramming Gear" in exceptions["roborally"]
    assert "not_terms" not in glossary("pl")
