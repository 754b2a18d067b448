"""A league's history of changes (issue 23): who changed what and when,
with before and after in words, for the league's owner and stewards only;
filtered by topic, season and person, a page at a time, or as CSV."""

from __future__ import annotations

from defusedcsv import csv
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.forms.history import HistoryFilterForm
from league.history.reading import history_of
from league.models import League
from league.permissions import login_or_403, manage_or_403

PER_PAGE = 50


def _filtered(request, league_slug: str):
    league = get_object_or_404(League, slug=league_slug)
    manage_or_403(request.user, league)
    form = HistoryFilterForm(request.GET or None, league=league)
    return league, form, history_of(league=league, **form.filters())


@login_or_403
@require_GET
def league_history(request, league_slug: str):
    league, form, changes = _filtered(request, league_slug)
    page = Paginator(changes, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {"league": league, "form": form, "page": page, "query": query.urlencode()}
    return render(request, "history.html", context)


@login_or_403
@require_GET
def league_history_csv(request, league_slug: str):
    league, form, changes = _filtered(request, league_slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{league.slug}-history.csv"'
    writer = csv.writer(response)
    writer.writerow(
        [_("When"), _("Who"), _("Topic"), _("Season"), _("What"), _("Before"), _("After")]
    )
    for change in changes.iterator():
        writer.writerow(
            [
                timezone.localtime(change.at).strftime("%Y-%m-%d %H:%M:%S %Z"),
                change.actor_name,
                change.get_topic_display(),
                change.season.name if change.season else "",
                change.summary_words(),
                change.before_words(),
                change.after_words(),
            ]
        )
    return response
