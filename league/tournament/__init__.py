"""Tournaments as plain functions (issue 26): pairing, advancement, seeding
and standings for multiplayer tables. Pure Python over plain data: no
Django, no game; a game is only its seat range (`Seats`).

The public API (everything importable from `league.tournament`):

Data (`field.py`)
    Player(key, score, rating, seed, opponents, byes, dropped)
    Table(players, board, bots=0)      bots: seats filled by bots
    Pairing(tables, byes=(), bye_points=0.0)
        .seated() -> keys at tables; .repeats(met) -> pairs at a table who met before
    Seats(min, max, preferred)         the game's seat range
    FillPolicy.BOTS | FillPolicy.BYES  short tables: bots, or byes
Shape of a round (`seating.py`)
    layout(count, seats, fill) -> Layout(players, bots, byes)
Swiss (`swiss.py`)
    swiss_round(players, seats, *, fill, bye_points, rng_seed) -> Pairing
Knockout with heats (`knockout.py`)
    knockout_plan(entrants, seats, advance, *, repechage=0) -> (KnockoutRound, ...)
    knockout_heats(players_ranked, seats, *, tables, advance, repechage, fill) -> Pairing
    advancing(table_results, advance, *, repechage_result=(), repechage=0, dropped=()) -> [key]
    repechage_entrants(table_results, advance, seats, *, dropped=()) -> [key]
    KnockoutRound(number, entrants, tables, advance, repechage, advancing, final)
Round robin (`round_robin.py`)
    round_robin(players, seats, *, fill, bye_points) -> (Pairing, ...)
Stages (`stages.py`)
    stage_plan(entrants, seats, *, first, rounds, best, advance, repechage) -> (Stage, Stage)
    cut(standings, best, *, dropped) -> [key];  heats_round(players_ranked, seats, *, fill)
    Stage(kind, entrants, rounds, knockout)
Seeding (`seeding.py`)
    seed_order(players, method, *, rng_seed, qualifying, hand) -> Seeding(order, method, rng_seed)
Standings (`standings.py`, tie-breaks defined in its docstring)
    standings(results, points_per_place, bye_points, *, seeds) -> (Standing, ...)
    Standing(key, place, score, median_buchholz, buchholz, head_to_head, seed,
             played, byes, opponents)
    RoundResult(tables, byes), TableResult(places)
    field_after(standings, ratings, *, dropped) -> (Player, ...)  the next Swiss field

Changes from the brief's suggested API, and why:
- `Table` has `bots` (how many of its seats bots fill), since FillPolicy.BOTS
  tops tables up; `Pairing` carries `bye_points`, what each bye scores.
- `seed_order` takes `players` as a mapping key -> rating and returns a
  `Seeding` that records the method and the random seed it used.
- `advancing` takes the repechage table's result by keyword; the repechage
  table's players come from `repechage_entrants`. `knockout_plan` takes
  `repechage` (players through from that table, 0 for none).
- `round_robin` takes keys in seed order and returns every round at once.
- Table results are finishing orders (knockout) or places by key
  (standings), bots left out of both (their places still count: a player
  behind two bots has place 3).
- `advancing` and `repechage_entrants` take `dropped`: a player who left
  gives their place to the next of their table.

How a Swiss round keeps repeats apart (`swiss.draw_tables`): a greedy cut
down the ranking (`rematches.greedy`), swaps with neighbouring tables
(`rematches.swaps`), a walk of swaps over all tables on small fields, near
each repeat on large ones (`untangling`), an exact search on small fields
(`rematches.exact`), then trades that tighten each table's spread of
ranking places (`tightening`).
"""

from .field import FillPolicy, Pairing, Player, Seats, Table
from .knockout import KnockoutRound, advancing, knockout_heats, knockout_plan, repechage_entrants
from .round_robin import round_robin
from .seating import Layout, layout
from .seeding import Seeding, seed_order
from .stages import Stage, cut, heats_round, stage_plan
from .standings import RoundResult, Standing, TableResult, field_after, standings
from .swiss import swiss_round

__all__ = [
    "FillPolicy",
    "KnockoutRound",
    "Layout",
    "Pairing",
    "Player",
    "RoundResult",
    "Seats",
    "Seeding",
    "Stage",
    "Standing",
    "Table",
    "TableResult",
    "advancing",
    "cut",
    "field_after",
    "heats_round",
    "knockout_heats",
    "knockout_plan",
    "layout",
    "repechage_entrants",
    "round_robin",
    "seed_order",
    "stage_plan",
    "standings",
    "swiss_round",
]
