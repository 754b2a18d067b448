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
from ..speech import N_, _, ngettext
from .option_words import OPTION_TEXTS
from .panels import DECISION_WORDS, formula_d_panel
from .track_words import corner_name, lane_words, place, track_data
from .words import gains, part, parts, tyres, wear_left

# FD-V-3.1: a build spreads 20 points over the six parts, within these ranges.
BUILD_RANGES = {"T": (1, 14), "Br": (1, 7), "Gb": (1, 7), "Bo": (1, 7), "En": (1, 7), "Su": (1, 7)}
BUILD_TOTAL = 20
WEATHER = {
    "SUNNY": N_("sunny"),
    "CLOUDY": N_("cloudy"),
    "CLOUDY_WET": N_("cloudy, wet track"),
    "RAIN": N_("rain"),
    "sun": N_("sun"),
    "rain": N_("rain"),
    "cloudy": N_("clouds"),
}
CAUSES = {
    "corner": N_("overshooting a corner"),
    "tyres": N_("out of tyres"),
    "braking": N_("out of brakes"),
    "gearbox": N_("gearbox failure"),
    "body": N_("body damage"),
    "engine": N_("engine failure"),
    "suspension": N_("suspension failure"),
    "wear": N_("out of wear points"),
    "collision": N_("a collision"),
    "downshift": N_("downshifting"),
    "radio": N_("a thrown radio"),
    "zone": N_("a street zone"),
    "pit": N_("a pit stop"),
    "street_lap": N_("a street lap"),
    "police": N_("the police"),
    "start": N_("a bad start"),
}
# The dice a car rolls against damage (FD-B-10, FD-A-9, FD-V-10), by the check's purpose.
CHECKS = {
    "collision": N_("collision check"),
    "marker": N_("debris check"),
    "engine": N_("engine check"),
    "danger": N_("danger check"),
    "residential": N_("residential check"),
}
ROLLS = {
    "grid": N_("%(car)s rolls %(value)s for the grid."),
    "qualifying": N_("%(car)s rolls %(value)s for the qualifying."),
    "pit_stop": N_("%(car)s rolls %(value)s for the pit stop."),
}
STARTS = {  # FD-A-2: the black die at the start
    "normal": N_("%(car)s rolls %(value)s at the start: a clean start."),
    "fast": N_("%(car)s rolls %(value)s at the start: a flying start."),
    "stall": N_("%(car)s rolls %(value)s at the start: stalled!."),
}
PIT_SERVICES = {
    "basic": N_("%(car)s is served in the pits (basic stop)."),
    "technical": N_("%(car)s is served in the pits (technical stop)."),
}


def cause(key) -> str:
    return _(CAUSES[key]) if key in CAUSES else ""


def _cars(names, seats) -> str:
    return _(", ").join(names.get(s, _("a car")) for s in seats or [])


def _moved(car, d, names, config):
    travelled = d.get("travelled", len(d.get("path") or []))
    path = d.get("path") or []
    where = place(config, path[-1]) if path else ""
    how = d.get("kind")
    words = {"car": car, "count": travelled, "where": where}
    if how == "slipstream" and where:
        return (
            ngettext(
                "%(car)s moves %(count)s space in the slipstream, %(where)s.",
                "%(car)s moves %(count)s spaces in the slipstream, %(where)s.",
                travelled,
            )
            % words
        )
    if how == "slipstream":
        return (
            ngettext(
                "%(car)s moves %(count)s space in the slipstream.",
                "%(car)s moves %(count)s spaces in the slipstream.",
                travelled,
            )
            % words
        )
    if how == "drift" and where:
        return (
            ngettext(
                "%(car)s moves %(count)s space drifting, %(where)s.",
                "%(car)s moves %(count)s spaces drifting, %(where)s.",
                travelled,
            )
            % words
        )
    if how == "drift":
        return (
            ngettext(
                "%(car)s moves %(count)s space drifting.",
                "%(car)s moves %(count)s spaces drifting.",
                travelled,
            )
            % words
        )
    if how == "fast_exit" and where:
        return (
            ngettext(
                "%(car)s moves %(count)s space on a fast exit, %(where)s.",
                "%(car)s moves %(count)s spaces on a fast exit, %(where)s.",
                travelled,
            )
            % words
        )
    if how == "fast_exit":
        return (
            ngettext(
                "%(car)s moves %(count)s space on a fast exit.",
                "%(car)s moves %(count)s spaces on a fast exit.",
                travelled,
            )
            % words
        )
    if how == "start" and where:
        return (
            ngettext(
                "%(car)s moves %(count)s space off the line, %(where)s.",
                "%(car)s moves %(count)s spaces off the line, %(where)s.",
                travelled,
            )
            % words
        )
    if how == "start":
        return (
            ngettext(
                "%(car)s moves %(count)s space off the line.",
                "%(car)s moves %(count)s spaces off the line.",
                travelled,
            )
            % words
        )
    if where:
        return (
            ngettext(
                "%(car)s moves %(count)s space, %(where)s.",
                "%(car)s moves %(count)s spaces, %(where)s.",
                travelled,
            )
            % words
        )
    return (
        ngettext("%(car)s moves %(count)s space.", "%(car)s moves %(count)s spaces.", travelled)
        % words
    )


def _overshoot(car, d, names, config):
    penalty = d.get("penalty")
    corner = corner_name(d.get("corner"), track_data(config.get("track") or ""))
    words = {"car": car, "corner": corner, "distance": d.get("distance"), "penalty": penalty}
    if not penalty:
        return _("%(car)s overshoots %(corner)s by %(distance)s.") % words
    if config.get("mode") == "qualifying":  # FD-V-4.6
        return (
            _(
                "%(car)s overshoots %(corner)s by %(distance)s: "
                "+%(penalty)s to the qualifying score."
            )
            % words
        )
    if config.get("level") == "advanced":  # FD-A-4.1
        return _("%(car)s overshoots %(corner)s by %(distance)s: −%(penalty)s tyres.") % words
    # FD-B-8.5
    return _("%(car)s overshoots %(corner)s by %(distance)s: −%(penalty)s wear points.") % words


def _wear(car, d, names, config):
    delta, value = d.get("delta"), d.get("value")
    sign = "+" if isinstance(delta, int) and delta > 0 else "−"
    why = cause(d.get("cause"))
    words = {
        "car": car,
        "amount": f"{sign}{abs(delta)}",
        "part": part(d.get("category")),
        "left": value,
        "cause": why,
    }
    if value is not None and why:
        return _("%(car)s: %(amount)s %(part)s (%(left)s left), %(cause)s.") % words
    if value is not None:
        return _("%(car)s: %(amount)s %(part)s (%(left)s left).") % words
    if why:
        return _("%(car)s: %(amount)s %(part)s, %(cause)s.") % words
    return _("%(car)s: %(amount)s %(part)s.") % words


def _check(car, d, names, config):
    purpose = d.get("purpose")
    if purpose in CHECKS:
        check = _(CHECKS[purpose])
    else:
        check = _("%(purpose)s check") % {"purpose": str(purpose or "").replace("_", " ")}
    hit = d.get("hit")
    words = {"car": car, "check": check, "value": d.get("value"), "other": names.get(hit)}
    if hit and d.get("mover") == hit:
        words["other"] = names.get(hit, _("a car"))
        if d.get("failed"):
            return _("%(car)s: %(check)s with %(other)s, rolled %(value)s — damage!") % words
        return _("%(car)s: %(check)s with %(other)s, rolled %(value)s, safe.") % words
    if d.get("failed"):
        return _("%(car)s: %(check)s, rolled %(value)s — damage!") % words
    return _("%(car)s: %(check)s, rolled %(value)s, safe.") % words


def _roll(car, d, names, config):
    purpose = d.get("purpose")
    words = {"car": car, "value": d.get("value")}
    if purpose in ROLLS:
        return _(ROLLS[purpose]) % words
    words["purpose"] = str(purpose or "").replace("_", " ")
    return _("%(car)s rolls %(value)s for the %(purpose)s.") % words


def _weather(car, d, names, config):
    key = d.get("after") or d.get("result")
    after = _(WEATHER[key]) if key in WEATHER else ""
    again, qualifying = bool(d.get("rerolled")), d.get("phase") == "qualifying"
    words = {"value": d.get("value"), "weather": after}
    if again and qualifying:
        if after:
            return _("The weather is rolled again for qualifying: %(value)s, %(weather)s.") % words
        return _("The weather is rolled again for qualifying: %(value)s.") % words
    if again:
        if after:
            return _("The weather is rolled again: %(value)s, %(weather)s.") % words
        return _("The weather is rolled again: %(value)s.") % words
    if qualifying:
        if after:
            return _("The weather is rolled for qualifying: %(value)s, %(weather)s.") % words
        return _("The weather is rolled for qualifying: %(value)s.") % words
    if after:
        return _("The weather is rolled: %(value)s, %(weather)s.") % words
    return _("The weather is rolled: %(value)s.") % words


def _repair(car, d, names, config):
    source = cause(d.get("source"))
    words = {"car": car, "repairs": gains(d.get("changes") or {}) or _("nothing"), "cause": source}
    if source:
        return _("%(car)s repairs %(repairs)s after %(cause)s.") % words
    return _("%(car)s repairs %(repairs)s.") % words


def _start_roll(car, d, names, config):
    words = {"car": car, "value": d.get("value")}
    outcome = d.get("outcome")
    if outcome in STARTS:
        return _(STARTS[outcome]) % words
    return _("%(car)s rolls %(value)s at the start: a start.") % words


def _gear_selected(car, d, names, config):
    costs = parts(d.get("costs"))
    words = {"car": car, "old": d["from"], "new": d["to"], "skipped": d.get("skipped"),
             "costs": costs}  # fmt: skip
    if d.get("skipped") and costs:
        return (
            _("%(car)s shifts from gear %(old)s to %(new)s, skipping %(skipped)s (%(costs)s).")
            % words
        )
    if d.get("skipped"):
        return _("%(car)s shifts from gear %(old)s to %(new)s, skipping %(skipped)s.") % words
    if costs:
        return _("%(car)s shifts from gear %(old)s to %(new)s (%(costs)s).") % words
    return _("%(car)s shifts from gear %(old)s to %(new)s.") % words


def _boost(car, d, names, config):
    if d.get("nitro") and d.get("soft"):
        return _("%(car)s boosts with nitro on soft tyres.") % {"car": car}
    if d.get("nitro"):
        return _("%(car)s boosts with nitro.") % {"car": car}
    if d.get("soft"):
        return _("%(car)s boosts on soft tyres.") % {"car": car}
    return _("%(car)s boosts.") % {"car": car}


def _braking(car, d, names, config):
    costs = parts(d.get("costs"))
    words = {"car": car, "count": d["spaces"], "costs": costs}
    if costs:
        return (
            ngettext(
                "%(car)s brakes %(count)s space: %(costs)s.",
                "%(car)s brakes %(count)s spaces: %(costs)s.",
                d["spaces"],
            )
            % words
        )
    return (
        ngettext("%(car)s brakes %(count)s space.", "%(car)s brakes %(count)s spaces.", d["spaces"])
        % words
    )


def _marker(car, d, names, config):
    where = place(config, d.get("space"))
    if where:
        return _("Debris is left on the track, %(where)s.") % {"where": where}
    return _("Debris is left on the track.")


def _pit_service(car, d, names, config):
    stop = d.get("stop", "")
    if stop in PIT_SERVICES:
        return _(PIT_SERVICES[stop]) % {"car": car}
    return _("%(car)s is served in the pits (%(stop)s stop).") % {"car": car, "stop": stop}


def _eliminated(car, d, names, config):
    if d.get("cause"):
        why = cause(d.get("cause")) or _("damage")
        return _("%(car)s is out of the race: %(cause)s.") % {"car": car, "cause": why}
    return _("%(car)s is out of the race.") % {"car": car}


def _qualifying_lap(car, d, names, config):
    if d.get("classified"):
        return _("%(car)s sets a qualifying score of %(score)s.") % {
            "car": car,
            "score": d["score"],
        }
    return _("%(car)s does not set a qualifying score.") % {"car": car}


WORDS = {
    "session_started": lambda c, d, n, k: _("The session starts."),
    "grid_set": lambda c, d, n, k: (
        _("The grid is set: %(cars)s.") % {"cars": _cars(n, d.get("order"))}
    ),
    "weather_rolled": _weather,
    "weather_queued": lambda c, d, n, k: (
        _("%(car)s will have the weather rolled again.") % {"car": c}
    ),
    "tires_chosen": lambda c, d, n, k: (
        _("%(car)s fits %(tyres)s.") % {"car": c, "tyres": tyres(d.get("type"), _("tyres"))}
    ),
    "drivers_dealt": lambda c, d, n, k: _("The special drivers are dealt."),
    "car_built": lambda c, d, n, k: (
        _("%(car)s builds the car: %(parts)s.") % {"car": c, "parts": wear_left(d.get("maxima"))}
    ),
    "round_started": lambda c, d, n, k: _("A new round begins."),
    "turn_started": lambda c, d, n, k: (
        _("%(car)s's turn, in gear %(gear)s.") % {"car": c, "gear": d["gear"]}
    ),
    "start_roll": _start_roll,
    "gear_selected": _gear_selected,
    "gear_rolled": lambda c, d, n, k: (
        _("%(car)s rolls %(value)s on the gear %(gear)s die.")
        % {"car": c, "value": d["value"], "gear": d["gear"]}
    ),
    "boost_used": _boost,
    "moved": _moved,
    "line_crossed": lambda c, d, n, k: (
        _("%(car)s crosses the line: lap %(lap)s.") % {"car": c, "lap": d["lap"]}
    ),
    "corner_stop": lambda c, d, n, k: (
        _("%(car)s stops in %(corner)s (%(stops)s of %(required)s).")
        % {
            "car": c,
            "corner": corner_name(d["corner"]),
            "stops": d["stops"],
            "required": d["required"],
        }
    ),
    "overshoot": _overshoot,
    "spin": lambda c, d, n, k: _("%(car)s spins!") % {"car": c},
    "braking_paid": _braking,
    "wear_changed": _wear,
    "marker_placed": _marker,
    "debris_dropped": lambda c, d, n, k: _("%(car)s drops debris on the track.") % {"car": c},
    "drift_used": lambda c, d, n, k: _("%(car)s drifts.") % {"car": c},
    "radio_thrown": lambda c, d, n, k: (
        _("%(car)s throws the radio at %(target)s: rolled %(value)s.")
        % {"car": c, "target": n.get(d["target"], _("a car")), "value": d["value"]}
    ),
    "zone_check": _check,
    "police_speed": lambda c, d, n, k: (
        _("%(car)s is checked by the police at %(speed)s km/h.") % {"car": c, "speed": d["speed"]}
    ),
    "nitro_restored": lambda c, d, n, k: _("%(car)s gets the nitro back.") % {"car": c},
    "pit_entered": lambda c, d, n, k: _("%(car)s enters the pit lane.") % {"car": c},
    "pit_service": _pit_service,
    "pit_exit": lambda c, d, n, k: (
        _("%(car)s leaves the pits in gear %(gear)s.") % {"car": c, "gear": d["gear"]}
    ),
    "repair": _repair,
    "finished": lambda c, d, n, k: (
        _("%(car)s finishes in position %(position)s.") % {"car": c, "position": d["position"]}
    ),
    "eliminated": _eliminated,
    "turn_ended": lambda c, d, n, k: _("%(car)s's turn ends.") % {"car": c},
    "round_ended": lambda c, d, n, k: _("The round ends."),
    "qualifying_lap": _qualifying_lap,
    "session_ended": lambda c, d, n, k: _("The session ends."),
}


def _build_check(values: dict[str, int]) -> dict:
    total = sum(values.values())
    if total != BUILD_TOTAL:
        raise ConfigError(
            _("a build spreads exactly %(total)s points; this one has %(given)s")
            % {"total": BUILD_TOTAL, "given": total}
        )
    return {"build": dict(values)}


def build_schema() -> SetupSchema:
    """The car build a driver sets when joining (FD-V-3), in the reader's words."""
    return SetupSchema(
        fields=tuple(
            SetupField(key, _("Build: %(part)s") % {"part": part(key)}, low, high)
            for key, (low, high) in BUILD_RANGES.items()
        ),
        help=_(
            "Car setup (FD-V-3): spread 20 points over the six parts, "
            "or leave all blank for the standard car."
        ),
        check=_build_check,
    )


def _count(value) -> str:
    return "" if value is None else str(value)


def result_columns() -> tuple[Column, ...]:
    return (
        Column("laps", _("Laps"), _count),
        Column("wear", _("Left at the end"), wear_left),
        Column("pit_stops", _("Pit stops"), lambda v: str(v) if v else ""),
        Column("qualifying_score", _("Qualifying score"), _count),
    )


def live_columns() -> tuple[Column, ...]:
    return (
        Column("gear", _("Gear"), _count),
        Column("wear", _("Wear"), wear_left),
        Column("lap", _("Lap"), _count),
    )


class FormulaDPresentation(Presentation):
    game_key = "formula_d"
    option_texts = OPTION_TEXTS
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
            bots=(("rookie", _("Rookie")), ("pro", _("Pro"))),
            statuses=(FINISHED, ELIMINATED, DID_NOT_START),
            result_columns=result_columns(),
            live_columns=live_columns(),
            team_race_option="team_race",
        )

    def setup_schema(self, rules):
        # FD-V-3: a car build only in an advanced season that plays the variant.
        if rules.get("level") == "advanced" and rules.get("build_your_car"):
            return build_schema()
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
            facts.append((_("Gear"), str(car["gear"])))
        if car.get("wear"):
            facts.append((_("Left"), wear_left(car["wear"])))
        if car.get("lap"):
            facts.append((_("Lap"), str(car["lap"])))
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


def _board(track_id: str) -> dict | None:
    track = track_data(track_id)
    if track is None:
        return None
    labels = tuple((str(c["id"]), corner_name(c["id"], track)) for c in track.get("corners", []))
    return _drawn_board(track_id, labels)


@cache
def _drawn_board(track_id: str, labels: tuple[tuple[str, str], ...]) -> dict:
    """The drawing, once per track and language its corners are named in."""
    track = track_data(track_id)
    ranks = int(track.get("L") or 1)
    return loop_board(track.get("name") or "", track["spaces"], ranks, dict(labels))


PRESENTATION = FormulaDPresentation()
