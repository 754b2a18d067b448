"""Damage to a Formula D car in words: wear and its causes, the checks and
rolls against damage (FD-B-10, FD-A-9, FD-V-10), repairs, and a car out of
the race."""

from __future__ import annotations

from ...speech import N_, _
from .parts import gains, part

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


def cause(key) -> str:
    return _(CAUSES[key]) if key in CAUSES else ""


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


def _repair(car, d, names, config):
    source = cause(d.get("source"))
    words = {"car": car, "repairs": gains(d.get("changes") or {}) or _("nothing"), "cause": source}
    if source:
        return _("%(car)s repairs %(repairs)s after %(cause)s.") % words
    return _("%(car)s repairs %(repairs)s.") % words


def _eliminated(car, d, names, config):
    if d.get("cause"):
        why = cause(d.get("cause")) or _("damage")
        return _("%(car)s is out of the race: %(cause)s.") % {"car": car, "cause": why}
    return _("%(car)s is out of the race.") % {"car": car}
