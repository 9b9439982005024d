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


def test_highest_rank_regardless_of_suit_wins_and_equal_ranks_tie():
    """Mattis phase 1: the highest rank wins whatever the suit; equal top ranks are a tie."""
    assert T.top_rank_seats([(1, "9H"), (2, "KS"), (0, "QH")]) == [2]
    assert T.top_rank_seats([(1, "KH"), (2, "2S"), (0, "KD")]) == [1, 0]
    assert T.top_rank_seats([(0, "AC"), (1, "KC")]) == [0], "aces high"


def test_a_tie_is_replayed_by_the_tied_seats_who_can_still_play():
    assert T.tie_replay([1, 3], [True, True, True, True]) == ([1, 3], None)


def test_a_tie_only_one_seat_can_continue_is_won_by_it_at_once():
    assert T.tie_replay([1, 3], [True, False, True, True]) == ([], 3)


def test_a_tie_nobody_can_continue_goes_to_the_earliest_tied_seat():
    assert T.tie_replay([2, 0], [False, True, False]) == ([], 2)


# --- special trumps (Envite) and first to two tricks --------------------------------------

ENVITE_PLAIN = (2, 3, 4, 5, 6, 7, 1, 11, 12, 13)
ENVITE_TRUMPS = (3, 4, 5, 6, 7, 1, 11, 12, 13, 2)


def envite_ladder(trump: str, specials: tuple[str, ...] = ("JD", "QC", "3C")) -> T.TrumpLadder:
    return T.TrumpLadder(trump, ENVITE_PLAIN, ENVITE_TRUMPS, specials)


def test_a_special_trump_belongs_to_the_trump_suit_not_its_printed_suit():
    ladder = envite_ladder("H")
    assert ladder.suit_of("3C") == "H" and ladder.is_trump("QC") and not ladder.is_trump("4C")
    # clubs led: 3♣ is a trump, so a hand with only 3♣ among its clubs is void in clubs
    assert ladder.legal_follow(["3C", "KS", "2D"], "5C") == ["3C", "KS", "2D"]
    # a trump led: 3♣ must answer it
    assert ladder.legal_follow(["3C", "KS"], "4H") == ["3C"]


def test_special_trumps_rank_above_the_trump_suit_in_their_order():
    ladder = envite_ladder("S", ("JD", "QC", "3C", "5D"))
    assert ladder.winning_index(["2S", "JD"]) == 1       # the lowest special beats the trump 2
    assert ladder.winning_index(["JD", "QC", "5D", "3C"]) == 2
    assert ladder.winning_index(["KH", "2S"]) == 1       # a trump beats the led suit
    assert ladder.winning_index(["KH", "QH", "AH"]) == 0  # K-Q-J-A-7… off trump


def test_in_the_trump_suit_the_two_is_highest():
    assert envite_ladder("D", ()).winning_index(["KD", "2D", "AD"]) == 1


def test_first_to_two_tricks_ends_a_hand_at_once():
    assert T.first_to([1, 1]) is None
    assert T.first_to([2, 0]) == 0 and T.first_to([1, 2]) == 1


def test_calabrasella_order_puts_three_then_two_above_the_ace():
    """Calabrasella's order, 3 > 2 > A > K > Q > J > 7 > … > 4, decides tricks when passed as ``order``."""
    order = T.CALABRASELLA
    assert T.trick_winner([(0, "AH"), (1, "2H"), (2, "3H")], order=order) == 2
    assert T.trick_winner([(0, "KS"), (1, "AS"), (2, "4S")], order=order) == 1
    assert T.trick_winner([(0, "7C"), (1, "JC"), (2, "6C")], order=order) == 1
    assert T.trick_winner([(0, "4D"), (1, "3S"), (2, "5D")], order=order) == 2, "no trump: an off-suit 3 loses"


def test_the_calabrasella_order_ranks_every_card_of_the_40_card_deck():
    from games import cards as C
    deck = C.italian_deck()
    assert len(deck) == 40
    powers = {T.power(code, T.THREE_TWO_ACE) for code in deck}
    assert min(powers) == 0 and max(powers) == 9, "every rank of the 40-card deck has a place"
    best = max((c for c in deck if C.suit(c) == "H"), key=lambda c: T.power(c, T.THREE_TWO_ACE))
    assert best == "3H"


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
