"""Newmarket: the rules in shared/rules/newmarket.md, one rule per test."""

import json
import random
from collections import Counter

import pytest

from games import cards as C
from games import registry
from games.engine import BadOption, Move
from games.newmarket import AUCTION, GAME, MAX_BID, PAY_CARDS, PLAY, WIDOW, NewmarketState
from games.text import text_from
from tests.playthrough import assert_events_private, assert_no_leak, assert_refused, play_random
from tests.table_helpers import assert_card_refusals


def table(hands, *, widow=(), dead=(), dead_seat=-1, dealer=None, turn=None, phase=PLAY, options=None,
          scores=None, pots=None, seed=3):
    """A state in the play phase (unless ``phase`` says otherwise) with the given hands."""
    players = len(hands)
    s = GAME.start(players, options or {}, seed)
    s.hands = [list(h) for h in hands]
    s.widow, s.dead, s.dead_seat = list(widow), list(dead), dead_seat
    s.played = {x: [] for x in C.SUITS}
    s.dealer = (players - 1) if dealer is None else dealer
    s.phase = phase
    s.turn = (s.dealer + 1) % players if turn is None else turn
    if phase == WIDOW:
        s.turn = s.dealer
    s.window = None
    s.lead_suits, s.need, s.stopped = [], "", ""
    s.scores = list(scores) if scores is not None else [50] * players
    s.pots = list(pots) if pots is not None else [0, 0, 0, 0]
    return s


def plays(s, seat):
    return [str(m) for m in GAME.moves(s, seat)]


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


def texts(events):
    return [e.text for e in events]


def bids(s, seat):
    return [str(m) for m in GAME.moves(s, seat)]


# --- the deal and the antes -------------------------------------------------------------------

@pytest.mark.parametrize("players", range(3, 9))
def test_n_plus_1_hands_are_dealt_from_the_dealers_left_with_the_widow_last_in_each_round(players):
    s = GAME.start(players, {}, seed=players)
    order = [(s.dealer + k) % players for k in range(1, players + 1)]
    sizes = [len(s.hands[i]) for i in order] + [len(s.widow)]
    hands = players + 1
    assert sizes == [52 // hands + (1 if k < 52 % hands else 0) for k in range(hands)]
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == Counter(C.french_deck())
    assert s.phase == WIDOW and GAME.to_move(s) == {s.dealer}


def test_every_player_antes_on_each_of_the_four_pay_cards():
    s = GAME.start(4, {}, seed=1)
    assert s.pots == [4, 4, 4, 4] and s.scores == [46] * 4
    s2 = GAME.start(4, {"ante": 2}, seed=1)
    assert s2.pots == [8, 8, 8, 8] and s2.scores == [42] * 4


def test_dealer_double_option_makes_the_dealer_ante_twice():
    s = GAME.start(3, {"dealer_double": True}, seed=1)
    assert s.pots == [4, 4, 4, 4]
    assert s.scores[s.dealer] == 42 and sorted(s.scores) == [42, 46, 46]


def test_starting_chips_option():
    s = GAME.start(3, {"chips": 100}, seed=2)
    assert s.scores == [96] * 3


# --- the widow --------------------------------------------------------------------------------

def test_the_dealer_first_keeps_or_swaps_and_nobody_else_moves():
    s = GAME.start(3, {}, seed=5)
    assert plays(s, s.dealer) == ["keep", "swap"]
    other = (s.dealer + 1) % 3
    assert plays(s, other) == [] and "not your turn" in refused(s, other, "keep")
    prompt = GAME.prompt(s, s.dealer)
    assert [c.path for c in prompt.choices] == [(("The widow", "Keep my hand"),), (("The widow", "Take the widow"),)]


def test_a_swap_takes_the_widow_unseen_and_the_old_hand_is_dead_with_no_auction():
    s = GAME.start(3, {}, seed=5)
    dealer, old, widow = s.dealer, list(s.hands[s.dealer]), list(s.widow)
    events = GAME.apply(s, dealer, "swap")
    assert sorted(s.hands[dealer]) == sorted(widow) and s.dead == old and s.dead_seat == dealer
    assert s.widow == [] and s.phase == PLAY and s.window is None
    assert GAME.to_move(s) == {(dealer + 1) % 3}, "play starts left of the dealer"
    assert "takes the widow unseen" in events[0].text


def test_dead_cards_are_never_shown_only_counted_except_to_the_player_who_held_them():
    s = GAME.start(4, {}, seed=5)
    dealer = s.dealer
    GAME.apply(s, dealer, "swap")
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(s, seat)
        assert_no_leak(GAME, s, seat, view)
        pile = next(p for p in view.piles if p.name == "Dead hand")
        assert pile.count == len(s.dead)
        assert pile.cards == (s.dead if seat == dealer else [])


def test_keeping_opens_a_sealed_bid_window_for_every_other_player():
    s = GAME.start(4, {}, seed=5)
    dealer = s.dealer
    GAME.apply(s, dealer, "keep")
    others = {(dealer + k) % 4 for k in (1, 2, 3)}
    assert s.phase == AUCTION and GAME.to_move(s) == others
    assert GAME.reaction(s) == f"widow_bids:{s.serial}"
    for seat in others:
        assert bids(s, seat) == ["pass"] + [f"bid {n}" for n in range(1, MAX_BID + 1)]
        assert GAME.timeout_move(s, seat) == Move("pass")
    assert plays(s, dealer) == [], "the dealer does not bid on the widow"


def sealed(players=4, dealer=0, scores=None, options=None):
    s = GAME.start(players, options or {}, seed=11)
    s.dealer = dealer
    s.turn = dealer
    if scores is not None:
        s.scores = list(scores)
    GAME.apply(s, dealer, "keep")
    return s


def test_sealed_bids_are_never_shown_before_the_window_closes():
    s = sealed()
    events = GAME.apply(s, 2, "bid 7")
    assert texts(events) == [], "no 'has answered' log line to crowd the Recent log: the seat note tells"
    assert_events_private(GAME, s, events)
    for seat in (None, 0, 1, 3):
        blob = json.dumps(GAME.view(s, seat).to_dict())
        assert "7 chips" not in blob and "bid 7" not in blob
    assert "Your sealed answer: bid 7 chips" in GAME.view(s, 2).facts
    assert "has answered" in GAME.view(s, 1).seats[2].notes
    assert "bidding" in GAME.view(s, None).seats[1].notes, "who is still awaited shows too"
    assert GAME.to_move(s) == {1, 3}


def test_a_sealed_bid_capped_at_one_chip_reads_bid_1_chip():
    """'bid 1 chip or pass', not 'bid 1–1 chips'; open bidding likewise names a single amount."""
    s = sealed(scores=[50, 1, 50, 50])
    text = GAME.prompt(s, 1).text
    assert "Sealed bid for the widow: bid 1 chip or pass." in text and "1–1" not in text
    s2 = sealed(scores=[50, 50, 2, 50], options={"auction": "round_robin"})
    GAME.apply(s2, 1, "bid 1")
    assert GAME.to_move(s2) == {2}
    text = GAME.prompt(s2, 2).text
    assert "Bid 2 chips for the widow, or pass" in text and "2–2" not in text


def test_the_highest_sealed_bid_buys_the_widow_and_pays_the_dealer():
    s = sealed(scores=[50, 50, 50, 50])
    widow = list(s.widow)
    old = list(s.hands[3])
    GAME.apply(s, 1, "bid 2")
    GAME.apply(s, 3, "bid 5")
    events = GAME.apply(s, 2, "pass")
    assert "The bids: {p1} 2, {p2} passed and {p3} 5." in texts(events)
    assert any("{p3} buys the widow for 5 chips, paid to {p0}" in t for t in texts(events))
    assert s.scores == [55, 50, 50, 45]
    assert sorted(s.hands[3]) == sorted(widow) and s.dead == old and s.dead_seat == 3
    assert s.window is None and s.phase == PLAY and GAME.reaction(s) is None
    assert GAME.to_move(s) == {1}


def test_equal_sealed_bids_go_to_the_first_clockwise_from_the_dealer_whatever_the_answer_order():
    for order in ([3, 1, 2], [1, 2, 3], [2, 3, 1]):
        s = sealed(dealer=2)
        answers = {1: "bid 4", 3: "bid 4", 0: "bid 4"}
        seats = [0, 1, 3]
        for k in order:
            seat = seats[k - 1]
            GAME.apply(s, seat, answers[seat])
        assert s.dead_seat == 3, "seat 3 is first clockwise from dealer 2"
    s = sealed(dealer=0)
    GAME.apply(s, 3, "bid 6")
    GAME.apply(s, 1, "bid 6")
    GAME.apply(s, 2, "bid 9")
    assert s.dead_seat == 2, "a higher bid beats seat order"


def test_when_everyone_passes_the_widow_stays_dead_and_unseen():
    s = sealed()
    widow = list(s.widow)
    for seat in (1, 2, 3):
        events = GAME.apply(s, seat, "pass")
    assert "Nobody bids: the widow stays dead, unseen." in texts(events)
    assert s.dead == widow and s.dead_seat == -1 and s.widow == [] and s.phase == PLAY
    assert s.scores == [46] * 4 and sum(s.scores) + sum(s.pots) == 200, "nobody paid anything"
    for seat in (None, 0, 1, 2, 3):
        assert_no_leak(GAME, s, seat, GAME.view(s, seat))


def test_a_late_answer_is_refused_once_the_window_has_closed():
    s = sealed(players=3)
    GAME.apply(s, 1, "pass")
    assert "not your turn" in refused(s, 1, "bid 3"), "one answer per seat"
    GAME.apply(s, 2, "pass")
    late = next(iter(GAME.to_move(s)))
    assert "no auction" in refused(s, late, "bid 3")


def test_bids_run_from_one_chip_to_twenty_and_never_above_the_chips_held():
    s = sealed(scores=[50, 6, 50, 50])
    assert bids(s, 1) == ["pass"] + [f"bid {n}" for n in range(1, 7)]
    assert "cannot bid more than the 6 chips you have" in refused(s, 1, "bid 7")
    assert "up to 20" in refused(s, 2, "bid 21")
    assert "opening bid is 1" in refused(s, 2, "bid 0")
    assert "whole number" in refused(s, 2, "bid lots")
    assert "as it is offered, e.g. 'bid 5'" in refused(s, 2, "bid 05")


def test_a_player_without_chips_is_in_the_window_but_can_only_pass():
    s = sealed(scores=[50, 0, 50, 50])
    assert GAME.to_move(s) == {1, 2, 3}
    assert bids(s, 1) == ["pass"]
    assert "no chips" in GAME.prompt(s, 1).text


def test_round_robin_auction_goes_round_from_the_dealers_left_raising_or_passing_for_good():
    s = sealed(options={"auction": "round_robin"})
    assert s.window is None and GAME.reaction(s) is None and GAME.to_move(s) == {1}
    assert bids(s, 1)[:3] == ["pass", "bid 1", "bid 2"]
    GAME.apply(s, 1, "bid 2")
    assert GAME.to_move(s) == {2} and bids(s, 2)[:2] == ["pass", "bid 3"]
    assert "more than the high bid of 2" in refused(s, 2, "bid 2")
    GAME.apply(s, 2, "pass")
    GAME.apply(s, 3, "bid 4")
    assert GAME.to_move(s) == {1}, "seat 2 passed and is out of the auction"
    assert "high bid 4" in GAME.view(s, 0).seats[3].notes and "passed" in GAME.view(s, 0).seats[2].notes
    events = GAME.apply(s, 1, "pass")
    assert any("{p3} buys the widow for 4 chips" in t for t in texts(events))
    assert s.scores[0] == 46 + 4 and s.scores[3] == 46 - 4 and s.phase == PLAY


def test_round_robin_with_no_bid_leaves_the_widow_dead():
    s = sealed(players=3, options={"auction": "round_robin"})
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "pass")
    assert s.phase == PLAY and s.dead_seat == -1 and len(s.dead) == 13


def test_round_robin_a_bidder_who_cannot_raise_can_only_pass():
    s = sealed(players=3, scores=[50, 3, 50], options={"auction": "round_robin"})
    GAME.apply(s, 1, "bid 3")
    GAME.apply(s, 2, "bid 4")
    assert bids(s, 1) == ["pass"]


# --- play -------------------------------------------------------------------------------------

def test_the_dealers_left_starts_with_the_lowest_card_of_a_suit_of_their_choice_aces_high():
    s = table([["AS", "4S", "9H", "KD"], ["5S"], ["2C"]], dealer=2)
    assert GAME.to_move(s) == {0}
    assert plays(s, 0) == ["play 4S", "play 9H", "play KD"]
    assert "lowest card of the suit: 4♠" in refused(s, 0, "play AS")
    prompt = GAME.prompt(s, 0)
    assert prompt.choices[0].path == (("Start a run with your lowest card of a suit", "4♠"),)


def test_the_holder_of_the_next_card_plays_it_wherever_they_sit():
    s = table([["4S", "8S", "2D", "3D"], ["5S", "7S", "KD"], ["6S", "2C", "3C"]], dead=["9S"])
    events = GAME.apply(s, 0, "play 4S")
    assert texts(events)[:5] == ["{p0} plays 4♠.", "{p1} plays 5♠.", "{p2} plays 6♠.", "{p1} plays 7♠.",
                                 "{p0} plays 8♠."]
    assert s.played["S"] == ["4S", "5S", "6S", "7S", "8S"]
    assert "The ♠ run stops (the next card is not in play)." in texts(events), "9♠ is dead"
    assert "9♠" not in " ".join(texts(events)), "the missing card is never named"


def test_after_a_stop_the_last_player_starts_a_run_in_a_suit_of_the_opposite_colour():
    s = table([["4S", "2C", "5H", "3D"], ["5S", "9D"], ["2H", "3C"]], dead=["6S"])
    GAME.apply(s, 0, "play 4S")
    assert GAME.to_move(s) == {1} and s.lead_suits == ["H", "D"]
    assert plays(s, 1) == ["play 9D"]
    assert "♥ hearts or ♦ diamonds" in GAME.prompt(s, 1).text


def test_the_last_player_chooses_between_the_two_opposite_colour_suits():
    s = table([["4S", "2C", "5H", "3D"], ["9D", "QC"], ["2H", "3C"]], dead=["5S"])
    GAME.apply(s, 0, "play 4S")
    assert GAME.to_move(s) == {0} and plays(s, 0) == ["play 5H", "play 3D"]
    assert "run stopped" in refused(s, 0, "play 2C")


def test_a_run_stops_after_the_ace():
    s = table([["KH", "2C", "9C"], ["AH", "5S", "7S"], ["2H", "3C"]])
    events = GAME.apply(s, 0, "play KH")
    assert "The ♥ run stops after the ace." in texts(events)
    assert GAME.to_move(s) == {1} and plays(s, 1) == ["play 5S"], "after hearts, a black suit"


def test_holding_no_opposite_colour_the_turn_passes_left_to_the_first_who_holds_one():
    s = table([["4H", "2H", "9D"], ["5H", "8H"], ["3S", "KD"], ["2C", "QD"]], dealer=3, dead=["6H"])
    events = GAME.apply(s, 0, "play 2H")
    # 3♥ is in no hand, so the run stops at once with seat 0 last
    assert "{p0} holds no ♠ spades or ♣ clubs: {p2} starts the next run." in texts(events)
    assert GAME.to_move(s) == {2} and plays(s, 2) == ["play 3S"]


def test_when_nobody_holds_the_opposite_colour_the_last_player_starts_any_suit():
    s = table([["4H", "2H", "9D"], ["5H", "8H"], ["KD"], ["QD"]], dealer=3)
    events = GAME.apply(s, 0, "play 2H")
    assert any("Nobody holds a card of ♠ spades or ♣ clubs: {p0} starts a run in any suit." == t
               for t in texts(events))
    assert GAME.to_move(s) == {0} and plays(s, 0) == ["play 4H", "play 9D"]


def test_playing_a_pay_card_collects_its_pot():
    s = table([["QH", "2C", "9C"], ["KH", "5S"], ["AH", "3C"]], pots=[7, 3, 4, 5])
    events = GAME.apply(s, 0, "play QH")
    assert "{p2} collects the ace of ♥ pot: 7 chips." in texts(events)
    assert s.pots == [0, 3, 4, 5] and s.scores == [50, 50, 57]


def test_the_first_player_out_is_paid_a_chip_per_card_and_unwon_pots_carry_over():
    s = table([["3C"], ["5S", "7S", "9S"], ["2H", "3H"]], pots=[2, 4, 6, 8], dealer=2, turn=0)
    events = GAME.apply(s, 0, "play 3C")
    assert "{p0} is out of cards and wins the hand!" in texts(events)
    assert "Hand 1: {p0} went out; {p1} paid 3 chips and {p2} paid 2 chips" in text_from(s.last_result)
    assert s.scores == [55 - 4, 47 - 4, 48 - 4], "then everyone antes for hand 2"
    assert s.pots == [5, 7, 9, 11] and s.hand_no == 2 and s.dealer == 0, "the deal passes left"


def test_chain_manual_the_holder_of_the_next_card_must_play_it_as_their_only_move():
    s = table([["4S", "2D"], ["5S", "3D"], ["6S", "2C"]], options={"chain": "manual"})
    events = GAME.apply(s, 0, "play 4S")
    assert texts(events) == ["{p0} plays 4♠."]
    assert GAME.to_move(s) == {1} and plays(s, 1) == ["play 5S"]
    assert "next card" in GAME.prompt(s, 1).text
    assert GAME.prompt(s, 1).choices[0].path == (("Play the next card", "5♠"),)
    assert "must play 5♠" in refused(s, 1, "play 3D")
    GAME.apply(s, 1, "play 5S")
    assert GAME.to_move(s) == {2} and plays(s, 2) == ["play 6S"]


# --- the match --------------------------------------------------------------------------------

def test_the_match_is_one_deal_each_by_default_and_the_hands_option_sets_it():
    s = GAME.start(4, {}, seed=1)
    assert GAME.view(s, None).facts[1].startswith("Match: 4 hands")
    s2 = GAME.start(4, {"hands": 7}, seed=1)
    assert "7 hands" in GAME.view(s2, None).facts[1]


def test_the_last_hand_ends_the_match_and_the_most_chips_wins():
    s = table([["3C"], ["5S"], ["2H"]], scores=[40, 60, 45], turn=0)
    s.hand_no = 3
    GAME.apply(s, 0, "play 3C")
    out = GAME.outcome(s)
    assert s.over and s.scores == [42, 59, 44] and out.winners == [1] and out.placings == [3, 1, 2]
    assert GAME.to_move(s) == frozenset()


def test_broke_negative_lets_chips_go_below_zero():
    s = table([["3C"], ["5S", "6S", "7S"], ["2H"]], scores=[40, 1, 45], turn=0)
    GAME.apply(s, 0, "play 3C")
    assert not s.over and s.scores[1] == 1 - 3 - 4


def test_broke_end_stops_the_match_after_the_hand_that_leaves_someone_without_chips():
    s = table([["3C"], ["5S", "6S", "7S"], ["2H"]], scores=[40, 1, 45], turn=0, options={"broke": "end"})
    GAME.apply(s, 0, "play 3C")
    assert s.over and s.scores == [42, 0, 44]


def test_broke_eliminate_drops_broke_players_from_the_deal_and_the_auction():
    s = table([["3C"], ["5S", "6S", "7S"], ["2H"], ["9D"]], scores=[40, 1, 45, 30], turn=0, dealer=3,
              options={"broke": "eliminate"})
    GAME.apply(s, 0, "play 3C")
    assert not s.over and s.out == [False, True, False, False] and s.hands[1] == []
    assert s.dealer == 0 and sorted(len(h) for h in s.hands) == [0, 13, 13, 13] and len(s.widow) == 13
    GAME.apply(s, 0, "keep")
    assert GAME.to_move(s) == {2, 3}


def test_chips_are_conserved_between_seats_and_pots():
    for options in ({}, {"auction": "round_robin", "chain": "manual"}, {"broke": "end", "chips": 10}):
        s = GAME.start(5, options, seed=4)
        total = 5 * s.options["chips"]
        rng = random.Random(1)
        while not s.over:
            seat = sorted(GAME.to_move(s))[0]
            GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
            assert sum(s.scores) + sum(s.pots) == total


# --- what people see, and computer players ----------------------------------------------------

def test_pots_are_shown_without_reading_as_cards():
    s = GAME.start(3, {}, seed=2)
    facts = GAME.view(s, 0).facts
    assert facts[0] == "Pots: ace of ♥ 3, king of ♣ 3, queen of ♦ 3 and jack of ♠ 3"
    assert all(C.text(c) not in " ".join(facts) for c in PAY_CARDS)


def test_zones_list_every_card_once():
    s = GAME.start(4, {}, seed=8)
    GAME.apply(s, s.dealer, "swap")
    zones = GAME.zones(s)
    assert Counter(c for z in zones for c in z.cards) == Counter(C.french_deck())
    assert [z.visible_to for z in zones] == [0, 1, 2, 3, "none", s.dealer, "all", "all", "all", "all"]


def test_determinize_replaces_other_seats_sealed_bids_but_keeps_ones_own():
    s = sealed()
    GAME.apply(s, 1, "bid 9")
    GAME.apply(s, 2, "bid 3")
    seen = set()
    for n in range(20):
        d = GAME.determinize(s, 2, random.Random(n))
        assert d.window["answers"]["2"] == "3" and set(d.window["answers"]) == {"1", "2"}
        seen.add(d.window["answers"]["1"])
        assert GAME.view(d, 2) == GAME.view(s, 2)
    assert seen != {"9"}


def test_determinize_keeps_the_next_card_with_the_seat_that_must_play_it():
    s = table([["4S", "2D"], ["5S", "3D", "9H"], ["6S", "2C", "KH"]], options={"chain": "manual"})
    held = {c for h in s.hands for c in h}
    s.dead = [c for c in C.french_deck() if c not in held]
    GAME.apply(s, 0, "play 4S")
    assert s.need == "5S" and s.turn == 1
    for watcher in (0, 2):
        for n in range(10):
            d = GAME.determinize(s, watcher, random.Random(n))
            assert "5S" in d.hands[1] and GAME.moves(d, 1) == [Move("play", ("5S",))]
            assert d.hands[watcher] == s.hands[watcher]
            assert Counter(c for z in GAME.zones(d) for c in z.cards) == Counter(
                c for z in GAME.zones(s) for c in z.cards)


def test_determinize_gives_the_leader_a_card_of_the_suits_to_lead():
    s = table([["4S", "2C", "5H", "3D"], ["5S", "9D", "KC"], ["2H", "3C", "QD"]], dead=["6S"],
              widow=[], dealer=2)
    rest = [c for c in C.french_deck() if c not in {c for h in s.hands for c in h} | {"6S"}]
    s.dead += rest
    GAME.apply(s, 0, "play 4S")
    assert s.turn == 1
    for n in range(20):
        d = GAME.determinize(s, 0, random.Random(n))
        assert GAME.moves(d, 1), "the leader always has a legal lead"
        assert any(C.suit(c) in "HD" for c in d.hands[1])


def test_rollout_leads_the_suit_with_the_longest_own_run():
    s = table([["4S", "5S", "6S", "9H"], ["2H"], ["2C"]])
    picks = {str(GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(n))) for n in range(10)}
    assert picks == {"play 4S"}


def test_json_round_trip_keeps_the_state_and_the_window():
    s = sealed()
    GAME.apply(s, 1, "bid 2")
    twin = NewmarketState.from_json(s.to_json())
    assert twin == s and GAME.to_move(twin) == GAME.to_move(s) and GAME.reaction(twin) == GAME.reaction(s)


@pytest.mark.parametrize(("players", "options"), [
    (3, {"auction": "round_robin"}),
    (4, {"chain": "manual", "dealer_double": True}),
    (5, {"broke": "eliminate", "chips": 5, "hands": 12}),
    (6, {"broke": "end", "chips": 8, "ante": 2}),
    (8, {"auction": "round_robin", "chain": "manual", "broke": "eliminate", "chips": 6}),
])
def test_random_matches_keep_every_invariant_and_finish(players, options):
    for seed in range(3):
        run = play_random(GAME, players, options, seed)
        assert run.final.over and GAME.outcome(run.final).winners


def test_refusals_say_what_is_wrong():
    s = table([["4S", "9S", "2D"], ["3D"], ["4D"]])
    assert_card_refusals(GAME, s, 0, not_held="7D", offered="4S")
    assert "not a move in Newmarket" in refused(s, 0, "draw")
    assert "no auction" in refused(s, 0, "bid 3")
    assert "nothing to pass" in refused(s, 0, "pass")
    assert "already been decided" in refused(s, 0, "swap")
    w = GAME.start(3, {}, seed=1)
    assert "Keep your hand or take the widow" in refused(w, w.dealer, "pass")
    assert "settled" in refused(w, w.dealer, "play " + w.hands[w.dealer][0])


def test_options_are_checked():
    with pytest.raises(BadOption, match="auction"):
        GAME.Options.parse({"auction": "dutch"}, 4)
    with pytest.raises(BadOption, match="chain"):
        GAME.Options.parse({"chain": "fast"}, 4)
    with pytest.raises(BadOption):
        GAME.start(9, {})
    assert GAME.Options.parse({"dealer_double": "yes", "hands": "6"}, 3).hands == 6


def test_registered():
    assert registry.get("newmarket") is GAME


# --- in other languages ---------------------------------------------------------------------------------

def test_a_run_that_stops_reads_in_italian_and_the_pots_in_chinese():
    """The lines of a run played by whoever holds the next card, the stop and the status read in
    Italian with names and cards filled in; the pots list reads in Chinese, pay cards named in words."""
    from games.engine import Event
    from games.localize import render

    s = table([["4S", "8S", "2D", "3D"], ["5S", "7S", "KD"], ["6S", "2C", "3C"]], dead=["9S"], pots=[3, 3, 3, 3])
    events = GAME.apply(s, 0, "play 4S")
    lines = [Event(render(e.text, "it")).render(["Ada", "Bea", "Cesare"]) for e in events]
    assert lines == ["Ada gioca 4♠.", "Bea gioca 5♠.", "Cesare gioca 6♠.", "Bea gioca 7♠.", "Ada gioca 8♠.",
                     "La scala di ♠ si ferma (la carta successiva non è in gioco)."]
    assert render(GAME.view(s, 0).status, "it") == "Mano 1. {p0} inizia una scala."
    assert render(GAME.view(s, 0).facts[0], "zh_CN") == "奖池：红桃A：3、梅花K：3、方块Q：3和黑桃J：3"
    assert render(GAME.title, "zh_CN") == "纽马克特"
