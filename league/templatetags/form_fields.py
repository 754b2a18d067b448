"""A form field's widget tied to its help and its errors (issue 24, WCAG
1.3.1 and 3.3.1): `aria-describedby` names the help text's id and the
errors' id when they are shown, and `aria-invalid` marks a field in error."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def described(field):
    """The field's widget with its help and errors as its description."""
    ids = []
    if field.help_text:
        ids.append(f"{field.auto_id}_helptext")
    attrs = {}
    if field.errors:
        ids.append(f"{field.auto_id}_errors")
        attrs["aria-invalid"] = "true"
    if ids:
        attrs["aria-describedby"] = " ".join(ids)
    return field.as_widget(attrs=attrs)
