"""The shared capture-by-sum solver of the fishing games."""

import time

import pytest

from games import cards as C
from games.common.capture import can_capture, capture_options, sum_subsets

SCOPA = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 11: 8, 12: 9, 13: 10}


def scopa_value(code):
    return SCOPA[C.rank(code)]


def pip_value(code):
    """Kontsina/Cassino style: court cards have no value for adding."""
    r = C.rank(code)
    return None if r > 10 else r


def test_sum_subsets_finds_every_set_adding_to_the_target_in_order():
    assert sum_subsets([1, 2, 3, 4], 5) == [(0, 3), (1, 2)]
    assert sum_subsets([1, 2, 3, 4], 6) == [(1, 3), (0, 1, 2)]
    assert sum_subsets([5, 5], 5) == [(0,), (1,)]


def test_sum_subsets_respects_the_minimum_size():
    assert sum_subsets([3, 4, 7], 7, min_size=2) == [(0, 1)]
    assert sum_subsets([3, 4, 7], 7) == [(2,), (0, 1)]


def test_sum_subsets_skips_valueless_and_non_positive_items():
    assert sum_subsets([None, 2, 0, 3, -1], 5) == [(1, 3)]
    assert sum_subsets([1, 2], 0) == []
    assert sum_subsets([], 4) == []


def test_sum_subsets_limit_stops_early():
    found = sum_subsets([1] * 10, 3, limit=2)
    assert len(found) == 2
    assert all(len(t) == 3 for t in found)


def test_pairing_one_offers_each_equal_rank_card_separately():
    """Scopa/Kontsina: a pairing captures exactly one card of the rank."""
    assert capture_options(["7C", "3S", "7H"], "7D", scopa_value) == [["7C"], ["7H"]]


def test_pairing_takes_precedence_over_addition():
    """Scopa: a card that can pair may not add."""
    assert capture_options(["3C", "4H", "7S"], "7D", scopa_value) == [["7S"]]


def test_without_precedence_pairs_come_first_then_additions():
    options = capture_options(["3C", "4H", "7S"], "7D", scopa_value, pairing_first=False)
    assert options == [["7S"], ["3C", "4H"]]


def test_pairing_all_takes_every_equal_rank_card_at_once():
    assert capture_options(["7C", "2S", "7H"], "7D", scopa_value, pairing="all") == [["7C", "7H"]]


def test_pairing_none_only_adds():
    options = capture_options(["7C", "3S", "4H"], "7D", scopa_value, pairing="none", min_addition=1)
    assert options == [["7C"], ["3S", "4H"]]


def test_unknown_pairing_mode_is_an_error():
    with pytest.raises(ValueError, match="pairing"):
        capture_options(["7C"], "7D", scopa_value, pairing="some")


def test_addition_needs_two_or_more_cards_by_default():
    """A single card of another rank never matches the value in Scopa (values are per rank),
    and additions of 2+ cards are listed by size, then table position."""
    table = ["AC", "2S", "3H", "4D", "6C"]
    assert capture_options(table, "7D", scopa_value) == [["AC", "6C"], ["3H", "4D"], ["AC", "2S", "4D"]]


def test_court_cards_add_with_their_values():
    """King (10) takes jack (8) + 2 by addition."""
    assert capture_options(["JC", "2S", "5H"], "KD", scopa_value) == [["JC", "2S"]]


def test_a_value_map_can_be_a_dict_of_codes():
    values = {"3C": 3, "4H": 4, "7D": 7}
    assert capture_options(["3C", "4H"], "7D", values) == [["3C", "4H"]]


def test_valueless_played_card_can_only_pair():
    assert capture_options(["QC", "5S", "7H"], "QD", pip_value) == [["QC"]]
    assert capture_options(["5S", "7H"], "QD", pip_value) == []


def test_no_capture_means_an_empty_list_and_can_capture_agrees():
    assert capture_options(["5S", "6H"], "3D", scopa_value) == []
    assert not can_capture(["5S", "6H"], "3D", scopa_value)
    assert can_capture(["AS", "2H"], "3D", scopa_value)


def test_the_order_is_deterministic_whatever_the_call():
    table = ["AS", "AH", "2C", "2D", "3S", "4H", "5C"]
    first = capture_options(table, "6D", scopa_value)
    assert first == capture_options(list(table), "6D", scopa_value)
    assert len(first) == len({tuple(o) for o in first})
    for option in first:
        assert sum(scopa_value(c) for c in option) == 6
        assert [table.index(c) for c in option] == sorted(table.index(c) for c in option)


def test_large_tables_stay_fast():
    """Sixteen low cards on the table: every subset adding to 10 is found quickly."""
    table = [C.make(r, s) for r in (1, 2, 3, 4) for s in C.SUITS]
    start = time.perf_counter()
    options = capture_options(table, "KD", scopa_value)
    assert time.perf_counter() - start < 0.5
    assert options and all(sum(scopa_value(c) for c in o) == 10 for o in options)
    # brute force agrees on the count
    from itertools import combinations
    brute = sum(1 for k in range(2, len(table) + 1) for combo in combinations(range(len(table)), k)
                if sum(scopa_value(table[i]) for i in combo) == 10)
    assert len(options) == brute
