"""The rating model over plain data: openskill's Plackett–Luce."""

from ratings.skill import Finisher, Skill, initial, rate_race, win_strengths


def test_the_winner_gains_and_the_last_loses():
    new = rate_race({}, [Finisher("ana", 1), Finisher("ben", 2), Finisher("cid", 3)])
    start = initial()
    assert new["ana"].mu > start.mu > new["cid"].mu
    assert all(s.sigma < start.sigma for s in new.values())


def test_a_tie_moves_both_alike():
    new = rate_race({}, [Finisher("ana", 1), Finisher("ben", 2), Finisher("cid", 2)])
    assert new["ben"] == new["cid"]


def test_a_bot_level_driving_several_cars_moves_once_by_the_mean_of_its_cars():
    field = [Finisher("ana", 1), Finisher("pro", 2), Finisher("pro", 3), Finisher("ben", 4)]
    new = rate_race({}, field)
    separate = rate_race({}, [Finisher(k, p) for k, p in [("a", 1), ("b", 2), ("c", 3), ("d", 4)]])
    assert new["pro"].mu == (separate["b"].mu + separate["c"].mu) / 2
    assert set(new) == {"ana", "pro", "ben"}


def test_a_race_of_one_rates_nobody():
    assert rate_race({}, [Finisher("ana", 1)]) == {}


def test_a_stronger_rating_is_a_stronger_draw():
    weak, strong = Skill(20.0, 3.0), Skill(30.0, 3.0)
    weights = win_strengths([weak, strong])
    assert weights[1] == 1.0 and 0 < weights[0] < 1
    assert strong.ordinal == 21.0
