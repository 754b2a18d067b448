"""The presentation contract (DESIGN.md, "What a game shows").

Pages know no game: the replay, the live table, the results, the forms and
the exports read a game's `Presentation` and nothing else. Each game package
has one `present.py` that subclasses `Presentation` in the game's words.

Everything here is plain data over the stored event log (dicts, as the log
is stored), so a page never re-runs the rules. No Django.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .contract import Action, ConfigError, Decision
from .drawing import place_tokens
from .options import OptionText, OptionWords, say_option
from .panels import numbered_form
from .speech import N_, _

# Statuses a result line may carry; a game declares the ones it uses.
FINISHED = "finished"
ELIMINATED = "eliminated"
NOT_FINISHED = "not_finished"
DID_NOT_START = "did_not_start"
STATUS_WORDS = {  # marked for the catalogue, translated where they are shown
    FINISHED: N_("finished"),
    ELIMINATED: N_("out"),
    NOT_FINISHED: N_("not finished"),
    DID_NOT_START: N_("did not start"),
}


@dataclass(frozen=True)
class Column:
    """A column of a results or live table: `key` is looked up in a result
    line's figures (or a live car's public state); `show` turns the value
    into words (a number, a part list, a yes/no in the game's terms)."""

    key: str
    label: str
    show: Callable[[Any], str] = str


@dataclass(frozen=True)
class SetupField:
    """One whole-number field of the per-entry setup a join form draws."""

    key: str
    label: str
    min: int
    max: int


@dataclass(frozen=True)
class SetupSchema:
    """The per-entry setup a season allows (a Formula D car build): the
    fields, a sentence of help, and the check that turns the fields into the
    seat's `setup` or raises ConfigError with a sentence for the driver."""

    fields: tuple[SetupField, ...]
    help: str
    check: Callable[[dict[str, int]], dict]


@dataclass(frozen=True)
class Capabilities:
    """What a game can run, for the forms that set a season and a round up.

    `modes` lists the session kinds ("race", "qualifying"); `bots` the bot
    names with their labels, weakest first as a form offers them;
    `autopilots` the bots a person may hand their car to (the bots by
    default); `team_race_option` names the option that races in teams of two
    (an even field), if the game has one.
    """

    min_seats: int
    max_seats: int
    modes: tuple[str, ...]
    bots: tuple[tuple[str, str], ...]
    statuses: tuple[str, ...]
    result_columns: tuple[Column, ...] = ()
    live_columns: tuple[Column, ...] = ()
    team_race_option: str | None = None
    autopilots: tuple[tuple[str, str], ...] | None = None

    @property
    def autopilot_bots(self) -> tuple[tuple[str, str], ...]:
        return self.autopilots if self.autopilots is not None else self.bots


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


def whole(value: Any) -> str:
    return "" if value is None else str(value)


class Presentation(ABC):
    """The game-neutral part of a presentation; a game overrides what its
    events and board need. Attributes a game sets:

    - `game_key`, and `step_openers`: the event types that open a replay step;
    - `round_openers`: event types carrying a round's running order (`order`);
    - `finish_types` / `out_types`: a car finished / is out of the race;
    - `words`: event type -> function(car, data, names, config) -> sentence.
    """

    game_key = ""
    step_openers: frozenset[str] = frozenset()
    round_openers: frozenset[str] = frozenset()
    finish_types: frozenset[str] = frozenset()
    out_types: frozenset[str] = frozenset()
    end_types: frozenset[str] = frozenset()
    words: Mapping[str, Callable[..., str]] = {}
    option_texts: Mapping[str, OptionText] = {}

    # --- what the game can run --------------------------------------------

    @abstractmethod
    def capabilities(self, rules: Mapping[str, Any]) -> Capabilities:
        """What the game runs under these season rules."""

    def option_words(self, key: str) -> OptionWords:
        """How the season and round forms say one of the game's options:
        label, help and a word per choice, in the reader's language. Every
        option a season may set has its words (tests/platform conformance);
        an option without them is named by its key, spaced out."""
        text = self.option_texts.get(key)
        if text is None:
            return OptionWords(label=key.replace("_", " ").capitalize())
        return say_option(text)

    def setup_schema(self, rules: Mapping[str, Any]) -> SetupSchema | None:
        """The per-entry setup the season's rules allow, or None."""
        return None

    def engine_config(
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
        validated: the caller validates with the game's option schema."""
        config = {**rules, **round_options, "track": track}
        if laps:
            config["laps"] = laps
        return config

    def session_error(self, error: Exception) -> str:
        """A worker failure as a sentence an organiser can act on."""
        return _("The game could not run this session: %(error)s. Change the setting it names.") % {
            "error": error
        }

    def person_action(self, action: Action, config: Mapping, seconds: int) -> Action:
        """A person's action as the engine takes it, given the seconds they
        took to decide (a game with timed decisions adds them)."""
        return action

    # --- decisions -------------------------------------------------------

    def missed_deadline(self, decision: Decision, view: Mapping) -> Action | None:
        """The action a missed deadline applies to this decision when the
        game's rules fix one (a random fill, a "pass"), read from what the
        seat may see; None, the default, lets the seat's autopilot decide
        instead. The host applies it only when the engine finds it legal, and
        records it as the default."""
        return None

    def decision_seconds(self, decision: Decision) -> int | None:
        """The decision's own time limit in seconds, when the game's rules
        give it one (a timer that starts for the last seat still deciding),
        counted from when the decision first carries it; the host gives the
        seat the sooner of that and the season's deadline, and a missed one
        applies `missed_deadline`. None, the default: the season's deadline
        alone."""
        return None

    # Decision kind -> its name in the game's words, for the plain form.
    decision_words: Mapping[str, str] = {}

    def panel(self, decision: Decision, view: Mapping, *, legal: Sequence[Action]) -> dict:
        """The widget a person decides with (races/rules/panels.py): a game
        overrides this per decision kind; the default is the plain form of
        the legal actions, in words."""
        return numbered_form(decision, legal, self.decision_words)

    # --- events in words --------------------------------------------------

    def sentence(
        self, event: Mapping, names: Mapping[str, str], config: Mapping | None = None
    ) -> str:
        """One event as a sentence with people's names; never a raw id."""
        car = self.car(names, event.get("seat"))
        data = event.get("data") or {}
        say = self.words.get(event["type"])
        if say is not None:
            try:
                return say(car, data, names, config or {})
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass
        return self.generic_sentence(car, event["type"])

    @staticmethod
    def car(names: Mapping[str, str], seat: str | None) -> str:
        if not seat:
            return _("The race")
        return names.get(seat, _("A car"))

    @staticmethod
    def generic_sentence(car: str, kind: str) -> str:
        return _("%(car)s: %(event)s.") % {"car": car, "event": kind.replace("_", " ")}

    def has_words(self, kind: str) -> bool:
        """Whether events of this type have a sentence of their own."""
        return kind in self.words

    def opens_step(self, event: Mapping) -> bool:
        return event["type"] in self.step_openers

    # --- the board --------------------------------------------------------

    def board_state(self, seats: Sequence[Mapping], config: Mapping) -> dict:
        """The scene's state before the first event: every car, no place."""
        return {
            "cars": {s["id"]: {"space": None, "status": "racing"} for s in seats},
            "round": 0,
        }

    def fold(self, state: dict, event: Mapping) -> dict:
        """Move the scene's state along one event (without re-running rules)."""
        return state

    def board(self, config: Mapping) -> dict | None:
        """The board of this session as neutral drawing primitives
        (races/rules/drawing.py), without the cars; None if it has none."""
        return None

    def anchor_of(self, config: Mapping, place: str) -> str | None:
        """The board's anchor for a place it does not draw (none by default)."""
        return None

    def scene(
        self,
        config: Mapping,
        state: Mapping,
        people: Mapping[str, Mapping[str, str]],
        active: str | None = None,
    ) -> dict | None:
        """The board with every car placed where the state has it. `people`
        maps a seat to its driver's `name`, a short `label` (the car number)
        and a `colour`."""
        board = self.board(config)
        if board is None:
            return None
        cars = [
            {
                "seat": seat,
                "place": car.get("space"),
                "active": seat == active,
                "out": car.get("status") == "out",
                **people[seat],
            }
            for seat, car in state["cars"].items()
            if seat in people
        ]
        return place_tokens(board, cars, lambda place: self.anchor_of(config, place))

    def car_facts(self, car: Mapping) -> list[tuple[str, str]]:
        """A car's public state (from the scene's state) as labelled facts."""
        return []

    # --- results and the live table ---------------------------------------

    def result_figures(self, figures: Mapping[str, Any], rules: Mapping) -> list[str]:
        """A result line's figures as the cells of the results columns."""
        columns = self.capabilities(rules).result_columns
        return [column.show(figures.get(column.key)) for column in columns]

    def result_pictures(
        self, config: Mapping, events: Sequence[Mapping], people: Mapping[str, Mapping[str, str]]
    ) -> list[dict]:
        """What the results page shows of how the game was played beyond its
        table: pictures, each a `title` and `grids` (a `label` and `rows` of
        cells with `text`, `title` and `style`, as a tile panel's grids).
        None by default."""
        return []

    def running_orders(self, events: Iterable[Mapping]) -> list[dict]:
        """The order of the cars after every round (the lap chart), from
        each round's opening order. Finished cars keep their places ahead,
        cars out of the race the last places in the order they went out."""
        rounds: list[dict] = []
        done: list[str] = []
        out: list[str] = []
        for event in events:
            kind, seat, data = event["type"], event.get("seat"), event.get("data") or {}
            if kind in self.finish_types and seat and seat not in done:
                done.append(seat)
            if kind in self.out_types and seat and seat not in out:
                out.append(seat)
            if kind in self.end_types:
                final = data.get("order")
                if isinstance(final, list) and final:
                    rounds.append({"round": "F", "order": [s for s in final if s]})
                    return rounds
            if kind in self.round_openers:
                order = self.round_order(data)
                if order:
                    rest = [s for s in order if s not in done and s not in out]
                    rounds.append({"round": event.get("round") or len(rounds) + 1,
                                   "order": done + rest + out})  # fmt: skip
        return rounds

    def round_order(self, data: Mapping) -> list[str]:
        order = data.get("order")
        return list(order) if isinstance(order, list) else []

    @abstractmethod
    def progress(self, view: Mapping, events: Sequence, finished: bool) -> dict:
        """{"percent", "order", "cars"}: the share of the race done, the
        running order and each car's public state, from the engine's public
        view (spectators may see all of it)."""


def loop_progress(
    presentation: Presentation,
    view: Mapping,
    events: Sequence,
    finished: bool,
    *,
    length: int,
    public: Callable[[Mapping], dict],
) -> dict:
    """`Presentation.progress` for a race round a loop: cars that finished
    first in the order they did, then the cars racing by how far they have
    gone (`progress` in the view), then the cars out, the last out last.
    `public(car)` picks what spectators see of a car, with its `space` as
    the board's anchor for it."""
    cars = view.get("cars", [])
    done = [e.seat for e in events if e.type in presentation.finish_types]
    out = [e.seat for e in events if e.type in presentation.out_types]
    racing = sorted(
        (c for c in cars if c["seat"] not in done and c["seat"] not in out),
        key=lambda c: -(c.get("progress") or 0),
    )
    leader = max((c.get("progress") or 0 for c in cars), default=0)
    percent = 100 if finished else 0
    if not finished and length > 0:
        percent = max(0, min(99, round(100 * leader / length)))
    return {
        "percent": percent,
        "order": done + [c["seat"] for c in racing] + list(reversed(out)),
        "cars": {
            c["seat"]: {
                **public(c),
                "status": "out"
                if c["seat"] in out
                else ("finished" if c["seat"] in done else "racing"),
            }
            for c in cars
        },
    }


def check_setup_fields(schema: SetupSchema, values: Mapping[str, int | None]) -> dict:
    """All fields blank: no setup; all given: the schema's check; else an error."""
    given = {f.key: values.get(f.key) for f in schema.fields}
    if all(v is None for v in given.values()):
        return {}
    if any(v is None for v in given.values()):
        raise ConfigError(_("give every value of the setup, or none"))
    for f in schema.fields:
        if not f.min <= given[f.key] <= f.max:
            raise ConfigError(
                _("%(field)s must be between %(min)s and %(max)s")
                % {"field": f.label, "min": f.min, "max": f.max}
            )
    return schema.check(given)
