"""Reading a results CSV: each line checked, each error naming its line."""

from races.results.importing import results_parse

CARS = {3: (30, "Ana"), 7: (70, "Ben"), 11: (110, "Cid")}


def test_a_clean_file_reads_every_figure():
    text = "Car,Position,Status,Laps,Laps_led,Best_lap,Fastest_lap,Pole\n"
    text += "#7,1,,12,5,61.25,yes,x\n3,2,Ret,11,0,,no,\n11,3,DSQ,12,,,,\n"
    parsed = results_parse(text, CARS)
    assert parsed.errors == []
    ben, ana, cid = parsed.rounds[0]
    assert (ben.entry_id, ben.position, ben.status, ben.laps) == (70, 1, "finished", 12)
    assert ben.figures == {"laps_led": 5, "best_lap": 61.25, "fastest_lap": True, "pole": True}
    assert ana.status == "eliminated" and cid.status == "disqualified"
    assert parsed.preview[0]["driver"] == "Ben" and parsed.preview[1]["status"] == "Retired"


def test_every_bad_line_is_named():
    text = (
        "car,position,status,laps_led,fastest_lap\n"
        "3,1,finished,,\n"
        "3,2,finished,,\n"  # car 3 twice
        "7,1,finished,,\n"  # place 1 twice
        "11,x,finished,,\n"
        "12,3,finished,,\n"
        "7,3,finished,-1,\n"
        "11,3,finished,,maybe\n"
        "11,3,finished,,,extra\n"
    )
    errors = results_parse(text, CARS).errors
    assert errors == [
        "Line 3: car #3 is already on line 2.",
        "Line 4: place 1 is already car #3's.",
        "Line 5: position must be a whole number, not “x”.",
        "Line 6: car #12 has no entry in this season.",
        "Line 7: laps led must be between 0 and 999.",
        "Line 8: fastest lap is yes or no, not “maybe”.",
        "Line 9: more values than the header has columns.",
    ]


def test_a_result_with_a_gap_in_its_places_is_refused():
    errors = results_parse("car,position\n3,1\n7,3\n", CARS).errors
    assert errors == ["The result: give places 1 to 2 without a gap."]


def test_a_file_without_the_needed_columns_or_lines():
    assert results_parse("driver,points\nAna,25\n", CARS).errors == [
        "Line 1: the header needs the columns car, position."
    ]
    assert results_parse("car,position\n", CARS).errors == ["The file has no result lines."]
    assert results_parse("car,position\n3,1\n", CARS, with_round=True).errors == [
        "Line 1: the header needs the columns car, position, round."
    ]


def test_a_season_file_is_split_by_round_and_checked_per_round():
    text = "round,car,position\n1,3,1\n1,7,2\n2,7,1\n2,3,1\n"
    parsed = results_parse(text, CARS, with_round=True)
    assert parsed.errors == ["Line 5: place 1 is already car #7's in round 2."]
    assert sorted(parsed.rounds) == [1, 2]
