"""Mattis rules (shared/rules/mattis.md): each test names the rule, decision or clarification it checks."""

from __future__ import annotations

import pytest

from games.engine import IllegalMove, Move
from games.mattis import ACTION_CAP, COLLECT, GAME, SHED, MattisState


def collect(hands: list[list[str]], stock: list[str], leader: int = 0, **options) -> MattisState:
    """A phase 1 trick about to start: ``stock``'s last card is its top."""
    s = GAME.start(len(hands), options, seed=1)
    s.hands = [list(h) for h in hands]
    s.stock = list(stock)
    s.won = [[] for _ in hands]
    GAME._start_trick(s, leader)
    return s


def shed(hands: list[list[str]], trump: str = "S", turn: int = 0, blue: list[bool] | None = None,
         **options) -> MattisState:
    """Phase 2 with these hands (all secret), ``turn`` to lead a new trick."""
    s = GAME.start(len(hands), options, seed=1)
    p = len(hands)
    s.phase, s.trump, s.maker, s.trump_card = SHED, trump, turn, ["2" + trump]
    s.hands, s.known, s.stock, s.won = [list(h) for h in hands], [[] for _ in hands], [], [[] for _ in hands]
    s.out, s.held, s.blue, s.went_out = [False] * p, [bool(h) for h in hands], blue or [False] * p, []
    GAME._lead(s, turn)
    return s


def play(s: MattisState, *moves: str) -> None:
    for move in moves:
        GAME.apply(s, s.turn, move)


def held(s: MattisState, seat: int) -> list[str]:
    return sorted(GAME.held_cards(s, seat))


# --- phase 1 -------------------------------------------------------------------------------

def test_rules_text_the_highest_rank_takes_the_trick_whatever_the_suit():
    s = collect([["9H", "2C", "3C"], ["KS", "2D", "3D"], ["QH", "2H", "3H"]], ["4C", "5C", "6C", "7C"])
    play(s, "play 9H", "play KS", "play QH")
    assert sorted(s.won[1]) == ["9H", "KS", "QH"] and s.tricks_won == [0, 1, 0]
    assert s.turn == 1, "the winner leads the next trick"


def test_rules_text_tied_players_play_again_and_the_winner_takes_everything():
    s = collect([["KH", "2C", "3C"], ["KS", "4D", "3D"], ["QH", "2H", "3H"]], ["4C", "5C", "6C", "7C", "8C"])
    play(s, "play KH", "play KS", "play QH")
    assert s.contenders == [0, 1] and s.turn == 0, "only the tied seats play again, from the leader on"
    play(s, "play 2C", "play 4D")
    assert sorted(s.won[1]) == ["2C", "4D", "KH", "KS", "QH"]


def test_decision_1_and_clarification_1_the_winner_draws_first_taking_all_it_needs_trump_included():
    s = collect([["KH", "2C", "3C"], ["5S", "4D", "3D"], ["QH", "2H", "3H"]], ["9D", "10D", "JD"])
    play(s, "play KH", "play 5S", "play QH")
    # seat 0 won and draws first: it needs one card, seat 1 then needs one and takes 10D,
    # and seat 2 takes the last one, which is the trump card
    assert "JD" in s.hands[0] and "10D" in s.hands[1]
    assert s.trump_card == ["9D"] and s.maker == 2 and s.trump == "D"
    assert "9D" not in s.hands[2], "the trump card goes to the won pile, not the hand"


def test_clarification_1_a_player_needing_two_cards_takes_both_last_cards():
    s = collect([["KH"], ["5S", "4D", "3D"], ["QH", "2H", "3H"]], ["9D", "10D"])
    play(s, "play KH", "play 5S", "play QH")
    assert s.maker == 0 and s.trump_card == ["9D"], "the winner needed three and took both, trump included"
    assert s.hands[0] == ["10D"] and len(s.hands[1]) == 2


def test_clarification_2_after_a_tie_break_the_ultimate_winner_draws_first():
    s = collect([["KH", "2C", "3C"], ["KS", "4D", "3D"], ["QH", "2H", "3H"]], ["7S", "8S", "9S", "10S"])
    play(s, "play KH", "play KS", "play QH", "play 2C", "play 4D")
    assert "10S" in s.hands[1] and "9S" in s.hands[1], "seat 1 won and drew its two cards first"
    assert s.turn == 1


def test_decision_2_blind_play_needs_two_stock_cards():
    s = collect([["KH", "2C", "3C"], ["5S", "4D", "3D"], ["QH", "2H", "3H"]], ["9D", "10D"])
    assert Move("blind") in GAME.moves(s, 0)
    play(s, "blind")
    assert s.pot == ["10D"] and s.stock == ["9D"]
    assert Move("blind") not in GAME.moves(s, 1), "the last stock card is always drawn"
    with pytest.raises(IllegalMove):
        GAME.apply(s, 1, "blind")


def test_option_blind_play_off_forbids_blind_play():
    s = collect([["KH", "2C", "3C"], ["5S", "4D", "3D"], ["QH", "2H", "3H"]], ["9D", "10D", "JD"],
                blind_play=False)
    assert Move("blind") not in GAME.moves(s, 0)


def test_clarification_4_a_tied_player_without_cards_plays_blind_while_two_stock_cards_remain():
    s = collect([["KH", "2C"], ["KS"], ["QH", "2H", "3H"]], ["4C", "5C", "7C"])
    play(s, "play KH", "play KS", "play QH")
    # seat 1 has no card: after seat 0's re-play it plays the stock's top blind
    play(s, "play 2C")
    assert s.tricks_won == [0, 1, 0] and "7C" in held(s, 1), "the blind 7C beat the 2C"


def test_decision_3_and_clarification_3_a_tie_only_one_player_can_continue_is_won_at_once():
    s = collect([["KH", "2C"], ["KS"], ["QH", "2H", "3H"]], ["4C"])
    play(s, "play KH", "play KS", "play QH")
    assert s.tricks_won == [1, 0, 0], "seat 1 cannot play on (one stock card left): seat 0 wins at once"
    assert {"KH", "KS", "QH"} <= set(held(s, 0))


def test_decision_3_nobody_can_continue_the_tie_the_earliest_tied_player_wins():
    s = collect([["KH"], ["KS"], ["QH", "2H", "3H"]], ["4C"], leader=1)
    play(s, "play KS", "play QH", "play KH")
    assert s.tricks_won[1] == 1, "seat 1 played first of the tied seats"


def test_decision_4_and_clarification_5_phase_1_ends_after_drawing_when_someone_has_no_card():
    s = collect([["KH"], ["5S", "4D"], ["QH", "2H"]], [])
    s.trump_card, s.trump, s.maker = ["9D"], "D", 2
    play(s, "play KH", "play 5S", "play QH")
    assert s.phase == SHED
    assert held(s, 0) == ["5S", "KH", "QH"] and held(s, 1) == ["4D"] and held(s, 2) == ["2H", "9D"]


def test_clarification_5_phase_1_goes_on_while_drawing_refills_every_hand():
    s = collect([["KH"], ["5S", "4D", "3D"], ["QH", "2H", "3H"]], ["7D", "8D", "9D", "10D", "JD", "QD"])
    play(s, "play KH", "play 5S", "play QH")
    assert s.phase == COLLECT and len(s.hands[0]) == 3


def test_clarification_6_blamattis_keeps_its_hand_cards_for_phase_2():
    s = collect([["KH"], ["5S", "4D"], ["QH", "2H"]], [])
    s.trump_card, s.trump, s.maker = ["9D"], "D", 0
    play(s, "play KH", "play 5S", "play QH")
    assert s.blue == [False, True, True], "seats 1 and 2 won no trick"
    assert held(s, 1) == ["4D"], "a blåmattis starts phase 2 with its hand cards"
    assert held(s, 0) == ["5S", "9D", "KH", "QH"], "the trump card is its maker's"
    assert s.turn == 0, "the trump maker leads phase 2"


# --- phase 2 -------------------------------------------------------------------------------

def test_decision_5_a_play_beats_with_a_trump_or_a_higher_play_of_the_suit():
    s = shed([["5H", "6H"], ["7H", "8H", "2S", "4D"], ["AC"]])
    play(s, "play 5H 6H")
    legal = {str(m) for m in GAME.moves(s, 1)}
    assert legal == {"play 7H", "play 8H", "play 7H 8H", "play 2S"}, "no diamond, no pickup while able to beat"


def test_clarification_8_king_ace_is_a_run_and_ace_two_is_not():
    s = shed([["KH", "AH", "2H"], ["3C"], ["4C"]])
    legal = {str(m) for m in GAME.moves(s, 0)}
    assert "play KH AH" in legal and "play AH 2H" not in legal and "play 2H AH" not in legal


def test_decision_6_a_player_who_cannot_beat_picks_up_the_oldest_play_whole():
    s = shed([["5H", "6H", "9C"], ["8H", "3D"], ["2D", "3C"]])
    play(s, "play 5H 6H", "play 8H")
    assert [str(m) for m in GAME.moves(s, 2)] == ["pickup"]
    play(s, "pickup")
    assert held(s, 2) == ["2D", "3C", "5H", "6H"] and s.table == [["8H"]]


def test_decision_7_a_pickup_that_empties_the_table_lets_the_next_player_lead():
    s = shed([["5H", "9C"], ["3D", "4D"], ["2D", "3C"]])
    play(s, "play 5H", "pickup")
    assert s.table == [] and s.turn == 2


def test_decision_7_plays_are_counted_after_pickups():
    s = shed([["5H", "9H", "9C"], ["8H", "3D"], ["2D", "3C"]])
    play(s, "play 5H", "play 8H", "pickup")   # seat 2 takes 5H: one play left of three
    play(s, "play 9H")
    assert s.table == [["8H"], ["9H"]], "two plays: the trick of three goes on"


def test_decision_8_a_player_able_to_beat_must_play():
    s = shed([["5H", "9C"], ["8H", "3D"], ["2D", "3C"]])
    play(s, "play 5H")
    with pytest.raises(IllegalMove, match="must play"):
        GAME.apply(s, 1, "pickup")


def test_option_voluntary_pickup_lets_a_player_pick_up_instead_of_beating():
    s = shed([["5H", "9C"], ["8H", "3D"], ["2D", "3C"]], voluntary_pickup=True)
    play(s, "play 5H")
    assert Move("pickup") in GAME.moves(s, 1)


def test_decision_9_a_blamattis_without_cards_stays_in_and_picks_up():
    s = shed([["5H", "9C"], [], ["2D", "3C"]], blue=[False, True, False])
    play(s, "play 5H")
    assert s.turn == 1 and not s.out[1]
    assert [str(m) for m in GAME.moves(s, 1)] == ["pickup"]
    play(s, "pickup")
    assert held(s, 1) == ["5H"]


def test_clarification_7_a_leader_without_cards_passes_the_lead_left():
    s = shed([[], ["5H"], ["2D", "3C"]], turn=0, blue=[True, False, False])
    assert s.turn == 1


def test_clarification_9_the_trick_size_does_not_shrink_when_a_player_goes_out():
    s = shed([["5H", "9C"], ["8H"], ["9H", "2D", "10H"]])
    assert s.size == 3
    play(s, "play 5H", "play 8H")
    assert s.out[1] and s.size == 3, "seat 1 went out; the trick still needs three plays"
    play(s, "play 9H")
    assert s.table == [] and s.discard == ["5H", "8H", "9H"]
    assert s.turn == 2, "the last player leads the next trick"


def test_clarification_9_a_player_may_play_twice_to_one_trick():
    s = shed([["5H", "9H", "3C"], ["7H", "4C"], ["2D"]])
    play(s, "play 5H", "play 7H", "pickup")   # seat 2 cannot beat and takes the 5H
    play(s, "play 9H")
    assert s.table_seats == [1, 0] and s.size == 3, "seat 0 played twice to the trick, which goes on"


def test_decision_10_the_next_leader_out_passes_the_lead_left():
    s = shed([["5H", "9C"], ["8H"], ["2D", "3C"], ["9H", "4C"]])
    s.size = 2
    play(s, "play 5H", "play 8H")
    assert s.out[1] and s.table == [], "the trick of two plays is complete"
    assert s.turn == 2, "seat 1 is out: the next seat to its left leads"


def test_rules_text_the_last_player_with_cards_is_the_mattis():
    s = shed([["5H"], ["8H"], ["9D", "3C"]])
    play(s, "play 5H", "play 8H")
    assert s.over and s.scores == [0, 0, 1] and s.hat == [2]
    assert GAME.outcome(s).winners == [0, 1]


def test_clarification_10_after_400_actions_the_most_cards_is_the_mattis_and_ties_share():
    s = shed([["5H", "6H"], ["8H", "2C", "3C"], ["9D", "4C", "5C"]])
    s.actions = ACTION_CAP - 1
    play(s, "play 5H")
    assert s.over and s.scores == [0, 1, 1], "seats 1 and 2 hold three cards each and share the title"
    assert s.hat == [1, 2]


def test_clarification_11_option_games_plays_several_games_passing_the_deal_left():
    s = GAME.start(3, {"games": 2}, seed=4)
    dealer = s.dealer
    s2 = shed([["5H"], ["8H", "2C"], ["9D", "3C"]])
    s.__dict__.update({k: v for k, v in s2.__dict__.items() if k not in ("options", "dealer", "hand_no", "scores")})
    GAME._finish_game(s, [2])
    assert not s.over and s.hand_no == 2 and s.dealer == (dealer + 1) % 3 and s.phase == COLLECT
    assert s.hat == [2]
    GAME._finish_game(s, [1])
    assert s.over and s.scores == [0, 1, 1]
    assert GAME.outcome(s).winners == [0], "the player who was mattis the fewest times wins"


def test_clarification_12_the_table_message_shows_counts_trump_plays_needed_out_and_blamattis():
    s = shed([["5H", "9C"], ["8H"], ["9H", "2D", "10H"], []], blue=[False, False, False, True])
    play(s, "play 5H", "play 8H")
    view = GAME.view(s, None)
    facts = " ".join(view.facts)
    assert "2♠" in facts and "spades" in facts and "{p0}" in facts, "the trump card, its suit and its maker"
    assert "2 more plays" in facts, "the plays the trick still needs"
    assert "Out: {p1}" in facts
    assert "blåmattis" in view.seats[3].notes
    assert [v.cards for v in view.seats] == [1, 0, 3, 0]
    assert view.piles[0].cards == ["5H", "8H"]


def test_clarification_12_phase_1_shows_the_trump_card_and_its_maker():
    s = collect([["KH", "2C", "3C"], ["5S", "4D", "3D"], ["QH", "2H", "3H"]], ["9D", "10D", "JD"])
    play(s, "play KH", "play 5S", "play QH")
    facts = " ".join(GAME.view(s, 1).facts)
    assert "9♦" in facts and "{p2}" in facts


# --- input -----------------------------------------------------------------------------------

def test_phase_2_input_is_suit_then_first_card_then_last_card_each_with_at_most_25_answers():
    hand = [f"{r}{x}" for x in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10")]
    s = shed([hand, ["2C"], ["3C"]])
    prompt = GAME.prompt(s, 0)
    first = prompt.step()
    assert len(first.answers) == 4
    suit = first.answers[1][0]
    second = prompt.step([suit])
    assert len(second.answers) == 9 <= 25
    third = prompt.step([suit, second.answers[2][0]])
    assert [label for label, _ in third.answers][0].endswith("alone")
    assert len(third.answers) == 7 and str(third.answers[-1][1]) == "play 4H 5H 6H 7H 8H 9H 10H"
