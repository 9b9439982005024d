"""Calabrasella: the rules in shared/rules/calabrasella.md, one rule per test (every
Decision and Clarification named)."""

from collections import Counter

import pytest

from games import cards as C
from games.calabrasella import (
    BID,
    CALL,
    DISCARD,
    GAME,
    GIVE,
    PLAY_PHASE,
    POWER,
    TAKE,
    CalabrasellaOptions,
    card_points,
    hand_of,
    weakest,
)
from games.engine import BadOption, Move
from games.text import text_from
from tests.playthrough import assert_refused

DECK = Counter(C.italian_deck())


def conserved(s):
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK


def fresh(dealer=2, options=None, seed=1):
    s = GAME.start(3, options or {}, seed)
    s.dealer = dealer
    s.turn = (dealer + 1) % 3
    return s


def declare(s, seat):
    """Everyone before ``seat`` passes and ``seat`` says play."""
    while s.turn != seat:
        GAME.apply(s, s.turn, "bid pass")
    GAME.apply(s, seat, "bid play")


def with_hands(s, hands, widow):
    s.hands = [sorted(h) for h in hands]
    s.widow = list(widow)
    conserved(s)
    return s


THREES = ["3S", "3H", "3D", "3C"]
TWOS = ["2S", "2H", "2D", "2C"]


def split_deal(first, second=(), widow=None):
    """Seat 0 holds ``first`` topped up to 12, seat 1 ``second`` topped up, seat 2 the rest but
    the widow (the 4 cards ``widow``, or the last 4 left)."""
    rest = sorted((c for c in C.italian_deck() if c not in first and c not in second and c not in (widow or ())),
                  key=lambda c: (card_points(c), POWER[C.rank(c)]))   # fill with the lowest cards first
    h0 = list(first) + [c for c in rest if c not in second][:12 - len(first)]
    rest = [c for c in rest if c not in h0]
    h1 = list(second) + rest[:12 - len(second)]
    rest = rest[12 - len(second):]
    widow = list(widow) if widow else rest[12:]
    h2 = [c for c in rest if c not in widow][:12]
    return [h0, h1, h2], widow


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


def test_deal_is_twelve_cards_each_from_forty_and_four_in_the_widow():
    """Rules text: 40 cards (no 8s, 9s, 10s), 12 each, 4 face down as the widow."""
    s = GAME.start(3, {}, 5)
    assert [len(h) for h in s.hands] == [12, 12, 12] and len(s.widow) == 4
    conserved(s)
    assert not any(C.rank(c) in (8, 9, 10) for h in s.hands for c in h)
    assert GAME.view(s, 0).piles[-1].cards == [], "the widow lies face down"


def in_play(hands, trick=(), leader=0, declarer=0):
    """A deal in play: the given hands (and current trick), every other card already won by the defenders."""
    s = fresh()
    held = {c for h in hands for c in h} | set(trick)
    s.phase, s.declarer, s.leader = PLAY_PHASE, declarer, leader
    s.turn = (leader + len(trick)) % 3
    s.hands, s.trick, s.widow = [list(h) for h in hands], list(trick), []
    s.won = [[], [c for c in C.italian_deck() if c not in held]]
    conserved(s)
    return s


def test_three_beats_two_beats_ace_and_there_are_no_trumps():
    """Card order 3 > 2 > A > K > Q > J > 7 … 4; the highest card of the suit led wins, no trumps."""
    s = in_play([["AH", "4C"], ["2H", "5C"], ["3H", "6C"]])
    for seat, card in ((0, "AH"), (1, "2H"), (2, "3H")):
        GAME.apply(s, seat, Move("play", (card,)))
    assert s.last_winner == 2 and s.tricks == [0, 1] and s.turn == 2
    s = in_play([["4D", "4C"], ["3S", "5C"], ["5D", "6C"]])
    for seat, card in ((0, "4D"), (1, "3S"), (2, "5D")):
        GAME.apply(s, seat, Move("play", (card,)))
    assert s.last_winner == 2, "a 3 of another suit does not win"


def test_bidding_starts_left_of_the_dealer_and_the_first_play_declares():
    """Rules text: from the dealer's left, pass or play; the first play ends the bidding."""
    s = fresh(dealer=2)
    assert GAME.to_move(s) == {0}
    GAME.apply(s, 0, "bid pass")
    assert GAME.to_move(s) == {1}
    GAME.apply(s, 1, "bid play")
    assert s.declarer == 1 and s.phase == CALL and GAME.to_move(s) == {1}, "the dealer is not asked"


def test_all_pass_redeals_by_the_next_dealer_and_is_no_deal_of_the_match():
    """Rules text and Clarifications 3 and 5: after three passes the next player deals again;
    the redeal does not count towards the match's deals."""
    s = fresh(dealer=2)
    old = [list(h) for h in s.hands]
    for seat in (0, 1, 2):
        GAME.apply(s, seat, "bid pass")
    assert s.dealer == 0 and s.hand_no == 1 and s.phase == BID
    assert GAME.to_move(s) == {1}, "the new dealer's left speaks first"
    assert s.hands != old
    conserved(s)


def test_the_declarer_names_a_three_they_lack():
    """Rules text: the declarer names the suit of a 3 they do not hold."""
    s = fresh(dealer=2)
    with_hands(s, *split_deal(["3S", "3H"]))
    declare(s, 0)
    assert sorted(m.args[0] for m in GAME.moves(s, 0)) == ["3C", "3D"]
    assert "hold" in refused(s, 0, "call 3S")


def test_decision_2_holding_every_three_names_a_two_and_every_two_an_ace():
    """Decision 2: all four 3s: name a 2 not held; all 3s and 2s: an ace, and so on."""
    s = fresh(dealer=2)
    with_hands(s, *split_deal(THREES + ["2D"]))
    declare(s, 0)
    assert sorted(m.args[0] for m in GAME.moves(s, 0)) == ["2C", "2H", "2S"]
    s = fresh(dealer=2)
    with_hands(s, *split_deal(THREES + TWOS + ["AS"]))
    declare(s, 0)
    assert sorted(m.args[0] for m in GAME.moves(s, 0)) == ["AC", "AD", "AH"]


def test_the_holder_hands_the_card_over_without_a_choice():
    """Out-of-turn actions: none; the named card passes to the declarer at once."""
    s = fresh(dealer=2)
    with_hands(s, *split_deal(["4S"], ["3H"]))
    declare(s, 0)
    events = GAME.apply(s, 0, "call 3H")
    assert "3H" in hand_of(s, 0) and "3H" not in s.hands[1]
    assert s.phase == GIVE and GAME.to_move(s) == {0}
    assert any("hands it over" in e.text for e in events)
    conserved(s)


def test_clarification_1_any_card_but_the_received_one_goes_back():
    """Clarification 1: the declarer gives back any card except the one just received."""
    s = fresh(dealer=2)
    with_hands(s, *split_deal(["4S"], ["3H"]))
    declare(s, 0)
    GAME.apply(s, 0, "call 3H")
    gives = {m.args[0] for m in GAME.moves(s, 0)}
    assert "3H" not in gives and len(gives) == 12
    assert "just received" in refused(s, 0, "give 3H")
    GAME.apply(s, 0, "give 4S")
    assert "4S" in s.hands[1] and len(s.hands[1]) == 12 and len(hand_of(s, 0)) == 12
    assert s.phase == DISCARD


def test_clarification_6_the_returned_card_is_seen_only_by_its_receiver():
    """Clarification 6 (and the text: concealed from the third player)."""
    s = fresh(dealer=2)
    with_hands(s, *split_deal(["4S"], ["3H"]))
    declare(s, 0)
    GAME.apply(s, 0, "call 3H")
    events = GAME.apply(s, 0, "give 4S")
    told = [e for e in events if "4♠" in e.text]
    assert told and all(e.to == 1 for e in told), "only the receiver reads which card came back"
    assert "4S" not in str(GAME.view(s, 2).to_dict())


def test_a_called_card_in_the_widow_means_no_exchange():
    """Rules text: if nobody holds the named card (it is in the widow), the declarer loses out."""
    s = fresh(dealer=2)
    with_hands(s, *split_deal(["4S"], [], ["3H", "4H", "5H", "6H"]))
    declare(s, 0)
    events = GAME.apply(s, 0, "call 3H")
    assert s.phase == DISCARD and "3H" not in hand_of(s, 0)
    assert any("widow" in e.text for e in events)
    conserved(s)


def exchange_ready(widow=("3H", "AH", "KH", "4H")):
    s = fresh(dealer=2)
    with_hands(s, *split_deal(["3S", "2S", "4C", "5C", "6C"], [], list(widow)))
    declare(s, 0)
    GAME.apply(s, 0, "call 3D" if "3D" not in s.hands[0] else "call 3C")
    if s.phase == GIVE:
        GAME.apply(s, 0, Move("give", (next(m for m in GAME.moves(s, 0)).args[0],)))
    return s


def test_the_discard_is_one_to_four_cards_made_before_the_widow_is_seen():
    """Rules text and the hardest input: discard 1–4 blind, then the widow is turned up."""
    s = exchange_ready()
    assert GAME.view(s, 0).piles[-1].cards == [], "the widow is still face down"
    hand = hand_of(s, 0)
    assert "1 to 4" in refused(s, 0, Move("discard", tuple(sorted(hand[:5]))))
    assert "1 to 4" in refused(s, 0, Move("discard", ()))
    pick = tuple(sorted(["4C", "5C"]))
    assert GAME.moves_for(s, 0, list(pick)) == [Move("discard", pick)]
    GAME.apply(s, 0, Move("discard", pick))
    assert s.phase == TAKE and sorted(GAME.view(s, 1).piles[-2].cards) == sorted(s.widow)


def test_the_declarer_takes_as_many_widow_cards_as_they_discarded():
    """Rules text: take exactly as many as discarded; the rest of the widow and the discards are set aside."""
    s = exchange_ready()
    GAME.apply(s, 0, "discard 4C 5C")
    assert all(len(m.args) == 2 for m in GAME.moves(s, 0)) and len(GAME.moves(s, 0)) == 6
    assert "exactly 2" in refused(s, 0, "take 3H")
    assert GAME.selectable(s, 0) == ["4H", "KH", "AH", "3H"], "a multi-select of the turned-up widow"
    GAME.apply(s, 0, "take 3H AH")
    assert {"3H", "AH"} <= set(hand_of(s, 0)) and len(hand_of(s, 0)) == 12
    assert sorted(s.unused) == ["4H", "KH"] and s.discards == ["4C", "5C"]
    conserved(s)


def test_any_one_to_four_cards_may_be_discarded_though_the_search_tries_the_weakest():
    """Input: the multi-select accepts every discard of 1–4 held cards; `moves()` (for the
    search and the step-by-step menu) offers the k weakest for each k."""
    s = exchange_ready()
    hand = hand_of(s, 0)
    assert [m.args for m in GAME.moves(s, 0)] == [tuple(weakest(hand, k)) for k in range(1, 5)]
    strong = tuple(sorted(["3S", "2S"]))
    assert Move("discard", strong) not in GAME.moves(s, 0)
    assert GAME.moves_for(s, 0, list(strong)) == [Move("discard", strong)]
    GAME.apply(s, 0, Move("discard", strong))
    assert s.discards == sorted(strong)


def test_decision_6_the_player_left_of_the_declarer_leads():
    """Decision 6: the first lead is the declarer's left, not the dealer's left."""
    s = fresh(dealer=0)
    declare(s, 2)
    GAME.apply(s, 2, GAME.moves(s, 2)[0])
    if s.phase == GIVE:
        GAME.apply(s, 2, GAME.moves(s, 2)[0])
    GAME.apply(s, 2, GAME.moves(s, 2)[0])
    GAME.apply(s, 2, GAME.moves(s, 2)[0])
    assert s.phase == PLAY_PHASE and GAME.to_move(s) == {0}


def test_clarification_6_discards_stay_hidden_until_the_score():
    """Clarification 6: the turned-up widow is public, the declarer's discards are not."""
    s = exchange_ready()
    GAME.apply(s, 0, "discard 4C 5C")
    GAME.apply(s, 0, "take 3H AH")
    defender = GAME.view(s, 1)
    aside = next(p for p in defender.piles if p.name == "Set aside")
    assert aside.count == 4 and sorted(aside.cards) == ["4H", "KH"]
    mine = next(p for p in GAME.view(s, 0).piles if p.name == "Set aside")
    assert sorted(mine.cards) == ["4C", "4H", "5C", "KH"]


def test_follow_suit_when_able():
    """Rules text: each player must follow suit if able."""
    s = in_play([["4S", "4H"], ["5S", "AH"], ["6S", "5H"]])
    GAME.apply(s, 0, "play 4S")
    assert "follow suit" in refused(s, 1, "play AH")


def test_the_defenders_share_one_trick_pile():
    """Rules text: the defenders' won cards go to one common pile."""
    s = in_play([["4S", "4H"], ["5S", "AH"], ["6S", "5H"]])
    s.won = [[], []]
    s.unused = [c for c in C.italian_deck() if c not in {"4S", "4H", "5S", "AH", "6S", "5H"}]
    for seat, card in ((0, "4S"), (1, "5S"), (2, "6S")):
        GAME.apply(s, seat, Move("play", (card,)))
    assert s.won == [[], ["4S", "5S", "6S"]] and s.tricks == [0, 1]


def score_deal(declarer_points, *, winner=0, aside=("4H", "5H", "6H", "7H"), options=None, hand_no=1):
    """Play the last trick of a deal: seat 0 declares and leads; ``winner`` takes the trick
    with 6S (the others play 4S and 5S). Before it, the declarer has won cards worth
    ``declarer_points`` and the defenders the rest; ``aside`` holds the discard (its first
    card) and the unused widow cards. Returns the state and the events of that trick."""
    s = fresh(dealer=2, options=options)
    cards = {0: {0: "6S", 1: "4S", 2: "5S"}, 1: {0: "4S", 1: "6S", 2: "5S"}, 2: {0: "4S", 1: "5S", 2: "6S"}}[winner]
    rest = [c for c in C.italian_deck() if c not in cards.values() and c not in aside]
    mine, total = [], 0
    for c in sorted(rest, key=card_points, reverse=True):
        if card_points(c) and total + card_points(c) <= declarer_points:
            mine.append(c)
            total += card_points(c)
    assert total == declarer_points
    s.phase, s.declarer, s.leader, s.turn = PLAY_PHASE, 0, 0, 0
    s.hands = [[cards[0]], [cards[1]], [cards[2]]]
    s.widow, s.discards, s.unused = [], list(aside[:1]), list(aside[1:])
    s.won = [mine, [c for c in rest if c not in mine]]
    s.hand_no = hand_no
    conserved(s)
    events = []
    for seat in (0, 1, 2):
        events += GAME.apply(s, seat, Move("play", (s.hands[seat][0],)))
    return s, events


def result(s):
    return text_from(s.last_result)


def test_scoring_and_decision_3_each_defender_pays_the_difference():
    """Rules text and Decision 3: 19 to 16 means each defender pays the declarer 3."""
    s, _ = score_deal(16)   # + last trick 3 = 19; defenders 16
    assert s.scores == [6, -3, -3]
    assert "19 to 16" in result(s)


def test_scoring_the_declarer_pays_each_defender_when_behind():
    """Rules text: 11 to 24, the declarer pays 13 to each defender, 26 in all."""
    s, _ = score_deal(11, winner=1)   # defenders: 21 + last trick 3 = 24
    assert s.scores == [-26, 13, 13] and "11 to 24" in result(s)


def test_scoring_aces_three_and_threes_twos_courts_one():
    """Rules text: aces 3; 3s, 2s and court cards 1; 4 to 7 nothing."""
    assert [card_points(c) for c in ("AS", "3S", "2S", "KS", "QS", "JS", "7S", "4S")] == [3, 1, 1, 1, 1, 1, 0, 0]
    assert sum(card_points(c) for c in C.italian_deck()) == 32


def test_decision_1_set_aside_cards_go_to_the_last_trick_and_total_35():
    """Decision 1 (default set_aside=last_trick): discards and unused widow cards count for
    the side of the last trick's winner, so the deal is worth 35."""
    s, _ = score_deal(12, aside=("AH", "JH", "4H", "5H"))   # declarer: 12 + 3 + 4 = 19; defenders 16
    assert s.scores == [6, -3, -3] and "19 to 16" in result(s)


def test_decision_1_option_none_counts_the_set_aside_cards_for_nobody():
    """Decision 1's option (set_aside=none): the text read literally."""
    s, _ = score_deal(12, aside=("AH", "JH", "4H", "5H"), options={"set_aside": "none"})
    assert "15 to 16" in result(s) and s.scores == [-2, 1, 1]


def test_decision_4_a_tie_under_the_literal_option_pays_nothing():
    """Decision 4: with set_aside=none a tie is possible and nobody pays."""
    s, _ = score_deal(14, aside=("JH", "4H", "5H", "6H"), options={"set_aside": "none"})   # 17 to 17
    assert "17 to 17" in result(s) and "nobody pays" in result(s) and s.scores == [0, 0, 0]


def test_clarification_2_a_whitewash_doubles_the_payments():
    """Rules text and Clarification 2: 35 to 0 makes each payment 70."""
    s, _ = score_deal(32)
    assert "35 to 0" in result(s) and s.scores == [140, -70, -70]


def test_clarification_2_under_the_literal_option_any_zero_doubles():
    """Clarification 2: with set_aside=none, a whitewash worth less than 35 doubles too."""
    s, _ = score_deal(29, aside=("AH", "4H", "5H", "6H"), options={"set_aside": "none"})   # 32 to 0
    assert "32 to 0" in result(s) and s.scores == [128, -64, -64]


def test_doubling_can_be_switched_off():
    s, _ = score_deal(32, options={"doubling": "off"})
    assert s.scores == [70, -35, -35]


def test_stake_multiplies_each_payment():
    s, _ = score_deal(16, options={"stake": 5})
    assert s.scores == [30, -15, -15] and "doubled" not in result(s)
    s, _ = score_deal(32, options={"stake": 2})
    assert s.scores == [280, -140, -140] and "doubled" in result(s)
    s, _ = score_deal(32, options={"stake": 2, "doubling": "off"})
    assert s.scores == [140, -70, -70] and "doubled" not in result(s), "the score line says doubled only if so"


def test_clarification_6_the_set_aside_cards_are_shown_with_the_score():
    """Clarification 6: all four set-aside cards, the discards included, are shown to
    everyone when the deal is scored."""
    _, events = score_deal(16, aside=("4H", "5H", "6H", "7H"))
    assert any(all(x in e.text for x in ("4♥", "5♥", "6♥", "7♥")) and e.to is None for e in events)


def test_clarification_3_the_match_is_six_deals_of_running_net_chips():
    """Clarification 3: default 6 deals, scores from 0 (may go negative), highest wins."""
    assert CalabrasellaOptions().deals == 6 and fresh().scores == [0, 0, 0]
    s, _ = score_deal(11, winner=1)
    assert s.scores[0] < 0 and not s.over and s.hand_no == 2, "a new deal follows"
    s, _ = score_deal(16, hand_no=6)
    assert s.over and GAME.outcome(s).winners == [0]


def test_clarification_3_tied_totals_share_the_win():
    s = fresh()
    s.scores = [5, 5, -10]
    s.over = True
    out = GAME.outcome(s)
    assert out.winners == [0, 1] and out.placings == [1, 1, 3]


def test_decision_5_deals_are_a_multiple_of_three():
    """Decision 5: so that everyone deals equally often (or a single deal)."""
    with pytest.raises(BadOption):
        GAME.start(3, {"deals": 4}, 1)
    assert GAME.start(3, {"deals": 3}, 1) and GAME.start(3, {"deals": 1}, 1)


def test_clarification_4_bankroll_ends_after_the_hand_that_breaks_someone():
    """Clarification 4: starting chips, the match ends when someone has 0 or fewer."""
    s, _ = score_deal(16, options={"bankroll": "on", "starting_chips": 10})
    assert s.scores == [16, 7, 7] and not s.over
    s, _ = score_deal(32, options={"bankroll": "on", "starting_chips": 10})
    assert s.over and s.scores == [150, -60, -60] and GAME.outcome(s).winners == [0]


def test_clarification_5_the_deal_passes_left_after_every_hand():
    s, _ = score_deal(16)
    assert s.dealer == 0 and s.hand_no == 2, "dealer 2 deals first, then seat 0"


def test_clarification_7_the_table_shows_the_tricks_but_no_running_points():
    """Clarification 7: current trick, last trick, tricks per side; no point totals."""
    s = fresh()
    s.phase, s.declarer, s.turn, s.leader = PLAY_PHASE, 0, 0, 0
    s.won = [["AS", "AH", "AD"], []]
    s.tricks = [1, 0]
    s.last_trick, s.last_winner = ["AS", "AH", "AD"], 0
    v = GAME.view(s, None)
    names = [p.name for p in v.piles]
    assert "Current trick" in names and "Last trick" in names
    assert any("Tricks: {p0} 1, defenders 0" in f for f in v.facts)
    assert not any("point" in f for f in v.facts)
    assert "{p2}" in v.status or "dealt" in v.status


def test_the_whole_deal_plays_to_a_new_deal_with_every_card_kept():
    """A deal from bid to score with the computer's rule of thumb."""
    import random
    s = GAME.start(3, {}, 3)
    rng = random.Random(1)
    for _ in range(200):
        if s.hand_no > 1 or s.over:
            break
        seat = next(iter(GAME.to_move(s)))
        GAME.apply(s, seat, GAME.heuristic_move(s, seat, GAME.moves(s, seat), rng))
        conserved(s)
    assert s.hand_no == 2 or s.redeals


def test_the_search_never_deals_a_suit_to_a_hand_that_showed_it_lacks_it():
    """Computer players: a seat that failed to follow clubs holds no club in any deal the search imagines."""
    import random
    s = in_play([["4C", "4H", "5H", "6H"], ["5C", "6C", "7C", "7H"], ["6S", "7S", "JS", "QS"]])
    GAME.apply(s, 0, "play 4C")
    GAME.apply(s, 1, "play 5C")
    GAME.apply(s, 2, "play 6S")
    assert s.voids[2] == "C"
    for seed in range(30):
        twin = GAME.determinize(s, 0, random.Random(seed))
        assert not any(C.suit(c) == "C" for c in twin.hands[2])
        assert sorted(twin.hands[1] + twin.hands[2]) == sorted(s.hands[1] + s.hands[2])


def test_the_search_does_not_foresee_the_cards_of_an_all_pass_redeal():
    """Computer players: when everyone passes, the deal the search imagines next is not the real
    next deal (the real one comes from the game's seed, which a computer must not read)."""
    import random
    s = fresh()
    twins = [GAME.determinize(s, s.turn, random.Random(seed)) for seed in range(5)]
    for state in [s, *twins]:
        for _ in range(3):
            GAME.apply(state, state.turn, "bid pass")
    assert s.redeals == 1
    foreseen = sum(twin.hands[seat] == s.hands[seat] for twin in twins for seat in range(3))
    assert foreseen == 0


def test_the_computer_says_play_with_a_strong_hand_and_passes_a_weak_one():
    """Computer players: the bid follows hand strength without a search, so a strong hand that
    a few hundred playouts might judge a gamble is still played, and a weak one passed."""
    from games.ai.search import SearchPlayer
    from games.calabrasella import PLAY_THRESHOLD, hand_strength
    hands, widow = split_deal(["3S", "2S", "AS", "KS", "3H", "2H", "AH", "3D", "AD", "AC"])
    s = with_hands(fresh(dealer=2), hands, widow)
    assert hand_strength(hand_of(s, 0)) >= PLAY_THRESHOLD
    player = SearchPlayer(iterations=50, seconds=None, seed=3)
    assert str(player.choose(GAME, s, 0)) == "bid play" and player.last_iterations == 0
    GAME.apply(s, 0, "bid pass")
    assert hand_strength(hand_of(s, 1)) < PLAY_THRESHOLD
    assert str(player.choose(GAME, s, 1)) == "bid pass" and player.last_iterations == 0
