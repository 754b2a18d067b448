"""The Formula D session around the cars' turns in words: the weather, the
start (FD-A-2), the service in the pits and the qualifying score."""

from __future__ import annotations

from ...speech import N_, _

WEATHER = {
    "SUNNY": N_("sunny"),
    "CLOUDY": N_("cloudy"),
    "CLOUDY_WET": N_("cloudy, wet track"),
    "RAIN": N_("rain"),
    "sun": N_("sun"),
    "rain": N_("rain"),
    "cloudy": N_("clouds"),
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


def _start_roll(car, d, names, config):
    words = {"car": car, "value": d.get("value")}
    outcome = d.get("outcome")
    if outcome in STARTS:
        return _(STARTS[outcome]) % words
    return _("%(car)s rolls %(value)s at the start: a start.") % words


def _pit_service(car, d, names, config):
    stop = d.get("stop", "")
    if stop in PIT_SERVICES:
        return _(PIT_SERVICES[stop]) % {"car": car}
    return _("%(car)s is served in the pits (%(stop)s stop).") % {"car": car, "stop": stop}


def _qualifying_lap(car, d, names, config):
    if d.get("classified"):
        return _("%(car)s sets a qualifying score of %(score)s.") % {
            "car": car,
            "score": d["score"],
        }
    return _("%(car)s does not set a qualifying score.") % {"car": car}
