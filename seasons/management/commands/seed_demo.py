"""A demo league to look around in: a Formula D season with teams, people and
bots, a Heat championship, a RoboRally season and a Galaxy Trucker season,
with their first rounds run (one game of Galaxy Trucker), and the next round
of each a live race that waits for `ana`'s turn at the table; and a Heat
race night whose real-time table waits for `ana` to sit down
(races/management/race_night.py); and a season split into two divisions
with race weekends (seasons/management/divisions_demo.py).

Rounds are dated around the day the demo is made, so they run in their
order: the rounds already run lie in the past weeks, the live round is this
week's (the season's current round), and the rounds after it lie in the
coming weeks, where the scheduler leaves them until their time. Fixed dates
in the past would have the scheduler run the later rounds at once, before
the live one.

Idempotent: running it again finds everything in place and changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from league.models import ConfirmedAddress, Driver, Entry, League, ScoringSystem, Season, Team
from league.organise.entries import entry_create
from league.season_settings.value import SeasonSettings
from races.management.race_night import race_night_table
from races.models import Round, Session
from races.rounds.edits import round_create
from races.rules import ConfigError, get_game
from races.running.controls import session_play_mode_set
from races.running.runner import controllers, session_run
from races.running.seats import seat_records
from races.table.live_races import live_race
from races.table.online import decision_submit, session_advance
from seasons.management.divisions_demo import divided_season

PASSWORD = "paddock-demo"

FORMULA_D_ROUNDS = [
    ("Paddock Ring Sprint", "paddock_ring", 1, "none", "entry"),
    ("Lakeside Grand Prix", "lakeside_gp", 2, "timed_lap", "qualifying"),
    ("Lakeside by Night", "lakeside_night", 1, "reverse", "reverse"),
    ("Paddock Ring Finale", "paddock_ring", 2, "championship", "championship"),
]
HEAT_ROUNDS = [
    ("USA", "usa"),
    ("Italy", "italy"),
    ("France", "france"),
    ("Great Britain", "gbr"),
]
ROBORALLY_ROUNDS = [
    ("Shakedown", "shakedown"),
    ("Twin Forge", "twin_forge"),
    ("Shakedown Rematch", "shakedown"),
    ("Twin Forge Finale", "twin_forge"),
]
# A day for each decision in the live races: the demo's table waits for you.
DECISION_SECONDS = 24 * 3600
# The decisions the demo's live races wait for `ana` at: a gear to select,
# registers to program, a tile to build with.
LIVE_AT = {
    "formula_d": ("gear",),
    "heat": ("shift_gear",),
    "roborally": ("program",),
    "galaxy_trucker": ("build_step",),
}
# Galaxy Trucker: a game is three flights; the demo runs its first game.
GALAXY_TRUCKER_ROUNDS = [
    ("Flight to Kessel", "standard"),
    ("The IIIa Run", "standard_iiia"),
    ("Last Delivery", "standard"),
]
PEOPLE = [
    ("ana", "Ana Lopez"),
    ("ben", "Ben Okafor"),
    ("cid", "Cid Marsh"),
    ("dan", "Dan Whitfield"),
    # Four more for the divided season: two divisions of four.
    ("eva", "Eva Lind"),
    ("finn", "Finn Hale"),
    ("gus", "Gus Moreno"),
    ("hana", "Hana Sato"),
]


def season_start(rounds_run: int) -> datetime:
    """Round 1's evening: `rounds_run` weeks before this week's, so round
    `rounds_run + 1` (the live one) is this week's and the next ones are
    at least six days ahead."""
    evening = timezone.now().replace(hour=19, minute=0, second=0, microsecond=0)
    return evening - timedelta(weeks=rounds_run)


class Command(BaseCommand):
    help = "Create the demo league (idempotent) and run its first rounds."

    def add_arguments(self, parser):
        parser.add_argument(
            "--rounds-to-run", type=int, default=2, help="how many rounds of each season to run"
        )

    def handle(self, rounds_to_run, **options):
        owner = self._user("organiser", "Olga Organiser")
        drivers = [self._driver(self._user(u, name), name) for u, name in PEOPLE]
        league, _ = League.objects.get_or_create(
            slug="demo",
            defaults={
                "name": "Paddock Demo League",
                "description": "Tuesday-night championships run by Paddock's engines.",
                "owner": owner,
            },
        )
        run, gt_run = rounds_to_run, min(rounds_to_run, 1)
        first = self._formula_d(league, drivers, start=season_start(run))
        # The race night (below) is raced as this six-seat championship is.
        night_like = self._heat(league, drivers, start=season_start(run))
        seasons = [
            (first, run),
            (night_like, run),
            (self._roborally(league, drivers, start=season_start(run)), run),
            (self._galaxy_trucker(league, drivers, start=season_start(gt_run)), gt_run),
        ]
        for season, count in seasons:
            if season is None:
                continue
            self._run_first_rounds(season, count)
            self._live_race(season, count + 1, drivers[0].user, LIVE_AT[season.game])
        if self._available("formula_d"):
            divided = divided_season(
                league, drivers, game="formula_d", track="paddock_ring", rules={"level": "basic"}
            )
            self.stdout.write(f"{divided.name}: two divisions and race weekends")
        table = race_night_table(league, drivers[0], like=night_like) if night_like else None
        if table is not None:
            self.stdout.write(f"{table.round.season.name}, {table.round}: a real-time table")
        self.stdout.write(
            self.style.SUCCESS("demo league ready: log in as organiser / " + PASSWORD)
        )

    def _user(self, username: str, name: str):
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        if user is None:
            first, _, last = name.partition(" ")
            user = User.objects.create_user(
                username, password=PASSWORD, first_name=first, last_name=last
            )
        # Confirmed addresses, so the console prints their turn notices.
        if not user.email:
            user.email = f"{username}@example.org"
            user.save(update_fields=["email"])
        ConfirmedAddress.objects.get_or_create(
            user=user, defaults={"email": user.email, "confirmed_at": timezone.now()}
        )
        return user

    def _driver(self, user, name: str) -> Driver:
        driver, _ = Driver.objects.get_or_create(user=user, defaults={"name": name})
        return driver

    def _available(self, game: str) -> bool:
        try:
            get_game(game)
        except ConfigError as error:
            self.stdout.write(f"skipping the {game} season: {error}")
            return False
        return True

    @transaction.atomic
    def _season(self, league, *, slug: str, settings: SeasonSettings) -> Season:
        season = Season.objects.filter(league=league, slug=slug).first()
        if season is not None:
            return season
        season = Season(
            league=league,
            slug=slug,
            scoring=settings.scoring,
            status=Season.Status.RUNNING,
            **settings.season_fields(),
        )
        season.full_clean()
        season.save()
        return season

    def _formula_d(self, league, drivers, *, start: datetime) -> Season | None:
        if not self._available("formula_d"):
            return None
        season = self._season(
            league,
            slug="formula-d-2026",
            settings=SeasonSettings(
                name="Formula D Cup 2026",
                game="formula_d",
                rules={"level": "advanced", "ruleset": "published"},
                scoring=ScoringSystem.objects.get(slug="formula-d-team-race"),
                team_mode=True,
                team_size=2,
                grid_size=10,
                bot_level="pro",
                decision_seconds=DECISION_SECONDS,
                speed="day",
            ),
        )
        red, _ = Team.objects.get_or_create(
            season=season, name="Scuderia Rossa", defaults={"colour": "#c0392b"}
        )
        blue, _ = Team.objects.get_or_create(
            season=season, name="Blue Comet", defaults={"colour": "#2471a3"}
        )
        for number, (driver, team, autopilot) in enumerate(
            [
                (drivers[0], red, "pro"),
                (drivers[1], red, "rookie"),
                (drivers[2], blue, "pro"),
                (drivers[3], blue, "pro"),
            ],
            start=1,
        ):
            if not Entry.objects.filter(season=season, driver=driver).exists():
                entry_create(
                    season=season,
                    driver=driver,
                    car_number=number * 7,
                    team=team,
                    autopilot=autopilot,
                )
        for number, (name, track, laps, qualifying, grid_rule) in enumerate(
            FORMULA_D_ROUNDS, start=1
        ):
            if not season.rounds.filter(number=number).exists():
                round_create(
                    season=season,
                    number=number,
                    name=name,
                    track=track,
                    laps=laps,
                    scheduled_at=start + timedelta(weeks=number - 1),
                    qualifying_format=qualifying,
                    grid_rule=grid_rule,
                )
        return season

    def _heat(self, league, drivers, *, start: datetime) -> Season | None:
        return self._people_and_bots(
            league,
            drivers,
            start=start,
            slug="heat-1961",
            settings=SeasonSettings(
                name="Heat Championship 1961",
                game="heat",
                # A championship in the game's sense: upgrades bought in the car
                # design market carry from race to race (HEAT-CHAMP-08, -20).
                rules={"championship": True, "garage": True},
                scoring=ScoringSystem.objects.get(slug="heat-championship"),
                grid_size=6,
                bot_level="pro",
                decision_seconds=DECISION_SECONDS,
                speed="day",
            ),
            rounds=HEAT_ROUNDS,
            weekday=2,
            round_fields={"grid_rule": "championship"},
        )

    def _roborally(self, league, drivers, *, start: datetime) -> Season | None:
        return self._people_and_bots(
            league,
            drivers,
            start=start,
            slug="roborally-2026",
            settings=SeasonSettings(
                name="RoboRally Factory Cup 2026",
                game="roborally",
                # A correspondence league: the last programmer's timer (RR-PROG-06)
                # runs as long as any decision, so the demo's table waits for you.
                rules={"program_timer_seconds": DECISION_SECONDS},
                scoring=ScoringSystem.objects.get(slug="formula-1-2010"),
                grid_size=6,
                bot_level="greedy",
                decision_seconds=DECISION_SECONDS,
                speed="day",
            ),
            rounds=ROBORALLY_ROUNDS,
            weekday=4,
        )

    def _galaxy_trucker(self, league, drivers, *, start: datetime) -> Season | None:
        return self._people_and_bots(
            league,
            drivers,
            start=start,
            slug="galaxy-trucker-2026",
            settings=SeasonSettings(
                name="Galaxy Trucker Haulers' Cup",
                game="galaxy_trucker",
                rules={},
                scoring=ScoringSystem.objects.get(slug="galaxy-trucker-credits"),
                grid_size=4,
                bot_level="pro",
                decision_seconds=DECISION_SECONDS,
                speed="day",
            ),
            rounds=GALAXY_TRUCKER_ROUNDS,
            weekday=4,
        )

    def _people_and_bots(
        self,
        league,
        drivers,
        *,
        slug: str,
        start: datetime,
        settings: SeasonSettings,
        rounds,
        weekday,
        round_fields=None,
    ) -> Season | None:
        """A season of `ana` and `ben` against bots (no teams), a round a week
        on the game's own tracks (any the game does not know is left out)."""
        game = settings.game
        if not self._available(game):
            return None
        season = self._season(league, slug=slug, settings=settings)
        for number, driver in enumerate(drivers[:2], start=1):
            if not Entry.objects.filter(season=season, driver=driver).exists():
                entry_create(season=season, driver=driver, car_number=number)
        known = {t["id"] for t in get_game(game).tracks()}
        for number, (name, track) in enumerate(rounds, start=1):
            if track in known and not season.rounds.filter(number=number).exists():
                round_create(
                    season=season,
                    number=number,
                    name=name,
                    track=track,
                    scheduled_at=start + timedelta(weeks=number - 1, days=weekday),
                    **(round_fields or {}),
                )
        return season

    def _run_first_rounds(self, season: Season, count: int) -> None:
        S = Session.Status
        for rnd in Round.objects.filter(season=season, number__lte=count).order_by("number"):
            for session in rnd.sessions.order_by("kind"):  # qualifying before race
                if session.status in (S.FINISHED, S.RUNNING):
                    continue
                Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
                outcome = session_run(session_id=session.pk)
                self.stdout.write(f"{season.name}, {rnd}, {session.kind}: {outcome}")

    def _live_race(self, season: Season, number: int, person, at: tuple[str, ...]) -> None:
        """The round after those run: a live race of people and bots, played
        up to a turn of `person` of one of the kinds `at` (one with a panel to
        see: a hand of cards, a gear stick). The decisions before it,
        `person`'s others included, are made as the drivers' autopilots would."""
        S = Session.Status
        rnd = season.rounds.filter(number=number).first()
        session = rnd and rnd.sessions.filter(kind=Session.Kind.RACE).first()
        if session is None or rnd.sessions.exclude(pk=session.pk).exists():
            return  # no such round, or one with a qualifying first: no live table
        if session.status == S.SCHEDULED:
            session_play_mode_set(session=session, live=True)
            Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
            session_run(session_id=session.pk)
        for _ in range(500):
            session.refresh_from_db()
            turns = list(session.turns.all())
            if session.status != S.AWAITING:
                break
            with live_race(session) as (game, race):
                pending = {d.seat: d for d in race.pending}
                mine = next((t for t in turns if t.user_id == person.pk), None)
                if mine and mine.seat in pending and pending[mine.seat].kind in at:
                    break
                records = seat_records(session.seats)
                autopilots = [
                    replace(r, autopilot=True) for r in records if r.id in {t.seat for t in turns}
                ]
                chosen = {
                    seat: bot.choose(race.view(seat), pending[seat])
                    for seat, bot in controllers(game, session.seed, autopilots).items()
                }
            for turn in turns:
                decision_submit(
                    session_id=session.pk, user=turn.user, seat=turn.seat, step=turn.step,
                    action=chosen[turn.seat],
                )  # fmt: skip
            session_advance(session_id=session.pk)
        waiting = session.turns.filter(user=person).first()
        self.stdout.write(
            f"{season.name}, {rnd}: live race "
            + (f"waiting for {person.get_username()}" if waiting else f"is {session.status}")
        )
