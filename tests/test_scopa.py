"""Scopa: the rules in shared/rules/scopa.md, one rule per test."""

import random
from collections import Counter

import pytest

from games import cards as C
from games import registry
from games.common.match import award_in_order
from games.engine import BadOption, Event, Move
from games.localize import render
from games.scopa import GAME, TRAIL_LABEL, ScopaState, primiera
from games.text import text_from
from tests.playthrough import assert_refused

DECK = Counter(C.italian_deck())


def table(hands, board, *, stock=None, piles=None, turn=0, dealer=1, scores=None, options=None,
          last_capturer=-1, sweeps=(), seed=7):
    """A state with the given hands and board. Every other card goes to the stock,
    or, when ``stock`` is given, into the capture piles (alternately), so that the
    40 cards are all accounted for."""
    s = GAME.start(2, options or {}, seed)
    piles = [list(p) for p in (piles or ([], []))]
    held = {c for h in hands for c in h} | set(board) | {c for p in piles for c in p} | set(stock or ())
    rest = [c for c in C.italian_deck() if c not in held]
    if stock is None:
        stock = rest
    else:
        piles[0] += rest[::2]
        piles[1] += rest[1::2]
    s.hands = [list(h) for h in hands]
    s.board = list(board)
    s.stock = list(stock)
    s.piles = piles
    s.turn, s.dealer = turn, dealer
    s.last_capturer = last_capturer
    s.sweeps = list(sweeps)
    s.sweep_cards = ["AS"] * len(sweeps)
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def takes(s, seat, code):
    """The capture options offered for one hand card ([] = it is trailed)."""
    out = []
    for m in GAME.moves(s, seat):
        if m.args[0] == code:
            take = m.param("take")
            out.append(take.split("+") if take else [])
    return out


def refused(s, seat, move):
    """Apply an illegal move: it must raise IllegalMove and leave the state as it was."""
    return assert_refused(GAME, s, seat, move)


# --- the deal -----------------------------------------------------------------------------

def test_deal_three_cards_each_and_four_to_the_board():
    s = GAME.start(2, {}, 1)
    assert [len(h) for h in s.hands] == [3, 3]
    assert len(s.board) == 4
    assert len(s.stock) == 40 - 10
    assert s.piles == [[], []]
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK


def test_the_non_dealer_opens_and_the_dealer_alternates_each_hand():
    s = GAME.start(2, {}, 5)
    assert GAME.to_move(s) == {1 - s.dealer}
    first_dealer, hand = s.dealer, s.hand_no
    rng = random.Random(0)
    while s.hand_no == hand:
        seat = s.turn
        moves = GAME.moves(s, seat)
        GAME.apply(s, seat, moves[rng.randrange(len(moves))])
    assert not s.over
    assert s.hand_no == hand + 1
    assert s.dealer == 1 - first_dealer
    assert GAME.to_move(s) == {first_dealer}


def test_redeal_on_three_kings_on_the_board():
    seed = next(n for n in range(20000)
                if sum(C.rank(c) == C.KING for c in GAME.start(2, {"kings_redeal": False}, n).board) >= 3)
    plain = GAME.start(2, {"kings_redeal": False}, seed)
    redealt = GAME.start(2, {}, seed)
    assert sum(C.rank(c) == C.KING for c in redealt.board) < 3
    assert redealt.board != plain.board
    assert redealt.rng_n > plain.rng_n
    assert redealt.hand_no == plain.hand_no == 1


def test_refill_three_cards_each_when_both_hands_are_empty_and_the_board_gets_none():
    s = table([["5C"], []], ["KS", "QH"], turn=0)
    stock = len(s.stock)
    GAME.apply(s, 0, "play 5C")
    assert [len(h) for h in s.hands] == [3, 3]
    assert len(s.stock) == stock - 6
    assert sorted(s.board) == sorted(["KS", "QH", "5C"])
    assert s.turn == 1


# --- capturing ----------------------------------------------------------------------------

def test_pairing_takes_precedence_over_addition():
    s = table([["7D", "KC"], ["2C"]], ["3C", "4H", "7S"])
    assert takes(s, 0, "7D") == [["7S"]]
    msg = refused(s, 0, "play 7D take=3C+4H")
    assert "pair" in msg


def test_pairing_captures_only_one_card_of_the_rank_and_the_player_chooses_which():
    s = table([["7D", "KC"], ["2C"]], ["7C", "7S"])
    assert takes(s, 0, "7D") == [["7C"], ["7S"]]
    msg = refused(s, 0, "play 7D take=7C+7S")
    assert "only one" in msg
    GAME.apply(s, 0, "play 7D take=7S")
    assert s.board == ["7C"]
    assert s.piles[0][-2:] == ["7S", "7D"]


def test_addition_takes_two_or_more_cards_adding_up_and_the_player_chooses_the_set():
    s = table([["7D"], ["2C"]], ["AS", "6C", "3H", "4S"])
    assert takes(s, 0, "7D") == [["AS", "6C"], ["3H", "4S"]]
    GAME.apply(s, 0, "play 7D take=4S+3H")         # any order is accepted
    assert sorted(s.board) == ["6C", "AS"]
    assert {"7D", "3H", "4S"} <= set(s.piles[0])
    assert s.last_capturer == 0


def test_king_captures_jack_plus_two_by_addition():
    s = table([["KD"], ["2C"]], ["JC", "2S", "5H"])
    assert takes(s, 0, "KD") == [["JC", "2S"]]
    GAME.apply(s, 0, "play KD take=JC+2S")
    assert s.board == ["5H"]


def test_a_single_card_of_another_rank_is_not_a_capture():
    s = table([["JD"], ["2C"]], ["QS", "6C", "2H"])
    assert takes(s, 0, "JD") == [["6C", "2H"]]
    assert "only of its own rank" in refused(s, 0, "play JD take=6C")


def test_a_card_that_can_capture_may_not_trail():
    s = table([["7D", "KC"], ["2C"]], ["3C", "4H"])
    msg = refused(s, 0, "play 7D")
    assert "may not just go on the board" in msg and "7♦" in msg


def test_a_different_card_that_cannot_capture_may_be_trailed():
    s = table([["7D", "KC"], ["2C"]], ["3C", "4H"])
    assert takes(s, 0, "KC") == [[]]
    GAME.apply(s, 0, "play KC")
    assert "KC" in s.board
    assert s.last_capturer == -1


def test_a_card_that_cannot_capture_may_not_claim_to():
    s = table([["KC"], ["2C"]], ["3C", "4H"])
    assert "cannot capture" in refused(s, 0, "play KC take=3C+4H")


def test_sweep_when_the_board_is_cleared():
    s = table([["7D", "KC"], ["2C", "3C"]], ["3H", "4S"])
    events = GAME.apply(s, 0, "play 7D take=3H+4S")
    assert s.board == []
    assert s.sweeps == [0]
    assert s.sweep_cards == ["7D"]
    assert any("Scopa" in e.text for e in events)


def test_a_sweep_with_the_last_card_of_a_three_card_hand_counts():
    s = table([["7D"], []], ["3H", "4S"])
    assert s.stock
    GAME.apply(s, 0, "play 7D take=3H+4S")
    assert s.sweeps == [0]
    assert [len(h) for h in s.hands] == [3, 3]


def test_last_card_of_the_deal_does_not_sweep():
    s = table([["7D"], []], ["7S"], stock=[])
    events = GAME.apply(s, 0, "play 7D take=7S")
    assert any("no sweep" in e.text for e in events)
    assert "sweep" not in text_from(s.last_result).replace("no sweep", "")
    assert s.hand_no == 2


def test_last_card_sweep_option_counts_it():
    s = table([["7D"], []], ["7S"], stock=[], options={"last_card_sweep": True})
    GAME.apply(s, 0, "play 7D take=7S")
    assert "sweep" in text_from(s.last_result)


def test_last_capturer_takes_the_remaining_board_not_a_sweep():
    s = table([["KC"], []], ["2H", "3S"], stock=[], last_capturer=1, scores=[10, 10])
    before = len(s.piles[1])
    events = GAME.apply(s, 0, "play KC")
    assert any("takes the rest of the board" in e.text for e in events)
    assert s.board == []
    assert {"KC", "2H", "3S"} <= set(s.piles[1])
    assert len(s.piles[1]) == before + 3
    assert s.sweeps == []
    assert s.over                    # the first point awarded ends this match at 11


# --- scoring ------------------------------------------------------------------------------

def test_primiera_counts_the_best_card_of_each_suit():
    assert primiera(["7S", "6H", "AD", "5C"]) == 21 + 18 + 16 + 15
    assert primiera(["KS", "QH", "JD", "2C", "2S"]) == 12 + 10 + 10 + 12   # the 2♠ beats the K♠
    assert primiera(["7S", "AS", "4H", "3D", "KC", "2C"]) == 21 + 14 + 13 + 12


def awards_for(piles, sweeps=()):
    """The scoring awards of a finished hand whose capture piles are ``piles``."""
    s = GAME.start(2, {}, 1)
    s.piles = [list(p) for p in piles]
    s.sweeps = list(sweeps)
    return GAME.hand_awards(s)


def test_primiera_needs_all_four_suits():
    """Three 7s lose to four 2s: without all four suits there is no primiera count."""
    assert primiera(["7S", "7H", "7D", "6S"]) is None
    awards = awards_for([["7S", "7H", "7D"], ["2C", "2S", "2H", "2D"]])
    assert (1, 1, "primiera (48)") in awards


def test_primiera_with_only_one_qualifier_goes_to_them_and_with_none_to_nobody():
    assert any(r.startswith("primiera") and seat == 0
               for seat, _, r in awards_for([["KS", "KH", "KD", "KC"], ["7S", "7H", "7D"]]))
    assert not any(r.startswith("primiera") for _, _, r in awards_for([["7S"], ["7H"]]))


def test_primiera_tie_scores_nothing():
    piles = [["7S", "2H", "7C", "2D", "3S"], ["7H", "2S", "7D", "2C", "4H"]]
    assert primiera(piles[0]) == primiera(piles[1])
    assert not any(reason.startswith("primiera") for _, _, reason in awards_for(piles))


def test_settebello_scores_a_point():
    s = table([[], []], [], stock=[], piles=[["7D"], []])
    assert (0, 1, "settebello") in GAME.hand_awards(s)


def test_ties_in_most_cards_score_nothing():
    cards = C.italian_deck()
    s = table([[], []], [], stock=[], piles=[cards[:20], cards[20:]])
    reasons = [reason for _, _, reason in GAME.hand_awards(s)]
    assert not any(r.startswith("most cards") for r in reasons)


def test_ties_in_most_diamonds_score_nothing():
    dia = [c for c in C.italian_deck() if c.endswith("D")]
    other = [c for c in C.italian_deck() if not c.endswith("D")]
    s = table([[], []], [], stock=[], piles=[dia[:5] + other[:16], dia[5:] + other[16:]])
    reasons = [reason for _, _, reason in GAME.hand_awards(s)]
    assert not any(r.startswith("most diamonds") for r in reasons)
    assert any(r.startswith("most cards") for r in reasons)


def test_awards_come_in_category_order_with_sweeps_last_in_the_order_made():
    dia = [c for c in C.italian_deck() if c.endswith("D") and c != "7D"]
    other = [c for c in C.italian_deck() if not c.endswith("D")]
    piles = [["7D"] + other[:10:2] + ["KS", "AH", "AC"], dia + other[1:10:2] + other[10:]]
    piles[1] = [c for c in piles[1] if c not in piles[0]]
    s = table([[], []], [], stock=[], piles=piles, sweeps=[1, 0, 1])
    awards = GAME.hand_awards(s)
    assert [reason.split(" (")[0] for _, _, reason in awards] == [
        "most cards", "most diamonds", "settebello", "primiera", "sweep", "sweep", "sweep"]
    assert [seat for seat, _, _ in awards][-3:] == [1, 0, 1]


def test_scoring_stops_at_11_in_category_order():
    """Seat 1 wins most cards and most diamonds and reaches 11; seat 0's settebello
    and sweep come later in the order and are never counted."""
    dia = [c for c in C.italian_deck() if c.endswith("D") and c != "7D"]
    other = [c for c in C.italian_deck() if not c.endswith("D") and c != "KC"]
    piles = [["7D", other[0]], dia + other[1:]]
    s = table([["KC"], []], [], stock=[], piles=piles, last_capturer=1, scores=[10, 9], sweeps=[0])
    GAME.apply(s, 0, "play KC")
    assert s.scores == [10, 11]
    assert s.over
    out = GAME.outcome(s)
    assert out.winners == [1]
    assert out.placings == [2, 1]
    assert "settebello" not in text_from(s.last_result)


def test_award_in_order_never_lets_both_players_reach_the_target():
    scores = [10, 10]
    counted = award_in_order(scores, [(0, 1, "most cards"), (1, 1, "settebello")], 11)
    assert scores == [11, 10]
    assert counted == [(0, 1, "most cards")]


def test_match_continues_below_the_target_and_a_new_hand_is_dealt():
    s = table([["KC"], []], [], stock=[], piles=[["7D"], []], last_capturer=1)
    GAME.apply(s, 0, "play KC")
    assert not s.over
    assert s.hand_no == 2
    assert sum(s.scores) >= 1
    assert s.piles == [[], []] and len(s.board) == 4


def test_target_21_option():
    s = table([["KC"], []], [], stock=[], piles=[["7D"], []], last_capturer=1, scores=[10, 10],
              options={"target": 21})
    GAME.apply(s, 0, "play KC")
    assert not s.over


# --- options, illegal moves, data -----------------------------------------------------------

@pytest.mark.parametrize("options, name", [
    ({"target": 15}, "target"),
    ({"target": "eleven"}, "target"),
    ({"kings_redeal": "maybe"}, "kings_redeal"),
    ({"last_card_sweep": "perhaps"}, "last_card_sweep"),
    ({"sweeps": 1}, "sweeps"),
])
def test_option_validation_errors_name_the_option(options, name):
    with pytest.raises(BadOption, match=name):
        GAME.start(2, options, 1)


def test_scopa_is_for_two_players():
    with pytest.raises(BadOption, match="2"):
        GAME.start(3, {}, 1)


def test_illegal_moves_raise_with_a_readable_message_and_leave_the_state_unchanged():
    s = table([["7D", "KC"], ["2C"]], ["3C", "4H", "6S"])
    assert "not your turn" in refused(s, 1, "play 2C")
    assert "do not hold" in refused(s, 0, "play 5S")
    assert "one card" in refused(s, 0, "play 7D KC")
    assert "not a move in Scopa" in refused(s, 0, "draw")
    assert "not on the board" in refused(s, 0, "play 7D take=3C+5H")
    assert "adds up to 9, not 7" in refused(s, 0, "play 7D take=3C+6S")
    assert "once" in refused(s, 0, "play 7D take=3C+3C")
    assert "not a list of cards" in refused(s, 0, "play 7D take=3C+xx")
    assert "only take=" in refused(s, 0, "play 7D take=3C+4H suit=H")


def test_moves_text_forms():
    s = table([["7D", "QC"], ["2C"]], ["3C", "4H", "7S"])
    assert Move.parse("play 7D take=7S") in GAME.moves(s, 0)
    assert Move.of("play", "QC") in GAME.moves(s, 0)
    s = table([["7D"], ["2C"]], ["3C", "4H"])
    assert [str(m) for m in GAME.moves(s, 0)] == ["play 7D take=3C+4H"]
    assert GAME.moves(s, 1) == []


def test_prompt_paths_pick_the_card_then_the_capture():
    s = table([["7D", "QC"], ["2C"]], ["3C", "4H", "7S", "7H"])
    paths = {c.path for c in GAME.prompt(s, 0).choices}
    assert paths == {(("Play a card", "7♦"), ("Capture", "7♥")),
                     (("Play a card", "7♦"), ("Capture", "7♠")),
                     (("Play a card", "Q♣"), ("Capture", TRAIL_LABEL))}
    s = table([["7D"], ["2C"]], ["3C", "4H"])
    assert [c.path for c in GAME.prompt(s, 0).choices] == [(("Play a card", "7♦"), ("Capture", "3♣ + 4♥"))]
    step = GAME.prompt(s, 0).step(["7♦"])
    assert step.question == "Capture"


def test_json_round_trip():
    s = GAME.start(2, {"target": 21}, 11)
    rng = random.Random(3)
    for _ in range(25):
        seat = s.turn
        moves = GAME.moves(s, seat)
        GAME.apply(s, seat, moves[rng.randrange(len(moves))])
        twin = ScopaState.from_json(s.to_json())
        assert twin == s
        assert GAME.moves(twin, twin.turn) == GAME.moves(s, s.turn)


def test_view_shows_own_hand_board_and_counters_but_hides_the_opponent():
    s = table([["7D", "KC"], ["2C", "3S"]], ["3C", "4H"], piles=[["7H", "AD"], ["5S"]], sweeps=[0])
    v = GAME.view(s, 0)
    assert v.hand == ["7D", "KC"]
    assert next(p for p in v.piles if p.name == "Board").cards == ["3C", "4H"]
    assert next(p for p in v.piles if p.name == "Stock").cards == []
    assert v.seats[1].cards == 2
    assert v.seats[0].notes == ["captured 2 (1 diamond, primiera needs ♠♣)", "1 sweep"]
    assert "2C" not in str(v.to_dict()) and "3S" not in str(v.to_dict())
    assert GAME.view(s, None).hand == []
    vis = {z.name: z.visible_to for z in GAME.zones(s)}
    assert vis == {"hand 0": 0, "hand 1": 1, "stock": "none", "board": "all",
                   "captures 0": "all", "captures 1": "all"}


def test_log_lines_are_in_the_present_tense_and_say_put_on_the_board_not_trailed():
    """Audit #18 ("plays … and takes", "sweeps") and #32 (no "trailed" jargon)."""
    s = table([["7D", "KC"], ["2C", "3S"]], ["3C", "4H"])
    texts = [e.text for e in GAME.apply(s, 0, "play 7D take=3C+4H") if e.to is None]
    assert texts[:2] == ["{p0} plays 7♦ and takes 3♣ + 4♥.", "Scopa! {p0} sweeps the board."]
    s = table([["7D", "KC"], ["2C", "3S"]], ["3C", "4H"])
    assert GAME.apply(s, 0, "play KC")[0].text == "{p0} puts K♣ on the board."
    assert "trail" not in TRAIL_LABEL.lower() and TRAIL_LABEL == "Put it on the board (nothing to take)"
    s = table([["KC"], ["2C"]], ["3C", "4H"])
    assert "trail" not in refused(s, 0, "play KC take=3C+4H")


def test_seat_notes_are_about_captures_and_facts_do_not_repeat_notes_or_piles():
    """Audit #21: "captured 2 (1 diamond, …)" next to the hand count, not "2 cards, 1 ♦"; no
    "Dealer:" fact (the seat note says dealer) and no "Stock:" fact (the Stock pile shows it)."""
    s = table([["7D", "KC"], ["2C", "3S"]], ["3C", "4H"], piles=[["7H", "AD", "7S", "5C"], []], dealer=1)
    v = GAME.view(s, None)
    assert v.seats[0].notes == ["captured 4 (1 diamond, primiera 73)"]
    assert v.seats[1].notes == ["dealer", "nothing captured yet"]
    assert not any(f.startswith(("Dealer", "Stock")) for f in v.facts)
    assert next(p for p in v.piles if p.name == "Stock").count == len(s.stock)


def test_registered():
    assert registry.get("scopa") is GAME


def test_rollout_prefers_a_sweep_and_the_settebello():
    s = table([["7D", "6C", "KC"], ["2C"]], ["3H", "4S"])
    moves = GAME.moves(s, 0)
    assert str(GAME.rollout_move(s, 0, moves, random.Random(1))) == "play 7D take=3H+4S"
    s = table([["7C", "7D"], ["2C"]], ["7S", "7H", "AS"])
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(1)).args[0] == "7D"
    s = table([["AC", "KC"], ["2C"]], ["2S"])         # trailing the ace leaves 3 on the board: sweepable
    assert str(GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(1))) == "play KC"


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_conserve_the_deck_and_end_with_a_winner(seed):
    rng = random.Random(seed)
    s = GAME.start(2, [{}, {"last_card_sweep": True}, {"kings_redeal": False}][seed % 3], seed)
    while not s.over:
        seat = s.turn
        moves = GAME.moves(s, seat)
        GAME.apply(s, seat, moves[rng.randrange(len(moves))])
        assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    out = GAME.outcome(s)
    assert max(s.scores) == 11 and s.scores.count(11) == 1
    assert out.winners == [s.scores.index(11)]


def test_a_capture_a_scopa_and_the_hands_points_read_in_italian_with_scopa_words():
    """Issue 14: an Italian player reads the table in Italian, with the words of Scopa: a presa,
    "Scopa!", and at the end of the hand the points by their names (carte, denari, settebello,
    primiera, scopa); the capture note of a seat speaks of prese and denari."""
    s = table([["7D"], []], ["3C", "4H"], stock=[], piles=[["7H", "AD", "7S", "5C"], []], last_capturer=0)
    events = GAME.apply(s, 0, "play 7D take=3C+4H")
    shown = [Event(render(e.text, "it")).render(["Anna", "Bruno"]) for e in events if e.to is None]
    assert shown[0] == "Anna gioca 7♦ e prende 3♣ + 4♥."
    assert "Scopa" not in shown[1] and shown[1].startswith("La tavola è vuota")  # the very last card
    assert shown[2].startswith("Mano 1: Anna carte (")
    assert "Anna denari (" in shown[2] and "Anna settebello" in shown[2] and "Punteggio " in shown[2]
    s = table([["7D", "KC"], ["2C", "3S"]], ["3C", "4H"], piles=[["7H", "AD", "7S", "5C"], []], dealer=1)
    assert render(GAME.apply(s, 0, "play 7D take=3C+4H")[1].text, "it") == "Scopa! {p0} porta via tutta la tavola."
    notes = [render(note, "it") for note in GAME.view(s, None).seats[0].notes]
    assert notes == ["prese 7 (2 denari, il settebello, primiera 78)", "1 scopa"]
