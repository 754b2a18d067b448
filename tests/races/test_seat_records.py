"""A session's stored seats are read and written as SeatRecords; the JSON
stored on the session keeps its shape."""

from races.rules import Seat
from races.running.seats import SeatRecord, seat_record_of, seat_records, seats_stored

STORED = {
    "id": "car7",
    "name": "Ana Lopez",
    "kind": "human",
    "bot": "pro",
    "team": "Scuderia Rossa",
    "setup": {"tyres": "soft"},
    "entry_id": 3,
    "car_number": 7,
    "user_id": 11,
    "autopilot": False,
}


def test_a_stored_seat_reads_and_writes_back_unchanged():
    record = SeatRecord.from_dict(STORED)
    assert (record.id, record.entry_id, record.user_id, record.autopilot) == ("car7", 3, 11, False)
    assert record.to_dict() == STORED
    assert seats_stored(seat_records([STORED])) == [STORED]


def test_the_engine_seat_is_the_seat_the_race_ran():
    assert SeatRecord.from_dict(STORED).seat() == Seat(
        id="car7", name="Ana Lopez", kind="human", bot="pro", team="Scuderia Rossa",
        setup={"tyres": "soft"},
    )  # fmt: skip


def test_an_older_row_without_every_key_still_reads():
    record = SeatRecord.from_dict({"id": "car51", "name": "", "kind": "bot", "car_number": 51})
    assert (record.bot, record.user_id, record.autopilot, record.setup) == (None, None, False, {})
    assert record.label == "#51"
    assert seat_records(None) == []


def test_a_seat_is_found_by_its_id():
    records = seat_records([STORED, {**STORED, "id": "car8", "user_id": None}])
    assert seat_record_of(records, "car8").user_id is None
    assert seat_record_of(records, "car9") is None
