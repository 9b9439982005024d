"""The stops layouts (games/common/layout.py): suit rows from a start rank, and
Newmarket-style runs played by whoever holds the next card."""

import json

import pytest

from games import cards as C
from games.common.layout import ACES_HIGH, ACES_LOW, Chain, Rows, opposite_suits

FAN_TAN = Rows(7, ACES_LOW)
TREX = Rows(C.JACK, ACES_HIGH)


def rows_of(**suits):
    rows = Rows.new()
    for suit, cards in suits.items():
        rows[suit] = list(cards)
    return rows


# --- rows ------------------------------------------------------------------------------------

def test_an_empty_layout_takes_only_the_start_cards():
    rows = Rows.new()
    assert rows == {"S": [], "H": [], "D": [], "C": []}
    assert FAN_TAN.wanted(rows) == {"7S", "7H", "7D", "7C"}
    assert TREX.wanted(rows) == {"JS", "JH", "JD", "JC"}
    assert FAN_TAN.playable_cards(rows, ["6S", "7D", "8S", "KH"]) == ["7D"]


def test_a_begun_row_grows_one_card_at_a_time_at_both_ends_in_its_suit():
    rows = Rows.new()
    FAN_TAN.place(rows, "7S")
    assert FAN_TAN.ends(rows, "S") == ["6S", "8S"]
    FAN_TAN.place(rows, "8S")
    FAN_TAN.place(rows, "6S")
    FAN_TAN.place(rows, "5S")
    assert rows["S"] == ["5S", "6S", "7S", "8S"], "a row is kept lowest card first"
    assert FAN_TAN.ends(rows, "S") == ["4S", "9S"]
    assert not FAN_TAN.playable(rows, "10S") and not FAN_TAN.playable(rows, "4H")
    with pytest.raises(ValueError, match="does not fit"):
        FAN_TAN.place(rows, "10S")


def test_other_start_cards_begin_rows_of_their_own_at_any_time():
    rows = rows_of(S=["6S", "7S", "8S"])
    assert FAN_TAN.wanted(rows) == {"5S", "9S", "7H", "7D", "7C"}
    FAN_TAN.place(rows, "7D")
    assert rows["D"] == ["7D"] and FAN_TAN.ends(rows, "D") == ["6D", "8D"]


def test_aces_low_rows_end_at_the_ace_and_the_king():
    rows = rows_of(H=[C.make(r, "H") for r in range(1, 14)], C=["AC", "2C", "3C", "4C", "5C", "6C", "7C"])
    assert FAN_TAN.ends(rows, "H") == [] and FAN_TAN.complete(rows, "H")
    assert FAN_TAN.ends(rows, "C") == ["8C"], "nothing below the ace"
    assert not FAN_TAN.complete(rows)


def test_trex_rows_start_at_the_jack_and_run_from_the_two_up_to_the_ace():
    rows = Rows.new()
    TREX.place(rows, "JS")
    assert TREX.ends(rows, "S") == ["10S", "QS"]
    for code in ("QS", "KS", "AS"):
        TREX.place(rows, code)
    assert TREX.ends(rows, "S") == ["10S"], "the ace is high and ends the row"
    for r in range(10, 1, -1):
        TREX.place(rows, C.make(r, "S"))
    assert rows["S"][0] == "2S" and rows["S"][-1] == "AS" and TREX.complete(rows, "S")


def test_opens_tells_which_cards_a_play_makes_playable():
    rows = rows_of(S=["6S", "7S", "8S"])
    assert FAN_TAN.opens(rows, "7H") == ["6H", "8H"]
    assert FAN_TAN.opens(rows, "9S") == ["10S"] and FAN_TAN.opens(rows, "5S") == ["4S"]
    assert FAN_TAN.opens(Rows.new(), "7C") == ["6C", "8C"]
    king_row = rows_of(D=[C.make(r, "D") for r in range(7, 13)])
    assert FAN_TAN.opens(king_row, "KD") == []


def test_gap_names_the_cards_still_missing_before_a_card_fits():
    rows = rows_of(S=["6S", "7S", "8S"])
    assert FAN_TAN.gap(rows, "JS") == ["9S", "10S"]
    assert FAN_TAN.gap(rows, "3S") == ["5S", "4S"]
    assert FAN_TAN.gap(rows, "9S") == [] and FAN_TAN.gap(rows, "7S") == []
    assert FAN_TAN.gap(rows, "9H") == ["7H", "8H"], "a row not begun needs its 7 first"
    assert FAN_TAN.gap(rows, "5H") == ["7H", "6H"]


def test_row_text_shows_ranks_only_lowest_start_highest():
    rows = rows_of(S=["5S", "6S", "7S", "8S", "9S"], H=["7H"], D=["6D", "7D"])
    assert FAN_TAN.row_text(rows, "S") == "♠ 5 … 7 … 9"
    assert FAN_TAN.row_text(rows, "H") == "♥ 7"
    assert FAN_TAN.row_text(rows, "D") == "♦ 6 … 7"
    assert FAN_TAN.row_text(rows, "C") == "♣ –"


def test_rows_are_json_native():
    rows = Rows.new()
    FAN_TAN.place(rows, "7S")
    FAN_TAN.place(rows, "6S")
    assert json.loads(json.dumps(rows)) == rows


def test_a_start_rank_outside_the_order_is_refused():
    with pytest.raises(ValueError):
        Rows(0, ACES_LOW)


# --- runs (Newmarket) -------------------------------------------------------------------------

CHAIN = Chain(ACES_HIGH)


def test_a_run_starts_with_the_lowest_card_held_in_the_chosen_suit_aces_high():
    hand = ["AS", "4S", "9S", "2H", "KD"]
    assert CHAIN.lowest(hand, "S") == "4S", "the ace is high, so 4♠ is the lowest spade"
    assert CHAIN.lowest(hand, "C") is None
    assert CHAIN.leads(hand) == ["4S", "2H", "KD"]
    assert CHAIN.leads(hand, ("H", "C")) == ["2H"]


def test_the_next_card_is_the_next_higher_of_the_suit_and_nothing_follows_the_ace():
    assert CHAIN.next_card("9S") == "10S"
    assert CHAIN.next_card("10S") == "JS"
    assert CHAIN.next_card("KH") == "AH"
    assert CHAIN.next_card("AH") is None


def test_whoever_holds_the_next_card_plays_it_wherever_they_sit():
    hands = [["4S"], ["9D"], ["5S", "6S"]]
    assert CHAIN.follow(hands, "4S") == ("5S", 2)
    assert CHAIN.follow(hands, "5S") == ("6S", 2), "the same player may hold the next card too"


def test_a_run_stops_at_the_ace_or_when_the_next_card_is_in_no_hand():
    hands = [["4S"], ["9D"], ["AD"]]
    assert CHAIN.follow(hands, "AS") is None, "the ace ends the run"
    assert CHAIN.follow(hands, "6S") is None, "7♠ is dead (or played): stop"
    assert CHAIN.holder(hands, "9D") == 1 and CHAIN.holder(hands, "2C") is None


def test_opposite_colour_suits():
    assert opposite_suits("H") == ("S", "C") == opposite_suits("D")
    assert opposite_suits("S") == ("H", "D") == opposite_suits("C")


def test_after_a_stop_the_last_player_leads_their_lowest_card_of_an_opposite_colour_suit():
    hands = [["3H", "9D", "QD", "2S"], ["5C"], ["4H"]]
    assert CHAIN.restart(hands, 0, "S") == (0, ["3H", "9D"])


def test_holding_no_opposite_colour_the_turn_passes_left_to_the_first_who_holds_one():
    hands = [["2S", "5C"], ["8S"], ["6D", "4H"], ["3H"]]
    assert CHAIN.restart(hands, 0, "C") == (2, ["4H", "6D"]), "seat 1 holds no red card; seat 2 does"
    assert CHAIN.restart(hands, 3, "S") == (3, ["3H"])
    wrap = [["9H"], ["2S"], ["3C"]]
    assert CHAIN.restart(wrap, 2, "S") == (0, ["9H"]), "the search wraps round the table"
    assert CHAIN.restart(wrap, 1, "D") == (1, ["2S"])


def test_when_nobody_holds_the_opposite_colour_the_last_player_leads_any_suit():
    black_only = [["5S", "9C", "KS"], ["2S"], []]
    assert CHAIN.restart(black_only, 0, "S") == (0, ["5S", "9C"])
    red_only = [["5H", "9D"], ["2H"], []]
    assert CHAIN.restart(red_only, 0, "H") == (0, ["5H", "9D"])


def test_beyond_lists_the_cards_further_out_along_the_row():
    """Trex rows start from jacks, aces high: the cards behind a card wait for it."""
    trex = Rows(C.JACK, ACES_HIGH)
    assert trex.beyond("QS") == ("KS", "AS")
    assert trex.beyond("10H") == tuple(f"{r}H" for r in range(2, 10))
    assert len(trex.beyond("JD")) == 12
    assert Rows().beyond("8C") == ("9C", "10C", "JC", "QC", "KC")
