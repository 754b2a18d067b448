"""Command line for the engines, with no Django.

    python -m races.rules tracks formula_d
    python -m races.rules simulate formula_d --track lakeside_gp --cars 10 --laps 2 --seed 7 --json
    python -m races.rules simulate formula_d --track paddock_ring --cars 6 --teams
    python -m races.rules verify session-42.json

`--teams` puts the cars in teams of two (cars 1 and 2 are Team 1, and so on) and,
where the game has a team race option (Formula D, FD-V-5), switches it on; the
result then shows each car's team and the teams' table.

`verify FILE` replays a session record downloaded from the site (its page or
the API; "-" reads it from stdin) and says whether the log hash matches: exit
status 0 when it does, 1 when it does not (races/rules/record.py).

Bad input (unknown game, track, option or bot, a file that is not a record)
is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from .contract import ConfigError, Seat
from .log import canonical_line
from .record import RecordError, record_read, record_verify
from .registry import get_game, run_bot_race


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m races.rules")
    sub = parser.add_subparsers(dest="command", required=True)

    tracks = sub.add_parser("tracks", help="list a game's tracks")
    tracks.add_argument("game")
    tracks.add_argument("--json", action="store_true")

    verify = sub.add_parser("verify", help="replay a session record and check its log hash")
    verify.add_argument("file", help="the record's JSON file, or - for stdin")

    sim = sub.add_parser("simulate", help="run a race of bots")
    sim.add_argument("game")
    sim.add_argument("--track", required=True)
    sim.add_argument("--cars", type=int, default=6)
    sim.add_argument("--laps", type=int)
    sim.add_argument("--seed", default="1")
    sim.add_argument("--mode", choices=["race", "qualifying"])
    sim.add_argument("--level")
    sim.add_argument("--ruleset")
    sim.add_argument("--variants", default="", help="comma-separated options to switch on")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--bots", default="", help="bot names, cycled over the cars")
    sim.add_argument(
        "--teams", action="store_true", help="teams of two: cars 1-2, 3-4, ... (FD-V-5)"
    )
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--log", metavar="FILE")
    return parser


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _config(game, args) -> dict:
    config: dict = {"track": args.track}
    for key in ("laps", "mode", "level", "ruleset"):
        value = getattr(args, key)
        if value is not None:
            config[key] = value
    for name in filter(None, (v.strip() for v in args.variants.split(","))):
        config[name] = True
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise ConfigError(f"--option needs KEY=VALUE, got {item!r}")
        config[key.strip()] = value.strip()
    if getattr(args, "teams", False) and "team_race" in game.options.keys:
        config["team_race"] = True
    unknown = sorted(set(config) - set(game.options.keys))
    if unknown:
        raise ConfigError(f"unknown option {unknown[0]!r} for {game.key}")
    return game.options.validate(config)


def _seats(game, cars: int, bots_arg: str, *, teams: bool = False) -> list[Seat]:
    if teams and (cars < 4 or cars % 2):
        raise ConfigError(f"--teams needs an even number of cars, 4 or more; got {cars}")
    names = [b.strip() for b in bots_arg.split(",") if b.strip()] or [game.bot_names[-1]]
    for name in names:
        if name not in game.bot_names:
            raise ConfigError(f"unknown bot {name!r}; bots: {', '.join(game.bot_names)}")
    return [
        Seat(
            id=f"car{i + 1}",
            name=f"Car {i + 1}",
            kind="bot",
            bot=names[i % len(names)],
            team=f"Team {i // 2 + 1}" if teams else None,
        )
        for i in range(cars)
    ]


def _print_tracks(game, as_json: bool) -> None:
    tracks = game.tracks()
    if as_json:
        print(json.dumps(tracks, indent=2))
        return
    for t in tracks:
        extra = "".join(f"  {k}={v}" for k, v in t.items() if k not in ("id", "name"))
        print(f"{t['id']:<16} {t['name']:<28}{extra}")


def _simulate(game, args) -> None:
    config = _config(game, args)
    seats = _seats(game, args.cars, args.bots, teams=args.teams)
    seed = _seed(args.seed)
    race, _ = run_bot_race(game, config, seats, seed)
    result = race.result()
    if args.log:
        with open(args.log, "w", encoding="utf-8") as log:
            for event in race.events:
                log.write(canonical_line(event) + "\n")
    if args.json:
        out = {
            "game": game.key,
            "seed": seed,
            "hash": result.log_sha256,
            "rounds": result.rounds,
            "result": result.to_dict(),
        }
        if args.teams:
            out["teams"] = {t: [s.id for s in seats if s.team == t] for t in _team_names(seats)}
        print(json.dumps(out, indent=2))
        return
    print(f"{game.name}: {config['track']}, seed {seed}, {result.rounds} rounds")
    team_of = {s.id: s.team for s in seats}
    for p in result.order:
        team = f"  {team_of[p.seat]}" if team_of[p.seat] else ""
        line = f"{p.position:>3}. {p.seat:<8} {p.status:<11} laps {p.laps}  distance {p.distance}"
        print(line + team)
    if args.teams:
        _print_teams(result, seats)
    print(f"log sha256 {result.log_sha256}")


def _print_teams(result, seats: list[Seat]) -> None:
    """The engine's team table where it has one (FD-E-22), else each team's places."""
    rows = result.details.get("teams") or []
    if rows:
        print("teams:")
        for row in rows:
            cars = " and ".join(row["seats"])
            print(f"{row['position']:>3}. {row['team']:<8} {row['points']} points  ({cars})")
        return
    place = {p.seat: p.position for p in result.order}
    print("teams (this game has no team table; places of each team's cars):")
    for team in _team_names(seats):
        cars = ", ".join(f"{s.id} place {place[s.id]}" for s in seats if s.team == team)
        print(f"     {team:<8} {cars}")


def _verify(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    verdict = record_verify(record_read(text))
    print(f"{verdict.game}, seed {verdict.seed}, {verdict.actions} actions")
    print(f"record   log sha256 {verdict.stored}")
    if verdict.replayed is None:
        print(f"replay stopped: {verdict.problem}")
    else:
        print(f"replayed log sha256 {verdict.replayed}")
    print("verified: the hash matches" if verdict.matches else "NOT verified: no match")
    return 0 if verdict.matches else 1


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "verify":
            return _verify(args.file)
        game = get_game(args.game)
        if args.command == "tracks":
            _print_tracks(game, args.json)
        else:
            _simulate(game, args)
    except (ConfigError, RecordError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def _team_names(seats: list[Seat]) -> list[str]:
    return list(dict.fromkeys(s.team for s in seats if s.team))


if __name__ == "__main__":
    sys.exit(main())
