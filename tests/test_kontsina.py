"""Kontsina: the rules in shared/rules/kontsina.md (its Decisions and Clarifications), one rule per test."""

import random
from collections import Counter

import pytest

from games import cards as C
from games.engine import BadOption, IllegalMove, Move
from games.kontsina import GAME, LAY_LABEL
from games.localize import render
from games.text import text_from
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck())
NAMES = ["Ann", "Bob", "Cy", "Di"]


def table(hands, cards, *, stock=None, piles=None, turn=0, dealer=None, scores=None, options=None,
          last_capturer=-1, seed=7):
    """A state with the given hands and table. Every other card goes to the stock or, when
    ``stock`` is given, into the capture piles (round robin), so the 52 cards are all accounted for."""
    players = len(hands)
    s = GAME.start(players, options or {}, seed)
    sides = len(s.piles)
    piles = [list(p) for p in (piles or [[] for _ in range(sides)])]
    held = {c for h in hands for c in h} | set(cards) | {c for p in piles for c in p} | set(stock or ())
    rest = [c for c in C.french_deck() if c not in held]
    if stock is None:
        stock = rest
    else:
        for k, code in enumerate(rest):
            piles[k % sides].append(code)
    s.hands = [list(h) for h in hands]
    s.table = list(cards)
    s.stock = list(stock)
    s.piles = piles
    s.turn = turn
    s.dealer = (turn - 1) % players if dealer is None else dealer
    s.last_capturer = last_capturer
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def takes(s, seat, code):
    """The captures offered for one hand card ([] = laying it)."""
    return [m.param("take").split("+") if m.param("take") else [] for m in GAME.moves(s, seat) if m.args[0] == code]


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


def english(text):
    return render(text, "en", NAMES)


def play_hand_out(s, rng):
    """Random legal moves until the hand in play is over; returns the events."""
    hand, events = s.hand_no, []
    while not s.over and s.hand_no == hand:
        moves = GAME.moves(s, s.turn)
        events += GAME.apply(s, s.turn, moves[rng.randrange(len(moves))])
    return events


# --- the deal -----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_four_cards_each_and_four_face_up_and_the_dealers_left_starts(players):
    s = GAME.start(players, {}, 3)
    assert [len(h) for h in s.hands] == [4] * players
    assert len(s.table) == 4
    assert len(s.stock) == 52 - 4 * players - 4
    assert GAME.to_move(s) == {(s.dealer + 1) % players}
    assert GAME.view(s, None).piles[0].cards == s.table     # the table is face up


def test_clarification_6_cards_are_dealt_one_at_a_time_from_the_dealers_left_then_the_table():
    """Clarification 6: one card at a time, clockwise from the dealer's left; the table after the hands."""
    s = GAME.start(3, {}, 11)
    deck = C.french_deck()
    random.Random(f"{s.seed}:2").shuffle(deck)     # the state's first draw picks the dealer, the second shuffles
    order = [(s.dealer + 1 + k) % 3 for k in range(12)]
    dealt = [[] for _ in range(3)]
    for seat in order:
        dealt[seat].append(deck.pop())
    assert [sorted(h) for h in s.hands] == [sorted(h) for h in dealt]
    assert sorted(s.table) == sorted(deck[-4:])


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_decision_6_batches_of_four_until_the_48_cards_run_out(players, deals):
    """Decision 6: 6 batches for 2 players, 4 for 3, 3 for 4; the table gets no more cards."""
    s = GAME.start(players, {}, 5)
    events = play_hand_out(s, random.Random(1))
    refills = [e for e in events if "Four new cards each" in str(e.text)]
    assert len(refills) == deals - 1


def test_refill_four_each_when_every_hand_is_empty_and_the_table_gets_none():
    s = table([["5C"], []], ["KS", "QH"])
    stock = len(s.stock)
    GAME.apply(s, 0, "play 5C")
    assert [len(h) for h in s.hands] == [4, 4]
    assert len(s.stock) == stock - 8
    assert sorted(s.table) == ["5C", "KS", "QH"]
    assert s.turn == 1


def test_the_deal_passes_left_each_hand():
    s = GAME.start(3, {}, 4)
    first = s.dealer
    play_hand_out(s, random.Random(2))
    assert s.dealer == (first + 1) % 3
    assert GAME.to_move(s) == {(first + 2) % 3}


# --- capturing ----------------------------------------------------------------------------

def test_pairing_takes_only_one_card_of_the_rank_and_the_player_chooses_which():
    s = table([["7D", "KC"], ["2C"]], ["7C", "7S"])
    assert takes(s, 0, "7D") == [["7C"], ["7S"], []]
    assert "only one" in refused(s, 0, "play 7D take=7C+7S")
    GAME.apply(s, 0, "play 7D take=7S")
    assert s.table == ["7C"]
    assert s.piles[0] == ["7S", "7D"]
    assert s.last_capturer == 0


def test_adding_up_numerals_with_the_ace_as_one():
    s = table([["7D"], ["2C"]], ["AS", "6C", "3H", "KH"])
    assert takes(s, 0, "7D") == [["AS", "6C"], []]
    GAME.apply(s, 0, "play 7D take=6C+AS")      # any order is accepted
    assert sorted(s.table) == ["3H", "KH"]


def test_court_cards_only_pair_and_never_count_in_a_sum():
    """Court cards have no value: a king takes a king only, and a jack is no part of a sum."""
    s = table([["KD", "QD"], ["2C"]], ["JC", "2S", "KS"])
    assert takes(s, 0, "KD") == [["KS"], []]
    assert "only take a card of its rank" in refused(s, 0, "play KD take=JC+2S")
    assert takes(s, 0, "QD") == [[]]
    s = table([["5D"], ["2C"]], ["JC", "2S", "3H"])
    assert "Court cards have no value" in refused(s, 0, "play 5D take=JC+2S")


def test_decision_1_one_combination_only():
    """Decision 1: with several sums on offer, the card takes only one of them."""
    s = table([["9D"], ["2C"]], ["3C", "4H", "5S", "6D"])
    assert takes(s, 0, "9D") == [["3C", "6D"], ["4H", "5S"], []]
    msg = refused(s, 0, "play 9D take=3C+4H+5S+6D")
    assert "add up to 18, not 9" in english(msg)
    GAME.apply(s, 0, "play 9D take=4H+5S")
    assert s.table == ["3C", "6D"]


def test_decision_2_no_pairing_and_sum_in_the_same_play():
    """Decision 2: one card of the rank, or a sum, never both together."""
    s = table([["7D"], ["2C"]], ["3C", "4H", "7S"])
    assert takes(s, 0, "7D") == [["7S"], ["3C", "4H"], []]
    assert "never both" in refused(s, 0, "play 7D take=3C+4H+7S")


def test_decision_4_capturing_is_optional():
    """Decision 4: a card that could capture may be laid instead."""
    s = table([["7D"], ["2C"]], ["3C", "4H"])
    GAME.apply(s, 0, "play 7D")
    assert s.table == ["3C", "4H", "7D"]
    assert s.piles[0] == [] and s.last_capturer == -1


def test_clarification_4_compulsory_capture_is_card_by_card():
    """Clarification 4: with compulsory_capture a card that can capture may not be laid; another card that
    captures nothing may be; and the player picks freely among the captures (no duty to take the most)."""
    s = table([["9D", "KC"], ["2C"]], ["AS", "3C", "5H", "6D"], options={"compulsory_capture": True})
    assert takes(s, 0, "9D") == [["3C", "6D"], ["AS", "3C", "5H"]]
    msg = refused(s, 0, "play 9D")
    assert "compulsory" in msg and "9♦" in english(msg)
    assert takes(s, 0, "KC") == [[]]
    GAME.apply(s, 0, "play 9D take=3C+6D")      # the two-card sum, though the three-card one is on offer
    assert sorted(s.table) == ["5H", "AS"]


def test_a_card_that_cannot_capture_may_not_claim_to():
    s = table([["KC"], ["2C"]], ["3C", "4H"])
    assert "cannot capture" in refused(s, 0, "play KC take=3C+4H")
    s = table([["7C"], ["2C"]], ["3C", "4H"])
    assert "not on the table" in refused(s, 0, "play 7C take=3D+4H")


def test_turns_pass_to_the_left():
    s = table([["5C", "6C"], ["KS"], ["QS"]], ["2H"])
    GAME.apply(s, 0, "play 5C")
    assert GAME.to_move(s) == {1}
    GAME.apply(s, 1, "play KS")
    assert GAME.to_move(s) == {2}


# --- the end of a hand and scoring --------------------------------------------------------

def test_the_last_capturer_takes_what_is_left_on_the_table():
    s = table([["9H"], ["2D"]], ["7S", "KC"], stock=[], last_capturer=1, turn=0)
    GAME.apply(s, 0, "play 9H")
    events = [english(e.text) for e in GAME.apply(s, 1, "play 2D")]
    rest = next(t for t in events if "captured last" in t)
    assert rest.startswith("Bob captured last and takes the rest of the table")
    assert all(C.text(c) in rest for c in ("2D", "7S", "9H", "KC"))
    assert s.hand_no == 2 and not s.over


def test_clarification_5_if_nobody_captured_the_table_counts_for_nobody():
    """Clarification 5: no capture in the whole hand: the cards left count for nobody (no points at all)."""
    rest = [c for c in C.french_deck() if c not in ("9H", "2D")]
    s = table([["9H"], ["2D"]], rest, stock=[], turn=0)
    GAME.apply(s, 0, "play 9H")
    events = [english(e.text) for e in GAME.apply(s, 1, "play 2D")]
    assert "Nobody captured this hand: the 52 cards left on the table count for nobody." in events
    assert "Hand 1: no points." in events
    assert s.scores == [0, 0]


def ended(piles, *, rest_to, scores=None, options=None, players=None):
    """Seat 0, the last capturer, lays K♥, the last card of the hand. The captured piles are as
    given, with every card not named in pile ``rest_to``. Returns the state and the events' texts."""
    players = players or len(piles)
    s = GAME.start(players, options or {}, 7)
    named = {c for p in piles for c in p} | {"KH"}
    s.piles = [list(p) for p in piles]
    s.piles[rest_to] += [c for c in C.french_deck() if c not in named]
    s.hands = [["KH"]] + [[] for _ in range(players - 1)]
    s.table, s.stock = [], []
    s.turn, s.last_capturer = 0, 0
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s, [english(e.text) for e in GAME.apply(s, 0, "play KH")]


CLUBS = [f"{r}C" for r in ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]   # all but the 2♣


def test_scoring_most_cards_2_most_clubs_1_two_of_clubs_1_ten_of_diamonds_1():
    """Each category goes to its own player: most cards 2, most clubs 1, the 2♣ 1, the 10♦ 1."""
    s, events = ended([[], CLUBS, ["2C", "10D"]], rest_to=0)
    assert s.scores == [2, 1, 2]
    assert ("Hand 1: Ann: most cards (38), 2 points; Bob: most clubs (12), 1 point; Cy: the two of clubs, "
            "1 point; Cy: the ten of diamonds, 1 point.") in events


def test_the_two_of_clubs_counts_as_a_club():
    s, _ = ended([CLUBS[:6], ["2C"] + CLUBS[6:]], rest_to=0)
    assert "Bob: most clubs (7), 1 point" in english(text_from(s.last_result))


def test_a_tie_for_most_cards_scores_nothing():
    """The 2 points for most cards go to nobody when the top is shared."""
    deck = [c for c in C.french_deck() if c != "KH"]
    s, _ = ended([deck[:25], deck[25:]], rest_to=1)      # 26 each once seat 0 takes the king
    assert "most cards" not in english(text_from(s.last_result))


def test_decision_3_a_tie_for_most_clubs_scores_nothing():
    """Decision 3: the most-clubs point goes to nobody on a tie."""
    s, _ = ended([CLUBS[:5], CLUBS[5:10], ["2C"] + CLUBS[10:]], rest_to=2)
    result = english(text_from(s.last_result))
    assert "most clubs" not in result and "Cy: most cards" in result


def test_clarification_1_target_defaults_to_21_and_can_be_set():
    """Clarification 1: option target, default 21; the match ends once someone reaches it."""
    assert GAME.Options.parse({}, 2).target == 21
    assert GAME.Options.parse({"target": "11"}, 2).target == 11
    s, _ = ended([CLUBS, ["2C", "10D"]], rest_to=0, scores=[17, 0])
    assert s.scores == [20, 2] and not s.over
    s, events = ended([CLUBS, ["2C", "10D"]], rest_to=0, scores=[18, 0])
    assert s.over and GAME.outcome(s).winners == [0]
    assert events[-1] == "Ann wins with 21 points!"
    s, _ = ended([CLUBS, ["2C", "10D"]], rest_to=0, scores=[8, 0], options={"target": 11})
    assert s.over


def test_clarification_2_tied_leaders_at_the_target_play_another_hand_with_every_player():
    """Clarification 2: two players tied at the top over the target: no winner yet, and every seat is
    dealt the next hand."""
    s, events = ended([["2C"] + CLUBS[:5], ["10D"] + CLUBS[5:10], CLUBS[10:]], rest_to=2, scores=[19, 20, 5])
    assert s.scores == [21, 21, 7]      # Ann most clubs and the 2♣, Bob the 10♦, Cy most cards
    assert not s.over and s.hand_no == 2 and [len(h) for h in s.hands] == [4, 4, 4]
    assert "Ann and Bob lead together with 21 points: another hand decides." in events


def test_clarification_2_the_tiebreak_winner_need_not_be_one_of_those_tied():
    """Clarification 2: after a tie at the top, whoever alone is highest after the next hand wins."""
    s, events = ended([CLUBS[:5], CLUBS[5:10], ["2C", "10D"] + CLUBS[10:]], rest_to=2, scores=[21, 21, 20])
    assert s.scores == [21, 21, 24]
    assert s.over and GAME.outcome(s).winners == [2]


# --- partnerships -------------------------------------------------------------------------

def test_clarification_3_partnerships_need_four_players():
    """Clarification 3: partnerships are for four players only."""
    with pytest.raises(BadOption, match="partnerships"):
        GAME.start(3, {"partnerships": "on"})
    assert not GAME.options_of(GAME.start(4, {}, 1)).partnerships


def test_clarification_3_partners_sit_opposite_share_a_pile_and_a_score():
    """Clarification 3: seats 0 and 2 against 1 and 3, turns alternating between the teams; partners'
    captures go to one pile, categories are judged between the teams, and both show the team's total."""
    s = table([["5C"], ["KS"], ["QD"], ["9S"]], ["5H", "KH", "QC"], stock=[], piles=[["2C"], ["10D"]],
              options={"partnerships": True}, turn=0)
    before = [len(p) for p in s.piles]
    for seat, move in enumerate(["play 5C take=5H", "play KS take=KH", "play QD take=QC"]):
        assert GAME.to_move(s) == {seat}
        GAME.apply(s, seat, move)
    assert [len(p) for p in s.piles] == [before[0] + 4, before[1] + 2]
    view = GAME.view(s, 3)
    assert view.seats[0].notes[-1] == view.seats[2].notes[-1]
    assert any("Ann and Cy against Bob and Di" in english(f) for f in view.facts)
    GAME.apply(s, 3, "play 9S")             # the last card: Cy captured last, for the team
    assert s.scores[0] == s.scores[2] > 0 and s.scores[1] == s.scores[3] > 0
    result = english(text_from(s.last_result))
    assert "Ann and Cy: most cards" in result and "Bob and Di: the ten of diamonds" in result


def test_clarification_3_the_team_total_races_to_the_target():
    """Clarification 3: the team's total races to the target, and both partners win."""
    s, events = ended([["2C"], CLUBS], rest_to=0, players=4, options={"partnerships": True}, scores=[19, 3, 19, 3])
    assert s.scores == [23, 4, 23, 4]     # most cards, the 2♣ and the 10♦ against most clubs
    assert s.over and GAME.outcome(s).winners == [0, 2]
    assert events[-1] == "Ann and Cy win as partners with 23 points!"


# --- the table message --------------------------------------------------------------------

def test_clarification_7_the_table_message_shows_table_stock_and_captured_counts_never_contents():
    """Clarification 7: table cards, stock size, each player's number of captured cards; not which."""
    s = table([["7D", "KC"], ["2C", "3D"], ["4S"]], ["7S", "9H"])
    GAME.apply(s, 0, "play 7D take=7S")
    view = GAME.view(s, None)
    table_pile, stock_pile, *captures = view.piles
    assert table_pile.cards == ["9H"] and stock_pile.count == len(s.stock) and stock_pile.cards == []
    assert [p.count for p in captures] == [2, 0, 0] and all(p.cards == [] for p in captures)
    assert "2 cards captured" in english(view.seats[0].notes[-1])
    assert view.seats[0].notes[-1] != view.seats[1].notes[-1]
    assert not {"7S", "7D"} & set(str(view.to_dict()).replace("'", " ").split())


# --- input --------------------------------------------------------------------------------

def test_the_prompt_offers_each_card_then_its_captures_or_laying_it():
    s = table([["7D", "KC"], ["2C"]], ["3C", "4H", "7S"])
    step = GAME.prompt(s, 0).step()
    assert sorted(english(label) for label, _ in step.answers) == ["7♦", "K♣"]
    answers = [english(label) for label, _ in GAME.prompt(s, 0).step([step.answers[0][0]]).answers]
    assert answers == ["7♠", "3♣ + 4♥", english(LAY_LABEL)]


def test_moves_other_than_playing_a_card_are_refused_with_an_example():
    s = table([["7D"], ["2C"]], ["3C", "4H"])
    assert "play 7D" in refused(s, 0, "draw")
    assert "take=" in refused(s, 0, "play 7D with=3C")


# --- composed and typed moves (the engine API of issue 15's input: a hand card, then table cards) --------

def test_composed_move_takes_exactly_the_selected_table_cards_or_lays_with_none():
    """A hand card and a selection of loose table cards read as the one capture taking exactly those
    cards; with nothing selected the card is laid (Decision 4: capturing is optional)."""
    s = table([["7D", "KC"], ["2C"]], ["3C", "4H", "7S"])
    assert [code for code, _ in GAME.targets(s, 0, "7D")] == ["3C", "4H", "7S"]
    assert GAME.compose(s, 0, "7D", ["4H", "3C"]) == [Move.parse("play 7D take=3C+4H")]
    assert GAME.compose(s, 0, "7D", ["7S"]) == [Move.parse("play 7D take=7S")]
    assert GAME.compose(s, 0, "7D", []) == [Move.parse("play 7D")]
    assert english(GAME.preview(s, 0, Move.parse("play 7D take=3C+4H"))) == "7♦ takes 3♣ + 4♥"
    assert english(GAME.preview(s, 0, Move.parse("play 7D"))) == "7♦ is laid on the table"


def test_a_composed_pairing_and_sum_together_reads_as_nothing_and_says_why():
    """Decision 2 through the composed path: 7♠ with 3♣ + 4♥ is no move, and the player is told why."""
    s = table([["7D"], ["2C"]], ["3C", "4H", "7S"])
    assert GAME.compose(s, 0, "7D", ["3C", "4H", "7S"]) == []
    assert "never both" in english(GAME.why_not_composed(s, 0, "7D", ["3C", "4H", "7S"]))
    assert "not your turn" in english(GAME.why_not_composed(s, 1, "2C", []))


def test_compulsory_capture_leaves_no_composed_lay_for_a_card_that_can_capture():
    """Clarification 4 through the composed path: nothing selected is no move when the card can capture."""
    s = table([["7D"], ["2C"]], ["3C", "4H"], options={"compulsory_capture": True})
    assert GAME.compose(s, 0, "7D", []) == []
    assert "compulsory" in english(GAME.why_not_composed(s, 0, "7D", []))


def test_typed_moves_lay_with_a_card_and_capture_with_take():
    """The typed grammar: `7D` lays, `7D take 3C+4H` captures; bad texts are refused with a reason."""
    s = table([["7D", "KC"], ["2C"]], ["3C", "4H", "7S"])
    assert GAME.parse_typed(s, 0, "kc") == Move.parse("play KC")
    assert GAME.parse_typed(s, 0, "7d take 4h+3c") == Move.parse("play 7D take=3C+4H")
    assert GAME.parse_typed(s, 0, "play 7D take 7S") == Move.parse("play 7D take=7S")
    with pytest.raises(IllegalMove, match="only one"):
        GAME.parse_typed(table([["7D"], ["2C"]], ["7C", "7S"]), 0, "7D take 7C+7S")
    with pytest.raises(IllegalMove, match="e.g. '7D take"):
        GAME.parse_typed(s, 0, "seven")
    with pytest.raises(IllegalMove, match="do not hold"):
        GAME.parse_typed(s, 0, "9H")
    assert GAME.typed_example(s, 0) == "7D take 7S"
