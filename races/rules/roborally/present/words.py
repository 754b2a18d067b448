"""RoboRally's events in words (the presentation's words part,
races/rules/face/words.py): a replay step opens at each turn, each register
and the race's end; each event's sentence is in sentences.py. After the
registers run, the table tells the turn register by register (RR-REG-01:
the cards revealed, then the robots' moves in priority order, the board
elements, the lasers, the flags), each register one step."""

from __future__ import annotations

from ...face.words import Words
from ...speech import _
from .cards import card_name
from .sentences import SENTENCES


class RoboRallyWords(Words):
    step_openers = frozenset({"turn_started", "register_started", "race_finished"})
    sentences = SENTENCES

    def story_steps(self, events):
        last = next((e for e in reversed(events) if e["type"] == "register_started"), None)
        if last is None:
            return []
        turn = last.get("round")
        steps: list[list] = [[]]
        for event in events:
            if event.get("round") != turn:
                continue
            if event["type"] == "register_started":
                steps.append([])
            steps[-1].append(event)
        return steps

    def story_title(self, step, index):
        turn = step[0].get("round") if step else 0
        if index == 0:
            return _("Turn %(turn)d: the programs") % {"turn": turn or 0}
        return _("Turn %(turn)d, register %(register)d") % {"turn": turn or 0, "register": index}

    def told(self, event):
        # A laser that hits nobody changes nothing on the floor.
        return not (event["type"] == "laser_fired" and not (event.get("data") or {}).get("target"))

    def story_cards(self, step):
        """The cards revealed in a register, highest priority first (the
        order the robots move in, RR-REG-02)."""
        cards = [
            (card, e.get("seat"))
            for e in step
            if e["type"] == "card_revealed"
            for card in ((e.get("data") or {}).get("cards") or [(e.get("data") or {}).get("card")])
            if card is not None
        ]
        return [
            {"seat": seat, "name": card_name(card), "value": str(card)}
            for card, seat in sorted(cards, key=lambda c: -c[0])
        ]
