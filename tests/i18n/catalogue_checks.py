"""The checks the catalogue tests make, as plain functions over polib
entries, so each can be shown to fail on a made-up catalogue."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

import polib

from paddock.catalogue import LOCALE, ROOT, locale_dir_name, po_path

TRANSLATED_LANGUAGES = ("zh-hant", "ja", "pl")
GLOSSARY = LOCALE / "glossary"
# Python %-placeholders: named (%(name)s) and bare (%s, %d); %% is a percent sign.
PLACEHOLDER = re.compile(r"%(?:\((?P<name>[^)]+)\))?[-#0 +]*\d*(?:\.\d+)?(?P<kind>[sdifrx%])")


def catalogue(code: str) -> polib.POFile:
    return polib.pofile(str(po_path(code)))


def live(entries: Iterable[polib.POEntry]) -> list[polib.POEntry]:
    return [e for e in entries if not e.obsolete]


def untranslated(entries: Iterable[polib.POEntry]) -> list[str]:
    """Each entry without a translation (an empty form, or fuzzy)."""
    missing = []
    for e in live(entries):
        forms = list(e.msgstr_plural.values()) if e.msgid_plural else [e.msgstr]
        if "fuzzy" in e.flags or not forms or not all(f.strip() for f in forms):
            missing.append(e.msgid if not e.msgctxt else f"{e.msgid} (context {e.msgctxt})")
    return missing


def placeholders(text: str) -> tuple[frozenset[str], int]:
    """The named placeholders, and how many bare ones."""
    named, bare = set(), 0
    for m in PLACEHOLDER.finditer(text):
        if m.group("kind") == "%":
            continue
        if m.group("name"):
            named.add(m.group("name"))
        else:
            bare += 1
    return frozenset(named), bare


def placeholder_mismatches(entries: Iterable[polib.POEntry]) -> list[str]:
    """Translations whose placeholders differ from their msgid's: a named one
    missing or added, or a different count of bare ones. A plural form may
    leave out the count (`%(count)d`, `%(counter)s`) where the language has
    one form for a single thing, as gettext allows."""
    wrong = []
    for e in live(entries):
        if e.msgid_plural:
            want_named = placeholders(e.msgid)[0] | placeholders(e.msgid_plural)[0]
            want_bare = placeholders(e.msgid_plural)[1]
            forms = [f for f in e.msgstr_plural.values() if f]
        else:
            want_named, want_bare = placeholders(e.msgid)
            forms = [e.msgstr] if e.msgstr else []
        for form in forms:
            named, bare = placeholders(form)
            loose = want_named - named <= {"count", "counter"} if e.msgid_plural else False
            if (named != want_named and not (loose and named <= want_named)) or (bare != want_bare):
                wrong.append(f"{e.msgid!r} -> {form!r}")
    return wrong


def glossary_path(code: str) -> Path:
    """locale/glossary/<locale dir name>.toml: zh_Hant.toml, ja.toml, pl.toml."""
    return GLOSSARY / f"{locale_dir_name(code)}.toml"


def glossary(code: str) -> dict[str, dict[str, str]]:
    """A table per game package under races/rules (`formula_d`, `heat`, …)
    or `general`, each `"term" = "translation"`, with an optional `source`
    naming the seed document (locale/glossary/README.md)."""
    tables = tomllib.loads(glossary_path(code).read_text(encoding="utf-8"))
    return {
        table: {term: word for term, word in terms.items() if term != "source"}
        for table, terms in tables.items()
        if isinstance(terms, dict) and table != NOT_TERMS
    }


NOT_TERMS = "not_terms"


def not_terms() -> dict[str, list[str]]:
    """English phrases in which a glossary word means something else (Galaxy
    Trucker's "turned half round" is a tile's rotation, not a game round):
    `[not_terms]` of locale/glossary/en.toml, a list of phrases per table
    (`general` or a game package). The same for every language, as they are
    facts of the English source."""
    tables = tomllib.loads((GLOSSARY / "en.toml").read_text(encoding="utf-8"))
    return {table: list(phrases) for table, phrases in tables.get(NOT_TERMS, {}).items()}


def phrase_pattern(phrase: str) -> re.Pattern:
    """A phrase as whole words, case aside."""
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.compile(rf"(?<![\w-]){words}(?![\w-])", re.IGNORECASE)


def games_of(entry: polib.POEntry) -> set[str]:
    """The game packages an entry is said in: its source locations under
    races/rules/<game>/, or its context when that names a game."""
    games = set()
    for where, _line in entry.occurrences:
        parts = Path(where).parts
        if parts[:2] == ("races", "rules") and len(parts) > 3:
            games.add(parts[2])
    if entry.msgctxt:
        games.add(entry.msgctxt)
    return games


def term_pattern(term: str) -> re.Pattern:
    """The English term as whole words, case aside, also with a plural s."""
    words = r"\s+".join(re.escape(w) for w in term.split())
    return re.compile(rf"(?<![\w-]){words}(?:s|es)?(?![\w-])", re.IGNORECASE)


def terms_used(english: str, terms: dict[str, str], masked: Iterable[str] = ()) -> list[str]:
    """The glossary terms an English text uses, placeholders aside; where
    terms overlap the longest wins ("pit lane", not "pit"). The `masked`
    phrases (not_terms) are blanked out first, so a term inside one is not
    counted and the same term elsewhere in the text still is."""
    text = PLACEHOLDER.sub(" ", english)
    for phrase in masked:
        text = phrase_pattern(phrase).sub(lambda m: " " * len(m.group(0)), text)
    taken: list[tuple[int, int]] = []
    used = []
    for term in sorted(terms, key=len, reverse=True):
        for m in term_pattern(term).finditer(text):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            taken.append(m.span())
            if term not in used:
                used.append(term)
    return used


def glossary_breaks(
    entries: Iterable[polib.POEntry],
    tables: dict[str, dict[str, str]],
    exceptions: dict[str, list[str]] | None = None,
) -> list[str]:
    """Translated entries that use a glossary term in English but not its
    glossary word. `general` applies to every entry, a game's table to the
    entries of its package (and wins over `general` there). The word is
    looked for as a stem, case aside, so an inflected form still counts.
    `exceptions` (not_terms(), per table) are phrases where a term's word
    means something else: they are not counted as the term."""
    exceptions = exceptions or {}
    broken = []
    for e in live(entries):
        forms = list(e.msgstr_plural.values()) if e.msgid_plural else [e.msgstr]
        if not all(f.strip() for f in forms) or "fuzzy" in e.flags:
            continue  # untranslated entries are the completeness test's
        english = e.msgid + "\n" + (e.msgid_plural or "")
        terms = {t: ("general", w) for t, w in tables.get("general", {}).items()}
        masked = list(exceptions.get("general", []))
        for game in sorted(games_of(e)):
            terms.update({t: (game, w) for t, w in tables.get(game, {}).items()})
            masked += exceptions.get(game, [])
        for term in terms_used(english, {t: w for t, (_g, w) in terms.items()}, masked):
            table, word = terms[term]
            for form in forms:
                if word.casefold() not in form.casefold():
                    broken.append(f"{table}: {term!r} should be {word!r} in {form!r}")
    return broken


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))
