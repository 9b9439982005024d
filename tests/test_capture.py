"""The shared capture-by-sum solver of the fishing games."""

import time

import pytest

from games import cards as C
from games.common.capture import (
    CaptureWords,
    TakeWords,
    can_capture,
    capture_options,
    captures_text,
    lay_card,
    multi_capture_fault,
    multi_capture_refusal,
    multi_captures,
    refuse_take,
    sum_subsets,
    sum_text,
)
from games.engine import Move
from games.localize import render

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


# --- many combinations at once (Cassino, Diloti) -------------------------------------------------

def taken_sets(captures):
    return sorted((sorted(loose), sorted(piles)) for loose, piles in captures)


def test_multi_capture_takes_several_sets_at_once():
    """A 9 may take 5+4 and 6+3 together, or either alone (Cassino clarification 4)."""
    caps = multi_captures(["5H", "4D", "6C", "3S"], "9S", pip_value)
    assert (["3S", "4D", "5H", "6C"], []) in [(sorted(a), b) for a, b in caps]
    assert (["4D", "5H"], []) in [(sorted(a), b) for a, b in caps]
    assert caps[0][0] and len(caps[0][0]) == 4       # the biggest capture first


def test_multi_capture_pairs_all_or_none_of_the_rank():
    caps = taken_sets(multi_captures(["9H", "9D", "5C", "4S"], "9S", pip_value))
    assert (["9D", "9H"], []) in caps
    assert not any(len([c for c in loose if c[0] == "9"]) == 1 for loose, _ in caps)
    assert (["4S", "5C"], []) in caps                # the loose 9s may stay


def test_multi_capture_takes_piles_of_its_value_as_atoms():
    caps = taken_sets(multi_captures(["2H"], "9S", pip_value, [("b1", 9), ("b2", 7)]))
    assert caps == [([], ["b1"])]


def test_multi_capture_court_cards_only_pair():
    assert taken_sets(multi_captures(["KH", "KD", "5C"], "KS", pip_value)) == [(["KD", "KH"], [])]
    one = taken_sets(multi_captures(["KH", "KD"], "KS", pip_value, pairing="one"))
    assert one == [(["KD"], []), (["KH"], [])]


def test_multi_capture_validator_agrees_with_the_enumeration():
    loose = ["5H", "4D", "6C", "3S", "9H", "AS", "8C"]
    piles = [("b1", 9)]
    caps = multi_captures(loose, "9S", pip_value, piles, limit=None)
    seen = {(frozenset(a), tuple(b)) for a, b in caps}
    from itertools import combinations
    for n in range(len(loose) + 1):
        for combo in combinations(loose, n):
            for chosen in ([], ["b1"]):
                fault = multi_capture_fault(loose, "9S", pip_value, list(combo), [p for p in piles if p[0] in chosen])
                assert (fault is None) == ((frozenset(combo), tuple(chosen)) in seen), (combo, chosen, fault)


def test_multi_capture_validator_reasons():
    loose = ["9H", "9D", "5C", "4S", "KH"]
    assert multi_capture_fault(loose, "9S", pip_value, []) == "empty"
    assert multi_capture_fault(loose, "9S", pip_value, ["9H"]) == "pairing_all"
    assert multi_capture_fault(loose, "9S", pip_value, ["5C"]) == "sums"
    assert multi_capture_fault(loose, "9S", pip_value, ["KH"]) == "no_value"
    assert multi_capture_fault(loose, "9S", pip_value, [], [("b1", 8)]) == "pile_value"
    assert multi_capture_fault(loose, "9S", pip_value, ["2C"]) == "not_on_table"


def test_multi_capture_enumeration_is_fast_on_a_crowded_table():
    """The move generator stays well under the issue's 2 ms p99 on big tables of small cards."""
    loose = ["AS", "AH", "2S", "2H", "3S", "3H", "4S", "4H", "5S", "5H", "6S", "6H", "7S", "4D"]
    t = time.perf_counter()
    caps = multi_captures(loose, "10S", pip_value)
    assert caps and time.perf_counter() - t < 1.0


def test_captures_are_worded_as_sums_joined_by_or_and_the_rest_counted():
    """Scopa's and Kontsina's refusals name a card's captures with one wording: "3♣ + 4♥", "7♥ or 3♣ + 4♥",
    and past four options how many more there are, in the reader's language."""
    assert render(sum_text(["3C", "4H"]), "en") == "3♣ + 4♥"
    assert render(sum_text(["7H"]), "en") == "7♥"
    options = [["7H"], ["3C", "4H"], ["2C", "5H"], ["AS", "6D"], ["AC", "2H", "4S"], ["AH", "2S", "4C"]]
    assert render(captures_text(options[:2]), "en") == "7♥ or 3♣ + 4♥"
    assert render(captures_text(options), "en") == "7♥ or 3♣ + 4♥ or 2♣ + 5♥ or A♠ + 6♦ (or 2 more)"
    assert render(captures_text(options[:2]), "el") == "7♥ ή 3♣ + 4♥"
    assert render(captures_text(options, most=5), "el").endswith("(ή άλλη μία)")


WORDS = TakeWords(
    not_a_move=lambda move: f"not a move: {move}",
    not_part=lambda name: f"not part: {name}",
    must_capture=lambda card, options, example: f"must capture: {example}",
    cannot_capture=lambda card: "cannot capture",
    not_cards=lambda take: f"not cards: {take}",
    repeated=lambda: "repeated",
    not_on_table=lambda card: f"not on the table: {card.code}",
    wrong_capture=lambda code, taken, options: f"wrong: {'+'.join(taken)}",
)


def refusal(move, may_lay=True, table=("3C", "4H", "7S", "KD")):
    return refuse_take(move, ["7D", "QS"], list(table), lambda code: capture_options(
        list(table), code, pip_value, pairing="one", pairing_first=False), WORDS, may_lay=may_lay)


def test_a_take_move_is_accepted_when_it_names_one_of_the_cards_captures_in_any_order():
    """Scopa and Kontsina judge ``play CARD take=...`` with one rule: any listed capture, in any order."""
    assert refusal(Move("play", ("7D",), (("take", "4H+3C"),))) is None
    assert refusal(Move("play", ("7D",), (("take", "7S"),))) is None
    assert refusal(Move("play", ("QS",))) is None     # nothing to take: laid


def test_a_take_move_is_refused_with_the_games_own_sentence_for_each_fault():
    play = Move("play", ("7D",))
    assert refusal(Move("draw", ())) == "not a move: draw"
    assert refusal(Move("play", ("7D",), (("with", "3C"),))) == "not part: with"
    assert refusal(play, may_lay=False) == "must capture: play 7D take=7S"
    assert refusal(play, may_lay=True) is None
    assert refusal(Move("play", ("QS",), (("take", "KD"),))) == "cannot capture"
    assert refusal(Move("play", ("7D",), (("take", "3C+xx"),))) == "not cards: 3C+xx"
    assert refusal(Move("play", ("7D",), (("take", "3C+3C"),))) == "repeated"
    assert refusal(Move("play", ("7D",), (("take", "3C+4S"),))) == "not on the table: 4S"
    assert refusal(Move("play", ("7D",), (("take", "3C+KD"),))) == "wrong: 3C+KD"
    assert "do not hold" in render(refusal(Move("play", ("9D",))), "en")


CAPTURE_WORDS = CaptureWords(
    pairing_all=lambda card, cards: f"all or none of {cards.codes}",
    pairing_one=lambda card: "only one",
    pile_value=lambda card: "pile of another value",
    no_value=lambda: "court cards do not add",
    sums=lambda cards, value: f"{cards.codes} do not make {value}",
    unsaid=lambda card: "say what it takes",
)


def test_a_capture_of_cassino_or_diloti_is_refused_in_the_games_own_words():
    """One rule (`multi_capture_fault`) words each fault with the game's sentence and its parameters."""
    loose = ["2C", "3C", "5H", "5S", "KD"]

    def why(played, taken, piles=(), pairing="all"):
        return multi_capture_refusal(loose, played, pip_value, taken, piles, CAPTURE_WORDS, pairing=pairing)

    assert why("5D", ["2C", "3C", "5H", "5S"]) is None
    assert why("5D", ["5H"]) == "all or none of ('5H', '5S')"
    assert why("KS", ["KD"], pairing="one") is None
    assert why("5D", ["5H", "5S"], pairing="one") == "only one"
    assert why("5D", [], [("b1", 7)]) == "pile of another value"
    assert why("5D", ["2C", "KD"]) == "court cards do not add"
    assert why("5D", ["2C"]) == "('2C',) do not make 5"
    assert why("5D", []) == "say what it takes"
    assert why("5D", ["9H"]) == "say what it takes"


def test_a_laid_card_joins_the_table_in_rank_then_suit_order():
    table = ["2C", "9S"]
    lay_card(table, "KH")
    lay_card(table, "2S")
    assert table == sorted(table, key=lambda c: (C.rank(c), C.SUITS.index(c[-1])))
