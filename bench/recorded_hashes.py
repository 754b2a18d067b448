"""The record-and-check of a game's hashed races, shared by every
bench/<game>_hashes.py: `--record FILE` (or `--write`) writes the hashes of
the game's seeded races; `--check FILE` computes them again, names every race
that differs and exits 1 if any does. Its last line is one JSON object."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path


def record_or_check(hashes_of: Callable[[], dict], noun: str = "races") -> None:
    parser = argparse.ArgumentParser()
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", "--write", metavar="FILE", dest="record")
    what.add_argument("--check", metavar="FILE")
    args = parser.parse_args()
    t0 = time.process_time()
    hashes = hashes_of()
    cpu = round(time.process_time() - t0, 1)
    if args.record:
        Path(args.record).write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
        print(f"{len(hashes)} {noun} hashed into {args.record}")
        print(json.dumps({noun: len(hashes), "cpu_s": cpu}))
        return
    recorded = json.loads(Path(args.check).read_text())
    wrong = sorted(k for k in recorded.keys() | hashes.keys() if recorded.get(k) != hashes.get(k))
    for key in wrong:
        print(f"{key}: recorded {recorded.get(key)}, now {hashes.get(key)}")
    print(f"{len(hashes)} {noun}, {len(wrong)} differ from {args.check}")
    print(json.dumps({noun: len(hashes), "mismatches": len(wrong), "cpu_s": cpu}))
    if wrong:
        sys.exit(1)
