"""What a page shows of Heat (the presentation contract,
races/rules/presentation.py): capabilities, the session config, every event
in words, the board and the figures of a result.

Drawn cards and a deck's order are their owner's secret while the race runs
(HEAT-B-ENG-10): the sentences for those events give counts, never cards.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..drawing import loop_board
from ..presentation import (
    DID_NOT_START,
    ELIMINATED,
    FINISHED,
    Capabilities,
    Column,
    Presentation,
    SessionFacts,
    loop_progress,
)
from .cards import card
from .game import MAX_CARS
from .panels import DECISION_WORDS, heat_panel
from .track import load_track, track_ids

SPOTS = {"RL": "on the racing line", "OUT": "on the outside"}
REASONS = {
    "shift": "shifting two gears",
    "boost": "a boost",
    "corner": "a corner",
    "cooldown": "cooling down",
    "setup": "the start",
    "slipstream": "a slipstream",
    "press": "the press",
    "overspeed": "taking a corner too fast",
    "cluttered": "a cluttered hand",
    "reveal": "the cards played",
    "adrenaline": "adrenaline",
}


def card_name(card_id: Any) -> str:
    try:
        return card(str(card_id)).name or "a card"
    except (ValueError, IndexError):
        return "a card"


def card_names(cards: Any) -> str:
    names = [card_name(c) for c in cards or []]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def corner(number: Any, limit: Any = None) -> str:
    return f"Corner {number}" + (f" (limit {limit})" if limit is not None else "")


def plural(count: Any, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _moved(car, d, names, config):
    distance = d.get("distance")
    reason = {"slipstream": " in the slipstream", "adrenaline": " on adrenaline"}.get(
        d.get("reason"), ""
    )
    spot = SPOTS.get((d.get("end") or [None, None])[1], "")
    return f"{car} moves {plural(distance, 'space')}{reason}" + (f", {spot}" if spot else "") + "."


def _checked(car, d, names, config):
    limit = d.get("limit")
    paid = d.get("paid")
    text = f"{car} takes {corner(d.get('corner'), limit)} at speed {d.get('speed')}"
    return text + (f": {f'{paid} Heat'} paid." if paid else ".")


WORDS = {
    "race_created": lambda c, d, n, k: "The race is set up.",
    "grid_assigned": lambda c, d, n, k: (
        "The grid is set: "
        + ", ".join(n.get(slot[1], "a car") for slot in d.get("grid") or [])
        + "."
    ),
    "deck_shuffled": lambda c, d, n, k: (
        f"{c} shuffles the deck."
        if d.get("pile") == "deck" and c != "The race"
        else "A deck is shuffled."
    ),
    "cards_drawn": lambda c, d, n, k: (
        f"{c} draws "
        + plural(len(d["cards"]), "sponsorship card" if d.get("pile") == "sponsorship" else "card")
        + "."
    ),
    "hand_replenished": lambda c, d, n, k: f"{c} refills the hand.",
    "heat_paid": lambda c, d, n, k: (
        f"{c} pays {str(d['amount']) + ' Heat'}"
        + (f" for {REASONS[d['reason']]}" if d.get("reason") in REASONS else "")
        + "."
    ),
    "gear_shifted": lambda c, d, n, k: f"{c} shifts from gear {d['start']} to {d['gear']}.",
    "cards_played": lambda c, d, n, k: f"{c} plays {plural(d['count'], 'card')} face down.",
    "turn_order_fixed": lambda c, d, n, k: (
        "The turn order: " + ", ".join(n.get(s, "a car") for s in d.get("order") or []) + "."
    ),
    "cards_revealed": lambda c, d, n, k: f"{c} reveals {card_names(d['cards'])}.",
    "cards_shown": lambda c, d, n, k: f"{c} shows {card_names(d.get('cards'))}.",
    "plus_resolved": lambda c, d, n, k: (
        f"{c} turns cards over for a Stress card: " + f"{card_name(d['found'])}."
    ),
    "moved": _moved,
    "cards_discarded": lambda c, d, n, k: f"{c} discards {card_names(d['cards'])}.",
    "adrenaline_used": lambda c, d, n, k: (
        f"{c} uses adrenaline"
        + {"speed": " to move one more space", "cooldown": " to cool down one more Heat"}.get(
            d.get("kind"), ""
        )
        + "."
    ),
    "boost_done": lambda c, d, n, k: f"{c} boosts.",
    "cooldown_done": lambda c, d, n, k: f"{c} cools down {str(d['count']) + ' Heat'}.",
    "corner_crossed": lambda c, d, n, k: f"{c} crosses {corner(d['corner'])}.",
    "corner_checked": _checked,
    "spun_out": lambda c, d, n, k: (
        f"{c} spins out in {corner(d['corner'])} " + f"and drops to gear {d['gear']}!"
    ),
    "lap_completed": lambda c, d, n, k: f"{c} completes lap {d['lap']}.",
    "car_finished": lambda c, d, n, k: f"{c} crosses the finish line.",
    "car_eliminated": lambda c, d, n, k: f"{c} is out of the race.",
    "round_ended": lambda c, d, n, k: "The round ends.",
    "race_ended": lambda c, d, n, k: "The race ends.",
    "weather_drawn": lambda c, d, n, k: (
        "The weather is " + str(d.get("token", "")).replace("_", " ") + "."
    ),
    "road_token_placed": lambda c, d, n, k: (
        f"A road condition is placed at {corner(d['corner'])}: "
        + str(d.get("effect", "")).replace("_", " ")
        + "."
    ),
    "upgrade_row_revealed": lambda c, d, n, k: (
        "Upgrades on offer: " + card_names(d.get("cards")) + "."
    ),
    "upgrade_picked": lambda c, d, n, k: f"{c} takes the upgrade {card_name(d['card'])}.",
    "upgrade_dealt": lambda c, d, n, k: f"{c} is dealt an upgrade.",
    "upgrade_row_discarded": lambda c, d, n, k: "The upgrades nobody took are discarded.",
    "symbol_resolved": lambda c, d, n, k: (
        f"{c} uses {card_name(d['card'])}: " + str(d.get("symbol", "")).replace("_", " ") + "."
    ),
    "speed_chosen": lambda c, d, n, k: f"{c} plays {card_name(d['card'])} as speed {d['value']}.",
    "legend_card_revealed": lambda c, d, n, k: "A Legend card is revealed.",
    "market_swapped": lambda c, d, n, k: (
        f"{c} swaps a card at the market." if d.get("taken") else f"{c} keeps their cards."
    ),
    "sponsorship_gained": lambda c, d, n, k: (
        f"{c} gains a sponsorship card"
        + (f" for {REASONS[d['reason']]}" if d.get("reason") in REASONS else "")
        + "."
    ),
    "sponsorships_used": lambda c, d, n, k: f"{c} uses {card_names(d['cards'])}.",
    "press_award": lambda c, d, n, k: f"{c} gets the press's attention at {corner(d['corner'])}.",
    "card_converted_unpayable": lambda c, d, n, k: (
        f"{c} cannot pay a card's Heat: " + "it becomes a Stress card."
    ),
}


class HeatPresentation(Presentation):
    game_key = "heat"
    step_openers = frozenset({"turn_order_fixed", "cards_revealed"})
    round_openers = frozenset({"turn_order_fixed"})
    finish_types = frozenset({"car_finished"})
    out_types = frozenset({"car_eliminated"})
    end_types = frozenset()
    words = WORDS

    def capabilities(self, rules):
        return Capabilities(
            min_seats=2,
            # HEAT-B-001; Heavy Rain adds a seventh car (HEAT-RAIN-01).
            max_seats=MAX_CARS + (1 if rules.get("heavy_rain") else 0),
            modes=("race",),
            bots=(("rookie", "Rookie"), ("pro", "Pro"), ("legend", "Legend (Legends module)")),
            # A Legend is a module's own car (HEAT-LEGEND), not a driver's stand-in.
            autopilots=(("rookie", "Rookie"), ("pro", "Pro")),
            statuses=(FINISHED, ELIMINATED, DID_NOT_START),
            result_columns=(
                Column("laps", "Laps", lambda v: "" if v is None else str(v)),
                Column("spinouts", "Spin-outs", lambda v: str(v) if v else ""),
                Column("heat_paid_total", "Heat paid", lambda v: "" if v is None else str(v)),
            ),
            live_columns=(
                Column("gear", "Gear", lambda v: "" if v is None else str(v)),
                Column("engine", "Heat in engine", lambda v: "" if v is None else str(v)),
                Column("spinouts", "Spin-outs", lambda v: str(v) if v else ""),
            ),
        )

    def engine_config(self, rules, round_options, *, track, laps, facts: SessionFacts):
        config = super().engine_config(rules, round_options, track=track, laps=laps, facts=facts)
        if rules.get("season"):
            config["season_race"] = facts.round_number  # HEAT-CHAMP-01: race N of the season
        if rules.get("season") == "custom" and facts.season_key:
            config.setdefault("season_seed", facts.season_key)
        if facts.kind == "race" and facts.grid:
            config["grid"] = list(facts.grid)
        return config

    decision_words = DECISION_WORDS

    def panel(self, decision, view, *, legal):
        return heat_panel(decision, view, legal)

    # --- the board --------------------------------------------------------

    def board_state(self, seats, config):
        return {
            "cars": {
                s["id"]: {"space": None, "status": "racing", "gear": 1, "engine": None}
                for s in seats
            },
            "round": 0,
        }

    def fold(self, state, event):
        data, kind, seat = event.get("data") or {}, event["type"], event.get("seat")
        cars = state["cars"]
        state["round"] = event.get("round") or state["round"]
        if kind == "grid_assigned":  # [slot, seat, colour, space, spot]
            for slot in data.get("grid") or []:
                if slot[1] in cars:
                    cars[slot[1]]["space"] = f"h{slot[3]}:{slot[4]}"
            return state
        if kind == "round_ended":  # [seat, space, spot, gear]
            for line in data.get("positions") or []:
                if line[0] in cars:
                    cars[line[0]].update(space=f"h{line[1]}:{line[2]}", gear=line[3])
            return state
        car = cars.get(seat) if seat else None
        if car is None:
            return state
        if kind in ("moved", "spun_out") and isinstance(data.get("end"), list):
            car["space"] = f"h{data['end'][0]}:{data['end'][1]}"
        if kind in ("gear_shifted", "spun_out"):
            car["gear"] = data.get("gear")
        elif kind in ("heat_paid", "cooldown_done") and data.get("engine") is not None:
            car["engine"] = data["engine"]
        elif kind == "car_finished":
            car["status"] = "finished"
        elif kind == "car_eliminated":
            car["status"] = "out"
        return state

    def board(self, config):
        return _board(config.get("track") or "")

    def anchor_of(self, config, place):
        """Positions past a lap (or before the line, on the grid) fold back
        onto the one lap the board draws."""
        position, _, spot = place[1:].partition(":")
        try:
            return f"h{int(position) % _length(config.get('track') or '')}:{spot}"
        except (ValueError, ZeroDivisionError):
            return None

    def car_facts(self, car):
        facts = [("Gear", str(car.get("gear")))]
        if car.get("engine") is not None:
            facts.append(("Heat in engine", str(car["engine"])))
        return facts

    # --- the live table ---------------------------------------------------

    def progress(self, view, events, finished):
        length = _length(view.get("track") or "")
        return loop_progress(
            self,
            view,
            events,
            finished,
            length=length * int(view.get("laps") or 1),
            public=lambda c: {
                "space": f"h{c.get('space')}:{c.get('spot')}",
                "gear": c.get("gear"),
                "engine": c.get("engine"),
                "spinouts": c.get("spinouts"),
            },
        )


@cache
def _length(track_id: str) -> int:
    if track_id not in track_ids():
        return 0
    return load_track(track_id).length


@cache
def _board(track_id: str) -> dict | None:
    if track_id not in track_ids():
        return None
    track = load_track(track_id)
    corners = {c.position: c for c in track.corners}
    spaces = [
        {
            "id": f"h{position}:{spot}",
            "kind": "track",
            "lane": lane,
            "rank": position,
            "corner": str(corners[position].id) if position in corners else None,
        }
        for position in range(track.length)
        for lane, spot in enumerate(("RL", "OUT"))
    ]
    labels = {str(c.id): corner(c.id, c.limit) for c in track.corners}
    return loop_board(track.name, spaces, track.length, labels)


PRESENTATION = HeatPresentation()
