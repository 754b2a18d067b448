"""Card identities (HEAT-B-002, HEAT-B-CARD-01..03; upgrades: sections 12.3-12.4).

A card is named by a stable id, the canonical sort key for shuffles (HEAT-B-ENG-07), and the
id says what the card is, so rules read a card from its id alone:
`{colour}.S1.1`..`{colour}.S4.3` speed cards, `{colour}.U0`, `.U5`, `.UH` starting upgrades,
`{colour}.H01`.. Heat and `{colour}.X01`.. Stress cards from the reserve, and
`up.B07.2` the second copy of Garage upgrade design B07 (HEAT-GARAGE-01).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from .track import DATA

SPEED = "SPEED"
HEAT = "HEAT"
STRESS = "STRESS"
STARTING_UPGRADE = "STARTING_UPGRADE"
UPGRADE = "UPGRADE"
SPONSORSHIP = "SPONSORSHIP"


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    speed: int | None  # None for Heat, Stress and cards with speed choices
    plus: int = 0  # "+" symbols: a Stress card has one (HEAT-B-009)
    name: str = ""
    speed_choices: tuple[int, ...] = ()
    cooldown: int = 0
    heat_cost: int = 0
    scrap: int = 0
    slipstream_bonus: int = 0
    reduce_stress: int = 0
    salvage: int = 0
    super_cool: int = 0
    adjust_limit: int = 0
    refresh: bool = False
    accelerate: bool = False
    direct_play: bool = False
    tier: str | None = None

    @property
    def is_speed_card(self) -> bool:
        """Only the 12 basic 1-4 cards count when a "+" is resolved (HEAT-B-031)."""
        return self.kind == SPEED

    @property
    def no_discard(self) -> bool:
        return self.kind in (HEAT, STRESS)  # HEAT-B-008, HEAT-B-009


class _ByCardId(dict):
    """Card id -> what a rule of the card says, worked out at the first ask: a card id always
    names the same card (HEAT-B-ENG-07), and a plain dict lookup costs a fraction of a
    functools.cache call, which a race makes thousands of times."""

    def __init__(self, read) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, card_id: str):
        value = self[card_id] = self.read(card_id)
        return value


def by_card_id(read):
    """`read(card_id)` kept per card id (as functools.cache, for less)."""
    return _ByCardId(read).__getitem__


@cache
def upgrade_designs() -> dict[str, dict]:
    with open(DATA / "cards.json", encoding="utf-8") as handle:
        return {c["code"]: c for c in json.load(handle)["upgrades"]["cards"]}


@cache
def sponsorship_designs() -> dict[str, dict]:
    with open(DATA / "cards.json", encoding="utf-8") as handle:
        return {c["code"]: c for c in json.load(handle)["sponsorships"]["cards"]}


def sponsorship_pool(heavy_rain: bool = False) -> list[str]:
    """The 35 base sponsorship cards (section 12.10), `sp.SP81.3` = third copy of SP81; Heavy
    Rain adds the 7 SP85 cards."""
    return [
        f"sp.{code}.{n}"
        for code, design in sponsorship_designs().items()
        if heavy_rain or design["set"] == "base"
        for n in range(1, design["copies"] + 1)
    ]


@by_card_id
def card(card_id: str) -> Card:
    code = card_id.split(".", 2)[1]
    if code[0] == "S" and code[1:].isdigit():
        return Card(card_id, SPEED, int(code[1:]), name=f"Speed {code[1:]}")
    if code in ("U0", "U5"):
        return Card(card_id, STARTING_UPGRADE, int(code[1]), name=f"Upgrade {code[1]}")
    if code == "UH" or code[0] == "H":
        return Card(card_id, HEAT, None, name="Heat")
    if code[0] == "X":
        return Card(card_id, STRESS, None, plus=1, name="Stress")
    design = upgrade_designs().get(code) or sponsorship_designs().get(code)
    if design is None:
        raise ValueError(f"unknown card {card_id!r}")
    if design["kind"] == HEAT:  # B17, A48: Heat cards of the upgrade decks (HEAT-GARAGE-10)
        return Card(card_id, HEAT, None, name="Heat", tier=design["tier"])
    symbols = design.get("symbols") or {}
    return Card(
        card_id,
        design["kind"],
        design.get("speed"),
        plus=symbols.get("plus", 0),
        name=design["name"],
        speed_choices=tuple(design.get("speed_choices") or ()),
        cooldown=symbols.get("cooldown", 0),
        heat_cost=symbols.get("heat_cost", 0),
        scrap=symbols.get("scrap", 0),
        slipstream_bonus=symbols.get("slipstream_bonus", 0),
        reduce_stress=symbols.get("reduce_stress", 0),
        salvage=symbols.get("salvage", 0),
        super_cool=symbols.get("super_cool", 0),
        adjust_limit=symbols.get("adjust_limit", 0),
        refresh=bool(symbols.get("refresh")),
        accelerate=bool(symbols.get("accelerate")),
        direct_play=bool(symbols.get("direct_play")),
        tier=design.get("tier"),
    )


@by_card_id
def is_heat(card_id: str) -> bool:
    return card(card_id).kind == HEAT


@by_card_id
def is_stress(card_id: str) -> bool:
    return card(card_id).kind == STRESS


@by_card_id
def is_upgrade(card_id: str) -> bool:
    """A Garage upgrade or a sponsorship card: the only cards with symbols or speed choices
    (sections 12.3-12.4); by id, as a car's every turn asks it of its played cards."""
    return card(card_id).kind in (UPGRADE, SPONSORSHIP)


@by_card_id
def plus_of(card_id: str) -> int:
    """The card's "+" symbols (HEAT-B-031, HEAT-GARAGE-06), by id: every reveal asks it."""
    return card(card_id).plus


@by_card_id
def printed_speed(card_id: str) -> int:
    """The card's printed Speed, 0 if it has none (HEAT-B-033), by id: every reveal asks it."""
    return card(card_id).speed or 0


@by_card_id
def kept_in_hand(card_id: str) -> bool:
    """Heat and Stress cards cannot be discarded in step 8 (HEAT-B-008, HEAT-B-009); by id,
    kept once per card because a discard decision asks it of the whole hand."""
    return card(card_id).no_discard


SYMBOLS = (
    "cooldown",
    "heat_cost",
    "scrap",
    "slipstream_bonus",
    "reduce_stress",
    "salvage",
    "adjust_limit",
    "refresh",
    "accelerate",
    "direct_play",
    "super_cool",
)


@by_card_id
def card_view(card_id: str) -> dict:
    """What a panel shows of a card (shared, read-only)."""
    c = card(card_id)
    view = {"id": card_id, "name": c.name, "kind": c.kind, "speed": c.speed, "plus": c.plus}
    if c.kind in (UPGRADE, SPONSORSHIP):
        view["speed_choices"] = list(c.speed_choices)
        view.update({s: getattr(c, s) for s in SYMBOLS if getattr(c, s)})
    return view


@cache
def _per_player() -> tuple[tuple[str, int, str], ...]:
    with open(DATA / "cards.json", encoding="utf-8") as handle:
        records = json.load(handle)["per_player_cards"]
    return tuple((r["code"], r["copies"], r["kind"]) for r in records)


def starting_cards(colour: str, garage: bool = False) -> list[str]:
    """The 12 speed cards and, without the Garage, the 3 starting upgrades (HEAT-B-002,
    HEAT-B-013, HEAT-GARAGE-01). The starting Heat upgrade goes into the deck (-GARAGE-10)."""
    ids = []
    for code, copies, kind in _per_player():
        if kind != SPEED and garage:
            continue
        if copies == 1:
            ids.append(f"{colour}.{code}")
        else:
            ids.extend(f"{colour}.{code}.{n}" for n in range(1, copies + 1))
    return ids


def upgrade_pool(pool: str, heavy_rain: bool = False) -> list[str]:
    """The upgrade cards of a pool: basic, advanced or basic_and_advanced (HEAT-GARAGE-01);
    with Heavy Rain the Air Intake cards join the advanced pool (HEAT-GARAGE-01, [BGA])."""
    tiers = {
        "basic": ("basic",),
        "advanced": ("advanced",),
        "basic_and_advanced": ("basic", "advanced"),
    }[pool]
    return [
        f"up.{code}.{n}"
        for code, design in upgrade_designs().items()
        if design["tier"] in tiers and (heavy_rain or design["set"] == "base")
        for n in range(1, design["copies"] + 1)
    ]


def heat_card(colour: str, n: int) -> str:
    return f"{colour}.H{n:02d}"


def stress_card(colour: str, n: int) -> str:
    return f"{colour}.X{n:02d}"
