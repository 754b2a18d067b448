from django.contrib import admin

from races.models import Result, Round, Session


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


class ResultInline(admin.TabularInline):
    model = Result
    extra = 0


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["round", "kind", "status", "scheduled_at", "finished_at"]
    list_filter = ["status", "kind"]
    # The seed stays out of the admin: it is secret until the session ends.
    exclude = ["seed"]
    readonly_fields = ["log_sha256", "started_at", "finished_at", "error", "progress"]
    inlines = [ResultInline]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["session", "position", "entry", "status", "laps", "points"]
    list_filter = ["session__round__season"]
