"""RandomBot (GT-BOT-04): uniform choices among the options a decision
lists, from its own stream `bot:{seat}`."""

from __future__ import annotations

from ...contract import Action, Decision
from ..chance import Chance


class RandomBot:
    def __init__(self, seed, seat: str):
        self.rng = Chance(seed).stream(f"bot:{seat}")
        self.seat = seat

    def pick(self, items: list):
        return items[self.rng.randint(0, len(items) - 1)]

    def choose(self, view: dict, decision: Decision) -> Action:
        o, kind = decision.options, decision.kind
        if kind == "build_step":
            steps = []
            if o["face_down"]:
                steps += [Action("draw")] * 4
            steps += [Action("take_face_up", {"tile": t}) for t in o["face_up"][:3]]
            steps += [Action("take_reserved", {"tile": t}) for t in o["reserved_buildable"]]
            steps += [Action("peek", {"stack": k}) for k in o["stacks"]]
            steps += [Action("pass")]
            if o["hourglass"] in ("I", "Start") or not o["face_down"]:
                token = {"token": o["tokens"][0]} if o.get("token_pick") == "any" else {}
                steps.append(Action("finish", token))
            return self.pick(steps)
        if kind == "resolve_tile":
            choices = [
                Action("place", {"cell": [c, r], "rot": rot}) for c, r, rot in o["placements"]
            ]
            if o["can_reserve"]:
                choices.append(Action("reserve"))
            if o["can_return"]:
                choices += [Action("return")] * max(1, len(choices) // 3)
            return self.pick(choices)
        if kind == "keep_fragment":
            return Action("keep", {"cell": self.pick(o["fragments"])[0]})
        if kind == "place_aliens":
            brown = self.pick([None, *o["brown"]])
            purple = self.pick([None, *(c for c in o["purple"] if c != brown)])
            return Action("aliens", {"brown": brown, "purple": purple})
        if kind == "give_up":
            return Action("give_up") if self.rng.randint(1, 20) == 1 else Action("fly_on")
        if kind in ("declare_engines", "declare_cannons"):
            tokens = [b["cell"] for b in o["batteries"] for _ in range(b["tokens"])]
            devices = [d for d in o["devices"] if self.rng.randint(0, 1)][: len(tokens)]
            return Action("declare", {"activate": devices, "pay": tokens[: len(devices)]})
        if kind == "defend":
            if self.rng.randint(0, 3) == 0:
                return Action("take_hit")
            return Action(
                "defend",
                {"device": self.pick(o["devices"]), "pay": self.pick(o["batteries"])["cell"]},
            )
        if kind == "choose_planet":
            free = [p["planet"] for p in o["planets"] if p["free"]]
            return self.pick([Action("stay")] + [Action("land", {"planet": i}) for i in free])
        if kind == "accept":
            return self.pick([Action("accept"), Action("decline")])
        return decision.default
