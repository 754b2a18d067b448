"""The Formula D game object: options, tracks, bots, how a race starts (FD-E-1)
and what the rules decide about a session the host runs (the qualifying's
grid, ranks and surface carried into the race; a live lap's real time)."""

from __future__ import annotations

from ..contract import Action, Seat, SessionFacts, SessionRules
from .bots import make as make_bot
from .options import OPTIONS, check_seats
from .race import FormulaDRace
from .rules.track import load_track, track_ids


class FormulaD(SessionRules):
    key = "formula_d"
    name = "Formula D"
    options = OPTIONS
    bot_names = ("rookie", "pro")

    def tracks(self) -> list[dict]:
        out = []
        for tid in track_ids():
            t = load_track(tid)
            out.append(
                {
                    "id": t.id,
                    "name": t.name,
                    "kind": t.kind,
                    # default laps: basic 1, advanced 2; published street races 1 (FD-O-1)
                    "laps": 1,
                    "laps_advanced": 1 if t.kind == "street" else 2,
                    "length": t.L,
                    "corners": len(t.corners),
                    "stops": [c.stops for c in t.corners],
                    "pit_lane": t.has_pit,
                }
            )
        return out

    def bot(self, name: str, *, seed, seat: str):
        return make_bot(name, seed=seed, seat=seat)

    def start(self, config, seats: list[Seat], seed, *, dice=None) -> FormulaDRace:
        cfg = self.options.validate(dict(config))
        seats = [s if isinstance(s, Seat) else Seat.from_dict(s) for s in seats]
        check_seats(cfg, seats)
        return FormulaDRace(cfg, seats, seed, dice=dice)

    # ----- the host's session -------------------------------------------------
    def session_config(self, rules, round_options, *, track, laps, facts: SessionFacts) -> dict:
        config = super().session_config(rules, round_options, track=track, laps=laps, facts=facts)
        config["mode"] = facts.kind
        if facts.kind == "race" and facts.grid:
            config["grid"] = list(facts.grid)
        if facts.qualifying_ranks:
            config["qualifying_ranks"] = dict(facts.qualifying_ranks)
        surface = facts.qualifying_summary.get("surface")
        if surface:  # FD-V-6.4: the race is rolled on the qualifying's surface
            config["qualifying_weather"] = surface
        return config

    def timed_action(self, action: Action, config, seconds: int) -> Action:
        if config.get("mode") == "qualifying":
            # FD-V-4.6 / FD-E-8: a live lap counts the real time the driver took.
            return Action(action.kind, {**action.params, "elapsed_s": seconds})
        return action
