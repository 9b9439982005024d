"""The beating engine (games/common/beating.py): plays, beating, pickups and trick size."""

from games.common import beating as B


def test_a_single_card_and_runs_of_one_suit_are_plays():
    assert B.is_play(["7H"])
    assert B.is_play(["7H", "8H", "9H"])
    assert not B.is_play(["7H", "8S"]), "a run is of one suit"
    assert not B.is_play(["7H", "9H"]), "a run has no gaps"
    assert not B.is_play([])


def test_king_ace_is_consecutive_but_ace_two_is_not():
    """Clarification 8 of Mattis: aces high, K-A consecutive, A-2 not."""
    assert B.is_play(["QS", "KS", "AS"])
    assert not B.is_play(["AS", "2S"])
    assert B.maximal_runs(["AS", "2S", "3S", "KS"]) == [["2S", "3S"], ["KS", "AS"]]


def test_same_suit_play_beats_when_its_lowest_is_above_the_targets_highest():
    """Decision 5: the run's length does not matter, only its ranks."""
    assert B.beats(["9H"], ["6H", "7H", "8H"], "S")
    assert not B.beats(["8H", "9H"], ["7H", "8H"], "S"), "8 is not above 8"
    assert B.beats(["9H", "10H"], ["6H", "7H", "8H"], "S")
    assert not B.beats(["7H"], ["8H"], "S")


def test_a_higher_single_beats_a_lower_run_and_a_lower_card_does_not_beat_a_run():
    assert B.beats(["KD"], ["9D", "10D", "JD"], None)
    assert not B.beats(["10D"], ["9D", "10D", "JD"], None)


def test_trump_beats_non_trump_but_another_suit_does_not():
    assert B.beats(["2S"], ["AH"], "S")
    assert not B.beats(["AD"], ["2H"], "S")
    assert not B.beats(["2S"], ["3S"], "S"), "trump on trump needs a higher rank"
    assert not B.beats(["AD"], ["2H"], None)


def test_any_play_leads_and_later_ones_must_beat_the_last_play():
    assert B.beats_table(["2C"], [], "S")
    assert B.beats_table(["2S"], [["5H"], ["9H"]], "S")
    assert not B.beats_table(["8H"], [["5H"], ["9H"]], "S")


def test_beating_plays_lists_every_single_and_every_run():
    hand = ["5H", "6H", "7H", "KC"]
    plays = B.beating_plays(hand, [], None)
    assert sorted(map(tuple, plays)) == sorted([("5H",), ("6H",), ("7H",), ("5H", "6H"), ("6H", "7H"),
                                               ("5H", "6H", "7H"), ("KC",)])
    assert B.beating_plays(hand, [["5H"]], None) == [["6H"], ["6H", "7H"], ["7H"]]
    assert B.beating_plays(hand, [["AH"]], None) == []


def test_extensions_list_the_card_alone_then_each_longer_run_upwards():
    hand = ["4C", "5C", "6C", "9C"]
    assert B.extensions(hand, "5C") == [["5C"], ["5C", "6C"]]
    assert B.extensions(hand, "9C") == [["9C"]]


def test_the_lowest_play_is_the_earliest_on_the_table():
    """Decision 6: every play beat the ones before it, so the earliest is the lowest."""
    assert B.lowest_play([["5H", "6H"], ["9H"]]) == 0


def test_trick_size_counts_players_still_in_and_the_table_after_pickups():
    """Clarification 9 and decision 7 of Mattis."""
    assert B.trick_size([True, False, True, True]) == 3
    assert not B.trick_complete([["5H"], ["9H"]], 3)
    assert B.trick_complete([["5H"], ["9H"], ["2S"]], 3)
