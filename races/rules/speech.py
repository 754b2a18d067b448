"""The words a game says, in the reader's language.

Engines and their presentations import no Django, so they translate through
this module: identity until the site installs its own catalogue functions
(the races app does, in `AppConfig.ready`). Sentences are written with named
`%(name)s` placeholders so a translation may reorder them, and are translated
when they are said, never at import time: module-level words are marked with
`N_` and translated where they are used.
"""

from __future__ import annotations

from collections.abc import Callable


def _same(message: str) -> str:
    return message


def _by_count(one: str, many: str, count: int) -> str:
    return one if count == 1 else many


_catalogue: dict[str, Callable] = {"gettext": _same, "ngettext": _by_count, "pgettext": None}


def install(gettext: Callable, ngettext: Callable, pgettext: Callable | None = None) -> None:
    """Let the site's catalogue answer from now on."""
    _catalogue.update(gettext=gettext, ngettext=ngettext, pgettext=pgettext)


def gettext(message: str) -> str:
    return _catalogue["gettext"](message)


def ngettext(one: str, many: str, count: int) -> str:
    return _catalogue["ngettext"](one, many, count)


def pgettext(context: str, message: str) -> str:
    """A word whose translation depends on where it is used (a game's own term)."""
    translate = _catalogue["pgettext"]
    return translate(context, message) if translate else gettext(message)


def word_for(table, key, default=None) -> str:
    """The word a table marked with `N_` holds for `key`, translated; `default`
    (said as it is) when the table has none, or KeyError without a default.
    A lookup goes through here rather than `_(TABLE[key])`, where the
    extraction tools would take the key's own string for a message."""
    if default is not None and key not in table:
        return default
    return gettext(table[key])


def N_(message: str) -> str:  # noqa: N802 - the name extraction tools know
    """Marks a word for the catalogue without translating it yet."""
    return message


_ = gettext
