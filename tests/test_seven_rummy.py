"""Seven Rummy: the rules in shared/rules/seven_rummy.md, every Decision and Clarification by name."""

import random
from collections import Counter

import pytest

from games import cards as C
from games.engine import BadOption, Move
from games.localize import render
from games.seven_rummy import GAME, claim_groups
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck())
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def table(hands, *, discard=("KS",), discarder=None, turn=0, phase="draw", drew=True, melds=(), stock=None,
          options=None, scores=None, dealer=None):
    """A state with the given hands, discard pile (top last, discarded by the seat before ``turn``
    unless ``discarder`` says) and melds ((owner, kind, cards)); every other card in the stock."""
    players = len(hands)
    opts = {"pon_window": 6, **(options or {})}
    s = GAME.start(players, opts, 5)
    laid = [{"kind": kind, "cards": list(cards), "owner": owner} for owner, kind, cards in melds]
    held = {c for h in hands for c in h} | set(discard) | {c for m in laid for c in m["cards"]}
    rest = [c for c in C.french_deck() if c not in held]
    s.hands = [sorted(h, key=C.sort_key) for h in hands]
    s.discard = list(discard)
    s.discarder = (turn - 1) % players if discarder is None else discarder
    s.melds = laid
    if stock is None:
        s.stock = rest
    else:   # the cards named nowhere lie under the top discard
        s.stock = list(stock)
        s.discard = [c for c in rest if c not in stock] + s.discard
    s.turn, s.phase, s.window = turn, phase, {}
    s.drew = [drew] * players if isinstance(drew, bool) else list(drew)
    s.shown = [False] * players
    s.this_turn = False
    s.dealer = (turn - 1) % players if dealer is None else dealer
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def en(text) -> str:
    return render(text, "en", NAMES)


def kinds_of(s, seat=None):
    return {m.kind for m in GAME.moves(s, s.turn if seat is None else seat)}


def play(s, seat, move):
    return GAME.apply(s, seat, Move.parse(move) if isinstance(move, str) else move)


def close_window(s, answers=None):
    """Every seat still to answer the pon window passes, unless ``answers`` says otherwise."""
    answers = answers or {}
    for seat in sorted(s.window["seats"], key=lambda x: answers.get(x) is None):
        if str(seat) not in s.window["answers"]:
            play(s, seat, answers.get(seat, "pass"))


# --- the deal and the turn

def test_deal_seven_each_an_upcard_and_the_dealers_left_starts() -> None:
    for players in (2, 5):
        s = GAME.start(players, {}, 3)
        assert [len(h) for h in s.hands] == [7] * players
        assert len(s.discard) == 1 and s.discarder == -1
        assert len(s.stock) == 52 - 7 * players - 1
        assert s.turn == (s.dealer + 1) % players and s.phase == "draw"


def test_a_turn_is_draw_then_meld_lay_off_and_discard() -> None:
    s = table([["5S", "5H", "5D", "9C", "KD", "2H", "3S"], ["4C", "6D", "8S", "10H", "JS", "QD", "KC"]],
              stock=["AH", "2C"])
    assert kinds_of(s) == {"draw"}    # the KS discard makes nothing
    play(s, 0, "draw")
    assert "2C" in s.hands[0] and s.phase == "play"
    assert {"meld", "discard"} <= kinds_of(s)
    play(s, 0, "meld 5S 5H 5D")
    assert s.melds[-1] == {"kind": "set", "cards": ["5S", "5H", "5D"], "owner": 0}
    play(s, 0, "discard KD")
    assert s.window and s.window["seats"] == [1]     # the pon window, for the others


def test_the_stock_draw_condition_no_take_before_a_first_stock_draw() -> None:
    """Taking the discard (on one's turn or by pon) needs an earlier stock draw in this hand."""
    s = table([["KH", "KD", "2C", "3C", "9S", "10D", "JH"], ["4D", "5D", "6C", "8H", "9H", "QC", "AS"]],
              drew=False)
    assert kinds_of(s) == {"draw"}
    assert "stock" in str(assert_refused(GAME, s, 0, Move("take", ("KD", "KH"))))
    s.drew[0] = True
    assert Move("take", ("KH", "KD")) in GAME.moves(s, 0)


# --- Decisions

def test_decision_1_a_lone_seven_is_declared_set_or_sequence_and_grows_that_way() -> None:
    s = table([["7H", "6H", "8H", "7S", "KC", "2D", "3D"], ["4C", "5C", "9C", "10C", "JC", "QC", "AD"]],
              phase="play")
    melds = [m for m in GAME.moves(s, 0) if m.kind == "meld" and m.args == ("7H",)]
    assert {m.param("as") for m in melds} == {"set", "seq"}
    play(s, 0, "meld 7H as=seq")
    assert s.melds[0]["kind"] == "seq"
    offs = {m.args for m in GAME.moves(s, 0) if m.kind == "layoff"}
    assert ("6H",) in offs and ("8H",) in offs and ("7S",) not in offs
    s2 = table([["7H", "6H", "8H", "7S", "KC", "2D", "3D"], ["4C", "5C", "9C", "10C", "JC", "QC", "AD"]],
               phase="play")
    play(s2, 0, "meld 7H as=set")
    offs = {m.args for m in GAME.moves(s2, 0) if m.kind == "layoff"}
    assert ("7S",) in offs and ("6H",) not in offs


def test_decision_2_a_discarded_seven_and_one_seven_in_hand_make_a_pon_claim() -> None:
    assert claim_groups(["7S", "KC", "2D"], "7H") == [("7S",)]
    s = table([["7H", "2C", "3C", "9S", "10D", "JH", "QS"], ["7S", "KC", "2D", "4H", "5H", "8C", "9D"]],
              phase="play")
    play(s, 0, "discard 7H")
    assert Move("pon", ("7S",)) in GAME.moves(s, 1)
    play(s, 1, "pon 7S")
    assert s.melds[-1]["cards"] == ["7S", "7H"] and s.melds[-1]["kind"] == "set"
    assert s.turn == 1 and s.phase == "play"


def test_decision_3_several_claims_the_nearest_after_the_discarder_wins() -> None:
    s = table([["7H", "2C", "3C", "9S", "10D", "JH", "QS"], ["2S", "KC", "2D", "4H", "5H", "8C", "9D"],
               ["7S", "KH", "3D", "4D", "5S", "8D", "9H"], ["7D", "JD", "3H", "4S", "5D", "8H", "9C"]],
              phase="play")
    play(s, 0, "discard 7H")
    close_window(s, {3: "pon 7D", 2: "pon 7S"})
    assert s.turn == 2 and s.melds[-1]["owner"] == 2
    assert "7D" in s.hands[3]


def test_decision_4_and_clarification_8_an_empty_stock_is_refilled_from_the_discards_but_the_top() -> None:
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "KD"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              stock=[])
    top = s.discard[-1]
    under = len(s.discard) - 1
    events = play(s, 0, "draw")
    assert s.discard == [top] and len(s.stock) == under - 1
    assert any("shuffled" in en(e.text) for e in events)


def test_clarification_8_nothing_to_shuffle_ends_the_hand_without_a_winner() -> None:
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "KD"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              stock=[], options={"target": 0, "match_hands": 3})
    s.stock, s.discard = [], [c for c in DECK if c not in s.hands[0] + s.hands[1]]
    s.melds = [{"kind": "set", "cards": s.discard[:-1], "owner": 1}]    # not a real meld: just out of the way
    s.discard = s.discard[-1:]
    hand = s.hand_no
    play(s, 0, "draw")
    assert s.hand_no == hand + 1 and s.scores == [0, 0]


def test_a_fourth_empty_stock_ends_the_hand_without_a_winner_so_a_locked_hand_ends() -> None:
    """[rec] beyond Clarification 8: the stock is turned over at most three times a hand."""
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "KD"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              stock=[])
    s.reshuffles = 2
    play(s, 0, "draw")
    assert s.reshuffles == 3 and s.hand_no == 1
    s.stock, s.discard = [], s.stock + s.discard       # run it out again
    hand = s.hand_no
    s.phase, s.turn = "draw", 1
    events = play(s, 1, "draw")
    assert s.hand_no == hand + 1 and s.scores == [0, 0]
    assert any("3 reshuffles" in en(e.text) for e in events)


def test_option_stock_out_void_ends_the_hand_as_soon_as_the_stock_is_empty() -> None:
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "KD"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              stock=[], options={"stock_out": "void"})
    hand, dealer = s.hand_no, s.dealer
    events = play(s, 0, "draw")
    assert s.hand_no == hand + 1 and s.scores == [0, 0] and s.dealer == (dealer + 1) % 2
    assert any("without a winner" in en(e.text) for e in events)


def test_decision_5_and_clarification_7_a_pon_in_the_going_out_turn_keeps_the_double() -> None:
    s = table([["9H", "2C", "3C", "4C", "10D", "JH", "QS"], ["9S", "9D", "5D", "6D", "7D", "8D", "8C"]],
              phase="play", options={"target": 1000})
    play(s, 0, "discard 9H")
    play(s, 1, "pon 9S 9D")
    play(s, 1, "meld 5D 6D 7D 8D")
    events = play(s, 1, "discard 8C")
    loser = 2 + 3 + 4 + 10 + 10 + 10          # seat 0 holds 2C 3C 4C 10D JH QS
    assert s.scores[1] == 2 * loser
    assert any("double" in en(e.text) for e in events)


def test_clarification_7_a_meld_in_an_earlier_turn_loses_the_double() -> None:
    s = table([["9H", "2C", "3C", "4C", "10D", "JH", "QS"], ["9S", "9D", "5D", "6D", "7D", "8D", "8C"]],
              phase="play", options={"target": 1000})
    s.shown[1] = True
    play(s, 0, "discard 9H")
    play(s, 1, "pon 9S 9D")
    play(s, 1, "meld 5D 6D 7D 8D")
    play(s, 1, "discard 8C")
    assert s.scores[1] == 2 + 3 + 4 + 10 + 10 + 10


def test_clarification_7_lay_offs_count_as_showing_cards_and_option_double_off() -> None:
    s = table([["2C", "3C", "4C", "10D", "JH", "QS", "5H"], ["9S", "AD", "AS", "8C", "KD", "KH", "JS"]],
              turn=1, phase="play", melds=[(0, "set", ["9H", "9D", "9C"])], options={"target": 1000})
    play(s, 1, "layoff 9S to=0")
    play(s, 1, "discard AD")
    assert s.shown[1]
    s2 = table([["9H", "2C", "3C", "4C", "10D", "JH", "QS"], ["9S", "9D", "5D", "6D", "7D", "8D", "8C"]],
               phase="play", options={"target": 1000, "double": False})
    play(s2, 0, "discard 9H")
    play(s2, 1, "pon 9S 9D")
    play(s2, 1, "meld 5D 6D 7D 8D")
    play(s2, 1, "discard 8C")
    assert s2.scores[1] == 2 + 3 + 4 + 10 + 10 + 10


def test_decision_6_lay_off_onto_anyones_melds_before_melding_oneself() -> None:
    s = table([["8D", "2C", "3C", "4S", "10D", "JH", "QS"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              phase="play", melds=[(1, "seq", ["5D", "6D", "7D"])])
    assert Move("layoff", ("8D",), (("to", "0"),)) in GAME.moves(s, 0)
    play(s, 0, "layoff 8D to=0")
    assert s.melds[0]["cards"] == ["5D", "6D", "7D", "8D"] and s.melds[0]["owner"] == 1


def test_decision_7_the_first_player_cannot_take_the_opening_upcard() -> None:
    s = GAME.start(3, {}, 11)
    assert GAME.moves(s, s.turn) == [Move("draw")]


def test_decision_8_and_clarification_1_the_match_ends_at_the_target_or_after_match_hands() -> None:
    s = table([["9H", "2C", "3C", "4C", "10D", "JH", "QS"], ["9S", "9D", "5D", "6D", "7D", "8D", "8C"]],
              phase="play", options={"target": 50})
    play(s, 0, "discard 9H")
    play(s, 1, "pon 9S 9D")
    play(s, 1, "meld 5D 6D 7D 8D")
    play(s, 1, "discard 8C")
    assert s.over and GAME.outcome(s).winners == [1]
    with pytest.raises(BadOption):
        GAME.start(2, {"target": 0, "match_hands": 0}, 1)
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "KD"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              stock=[], options={"stock_out": "void", "target": 0, "match_hands": 1}, scores=[5, 0])
    play(s, 0, "draw")
    assert s.over and GAME.outcome(s).winners == [0]


def test_clarification_2_a_tie_for_the_highest_total_plays_another_hand() -> None:
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "KD"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              stock=[], options={"stock_out": "void", "target": 0, "match_hands": 1}, scores=[5, 5])
    play(s, 0, "draw")
    assert not s.over and s.hand_no == 2


def test_clarification_3_with_no_window_the_player_to_move_takes_a_set() -> None:
    s = table([["KD", "2C", "3C", "9S", "10D", "JH", "QS"], ["KH", "KC", "4H", "5H", "8C", "9D", "AS"]],
              phase="play", options={"pon_window": 0})
    play(s, 0, "discard KD")
    assert not s.window and s.turn == 1
    assert Move("take", ("KH", "KC")) in GAME.moves(s, 1)
    play(s, 1, "take KH KC")
    assert s.melds[-1]["cards"] == ["KH", "KD", "KC"] and s.phase == "play"


def test_clarification_3_a_sequence_only_from_the_previous_players_discard() -> None:
    hands = [["2C", "3C", "9S", "10D", "JH", "QS", "KS"], ["4H", "5H", "KC", "8C", "9D", "AS", "2D"],
             ["8H", "9H", "4C", "5C", "JC", "QC", "AD"]]
    s = table(hands, discard=("10H",), discarder=1, turn=2)
    assert Move("take", ("8H", "9H")) in GAME.moves(s, 2)
    s = table(hands, discard=("10H",), discarder=0, turn=2)
    assert Move("take", ("8H", "9H")) not in GAME.moves(s, 2)
    assert "previous player" in en(assert_refused(GAME, s, 2, Move("take", ("8H", "9H"))))


def test_chi_waits_for_the_pon_window_and_pon_has_priority() -> None:
    s = table([["6H", "2C", "3C", "9S", "10D", "JH", "QS"], ["4H", "5H", "KC", "8C", "9D", "AS", "2D"],
               ["6S", "6D", "4C", "5C", "JC", "QC", "AD"]], phase="play")
    play(s, 0, "discard 6H")
    assert GAME.moves(s, 1) == [Move("pass")]          # no sequence take inside the window
    close_window(s, {2: "pon 6S 6D"})
    assert s.turn == 2 and s.melds[-1]["cards"] == ["6S", "6H", "6D"]
    play(s, 2, "discard AD")
    close_window(s)
    assert s.turn == 0                                  # play goes on to the claimer's left: seat 1 skipped


def test_after_the_window_closes_the_next_player_may_take_for_a_sequence() -> None:
    s = table([["6H", "2C", "3C", "9S", "10D", "JH", "QS"], ["4H", "5H", "KC", "8C", "9D", "AS", "2D"]],
              phase="play")
    play(s, 0, "discard 6H")
    close_window(s)
    assert s.turn == 1 and Move("take", ("4H", "5H")) in GAME.moves(s, 1)


def test_clarification_4_claims_use_two_or_three_cards_never_ones_own_discard_and_the_last_opens_no_window() -> None:
    assert claim_groups(["5S", "5H", "5D", "KC"], "5C") == [("5S", "5H"), ("5S", "5D"), ("5H", "5D"),
                                                           ("5S", "5H", "5D")]
    assert claim_groups(["5S", "KC"], "5C") == []
    s = table([["6H", "2C"], ["6S", "6D", "KC", "8C", "9D", "AS", "2D"]], phase="play",
              melds=[(0, "seq", ["3C", "4C", "5C"])])
    play(s, 0, "layoff 2C to=0")
    events = play(s, 0, "discard 6H")
    assert s.hand_no == 2 and not s.window            # the hand ended: no window for its last discard
    assert any("goes out" in en(e.text) for e in events)
    s = table([["6H", "2C", "3C", "9S", "10D", "JH", "QS"], ["4H", "5H", "KC", "8C", "9D", "AS", "2D"]],
              phase="play")
    play(s, 0, "discard 6H")
    assert 0 not in s.window["seats"]


def test_clarification_5_a_card_must_remain_for_the_final_discard() -> None:
    s = table([["5S", "5H", "5D"], ["4H", "6H", "KC", "8C", "9D", "AS", "2D"]], phase="play")
    assert not [m for m in GAME.moves(s, 0) if m.kind == "meld" and len(m.args) == 3]
    assert "final discard" in en(assert_refused(GAME, s, 0, Move("meld", ("5S", "5H", "5D"))))
    assert claim_groups(["5S", "5H"], "5C") == []       # two cards: none left to discard


def test_clarification_6_two_sevens_are_a_set_and_sequences_grow_without_limit() -> None:
    s = table([["7H", "7S", "2C", "KC", "9D", "JS", "QS"], ["4H", "6H", "KD", "8C", "10D", "AS", "2D"]],
              phase="play")
    assert Move("meld", ("7S", "7H")) in GAME.moves(s, 0) or Move("meld", ("7H", "7S")) in GAME.moves(s, 0)
    assert not [m for m in GAME.moves(s, 0) if m.kind == "meld" and len(m.args) == 2 and m.param("as")]
    s = table([["8D", "9D", "10D", "JD", "QD", "KD", "2C"], ["4H", "6H", "KC", "8C", "AS", "3S", "5S"]],
              phase="play", melds=[(1, "seq", ["AD", "2D", "3D", "4D", "5D", "6D", "7D"])])
    assert Move("layoff", ("8D", "9D", "10D", "JD", "QD", "KD"), (("to", "0"),)) in GAME.moves(s, 0)


def test_clarification_9_a_hand_without_a_winner_counts_and_the_deal_passes_left() -> None:
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "KD"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"],
               ["3H", "4S", "5S", "8D", "9H", "JC", "QC"]],
              stock=[], options={"stock_out": "void", "target": 0, "match_hands": 2}, dealer=2)
    play(s, 0, "draw")
    assert s.hand_no == 2 and s.dealer == 0 and not s.over


def test_clarification_10_aces_count_one_point_sevens_twenty_court_cards_ten() -> None:
    s = table([["9H", "5C"], ["AS", "7C", "KD", "QS", "JH", "2C", "3D"]], phase="play",
              melds=[(0, "set", ["9S", "9D", "9C"])], options={"target": 1000})
    s.shown[0] = True
    play(s, 0, "layoff 9H to=0")
    play(s, 0, "discard 5C")
    assert s.scores[0] == 1 + 20 + 10 + 10 + 10 + 2 + 3


def test_options_sevens_and_courts_change_the_deadwood_aces_stay_one_clarification_10() -> None:
    """Options ``sevens`` (a 7 left in hand: 20, 7, 10 or 50) and ``courts`` (``ten``: J, Q, K 10; ``face``:
    11, 12, 13), the rules file's "deadwood values" option; aces still count 1 (Clarification 10)."""
    def winner_scores(options: dict) -> int:
        s = table([["9H", "5C"], ["AS", "7C", "KD", "QS", "JH", "2C", "3D"]], phase="play",
                  melds=[(0, "set", ["9S", "9D", "9C"])], options={"target": 1000, **options})
        s.shown[0] = True
        play(s, 0, "layoff 9H to=0")
        play(s, 0, "discard 5C")
        return s.scores[0]

    assert winner_scores({}) == 1 + 20 + 10 + 10 + 10 + 2 + 3
    assert winner_scores({"sevens": 50}) == 1 + 50 + 10 + 10 + 10 + 2 + 3
    assert winner_scores({"courts": "face"}) == 1 + 20 + 13 + 12 + 11 + 2 + 3
    assert winner_scores({"sevens": 7, "courts": "face"}) == 1 + 7 + 13 + 12 + 11 + 2 + 3


def test_computer_players_weigh_deadwood_by_the_options_in_force() -> None:
    """With ``courts: face`` a queen left in hand costs 12 and a 10 costs 10: the rule of thumb discards the
    queen every time (counting courts as 10, the two cards would be a toss-up)."""
    picks = set()
    for seed in range(20):
        s = table([["QS", "10H", "3D", "5C"], ["AS", "2C", "4D"]], phase="play", options={"courts": "face"})
        discards = [m for m in GAME.moves(s, 0) if m.kind == "discard"]
        picks.add(str(GAME.heuristic_move(s, 0, discards, random.Random(seed))))
    assert picks == {"discard QS"}


def test_the_rules_text_gives_deadwood_values_as_defaults() -> None:
    """The /rules text names 20 for a 7 and 10 for a court card, and says these are the defaults the options
    change."""
    text = en(GAME.rules)
    assert "20 for a 7" in text and "These values are the defaults" in text and "court cards" in text


# --- the pon window

def test_pon_window_answers_are_sealed_and_timed_by_the_option() -> None:
    s = table([["6H", "2C", "3C", "9S", "10D", "JH", "QS"], ["6S", "6D", "KC", "8C", "9D", "AS", "2D"],
               ["4H", "5H", "4C", "5C", "JC", "QC", "AD"]], phase="play", options={"pon_window": 9})
    play(s, 0, "discard 6H")
    assert GAME.window_seconds(s) == 9 and GAME.reaction(s)
    assert GAME.to_move(s) == {1, 2}
    assert GAME.timeout_move(s, 2) == Move("pass")
    assert GAME.moves(s, 2) == [Move("pass")]            # ineligible seats are asked too
    play(s, 1, "pon 6S 6D")
    assert GAME.to_move(s) == {2}
    view = GAME.view(s, 2)
    assert "has answered" in [en(n) for n in view.seats[1].notes]
    assert "6S" not in str(view.to_dict())
    play(s, 2, "pass")
    assert not s.window and s.turn == 1


def test_option_pon_window_zero_opens_no_window() -> None:
    s = table([["6H", "2C", "3C", "9S", "10D", "JH", "QS"], ["6S", "6D", "KC", "8C", "9D", "AS", "2D"]],
              phase="play", options={"pon_window": 0})
    play(s, 0, "discard 6H")
    assert not s.window and GAME.to_move(s) == {1} and GAME.reaction(s) is None


# --- input

def test_cards_selected_after_the_draw_read_as_melds_lay_offs_or_the_discard() -> None:
    s = table([["7H", "2C", "3C", "9S", "10D", "JH", "QS"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              phase="play", melds=[(1, "seq", ["4D", "5D", "6D"])])
    s.hands[0] = ["7H", "2C", "3C", "9S", "10D", "JH", "7D"]
    assert GAME.selectable(s, 0) == s.hands[0]
    readings = GAME.moves_for(s, 0, ["7H"])
    assert {str(m) for m in readings} == {"meld 7H as=set", "meld 7H as=seq", "discard 7H"}
    offs = GAME.moves_for(s, 0, ["7D"])
    layoff = next(m for m in offs if m.kind == "layoff")
    labels = [en(label) for _q, label in GAME.describe(s, 0, layoff)]
    assert labels[-1] == "Bob: 4♦ 5♦ 6♦"
    assert "not a meld" in en(GAME.why_not(s, 0, ["2C", "JH"]))
    s.phase = "draw"
    assert GAME.selectable(s, 0) is None


def test_a_lone_seven_meld_shows_its_declared_kind_as_a_target() -> None:
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "6H"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              phase="play", melds=[(1, "seq", ["7H"])])
    m = Move("layoff", ("6H",), (("to", "0"),))
    assert en(GAME.describe(s, 0, m)[-1][1]) == "Bob: 7♥ (sequence)"


def test_the_table_shows_the_top_discard_the_stock_and_every_meld() -> None:
    s = table([["2C", "3C", "9S", "10D", "JH", "QS", "6H"], ["KC", "2D", "4H", "5H", "8C", "9D", "AS"]],
              melds=[(1, "seq", ["4D", "5D", "6D"])])
    view = GAME.view(s, None)
    names = [en(p.name) for p in view.piles]
    assert names[:2] == ["Stock", "Discard pile"] and view.piles[1].cards == ["KS"]
    assert names[2] == "Bob: 4♦ 5♦ 6♦" and view.piles[2].owner == 1
