"""The organiser moves a season from stage to stage (league/season_stage/):
GET shows what the move changes, a POST from that page moves it. Owner or
steward only."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league import selectors
from league.models import Season
from league.permissions import login_or_403, manage_or_403
from league.season_stage import season_stage_move
from races.running.aftermath import season_finished
from seasons.confirmations import stage_confirmation
from seasons.views.confirming import confirm_or_run


@login_or_403
@require_http_methods(["GET", "POST"])
def season_status(request, league_slug: str, season_slug: str):
    season = selectors.season_get(league_slug, season_slug)
    manage_or_403(request.user, season.league)
    stage = request.POST.get("status") or request.GET.get("to", "")

    def run() -> str:
        moved = season_stage_move(season=season, stage=stage, actor=request.user)
        if moved.status == Season.Status.FINISHED:
            season_finished(season_id=moved.pk)
        return _("%(season)s is now %(status)s.") % {
            "season": moved.name,
            "status": moved.get_status_display().lower(),
        }

    return confirm_or_run(
        request,
        season=season,
        confirmation=stage_confirmation(season, stage),
        run=run,
        back=season.get_absolute_url(),
        then=season.get_absolute_url(),
        hidden={"status": stage},
    )
