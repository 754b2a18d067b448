"""The pro bot's look-ahead: the room a ship leaves for the tiles it still
needs, counted with GT-BOT-02's safe placement (GT-DM-05, GT-DM-09)."""

from races.rules.galaxy_trucker.bots.room import room

from .table import ship


def test_an_engine_still_fits_beside_and_behind_the_starting_cabin():
    """GT-DM-09: an engine turned to the rear fits at (7,8), (6,7) and (8,7),
    not at (7,6) where its exhaust would point into the starting cabin."""
    left = room(ship(crew=False))
    assert left["engine"] == 3
    assert left["cabin"] == 4 and left["any"] == 4


def test_room_leaves_out_cells_no_tile_can_take():
    """GT-BOT-02 safe placement: a cannon at (6,7) aiming left blocks (5,7)
    (GT-DM-09), and its smooth front and rear leave (6,6) and (6,8) no
    legal joint, so only (7,6), (8,7) and (7,8) still take a tile."""
    left = room(ship("88@6,7/270", crew=False))
    assert left["any"] == 3
    assert left["engine"] == 2
