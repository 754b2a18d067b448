"""The finishing order and the result of a game (GT-OUT-01..05, GT-LOG-04):
credits first, then the tie-breaks of GT-OUT-04; in team play the teams by
their account (GT-OUT-05). The flow ranks the players when the last round
is scored (`rank`); the race reports the result (`race_result`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..contract import Event, Placing, RaceResult
from ..log import log_hash
from .state import GameState, Player


def final_order(players: Sequence[Player]) -> tuple[list[Player], list[dict]]:
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


def team_order(ordered: list[Player], mates: dict[str, str]) -> tuple[list[Player], dict[str, int]]:
    """GT-OUT-05: the teams by their account, the better-placed member's team
    first on equal accounts; members in their own order within the team.
    Returns the players in that order and each player's team account."""
    by_id = {p.id: p for p in ordered}
    place = {p.id: n for n, p in enumerate(ordered)}
    account = {p.id: p.credits + by_id[mates[p.id]].credits for p in ordered}
    teams = sorted(
        {tuple(sorted((p.id, mates[p.id]), key=place.get)) for p in ordered},
        key=lambda team: (-account[team[0]], place[team[0]]),
    )
    return [by_id[pid] for team in teams for pid in team], account


def rank(state: GameState) -> None:
    """The finishing order of the game just over, its tie-breaks and, in
    team play, each player's team account, kept on the state."""
    ordered, state.tie_breaks = final_order(state.players)
    if state.mates:  # GT-OUT-05: ranked by team account
        ordered, state.accounts = team_order(ordered, state.mates)
    state.standing = [p.id for p in ordered]


def figures(state: GameState, pid: str, position: int) -> dict:
    """GT-OUT-02 per seat; with teams both members report the team's
    credits and share its rank (GT-OUT-05)."""
    p = state.by_id[pid]
    figures = {"credits": p.credits, "rounds": [dict(r) for r in p.rounds]}
    if state.mates:
        figures.update(
            credits=state.accounts[pid],
            ship_credits=p.credits,
            team_rank=(position + 1) // 2,
        )
    return figures


def race_result(state: GameState, seed, events: Sequence[Event]) -> RaceResult:
    """GT-OUT-01: every seat finished, in the finishing order."""
    order = tuple(
        Placing(
            pid,
            position,
            "finished",
            laps=len(state.by_id[pid].rounds),
            distance=state.by_id[pid].credits,
            figures=figures(state, pid, position),
        )
        for position, pid in enumerate(state.standing, start=1)
    )
    return RaceResult(
        "galaxy_trucker",
        order,
        len(state.config["rounds"]),
        log_hash(events),
        details={"tie_breaks": state.tie_breaks, "seed": str(seed)},
    )
