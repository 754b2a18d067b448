"""The forms that set a league and a season up: name, game, rules, scoring, teams, grid and bots."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.forms.common import (
    OPTION_PREFIX,
    NumberField,
    WholeNumberField,
    game_options,
    option_words,
)
from league.forms.scoring import BONUS_FIELD, BONUS_NAMES, points_list, scoring_choices
from league.models import DESCRIPTION_MAX, ScoringSystem
from league.season_settings.checks import bot_choices, season_form_defaults
from league.season_settings.race_night import DEFAULT_NO_SHOW, NO_SHOW_CHOICES
from league.season_settings.speeds import FORM_SPEED, OWN, SPEED_CHOICES
from league.season_settings.value import SeasonSettings
from races.rules import game_choices


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    description = forms.CharField(
        label=_("Description"),
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        max_length=DESCRIPTION_MAX,
    )


def _games_offered() -> str:
    names = [str(name) for _key, name in game_choices()]
    if len(names) < 2:
        return "".join(names)
    return _("%(some)s or %(last)s") % {"some": ", ".join(names[:-1]), "last": names[-1]}


class GameForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].error_messages["invalid_choice"] = _(
            "Paddock cannot run that game yet: choose %(games)s."
        ) % {"games": _games_offered()}


class SeasonForm(forms.Form):
    """The season wizard's second step; the game was chosen in the first."""

    game = forms.ChoiceField(choices=game_choices, widget=forms.HiddenInput)
    name = forms.CharField(label=_("Name"), max_length=100)
    scoring = forms.ModelChoiceField(
        queryset=ScoringSystem.objects.all(),
        required=False,
        empty_label=_("My own points table (below)"),
        label=_("Scoring preset"),
    )
    own_points = forms.CharField(
        required=False,
        label=_("Own points table"),
        help_text=_("Points for 1st, 2nd, 3rd…, separated by commas."),
    )
    drop_worst = WholeNumberField(
        min_value=0, max_value=10, initial=0, label=_("Worst rounds dropped (own table)")
    )
    eliminated_score = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Points for cars not classified (own table)"),
        help_text=_("Off: a car that retired or was not classified scores nothing."),
    )
    bonus_pole = NumberField(**BONUS_FIELD, label=_("Bonus: pole position"))
    bonus_fastest_lap = NumberField(
        **BONUS_FIELD, label=_("Bonus: fastest lap (or best qualifying time)")
    )
    bonus_most_laps_led = NumberField(**BONUS_FIELD, label=_("Bonus: most laps led"))
    bonus_lap_led = NumberField(**BONUS_FIELD, label=_("Bonus: leading a lap"))
    late_entries = forms.BooleanField(
        required=False,
        label=_("Take late entries"),
        help_text=_("Drivers may still join once the season is running."),
    )
    promotion = WholeNumberField(
        label=_("Promoted and relegated"),
        min_value=0,
        max_value=6,
        initial=0,
        required=False,
        help_text=_(
            "With divisions: the top and bottom this many drivers move up and down a "
            "division when the season is copied (0: nobody moves)."
        ),
    )
    team_mode = forms.BooleanField(required=False, label=_("Teams"))
    team_size = WholeNumberField(label=_("Team size"), min_value=1, max_value=10, initial=2)
    grid_size = WholeNumberField(label=_("Grid size"), min_value=2, max_value=12, initial=10)
    fill_with_bots = forms.BooleanField(
        required=False, initial=True, label=_("Fill empty places with bots")
    )
    bot_level = forms.ChoiceField(choices=(), initial="pro", label=_("Bots"))
    live_play = forms.BooleanField(
        required=False,
        label=_("Drivers drive their own cars online"),
        help_text=_("Bots fill empty seats; each driver decides against their clock (the speed)."),
    )
    speed = forms.ChoiceField(
        choices=SPEED_CHOICES,
        initial=FORM_SPEED,
        # A post without it (an older form, a script) keeps the seconds per
        # decision, as every season did before speeds.
        required=False,
        label=_("Speed"),
        help_text=_(
            "Real-time: each driver's clock starts with its time and gains a little with "
            "every decision; it runs only while the race waits for that driver. Turn-based: "
            "the time for each decision. Out of time, the game's default decides for the "
            "driver; twice, their autopilot drives the rest of the race (they may take it back)."
        ),
    )
    decision_seconds = WholeNumberField(
        required=False,
        min_value=30,
        max_value=72 * 3600,
        initial=300,
        label=_("Seconds per decision"),
        help_text=_(
            'For the speed "the seconds per decision below" only: from 30 (30 s) to 259200 (72 h).'
        ),
    )
    no_show = forms.ChoiceField(
        choices=NO_SHOW_CHOICES,
        initial=DEFAULT_NO_SHOW,
        required=False,
        label=_("A driver not at a real-time table when it starts"),
        help_text=_("Real-time rounds only: their car at the start."),
    )
    start_when_all_in = forms.BooleanField(
        required=False,
        label=_("Start a real-time round as soon as every driver is at the table"),
        help_text=_("Otherwise it starts at its time, with whoever is there."),
    )

    LEFT_TO_GAME = [
        ("", _("as the game decides")),
        ("on", pgettext_lazy("switch", "on")),
        ("off", pgettext_lazy("switch", "off")),
    ]

    def __init__(self, *args, game: str, user=None, season=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scoring"].queryset = scoring_choices(user, season)
        self.fields["game"].initial = game
        self.fields["bot_level"].choices = bot_choices(game)
        # Each game's own grid and bots (Galaxy Trucker races four, RoboRally
        # has no "pro"), never a grid the game would refuse.
        for name, value in season_form_defaults(game).items():
            self.fields[name].initial = value
        self.game_key = game
        self.option_keys = []
        for option in game_options(game):
            name = OPTION_PREFIX + option.key
            self.option_keys.append(option.key)
            words = option_words(game, option.key)
            help_text = words.help
            if option.type == "bool" and option.default is None:
                # Decided by the game unless set (Formula D's street rules
                # follow the track): on, off, or left to the game.
                field = forms.ChoiceField(choices=self.LEFT_TO_GAME, required=False)
            elif option.type == "bool":
                field = forms.BooleanField(required=False, initial=bool(option.default))
            elif option.choices and option.default is None:
                # An option that is off unless chosen (Heat's championship season).
                field = forms.ChoiceField(
                    choices=[("", pgettext_lazy("option", "none"))]
                    + [(str(c), words.value(c)) for c in option.choices],
                    required=False,
                )
            elif option.choices:
                field = forms.ChoiceField(
                    choices=[(str(c), words.value(c)) for c in option.choices],
                    initial=str(option.default),
                )
            elif option.type == "int":
                field = WholeNumberField(
                    required=False,
                    min_value=option.min,
                    max_value=option.max,
                    initial=option.default,
                )
            elif option.type == "list":
                field = forms.CharField(
                    required=False, initial=", ".join(map(str, option.default or []))
                )
                help_text = (
                    _("%(help)s Separate with commas.") % {"help": help_text}
                    if help_text
                    else _("Separate with commas.")
                )
            elif option.type == "str":
                field = forms.CharField(required=False, initial=option.default or "")
            else:
                continue
            field.label, field.help_text = words.label, help_text
            self.fields[name] = field

    def clean_own_points(self):
        text = self.cleaned_data.get("own_points") or ""
        return points_list(text) if text.strip() else []

    def clean(self):
        data = super().clean()
        if (
            not data.get("scoring")
            and not data.get("own_points")
            and "own_points" not in self.errors
        ):
            self.add_error("own_points", _("Choose a preset or give your own points table."))
        rules = {}
        for option in game_options(self.game_key):
            name = OPTION_PREFIX + option.key
            if name not in self.fields or name not in data:
                continue
            value = data[name]
            if option.type == "bool" and option.default is None:
                value = {"on": True, "off": False}.get(value)
            elif option.type == "list":
                value = [v.strip() for v in (value or "").split(",") if v.strip()]
            elif option.choices and option.type == "int" and value not in (None, ""):
                value = int(value)
            if value in (None, "") or value == option.default:
                continue
            rules[option.key] = value
        data["rules"] = rules
        if not data.get("speed"):
            data["speed"] = OWN
        elif data["speed"] == OWN and not data.get("decision_seconds"):
            if "decision_seconds" not in self.errors:
                self.add_error(
                    "decision_seconds",
                    _("Give the seconds per decision for this speed (30 to 259200)."),
                )
        return data

    def settings(self) -> SeasonSettings:
        """The season's settings as the season services take them, for the
        game the form was made for."""
        data = self.cleaned_data
        return SeasonSettings(
            name=data["name"],
            game=self.game_key,
            rules=data["rules"],
            scoring=data["scoring"],
            own_points=tuple(data["own_points"]),
            drop_worst=data["drop_worst"],
            eliminated_score=data["eliminated_score"],
            bonus={k: data[f"bonus_{k}"] for k in BONUS_NAMES if data.get(f"bonus_{k}")},
            team_mode=data["team_mode"],
            team_size=data["team_size"],
            grid_size=data["grid_size"],
            fill_with_bots=data["fill_with_bots"],
            bot_level=data["bot_level"],
            live_play=data["live_play"],
            decision_seconds=data["decision_seconds"] or 300,
            speed=data["speed"],
            late_entries=data["late_entries"],
            no_show=data.get("no_show") or DEFAULT_NO_SHOW,
            start_when_all_in=data["start_when_all_in"],
            promotion=data.get("promotion") or 0,
        )


def season_form_initial(season, game: str) -> dict:
    """The season form filled with the season's settings; the rules only
    when the form is for the season's own game."""
    scoring = season.scoring
    initial = {
        "name": season.name,
        "scoring": scoring.pk,
        "drop_worst": scoring.drop_worst,
        "team_mode": season.team_mode,
        "team_size": season.team_size,
        "grid_size": season.grid_size,
        "fill_with_bots": season.fill_with_bots,
        "bot_level": season.bot_level,
        "live_play": season.live_play,
        "decision_seconds": season.decision_seconds,
        "speed": season.speed,
        "late_entries": season.late_entries,
        "no_show": season.no_show,
        "start_when_all_in": season.start_when_all_in,
        "promotion": season.promotion,
        "eliminated_score": scoring.eliminated_score,
        **{f"bonus_{k}": v for k, v in (scoring.bonus or {}).items()},
    }
    if game != season.game:
        return initial
    for option in game_options(game):
        if option.key not in season.rules:
            continue
        value = season.rules[option.key]
        if option.type == "bool" and option.default is None:
            value = {True: "on", False: "off"}.get(value, "")
        elif option.type == "list":
            value = ", ".join(map(str, value or []))
        elif option.choices and option.type != "bool":
            value = str(value)
        initial[OPTION_PREFIX + option.key] = value
    return initial
