"""Rating pages: the ladder of each game and head-to-head records."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from league.models import GAMES, Driver
from races.ladders import head_to_head, ladder
from ratings.models import Rating

GAME_NAMES = dict(GAMES)
LADDER_PAGE = 50


def _game_or_404(game: str) -> str:
    if game not in GAME_NAMES:
        raise Http404("No such game.")
    return game


@require_GET
def ratings_index(request):
    rated = {game: Rating.objects.filter(game=game).count() for game in GAME_NAMES}
    games = [{"key": k, "name": GAME_NAMES[k], "rated": n} for k, n in rated.items()]
    return render(request, "ratings_index.html", {"games": games})


@require_GET
def ratings_ladder(request, game: str):
    game = _game_or_404(game)
    page = Paginator(ladder(game), LADDER_PAGE).get_page(request.GET.get("page"))
    start = (page.number - 1) * LADDER_PAGE
    people = Driver.objects.filter(ratings__game=game).order_by("name")
    context = {
        "game": game,
        "game_name": GAME_NAMES[game],
        "page": page,
        "rows": [{"rank": start + i, "rating": r} for i, r in enumerate(page, start=1)],
        "people": people,
    }
    return render(request, "ratings_ladder.html", context)


@require_GET
def ratings_head_to_head(request, game: str):
    game = _game_or_404(game)
    first = get_object_or_404(Driver, pk=_number(request.GET.get("a")))
    second = get_object_or_404(Driver, pk=_number(request.GET.get("b")))
    context = {
        "game": game,
        "game_name": GAME_NAMES[game],
        "record": head_to_head(first, second, game=game),
        "people": Driver.objects.filter(ratings__game=game).order_by("name"),
    }
    return render(request, "head_to_head.html", context)


def _number(text: str | None) -> int:
    if not text or not text.isdigit():
        raise Http404("Choose two drivers.")
    return int(text)
