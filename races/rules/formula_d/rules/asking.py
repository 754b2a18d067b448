"""The two decisions every turn asks (the gear, FD-B-5, and the move, FD-B-6),
made for less than the contract's Decision costs to make."""

from __future__ import annotations

from ...contract import Decision

_new = object.__new__


def turn_decision(seat: str, kind: str, prompt: str, options) -> Decision:
    """Decision(seat, kind, prompt, options), with no default: its fields
    written, in its __init__'s order, into the dict its __dict__ gives (as
    Heat's decisions are made). Decision is frozen, so its __init__ sets each
    field through object.__setattr__, and a race asks some 900 of these."""
    made = _new(Decision)
    fields = made.__dict__
    fields["seat"] = seat
    fields["kind"] = kind
    fields["prompt"] = prompt
    fields["options"] = options
    fields["default"] = None
    return made
