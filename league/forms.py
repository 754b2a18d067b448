"""Forms for leagues, seasons, teams, entries and penalties. They check the
shape of the input; the services check the rules and store."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.forms_scoring import BONUS_FIELD, BONUS_NAMES, points_list, scoring_choices
from league.game_settings import autopilot_choices, bot_choices, setup_check, setup_fields
from league.models import DESCRIPTION_MAX, ScoringSystem, Team
from league.rules_options import ROUND_KEYS, track_ids
from races.rules import ConfigError, game_choices, get_game, get_presentation

OPTION_PREFIX = "opt_"


def errors_to_form(form: forms.Form, error: ValidationError) -> None:
    """Show a service's ValidationError next to the fields it names."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            target = field if field in form.fields else None
            for e in errors:
                form.add_error(target, e.messages)
    else:
        form.add_error(None, error.messages)


def game_options(game_key: str) -> list:
    """The options a season may set for this game (none if its engine is
    not installed)."""
    try:
        schema = get_game(game_key).options
    except ConfigError:
        return []
    return [o for o in schema.options if o.season and o.key not in ROUND_KEYS]


def option_words(game_key: str, key: str):
    """How the game says one of its options (label, help, a word per
    choice), in the reader's language."""
    return get_presentation(game_key).option_words(key)


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


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
    drop_worst = forms.IntegerField(
        min_value=0, max_value=10, initial=0, label=_("Worst rounds dropped (own table)")
    )
    eliminated_score = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Points for cars not classified (own table)"),
        help_text=_("Off: a car that retired or was not classified scores nothing."),
    )
    bonus_pole = forms.DecimalField(**BONUS_FIELD, label=_("Bonus: pole position"))
    bonus_fastest_lap = forms.DecimalField(
        **BONUS_FIELD, label=_("Bonus: fastest lap (or best qualifying time)")
    )
    bonus_most_laps_led = forms.DecimalField(**BONUS_FIELD, label=_("Bonus: most laps led"))
    bonus_lap_led = forms.DecimalField(**BONUS_FIELD, label=_("Bonus: leading a lap"))
    late_entries = forms.BooleanField(
        required=False,
        label=_("Take late entries"),
        help_text=_("Drivers may still join once the season is running."),
    )
    team_mode = forms.BooleanField(required=False, label=_("Teams"))
    team_size = forms.IntegerField(label=_("Team size"), min_value=1, max_value=10, initial=2)
    grid_size = forms.IntegerField(label=_("Grid size"), min_value=2, max_value=12, initial=10)
    fill_with_bots = forms.BooleanField(
        required=False, initial=True, label=_("Fill empty places with bots")
    )
    bot_level = forms.ChoiceField(choices=(), initial="pro", label=_("Bots"))
    live_play = forms.BooleanField(
        required=False,
        label=_("Drivers drive their own cars online"),
        help_text=_("Turn by turn; bots fill empty seats; the autopilot plays a missed deadline."),
    )
    decision_seconds = forms.IntegerField(
        required=False,
        min_value=30,
        max_value=72 * 3600,
        initial=300,
        label=_("Seconds per decision"),
        help_text=_(
            "From 30 s for a live evening race to 259200 (72 h) for a correspondence championship."
        ),
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
                field = forms.IntegerField(
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
        return data

    SETTINGS = (
        "name",
        "rules",
        "scoring",
        "own_points",
        "drop_worst",
        "team_mode",
        "team_size",
        "grid_size",
        "fill_with_bots",
        "bot_level",
        "live_play",
        "late_entries",
    )

    def settings(self) -> dict:
        """The season's settings as the season services take them."""
        data = self.cleaned_data
        bonus = {k: data[f"bonus_{k}"] for k in BONUS_NAMES if data.get(f"bonus_{k}")}
        return {
            **{key: data[key] for key in self.SETTINGS},
            "decision_seconds": data["decision_seconds"] or 300,
            "scoring_options": {"eliminated_score": data["eliminated_score"], "bonus": bonus},
        }


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
        "late_entries": season.late_entries,
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


class DeleteForm(forms.Form):
    """The confirmation a delete asks for when finished results would go."""

    confirm = forms.BooleanField(label=_("Yes, delete it"), required=False)


class RoundForm(forms.Form):
    """A round's settings; the qualifying formats and grid rules come from
    the round model (races/models.py) through the view, as the league's
    forms know no race models."""

    VARIANT_CHOICES = [
        ("", _("as the season")),
        ("on", pgettext_lazy("switch", "on")),
        ("off", pgettext_lazy("switch", "off")),
    ]

    number = forms.IntegerField(label=_("Number"), min_value=1)
    name = forms.CharField(label=_("Name"), max_length=100)
    track = forms.ChoiceField(label=_("Track"), choices=())
    laps = forms.IntegerField(label=_("Laps"), min_value=1, max_value=10, required=False)
    scheduled_at = forms.DateTimeField(
        required=False,
        label=_("Date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
    )
    qualifying_format = forms.ChoiceField(label=_("Qualifying"), choices=())
    grid_rule = forms.ChoiceField(
        label=_("Grid"),
        choices=(),
        initial="entry",
        help_text=_(
            "With a timed qualifying lap: the grid the race falls back on if the "
            "qualifying fails (championship order when this says from qualifying)."
        ),
    )
    points_multiplier = forms.DecimalField(
        min_value=Decimal(0),
        max_value=Decimal(10),
        max_digits=4,
        decimal_places=2,
        initial=Decimal(1),
        required=False,
        label=_("Points multiplier"),
        help_text=_("2 for a double-points finale, 0.5 for a half-points round."),
    )

    def __init__(self, *args, season, qualifying_formats=(), grid_rules=(), **kwargs):
        super().__init__(*args, **kwargs)
        try:
            tracks = {t["id"]: t.get("name", t["id"]) for t in get_game(season.game).tracks()}
        except ConfigError:
            tracks = {t: t for t in track_ids(season.game)}
        self.fields["track"].choices = [(k, v) for k, v in tracks.items()]
        self.fields["qualifying_format"].choices = qualifying_formats
        self.fields["grid_rule"].choices = grid_rules
        self.variant_keys = []
        for option in game_options(season.game):
            if option.type == "bool":
                self.variant_keys.append(option.key)
                words = option_words(season.game, option.key)
                self.fields[OPTION_PREFIX + option.key] = forms.ChoiceField(
                    choices=self.VARIANT_CHOICES,
                    required=False,
                    label=words.label,
                    help_text=words.help,
                )

    def clean(self):
        data = super().clean()
        if data.get("points_multiplier") is None and "points_multiplier" not in self.errors:
            data["points_multiplier"] = Decimal(1)
        data["options"] = {
            key: data.get(OPTION_PREFIX + key) == "on"
            for key in self.variant_keys
            if data.get(OPTION_PREFIX + key)
        }
        return data

    SETTINGS = (
        "name",
        "track",
        "laps",
        "options",
        "scheduled_at",
        "qualifying_format",
        "grid_rule",
        "points_multiplier",
    )

    def settings(self) -> dict:
        """The round's settings as the round services take them (the number apart)."""
        return {key: self.cleaned_data[key] for key in self.SETTINGS}


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    colour = forms.CharField(
        label=_("Colour"),
        max_length=7,
        initial="#c0392b",
        widget=forms.TextInput(attrs={"type": "color"}),
    )


class EntryAddForm(forms.Form):
    driver_name = forms.CharField(
        max_length=60,
        label=_("Driver"),
        help_text=_("An existing driver's name, or a new bot persona's."),
    )
    car_number = forms.IntegerField(label=_("Car number"), min_value=1, max_value=999)
    team = forms.ModelChoiceField(label=_("Team"), queryset=Team.objects.none(), required=False)

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = season.teams.all()
        if not season.team_mode:
            del self.fields["team"]


class JoinForm(forms.Form):
    car_number = forms.IntegerField(label=_("Car number"), min_value=1, max_value=999)
    team = forms.ModelChoiceField(
        label=_("Team"), queryset=Team.objects.none(), required=False, empty_label=_("(no team)")
    )
    new_team = forms.CharField(max_length=60, required=False, label=_("…or found a team"))
    autopilot = forms.ChoiceField(
        choices=(),
        initial="pro",
        label=_("Autopilot style"),
        help_text=_("The bot that drives your car when you do not."),
    )

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.season = season
        if season.team_mode:
            self.fields["team"].queryset = season.teams.all()
        else:
            del self.fields["team"]
            del self.fields["new_team"]
        self.fields["autopilot"].choices = autopilot_choices(season.game, season.rules)
        self.setup = setup_fields(season.game, season.rules)
        for index, field in enumerate(self.setup.fields if self.setup else ()):
            self.fields[f"setup_{field.key}"] = forms.IntegerField(
                required=False,
                min_value=field.min,
                max_value=field.max,
                label=field.label,
                help_text=self.setup.help if index == 0 else "",
            )

    def clean(self):
        data = super().clean()
        data["setup"] = {}
        if self.setup:
            values = {f.key: data.get(f"setup_{f.key}") for f in self.setup.fields}
            try:
                data["setup"] = setup_check(self.season.game, self.season.rules, values)
            except ValidationError as error:
                self.add_error(f"setup_{self.setup.fields[0].key}", error)
        return data


class RescheduleForm(forms.Form):
    when = forms.DateTimeField(
        label=_("New date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
    )
