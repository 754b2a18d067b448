"""The title odds on the standings page and their history on the season
page: rendered once per standings version (odds stored bump it)."""

from __future__ import annotations

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from league.caching import standings_version
from league.models import Season
from ratings.charts import odds_chart
from ratings.models import TitleOdds

STATE_WORDS = {
    "champion": _("Champion"),
    "can still win": _("Can still win"),
    "out": pgettext_lazy("title odds", "Out"),
    "undecided": _("Undecided"),
}
CHART_LINES = 6


def title_odds_html(season: Season) -> str:
    key = f"title-odds-html:{season.pk}:{standings_version(season.pk)}:{get_language()}"
    html = cache.get(key)
    if html is None:
        latest = TitleOdds.objects.filter(season=season).order_by("-after_round").first()
        for line in [*(latest.drivers if latest else []), *(latest.teams if latest else [])]:
            line["state_words"] = str(STATE_WORDS.get(line["state"], ""))
            line["title_text"] = _percent(line["title"])
            line["margin_text"] = _percent(line["margin"]) if line["margin"] else ""
            line["top_three_text"] = _percent(line["top_three"])
        html = render_to_string("_title_odds.html", {"season": season, "odds": latest})
        cache.set(key, html, timeout=24 * 3600)
    return html


def _percent(value: float) -> str:
    """A chance in words a table can hold: 0%, 100%, or one decimal."""
    places = 0 if value in (0, 1) else 1
    return _("%(number)s%%") % {"number": number_format(round(value * 100, places), places)}


def odds_history_html(season: Season) -> str:
    key = f"odds-history-html:{season.pk}:{standings_version(season.pk)}:{get_language()}"
    html = cache.get(key)
    if html is None:
        rows = list(TitleOdds.objects.filter(season=season).order_by("after_round"))
        chart = None
        if len(rows) >= 2:
            leaders = [d["entry_id"] for d in rows[-1].drivers[:CHART_LINES]]
            names = {d["entry_id"]: d["name"] for d in rows[-1].drivers}
            by_round = [{d["entry_id"]: d["title"] for d in row.drivers} for row in rows]
            series = [{"name": names[e], "values": [r.get(e) for r in by_round]} for e in leaders]
            chart = odds_chart([row.after_round for row in rows], series)
        html = render_to_string("_odds_history.html", {"chart": chart})
        cache.set(key, html, timeout=24 * 3600)
    return html
