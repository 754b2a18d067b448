"""The sentences the table's script (static/js/table.js) shows while a
person picks cards, in the reader's language, for every count it can meet."""

from __future__ import annotations

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.timesince import timeuntil
from django.utils.translation import gettext, ngettext

register = template.Library()


@register.simple_tag
def pick_words(most: int) -> dict:
    counts = range(1, max(1, int(most or 0)) + 1)
    return {
        "more": {
            n: ngettext("Pick %(count)d more card.", "Pick %(count)d more cards.", n) % {"count": n}
            for n in counts
        },
        "only": ngettext(
            "You may pick only %(count)d card.", "You may pick only %(count)d cards.", most
        )
        % {"count": most},
        "clash": gettext("These cards cannot be played together."),
    }


@register.simple_tag
def waiting_sentence(waiting) -> str:
    """ "Waiting for Ana (2:30 left), Ben (1:10 left)." with each deadline a
    ticking countdown, as one translated sentence around a list."""
    people = [
        escape(gettext("%(name)s (%(left)s left)"))
        % {
            "name": format_html("<strong>{}</strong>", w["name"]),
            "left": format_html(
                '<time class="countdown" data-turn="{turn}" data-deadline="{iso}" '
                'datetime="{iso}">{left}</time>',
                turn=w.get("turn", ""),
                iso=w["deadline"].isoformat(),
                left=timeuntil(w["deadline"]),
            ),
        }
        for w in waiting
    ]
    # Each part is escaped text with HTML built by format_html: safe to join.
    return mark_safe(escape(gettext("Waiting for %(people)s.")) % {"people": ", ".join(people)})  # noqa: S308
