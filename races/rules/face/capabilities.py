"""What a game can run, for the forms that set a season and a round up:
seat range, modes, bots, statuses, the result and live-table columns, the
per-entry setup, and each option said in words."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..contract import ConfigError
from ..options import OptionText, OptionWords, say_option
from ..speech import N_, _

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
    """What a game runs under one season's rules.

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


def whole(value: Any) -> str:
    return "" if value is None else str(value)


class GameCapabilities(ABC):
    """The capabilities part of a presentation; a game overrides
    `capabilities` and whatever else its rules allow. `option_texts` maps an
    option key to its words (the game's option_words.py)."""

    option_texts: Mapping[str, OptionText] = {}

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

    def session_error(self, error: Exception) -> str:
        """A worker failure as a sentence an organiser can act on."""
        return _("The game could not run this session: %(error)s. Change the setting it names.") % {
            "error": error
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
