"""Card codes (games/cards.py): parsing, formatting, pretty text, decks and sorting."""

import pytest

from games import cards as C
from games.cards import BadCard, Card

ALL = C.french_deck(jokers=2, decks=2) + C.italian_deck()


# --- codes both ways --------------------------------------------------------------------

@pytest.mark.parametrize("code", ALL)
def test_every_code_parses_and_formats_back_to_itself(code):
    c = C.card(code)
    assert c.code == code and str(c) == code
    assert C.card(c.code) == c
    assert C.make(c.rank, c.suit, c.copy) == code
    assert C.rank(code) == c.rank and C.suit(code) == c.suit and C.is_card(code)


def test_codes_are_rank_then_suit_with_a_copy_suffix_only_from_the_second_deck():
    assert C.card("8S") == Card(8, "S")
    assert C.card("10D") == Card(10, "D")
    assert C.card("QH") == Card(C.QUEEN, "H") and C.card("AC") == Card(C.ACE, "C")
    assert C.card("KS.1") == Card(C.KING, "S", 1) and Card(C.KING, "S", 1).code == "KS.1"
    assert C.card("JKR") == Card(0, "R") and C.card("JKB.1") == Card(0, "B", 1)
    assert C.card("JKR").is_joker and not C.card("JS").is_joker
    assert C.is_joker("JKB") and not C.is_joker("JC")
    assert C.card("JC").rank == C.JACK


def test_parsing_ignores_case_and_surrounding_spaces():
    assert C.card("8s") == C.card("8S")
    assert C.card("qh") == C.card("QH") and C.card("10d") == C.card("10D")
    assert C.card("jkr") == Card(0, "R") and C.card("jkb.1") == Card(0, "B", 1)
    assert C.card(" 5c ") == Card(5, "C")
    assert C.card("ks.1").code == "KS.1"


# --- pretty text ------------------------------------------------------------------------

def test_pretty_text_uses_suit_symbols():
    assert C.text("8S") == "8♠" and C.text("10D") == "10♦"
    assert C.text("QH") == "Q♥" and C.text("AC") == "A♣"
    assert C.texts(["8S", "10D"]) == "8♠ 10♦" and C.texts(["8S", "10D"], ", ") == "8♠, 10♦"


def test_copies_share_their_pretty_text():
    assert C.text("8S.1") == C.text("8S") == "8♠"


def test_the_two_jokers_have_different_pretty_texts():
    red, black = C.text("JKR"), C.text("JKB")
    assert red != black
    assert "Red" in red and "Black" in black
    assert C.card("JKR").red and not C.card("JKB").red
    assert C.card("5H").red and C.card("5D").red and not C.card("5S").red and not C.card("5C").red


# --- bad codes --------------------------------------------------------------------------

@pytest.mark.parametrize("code", [
    "", "   ", "8", "S", "1S", "11S", "8X", "ZZ", "JK", "JKX", "8S.", "8S.x", "8S.-1", "8S.1.2",
    "8S.²", "10", "♠8", "8♠",
])
def test_bad_codes_raise_bad_card_with_a_readable_message(code):
    with pytest.raises(BadCard) as err:
        C.card(code)
    message = str(err.value)
    assert repr(code) in message and "is not a card" in message
    assert not C.is_card(code)


def test_bad_card_message_suggests_good_codes():
    with pytest.raises(BadCard, match="8S, 10D, QH, AC or JKR"):
        C.card("XX")
    with pytest.raises(BadCard, match="copy number"):
        C.card("8S.one")


def test_bad_card_is_a_value_error():
    assert issubclass(BadCard, ValueError)


# --- decks ------------------------------------------------------------------------------

def test_deck_sizes():
    assert len(C.french_deck()) == 52
    assert len(C.french_deck(jokers=2)) == 54
    assert len(C.french_deck(jokers=1)) == 53
    assert len(C.french_deck(jokers=2, decks=2)) == 108
    assert len(C.italian_deck()) == 40


def test_every_card_of_two_decks_is_distinct_and_the_second_deck_carries_copy_1():
    two = C.french_deck(jokers=2, decks=2)
    assert len(set(two)) == 108
    assert sum(C.card(c).copy == 1 for c in two) == 54
    assert sorted(c for c in two if C.card(c).copy == 0) == sorted(C.french_deck(jokers=2))
    assert {C.card(c).rank for c in two} == set(range(14))


def test_one_deck_has_each_rank_of_each_suit_once():
    deck = C.french_deck()
    assert len(set(deck)) == 52
    assert {(C.rank(c), C.suit(c)) for c in deck} == {(r, s) for r in range(1, 14) for s in C.SUITS}


def test_jokers_per_deck_alternate_red_then_black():
    assert C.french_deck(jokers=1)[-1] == "JKR"
    assert C.french_deck(jokers=2)[-2:] == ["JKR", "JKB"]


def test_a_deck_cannot_hold_more_than_two_jokers():
    with pytest.raises(ValueError):
        C.french_deck(jokers=3)


def test_the_italian_deck_has_no_8_9_or_10_and_no_jokers():
    deck = C.italian_deck()
    assert len(set(deck)) == 40
    assert not {C.rank(c) for c in deck} & {0, 8, 9, 10}
    for suit in C.SUITS:
        assert sorted(C.rank(c) for c in deck if C.suit(c) == suit) == [1, 2, 3, 4, 5, 6, 7, 11, 12, 13]


# --- sorting ----------------------------------------------------------------------------

def test_sorted_hand_orders_by_suit_then_rank_with_aces_low_and_jokers_last():
    hand = ["JKB", "KC", "2H", "AS", "10S", "JKR", "AH", "8D", "3C", "QS"]
    out = C.sorted_hand(hand)
    assert out[:8] == ["AS", "10S", "QS", "AH", "2H", "8D", "3C", "KC"]
    assert sorted(out[8:]) == ["JKB", "JKR"]


def test_sorted_hand_keeps_copies_next_to_each_other_first_deck_first():
    assert C.sorted_hand(["5S.1", "6S", "5S"]) == ["5S", "5S.1", "6S"]


def test_sorted_hand_returns_a_new_list():
    hand = ["KC", "AS"]
    out = C.sorted_hand(hand)
    assert out == ["AS", "KC"] and hand == ["KC", "AS"]
