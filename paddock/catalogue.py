"""The translation catalogues, kept with Python tools only (no system gettext).

`extract()` finds every message marked for translation: in the Python source
with babel's Python extractor, and in the templates by turning each one into
Python-like text with Django's own `templatize` (what `makemessages` does) and
reading that with the same extractor. `merge()` writes
`locale/<lang>/LC_MESSAGES/django.po` for every language, keeping the
translations already there (polib); `compile()` writes the `.mo` files Django
reads. `manage.py catalogue extract|compile|check` runs them.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import polib
from babel.messages.extract import extract as babel_extract
from babel.messages.plurals import get_plural

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
DOMAIN = "django"

# Where the site's messages live; tests, migrations, benchmarks and scripts
# speak to developers, not players.
PYTHON_DIRS = (
    "paddock",
    "league",
    "races",
    "seasons",
    "ratings",
    "tournaments",
    "webhooks",
    "api",
    "accounts",
)
SKIPPED_PARTS = frozenset({"migrations", "__pycache__", "tests", "bench", "scripts"})
TEMPLATE_DIRS = ("templates",)

KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "N_": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("Translators:",)


@dataclass
class Message:
    msgid: str
    plural: str = ""
    context: str = ""
    places: list[tuple[str, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        return (self.context, self.msgid)


def locale_dir_name(code: str) -> str:
    """`zh-hant` -> `zh_Hant`, as Django looks for it."""
    from django.utils.translation import to_locale

    return to_locale(code)


def po_path(code: str) -> Path:
    return LOCALE / locale_dir_name(code) / "LC_MESSAGES" / f"{DOMAIN}.po"


def python_files() -> Iterator[Path]:
    for top in PYTHON_DIRS:
        for path in sorted((ROOT / top).rglob("*.py")):
            if not SKIPPED_PARTS.intersection(path.relative_to(ROOT).parts):
                yield path


def template_files() -> Iterator[Path]:
    for top in TEMPLATE_DIRS:
        yield from sorted((ROOT / top).rglob("*.html"))


def _read(path: Path, text: str, found: dict[tuple[str, str], Message]) -> None:
    where = str(path.relative_to(ROOT))
    fileobj = io.BytesIO(text.encode("utf-8"))
    options = {"encoding": "utf-8"}
    for line, message, comments, context in babel_extract(
        "python",
        fileobj,
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        options=options,
        strip_comment_tags=True,
    ):
        if isinstance(message, tuple | list):
            msgid, plural = message[0], message[1] if len(message) > 1 else ""
        else:
            msgid, plural = message, ""
        if not msgid:
            continue
        entry = found.setdefault((context or "", msgid), Message(msgid, plural, context or ""))
        entry.plural = entry.plural or (plural or "")
        entry.places.append((where, line))
        entry.comments.extend(c for c in comments if c not in entry.comments)


def extract() -> list[Message]:
    """Every message the source marks, in the order first met."""
    from django.utils.translation.template import templatize

    found: dict[tuple[str, str], Message] = {}
    for path in python_files():
        _read(path, path.read_text(encoding="utf-8"), found)
    for path in template_files():
        # templatize keeps the template's lines (for the line numbers) with its
        # text blanked out and each message as a call; the calls are written
        # with repr, one line each, so the lines may lose their indentation
        # (which Python's tokenizer would otherwise refuse).
        text = templatize(path.read_text(encoding="utf-8"), origin=str(path))
        _read(path, "\n".join(line.lstrip() for line in text.split("\n")), found)
    return list(found.values())


def _header(code: str) -> dict[str, str]:
    plural = get_plural(locale_dir_name(code))
    return {
        "Project-Id-Version": "Paddock",
        "Language": locale_dir_name(code),
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": f"nplurals={plural.num_plurals}; plural=({plural.plural_expr});",
    }


def _nplurals(code: str) -> int:
    return get_plural(locale_dir_name(code)).num_plurals


def _flags(message: Message) -> list[str]:
    import re

    text = message.msgid + message.plural
    return ["python-format"] if re.search(r"%(\([^)]+\))?[-#0 +]*\d*(\.\d+)?[sdifr]", text) else []


def merge(code: str, messages: list[Message]) -> polib.POFile:
    """The language's catalogue for these messages, keeping every translation
    it already had; messages gone from the source stay as obsolete entries,
    so a translation comes back if the string does."""
    path = po_path(code)
    old = polib.pofile(str(path)) if path.exists() else polib.POFile()
    kept = {(e.msgctxt or "", e.msgid): e for e in old}
    po = polib.POFile(wrapwidth=0)
    po.metadata = _header(code)
    for message in messages:
        entry = polib.POEntry(
            msgid=message.msgid,
            msgctxt=message.context or None,
            occurrences=[(where, str(line)) for where, line in message.places],
            comment="\n".join(message.comments),
            flags=_flags(message),
        )
        before = kept.pop(message.key, None)
        if message.plural:
            entry.msgid_plural = message.plural
            entry.msgstr_plural = {i: "" for i in range(_nplurals(code))}
            if before is not None and before.msgstr_plural:
                entry.msgstr_plural.update(before.msgstr_plural)
        elif before is not None:
            entry.msgstr = before.msgstr
        if before is not None and "fuzzy" in before.flags:
            entry.flags.append("fuzzy")
        po.append(entry)
    for before in kept.values():
        if before.translated() or before.msgstr_plural:
            before.obsolete = True
            before.occurrences = []
            po.append(before)
    return po


def languages() -> list[str]:
    from django.conf import settings

    return [code for code, _name in settings.LANGUAGES]


def write_all() -> list[Path]:
    """Extract and merge every language's catalogue; compile them."""
    messages = extract()
    written = []
    for code in languages():
        path = po_path(code)
        path.parent.mkdir(parents=True, exist_ok=True)
        merge(code, messages).save(str(path))
        written.append(path)
    compile_all()
    return written


def compiled(code: str) -> bytes:
    """The .mo file Django reads, as this catalogue compiles."""
    po = polib.pofile(str(po_path(code)))
    out = po_path(code).with_suffix(".mo.new")
    try:
        po.save_as_mofile(str(out))
        return out.read_bytes()
    finally:
        out.unlink(missing_ok=True)


def compile_all() -> list[Path]:
    written = []
    for code in languages():
        mo = po_path(code).with_suffix(".mo")
        mo.write_bytes(compiled(code))
        written.append(mo)
    return written


def out_of_date(messages: list[Message] | None = None) -> dict[str, list[str]]:
    """What each catalogue lacks or has too many, and compiled files that do
    not match their catalogue: empty when all are current."""
    messages = extract() if messages is None else messages
    wanted = {m.key: m for m in messages}
    problems: dict[str, list[str]] = {}
    for code in languages():
        path = po_path(code)
        said = problems.setdefault(code, [])
        if not path.exists():
            said.append(f"{path.relative_to(ROOT)} is missing")
            continue
        po = polib.pofile(str(path))
        have = {(e.msgctxt or "", e.msgid): e for e in po if not e.obsolete}
        said += [f"lacks {_shown(k)}" for k in wanted if k not in have]
        said += [f"has {_shown(k)}, no longer in the source" for k in have if k not in wanted]
        said += [
            f"{_shown(k)} should have the plural {wanted[k].plural!r}"
            for k, e in have.items()
            if k in wanted and (e.msgid_plural or "") != wanted[k].plural
        ]
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(code):
            said.append(f"{mo.relative_to(ROOT)} is not compiled from its catalogue")
    return {code: said for code, said in problems.items() if said}


def _shown(key: tuple[str, str]) -> str:
    context, msgid = key
    return f"{msgid!r}" + (f" (context {context!r})" if context else "")
