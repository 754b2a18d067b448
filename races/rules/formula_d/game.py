"""The Formula D game object: options, tracks, bots and how a race starts (FD-E-1)."""

from __future__ import annotations

from ..contract import Seat
from .bots import make as make_bot
from .options import OPTIONS, check_seats
from .race import FormulaDRace
from .rules.track import load_track, track_ids


class FormulaD:
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
