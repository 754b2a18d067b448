"""Paddock's URLs: public pages, organiser and driver writes, exports."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import views as views_accounts
from accounts.passwords import ConfirmedPasswordResetForm
from api.views import api
from races.clocks import views as views_clocks
from races.lobby import views as views_lobby
from races.replay import views as views_replay
from races.results import views as views_results
from races.results import views_stewarding
from races.rounds import views as views_rounds
from races.rounds import views_qualifying
from races.table import views as views_online
from ratings import views as views_ratings
from seasons import exports
from seasons.views import divisions as views_divisions
from seasons.views import driver as views_driver
from seasons.views import entries as views_entries
from seasons.views import history as views_history
from seasons.views import organiser as views_organiser
from seasons.views import public as views_public
from seasons.views import removals as views_removals
from seasons.views import schedule as views_schedule
from seasons.views import stage as views_stage
from seasons.views import tables as views_tables
from tournaments import exports as tournament_exports
from tournaments.views import organiser as tournament_organiser
from tournaments.views import players as tournament_players
from tournaments.views import public as tournament_public
from webhooks import views as webhook_views

S = "l/<slug:league_slug>/<slug:season_slug>/"
T = "l/<slug:league_slug>/tournaments/<slug:slug>/"

urlpatterns = [
    path("", views_public.home, name="home"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("accounts/signup/", views_accounts.signup, name="signup"),
    path("accounts/", views_accounts.account, name="account"),
    path("accounts/address/", views_accounts.address_edit, name="address_edit"),
    path(
        "accounts/address/<str:token>/",
        views_accounts.address_confirm_link,
        name="address_confirm",
    ),
    path("accounts/my-data.json", views_accounts.account_download, name="account_download"),
    path("accounts/close/", views_accounts.account_close_page, name="account_close"),
    path("accounts/tokens/", views_accounts.token_new, name="token_new"),
    path(
        "accounts/tokens/<int:token_id>/revoke/",
        views_accounts.token_revoke_post,
        name="token_revoke",
    ),
    path(
        "accounts/password_reset/",
        auth_views.PasswordResetView.as_view(
            form_class=ConfirmedPasswordResetForm,
            # .html so the catalogue extractor reads its words too.
            subject_template_name="registration/password_reset_subject.html",
        ),
        name="password_reset",
    ),
    path("accounts/preferences/", views_driver.preferences, name="preferences"),
    path("language/", views_driver.language_choose, name="language_choose"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("leagues/new/", views_organiser.league_create, name="league_create"),
    path("l/<slug:league_slug>/", views_public.league_detail, name="league"),
    path("l/<slug:league_slug>/edit/", views_organiser.league_edit, name="league_edit"),
    path("l/<slug:league_slug>/delete/", views_organiser.league_delete, name="league_delete"),
    path("l/<slug:league_slug>/history/", views_history.league_history, name="league_history"),
    path(
        "l/<slug:league_slug>/history.csv",
        views_history.league_history_csv,
        name="league_history_csv",
    ),
    path("l/<slug:league_slug>/webhooks/", webhook_views.league_webhooks, name="league_webhooks"),
    path(
        "l/<slug:league_slug>/webhooks/<int:webhook_id>/remove/",
        webhook_views.webhook_delete,
        name="webhook_delete",
    ),
    path("l/<slug:league_slug>/seasons/new/", views_organiser.season_create, name="season_create"),
    path(
        "l/<slug:league_slug>/tournaments/new/",
        tournament_organiser.tournament_new,
        name="tournament_create",
    ),
    path(T, tournament_public.tournament_detail, name="tournament"),
    path(T + "sign-up/", tournament_public.sign_up, name="tournament_sign_up"),
    path(T + "leave/", tournament_public.leave, name="tournament_leave"),
    path(T + "check-in/", tournament_public.check_in, name="tournament_check_in"),
    path(T + "standings.<str:fmt>", tournament_exports.standings_export, name="tournament_export"),
    path(T + "calendar.ics", tournament_exports.tournament_ics, name="tournament_ics"),
    path(T + "edit/", tournament_organiser.tournament_edit, name="tournament_edit"),
    path(T + "start/", tournament_organiser.start, name="tournament_start"),
    path(T + "stage/", tournament_organiser.stage, name="tournament_stage"),
    path(T + "players/", tournament_players.players, name="tournament_players"),
    path(T + "seed/", tournament_players.seed, name="tournament_seed"),
    path(T + "invitation/", tournament_players.invitation, name="tournament_invitation"),
    path(T + "players/<int:player_id>/drop/", tournament_organiser.drop, name="tournament_drop"),
    path(
        T + "players/<int:player_id>/remove/",
        tournament_organiser.remove,
        name="tournament_remove",
    ),
    path(
        T + "tables/<int:table_id>/correct/",
        tournament_organiser.correct,
        name="tournament_correct",
    ),
    path(S, views_public.season_detail, name="season"),
    path(S + "standings/", views_public.standings, name="standings"),
    path(S + "calendar.ics", exports.season_ics, name="season_ics"),
    path(S + "results.<str:fmt>", exports.results_export, name="results_export"),
    path(S + "standings.<str:fmt>", exports.standings_export, name="standings_export"),
    path(S + "edit/", views_organiser.season_edit, name="season_edit"),
    path(S + "delete/", views_organiser.season_delete, name="season_delete"),
    path(S + "status/", views_stage.season_status, name="season_status"),
    path(S + "removed/", views_removals.season_removals, name="season_removals"),
    path(S + "r/<int:number>/delete/", views_removals.round_delete, name="round_delete"),
    path(
        "removed/<int:removal_id>/restore/",
        views_removals.removal_restore_view,
        name="removal_restore",
    ),
    path(
        "sessions/<int:session_id>/result/delete/",
        views_removals.results_delete,
        name="results_delete",
    ),
    path(S + "rounds/new/", views_organiser.round_new, name="round_create"),
    path(S + "teams/new/", views_organiser.team_new, name="team_create"),
    path(S + "entries/new/", views_entries.entry_new, name="entry_add"),
    path(S + "schedule/", views_schedule.schedule_new, name="schedule"),
    path(S + "copy/", views_schedule.season_copy_new, name="season_copy"),
    path(S + "divisions/", views_divisions.season_divisions, name="season_divisions"),
    path("entries/<int:entry_id>/edit/", views_entries.entry_edit, name="entry_edit"),
    path("entries/<int:entry_id>/withdraw/", views_entries.entry_withdraw, name="entry_withdraw"),
    path("entries/<int:entry_id>/remove/", views_entries.entry_remove, name="entry_remove"),
    path(S + "join/", views_driver.season_join, name="season_join"),
    path(S + "invitation/", views_entries.season_invite, name="season_invite"),
    path("invitations/<str:token>/", views_driver.invitation_accept, name="invitation"),
    path(S + "withdraw/", views_driver.season_withdraw, name="season_withdraw"),
    path(S + "r/<int:number>/", views_rounds.round_detail, name="round"),
    path(S + "r/<int:number>/edit/", views_organiser.round_edit, name="round_edit"),
    path(S + "r/<int:number>/penalties/", views_stewarding.penalty_new, name="penalty_add"),
    path(
        S + "r/<int:number>/qualifying/retry/",
        views_qualifying.round_qualifying_retry,
        name="round_qualifying_retry",
    ),
    path(
        S + "r/<int:number>/fallback-grid/",
        views_qualifying.round_fallback_grid,
        name="round_fallback_grid",
    ),
    path(
        "penalties/<int:penalty_id>/remove/", views_stewarding.penalty_delete, name="penalty_remove"
    ),
    path("sessions/<int:session_id>/protests/", views_stewarding.protest_new, name="protest_new"),
    path(
        "protests/<int:protest_id>/decision/",
        views_stewarding.protest_decision,
        name="protest_decision",
    ),
    path("sessions/<int:session_id>/results/", views_results.results_entry, name="results_entry"),
    path(
        "sessions/<int:session_id>/results/import/",
        views_results.results_import,
        name="results_import",
    ),
    path("drivers/<int:driver_id>/", views_public.driver_detail, name="driver"),
    path("ratings/", views_ratings.ratings_index, name="ratings"),
    path("ratings/<slug:game>/", views_ratings.ratings_ladder, name="ratings_ladder"),
    path(
        "ratings/<slug:game>/head-to-head/",
        views_ratings.ratings_head_to_head,
        name="ratings_head_to_head",
    ),
    path("teams/<int:team_id>/", views_public.team_detail, name="team"),
    path("teams/<int:team_id>/edit/", views_organiser.team_edit, name="team_edit"),
    path("teams/<int:team_id>/delete/", views_removals.team_remove, name="team_delete"),
    path("sessions/<int:session_id>/", views_rounds.session_live, name="session_live"),
    path("sessions/<int:session_id>/cockpit/", views_online.session_cockpit, name="cockpit"),
    path("sessions/<int:session_id>/decide/", views_online.decision_post, name="decide"),
    path("sessions/<int:session_id>/autopilot/", views_online.autopilot_post, name="autopilot"),
    path(
        "sessions/<int:session_id>/autopilot/back/",
        views_online.autopilot_back_post,
        name="autopilot_back",
    ),
    path("sessions/<int:session_id>/lobby/", views_lobby.lobby_poll, name="lobby"),
    path("sessions/<int:session_id>/lobby/join/", views_lobby.lobby_join_post, name="lobby_join"),
    path(
        "sessions/<int:session_id>/lobby/leave/", views_lobby.lobby_leave_post, name="lobby_leave"
    ),
    path("sessions/<int:session_id>/lobby/late/", views_lobby.lobby_late_post, name="lobby_late"),
    path("sessions/<int:session_id>/lobby/start/", views_tables.table_start, name="table_start"),
    path(
        "sessions/<int:session_id>/lobby/unseat/<int:entry_id>/",
        views_tables.table_unseat,
        name="table_unseat",
    ),
    path("sessions/<int:session_id>/pause/", views_clocks.pause_post, name="table_pause"),
    path("sessions/<int:session_id>/resume/", views_clocks.resume_post, name="table_resume"),
    path("your-turn/", views_online.your_turn_notice, name="your_turn_notice"),
    path("accounts/notices/", views_online.turn_notices_edit, name="turn_notices"),
    path(
        "sessions/<int:session_id>/play-mode/",
        views_rounds.session_play_mode,
        name="session_play_mode",
    ),
    path("sessions/<int:session_id>/run/", views_rounds.session_run, name="session_run"),
    path("sessions/<int:session_id>/retry/", views_rounds.session_retry, name="session_retry"),
    path("sessions/<int:session_id>/cancel/", views_rounds.session_cancel, name="session_cancel"),
    path(
        "sessions/<int:session_id>/reschedule/",
        views_rounds.session_reschedule,
        name="session_reschedule",
    ),
    path("sessions/<int:session_id>/replay/", views_replay.replay_start, name="replay_start"),
    path(
        "sessions/<int:session_id>/record.json",
        views_replay.session_record_download,
        name="session_record",
    ),
    path("sessions/<int:session_id>/replay/<int:step>/", views_replay.replay, name="replay"),
    path("bare/", views_public.bare, name="bare"),
]

# A body too big to read is answered by the view's own page where it says so
# (paddock/too_big.py), never a bare 400.
handler400 = "paddock.too_big.bad_request"
