"""Xeri: the rules in shared/rules/xeri.md, one rule per test (Decisions and Clarifications named)."""

import random
from collections import Counter

import pytest

from games import cards as C
from games.engine import BadOption, Move
from games.localize import render
from games.xeri import GAME, XeriOptions
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck())


def table(hands, pile, *, rest="stock", piles=None, turn=0, dealer=1, xeris=(), last_capturer=-1, options=None,
          scores=None, seed=7):
    """A state with the given hands and pile. Every other card goes where ``rest`` says: the
    "stock", the won "piles" (alternately, after ``piles``), or under the "pile"."""
    s = GAME.start(2, options or {}, seed)
    piles = [list(p) for p in (piles or ([], []))]
    held = {c for h in hands for c in h} | set(pile) | {c for p in piles for c in p}
    others = [c for c in C.french_deck() if c not in held]
    s.stock = []
    if rest == "stock":
        s.stock = others
    elif rest == "piles":
        piles[0] += others[::2]
        piles[1] += others[1::2]
    else:
        pile = others + list(pile)
    s.hands = [list(h) for h in hands]
    s.pile = list(pile)
    s.piles = piles
    s.turn, s.dealer = turn, dealer
    s.xeris = [list(x) for x in xeris]
    s.last_capturer = last_capturer
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def play(s, seat, code):
    """Play ``code`` for ``seat``; the events as English lines."""
    return [render(e.text, "en", ["Ann", "Bob"]) for e in GAME.apply(s, seat, f"play {code}")]


def hand_points(s):
    points = [0, 0]
    for seat, p, _ in GAME.hand_awards(s):
        points[seat] += p
    return points


# --- the deal -----------------------------------------------------------------------------

def test_deal_six_cards_each_and_four_face_up_to_the_pile():
    s = GAME.start(2, {}, 1)
    assert [len(h) for h in s.hands] == [6, 6]
    assert len(s.pile) == 4 and len(s.stock) == 52 - 16
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK


def test_the_non_dealer_opens_and_the_deal_alternates_each_hand():
    s = GAME.start(2, {}, 5)
    assert GAME.to_move(s) == {1 - s.dealer}
    first_dealer, rng = s.dealer, random.Random(0)
    while s.hand_no == 1:
        moves = GAME.moves(s, s.turn)
        GAME.apply(s, s.turn, moves[rng.randrange(len(moves))])
    assert s.dealer == 1 - first_dealer and GAME.to_move(s) == {first_dealer}


def test_clarification_5_cards_are_dealt_one_at_a_time_the_non_dealer_first():
    """Clarification 5 (refills too): the non-dealer gets the top card of the stock, the dealer the next."""
    s = table([[], []], ["5S"], dealer=1)
    top_twelve = s.stock[-12:][::-1]
    GAME._deal_hands(s)
    assert sorted(s.hands[0]) == sorted(top_twelve[0::2])
    assert sorted(s.hands[1]) == sorted(top_twelve[1::2])


def test_clarification_6_the_pile_is_dealt_again_until_its_top_is_no_jack_and_no_pair():
    """Decisions (deal) and Clarification 6: a pile with a jack on top, or a pair on top, is
    shuffled back and dealt again, as often as needed; every dealt pile passes the check."""
    redealt = 0
    for seed in range(300):
        s = GAME.start(2, {}, seed)
        assert C.RANK[s.pile[-1]] != C.JACK and C.RANK[s.pile[-1]] != C.RANK[s.pile[-2]]
        events = GAME._deal(s)
        assert C.RANK[s.pile[-1]] != C.JACK and C.RANK[s.pile[-1]] != C.RANK[s.pile[-2]]
        assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
        lines = [str(e.text) for e in events]
        if any("dealt again" in line for line in lines):
            redealt += 1
            assert any(line.startswith("The new pile is") for line in lines)
    assert redealt > 10


# --- playing --------------------------------------------------------------------------------

def test_a_card_of_the_top_cards_rank_takes_the_whole_pile():
    s = table([["7H", "2S"], ["3D"]], ["4C", "9S", "7C"])
    lines = play(s, 0, "7H")
    assert lines == ["Ann plays 7♥ and takes the pile (3 cards)."]
    assert sorted(s.piles[0]) == sorted(["4C", "9S", "7C", "7H"]) and s.pile == []
    assert s.last_capturer == 0 and s.xeris == []
    assert play(s, 1, "3D") == ["Bob plays 3♦, starting a new pile."]


def test_a_jack_takes_the_pile_whatever_is_on_top():
    s = table([["JD", "2S"], ["3D"]], ["4C", "9S", "KC"])
    play(s, 0, "JD")
    assert sorted(s.piles[0]) == sorted(["4C", "9S", "KC", "JD"]) and s.pile == []


def test_a_card_of_another_rank_stays_on_the_pile():
    s = table([["8H", "2S"], ["3D"]], ["4C", "9S"])
    assert play(s, 0, "8H") == ["Ann plays 8♥ on 9♠."]
    assert s.pile == ["4C", "9S", "8H"] and s.piles[0] == []


def test_decision_3_a_jack_on_an_empty_pile_just_starts_a_new_pile():
    s = table([["JD", "2S"], ["3D"]], [])
    assert play(s, 0, "JD") == ["Ann plays J♦, starting a new pile."]
    assert s.pile == ["JD"] and s.piles[0] == [] and s.xeris == []


def test_decision_6_capturing_is_optional_any_card_may_be_played():
    """Decision 6: holding a card that would take the pile, a player may play another one."""
    s = table([["7H", "JS", "2S"], ["3D"]], ["4C", "7C"])
    assert {m.args[0] for m in GAME.moves(s, 0)} == {"7H", "JS", "2S"}
    play(s, 0, "2S")
    assert s.pile == ["4C", "7C", "2S"] and s.piles[0] == []


def test_a_xeri_takes_a_lone_card_with_its_rank_scores_10_and_lies_face_up():
    s = table([["7H", "2S"], ["3D"]], ["7C"])
    assert play(s, 0, "7H") == ["Xeri! Ann takes the lone 7♣ with 7♥: 10 points."]
    assert s.xeris == [[0, "7C", 10]]
    won = next(p for p in GAME.view(s, 1).piles if p.owner == 0)
    assert won.cards == ["7C"] and won.count == 2


def test_a_jack_taking_a_lone_card_of_another_rank_is_no_xeri():
    s = table([["JH", "2S"], ["3D"]], ["7C"])
    assert play(s, 0, "JH") == ["Ann plays J♥ and takes the pile (1 card)."]
    assert s.xeris == [] and sorted(s.piles[0]) == ["7C", "JH"]


def test_decision_5_a_jack_on_a_lone_jack_is_a_xeri_worth_10():
    s = table([["JH", "2S"], ["3D"]], ["JC"])
    play(s, 0, "JH")
    assert s.xeris == [[0, "JC", 10]]


def test_decision_5_option_jack_xeri_20_makes_a_jack_on_a_lone_jack_worth_20():
    s = table([["JH", "2S"], ["3D"]], ["JC"], options={"jack_xeri": 20})
    assert play(s, 0, "JH") == ["Xeri! Ann takes the lone J♣ with J♥: 20 points."]
    assert s.xeris == [[0, "JC", 20]]
    s = table([["7H", "2S"], ["3D"]], ["7C"], options={"jack_xeri": 20})
    play(s, 0, "7H")
    assert s.xeris == [[0, "7C", 10]]


def test_decision_4_a_xeri_with_the_last_card_of_the_hand_counts():
    s = table([["7H"], []], ["7C"], rest="piles", turn=0, last_capturer=1)
    lines = play(s, 0, "7H")
    assert lines[0] == "Xeri! Ann takes the lone 7♣ with 7♥: 10 points."
    assert lines[1].startswith("Ann scores 24 points: 1 xeri: 10, most cards (27): 3")
    assert s.hand_no == 2     # the hand was scored and the next one dealt


def test_decision_4_option_last_card_xeri_no_makes_that_capture_plain():
    s = table([["7H"], []], ["7C"], rest="piles", turn=0, last_capturer=1, options={"last_card_xeri": False})
    lines = play(s, 0, "7H")
    assert lines[0] == "Ann takes the lone 7♣ with 7♥, the last card of the hand: no xeri."
    ann = next(line for line in lines if line.startswith("Ann scores"))
    assert "xeri" not in ann


def test_when_both_hands_are_empty_six_new_cards_each_come_from_the_stock():
    s = table([["7H"], ["3D"]], ["4C"], turn=0)
    stock = len(s.stock)
    play(s, 0, "7H")
    lines = play(s, 1, "3D")
    assert [len(h) for h in s.hands] == [6, 6] and len(s.stock) == stock - 12
    assert f"Six new cards each; {stock - 12} cards left in the stock." in lines


def test_the_last_capturer_takes_the_rest_of_the_pile_at_the_end_of_the_hand():
    s = table([["8H"], ["3D"]], ["4C"], rest="piles", turn=0, last_capturer=1)
    play(s, 0, "8H")
    lines = play(s, 1, "3D")
    assert "Bob took cards last and takes the rest of the pile: 4♣ 8♥ 3♦." in lines
    assert s.hand_no == 2


def test_clarification_7_with_no_capture_in_the_hand_the_pile_counts_for_nobody():
    s = table([["8H"], ["3D"]], ["4C"], rest="pile", turn=0, last_capturer=-1)
    play(s, 0, "8H")
    lines = play(s, 1, "3D")
    assert "Nobody took anything this hand: the 52 cards on the pile count for nobody." in lines
    assert "Hand 1 is drawn, 0 points each. Hands won: 0 – 0." in lines


# --- scoring --------------------------------------------------------------------------------

def test_scoring_xeri_10_most_cards_3_each_ace_king_queen_jack_ten_1_ten_of_diamonds_and_two_of_clubs():
    """The scoring list: 10 per xeri; 3 for more cards; 1 per A, K, Q, J, 10; 10♦ one more; 2♣ 1."""
    mine = ["AS", "KS", "QS", "JS", "10D", "2C", "3S", "4S", "5S", "6S"]
    theirs = ["10S", "7S"]
    s = table([[], []], [], rest="stock", piles=[mine, theirs], xeris=[[0, "3S", 10], [1, "7S", 10]])
    s.stock = []
    s.pile = [c for c in C.french_deck() if c not in mine + theirs]
    # seat 0: xeri 10 + most cards 3 + A K Q J 10♦ = 5 + 10♦ 1 + 2♣ 1 = 20; seat 1: xeri 10 + 10♠ 1
    assert hand_points(s) == [20, 11]


def test_decision_1_a_26_26_card_tie_gives_nobody_the_3_points():
    deck = C.french_deck()
    s = table([[], []], [], piles=[deck[:26], deck[26:]])
    assert not any("most cards" in str(reason) for _, _, reason in GAME.hand_awards(s))
    s = table([[], []], [], piles=[deck[:27], deck[27:]])
    assert any(seat == 0 and p == 3 and "most cards" in str(reason) for seat, p, reason in GAME.hand_awards(s))


def end_hand(s):
    """Play out a last trick whose two cards take nothing: the hand ends and is scored."""
    seat = s.turn
    lines = play(s, seat, s.hands[seat][0])
    return lines + play(s, 1 - seat, s.hands[1 - seat][0])


def last_cards(mine, theirs, **kw):
    """A state at the last two cards of a hand (8♥ and 3♦ on a 4♣ pile, taking nothing), with the
    won piles ``mine`` and ``theirs`` and every other card under the pile; seat 0 took last."""
    held = set(mine) | set(theirs) | {"8H", "3D", "4C"}
    under = [c for c in C.french_deck() if c not in held]
    s = table([["8H"], ["3D"]], under + ["4C"], rest="stock", piles=[mine, theirs], last_capturer=0, **kw)
    s.stock = []
    return s


def test_the_higher_hand_score_wins_the_hand():
    s = last_cards(["AS", "AH"], ["2S"])
    lines = end_hand(s)
    assert any(line.startswith("Ann wins hand 1,") and line.endswith("Hands won: 1 – 0.") for line in lines)
    assert s.scores == [1, 0]


def test_decision_2_a_tied_hand_score_is_a_drawn_hand():
    s = last_cards(["AS", "2H"], ["AH", "2S"], scores=[1, 1])
    s.last_capturer = -1
    lines = end_hand(s)
    assert "Hand 1 is drawn, 1 points each. Hands won: 1 – 1." in lines
    assert s.scores == [1, 1] and not s.over


def test_clarification_1_five_hands_by_default():
    assert XeriOptions().hands == 5 and XeriOptions().scoring == "hands"
    with pytest.raises(BadOption):
        GAME.start(2, {"hands": 0})


def test_clarification_2_the_match_ends_once_the_trailing_player_cannot_catch_up():
    o = XeriOptions()
    assert o.finished([3, 0], 3)          # two hands left: 0 + 2 < 3
    assert not o.finished([2, 0], 2)      # three hands left: 0 + 3 could pass 2
    assert o.finished([3, 1], 4)          # one hand left: 1 + 1 < 3
    assert not o.finished([3, 1], 3)      # two left: 1 + 2 could draw level
    s = last_cards(["AS", "AH"], ["2S"], scores=[2, 0])
    s.hand_no = 3
    lines = end_hand(s)
    assert s.over and lines[-1] == "Ann wins the match (3–0)!"


def test_clarification_3_level_after_the_last_scheduled_hand_more_hands_are_played():
    s = last_cards(["AS", "2H"], ["AH", "2S"], scores=[2, 2])
    s.hand_no, s.last_capturer = 5, -1
    end_hand(s)                              # a drawn fifth hand decides nothing
    assert not s.over and s.hand_no == 6
    s = last_cards(["AS", "AH"], ["2S"], scores=[2, 2])
    s.hand_no = 6
    end_hand(s)
    assert s.over and GAME.outcome(s).winners == [0]


def test_clarification_4_points_mode_adds_up_to_101_and_a_tie_plays_on():
    assert XeriOptions(scoring="points").target == 101
    s = last_cards(["AS", "AH"], ["2S"], options={"scoring": "points"}, scores=[50, 60])
    end_hand(s)
    assert not s.over and s.hand_no == 2 and s.scores[0] > 50
    s = last_cards(["AS", "AH"], ["2S"], options={"scoring": "points"}, scores=[99, 100])
    lines = end_hand(s)
    assert s.over and GAME.outcome(s).winners == [0]
    assert any(line.startswith("Hand 1: ") and "Totals: " in line for line in lines)
    o = XeriOptions(scoring="points")
    assert not o.finished([105, 105], 4) and o.finished([105, 101], 4) and not o.finished([100, 99], 9)


# --- the table ------------------------------------------------------------------------------

def test_clarification_8_the_table_shows_the_top_card_pile_size_stock_won_counts_and_xeri_cards():
    s = table([["7H", "2S"], ["3D"]], ["4C", "9S", "KC"], piles=[["5S", "5H"], ["6C", "6D", "QS"]],
              xeris=[[0, "5H", 10]])
    view = GAME.view(s, 1)
    pile, stock, won0, won1 = view.piles
    assert pile.cards == ["KC"] and pile.count == 3       # buried 4♣ and 9♠ are not listed
    assert stock.count == len(s.stock) and stock.cards == []
    assert (won0.cards, won0.count) == (["5H"], 2) and (won1.cards, won1.count) == ([], 3)
    assert [str(n) for n in view.seats[0].notes] == ["2 cards won", "1 xeri"]
    assert "dealer" in [str(n) for n in view.seats[1].notes]


def test_refused_moves_say_why():
    s = table([["7H", "2S"], ["3D"]], ["4C"])
    assert "do not hold" in str(assert_refused(GAME, s, 0, Move("play", ("8H",))))
    assert "not a move in Xeri" in str(assert_refused(GAME, s, 0, Move("take", ("4C",))))


def test_xeri_is_titled_in_greek_for_greek_readers():
    assert render(GAME.title, "el", []) == "Ξερή"


# --- computer players -----------------------------------------------------------------------

def test_the_rollout_policy_takes_a_xeri_and_keeps_its_jack_off_an_empty_pile():
    rng = random.Random(1)
    s = table([["7H", "JS", "KD", "2S"], ["3D"]], ["7C"])
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), rng) == Move("play", ("7H",))
    s = table([["JS", "2S"], ["3D"]], [])
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), rng) == Move("play", ("2S",))


def test_the_heuristic_player_starts_a_pile_with_a_rank_it_holds_twice_not_a_jack():
    """The casual player knows only its hand and the top card: on an empty pile it plays a card whose
    other copies it mostly holds itself (the 5♦ of its 5♠ 5♦), not a single 9 or its jack."""
    s = table([["5S", "5D", "9H", "JS"], ["3D"]], [])
    assert GAME.heuristic_move(s, 0, GAME.moves(s, 0), random.Random(2)).args[0] in ("5S", "5D")


@pytest.mark.parametrize("typed", ["xeri", "Kseri", "ξερή", "ΞΕΡΗ", "kséri"])
def test_play_finds_xeri_by_its_greek_name_and_spellings(typed):
    from bot.game_names import matching
    assert matching(typed)[0] == "xeri"
