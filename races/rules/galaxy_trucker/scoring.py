"""End of a round and of the game: rewards, sales, penalties, round ranks
and the finishing order (GT-SCR-01..08, GT-OUT-02..04)."""

from __future__ import annotations

from .state import ARRIVAL, BEST_LOOKING, GOODS_ORDER, VALUE


def round_rank_key(p) -> tuple:
    """GT-OUT-03: arrived by position, then give-ups, later ones first."""
    if p.pos is not None:
        return (0, -p.pos, 0, 0)
    gave = p.gave_up
    return (1, -gave["card_index"], -(gave["pos_at_give_up"] or 0), -gave["seq"])


def score_round(g, number: int) -> list[dict]:
    """GT-SCR-07 order for every player; returns the breakdowns. In team
    play a ship's credits are its share of the team's account: the share may
    go below zero when its penalty is paid from the teammate's credits, the
    account never does."""
    arrived = sorted((p for p in g.players if p.pos is not None), key=lambda p: -p.pos)
    ranked = sorted(g.players, key=round_rank_key)
    fewest = min((p.ship.exposed() for p in arrived), default=None)
    breakdowns = []
    for p in g.players:
        ship = p.ship
        is_arrived = p.pos is not None
        reward = 0
        if is_arrived:
            place = arrived.index(p)
            reward = ARRIVAL[number][place] if place < 4 else 0
        exposed = ship.exposed()
        bonus = BEST_LOOKING[number] if is_arrived and exposed == fewest else 0
        goods = ship.goods()
        sold = {c: goods.count(c) for c in GOODS_ORDER}
        half_credits = sum(VALUE[c] * k for c, k in sold.items())
        if is_arrived:
            sale = half_credits
        else:  # GT-SCR-04, GT-AMB-13
            sale = (half_credits + (1 if g.config["half_sale_rounding"] == "up" else 0)) // 2
        for c, k in sold.items():
            g.supply[c] += k
        for cell in ship.holds():
            ship.cells[cell].goods = []
        p.credits += reward + bonus + sale
        breakdown = {
            "round": number,
            "ship_class": ship.board.name,
            "arrived": is_arrived,
            "round_rank": ranked.index(p) + 1,
            "final_position": p.pos,
            "gave_up": None
            if p.gave_up is None
            else {"reason": p.gave_up["reason"], "card_index": p.gave_up["card_index"]},
            "arrival_reward": reward,
            "best_looking_bonus": bonus,
            "exposed_connectors": exposed,
            "goods_sold": sold,
            "cargo_sale": sale,
            "half_price": not is_arrived,
            "card_credits": p.card_credits,
            "lost_components": len(ship.lost),
            "credits_before": p.credits_before,
        }
        p.rounds.append(breakdown)
    mates = getattr(g, "mates", {})
    by_id = {p.id: p for p in g.players}
    for p in g.players:  # (5) once every ship's (2)-(4) is in
        ship, breakdown = p.ship, p.rounds[-1]
        cap = g.config["penalty_cap"].get(ship.board.name, ship.board.penalty_cap)
        nominal = len(ship.lost) if cap is None else min(len(ship.lost), cap)
        # GT-SCR-06: pay what is held; in team play (GT-VAR-04, GT-AMB-30)
        # that is the team's one account, which a ship's penalty draws on
        held = p.credits + (by_id[mates[p.id]].credits if p.id in mates else 0)
        applied = min(nominal, held) if g.config["credit_floor"] == 0 else nominal
        p.credits -= applied
        breakdown.update(penalty_nominal=nominal, penalty_applied=applied, credits_after=p.credits)
    for p in g.players:
        if p.id in mates:
            p.rounds[-1]["team_credits_after"] = p.credits + by_id[mates[p.id]].credits
        breakdowns.append({"player": p.id, **p.rounds[-1]})
    return breakdowns


def final_order(players) -> tuple[list, list[dict]]:
    """GT-OUT-04: the finishing order and the tie-breaks it needed."""

    def keys(p) -> list:
        ranks = [r["round_rank"] for r in reversed(p.rounds)]
        return [
            ("credits", -p.credits),
            ("last_round_rank", ranks[0] if ranks else 0),
            ("earlier_round_rank", tuple(ranks[1:])),
            ("lost_components", sum(r["lost_components"] for r in p.rounds)),
            ("seat", p.seat),
        ]

    ordered = sorted(players, key=lambda p: [v for _, v in keys(p)])
    tie_breaks: list[dict] = []

    def split(group: list, depth: int) -> None:
        if len(group) < 2 or depth >= 5:
            return
        buckets: dict = {}
        for p in group:
            buckets.setdefault(keys(p)[depth][1], []).append(p)
        if depth > 0 and len(buckets) > 1:
            tie_breaks.append(
                {"players": [p.id for p in group], "decided_by": keys(group[0])[depth][0]}
            )
        for value in sorted(buckets, key=lambda v: v):
            split(buckets[value], depth + 1)

    split(ordered, 0)
    return ordered, tie_breaks
