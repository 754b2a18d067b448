"""Option schemas: the documented options of a game, in one place.

The league validates a season's rules document with the same schema the
engine starts a race with, so an option unknown to the game or out of range
is the same clear error everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .contract import ConfigError
from .speech import _

_TYPES = {"bool": bool, "int": int, "str": str, "list": list, "dict": dict}


@dataclass(frozen=True)
class Option:
    key: str
    type: str  # "bool" | "int" | "str" | "list" | "dict"
    default: Any = None
    help: str = ""
    choices: tuple | None = None
    min: int | None = None
    max: int | None = None
    nullable: bool = False
    # A season may set it; False for options the engine or league fills in per
    # session (grid, qualifying ranks, carry-over).
    season: bool = True

    def check(self, value: Any) -> Any:
        if value is None:
            if self.nullable or self.default is None:
                return None
            raise ConfigError(f"option {self.key!r} may not be empty")
        expected = _TYPES[self.type]
        if self.type == "int" and isinstance(value, bool):
            raise ConfigError(f"option {self.key!r} must be a whole number, not {value!r}")
        if not isinstance(value, expected):
            value = self._coerce(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ConfigError(f"option {self.key!r} must be one of {allowed}; got {value!r}")
        if self.min is not None and value < self.min:
            raise ConfigError(f"option {self.key!r} must be at least {self.min}; got {value}")
        if self.max is not None and value > self.max:
            raise ConfigError(f"option {self.key!r} must be at most {self.max}; got {value}")
        return value

    def _coerce(self, value: Any) -> Any:
        """Accept the text forms a command line or a form gives."""
        if isinstance(value, str):
            text = value.strip()
            if self.type == "bool" and text.lower() in ("true", "yes", "on", "1"):
                return True
            if self.type == "bool" and text.lower() in ("false", "no", "off", "0"):
                return False
            if self.type == "int":
                try:
                    return int(text)
                except ValueError:
                    pass
            if self.type == "list":
                return [part.strip() for part in text.split(",") if part.strip()]
        raise ConfigError(f"option {self.key!r} must be of type {self.type}; got {value!r}")


@dataclass(frozen=True)
class OptionSchema:
    options: tuple[Option, ...]
    # Cross-option rules: a function of the normalised config that raises
    # ConfigError (e.g. "weather needs level = advanced").
    checks: tuple[Callable[[dict], None], ...] = field(default=())

    def __getitem__(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options)

    def validate(self, config: Mapping[str, Any], *, partial: bool = False) -> dict:
        """Return the config with defaults filled in, or raise ConfigError.

        `partial` checks only the keys given (a season's rules document, which
        leaves the track and laps to each round).
        """
        if not isinstance(config, Mapping):
            raise ConfigError("options must be a mapping of option names to values")
        unknown = sorted(set(config) - set(self.keys))
        if unknown:
            raise ConfigError(
                f"unknown option {unknown[0]!r}; known options: {', '.join(self.keys)}"
            )
        result: dict[str, Any] = {}
        for option in self.options:
            if option.key in config:
                result[option.key] = option.check(config[option.key])
            elif not partial:
                result[option.key] = option.default
        if not partial:
            for check in self.checks:
                check(result)
        return result

    def describe(self) -> list[dict]:
        return [
            {
                "key": o.key,
                "type": o.type,
                "default": o.default,
                "help": o.help,
                "choices": list(o.choices) if o.choices else None,
                "min": o.min,
                "max": o.max,
                "season": o.season,
            }
            for o in self.options
        ]


@dataclass(frozen=True)
class OptionText:
    """How a game says one of its options, marked for the catalogue (`N_`):
    a label, a whole sentence of help and a word for each choice. A game's
    presentation keeps a table of them (its capabilities' `option_texts`)."""

    label: str
    help: str = ""
    values: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionWords:
    """An option in the reader's language, as a form shows it."""

    label: str
    help: str = ""
    values: Mapping[str, str] = field(default_factory=dict)

    def value(self, choice: Any) -> str:
        """The word for a choice; a choice without one (a year, a number)
        is shown as it is."""
        return self.values.get(str(choice), str(choice))


def say_option(text: OptionText) -> OptionWords:
    """Translate an option's words now, in the reader's language."""
    return OptionWords(
        label=_(text.label),
        help=_(text.help) if text.help else "",
        values={choice: _(word) for choice, word in text.values.items()},
    )
