"""A Heat championship of four races run through the league end to end: what
one race hands the next (upgrades, unused sponsorships) is stored per entry
and goes into the next race's setup (HEAT-CHAMP-20)."""

import json

import pytest

from league.models import DriverStanding, Entry
from league.organise.entries import entry_create
from races.models import Session
from races.rounds.edits import round_create
from races.running.runner import session_run
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db


def test_four_heat_races_carry_upgrades_from_race_to_race(league):
    season = make_season(
        league,
        slug="heat",
        game="heat",
        scoring="heat-championship",
        rules={"championship": True, "garage": True},
        grid_size=5,
    )
    for number, name in [(1, "Ana"), (2, "Ben")]:
        entry_create(season=season, driver=make_driver(name), car_number=number)
    carried_before = {}
    for number, track in enumerate(["usa", "italy", "france", "gbr"], start=1):
        rnd = round_create(
            season=season, number=number, name=track, track=track, grid_rule="championship"
        )
        session = rnd.sessions.get(kind=Session.Kind.RACE)
        Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
        assert session_run(session_id=session.pk) == "finished"
        session.refresh_from_db()
        # The race took in what the last race handed over...
        for record in session.seats:
            assert record["setup"].get("carry_in", {}) == carried_before.get(record["id"], {})
        # ...and handed on what its cars own now.
        upgrades = {
            f"car{e.car_number}": e.carry for e in Entry.objects.filter(season=season) if e.carry
        }
        assert upgrades, "every car owns upgrades after a championship race"
        for seat, carry in upgrades.items():
            assert set(carry) == {"upgrades", "sponsorships"}
            if seat in carried_before:
                assert set(carried_before[seat]["upgrades"]) <= set(carry["upgrades"]) or (
                    "market_swapped" in session.event_log_text()
                )
        carried_before = upgrades
        first = json.loads(session.event_log_text().splitlines()[0])
        assert first["type"]
    leader = DriverStanding.objects.get(season=season, rank=1)
    assert leader.points > 0 and len(leader.rounds) == 4
