"""End of a round: rewards, sales, penalties and round ranks
(GT-SCR-01..08, GT-OUT-02/03); the finishing order is in result.py."""

from __future__ import annotations

from ..state import GameState
from .cargo import GOODS_ORDER, VALUE

# GT-SCR-02: arrival rewards by round, and the best-looking bonus
ARRIVAL = {1: (4, 3, 2, 1), 2: (8, 6, 4, 2), 3: (12, 9, 6, 3)}
BEST_LOOKING = {1: 2, 2: 4, 3: 6}


def round_rank_key(p) -> tuple:
    """GT-OUT-03: arrived by position, then give-ups, later ones first."""
    if p.pos is not None:
        return (0, -p.pos, 0, 0)
    gave = p.gave_up
    return (1, -gave["card_index"], -(gave["pos_at_give_up"] or 0), -gave["seq"])


def score_round(state: GameState, number: int) -> list[dict]:
    """GT-SCR-07 order for every player; returns the breakdowns. In team
    play a ship's credits are its share of the team's account: the share may
    go below zero when its penalty is paid from the teammate's credits, the
    account never does; the breakdown's credits are the account's."""
    arrived = sorted((p for p in state.players if p.pos is not None), key=lambda p: -p.pos)
    ranked = sorted(state.players, key=round_rank_key)
    fewest = min((p.ship.exposed() for p in arrived), default=None)
    breakdowns = []
    for p in state.players:
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
            sale = (half_credits + (1 if state.config["half_sale_rounding"] == "up" else 0)) // 2
        for c, k in sold.items():
            state.supply[c] += k
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
    mates = state.mates
    by_id = {p.id: p for p in state.players}
    for p in state.players:  # (5) once every ship's (2)-(4) is in
        ship, breakdown = p.ship, p.rounds[-1]
        cap = state.config["penalty_cap"].get(ship.board.name, ship.board.penalty_cap)
        nominal = len(ship.lost) if cap is None else min(len(ship.lost), cap)
        # GT-SCR-06: pay what is held; in team play (GT-VAR-04, GT-AMB-30)
        # that is the team's one account, which a ship's penalty draws on
        held = p.credits + (by_id[mates[p.id]].credits if p.id in mates else 0)
        applied = min(nominal, held) if state.config["credit_floor"] == 0 else nominal
        p.credits -= applied
        breakdown.update(penalty_nominal=nominal, penalty_applied=applied, credits_after=p.credits)
    for p in state.players:
        if p.id in mates:
            # GT-OUT-05: both members report the team's credits; the ship's
            # own share (which may go below zero, the account never does) is
            # kept beside them. The team's credits_after is its credits_before
            # plus both ships' amounts of GT-OUT-02.
            mate = by_id[mates[p.id]]
            p.rounds[-1].update(
                credits_before=p.credits_before + mate.credits_before,
                credits_after=p.credits + mate.credits,
                ship_credits_before=p.credits_before,
                ship_credits_after=p.credits,
            )
        breakdowns.append({"player": p.id, **p.rounds[-1]})
    return breakdowns
