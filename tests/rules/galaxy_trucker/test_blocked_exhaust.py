"""GT-CHK-01 V3 (issue 27): the tile directly S of an engine blocks it,
whatever the engine's rotation (the seed's "其下方"); a tile beside or in
front of a turned engine is not V3, and each (engine, cell) pair is listed
once."""

import json

from races.rules.__main__ import main

from .table import ship


def test_a_turned_engine_with_a_tile_directly_south_is_v2_and_v3():
    s = ship("80@7,6/180")  # exhaust turned north; the starting cabin is directly S
    assert s.violations() == [
        {"code": "V2", "cells": [(7, 6)]},
        {"code": "V3", "cells": [(7, 6), (7, 7)]},
    ]


def test_a_tile_where_a_turned_exhaust_points_is_not_v3():
    s = ship("66@6,7/90 40@5,7/0")  # exhaust turned west, onto the cabin at (5,7)
    codes = [v for v in s.violations() if v["code"] in ("V3", "V4")]
    assert codes == []
    assert {"code": "V2", "cells": [(6, 7)]} in s.violations()


def test_a_turned_engine_facing_a_cannon_lists_no_pair_twice():
    # the cannon at (7,5) points S at the engine (V4); the engine's turned
    # exhaust points N at the cannon, which is not V3
    s = ship("80@7,6/180 88@7,5/180")
    pairs = [tuple(v["cells"]) for v in s.violations() if len(v["cells"]) == 2]
    assert len(pairs) == len(set(pairs))
    assert {"code": "V4", "cells": [(7, 5), (7, 6)]} in s.violations()
    assert {"code": "V3", "cells": [(7, 6), (7, 7)]} in s.violations()


def test_a_safe_placement_never_sits_directly_south_of_a_turned_engine():
    """GT-TBB-06 / GT-BOT-02 count the same V3 as the check."""
    s = ship("66@8,6/90 40@8,5/0", crew=False)
    assert s.safe(40, (8, 7), 0)[0] is False
    s.place(40, (8, 7), 0)
    assert {"code": "V3", "cells": [(8, 6), (8, 7)]} in s.violations()


def test_regression_seed_3_event_60_reports_the_v3_of_tile_80(tmp_path, capsys):
    """`simulate galaxy_trucker --track standard --cars 4 --bots random --seed 3`,
    event 60 (before decision_requested events were logged): engine tile 80 at
    (7,6) turned, the starting cabin directly S."""
    log = tmp_path / "game.jsonl"
    argv = ["simulate", "galaxy_trucker", "--track", "standard", "--cars", "4",
            "--bots", "random", "--seed", "3", "--log", str(log)]  # fmt: skip
    assert main(argv) == 0
    events = [json.loads(line) for line in log.read_text().splitlines()]
    sixty = next(e for e in events if e["type"] == "ship_checked" and e["seat"] == "car2")
    assert sixty["data"]["violations"] == [
        {"cells": [[7, 6]], "code": "V2"},
        {"cells": [[7, 6], [7, 7]], "code": "V3"},
    ]
