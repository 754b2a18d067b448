"""What a page shows of Formula D (the presentation contract,
races/rules/presentation.py): capabilities, the session config, every event
in words, the board and the figures of a result."""

from __future__ import annotations

from functools import cache

from ...contract import Action, ConfigError
from ...drawing import loop_board
from ...presentation import (
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
from ...speech import _
from ..option_words import OPTION_TEXTS
from .panels import DECISION_WORDS, formula_d_panel
from .parts import part, wear_left
from .sentences import SUFFIX_WORDS, WORDS
from .track_words import corner_name, lane_words, track_data

# FD-V-3.1: a build spreads 20 points over the six parts, within these ranges.
BUILD_RANGES = {"T": (1, 14), "Br": (1, 7), "Gb": (1, 7), "Bo": (1, 7), "En": (1, 7), "Su": (1, 7)}
BUILD_TOTAL = 20


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
    suffix_words = SUFFIX_WORDS

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
