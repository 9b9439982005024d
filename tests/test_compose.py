"""Composed moves in the engine (P7): a hand card played with table targets, built in two steps or typed.
The defaults give a game no such path; Scopa answers with its own rules."""

from __future__ import annotations

import pytest

from games import cards as C
from games.crazy_eights import GAME as CRAZY_EIGHTS
from games.engine import IllegalMove, Move
from games.scopa import GAME as SCOPA


def scopa(hand=("7D", "KS", "2S"), board=("3C", "4H", "5S", "JH")):
    s = SCOPA.start(2, seed=4)
    seat = s.turn
    rest = [c for c in C.italian_deck() if c not in hand and c not in board]
    s.hands[seat], s.board = list(hand), list(board)
    s.hands[1 - seat], s.stock = rest[:3], rest[3:]
    return s, seat


def test_a_game_without_the_api_has_no_composed_or_typed_moves():
    s = CRAZY_EIGHTS.start(2, seed=1)
    seat = s.turn
    card = s.hands[seat][0]
    assert CRAZY_EIGHTS.targets(s, seat, card) is None
    assert CRAZY_EIGHTS.compose(s, seat, card, []) == []
    assert CRAZY_EIGHTS.typed_example(s, seat) is None
    assert CRAZY_EIGHTS.why_not_composed(s, seat, card, [])


def test_default_parse_typed_reads_the_move_form_and_refuses_an_illegal_one():
    s = CRAZY_EIGHTS.start(2, seed=1)
    seat = s.turn
    legal = CRAZY_EIGHTS.moves(s, seat)[0]
    assert CRAZY_EIGHTS.parse_typed(s, seat, str(legal)) == legal
    with pytest.raises(IllegalMove):
        CRAZY_EIGHTS.parse_typed(s, seat, "fly away")


def test_scopa_targets_are_the_board_cards():
    s, seat = scopa()
    assert [t for t, _ in SCOPA.targets(s, seat, "7D")] == s.board


def test_scopa_compose_is_the_capture_of_exactly_the_selection_in_any_order():
    s, seat = scopa()
    assert SCOPA.compose(s, seat, "7D", ["4H", "3C"]) == [Move("play", ("7D",), (("take", "3C+4H"),))]
    assert SCOPA.preview(s, seat, SCOPA.compose(s, seat, "7D", ["3C", "4H"])[0]) == "7♦ takes 3♣ + 4♥"


def test_scopa_compose_lays_a_card_that_can_take_nothing_with_no_selection():
    s, seat = scopa()
    assert SCOPA.compose(s, seat, "2S", []) == [Move("play", ("2S",))]
    assert SCOPA.preview(s, seat, Move("play", ("2S",))) == "2♠ goes on the board"


def test_scopa_a_card_that_can_capture_must_capture():
    s, seat = scopa()
    assert SCOPA.compose(s, seat, "7D", []) == []
    assert "can capture, so it may not just go on the board" in SCOPA.why_not_composed(s, seat, "7D", [])


def test_scopa_a_capture_must_add_up_to_the_card():
    s, seat = scopa()
    assert SCOPA.compose(s, seat, "7D", ["3C", "5S"]) == []
    assert "adds up to 8, not 7" in SCOPA.why_not_composed(s, seat, "7D", ["3C", "5S"])


def test_scopa_pairing_comes_before_adding():
    s, seat = scopa(hand=("7D", "KS", "2S"), board=("3C", "4H", "7C", "JH"))
    assert SCOPA.compose(s, seat, "7D", ["3C", "4H"]) == []
    assert "pairing comes before adding" in SCOPA.why_not_composed(s, seat, "7D", ["3C", "4H"])
    assert SCOPA.compose(s, seat, "7D", ["7C"])


def test_scopa_a_card_with_no_capture_takes_nothing():
    s, seat = scopa()
    assert "cannot capture anything" in SCOPA.why_not_composed(s, seat, "2S", ["3C"])


def test_scopa_typed_moves_read_the_short_grammar():
    s, seat = scopa()
    capture = Move("play", ("7D",), (("take", "3C+4H"),))
    assert SCOPA.parse_typed(s, seat, "7D take 3C+4H") == capture
    assert SCOPA.parse_typed(s, seat, " 7d TAKE 4h + 3c ") == capture
    assert SCOPA.parse_typed(s, seat, "play 7D take=3C+4H") == capture, "the log's move form is read too"
    assert SCOPA.parse_typed(s, seat, "2S") == Move("play", ("2S",))
    assert SCOPA.typed_example(s, seat).endswith("7D take 3C+4H"), "the example is one of the seat's own moves"


@pytest.mark.parametrize("text, why", [
    ("", "Type a card"),
    ("7D grab 3C", "Type a card"),
    ("9Z", "is not a card"),
    ("7D take 3C+XX", "is not a card"),
    ("QC", "do not hold"),
    ("7D", "can capture"),
    ("7D take 3C+5S", "adds up to 8, not 7"),
    ("7D take 3C+3C", "only once"),
    ("7D take 3C+4D", "not on the board"),
    ("2S take 3C", "cannot capture anything"),
])
def test_scopa_a_bad_typed_move_says_why(text, why):
    s, seat = scopa()
    with pytest.raises(IllegalMove) as refused:
        SCOPA.parse_typed(s, seat, text)
    assert why in str(refused.value)
