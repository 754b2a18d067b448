"""Rating pages: the ladder of each game and head-to-head records."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from league.models import Driver
from races.rules import game_choices
from ratings.ladders import head_to_head, ladder
from ratings.models import Rating

LADDER_PAGE = 50


def _game_name_or_404(game: str) -> str:
    names = dict(game_choices())
    if game not in names:
        raise Http404("No such game.")
    return names[game]


@require_GET
def ratings_index(request):
    games = [
        {"key": key, "name": name, "rated": Rating.objects.filter(game=key).count()}
        for key, name in game_choices()
    ]
    return render(request, "ratings_index.html", {"games": games})


@require_GET
def ratings_ladder(request, game: str):
    game_name = _game_name_or_404(game)
    page = Paginator(ladder(game), LADDER_PAGE).get_page(request.GET.get("page"))
    start = (page.number - 1) * LADDER_PAGE
    people = Driver.objects.filter(ratings__game=game).order_by("name")
    context = {
        "game": game,
        "game_name": game_name,
        "page": page,
        "rows": [{"rank": start + i, "rating": r} for i, r in enumerate(page, start=1)],
        "people": people,
    }
    return render(request, "ratings_ladder.html", context)


@require_GET
def ratings_head_to_head(request, game: str):
    game_name = _game_name_or_404(game)
    first = get_object_or_404(Driver, pk=_number(request.GET.get("a")))
    second = get_object_or_404(Driver, pk=_number(request.GET.get("b")))
    context = {
        "game": game,
        "game_name": game_name,
        "record": head_to_head(first, second, game=game),
        "people": Driver.objects.filter(ratings__game=game).order_by("name"),
    }
    return render(request, "head_to_head.html", context)


def _number(text: str | None) -> int:
    if not text or not text.isdigit():
        raise Http404("Choose two drivers.")
    return int(text)
