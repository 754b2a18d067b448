"""Every Formula D event in words, for the replay, the live table and the
log (the presentation contract's `sentence`): one whole sentence per event,
translated when it is said (races/rules/speech.py)."""

from __future__ import annotations

from ...speech import N_, _, ngettext
from .parts import gains, part, parts, tyres, wear_left
from .track_words import corner_name, place, track_data

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

# Event kinds ending in these words (a check of any part, a roll of any die).
SUFFIX_WORDS = {"_check": _check, "_roll": _roll}
