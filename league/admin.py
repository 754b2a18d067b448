from django.contrib import admin

from league.models import (
    Driver,
    DriverStanding,
    Entry,
    League,
    ScoringSystem,
    Season,
    Team,
    TeamChange,
    TeamStanding,
)


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "owner"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["stewards"]
    search_fields = ["name"]


@admin.register(ScoringSystem)
class ScoringSystemAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "source", "drop_worst", "team_points"]
    prepopulated_fields = {"slug": ["name"]}


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "game", "status", "scoring"]
    list_filter = ["game", "status"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TeamInline]


@admin.register(Driver)
class DriverAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "is_bot", "bot_level"]
    list_filter = ["is_bot"]
    search_fields = ["name"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "colour"]
    list_filter = ["season"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["car_number", "driver", "season", "team", "autopilot", "withdrawn"]
    list_filter = ["season", "withdrawn"]
    raw_id_fields = ["driver"]


@admin.register(TeamChange)
class TeamChangeAdmin(admin.ModelAdmin):
    list_display = ["entry", "team", "from_round"]


@admin.register(DriverStanding)
class DriverStandingAdmin(admin.ModelAdmin):
    list_display = ["season", "rank", "entry", "points", "penalty_points"]
    list_filter = ["season"]


@admin.register(TeamStanding)
class TeamStandingAdmin(admin.ModelAdmin):
    list_display = ["season", "rank", "team", "points", "penalty_points"]
    list_filter = ["season"]
