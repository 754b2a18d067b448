"""A Formula D car's turn in words: the gear it selects, its boost, its move
(in the slipstream, drifting, on a fast exit, off the line), the brakes it
pays, the corners it overshoots and the debris it leaves."""

from __future__ import annotations

from ...speech import _, ngettext
from .parts import parts
from .track_words import corner_name, place, track_data


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
