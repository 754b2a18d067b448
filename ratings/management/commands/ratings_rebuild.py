from django.core.management.base import BaseCommand

from races.rules import game_choices
from ratings.updates import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every rating from the whole history of finished races, in order."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=[key for key, _ in game_choices()])

    def handle(self, game=None, **options):
        rated = ratings_rebuild(game=game)
        names = dict(game_choices())
        for key, races in rated.items():
            self.stdout.write(f"{names[key]}: {races} race{'s' if races != 1 else ''} rated")
