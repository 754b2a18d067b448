"""The engine contract every game follows (DESIGN.md, "The engine contract").

Plain, frozen, JSON-serialisable types and the small protocol a game and a
race implement. Nothing here knows a game's rules; nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

# The hand-written __init__s below set frozen fields as the generated ones do,
# through object.__setattr__, but bound once instead of looked up per field.
# (Writing self.__dict__ instead would be faster still, but it materialises a
# dict per instance, which the garbage collector then pays for many times over.)
_set = object.__setattr__
# Stands for "argument not given": mapping fields default to a fresh empty
# dict, as `default_factory=dict` does.
_FRESH = object()


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player.

    Raising it leaves the race unchanged.
    """


class ConfigError(ValueError):
    """A race configuration, seat list or option the game cannot start with."""


@dataclass(frozen=True)
class Seat:
    """One place on the grid and who fills it.

    `setup` holds per-car choices (a Formula D car build, tyres, a special
    driver; Heat upgrades carried from the last race).
    """

    id: str
    name: str
    kind: str = "human"  # "human" | "bot"
    bot: str | None = None
    team: str | None = None
    setup: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def to_dict(self) -> dict:
        return {**asdict(self), "setup": dict(self.setup)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        return cls(**{**data, "setup": dict(data.get("setup") or {})})


@dataclass(frozen=True)
class Action:
    """What a seat does at a decision: a kind and plain parameters."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __init__(self, kind: str, params: Mapping[str, Any] = _FRESH):
        # Written by hand: the generated one costs twice as much, and races make
        # thousands of actions, decisions and events.
        _set(self, "kind", kind)
        _set(self, "params", {} if params is _FRESH else params)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        return cls(kind=data["kind"], params=dict(data.get("params") or {}))


@dataclass(frozen=True)
class Decision:
    """A choice the race waits for.

    `prompt` is a sentence for a person; `options` describes the choice in the
    game's terms (gear ranges, stops owed, cards in hand) so a page can draw a
    panel without knowing the game; `default` is what happens on a missed
    deadline when the game defines one (else the seat's autopilot decides).
    """

    seat: str
    kind: str
    prompt: str = ""
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    default: Action | None = None

    def __init__(
        self,
        seat: str,
        kind: str,
        prompt: str = "",
        options: Mapping[str, Any] = _FRESH,
        default: Action | None = None,
    ):
        # Written by hand for speed, as Action's.
        _set(self, "seat", seat)
        _set(self, "kind", kind)
        _set(self, "prompt", prompt)
        _set(self, "options", {} if options is _FRESH else options)
        _set(self, "default", default)

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": dict(self.options),
            "default": self.default.to_dict() if self.default else None,
        }


_new = object.__new__


def decision_of(
    seat: str, kind: str, prompt: str, options: Mapping[str, Any], default: Action | None = None
) -> Decision:
    """Decision(seat, kind, prompt, options, default) for less, for the engines
    that ask hundreds a race: its fields written, in its __init__'s order, into
    the dict the new instance's __dict__ gives, where the frozen dataclass's
    __init__ sets each through object.__setattr__."""
    made = _new(Decision)
    fields = made.__dict__
    fields["seat"] = seat
    fields["kind"] = kind
    fields["prompt"] = prompt
    fields["options"] = options
    fields["default"] = default
    return made


@dataclass(frozen=True)
class Event:
    """One step of the replay: enough to redraw the board after it."""

    seq: int
    round: int
    type: str
    seat: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __init__(
        self,
        seq: int,
        round: int,
        type: str,
        seat: str | None = None,
        data: Mapping[str, Any] = _FRESH,
    ):
        # Written by hand for speed, as Action's.
        _set(self, "seq", seq)
        _set(self, "round", round)
        _set(self, "type", type)
        _set(self, "seat", seat)
        _set(self, "data", {} if data is _FRESH else data)

    def to_dict(self) -> dict:
        return {
            "seq": self.seq,
            "round": self.round,
            "type": self.type,
            "seat": self.seat,
            "data": dict(self.data),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            seq=data["seq"],
            round=data["round"],
            type=data["type"],
            seat=data.get("seat"),
            data=dict(data.get("data") or {}),
        )


@dataclass(frozen=True)
class Placing:
    """One seat's line in a race result.

    `status` is "finished", "eliminated" or "did_not_start"; `distance` is the
    game's measure of how far the car got (spaces, progress); `figures` holds
    what a championship needs beyond that (qualifying score and time, wear
    left, credits, flags touched).
    """

    seat: str
    position: int
    status: str
    laps: int = 0
    distance: int = 0
    figures: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "position": self.position,
            "status": self.status,
            "laps": self.laps,
            "distance": self.distance,
            **dict(self.figures),
        }


@dataclass(frozen=True)
class RaceResult:
    """The outcome of a finished race.

    `carry_over` maps a seat id to what this race hands that seat's next race
    in a championship (Heat upgrades and unused sponsorships); the league
    stores it per entry and passes it back through the next race's
    `Seat.setup["carry_in"]`. Games without carry-over leave it empty.
    """

    game: str
    order: tuple[Placing, ...]
    rounds: int
    log_sha256: str
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)
    carry_over: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, hash=False)

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "rounds": self.rounds,
            "log_sha256": self.log_sha256,
            "order": [p.to_dict() for p in self.order],
            "details": dict(self.details),
            "carry_over": {k: dict(v) for k, v in self.carry_over.items()},
        }


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action: ...


class Race(Protocol):
    """A race in progress. `start` and `apply` advance it until a decision is
    needed or it is over, so `pending == []` exactly when it is finished."""

    @property
    def pending(self) -> list[Decision]: ...

    @property
    def events(self) -> list[Event]: ...

    @property
    def finished(self) -> bool: ...

    def legal_actions(self, seat: str) -> list[Action]: ...

    def validate(self, seat: str, action: Action) -> str | None: ...

    def apply(self, seat: str, action: Action) -> list[Event]: ...

    def result(self) -> RaceResult: ...

    def view(self, seat: str | None) -> dict: ...


class Game(Protocol):
    """A registered game: its options, tracks, bots and how a race starts."""

    key: str
    name: str
    options: Any  # an OptionSchema (races.rules.options)

    def start(self, config: Mapping[str, Any], seats: list[Seat], seed: int | str) -> Race: ...

    def tracks(self) -> list[dict]: ...

    def bot(self, name: str, *, seed: int | str, seat: str) -> Bot: ...

    @property
    def bot_names(self) -> tuple[str, ...]: ...

    # What the rules decide about a hosted session (SessionRules below holds
    # the defaults a game inherits).
    def session_config(
        self,
        rules: Mapping[str, Any],
        round_options: Mapping[str, Any],
        *,
        track: str,
        laps: int | None,
        facts: SessionFacts,
    ) -> dict: ...

    def timed_action(self, action: Action, config: Mapping, seconds: int) -> Action: ...

    def missed_deadline(self, decision: Decision, view: Mapping) -> Action | None: ...

    def decision_seconds(self, decision: Decision) -> int | None: ...

    def table_timer(self, decision: Decision) -> TableTimer | None: ...


@dataclass(frozen=True)
class TableTimer:
    """A timer of the game that runs in real seconds for every seat deciding
    at once (a sand glass over a phase), not one seat's own limit: `run`
    names one run of it (the same for every decision asked during that
    run), `seconds` how long that run lasts from when the table first asks
    a decision under it, `out` the action the host applies to this decision
    if it is still open when the run ends (legal then; recorded, so a replay
    repeats it); None: the seat's ordinary missed deadline."""

    run: str
    seconds: int
    out: Action | None = None


@dataclass(frozen=True)
class SessionFacts:
    """What the league knows of one session beyond its season and round:
    the session kind, the round's number, a key naming the season, the grid
    (seat ids in order), the qualifying that set it, and whether people
    decide for some seats themselves (a game may then let them decide
    together rather than one after the other)."""

    kind: str = "race"
    round_number: int = 1
    season_key: str = ""
    grid: tuple[str, ...] = ()
    qualifying_ranks: Mapping[str, int] = field(default_factory=dict)
    qualifying_summary: Mapping[str, Any] = field(default_factory=dict)
    people: bool = False


class SessionRules:
    """What a game's rules decide about a session run by the host, beyond the
    race itself; a game's `Game` inherits these defaults and overrides what
    its rules fix."""

    def session_config(
        self,
        rules: Mapping[str, Any],
        round_options: Mapping[str, Any],
        *,
        track: str,
        laps: int | None,
        facts: SessionFacts,
    ) -> dict:
        """The one place a session's engine config is built: the season's
        rules, the round's options, then what the session adds. Not yet
        validated: the caller validates it with the game's option schema."""
        config = {**rules, **round_options, "track": track}
        if laps:
            config["laps"] = laps
        return config

    def timed_action(self, action: Action, config: Mapping, seconds: int) -> Action:
        """A person's action as the engine takes it, given the seconds they
        took to decide (a game with timed decisions adds them)."""
        return action

    def missed_deadline(self, decision: Decision, view: Mapping) -> Action | None:
        """The action a missed deadline applies to this decision when the
        rules fix one (a random fill, a "pass"), read from what the seat may
        see; None lets the seat's autopilot decide instead. The host applies
        it only when the engine finds it legal, and records it as the default."""
        return None

    def decision_seconds(self, decision: Decision) -> int | None:
        """The decision's own time limit in seconds when the rules give it
        one (a timer that starts for the last seat still deciding); the host
        gives the seat the sooner of that and the season's deadline. None:
        the season's deadline alone."""
        return None

    def table_timer(self, decision: Decision) -> TableTimer | None:
        """The game's timer this decision is asked under, when its rules run
        one in real seconds for every deciding seat at once; the host keeps
        when each run started and makes the decision due when it ends, then
        applies the timer's `out` action."""
        return None
