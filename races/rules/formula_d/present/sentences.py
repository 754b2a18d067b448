"""Every Formula D event in words, for the replay, the live table and the
log (the presentation contract's `sentence`): one whole sentence per event,
translated when it is said (races/rules/speech.py).

A car's turn is said in turn_sentences.py, damage in damage_sentences.py,
the weather, start, pits and qualifying in session_sentences.py; here is the
table of every event."""

from __future__ import annotations

from ...speech import _
from .damage_sentences import _check, _eliminated, _repair, _roll, _wear
from .parts import tyres, wear_left
from .session_sentences import _pit_service, _qualifying_lap, _start_roll, _weather
from .track_words import corner_name
from .turn_sentences import _boost, _braking, _gear_selected, _marker, _moved, _overshoot


def _cars(names, seats) -> str:
    return _(", ").join(names.get(s, _("a car")) for s in seats or [])


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
