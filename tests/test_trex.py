"""Trex rules (shared/rules/trex.md): the kingdom, the five contracts, doubling, early end,
the 2s redeal, and every Decision and Clarification by name."""

from __future__ import annotations

import random

from games import cards as C
from games.trex import CHOOSE, DOUBLE, EXPOSE, GAME, LAYOUT, ROWS, TRICKS, TrexState
from tests.playthrough import assert_refused

SPADES = [f"{r}S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]


def state(hands: list[list[str]], *, contract: str = "", phase: str = TRICKS, dealer: int = 0, owner: int = 0,
          **options) -> TrexState:
    """A hand with these hands, the contract chosen and play about to start (dealer leads)."""
    s = GAME.start(4, options, seed=1)
    s.hands = [sorted(h, key=C.sort_key) for h in hands]
    s.shown = [[] for _ in range(4)]
    s.dealer = s.turn = s.leader = dealer
    s.owner, s.contract, s.phase = owner, contract, phase
    if phase == LAYOUT:
        s.rows = ROWS.new()
    return s


def play(s: TrexState, *cards: str) -> None:
    for code in cards:
        GAME.apply(s, s.turn, f"play {code}")


def full_deal() -> list[list[str]]:
    """Each seat holds one suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return [[f"{r}{x}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] for x in "SHDC"]


# --- the deal and the kingdom

def test_the_seven_of_hearts_holder_owns_the_first_kingdom_and_chooses():
    for seed in range(5):
        s = GAME.start(4, {}, seed)
        assert all(len(GAME.held(s, i)) == 13 for i in range(4))
        assert "7H" in GAME.held(s, s.owner) and "7H" in GAME.view(s, (s.owner + 1) % 4).piles[-1].cards, \
            "the 7♥ is shown to the table"
        assert GAME.to_move(s) == {s.owner} and s.phase == CHOOSE
        assert len(GAME.moves(s, s.owner)) == 5


def test_the_contract_choice_is_at_most_five_buttons_of_the_contracts_still_open():
    s = GAME.start(4, {}, 3)
    s.used = ["girls", "trex"]
    labels = [c.path[0][1] for c in GAME.prompt(s, s.owner).choices]
    assert labels == ["Diamonds", "Eltoosh", "King of Hearts"]
    assert "open" in assert_refused(GAME, s, s.owner, "choose girls")


def test_decision_2_a_random_dealer_leads_hand_1_then_the_owner_deals_and_leads():
    dealers = set()
    for seed in range(12):
        s = GAME.start(4, {}, seed)
        dealers.add(s.dealer == s.owner)
        GAME.apply(s, s.owner, "choose diamonds")
        assert s.turn == s.dealer, "the dealer leads the first trick"
        rng = random.Random(seed)
        while s.hand_no == 1:
            GAME.apply(s, s.turn, rng.choice(GAME.moves(s, s.turn)))
        assert s.dealer == s.owner and s.turn == s.owner
    assert dealers == {True, False}, "hand 1's dealer is random, not always the owner"


def test_decision_2_option_the_owner_deals_hand_1():
    for seed in range(6):
        s = GAME.start(4, {"first_dealer": "owner"}, seed)
        assert s.dealer == s.owner


def _play_kingdom(s: TrexState, rng: random.Random) -> None:
    kingdom = s.kingdom
    while s.kingdom == kingdom and not s.over:
        GAME.apply(s, s.turn, GAME.heuristic_move(s, s.turn, GAME.moves(s, s.turn), rng))


def test_decision_3_the_kingdom_passes_right_after_its_five_contracts_and_the_match_is_20_hands():
    s = GAME.start(4, {"twos_redeal": False}, 7)
    rng = random.Random(1)
    owners = [s.owner]
    for _ in range(4):
        assert s.used == [] and s.kingdom == len(owners)
        _play_kingdom(s, rng)
        if not s.over:
            assert s.owner == (owners[-1] - 1) % 4, "to the owner's right"
            owners.append(s.owner)
    assert s.over and s.hand_no == 20 and sorted(owners) == [0, 1, 2, 3]


def test_decision_3_option_the_kingdom_passes_in_the_direction_of_play():
    s = GAME.start(4, {"rotation": "play", "kingdoms": 2}, 7)
    first = s.owner
    _play_kingdom(s, random.Random(2))
    assert s.owner == (first + 1) % 4 and s.hand_no == 6


def test_each_contract_is_played_once_per_kingdom():
    s = GAME.start(4, {"kingdoms": 1, "twos_redeal": False}, 4)
    rng = random.Random(3)
    chosen = []
    while not s.over:
        move = GAME.heuristic_move(s, s.turn, GAME.moves(s, s.turn), rng)
        if move.kind == "choose":
            chosen.append(move.args[0])
        GAME.apply(s, s.turn, move)
    assert sorted(chosen) == ["diamonds", "eltoosh", "girls", "king", "trex"] and s.hand_no == 5


# --- the trick contracts

def test_players_must_follow_suit_and_the_highest_of_the_suit_led_takes_the_trick():
    s = state([["5S", "2H"], ["9S", "AH"], ["3S", "4C"], ["KD", "QD"]], contract="eltoosh")
    play(s, "5S")
    assert [m.args[0] for m in GAME.moves(s, 1)] == ["9S"]
    play(s, "9S", "3S", "KD")
    assert s.last_winner == 1 and s.turn == 1 and s.points == [0, -15, 0, 0]


def test_diamonds_scores_plus_ten_a_diamond_by_default():
    """Decision 1: +10 per diamond as the rules text says."""
    s = state([["5D", "2H"], ["9D", "AH"], ["3S", "4C"], ["KC", "QH"]], contract="diamonds")
    play(s, "5D", "9D", "3S", "KC")
    assert s.scores == [0, 20, 0, 0]


def test_decision_1_option_diamonds_minus_ten():
    s = state([["5D", "2H"], ["9D", "AH"], ["3S", "4C"], ["KC", "QH"]], contract="diamonds", diamonds=-10)
    play(s, "5D", "9D", "3S", "KC")
    assert s.scores == [0, -20, 0, 0]


def test_girls_costs_25_a_queen_and_king_of_hearts_75():
    s = state([["5S", "2H"], ["QS", "AH"], ["3S", "4C"], ["QD", "QH"]], contract="girls")
    play(s, "5S", "QS", "3S", "QD")
    assert s.points == [0, -50, 0, 0]
    s = state([["5H", "2C"], ["KH", "AC"], ["3S", "4C"], ["QD", "QH"]], contract="king")
    s.hands[0] = ["5H"]
    play(s, "5H", "KH", "3S", "QH")
    assert s.scores == [0, -75, 0, 0]


def test_king_of_hearts_hearts_may_not_be_led_while_the_leader_holds_another_suit():
    s = state([["5H", "9H", "2C"], ["KH", "AC", "3D"], ["3S", "4C", "5D"], ["QD", "QH", "6D"]], contract="king")
    assert [m.args[0] for m in GAME.moves(s, 0)] == ["2C"]
    assert "Hearts may not be led" in assert_refused(GAME, s, 0, "play 5H")
    s.hands[0] = ["5H", "9H"]
    assert [m.args[0] for m in GAME.moves(s, 0)] == ["5H", "9H"], "nothing else: hearts may be led"


def test_eltoosh_costs_15_a_trick_and_always_plays_all_13_tricks():
    """Decision 4: Eltoosh is never ended early."""
    s = state(full_deal(), contract="eltoosh", owner=0)
    hand = s.hand_no
    for _ in range(12):
        for _ in range(4):
            play(s, s.hands[s.turn][0])
    assert s.hand_no == hand and s.points == [-180, 0, 0, 0]
    play(s, *(h[0] for h in s.hands))
    assert s.hand_no == hand + 1 and s.scores == [-195, 0, 0, 0]


# --- decision 4: early end

def test_decision_4_the_hand_stops_once_the_scoring_card_is_out_with_the_option_and_not_without():
    hands = [["KH", "2S"], ["AH", "3S"], ["4C", "5C"], ["6D", "7D"]]
    s = state(hands, contract="king")
    s.hands[0] = ["KH", "2H"]
    hand = s.hand_no
    play(s, "2H", "AH", "4C", "6D")       # seat 1 takes, no king yet
    assert s.hand_no == hand
    s = state([["KH", "2H"], ["AH", "3S"], ["4C", "5C"], ["6D", "7D"]], contract="king")
    play(s, "KH", "AH", "4C", "6D")
    assert s.hand_no == hand + 1 and s.scores == [0, -75, 0, 0], "the K♥ is taken: the hand ends"
    s = state([["KH", "2H"], ["AH", "3S"], ["4C", "5C"], ["6D", "7D"]], contract="king", early_end=False)
    play(s, "KH", "AH", "4C", "6D")
    assert s.hand_no == hand and s.points == [0, -75, 0, 0], "option off: play goes on"


def test_decision_4_girls_ends_once_all_four_queens_are_taken():
    s = state([["QS", "2H"], ["QH", "3H"], ["QD", "5C"], ["QC", "7D"]], contract="girls", doubling=False)
    hand = s.hand_no
    play(s, "QS", "QH", "QD", "QC")
    assert s.hand_no == hand + 1 and s.scores == [-100, 0, 0, 0]


# --- doubling: decisions 6 and 7, clarifications 2 and 3

def _doubling_state(contract: str) -> TrexState:
    s = state([["QS", "QH", "2C"], ["KH", "3S", "4S"], ["5S", "6S", "7S"], ["QD", "8S", "9S"]],
              contract="", phase=CHOOSE, dealer=1, owner=1)
    s.turn = 1
    GAME.apply(s, 1, f"choose {contract}")
    return s


def test_clarification_3_doubling_goes_one_player_at_a_time_from_the_dealer():
    s = _doubling_state("girls")
    assert s.phase == DOUBLE and GAME.to_move(s) == {1}
    order = []
    while s.phase == DOUBLE:
        order.append(s.turn)
        GAME.apply(s, s.turn, "continue")
    assert order == [1, 2, 3, 0] and s.phase == TRICKS and s.turn == 1


def test_decision_6_holders_see_double_buttons_and_everyone_else_continue_only():
    s = _doubling_state("girls")
    labels = [c.path[0][1] for c in GAME.prompt(s, 1).choices]
    assert labels == ["Continue"], "no queen: Continue only"
    GAME.apply(s, 1, "continue")
    GAME.apply(s, 2, "continue")
    assert [c.path[0][1] for c in GAME.prompt(s, 3).choices] == ["Double Q♦", "Continue"]
    GAME.apply(s, 3, "continue")
    assert [c.path[0][1] for c in GAME.prompt(s, 0).choices] == ["Double Q♠", "Double Q♥", "Continue"]


def test_decision_6_several_queens_may_be_doubled_and_each_shows_on_the_table_at_once():
    s = _doubling_state("girls")
    for seat in (1, 2):
        GAME.apply(s, seat, "continue")
    GAME.apply(s, 3, "double QD")
    assert "Doubled: Q♦ ({p3})" in GAME.view(s, 0).facts, "later players see earlier doubles"
    GAME.apply(s, 3, "continue")
    GAME.apply(s, 0, "double QS")
    GAME.apply(s, 0, "double QH")
    assert [m.kind for m in GAME.moves(s, 0)] == ["continue"]
    GAME.apply(s, 0, "continue")
    assert s.doubled == {"QD": 3, "QS": 0, "QH": 0}
    assert "QS" in GAME.view(s, 2).piles[-1].cards + GAME.view(s, 2).piles[-2].cards


def test_clarification_3_a_timeout_counts_as_no_double():
    s = _doubling_state("king")
    assert GAME.timeout_move(s, 1).kind == "continue"
    GAME.apply(s, 1, GAME.timeout_move(s, 1))
    assert s.doubled == {} and s.turn == 2


def test_no_doubling_round_with_the_option_off():
    s = state([["QS"], ["KH"], ["5S"], ["QD"]], contract="", phase=CHOOSE, owner=0, doubling=False)
    GAME.apply(s, 0, "choose girls")
    assert s.phase == TRICKS


def test_a_doubled_queen_costs_its_taker_50_and_pays_its_holder_25():
    s = state([["QS", "2H"], ["AS", "3H"], ["5S", "5C"], ["6S", "7D"]], contract="girls")
    s.doubled = {"QS": 0}
    s.hands[0].remove("QS")
    s.shown[0] = ["QS"]
    play(s, "QS", "AS", "5S", "6S")
    assert s.scores == [25, -50, 0, 0]


def test_decision_7_the_holder_taking_their_own_doubled_queen_pays_50_and_the_leader_gains_25():
    s = state([["2S", "2H"], ["QS", "3H"], ["5S", "5C"], ["6S", "7D"]], contract="girls")
    s.doubled = {"QS": 1}
    play(s, "2S", "QS", "5S", "6S")
    assert s.scores == [25, -50, 0, 0]


def test_decision_7_the_holder_leading_and_taking_their_own_doubled_queen_nets_minus_25():
    s = state([["QS", "2H"], ["2S", "3H"], ["5S", "5C"], ["6S", "7D"]], contract="girls")
    s.doubled = {"QS": 0}
    play(s, "QS", "2S", "5S", "6S")
    assert s.scores == [-25, 0, 0, 0]


def test_clarification_2_a_doubled_king_of_hearts_led_and_taken_by_its_holder_nets_minus_75():
    s = state([["KH"], ["2H"], ["5H"], ["6H"]], contract="king")
    s.doubled = {"KH": 0}
    play(s, "KH", "2H", "5H", "6H")
    assert s.scores == [-75, 0, 0, 0]


def test_a_doubled_king_of_hearts_costs_its_taker_150_and_pays_its_holder_75():
    s = state([["2H"], ["KH"], ["AH"], ["6H"]], contract="king")
    s.doubled = {"KH": 1}
    play(s, "2H", "KH", "AH", "6H")
    assert s.scores == [0, 75, -150, 0]


# --- clarification 1: forced discard of scoring cards

def test_clarification_1_off_by_default_a_void_player_may_keep_their_queen():
    s = state([["2S", "2H"], ["QD", "3C"], ["5S", "5C"], ["6S", "7D"]], contract="girls")
    play(s, "2S")
    assert sorted(m.args[0] for m in GAME.moves(s, 1)) == ["3C", "QD"]


def test_clarification_1_forced_scoring_discard_makes_a_void_player_play_a_scoring_card():
    for contract, hand, forced in (("girls", ["QD", "3C"], ["QD"]), ("king", ["KH", "3C"], ["KH"]),
                                   ("diamonds", ["QD", "4D", "3C"], ["4D", "QD"])):
        s = state([["2S", "2H"], hand, ["5S", "5C"], ["6S", "7D"]], contract=contract,
                  forced_scoring_discard="on")
        play(s, "2S")
        assert [m.args[0] for m in GAME.moves(s, 1)] == forced, contract
        assert "scores" in assert_refused(GAME, s, 1, "play 3C")


def test_clarification_1_has_no_effect_in_eltoosh():
    s = state([["2S", "2H"], ["QD", "3C"], ["5S", "5C"], ["6S", "7D"]], contract="eltoosh",
              forced_scoring_discard="on")
    play(s, "2S")
    assert sorted(m.args[0] for m in GAME.moves(s, 1)) == ["3C", "QD"]


def test_clarification_1_a_doubled_card_counts_alike():
    s = state([["2S", "2H"], ["3C"], ["5S", "5C"], ["6S", "7D"]], contract="girls", forced_scoring_discard="on")
    s.shown[1], s.doubled = ["QD"], {"QD": 1}
    play(s, "2S")
    assert [m.args[0] for m in GAME.moves(s, 1)] == ["QD"]


# --- the Trex contract: clarifications 4 and 5, decision 8

def _twos_hand() -> list[list[str]]:
    deck = [c for c in C.french_deck() if c not in ("2S", "2H", "2D", "3C")]
    return [["2S", "2H", "2D", "3C", *deck[:9]], deck[9:22], deck[22:35], deck[35:48]]


def test_clarification_4_only_a_hand_with_the_2s_may_ask_for_a_new_deal():
    s = state(_twos_hand(), phase=CHOOSE, dealer=2, owner=2)
    s.turn = 2
    GAME.apply(s, 2, "choose trex")
    assert s.phase == EXPOSE and s.turn == 2
    assert [m.kind for m in GAME.moves(s, 2)] == ["continue"]
    GAME.apply(s, 2, "continue")
    GAME.apply(s, 3, "continue")
    assert [m.kind for m in GAME.moves(s, 0)] == ["expose", "continue"]


def test_clarification_4_the_same_dealer_redeals_and_the_hand_uses_no_contract_and_no_hand():
    s = state(_twos_hand(), phase=CHOOSE, dealer=2, owner=3)
    s.turn, s.used, s.hand_no = 3, ["girls"], 2
    GAME.apply(s, 3, "choose trex")
    for seat in (2, 3):
        GAME.apply(s, seat, "continue")
    GAME.apply(s, 0, "expose")
    assert s.dealer == 2 and s.owner == 3 and s.hand_no == 2 and s.used == ["girls"]
    assert s.phase == CHOOSE and s.turn == 3 and "trex" in [m.args[0] for m in GAME.moves(s, 3)]
    assert sorted(c for h in s.hands for c in h) == sorted(C.french_deck())
    s.hands = _twos_hand()
    GAME.apply(s, 3, "choose trex")
    assert s.phase == EXPOSE, "an exposure is allowed again every time Trex is chosen"
    for seat in (2, 3):
        GAME.apply(s, seat, "continue")
    assert [m.kind for m in GAME.moves(s, 0)] == ["expose", "continue"]


def test_clarification_4_in_hand_1_the_kingdom_stays_even_if_the_seven_of_hearts_moves():
    for seed in range(30):
        s = GAME.start(4, {}, seed)
        owner = s.owner
        s.hands, s.shown = _twos_hand(), [[] for _ in range(4)]
        GAME.apply(s, owner, "choose trex")
        while s.phase == EXPOSE:
            GAME.apply(s, s.turn, "expose" if s.turn == 0 else "continue")
        if "7H" not in s.hands[owner]:
            assert s.owner == owner and s.hand_no == 1
            return
    raise AssertionError("no redeal moved the 7♥")


def test_trex_jacks_start_the_rows_which_build_up_to_the_ace_and_down_to_the_two():
    s = state(full_deal(), contract="trex", phase=LAYOUT)
    assert [m.args[0] for m in GAME.moves(s, 0)] == ["JS"]
    play(s, "JS")
    assert [m.args[0] for m in GAME.moves(s, 1)] == ["JH"]


def test_clarification_5_a_player_who_cannot_play_is_passed_automatically():
    hands = full_deal()
    hands[1].remove("JH")
    hands[0].append("JH")
    s = state(hands, contract="trex", phase=LAYOUT)
    events = GAME.apply(s, 0, "play JS")
    assert s.turn == 2 and any("{p1} cannot play and passes." == e.text for e in events)


def test_decision_8_places_score_200_150_100_50_and_the_layout_is_completed():
    s = state([["JS"], ["JH", "QH"], ["JD", "QD", "KD"], ["JC", "QC", "KC", "AC"]], contract="trex", phase=LAYOUT)
    s.rows = {x: [] for x in C.SUITS}
    hand = s.hand_no
    play(s, "JS")
    assert s.out == [0] and s.points[0] == 200
    play(s, "JH", "JD", "JC", "QH")
    assert s.out == [0, 1]
    play(s, "QD", "QC", "KD")
    assert s.hand_no == hand + 1 and s.scores == [200, 150, 100, 50]


def test_clarification_5_a_player_out_of_cards_is_skipped():
    s = state([["JS", "QS"], ["JH"], ["JD", "QD", "KD"], ["JC", "QC", "KC", "AC"]], contract="trex", phase=LAYOUT)
    play(s, "JS", "JH")
    assert s.out == [1] and s.turn == 2
    play(s, "JD", "JC", "QS")
    assert s.turn == 2, "seat 1 is out and skipped"


# --- decision 9 and the table message (clarification 6)

def test_decision_9_equal_totals_after_the_last_hand_share_the_win():
    s = state([["JS"], ["JH"], ["JD"], ["JC"]], contract="trex", phase=LAYOUT, kingdoms=1)
    s.used = ["diamonds", "eltoosh", "girls", "king"]
    s.scores = [0, 50, 90, 0]
    play(s, "JS", "JH", "JD")
    assert s.over
    outcome = GAME.outcome(s)
    assert outcome.winners == [0, 1] and "share the win with 200 points" in outcome.summary


def test_clarification_6_the_table_shows_contract_owner_open_contracts_doubles_and_taken_scoring_cards():
    s = state([["QS", "2H"], ["AS", "3H"], ["5S", "5C"], ["6S", "QD"]], contract="girls", owner=2)
    s.used = ["trex"]
    s.doubled, s.shown[0] = {"QS": 0}, ["QS"]
    s.hands[0].remove("QS")
    play(s, "QS", "AS", "5S", "6S")
    view = GAME.view(s, 3)
    facts = [str(f) for f in view.facts]
    assert "Contract: Girls" in facts and "Kingdom 1 of 4, owned by {p2}" in facts
    assert "Still open in this kingdom: Diamonds, Eltoosh and King of Hearts" in facts
    assert "Doubled: Q♠ ({p0})" in facts
    taken = next(p for p in view.piles if p.name == "Taken by {p1}")
    assert taken.cards == ["QS"] and taken.count == 4
    assert "1 trick" in view.seats[1].notes


def test_clarification_6_eltoosh_shows_trick_counts_not_cards_and_trex_its_rows():
    s = state([["2S", "2H"], ["AS", "3H"], ["5S", "5C"], ["6S", "7D"]], contract="eltoosh")
    play(s, "2S", "AS", "5S", "6S")
    view = GAME.view(s, 0)
    assert next(p for p in view.piles if p.name == "Taken by {p1}").cards == []
    s = state(full_deal(), contract="trex", phase=LAYOUT)
    play(s, "JS")
    s.rows["S"] = ["5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    facts = [str(f) for f in GAME.view(s, 0).facts]
    assert "Layout ♠ 5 … J … K" in facts and "Layout ♥ –" in facts
