"""A request body over DATA_UPLOAD_MAX_MEMORY_SIZE (a pasted CSV of some
megabytes, say) makes Django refuse the whole request with a bare 400
before any view runs: the CSRF check reads the form first. A view that
takes large input marks itself with `answers_too_big`, and the site's 400
handler lets it answer with its own page and a field error naming the
limit, reading nothing of the refused body and changing nothing."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404
from django.views import defaults


def answers_too_big(answer):
    """Mark a view: a body too big to read is answered by
    `answer(request, *args, **kwargs)` with the view's own arguments."""

    def mark(view):
        view.too_big_answer = answer
        return view

    return mark


def bad_request(request, exception, template_name="400.html"):
    """The site's 400 page, or a marked view's answer to a body too big."""
    match = getattr(request, "resolver_match", None)
    answer = getattr(getattr(match, "func", None), "too_big_answer", None)
    if not isinstance(exception, RequestDataTooBig) or answer is None:
        return defaults.bad_request(request, exception, template_name)
    try:
        return answer(request, *match.args, **match.kwargs)
    except PermissionDenied as denied:
        return defaults.permission_denied(request, denied)
    except Http404 as missing:
        return defaults.page_not_found(request, missing)
