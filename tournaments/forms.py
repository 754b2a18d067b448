"""The tournament's forms: settings (the track from the chosen game's
tracks), entering a player, a hand seeding, a table's corrected places."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from league.forms.common import NumberField, WholeNumberField
from league.season_settings.options import track_ids
from races.rules import game_choices, get_game, get_presentation
from tournaments.models import Tournament

WHEN = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class GameForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)


def track_choices(game: str) -> list[tuple[str, str]]:
    try:
        return [(t["id"], t.get("name", t["id"])) for t in get_game(game).tracks()]
    except AttributeError:
        return [(t, t) for t in track_ids(game)]


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    track = forms.ChoiceField(label=_("Track"), choices=())
    laps = WholeNumberField(label=_("Laps"), required=False, min_value=1, max_value=10)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    table_size = forms.TypedChoiceField(label=_("Table size"), coerce=int, choices=())
    rounds = WholeNumberField(label=_("Swiss rounds"), min_value=1, max_value=20, initial=5)
    advance = WholeNumberField(
        label=_("Go through per knockout table"), min_value=1, max_value=11, initial=2
    )
    repechage = WholeNumberField(
        label=_("Go through from the repechage (0: none)"),
        min_value=0,
        max_value=11,
        initial=0,
        required=False,
    )
    cut = WholeNumberField(
        label=_("Knockout of the best (stages)"), required=False, min_value=2, max_value=10000
    )
    points = forms.CharField(
        label=_("Points per place"),
        initial="6, 4, 2, 0",
        help_text=_("First place first, separated by commas."),
    )
    bye_points = NumberField(
        label=_("Points for a bye"), min_value=0, max_value=999, decimal_places=2, initial=0
    )
    fill = forms.ChoiceField(label=_("Empty seats"), choices=Tournament.Fill.choices)
    bot_level = forms.ChoiceField(label=_("Bots"), choices=())
    seeding = forms.ChoiceField(label=_("Seeding"), choices=Tournament.Seeding.choices)
    sign_up = forms.ChoiceField(label=_("Sign-up"), choices=Tournament.SignUp.choices)
    cap = WholeNumberField(label=_("Places"), required=False, min_value=2, max_value=10000)
    check_in_minutes = WholeNumberField(
        label=_("Check-in window in minutes"), min_value=0, max_value=24 * 60, initial=0
    )
    starts_at = forms.DateTimeField(label=_("Starts"), required=False, widget=WHEN)
    round_minutes = WholeNumberField(
        label=_("Minutes between rounds"), min_value=0, max_value=7 * 24 * 60, initial=0
    )
    live_play = forms.BooleanField(label=_("Drivers drive online"), required=False)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["track"].choices = track_choices(game)
        # The seat range and the bots are the game's (its capabilities).
        caps = get_presentation(game).capabilities.capabilities({})
        sizes = range(caps.min_seats, min(caps.max_seats, 12) + 1)
        self.fields["table_size"].choices = [(n, str(n)) for n in sizes]
        self.fields["table_size"].initial = caps.max_seats
        self.fields["bot_level"].choices = list(caps.bots)

    def clean_repechage(self) -> int:
        return self.cleaned_data.get("repechage") or 0

    def clean_points(self) -> list:
        text = self.cleaned_data["points"]
        try:
            values = [Decimal(part.strip()) for part in text.split(",") if part.strip()]
        except ArithmeticError:
            raise forms.ValidationError(_("Give the points per place as numbers.")) from None
        return [int(v) if v == v.to_integral() else float(v) for v in values]

    def settings_values(self) -> dict:
        return dict(self.cleaned_data)


class EnterForm(forms.Form):
    name = forms.CharField(label=_("Login name, or the new bot's name"), max_length=60, strip=True)
    bot = forms.BooleanField(label=_("A new bot of this name"), required=False)


class SeedForm(forms.Form):
    """A hand seeding: each player's seed number."""

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for n, player in enumerate(players, start=1):
            self.fields[f"seed_{player.pk}"] = WholeNumberField(
                label=player.driver.name, min_value=1, max_value=10000, initial=player.seed or n
            )

    def order(self) -> list[int]:
        seeds = {int(k.removeprefix("seed_")): v for k, v in self.cleaned_data.items()}
        if len(set(seeds.values())) != len(seeds):
            raise forms.ValidationError(_("Give every player a different seed."))
        return sorted(seeds, key=seeds.get)


class CorrectionForm(forms.Form):
    """A table's places, car by car."""

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        for n, seat in enumerate(seats, start=1):
            self.fields[f"place_{seat.id}"] = WholeNumberField(
                label=seat.label, min_value=1, max_value=len(seats), initial=n
            )

    def places(self) -> dict[str, int]:
        return {k.removeprefix("place_"): v for k, v in self.cleaned_data.items()}
