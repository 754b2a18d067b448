"""What a page shows of Formula D (the presentation contract,
races/rules/presentation.py): capabilities, the session config, every event
in words, the board and the figures of a result."""

from __future__ import annotations

from functools import cache

from ..contract import Action, ConfigError
from ..drawing import loop_board
from ..presentation import (
    DID_NOT_START,
    ELIMINATED,
    FINISHED,
    Capabilities,
    Column,
    Presentation,
    SessionFacts,
    SetupField,
    SetupSchema,
    loop_progress,
)
from .panels import DECISION_WORDS, formula_d_panel
from .track_words import corner_name, lane_words, place, track_data
from .words import PARTS, TYRES, parts, wear_left

# FD-V-3.1: a build spreads 20 points over the six parts, within these ranges.
BUILD_RANGES = {"T": (1, 14), "Br": (1, 7), "Gb": (1, 7), "Bo": (1, 7), "En": (1, 7), "Su": (1, 7)}
BUILD_TOTAL = 20
WEATHER = {
    "SUNNY": "sunny",
    "CLOUDY": "cloudy",
    "CLOUDY_WET": "cloudy, wet track",
    "RAIN": "rain",
    "sun": "sun",
    "rain": "rain",
    "cloudy": "clouds",
}
CAUSES = {
    "corner": "overshooting a corner",
    "tyres": "out of tyres",
    "braking": "out of brakes",
    "gearbox": "gearbox failure",
    "body": "body damage",
    "engine": "engine failure",
    "suspension": "suspension failure",
    "wear": "out of wear points",
    "collision": "a collision",
    "downshift": "downshifting",
    "radio": "a thrown radio",
    "zone": "a street zone",
    "pit": "a pit stop",
    "street_lap": "a street lap",
    "police": "the police",
    "start": "a bad start",
}


def _moved(car, d, names, config):
    travelled = d.get("travelled", len(d.get("path") or []))
    how = {
        "slipstream": " in the slipstream",
        "drift": " drifting",
        "fast_exit": " on a fast exit",
        "start": " off the line",
    }.get(d.get("kind"), "")
    path = d.get("path") or []
    where = place(config, path[-1]) if path else ""
    spaces = "space" if travelled == 1 else "spaces"
    return f"{car} moves {travelled} {spaces}{how}" + (f", {where}" if where else "") + "."


def _overshoot(car, d, names, config):
    penalty = d.get("penalty")
    if config.get("mode") == "qualifying":
        cost = f"+{penalty} to the qualifying score"  # FD-V-4.6
    elif config.get("level") == "advanced":
        cost = f"−{penalty} tyres"  # FD-A-4.1
    else:
        cost = f"−{penalty} wear points"  # FD-B-8.5
    corner = corner_name(d.get("corner"), track_data(config.get("track") or ""))
    return f"{car} overshoots {corner} by {d.get('distance')}" + (f": {cost}." if penalty else ".")


def _wear(car, d, names, config):
    delta, value = d.get("delta"), d.get("value")
    sign = "+" if isinstance(delta, int) and delta > 0 else "−"
    text = f"{car}: {sign}{abs(delta)} {PARTS.get(d.get('category'), 'wear')}"
    if value is not None:
        text += f" ({value} left)"
    cause = CAUSES.get(d.get("cause"), "")
    return text + (f", {cause}" if cause else "") + "."


def _check(car, d, names, config):
    purpose = str(d.get("purpose") or "").replace("_", " ")
    outcome = " — damage!" if d.get("failed") else ", safe."
    hit = d.get("hit")
    against = f" with {names.get(hit, 'a car')}" if hit and d.get("mover") == hit else ""
    return f"{car}: {purpose} check{against}, rolled {d.get('value')}{outcome}"


def _roll(car, d, names, config):
    purpose = str(d.get("purpose") or "").replace("_", " ")
    return f"{car} rolls {d.get('value')} for the {purpose}."


def _weather(car, d, names, config):
    again = " again" if d.get("rerolled") else ""
    phase = " for qualifying" if d.get("phase") == "qualifying" else ""
    after = WEATHER.get(d.get("after") or d.get("result"), "")
    return f"The weather is rolled{again}{phase}: {d.get('value')}" + (
        f", {after}." if after else "."
    )


def _repair(car, d, names, config):
    changes = d.get("changes") or {}
    gained = ", ".join(f"+{v} {PARTS.get(k, 'wear')}" for k, v in changes.items() if v)
    source = CAUSES.get(d.get("source"), "")
    return f"{car} repairs {gained or 'nothing'}" + (f" after {source}" if source else "") + "."


WORDS = {
    "session_started": lambda c, d, n, k: "The session starts.",
    "grid_set": lambda c, d, n, k: (
        "The grid is set: " + ", ".join(n.get(s, "a car") for s in d.get("order") or []) + "."
    ),
    "weather_rolled": _weather,
    "weather_queued": lambda c, d, n, k: f"{c} will have the weather rolled again.",
    "tires_chosen": lambda c, d, n, k: f"{c} fits {TYRES.get(d.get('type'), 'tyres')}.",
    "drivers_dealt": lambda c, d, n, k: "The special drivers are dealt.",
    "car_built": lambda c, d, n, k: f"{c} builds the car: {wear_left(d.get('maxima'))}.",
    "round_started": lambda c, d, n, k: "A new round begins.",
    "turn_started": lambda c, d, n, k: f"{c}'s turn, in gear {d['gear']}.",
    "start_roll": lambda c, d, n, k: (
        f"{c} rolls {d.get('value')} at the start: "
        + {"normal": "a clean start", "fast": "a flying start", "stall": "stalled!"}.get(
            d.get("outcome"), "a start"
        )
        + "."
    ),
    "gear_selected": lambda c, d, n, k: (
        f"{c} shifts from gear {d['from']} to {d['to']}"
        + (f", skipping {d['skipped']}" if d.get("skipped") else "")
        + (f" ({parts(d.get('costs'))})" if parts(d.get("costs")) else "")
        + "."
    ),
    "gear_rolled": lambda c, d, n, k: f"{c} rolls {d['value']} on the gear {d['gear']} die.",
    "boost_used": lambda c, d, n, k: (
        f"{c} boosts"
        + (" with nitro" if d.get("nitro") else "")
        + (" on soft tyres" if d.get("soft") else "")
        + "."
    ),
    "moved": _moved,
    "line_crossed": lambda c, d, n, k: f"{c} crosses the line: lap {d['lap']}.",
    "corner_stop": lambda c, d, n, k: (
        f"{c} stops in {corner_name(d['corner'])} ({d['stops']} of {d['required']})."
    ),
    "overshoot": _overshoot,
    "spin": lambda c, d, n, k: f"{c} spins!",
    "braking_paid": lambda c, d, n, k: (
        f"{c} brakes {d['spaces']} space"
        + ("s" if d["spaces"] != 1 else "")
        + (f": {parts(d.get('costs'))}" if parts(d.get("costs")) else "")
        + "."
    ),
    "wear_changed": _wear,
    "marker_placed": lambda c, d, n, k: (
        "Debris is left on the track"
        + (f", {place(k, d.get('space'))}" if place(k, d.get("space")) else "")
        + "."
    ),
    "debris_dropped": lambda c, d, n, k: f"{c} drops debris on the track.",
    "drift_used": lambda c, d, n, k: f"{c} drifts.",
    "radio_thrown": lambda c, d, n, k: (
        f"{c} throws the radio at {n.get(d['target'], 'a car')}: rolled {d['value']}."
    ),
    "zone_check": _check,
    "police_speed": lambda c, d, n, k: f"{c} is checked by the police at {d['speed']} km/h.",
    "nitro_restored": lambda c, d, n, k: f"{c} gets the nitro back.",
    "pit_entered": lambda c, d, n, k: f"{c} enters the pit lane.",
    "pit_service": lambda c, d, n, k: f"{c} is served in the pits ({d.get('stop', '')} stop).",
    "pit_exit": lambda c, d, n, k: f"{c} leaves the pits in gear {d['gear']}.",
    "repair": _repair,
    "finished": lambda c, d, n, k: f"{c} finishes in position {d['position']}.",
    "eliminated": lambda c, d, n, k: (
        f"{c} is out of the race"
        + (f": {CAUSES.get(d.get('cause'), 'damage')}" if d.get("cause") else "")
        + "."
    ),
    "turn_ended": lambda c, d, n, k: f"{c}'s turn ends.",
    "round_ended": lambda c, d, n, k: "The round ends.",
    "qualifying_lap": lambda c, d, n, k: (
        f"{c} sets a qualifying score of {d['score']}."
        if d.get("classified")
        else f"{c} does not set a qualifying score."
    ),
    "session_ended": lambda c, d, n, k: "The session ends.",
}


def _build_check(values: dict[str, int]) -> dict:
    total = sum(values.values())
    if total != BUILD_TOTAL:
        raise ConfigError(f"a build spreads exactly {BUILD_TOTAL} points; this one has {total}")
    return {"build": dict(values)}


BUILD = SetupSchema(
    fields=tuple(
        SetupField(key, f"Build: {PARTS[key]}", low, high)
        for key, (low, high) in BUILD_RANGES.items()
    ),
    help="Car setup (FD-V-3): spread 20 points over the six parts, "
    "or leave all blank for the standard car.",
    check=_build_check,
)
RESULT_COLUMNS = (
    Column("laps", "Laps", lambda v: "" if v is None else str(v)),
    Column("wear", "Left at the end", wear_left),
    Column("pit_stops", "Pit stops", lambda v: str(v) if v else ""),
    Column("qualifying_score", "Qualifying score", lambda v: "" if v is None else str(v)),
)
LIVE_COLUMNS = (
    Column("gear", "Gear", lambda v: "" if v is None else str(v)),
    Column("wear", "Wear", wear_left),
    Column("lap", "Lap", lambda v: "" if v is None else str(v)),
)


class FormulaDPresentation(Presentation):
    game_key = "formula_d"
    step_openers = frozenset({"turn_started"})
    round_openers = frozenset({"round_started"})
    finish_types = frozenset({"finished"})
    out_types = frozenset({"eliminated"})
    end_types = frozenset({"session_ended"})
    words = WORDS
    suffix_words = {"_check": _check, "_roll": _roll}

    def capabilities(self, rules):
        return Capabilities(
            min_seats=2,  # FD-O-2
            max_seats=10,
            modes=("race", "qualifying"),
            bots=(("rookie", "Rookie"), ("pro", "Pro")),
            statuses=(FINISHED, ELIMINATED, DID_NOT_START),
            result_columns=RESULT_COLUMNS,
            live_columns=LIVE_COLUMNS,
            team_race_option="team_race",
        )

    def setup_schema(self, rules):
        # FD-V-3: a car build only in an advanced season that plays the variant.
        if rules.get("level") == "advanced" and rules.get("build_your_car"):
            return BUILD
        return None

    def engine_config(self, rules, round_options, *, track, laps, facts: SessionFacts):
        config = super().engine_config(rules, round_options, track=track, laps=laps, facts=facts)
        config["mode"] = facts.kind
        if facts.kind == "race" and facts.grid:
            config["grid"] = list(facts.grid)
        if facts.qualifying_ranks:
            config["qualifying_ranks"] = dict(facts.qualifying_ranks)
        surface = facts.qualifying_summary.get("surface")
        if surface:  # FD-V-6.4: the race is rolled on the qualifying's surface
            config["qualifying_weather"] = surface
        return config

    def person_action(self, action, config, seconds):
        if config.get("mode") == "qualifying":
            # FD-V-4.6 / FD-E-8: a live lap counts the real time the driver took.
            return Action(action.kind, {**action.params, "elapsed_s": seconds})
        return action

    decision_words = DECISION_WORDS

    def panel(self, decision, view, *, legal):
        track = track_data(view.get("track") or "")
        lanes = lane_words(view.get("track") or "")
        return formula_d_panel(
            decision, view, legal, lambda c: corner_name(c, track), lambda s: lanes.get(s, "")
        )

    def sentence(self, event, names, config=None):
        kind = event["type"]
        if kind not in self.words:
            for suffix, say in self.suffix_words.items():
                if kind.endswith(suffix):
                    car = self.car(names, event.get("seat"))
                    try:
                        return say(car, event.get("data") or {}, names, config or {})
                    except (KeyError, TypeError, ValueError):
                        break
        return super().sentence(event, names, config)

    def has_words(self, kind: str) -> bool:
        return kind in self.words or any(kind.endswith(s) for s in self.suffix_words)

    # --- the board --------------------------------------------------------

    def board_state(self, seats, config):
        return {
            "cars": {
                s["id"]: {"space": None, "status": "racing", "gear": None, "wear": {}, "lap": 0}
                for s in seats
            },
            "round": 0,
        }

    def fold(self, state, event):
        data, kind, seat = event.get("data") or {}, event["type"], event.get("seat")
        cars = state["cars"]
        car = cars.get(seat) if seat else None
        state["round"] = event.get("round") or state["round"]
        if kind == "grid_set":
            for s, space in zip(data.get("order") or [], data.get("spaces") or [], strict=False):
                if s in cars:
                    cars[s]["space"] = space
        elif car is None:
            return state
        elif kind in ("moved",) and data.get("path"):
            car["space"] = data["path"][-1]
        elif kind in ("spin", "turn_ended", "turn_started") and data.get("space"):
            car["space"] = data["space"]
        elif kind in ("pit_entered", "pit_exit") and data.get("box"):
            car["space"] = data["box"]
        if kind in ("turn_started", "turn_ended", "pit_exit") and isinstance(data.get("gear"), int):
            car["gear"] = data["gear"]
        elif kind == "gear_selected":
            car["gear"] = data.get("to")
        elif kind == "wear_changed":
            car["wear"] = {**car["wear"], data.get("category"): data.get("value")}
        elif kind == "car_built":
            car["wear"] = dict(data.get("maxima") or {})
        elif kind == "line_crossed":
            car["lap"] = data.get("lap")
        elif kind == "finished":
            car["status"] = "finished"
        elif kind == "eliminated":
            car["status"] = "out"
        return state

    def board(self, config):
        return _board(config.get("track") or "")

    def car_facts(self, car):
        facts = []
        if car.get("gear") is not None:
            facts.append(("Gear", str(car["gear"])))
        if car.get("wear"):
            facts.append(("Left", wear_left(car["wear"])))
        if car.get("lap"):
            facts.append(("Lap", str(car["lap"])))
        return facts

    # --- the live table ---------------------------------------------------

    def progress(self, view, events, finished):
        track = track_data(view.get("track") or "") or {}
        return loop_progress(
            self,
            view,
            events,
            finished,
            length=int(track.get("L") or 0) * int(view.get("laps") or 1),
            public=lambda c: {k: c.get(k) for k in ("space", "gear", "wear", "lap")},
        )


@cache
def _board(track_id: str) -> dict | None:
    track = track_data(track_id)
    if track is None:
        return None
    labels = {str(c["id"]): corner_name(c["id"], track) for c in track.get("corners", [])}
    ranks = int(track.get("L") or 1)
    return loop_board(track.get("name") or "", track["spaces"], ranks, labels)


PRESENTATION = FormulaDPresentation()
