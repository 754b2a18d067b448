"""Command line for the engines, with no Django.

    python -m races.rules tracks formula_d
    python -m races.rules simulate formula_d --track lakeside_gp --cars 10 --laps 2 --seed 7 --json

Bad input (unknown game, track, option or bot) is one line on stderr and
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from .contract import ConfigError, Seat, canonical_line
from .registry import get_game, run_bot_race


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m races.rules")
    sub = parser.add_subparsers(dest="command", required=True)

    tracks = sub.add_parser("tracks", help="list a game's tracks")
    tracks.add_argument("game")
    tracks.add_argument("--json", action="store_true")

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
    unknown = sorted(set(config) - set(game.options.keys))
    if unknown:
        raise ConfigError(f"unknown option {unknown[0]!r} for {game.key}")
    return game.options.validate(config)


def _seats(game, cars: int, bots_arg: str) -> list[Seat]:
    names = [b.strip() for b in bots_arg.split(",") if b.strip()] or [game.bot_names[-1]]
    for name in names:
        if name not in game.bot_names:
            raise ConfigError(f"unknown bot {name!r}; bots: {', '.join(game.bot_names)}")
    return [
        Seat(id=f"car{i + 1}", name=f"Car {i + 1}", kind="bot", bot=names[i % len(names)])
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
    seats = _seats(game, args.cars, args.bots)
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
        print(json.dumps(out, indent=2))
        return
    print(f"{game.name}: {config['track']}, seed {seed}, {result.rounds} rounds")
    for p in result.order:
        print(f"{p.position:>3}. {p.seat:<8} {p.status:<11} laps {p.laps}  distance {p.distance}")
    print(f"log sha256 {result.log_sha256}")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        game = get_game(args.game)
        if args.command == "tracks":
            _print_tracks(game, args.json)
        else:
            _simulate(game, args)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
