from django.core.management.base import BaseCommand

from league.models import GAMES
from races.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every rating from the whole history of finished races, in order."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=[key for key, _ in GAMES])

    def handle(self, game=None, **options):
        rated = ratings_rebuild(game=game)
        names = dict(GAMES)
        for key, races in rated.items():
            self.stdout.write(f"{names[key]}: {races} race{'s' if races != 1 else ''} rated")
