"""A stand-in game for the web tests: the option schema and track list of a
Formula D-like engine, so the pages can be tested without any engine's rules.
Pages never run rules, so nothing else is needed."""

from races.rules import ConfigError, Option, OptionSchema


class FakeGame:
    key = "formula_d"
    name = "Formula D"
    bot_names = ("rookie", "pro")
    options = OptionSchema(
        (
            Option("track", "str", "test_ring", season=False),
            Option("laps", "int", 1, min=1, max=3, season=False),
            Option("mode", "str", "race", choices=("race", "qualifying"), season=False),
            Option("ruleset", "str", "published", choices=("published", "bga"), help="Rules text"),
            Option("level", "str", "basic", choices=("basic", "advanced")),
            Option("weather", "bool", False, help="Weather (FD-V-6)"),
            Option("tire_choice", "bool", False),
        )
    )

    def tracks(self):
        return [{"id": "test_ring", "name": "Test Ring"}, {"id": "long_loop", "name": "Long Loop"}]

    def start(self, config, seats, seed):
        raise ConfigError("the web tests never run a race")

    def bot(self, name, *, seed, seat):
        raise ConfigError("the web tests never run a race")


GAME = FakeGame()


def ring_track(ranks: int = 12, lanes: int = 3) -> dict:
    """A small track in the data model of formula_d.md section 8."""
    spaces = []
    for rank in range(ranks):
        in_corner = 4 <= rank <= 5
        for lane in range(lanes):
            spaces.append(
                {
                    "id": f"r{rank}l{lane}",
                    "kind": "track",
                    "lane": lane,
                    "rank": rank,
                    "corner": "T1" if in_corner else None,
                    "straight": None if in_corner else "S1",
                    "zone": None,
                    "grid_slot": None,
                }
            )
    return {
        "id": "test_ring",
        "name": "Test Ring",
        "kind": "circuit",
        "L": ranks,
        "spaces": spaces,
        "corners": [
            {"id": "T1", "stops": 1, "inside": "right", "spaces": [], "shortest": 2, "longest": 2}
        ],
        "straights": [],
        "grid_slots": [f"r{ranks - 1}l2", f"r{ranks - 2}l0"],
    }
