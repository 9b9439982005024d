"""The match ledger (games/common/match.py): formats, dealer rotation, awards in order."""

import random

import pytest

from games.common.match import MatchFormat, award_in_order, first_dealer, next_dealer, next_seat

# --- formats ------------------------------------------------------------------------------

def test_race_finishes_when_someone_reaches_the_target_and_the_highest_leads():
    race = MatchFormat("race", 11)
    assert not race.finished([10, 9], hands_played=5)
    assert race.finished([11, 3], hands_played=5)
    assert race.finished([4, 13], hands_played=1)
    assert race.standing([11, 3]) == [11.0, 3.0]
    assert race.leaders([11, 3]) == [0] and race.leaders([9, 12, 12]) == [1, 2]


def test_lowest_finishes_when_someone_reaches_the_target_and_the_lowest_total_leads():
    lowest = MatchFormat("lowest", 100)
    assert not lowest.finished([99, 40, 0], hands_played=9)
    assert lowest.finished([100, 40, 10], hands_played=1)
    assert lowest.standing([100, 40, 10]) == [-100.0, -40.0, -10.0]
    assert lowest.leaders([100, 40, 10]) == [2]
    assert lowest.leaders([120, 30, 30]) == [1, 2]


def test_fixed_finishes_after_the_set_number_of_hands_whatever_the_scores():
    fixed = MatchFormat("fixed", 3)
    assert not fixed.finished([1000, 0], hands_played=2)
    assert fixed.finished([0, 0], hands_played=3)
    assert fixed.finished([5, 2], hands_played=4)
    assert fixed.standing([5, -2]) == [5.0, -2.0]
    assert fixed.leaders([5, -2, 5]) == [0, 2]


def test_wins_finishes_when_someone_has_won_the_target_number_of_hands():
    wins = MatchFormat("wins", 2)
    assert not wins.finished([1, 1, 0], hands_played=2)
    assert wins.finished([2, 1, 0], hands_played=3)
    assert wins.leaders([2, 1, 0]) == [0]
    single = MatchFormat("wins", 1)
    assert not single.finished([0, 0], hands_played=0)
    assert single.finished([0, 1], hands_played=1) and single.leaders([0, 1]) == [1]


def test_standing_is_higher_is_better_as_floats():
    for kind in ("race", "fixed", "wins"):
        standing = MatchFormat(kind, 5).standing([3, 1])
        assert standing == [3.0, 1.0] and all(isinstance(x, float) for x in standing)
    assert MatchFormat("lowest", 5).standing([3, 1]) == [-3.0, -1.0]


@pytest.mark.parametrize(("fmt", "text"), [
    (MatchFormat("race", 11), "first to 11 points"),
    (MatchFormat("lowest", 100), "lowest score when someone reaches 100"),
    (MatchFormat("fixed", 19), "19 hands, highest score wins"),
    (MatchFormat("wins", 1), "a single hand"),
    (MatchFormat("wins", 3), "first to win 3 hands"),
])
def test_describe_says_how_the_match_is_won(fmt, text):
    assert fmt.describe() == text


# --- dealers ----------------------------------------------------------------------------

def test_next_dealer_passes_left_and_wraps_around():
    assert [next_dealer(d, 4) for d in range(4)] == [1, 2, 3, 0]


def test_next_dealer_to_the_right_goes_the_other_way():
    assert [next_dealer(d, 4, -1) for d in range(4)] == [3, 0, 1, 2]


def test_with_two_players_the_deal_alternates():
    assert next_dealer(0, 2) == 1 and next_dealer(1, 2) == 0
    assert next_dealer(0, 2, -1) == 1


def test_next_seat_is_the_seat_to_the_left():
    assert next_seat(2, 3) == 0 and next_seat(0, 3) == 1 and next_seat(0, 3, -1) == 2


def test_first_dealer_is_drawn_at_random_among_the_seats():
    seen = {first_dealer(random.Random(n), 5) for n in range(200)}
    assert seen == {0, 1, 2, 3, 4}


# --- awards in order ----------------------------------------------------------------------

def test_award_in_order_stops_at_the_target_part_way_through_an_award():
    scores = [9, 10]
    counted = award_in_order(scores, [(0, 1, "cards"), (1, 3, "sweeps"), (0, 2, "settebello")], 11)
    assert scores == [10, 11]
    assert counted == [(0, 1, "cards"), (1, 1, "sweeps")]


def test_award_in_order_stops_part_way_through_a_list_once_the_first_seat_gets_there():
    scores = [8, 5]
    counted = award_in_order(scores, [(0, 2, "cards"), (1, 1, "coins"), (0, 1, "primiera"), (1, 4, "sweeps")], 11)
    assert scores == [11, 6]
    assert counted == [(0, 2, "cards"), (1, 1, "coins"), (0, 1, "primiera")]


def test_award_in_order_counts_everything_when_nobody_reaches_the_target():
    scores = [0, 0, 0]
    awards = [(0, 2, "a"), (2, 3, "b"), (1, 1, "c")]
    assert award_in_order(scores, awards, 11) == awards
    assert scores == [2, 1, 3]


def test_award_in_order_skips_empty_awards_and_counts_nothing_once_the_target_is_reached():
    scores = [0, 0]
    assert award_in_order(scores, [(0, 0, "none"), (1, 2, "two")], 11) == [(1, 2, "two")]
    done = [11, 3]
    assert award_in_order(done, [(1, 5, "late")], 11) == []
    assert done == [11, 3]
