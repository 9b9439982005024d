"""Oh Hell!: the rules in shared/rules/oh_hell.md, one rule per test."""

import random
from collections import Counter

import pytest

from games import cards as C
from games import registry
from games.engine import BadOption, Move
from games.oh_hell import BID, GAME, PLAY, OhHellOptions, OhHellState, hand_points
from games.text import text_from
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck())


def table(hands, *, dealer=0, size=None, trump="S", bids=None, trick=(), leader=None,
          phase=PLAY, options=None, scores=None, seed=7):
    """A state with the given hands (and current trick), every other card in the
    stock or as the upcard, so that the 52 cards are all accounted for."""
    players = len(hands)
    s = GAME.start(players, options or {}, seed)
    held = {c for h in hands for c in h} | set(trick)
    rest = [c for c in C.french_deck() if c not in held]
    upcard = next((c for c in rest if C.suit(c) == trump), None) if trump else None
    s.dealer = dealer
    s.hands = [list(h) for h in hands]
    s.trick = list(trick)
    s.upcard = [upcard] if upcard else []
    s.stock = [c for c in rest if c != upcard]
    s.trump = trump or ""
    s.size = size if size is not None else max(len(h) for h in hands) + (1 if trick else 0)
    s.phase = phase
    s.bids = list(bids) if bids is not None else ([1] * players if phase == PLAY else [None] * players)
    s.taken = [0] * players
    s.won = [[] for _ in range(players)]
    s.voids = [""] * players
    s.last_trick, s.last_leader, s.last_winner = [], -1, -1
    s.leader = leader if leader is not None else (dealer + 1) % players
    if phase == PLAY:
        s.turn = (s.leader + len(trick)) % players
    else:
        s.turn = next(i % players for i in range(dealer + 1, dealer + players + 1) if s.bids[i % players] is None)
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def bids_of(s, seat):
    return [int(m.args[0]) for m in GAME.moves(s, seat)]


def refused(s, seat, move):
    """Apply an illegal move: it must raise IllegalMove and leave the state as it was."""
    return assert_refused(GAME, s, seat, move)


def play_out(s, rng, policy=None):
    while not s.over:
        seat = next(iter(GAME.to_move(s)))
        moves = GAME.moves(s, seat)
        GAME.apply(s, seat, policy(s, seat, moves, rng) if policy else rng.choice(moves))


HANDS_4x3 = [["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "10C"], ["JC", "QC", "KC"]]


# --- bidding ----------------------------------------------------------------------------

def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last_then_dealer_s_left_leads():
    s = GAME.start(4, {}, seed=3)
    first = (s.dealer + 1) % 4
    assert s.phase == BID and GAME.to_move(s) == {first}
    order = []
    while s.phase == BID:
        seat = next(iter(GAME.to_move(s)))
        order.append(seat)
        GAME.apply(s, seat, GAME.moves(s, seat)[-1])
    assert order == [(s.dealer + k) % 4 for k in (1, 2, 3, 4)]
    assert s.phase == PLAY and GAME.to_move(s) == {first} and s.leader == first


def test_players_other_than_the_dealer_bid_zero_to_the_hand_size():
    s = table(HANDS_4x3, dealer=0, phase=BID)
    assert bids_of(s, 1) == [0, 1, 2, 3]
    assert "from 0 to 3" in refused(s, 1, "bid 4")


def test_dealer_may_not_bid_so_that_the_total_does_not_exceed_the_hand_size():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, 1, 0, 1])
    assert bids_of(s, 0) == [2, 3], "others bid 2 of 3 tricks: the dealer needs at least 2"
    message = refused(s, 0, "bid 1")
    assert "at least 2" in message and "more than 3" in message
    GAME.apply(s, 0, "bid 2")
    assert sum(s.bids) > s.size


def test_dealer_is_free_when_the_others_already_bid_more_than_the_hand_size():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, 3, 1, 0])
    assert bids_of(s, 0) == [0, 1, 2, 3]


def test_dealer_must_bid_above_the_hand_size_when_the_minimum_forces_it():
    s = table([["2C"], ["5C"], ["8C"], ["JC"]], dealer=2, phase=BID, bids=[0, 0, None, 0])
    assert GAME.to_move(s) == {2}
    assert bids_of(s, 2) == [2], "one-card hand, others bid 0: the dealer can only bid 2"
    assert "exactly 2" in refused(s, 2, "bid 3")
    assert "at least 2" in refused(s, 2, "bid 1")


def test_hook_dealer_rule_forbids_only_the_bid_making_the_total_equal_the_hand_size():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, 1, 0, 1], options={"dealer_rule": "hook"})
    assert bids_of(s, 0) == [0, 2, 3]
    assert "exactly 3" in refused(s, 0, "bid 1")


def test_hook_dealer_rule_allows_everything_when_the_others_exceed_the_hand_size():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, 3, 1, 0], options={"dealer_rule": "hook"})
    assert bids_of(s, 0) == [0, 1, 2, 3]


def test_none_dealer_rule_lets_the_dealer_bid_anything_up_to_the_hand_size():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, 1, 0, 1], options={"dealer_rule": "none"})
    assert bids_of(s, 0) == [0, 1, 2, 3]
    assert "from 0 to 3" in refused(s, 0, "bid 4")


def test_invalid_dealer_bids_are_not_offered_in_the_prompt():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, 1, 0, 1])
    prompt = GAME.prompt(s, 0)
    assert [c.path for c in prompt.choices] == [(("Bid", "2"),), (("Bid", "3"),)]
    assert "2 or more" in prompt.text


# --- play ----------------------------------------------------------------------------------

def test_must_follow_suit():
    s = table([["2H", "9H", "AS"], ["5C", "6C", "7C"], ["8C", "9C", "10C"], ["JC", "QC"]],
              dealer=2, trick=["KH"], leader=3, size=3)
    assert GAME.to_move(s) == {0}
    assert [m.args[0] for m in GAME.moves(s, 0)] == ["2H", "9H"]
    message = refused(s, 0, "play AS")
    assert "follow suit" in message and "hearts" in message


def test_a_player_without_the_led_suit_may_play_any_card_including_a_trump():
    s = table([["2D", "AS"], ["5C", "6C"], ["8C", "9C"], ["JC"]], dealer=2, trick=["KH"],
              leader=3, size=2, trump="S")
    assert sorted(m.args[0] for m in GAME.moves(s, 0)) == ["2D", "AS"]
    GAME.apply(s, 0, "play AS")
    assert s.voids[0] == "H", "failing to follow shows the seat holds no hearts"


def test_the_leader_may_lead_any_card():
    s = table([["2H", "9D", "AS"], ["5C", "6C", "7C"], ["8C", "9C", "10C"], ["JC", "QC", "KC"]], dealer=3)
    assert sorted(m.args[0] for m in GAME.moves(s, 0)) == ["2H", "9D", "AS"]
    assert GAME.prompt(s, 0).choices[0].path == (("Play a card", "2♥"),)


def test_trump_beats_the_led_suit_and_the_winner_leads_next():
    s = table([["AH", "3D"], ["2S", "3C"], ["KH", "4D"], ["QH", "5D"]], dealer=3, trump="S")
    for seat, code in ((0, "AH"), (1, "2S"), (2, "KH"), (3, "QH")):
        GAME.apply(s, seat, f"play {code}")
    assert s.taken == [0, 1, 0, 0]
    assert sorted(s.won[1]) == sorted(["AH", "2S", "KH", "QH"])
    assert s.last_trick == ["AH", "2S", "KH", "QH"] and s.last_winner == 1
    assert s.trick == [] and GAME.to_move(s) == {1} and s.leader == 1


def test_highest_card_of_the_led_suit_wins_when_no_trump_is_played():
    s = table([["9H", "3D"], ["AD", "3C"], ["KH", "4D"], ["QH", "5D"]], dealer=3, trump="S")
    for seat, code in ((0, "9H"), (1, "AD"), (2, "KH"), (3, "QH")):
        GAME.apply(s, seat, f"play {code}")
    assert s.taken == [0, 0, 1, 0], "an off-suit ace that is not trump does not win"


def test_aces_are_high():
    s = table([["KH", "3D"], ["AH", "3C"], ["2H", "4D"], ["QH", "5D"]], dealer=3, trump="")
    for seat, code in ((0, "KH"), (1, "AH"), (2, "2H"), (3, "QH")):
        GAME.apply(s, seat, f"play {code}")
    assert s.taken == [0, 1, 0, 0]


def test_the_upcard_s_suit_is_trump():
    s = GAME.start(4, {}, seed=11)
    assert len(s.upcard) == 1 and s.trump == C.suit(s.upcard[0])
    assert len(s.stock) == 52 - 4 * 10 - 1


def test_no_trump_when_no_card_is_left_for_an_upcard():
    s = GAME.start(4, {"start_size": 13}, seed=11)
    assert s.upcard == [] and s.trump == "" and s.stock == []
    assert "No trump" in GAME.view(s, 0).facts[0]


# --- scoring --------------------------------------------------------------------------------

def test_exact_bid_scores_ten_per_trick():
    assert hand_points(3, 3) == 30
    assert hand_points(1, 1) == 10


def test_exact_bid_of_zero_scores_10():
    assert hand_points(0, 0) == 10


def test_off_by_two_scores_minus_20_over_or_under():
    assert hand_points(5, 3) == -20
    assert hand_points(0, 2) == -20
    assert hand_points(2, 3) == -10


def test_scores_are_added_when_the_hand_ends_and_the_next_hand_is_dealt():
    s = table([["AH"], ["2H"], ["3H"], ["4H"]], dealer=3, bids=[1, 0, 1, 0], trump="S",
              scores=[5, 5, 5, 5], size=1)
    hand_no, dealer = s.hand_no, s.dealer
    for seat, code in ((0, "AH"), (1, "2H"), (2, "3H"), (3, "4H")):
        GAME.apply(s, seat, f"play {code}")
    assert s.scores == [15, 15, -5, 15]
    assert s.hand_no == hand_no + 1 and s.dealer == (dealer + 1) % 4
    assert s.phase == BID and s.size == 9, "the second hand of 10..1..10 has 9 cards"
    assert "bid 1, took 1: +10" in text_from(s.last_result)


# --- schedule and dealer -------------------------------------------------------------------

def test_schedule_10_1_10_has_19_hands_for_three_to_five_players():
    for players in (3, 4, 5):
        sizes = OhHellOptions().sizes(players)
        assert len(sizes) == 19
        assert list(sizes) == list(range(10, 0, -1)) + list(range(2, 11))
        assert sizes.count(1) == 1, "the one-card hand is dealt once"


def test_schedule_has_15_hands_from_8_for_six_and_13_hands_from_7_for_seven():
    assert OhHellOptions().sizes(6) == tuple(range(8, 0, -1)) + tuple(range(2, 9))
    assert OhHellOptions().sizes(7) == tuple(range(7, 0, -1)) + tuple(range(2, 8))


def test_ascending_first_schedule_goes_up_then_down():
    assert OhHellOptions(schedule="up_down").sizes(4) == tuple(range(1, 11)) + tuple(range(9, 0, -1))


def test_fixed_schedule_deals_the_start_size_every_hand():
    assert OhHellOptions(schedule="fixed", start_size=5, fixed_hands=4).sizes(4) == (5, 5, 5, 5)
    assert OhHellOptions(schedule="fixed").sizes(4) == (10,) * 19, "fixed_hands 0 = as many as down_up"


def test_start_size_option_sets_the_first_hand():
    s = GAME.start(3, {"start_size": 17}, seed=1)
    assert s.size == 17 and all(len(h) == 17 for h in s.hands) and s.upcard and not s.stock


def test_a_whole_match_deals_the_schedule_in_order_and_rotates_the_dealer_left():
    s = GAME.start(5, {}, seed=4)
    sizes, dealers = [s.size], [s.dealer]
    rng = random.Random(4)
    while not s.over:
        seat = next(iter(GAME.to_move(s)))
        GAME.apply(s, seat, GAME.rollout_move(s, seat, GAME.moves(s, seat), rng))
        if not s.over and s.size and len(sizes) < s.hand_no:
            sizes.append(s.size)
            dealers.append(s.dealer)
    assert sizes[:19] == list(OhHellOptions().sizes(5))
    assert sizes[19:] == [1] * s.tiebreaks
    assert all(b == (a + 1) % 5 for a, b in zip(dealers, dealers[1:], strict=False))
    assert s.hand_no == 19 + s.tiebreaks


def test_the_first_dealer_is_random():
    assert len({GAME.start(4, {}, seed).dealer for seed in range(30)}) == 4


# --- the end of the match and the tie-break ----------------------------------------------------

LAST = {"schedule": "fixed", "start_size": 1, "fixed_hands": 1}


def finish_one_card_hand(s, cards):
    """Play a one-card trick, seats in turn from the leader."""
    for k in range(s.players):
        seat = (s.leader + k) % s.players
        GAME.apply(s, seat, f"play {cards[seat]}")


def test_highest_score_after_the_schedule_wins():
    s = table([["AH"], ["2H"], ["3H"], ["4H"]], dealer=3, bids=[1, 0, 0, 0], options=LAST,
              scores=[50, 60, 0, -30], size=1)
    finish_one_card_hand(s, ["AH", "2H", "3H", "4H"])
    assert s.over and s.scores == [60, 70, 10, -20]
    out = GAME.outcome(s)
    assert out.winners == [1] and out.placings == [2, 1, 3, 4]
    assert out.scores == [60.0, 70.0, 10.0, -20.0] and "70 points" in out.summary
    assert GAME.to_move(s) == frozenset() and GAME.moves(s, 0) == []
    assert "over" in refused(s, 0, "bid 1")


def test_a_tie_plays_a_one_card_tie_break_hand_whose_points_are_not_added():
    s = table([["AH"], ["2H"], ["3H"], ["4H"]], dealer=3, bids=[1, 0, 0, 1], options=LAST,
              scores=[60, 60, 0, 10], size=1)
    finish_one_card_hand(s, ["AH", "2H", "3H", "4H"])   # 0: +10, 1: +10, 3: -10
    assert s.scores == [70, 70, 10, 0] and not s.over
    assert s.tied == [0, 1] and s.tiebreaks == 1 and s.hand_no == 2
    assert s.size == 1 and all(len(h) == 1 for h in s.hands) and s.phase == BID
    assert any("Tie-break" in f for f in GAME.view(s, 0).facts)


def tie_break_state(hands, bids):
    """The tie-break hand between seats 0 and 1, dealt with the given one-card hands."""
    s = table([["AH"], ["2H"], ["3H"], ["4H"]], dealer=3, bids=[1, 0, 0, 1], options=LAST,
              scores=[60, 60, 0, 10], size=1)
    finish_one_card_hand(s, ["AH", "2H", "3H", "4H"])   # 0: +10, 1: +10, 2: +10, 3: -10
    assert s.tied == [0, 1] and s.scores == [70, 70, 10, 0]
    t = table(hands, dealer=s.dealer, bids=bids, options=LAST, scores=s.scores, size=1)
    for name in ("hand_no", "tied", "tiebreaks", "survived"):
        setattr(t, name, getattr(s, name))
    return t


def test_tie_break_hand_decides_only_among_tied_players_and_its_points_are_not_added():
    # Seat 2 (not tied) scores best on the tie-break hand; seat 1 beats seat 0 there.
    s = tie_break_state([["2D"], ["AD"], ["3D"], ["4D"]], bids=[1, 1, 0, 0])
    before = list(s.scores)
    finish_one_card_hand(s, ["2D", "AD", "3D", "4D"])   # 0: -10, 1: +10, 2: +10, 3: +10
    assert s.over and s.scores == before, "tie-break points are not added to the totals"
    out = GAME.outcome(s)
    assert out.winners == [1], "only the tied players' results decide"
    assert out.placings == [2, 1, 3, 4]
    assert "Tie-break hand 1 (points not added)" in text_from(s.last_result) and "after the tie-break" in out.summary


def test_tie_break_is_repeated_while_the_tied_players_stay_level():
    s = tie_break_state([["2D"], ["AD"], ["3D"], ["4D"]], bids=[0, 1, 0, 1])
    finish_one_card_hand(s, ["2D", "AD", "3D", "4D"])   # 0: +10, 1: +10: still tied
    assert not s.over and s.tied == [0, 1] and s.tiebreaks == 2 and s.size == 1
    assert s.scores == [70, 70, 10, 0]
    play_out(s, random.Random(2))
    assert GAME.outcome(s).winners[0] in (0, 1)


def test_tie_break_survivors_stand_above_the_players_they_tied_with():
    s = tie_break_state([["2D"], ["AD"], ["3D"], ["4D"]], bids=[1, 1, 0, 0])
    finish_one_card_hand(s, ["2D", "AD", "3D", "4D"])
    standing = GAME.standing(s)
    assert standing[1] > standing[0] > standing[2] > standing[3]


# --- options -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("options", "players", "named"), [
    ({"dealer_rule": "strict"}, 4, "dealer_rule"),
    ({"schedule": "sideways"}, 4, "schedule"),
    ({"start_size": 14}, 4, "start_size"),
    ({"start_size": 9}, 6, "start_size"),
    ({"start_size": "ten"}, 4, "start_size"),
    ({"fixed_hands": -1}, 4, "fixed_hands"),
    ({"trumps": "no"}, 4, "trumps"),
])
def test_bad_options_are_refused_naming_the_option(options, players, named):
    with pytest.raises(BadOption, match=named):
        GAME.start(players, options, seed=1)


def test_player_count_is_three_to_seven():
    for players in (2, 8):
        with pytest.raises(BadOption):
            GAME.start(players, {}, seed=1)
    for players in range(3, 8):
        assert len(GAME.start(players, {}, seed=1).hands) == players


def test_starting_hand_size_depends_on_the_player_count():
    assert [GAME.start(p, {}, seed=1).size for p in range(3, 8)] == [10, 10, 10, 8, 7]


# --- illegal moves ---------------------------------------------------------------------------------

def test_illegal_moves_raise_a_readable_message_and_leave_the_state_unchanged():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, None, None, None])
    assert "not your turn" in refused(s, 2, "bid 1")
    assert "before the play" in refused(s, 1, "play 5C")
    assert "e.g. 'bid 2'" in refused(s, 1, "bid lots")
    assert "e.g. 'bid 2'" in refused(s, 1, "bid -1")
    assert "not a move" in refused(s, 1, "discard 5C")
    p = table(HANDS_4x3, dealer=0)
    assert "bidding is over" in refused(p, 1, "bid 1")
    assert "do not hold" in refused(p, 1, "play 2C")
    assert "e.g. 'play QH'" in refused(p, 1, "play XX")
    assert "e.g. 'play QH'" in refused(p, 1, Move("play", ("5C", "6C")))


# --- what people see ------------------------------------------------------------------------------

def test_view_shows_own_hand_seat_notes_trump_and_the_bids_against_tricks():
    """Each fact once: bids and tricks in the seat notes only, the upcard as a pile only, the
    hand number in the status only."""
    s = table([["AH", "3D"], ["2S", "3C"], ["KH", "4D"], ["QH", "5D"]], dealer=3, trump="S",
              bids=[2, 0, 1, 0])
    for seat, code in ((0, "AH"), (1, "2S"), (2, "KH"), (3, "QH"), (1, "3C")):
        GAME.apply(s, seat, f"play {code}")
    v = GAME.view(s, 2)
    assert v.hand == ["4D"] and [sv.cards for sv in v.seats] == [1, 0, 1, 1]
    assert v.seats[3].notes == ["dealer", "bid 0", "0 tricks"]
    assert v.seats[1].notes == ["bid 0", "1 trick"]
    piles = {p.name: p for p in v.piles}
    assert piles["Current trick"].cards == ["3C"]
    assert piles["Last trick"].cards == ["AH", "2S", "KH", "QH"] and piles["Last trick"].owner == 1
    assert piles["Upcard"].cards == s.upcard and piles["Stock"].cards == []
    assert v.facts == ["Trump: ♠ spades", "2 cards each", "Bids total 3 for 2 tricks (overbid by 1)"]
    assert GAME.view(s, None).hand == []


def test_zones_cover_the_deck_once_and_hide_hands_and_stock():
    s = GAME.start(5, {}, seed=9)
    zones = {z.name: z for z in GAME.zones(s)}
    assert Counter(c for z in zones.values() for c in z.cards) == DECK
    assert zones["hand 2"].visible_to == 2 and zones["stock"].visible_to == "none"
    assert zones["upcard"].visible_to == "all" and zones["trick"].visible_to == "all"
    assert zones["won 0"].visible_to == "all"


def test_instruction_tells_the_dealer_the_minimum_bid_and_the_player_what_to_follow():
    s = table(HANDS_4x3, dealer=0, phase=BID, bids=[None, 1, 0, 1])
    assert "bid 2 or more" in GAME.instruction(s, 0)
    p = table([["2H", "9H", "AS"], ["5C", "6C", "7C"], ["8C", "9C", "10C"], ["JC", "QC"]],
              dealer=2, trick=["KH"], leader=3, size=3)
    assert GAME.instruction(p, 0).startswith("Follow ♥ hearts")


# --- round trip, random matches, computer players ----------------------------------------------------

def test_json_round_trip_keeps_the_state_and_its_moves():
    s = GAME.start(4, {"dealer_rule": "hook"}, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        seat = next(iter(GAME.to_move(s)))
        GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
        twin = OhHellState.from_json(s.to_json())
        assert twin == s and GAME.moves(twin, seat) == GAME.moves(s, seat)
    play_out(s, rng)
    assert OhHellState.from_json(s.to_json()) == s


@pytest.mark.parametrize("players", range(3, 8))
def test_random_matches_conserve_the_deck_and_end_with_one_winner(players):
    rng = random.Random(players)
    options = {"schedule": "up_down", "start_size": 3} if players % 2 else {"start_size": 4}
    s = GAME.start(players, options, seed=players)
    while not s.over:
        seat = next(iter(GAME.to_move(s)))
        GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
        assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    out = GAME.outcome(s)
    assert len(out.winners) == 1 and out.placings[out.winners[0]] == 1


def test_determinize_never_deals_a_seat_a_suit_it_failed_to_follow():
    s = GAME.start(4, {"start_size": 13}, seed=2)
    rng = random.Random(2)
    while s.hand_no == 1 and not any(s.voids[1:]):
        seat = next(iter(GAME.to_move(s)))
        GAME.apply(s, seat, GAME.rollout_move(s, seat, GAME.moves(s, seat), rng))
    assert any(s.voids[1:])
    for _ in range(50):
        d = GAME.determinize(s, 0, rng)
        assert d.hands[0] == s.hands[0] and d.trick == s.trick and d.won == s.won
        assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
        for seat in (1, 2, 3):
            assert not any(C.suit(c) in s.voids[seat] for c in d.hands[seat])
        assert Counter(c for z in GAME.zones(d) for c in z.cards) == DECK


def test_rollout_policy_wins_cheaply_when_short_and_ducks_once_the_bid_is_made():
    s = table([["2H", "KH", "AH"], ["5C", "6C", "7C"], ["8C", "9C", "10C"], ["JC", "QC"]],
              dealer=2, trick=["QH"], leader=3, bids=[1, 0, 0, 0], trump="S", size=3)
    rng = random.Random(0)
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), rng) == Move.of("play", "KH")
    s.taken[0] = 1
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), rng) == Move.of("play", "2H")


def test_rollout_bid_is_legal_and_counts_sure_tricks():
    s = table([["AH", "AD", "AS", "KS"], ["2C", "3C", "4C", "5C"], ["6C", "7C", "8C", "9C"],
               ["10C", "JC", "QC", "KC"]], dealer=3, phase=BID, trump="S")
    move = GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(0))
    assert move in GAME.moves(s, 0) and int(move.args[0]) in (3, 4)


def test_registered():
    assert registry.get("oh_hell") is GAME


def test_a_trick_and_the_hand_result_read_in_spanish_as_podrida():
    """The last trick of a hand, its scoring and the next deal read in Spanish (the game is
    "Podrida" there: bazas, triunfo), seat names filled in; a seat's bid prompt says the trump."""
    from games.engine import Event
    from games.localize import render

    s = table([["AH"], ["2H"], ["3H"], ["4H"]], dealer=3, bids=[1, 0, 1, 0], trump="S",
              scores=[5, 5, 5, 5], size=1)
    events = []
    for seat, code in ((0, "AH"), (1, "2H"), (2, "3H"), (3, "4H")):
        events += GAME.apply(s, seat, f"play {code}")
    names = ["Ana", "Beto", "Carla", "Dani"]
    lines = [Event(render(e.text, "es")).render(names) for e in events]
    assert lines[:5] == [
        "Ana juega A♥.", "Beto juega 2♥.", "Carla juega 3♥.", "Dani juega 4♥.",
        "Ana gana la baza (A♥ 2♥ 3♥ 4♥) y lleva 1 de 1 pedidas.",
    ]
    assert lines[5] == ("Mano 1: Ana pidió 1, ganó 1: +10; Beto pidió 0, ganó 0: +10; Carla pidió 1, ganó 0: -10; "
                        "Dani pidió 0, ganó 0: +10.")
    assert lines[6].startswith("Mano 2 de 19: Ana reparte 9 cartas a cada uno; la carta vuelta es ")
    assert render(GAME.title, "es") == "Podrida"
    prompt = render(GAME.instruction(s, s.turn), "es")
    assert prompt.startswith("Pide cuántas bazas ganarás de 9 en juego (triunfo: ")
