"""Stop the Bus: the rules in shared/rules/stop_the_bus.md, one rule per test."""

import json
import random
from collections import Counter

import pytest

from games import cards as C
from games import registry
from games.engine import Event, Move
from games.localize import render
from games.stop_the_bus import GAME, StopTheBusOptions, hand_key
from tests.playthrough import assert_events_private, assert_no_leak, assert_refused, play_random


def table(hands, centre, *, turn=0, tokens=None, options=None, dealer=None, seed=3):
    """A state with the given hands (dealt, secret) and centre; the rest of the pack is the stub."""
    players = len(hands)
    s = GAME.start(players, options or {}, seed)
    s.hands = [h.split() if isinstance(h, str) else list(h) for h in hands]
    s.known = [[] for _ in hands]
    s.centre = centre.split()
    used = {c for h in s.hands for c in h} | set(s.centre)
    s.stub = [c for c in C.french_deck() if c not in used]
    if tokens is not None:
        s.scores = list(tokens)
        s.gone = [0 if t else 1 for t in tokens]
    s.turn = turn
    s.dealer = (turn - 1) % players if dealer is None else dealer
    s.stopper, s.turns = -1, 0
    return s


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


def moves(s, seat):
    return [str(m) for m in GAME.moves(s, seat)]


def texts(events):
    return " | ".join(e.text for e in events if e.to is None)


# --- dealing -----------------------------------------------------------------------------------

def test_three_cards_each_three_face_up_in_the_centre_and_the_rest_unused():
    for players in range(2, 7):
        s = GAME.start(players, {}, seed=players)
        assert all(len(h) == 3 for h in s.hands) and len(s.centre) == 3
        assert len(s.stub) == 52 - 3 * players - 3
        assert s.turn == (s.dealer + 1) % players, "the player left of the dealer starts"
        zones = {z.name: z.visible_to for z in GAME.zones(s)}
        assert zones["centre"] == "all" and zones["stub"] == "none" and zones["hand 0"] == 0
        assert Counter(c for z in GAME.zones(s) for c in z.cards) == Counter(C.french_deck())
        assert s.scores == [3] * players, "everyone starts with the same number of tokens"


def test_option_tokens_sets_the_starting_tokens():
    assert GAME.start(3, {"tokens": 5}, 1).scores == [5, 5, 5]


# --- a turn ------------------------------------------------------------------------------------

def test_a_turn_takes_one_centre_card_and_puts_one_of_yours_in_its_place():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    events = GAME.apply(s, 0, "take KH drop=2S")
    assert sorted(GAME.held(s, 0)) == sorted(["7H", "9D", "KH"])
    assert s.centre == ["KS", "2S", "8D"], "the discard takes the taken card's place"
    assert "takes K♥ and puts 2♠ in its place" in texts(events)
    assert s.turn == 1


def test_every_exchange_is_offered_plus_keeping_the_hand_with_or_without_a_stop():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    offered = moves(s, 0)
    assert len(offered) == 2 * (3 * 3 + 1)
    assert offered[:2] == ["take KS drop=2S", "take KS drop=2S stop=yes"]
    assert offered[-2:] == ["pass", "pass stop=yes"]


def test_keeping_the_hand_is_allowed():
    """Taking a card and putting the same card back is allowed: it is the 'pass' move."""
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    events = GAME.apply(s, 0, "pass")
    assert s.hands[0] == ["2S", "7H", "9D"] and s.centre == ["KS", "KH", "8D"]
    assert "keeps the hand" in texts(events)


def test_refused_exchanges_say_why():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    assert "not in the centre" in refused(s, 0, "take QS drop=2S")
    assert "do not hold 3♣" in refused(s, 0, "take KS drop=3C")
    assert "drop=" in refused(s, 0, "take KS")
    assert "not allowed at this table" in refused(s, 0, "swap")
    assert "add stop=yes" in refused(s, 0, "stop")
    assert "stop=yes" in refused(s, 0, "pass stop=maybe")
    assert "not a move" in refused(s, 0, "frobnicate")
    assert "not your turn" in refused(s, 1, "pass")


def test_cards_taken_from_the_centre_are_known_to_all_the_dealt_ones_stay_secret():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    events = GAME.apply(s, 0, "take KH drop=2S")
    assert s.known[0] == ["KH"] and s.hands[0] == ["7H", "9D"]
    zones = {z.name: z.visible_to for z in GAME.zones(s)}
    assert zones["taken 0"] == "all" and zones["hand 0"] == 0
    assert "took K♥" in GAME.view(s, 1).seats[0].notes
    for seat in (None, 1):
        blob = json.dumps(GAME.view(s, seat).to_dict(), ensure_ascii=False)
        assert "7H" not in blob and "7♥" not in blob and "9♦" not in blob
        assert_no_leak(GAME, s, seat, GAME.view(s, seat))
    assert_events_private(GAME, s, events)
    GAME.apply(s, 1, "take 2S drop=3C")
    GAME.apply(s, 0, "take 3C drop=KH")
    assert s.known[0] == ["3C"] and "KH" in s.centre, "a taken card given back is in the centre again"


def test_option_swap_three_swaps_the_whole_hand_with_the_centre():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH KD", options={"swap_three": True})
    assert "swap" in moves(s, 0) and "swap stop=yes" in moves(s, 0)
    GAME.apply(s, 0, "swap")
    assert sorted(GAME.held(s, 0)) == ["KD", "KH", "KS"] and sorted(s.centre) == ["2S", "7H", "9D"]
    assert s.known[0] == ["KS", "KH", "KD"], "the whole new hand came from the centre, so all can see it"


# --- stopping the bus ----------------------------------------------------------------------------

def test_a_stop_after_the_exchange_gives_everyone_else_one_more_turn():
    s = table(["2S 7H 9D", "3C 4C 5C", "AS AD 6H"], "KS KH 8D", options={"tokens": 2})
    events = GAME.apply(s, 0, "take KH drop=2S stop=yes")
    assert s.stopper == 0 and "Stop the bus!" in texts(events)
    assert all("stop=yes" not in m for m in moves(s, 1)), "only one stop per hand"
    assert "already been stopped" in refused(s, 1, "pass stop=yes")
    assert "last turn" in GAME.prompt(s, 1).text
    GAME.apply(s, 1, "pass")
    assert s.hand_no == 1 and s.turn == 2
    events = GAME.apply(s, 2, "pass")
    assert s.hand_no == 2, "the turn came back to the caller: the hands are shown"
    assert "Showdown" in texts(events)


def test_option_stop_instead_calls_the_stop_in_place_of_an_exchange():
    s = table(["2S 7H 9D", "3C 4C 5C", "AS AD 6H"], "KS KH 8D", options={"stop": "instead"})
    offered = moves(s, 0)
    assert offered[-1] == "stop" and not any("stop=yes" in m for m in offered)
    assert "stop the bus instead of exchanging" in refused(s, 0, "pass stop=yes")
    hand = list(GAME.held(s, 0))
    GAME.apply(s, 0, "stop")
    assert s.stopper == 0 and GAME.held(s, 0) == hand, "no exchange with the stop"
    assert "stop" not in moves(s, 1)
    assert "already been stopped" in refused(s, 1, "stop")


def test_the_bus_stops_by_itself_after_the_round_cap():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D", options={"round_cap": 4})
    for _ in range(3):
        GAME.apply(s, 0, "pass")
        GAME.apply(s, 1, "pass")
    GAME.apply(s, 0, "pass")
    assert s.hand_no == 1
    events = GAME.apply(s, 1, "pass")
    assert "stops by itself" in texts(events) and s.hand_no == 2


# --- showdown and tokens ------------------------------------------------------------------------

def test_the_worst_brag_hand_loses_a_token():
    s = table(["2S 7H 9D", "3C 4C 5C", "AS AD 6H"], "KS KH 8D")
    GAME.apply(s, 0, "pass stop=yes")
    GAME.apply(s, 1, "pass")
    events = GAME.apply(s, 2, "pass")
    assert s.scores == [2, 3, 3]
    assert "{p0} 2♠ 7♥ 9♦ (high card 9-7-2)" in texts(events)
    assert "{p0} has the worst hand and loses a token" in texts(events)
    assert "Hand 1: {p0} (high card 9-7-2) lost a token" in GAME.view(s, 1).facts


def test_every_player_tied_for_worst_loses_a_token():
    """Suits never rank: equal hands tie, and each tied worst hand loses a token."""
    s = table(["2S 7H 9D", "2C 7D 9H", "AS AD 6H"], "KS KH 8D")
    GAME.apply(s, 0, "pass stop=yes")
    GAME.apply(s, 1, "pass")
    events = GAME.apply(s, 2, "pass")
    assert s.scores == [2, 2, 3] and "{p0} and {p1} have the worst hand and each lose a token" in texts(events)


def test_a_tie_of_everyone_on_their_last_token_is_replayed_by_the_same_dealer():
    s = table(["2S 7H 9D", "2C 7D 9H"], "KS KH 8D", tokens=[1, 1], dealer=1)
    GAME.apply(s, 0, "pass stop=yes")
    events = GAME.apply(s, 1, "pass")
    assert s.scores == [1, 1] and not s.over and s.hand_no == 2 and s.dealer == 1
    assert "dealt again" in texts(events)


def test_a_player_out_of_tokens_drops_out_and_is_skipped():
    s = table(["2S 7H 9D", "3C 4C 5C", "AS AD 6H"], "KS KH 8D", tokens=[1, 2, 2], dealer=2)
    GAME.apply(s, 0, "pass stop=yes")
    GAME.apply(s, 1, "pass")
    events = GAME.apply(s, 2, "pass")
    assert s.scores == [0, 2, 2] and s.gone == [1, 0, 0] and "out of the game" in texts(events)
    assert s.hands[0] == [] and s.dealer == 1, "the deal passes left to the next player still in"
    assert s.turn == 2 and GAME.to_move(s) == {2}
    GAME.apply(s, 2, "pass")
    assert s.turn == 1, "seat 0 is skipped"


def test_the_last_player_with_a_token_wins_and_drop_outs_place_in_reverse_order():
    s = table(["2S 7H 9D", "3C 4C 5C", "AS AD 6H"], "KS KH 8D", tokens=[1, 1, 0], dealer=1)
    s.gone = [0, 0, 1]
    s.hand_no = 2
    GAME.apply(s, 0, "pass stop=yes")
    events = GAME.apply(s, 1, "pass")
    assert s.over and GAME.to_move(s) == frozenset()
    out = GAME.outcome(s)
    assert out.winners == [1] and out.placings == [2, 1, 3]
    assert "{p1} wins" in texts(events)
    # the final hands lie face up, so naming them is no leak
    assert {z.name: z.visible_to for z in GAME.zones(s)}["hand 0"] == "all"
    assert_events_private(GAME, s, events)


def test_players_dropping_out_in_the_same_hand_share_their_place():
    s = table(["2S 7H 9D", "2C 7D 9H", "AS AD 6H"], "KS KH 8D", tokens=[1, 1, 2])
    GAME.apply(s, 0, "pass stop=yes")
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "pass")
    assert s.over and GAME.outcome(s).placings == [2, 2, 1]


@pytest.mark.parametrize(("variant", "loser"), [("standard", 1), ("poker", 0), ("aces_top", 1)])
def test_option_brag_changes_who_has_the_worst_hand(variant, loser):
    # A-2-3 is the best run in the standard game, the lowest in the poker-like variant
    s = table(["AS 2H 3D", "4S 3C 2H"], "KS KH 8D", options={"brag": variant})
    s.hands[1] = ["4S", "3C", "2C"]
    s.stub.remove("2C")
    s.stub.append("2H")
    GAME.apply(s, 0, "pass stop=yes")
    GAME.apply(s, 1, "pass")
    assert s.scores[loser] == 2 and s.scores[1 - loser] == 3


# --- prompts -------------------------------------------------------------------------------------

def test_the_prompt_goes_centre_card_then_own_card_then_stop_with_hand_names():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    prompt = GAME.prompt(s, 0)
    assert [c.move for c in prompt.choices] == GAME.moves(s, 0)
    first = prompt.step()
    assert first.question == "Take a centre card"
    assert [label for label, _ in first.answers] == ["K♠", "K♥", "8♦", "Keep my hand (high card 9-7-2)"]
    second = prompt.step(["K♥"])
    assert [label for label, _ in second.answers] == [
        "2♠: high card K-9-7", "7♥: high card K-9-2", "9♦: high card K-7-2"]
    third = prompt.step(["K♥", "2♠: high card K-9-7"])
    assert third.question == "Stop the bus?" and [label for label, _ in third.answers] == ["No, go on", "Stop the bus!"]
    assert "high card 9-7-2" in prompt.text


def test_the_prompt_names_the_hand_without_repeating_its_cards_and_offers_to_keep_it():
    """The panel already lists the cards: the prompt says 'your hand is high card 9-7-2', not
    'Your hand: 2♠ 7♥ 9♦ (high card 9-7-2)'; keeping the hand is named as a choice."""
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    text = GAME.prompt(s, 0).text
    assert text.startswith("Your turn: your hand is high card 9-7-2. ")
    assert "2♠" not in text and "or keep your hand" in text
    assert "keep your hand as it is" in GAME.rules, "/rules says a turn may keep the hand"


def test_the_brag_ranking_fact_is_a_readable_phrase_not_the_option_value():
    """'Brag ranking: A-A-A is the best prial…', never 'Brag ranking: aces_top'."""
    for variant, phrase in (("standard", "3-3-3 is the best prial, A-2-3 the best run"),
                            ("aces_top", "A-A-A is the best prial, A-2-3 the best run"),
                            ("poker", "A-A-A is the best prial, A-2-3 the lowest run")):
        facts = GAME.view(GAME.start(3, {"brag": variant}, seed=1), None).facts
        assert f"Brag ranking: {phrase}" in facts
        assert not any(variant in f for f in facts)


# --- computer players ----------------------------------------------------------------------------

def test_the_playout_policy_takes_the_best_exchange_and_stops_when_strong():
    s = table(["KD 7H 2C", "3C 4C 5C"], "KS KH 8D")
    rng = random.Random(2)
    picks = Counter(str(GAME.rollout_move(s, 0, GAME.moves(s, 0), rng)) for _ in range(50))
    assert set(picks) <= {"take KS drop=2C", "take KS drop=2C stop=yes", "take KH drop=2C",
                          "take KH drop=2C stop=yes"}
    assert any("stop=yes" in m for m in picks), "a pair of kings is worth stopping on"
    weak = table(["KD 7H 2C", "3C 4C 5C"], "4S 5H 8D")
    assert str(GAME.rollout_move(weak, 0, GAME.moves(weak, 0), rng)) in ("take 8D drop=2C",)


def test_progress_ranks_seats_by_hand_strength():
    s = table(["KD 7H 2C", "3C 4C 5C", "AS AD 6H"], "KS KH 8D")
    progress = GAME.hand_progress(s)
    assert progress[1] > progress[2] > progress[0]


def test_determinize_keeps_cards_taken_from_the_centre():
    s = table(["2S 7H 9D", "3C 4C 5C"], "KS KH 8D")
    GAME.apply(s, 0, "take KH drop=2S")
    for n in range(5):
        d = GAME.determinize(s, 1, random.Random(n))
        assert d.known[0] == ["KH"] and d.hands[1] == s.hands[1] and d.centre == s.centre



def improvable(hand, centre):
    """Whether one exchange with ``centre`` would make ``hand`` a better Brag hand."""
    best = max(hand_key([x for x in hand if x != d] + [c], "standard") for c in centre for d in hand)
    return best > hand_key(hand, "standard")


def test_the_search_redeals_a_seat_that_kept_its_hand_a_hand_the_centre_would_not_improve():
    """Everyone saw seat 1 keep its hand while 2C 3D 6H lay in the centre: most hands would
    have taken one of them (a pair, a run, a flush card). The computer players' redeals of
    seat 1's secret cards follow that; a seat that did nothing yet stays dealt at random."""
    s = table(["KD 7H 2S", "QS JD 9C", "10C 8H 4S", "AS 5H 3C"], "2C 3D 6H", turn=1)
    GAME.apply(s, 1, "pass")
    assert s.exchanges[1] == [["2C", "3D", "6H", "", ""]]
    redealt = [GAME.determinize(s, 0, random.Random(n)) for n in range(30)]
    assert sum(improvable(d.hands[1], ["2C", "3D", "6H"]) for d in redealt) <= 1
    assert sum(improvable(d.hands[2], ["2C", "3D", "6H"]) for d in redealt) >= 15
    for d in redealt:
        assert Counter(d.hands[1] + d.hands[2] + d.hands[3] + d.stub) == Counter(
            s.hands[1] + s.hands[2] + s.hands[3] + s.stub)
        assert d.hands[0] == s.hands[0] and d.centre == s.centre

# --- whole games -----------------------------------------------------------------------------------

def test_registered_and_random_games_end_with_every_option():
    assert registry.get("stop_the_bus") is GAME
    for n, opts in enumerate([{}, {"swap_three": True}, {"stop": "instead"}, {"brag": "poker", "round_cap": 4},
                              {"tokens": 1}]):
        run = play_random(GAME, 2 + n % 5, opts, seed=n)
        assert run.final.over and len(GAME.outcome(run.final).winners) == 1


def test_options_are_checked():
    with pytest.raises(Exception, match="round_cap"):
        StopTheBusOptions.parse({"round_cap": 5})
    with pytest.raises(Exception, match="brag"):
        StopTheBusOptions.parse({"brag": "nonsense"})
    assert GAME.rules and GAME.summary and Move("pass") in GAME.moves(GAME.start(2, {}, 0), GAME.start(2, {}, 0).turn)


def test_a_stopped_bus_and_its_showdown_read_in_chinese_and_greek_with_names_and_cards():
    """Catalog texts (issue 14): an exchange, the stop call, the showdown and the token lost render in the
    reader's language with the players' names and cards filled in (the hand names come from the Brag block)."""
    s = table(["2S 7H 9D", "3C 4C 5C", "AS AD 6H"], "KS KH 8D")
    names = ["Ada", "Bo", "Cy"]
    events = GAME.apply(s, 0, "take KS drop=2S stop=yes")
    chinese = [Event(render(e.text, "zh_CN")).render(names) for e in events]
    assert chinese == ["Ada拿走K♠，放回2♠。", "Ada喊“叫停巴士！”其他人各再走一轮。"]
    GAME.apply(s, 1, "pass")
    events = GAME.apply(s, 2, "pass")
    showdown = Event(render(events[1].text, "el")).render(names)
    assert showdown.startswith("Άνοιγμα χεριών: Ada 7♥ 9♦ K♠ (") and " και Cy A♠ A♦ 6♥ (" in showdown
    assert Event(render(events[2].text, "zh_CN")).render(names) == "Ada牌最小，输一枚筹码。"
    assert render(GAME.title, "zh_CN") == "叫停巴士"
