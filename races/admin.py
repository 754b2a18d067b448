"""The admin. A change to a result or a penalty here scores the season again,
as the organiser's own forms do."""

from django.contrib import admin
from django.db import transaction

from races.models import Penalty, Protest, Result, Round, Session
from races.results.standings import standings_recompute


class SessionInline(admin.TabularInline):
    model = Session
    extra = 0
    fields = ["kind", "status", "scheduled_at", "started_at", "finished_at", "log_sha256"]
    readonly_fields = ["started_at", "finished_at", "log_sha256"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["season", "number", "name", "track", "laps", "scheduled_at"]
    list_filter = ["season"]
    inlines = [SessionInline]

    def save_related(self, request, form, formsets, change):
        with transaction.atomic():
            super().save_related(request, form, formsets, change)
            standings_recompute(season=form.instance.season)


class ResultInline(admin.TabularInline):
    model = Result
    extra = 0
    readonly_fields = ["points", "final_position", "final_status"]


class Rescoring:
    """Saving or deleting in the admin scores the season again (each admin
    says which season with `season_of`)."""

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            standings_recompute(season=self.season_of(obj))

    def save_related(self, request, form, formsets, change):
        with transaction.atomic():
            super().save_related(request, form, formsets, change)
            standings_recompute(season=self.season_of(form.instance))

    def delete_model(self, request, obj):
        season = self.season_of(obj)
        with transaction.atomic():
            super().delete_model(request, obj)
            standings_recompute(season=season)


@admin.register(Session)
class SessionAdmin(Rescoring, admin.ModelAdmin):
    list_display = ["round", "kind", "status", "scheduled_at", "finished_at", "entered_by"]
    list_filter = ["status", "kind"]
    # The seed stays out of the admin: it is secret until the session ends.
    exclude = ["seed"]
    readonly_fields = ["log_sha256", "started_at", "finished_at", "error", "progress"]
    inlines = [ResultInline]

    def season_of(self, obj):
        return obj.round.season


@admin.register(Result)
class ResultAdmin(Rescoring, admin.ModelAdmin):
    list_display = ["session", "position", "entry", "status", "laps", "points"]
    list_filter = ["session__round__season"]
    readonly_fields = ["points", "final_position", "final_status"]

    def season_of(self, obj):
        return obj.session.round.season


@admin.register(Penalty)
class PenaltyAdmin(Rescoring, admin.ModelAdmin):
    list_display = ["round", "entry", "team", "kind", "points", "places", "reason", "steward"]

    def season_of(self, obj):
        return obj.round.season


@admin.register(Protest)
class ProtestAdmin(admin.ModelAdmin):
    list_display = ["session", "filed_by", "against", "status", "decided_by"]
    list_filter = ["status"]
