"""The shared trick-taking helpers: following suit and winning tricks."""

from games.common import tricks as T


def test_must_follow_the_led_suit_when_holding_it():
    assert T.legal_follow(["2S", "KH", "9H", "AC"], "H") == ["KH", "9H"]


def test_a_player_void_in_the_led_suit_may_play_anything():
    hand = ["2S", "KD", "AC"]
    assert T.legal_follow(hand, "H") == hand


def test_the_leader_may_play_anything():
    hand = ["2S", "KH"]
    assert T.legal_follow(hand, None) == hand
    assert T.legal_follow(hand, T.led_suit([])) == hand


def test_legal_follow_returns_a_new_list():
    hand = ["2S"]
    assert T.legal_follow(hand, "H") is not hand


def test_led_suit_is_the_first_card_s_suit():
    assert T.led_suit(["10D", "AS"]) == "D"
    assert T.led_suit([]) is None


def test_highest_card_of_the_led_suit_wins_without_trump():
    trick = [(0, "9H"), (1, "KH"), (2, "AS"), (3, "2H")]
    assert T.trick_winner(trick) == 1, "an off-suit ace does not win when there is no trump"


def test_aces_are_high_by_default():
    assert T.trick_winner([(2, "KC"), (3, "AC"), (0, "QC")]) == 3


def test_a_trump_beats_the_led_suit():
    trick = [(0, "AH"), (1, "2S"), (2, "KH")]
    assert T.trick_winner(trick, "S") == 1


def test_the_highest_trump_wins_when_several_are_played():
    trick = [(0, "AH"), (1, "2S"), (2, "10S"), (3, "5S")]
    assert T.trick_winner(trick, "S") == 2


def test_a_trump_led_is_just_the_led_suit():
    assert T.trick_winner([(1, "3D"), (2, "QD"), (0, "AS")], "D") == 2


def test_no_trump_given_as_empty_string_or_none():
    trick = [(0, "5C"), (1, "AD")]
    assert T.trick_winner(trick, "") == 0
    assert T.trick_winner(trick, None) == 0


def test_a_custom_rank_order_decides_within_a_suit():
    calabrasella = (4, 5, 6, 7, 11, 12, 13, 1, 2, 3)
    assert T.trick_winner([(0, "KS"), (1, "3S"), (2, "AS")], None, calabrasella) == 1
    assert T.trick_winner([(0, "KS"), (1, "AS")], None, T.ACES_LOW) == 0


def test_winning_index_of_a_partial_trick():
    assert T.winning_index(["7H"]) == 0
    assert T.winning_index(["7H", "9H", "AD"], "D") == 2
    assert T.winning_index(["7H", "9H", "AD"]) == 1


def test_beats_needs_a_higher_card_of_the_same_suit_or_a_trump():
    assert T.beats("QH", "JH", None)
    assert not T.beats("10H", "JH", None)
    assert not T.beats("AS", "2H", None)
    assert T.beats("2S", "AH", "S")
    assert not T.beats("AH", "2S", "S")


def test_the_winner_leads_next():
    assert T.next_leader([(3, "4C"), (0, "8C"), (1, "6C")], "H") == 0


def test_pairs_and_seat_to_play_count_from_the_leader():
    assert T.pairs(2, ["4C", "8C", "6C"], 4) == [(2, "4C"), (3, "8C"), (0, "6C")]
    assert T.pairs(1, ["4C", "8C"], 3, direction=-1) == [(1, "4C"), (0, "8C")]
    assert T.seat_to_play(3, 2, 4) == 1
    assert T.seat_to_play(0, 1, 4, direction=-1) == 3


def test_power_orders_ranks():
    assert T.power("AS") > T.power("KS") > T.power("2S")
    assert T.power("AS", T.ACES_LOW) < T.power("2S", T.ACES_LOW)


# --- lead restrictions, forced discards, early end (Trex) ---

def test_a_barred_suit_may_not_be_led_while_the_hand_holds_another():
    """King of Hearts: hearts may not be led unless the hand holds nothing else."""
    assert T.legal_lead(["KH", "2S", "9H"], "H") == ["2S"]
    assert T.legal_play(["KH", "2S", "9H"], [], barred_lead="H") == ["2S"]


def test_a_hand_of_only_the_barred_suit_may_lead_it():
    assert T.legal_lead(["KH", "9H"], "H") == ["KH", "9H"]


def test_a_barred_lead_suit_may_still_be_followed_and_discarded():
    assert T.legal_play(["KH", "2S"], ["5H"], barred_lead="H") == ["KH"]
    assert T.legal_play(["KH", "2S"], ["5D"], barred_lead="H") == ["KH", "2S"]


def test_a_void_follower_must_shed_a_scoring_card_when_the_rule_says_so():
    def queen(code: str) -> bool:
        return code.startswith("Q")
    assert T.legal_play(["QS", "2S", "4C"], ["5H"], must_shed=queen) == ["QS"]
    assert T.legal_play(["QS", "2S", "4H"], ["5H"], must_shed=queen) == ["4H"], "following suit comes first"
    assert T.legal_play(["2S", "4C"], ["5H"], must_shed=queen) == ["2S", "4C"], "nothing to shed: anything"
    assert T.legal_play(["QS", "2S"], ["5H"]) == ["QS", "2S"], "without the rule: anything"


def test_scoring_cards_out_says_whether_any_scoring_card_is_still_held():
    """Early end: a hand stops once no scoring card is left in any hand."""
    def king(code: str) -> bool:
        return code == "KH"
    assert T.scoring_cards_out([["2S"], ["KH", "3C"]], king)
    assert not T.scoring_cards_out([["2S"], ["3C"], []], king)
