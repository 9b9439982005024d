"""Last One: the rules in shared/rules/last_one.md, one rule per test."""

import json
import random
from collections import Counter
from functools import partial

import pytest

from games import cards as C
from games import registry
from games.engine import BadOption, Event, Move
from games.last_one import GAME, card_value
from games.localize import render
from tests.playthrough import all_cards, assert_refused
from tests.table_helpers import laid_out, move_texts, play_out, public

PACK = Counter(C.french_deck(jokers=2))


def table(hands, discard=("9S",), *, stock=None, turn=0, dealer=None, named="", options=None, scores=None,
          out=(), direction=1, seed=7):
    """A state in play with the given hands and discard pile (top card last). Without
    ``stock`` every other card of the 54 is in the stock."""
    s = laid_out(GAME, hands, list(PACK), stock=stock, scores=scores, options={"hand_size": 4} | (options or {}),
                 seed=seed, discard=discard)
    s.phase, s.turn, s.direction, s.named = "play", turn, direction, named
    s.dealer = (turn - 1) % len(hands) if dealer is None else dealer
    s.out = list(out)
    s.window, s.melee, s.again, s.owed, s.passes, s.turns = None, {}, False, 0, 0, 0
    s.hook, s.called, s.ignored = -1, [], []
    return s


plays = partial(move_texts, GAME)
refused = partial(assert_refused, GAME)


# --- the deal ---------------------------------------------------------------------------------------

def test_the_dealer_chooses_four_to_eight_cards_then_deals_and_turns_an_upcard():
    s = GAME.start(3, {}, seed=2)
    assert s.phase == "size" and GAME.to_move(s) == {s.dealer}
    assert plays(s, s.dealer) == [f"deal {n}" for n in (4, 5, 6, 7, 8)]
    assert sum(len(z.cards) for z in GAME.zones(s)) == 54
    GAME.apply(s, s.dealer, "deal 6")
    assert [len(h) for h in s.hands] == [6, 6, 6] and len(s.discard) == 1 and len(s.stock) == 54 - 18 - 1


def test_allow_nine_lets_the_dealer_choose_nine_and_the_pack_limits_the_choice():
    s = GAME.start(3, {"allow_nine": True}, seed=2)
    assert plays(s, s.dealer)[-1] == "deal 9"
    six = GAME.start(6, {"allow_nine": True}, seed=2)
    assert plays(six, six.dealer)[-1] == "deal 8", "6 × 9 cards leave no upcard"
    with pytest.raises(BadOption, match="hand_size"):
        GAME.start(6, {"hand_size": 9}, seed=1)


def test_a_fixed_hand_size_deals_at_once_and_the_dealers_left_starts():
    for seed in range(40):
        s = GAME.start(4, {"hand_size": 5}, seed)
        if C.RANK[s.discard[-1]] in (0, 2, 4, 8, C.JACK, C.ACE):
            continue
        assert [len(h) for h in s.hands] == [5] * 4 and s.phase == "play"
        assert GAME.to_move(s) == {(s.dealer + 1) % 4}
        return
    pytest.fail("no plain upcard")


def _deal_with_upcard(top, players=3, options=None):
    """Seed search: a deal of 4 cards whose upcard has the rank of ``top``."""
    for seed in range(2000):
        s = GAME.start(players, {"hand_size": 4} | (options or {}), seed)
        if C.RANK[s.discard[-1]] == C.RANK[top] and (C.RANK[top] == 0 or s.discard[-1] != "JKB"):
            return s
    raise AssertionError("no such deal")


def test_an_upcard_2_makes_the_first_player_draw_2_and_miss_the_turn():
    s = _deal_with_upcard("2S")
    first = (s.dealer + 1) % 3
    assert len(s.hands[first]) == 6 and s.turn == (s.dealer + 2) % 3


def test_an_upcard_jack_skips_the_first_player():
    s = _deal_with_upcard("JS")
    assert s.turn == (s.dealer + 2) % 3


def test_an_upcard_ace_reverses_so_the_dealers_right_starts():
    s = _deal_with_upcard("AS")
    assert s.direction == -1 and s.turn == (s.dealer - 1) % 3


def test_an_upcard_3_does_nothing():
    s = _deal_with_upcard("3S")
    assert s.turn == (s.dealer + 1) % 3 and not s.again


def test_an_upcard_4_starts_a_melee_with_the_dealer_as_aggressor():
    s = _deal_with_upcard("4S")
    assert s.phase == "melee" and s.melee["aggressor"] == s.dealer
    assert s.melee["defender"] == (s.dealer + 1) % 3 and GAME.to_move(s) == {0, 1, 2}


def test_an_upcard_8_is_named_by_the_dealer():
    s = _deal_with_upcard("8S")
    assert s.phase == "name" and GAME.to_move(s) == {s.dealer}
    assert plays(s, s.dealer) == ["name S", "name H", "name D", "name C"]
    GAME.apply(s, s.dealer, "name D")
    assert s.named == "D" and s.phase == "play" and s.turn == (s.dealer + 1) % 3


def test_an_upcard_joker_is_named_by_the_dealer_and_carries_the_named_cards_effect():
    s = _deal_with_upcard("JKR")
    assert len(GAME.moves(s, s.dealer)) == 52
    prompt = GAME.prompt(s, s.dealer)
    assert len(prompt.step().answers) == 13 and len(prompt.step(["J"]).answers) == 4
    GAME.apply(s, s.dealer, "name JC")
    assert s.named == "JC" and s.turn == (s.dealer + 2) % 3, "a named jack skips the first player"


# --- matching, drawing, passing -----------------------------------------------------------------------

def test_match_by_suit_or_rank_and_8s_and_jokers_go_on_anything():
    s = table([["5S", "9H", "KD", "8C", "JKR"], ["4D"]], ["9S"])
    moves = plays(s)
    assert "play 5S" in moves and "play 9H" in moves and "play KD" not in moves
    assert [m for m in moves if m.startswith("play 8C")] == [f"play 8C suit={x}" for x in C.SUITS]
    assert len([m for m in moves if m.startswith("play JKR")]) == 52


def test_a_player_may_draw_instead_of_playing_and_the_turn_ends():
    s = table([["5S", "KD"], ["4D", "7C"]], ["9S"], stock=["2C"])
    assert "draw" in plays(s)
    events = GAME.apply(s, 0, "draw")
    assert s.turn == 1 and s.hands[0] == ["5S", "KD", "2C"]
    assert public(events) == ["{p0} draws a card."]


def test_with_nothing_to_draw_a_player_who_cannot_play_passes_and_all_passing_blocks_the_hand():
    s = table([["KD", "3C"], ["4D", "7D"]], ["9S"], stock=[])
    assert plays(s) == ["pass"]
    GAME.apply(s, 0, "pass")
    events = GAME.apply(s, 1, "pass")
    assert any("blocked" in t for t in public(events))
    assert s.scores == [13, 11] and s.hand_no == 2


def test_a_hand_that_reaches_the_round_limit_ends_as_it_stands():
    s = table([["KD", "3C", "4C"], ["4D", "7D", "QD"]], ["9S"], options={"round_limit": 1})
    GAME.apply(s, 0, "draw")
    assert s.hand_no == 1
    events = GAME.apply(s, 1, "draw")
    assert any("1 round and nobody is out" in t for t in public(events)) and s.hand_no == 2


# --- special cards -----------------------------------------------------------------------------------

def test_a_2_makes_the_next_player_draw_2_and_miss_the_turn_without_stacking():
    s = table([["2S", "KD"], ["2D", "7C"], ["5S", "6S"]], ["9S"])
    events = GAME.apply(s, 0, "play 2S")
    assert len(s.hands[1]) == 4 and s.turn == 2
    assert "{p1} misses a turn." in public(events)


def test_a_3_allows_any_one_extra_card_whose_effect_applies_or_a_stop():
    s = table([["3S", "KD", "JH"], ["4D", "7C"], ["5S", "6S"]], ["9S"])
    GAME.apply(s, 0, "play 3S")
    assert s.turn == 0 and s.again
    assert plays(s) == ["play KD", "play KD call=1", "play JH", "play JH call=1", "stop"], \
        "no match needed, and no drawing"
    GAME.apply(s, 0, "play JH call=1")
    assert s.turn == 2 and not s.again, "the jack's skip applies"
    t = table([["3S", "KD", "JH"], ["4D", "7C"]], ["9S"])
    GAME.apply(t, 0, "play 3S")
    GAME.apply(t, 0, "stop")
    assert t.turn == 1 and plays(t, 1) == ["draw"], "the next player matches the 3♠"


def test_a_3_as_the_last_card_goes_out_and_so_does_the_extra_card():
    s = table([["3S"], ["4D", "7C"]], ["9S"])
    GAME.apply(s, 0, "play 3S")
    assert s.hand_no == 2 and s.scores == [0, 11]
    t = table([["3S", "KD"], ["4D", "7C"]], ["9S"])
    GAME.apply(t, 0, "play 3S call=1")
    GAME.apply(t, 0, "play KD")
    assert t.hand_no == 2 and t.scores == [0, 11]


def test_a_jack_skips_the_next_player():
    s = table([["JS", "KD"], ["4D"], ["5S", "6S"]], ["9S"])
    GAME.apply(s, 0, "play JS")
    assert s.turn == 2


def test_an_ace_reverses_the_direction_but_not_with_two_players_in():
    s = table([["AS", "KD"], ["4D"], ["5S", "6S"], ["7S"]], ["9S"])
    GAME.apply(s, 0, "play AS")
    assert s.direction == -1 and s.turn == 3
    two = table([["AS", "KD"], ["4D", "5D"]], ["9S"])
    GAME.apply(two, 0, "play AS")
    assert two.direction == 1 and two.turn == 1
    out = table([["AS", "KD"], ["4D", "5D"], []], ["9S"], out=[2])
    GAME.apply(out, 0, "play AS")
    assert out.direction == 1, "two players still in: no reverse"


def test_an_8_names_a_suit_and_the_next_plays_it_or_an_8_or_a_joker():
    s = table([["8S", "KD"], ["4H", "3S", "8C", "JKB"]], ["9S"])
    events = GAME.apply(s, 0, "play 8S suit=H")
    assert s.named == "H" and public(events)[0] == "{p0} plays 8♠ and names ♥ hearts."
    moves = plays(s)
    assert "play 4H" in moves and "play 3S" not in moves and "play 8C suit=S" in moves
    assert any(m.startswith("play JKB") for m in moves)
    assert "named suit, ♥ hearts" in refused(s, 1, "play 3S")


def test_a_joker_names_a_card_and_the_next_player_matches_its_rank_or_suit():
    s = table([["JKR", "KD"], ["7C", "2H", "5S"]], ["9S"], options={"joker_effects": False})
    events = GAME.apply(s, 0, "play JKR as=7H")
    assert s.named == "7H" and "as the 7 of hearts" in public(events)[0]
    assert plays(s) == ["play 7C", "play 2H", "draw"]


def test_a_joker_as_the_extra_card_reads_plays_joker_as_card_as_the_extra_card():
    """Audit #24: "plays Red 🃏 (as the 6 of diamonds) as the extra card", not "as … as …"."""
    s = table([["3S", "JKR", "KD"], ["4D", "7C"], ["5S", "6S"]], ["9S"], options={"joker_effects": False})
    GAME.apply(s, 0, "play 3S")
    events = GAME.apply(s, 0, "play JKR as=6D")
    assert public(events)[0] == "{p0} plays Red 🃏 (as the 6 of diamonds) as the extra card."
    s = table([["JKR", "KD"], ["7C", "2H", "5S"]], ["9S"], options={"joker_effects": False})
    assert public(GAME.apply(s, 0, "play JKR as=7H"))[0] == "{p0} plays Red 🃏 (as the 7 of hearts)."


def test_the_question_offers_a_draw_only_when_drawing_is_possible():
    """Audit #28 (as in Crazy Eights): after a 3 there is no draw, only an extra card or a stop."""
    s = table([["3S", "KD", "JH"], ["4D", "7C"], ["5S", "6S"]], ["9S"])
    assert GAME.prompt(s, 0).step().question == "Play or draw"
    GAME.apply(s, 0, "play 3S")
    assert GAME.prompt(s, 0).step().question == "Add a card or stop"


def test_called_phrases_use_curly_quotes():
    """Audit #32: “Last one!” in curly quotes in prompts and refusals, like the call itself."""
    s = table([["5S", "KD"], ["4D", "7C"], ["9H", "2D"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    assert "call “Last one!” before" in GAME.instruction(s, 0)
    assert "'Last one" not in GAME.instruction(s, 0) + GAME.instruction(s, 1)


def test_a_joker_carries_the_named_cards_effect_by_default():
    s = table([["JKR", "KD"], ["7C", "3H"], ["5S", "6S"]], ["9S"])
    GAME.apply(s, 0, "play JKR as=2H")
    assert len(s.hands[1]) == 4 and s.turn == 2, "named as a 2: draw 2 and miss the turn"
    t = table([["JKR", "KD"], ["7C", "3H"], ["5S", "6S"]], ["9S"], options={"joker_effects": False})
    GAME.apply(t, 0, "play JKR as=2H")
    assert len(t.hands[1]) == 2 and t.turn == 1


def test_a_joker_named_as_a_4_starts_a_melee_on_that_suit():
    s = table([["JKR", "KD"], ["5C", "3H"], ["5S", "6S"]], ["9S"])
    GAME.apply(s, 0, "play JKR as=4C")
    assert s.phase == "melee" and s.window["data"]["card"] == "5C"


def test_a_joker_needs_a_named_card_unless_it_is_the_last_card():
    s = table([["JKR", "KD"], ["5C", "3H"]], ["9S"])
    assert "Name the card your joker stands for" in refused(s, 0, "play JKR")
    t = table([["JKR"], ["5C", "3H"]], ["9S"])
    assert plays(t) == ["play JKR", "draw"]


def test_the_extra_card_from_a_big_hand_is_chosen_suit_first():
    hand = ["3S"] + [c for c in C.french_deck() if C.SUIT[c] in "HD"][:25] + ["JKR"]
    s = table([hand, ["4S", "7C"]], ["9S"])
    GAME.apply(s, 0, "play 3S")
    first = GAME.prompt(s, 0).step()
    assert [label for label, _ in first.answers] == ["♥ hearts", "♦ diamonds", "🃏 joker", "Stop: no extra card"]
    assert GAME.prompt(s, 0).step(["♦ diamonds"]).question == "Which card?"
    assert len(GAME.prompt(s, 0).step(["🃏 joker", "Red 🃏"]).answers) == 13


# --- the melee -----------------------------------------------------------------------------------------

def melee(hands=(("4S", "KD", "QC"), ("9D", "10D"), ("5S", "6H", "2C"), ("6S", "7D", "AD")), **kw):
    s = table([list(h) for h in hands], ["9S"], **kw)
    GAME.apply(s, 0, "play 4S")
    return s


def test_a_4_opens_a_melee_window_to_every_seat_still_in():
    s = melee()
    assert s.phase == "melee" and s.melee == {"aggressor": 0, "defender": 1, "last": "4S"}
    assert GAME.to_move(s) == {0, 1, 2, 3}
    assert GAME.reaction(s) == "melee:1"
    out = melee(out=[3], hands=(("4S", "KD", "QC"), ("9D", "10D"), ("5S", "6H", "2C"), ()))
    assert GAME.to_move(out) == {0, 1, 2}


def test_only_the_holder_of_the_next_card_may_take_over_everyone_else_only_passes():
    s = melee()
    assert plays(s, 2) == ["take 5S", "pass"]
    assert plays(s, 1) == ["pass"] and plays(s, 3) == ["pass"] and plays(s, 0) == ["pass"]
    assert GAME.prompt(s, 1).step().answers == [("Nothing to do — pass", Move("pass"))]
    assert "Only the holder" in refused(s, 1, "take 5S")


def test_the_aggressor_may_not_continue_its_own_melee():
    s = table([["4S", "5S", "QC"], ["9D", "10D"]], ["9S"])
    GAME.apply(s, 0, "play 4S")
    assert plays(s, 0) == ["pass"]
    assert "aggressor" in refused(s, 0, "take 5S")


def test_melee_answers_are_sealed_until_everyone_has_answered():
    s, t = melee(), melee()
    events = GAME.apply(s, 2, "take 5S")
    assert public(events) == public(GAME.apply(t, 2, "pass")) == [], "no log line per answer (audit #6)"
    assert "5S" in s.hands[2] and GAME.to_move(s) == GAME.to_move(t) == {0, 1, 3}
    for seat in (None, 0, 1, 3):
        assert GAME.view(s, seat) == GAME.view(t, seat), "nobody can tell a take-over from a pass"
    assert "Answered: {p2}; waiting for {p0}, {p1} and {p3}" in GAME.view(s, None).facts
    assert "not your turn" in refused(s, 2, "pass"), "a second (late) answer is refused"


def test_melee_answers_do_not_flood_the_log_and_the_view_says_who_is_awaited():
    """Audit #6: no "{pN} has answered." lines; a fact lists who answered and who is awaited,
    and the verdict follows the last answer."""
    s = melee()
    assert "Waiting for {p0}, {p1}, {p2} and {p3}" in GAME.view(s, None).facts
    texts = []
    for seat in (3, 1, 2):
        texts += public(GAME.apply(s, seat, "pass"))
    assert texts == []
    assert "Answered: {p1}, {p2} and {p3}; waiting for {p0}" in GAME.view(s, None).facts
    last = public(GAME.apply(s, 0, "pass"))
    assert last[0] == "Nobody takes over." and not any("answered" in x for x in last)


def test_the_window_closes_when_all_have_answered_and_a_taker_becomes_the_aggressor():
    s = melee()
    for seat in (0, 1, 3):
        GAME.apply(s, seat, "pass")
    assert s.phase == "melee"
    events = GAME.apply(s, 2, "take 5S")
    assert "{p2} takes over with 5♠!" in public(events)
    assert s.melee == {"aggressor": 2, "defender": 0, "last": "5S"}
    assert s.window["data"]["card"] == "6S" and GAME.reaction(s) == "melee:2"
    assert plays(s, 3) == ["take 6S", "pass"] and plays(s, 2) == ["pass"]


def test_when_nobody_takes_over_the_defender_draws_the_last_cards_value_and_play_resumes_after_them():
    s = melee()
    for seat in (0, 1, 3):
        GAME.apply(s, seat, "pass")
    GAME.apply(s, 2, "take 5S")
    for seat in (0, 1, 2, 3):
        GAME.apply(s, seat, "pass")
    assert s.phase == "play" and len(s.hands[0]) == 2 + 5, "the previous aggressor defends and draws 5"
    assert s.turn == 1 and s.named == "" and s.discard[-1] == "5S"
    assert s.window is None and GAME.reaction(s) is None


def test_the_window_runs_even_when_nobody_can_take_over():
    s = melee(hands=(("4S", "KD", "QC"), ("9D", "10D"), ("7H", "6H", "2C"), ("6S", "7D", "AD")))
    assert all(plays(s, seat) == ["pass"] for seat in range(4))
    for seat in range(4):
        GAME.apply(s, seat, "pass")
    assert len(s.hands[1]) == 2 + 4 and s.turn == 2


def test_a_seat_that_does_not_answer_in_time_passes():
    s = melee()
    assert GAME.timeout_move(s, 2) == Move("pass") and GAME.timeout_move(s, 1) == Move("pass")


def test_takers_are_ranked_by_seat_order_from_the_aggressor_never_by_arrival():
    s = melee()
    s.hands[3].append("5S")              # a contrived second holder: both want to take over
    GAME.apply(s, 2, "take 5S")
    GAME.apply(s, 3, "take 5S")
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    assert s.melee["aggressor"] == 2, "seat 2 comes first after the aggressor 0"
    t = melee()
    t.hands[3].append("5S")
    GAME.apply(t, 3, "take 5S")
    GAME.apply(t, 1, "pass")
    GAME.apply(t, 0, "pass")
    GAME.apply(t, 2, "take 5S")
    assert t.melee["aggressor"] == 2


@pytest.mark.parametrize(("faces", "draws"), [("ten", 10), ("rank", 12)])
def test_court_cards_in_a_melee_draw_ten_or_their_rank(faces, draws):
    s = table([["JS", "KD", "QC"], ["9D", "10D"], ["QS", "6H", "2C"]], ["9S"], options={"melee_faces": faces})
    s.melee = {"aggressor": 1, "defender": 0, "last": "JS"}
    events = GAME._next_window(s)
    assert "{p0} draws 10" in events[0].text if faces == "ten" else "{p0} draws 11" in events[0].text
    for seat in (0, 1):
        GAME.apply(s, seat, "pass")
    GAME.apply(s, 2, "take QS")
    for seat in (0, 1, 2):
        GAME.apply(s, seat, "pass")
    assert len(s.hands[1]) == 2 + draws


def test_melee_faces_stop_ends_the_melee_after_the_10():
    s = table([["9S", "KD", "QC"], ["9D", "10D"], ["10S", "JS", "2C"]], ["9H"], options={"melee_faces": "stop"})
    s.melee = {"aggressor": 0, "defender": 1, "last": "9S"}
    GAME._next_window(s)
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    events = GAME.apply(s, 2, "take 10S")
    assert s.phase == "play" and len(s.hands[0]) == 3 + 10 and "as far as a melee goes" in " ".join(public(events))


def test_the_melee_ends_after_the_king():
    s = table([["QS", "KD", "QC"], ["9D", "10D"], ["KS", "JS", "2C"]], ["9S"])
    s.melee = {"aggressor": 0, "defender": 1, "last": "QS"}
    GAME._next_window(s)
    for seat in (0, 1):
        GAME.apply(s, seat, "pass")
    GAME.apply(s, 2, "take KS")
    assert s.phase == "play" and len(s.hands[0]) == 3 + 10 and s.turn == 1


def test_melee_cards_have_no_effects_and_the_next_turn_matches_the_last_one():
    s = table([["7S", "KD", "QC"], ["9D", "10D"], ["8S", "JS", "2C"]], ["9S"])
    s.melee = {"aggressor": 0, "defender": 1, "last": "7S"}
    GAME._next_window(s)
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "take 8S")
    assert s.named == "" and s.window["data"]["card"] == "9S", "no suit named for a melee 8"


def test_a_melee_card_that_is_the_last_card_ends_the_hand():
    s = melee(hands=(("4S", "KD", "QC"), ("9D", "10D"), ("5S",), ("6S", "7D", "AD")))
    for seat in (0, 1, 3):
        GAME.apply(s, seat, "pass")
    GAME.apply(s, 2, "take 5S")
    assert s.hand_no == 2 and s.scores[2] == 0


def test_determinized_states_never_read_sealed_answers():
    s = melee()
    GAME.apply(s, 2, "take 5S")
    for n in range(20):
        d = GAME.determinize(s, 1, random.Random(n))
        holder = next((i for i in (0, 2, 3) if "5S" in d.hands[i]), None)
        answer = d.window["answers"]["2"]
        assert answer == ("take" if holder == 2 else "pass")
        assert GAME.view(d, 1) == GAME.view(s, 1)


# --- "last one" ------------------------------------------------------------------------------------------

def test_a_play_down_to_one_card_is_offered_with_and_without_the_call():
    s = table([["5S", "KD"], ["4D", "7C"]], ["9S"])
    assert plays(s) == ["play 5S", "play 5S call=1", "draw"]
    labels = [label for label, _ in GAME.prompt(s, 0).step().answers]
    assert labels == ["5♠", "5♠ + 📣 Last one!", "Draw a card"]
    events = GAME.apply(s, 0, "play 5S call=1")
    assert "{p0}: “Last one!”" in public(events) and s.called == [0]
    assert "📣 Last one!" in GAME.view(s, None).seats[0].notes


def test_a_missed_call_costs_two_cards_when_the_next_player_moves():
    s = table([["5S", "KD"], ["4D", "7C"], ["9H", "2D"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    assert s.hook == 0 and GAME.to_move(s) == {0, 1}
    events = GAME.apply(s, 1, "draw")
    assert len(s.hands[0]) == 3 and s.hook == -1
    assert any("did not call “Last one!” in time and draws 2" in t for t in public(events))


def test_a_player_who_forgot_may_still_call_before_the_next_player_moves():
    s = table([["5S", "KD"], ["4D", "7C"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    assert plays(s, 0) == ["call", "ignore"]
    assert GAME.timeout_move(s, 0) == Move("ignore") and GAME.timeout_move(s, 1) is None
    GAME.apply(s, 0, "call")
    assert s.called == [0] and GAME.to_move(s) == {1}
    GAME.apply(s, 1, "draw")
    assert len(s.hands[0]) == 1


def test_letting_the_call_go_leaves_the_turn_player_alone_to_move():
    s = table([["5S", "KD"], ["4D", "7C"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 0, "ignore")
    assert GAME.to_move(s) == {1}
    GAME.apply(s, 1, "draw")
    assert len(s.hands[0]) == 3


def test_auto_mode_calls_for_the_player():
    s = table([["5S", "KD"], ["4D", "7C"]], ["9S"], options={"call_mode": "auto"})
    assert plays(s) == ["play 5S", "draw"]
    GAME.apply(s, 0, "play 5S")
    assert s.called == [0] and GAME.to_move(s) == {1}


def test_catch_mode_an_opponent_may_catch_the_player_who_did_not_call():
    s = table([["5S", "KD"], ["4D", "7C"], ["9H", "2D"]], ["9S"], options={"call_mode": "catch"})
    GAME.apply(s, 0, "play 5S")
    assert GAME.to_move(s) == {0, 1, 2}
    assert plays(s, 2) == ["catch", "ignore"] and "catch" in plays(s, 1)
    events = GAME.apply(s, 2, "catch")
    assert len(s.hands[0]) == 3 and any("{p2} catches {p0}" in t for t in public(events))
    assert GAME.to_move(s) == {1}


def test_catch_mode_without_a_catch_the_deadline_passes_without_penalty():
    s = table([["5S", "KD"], ["4D", "7C"]], ["9S"], options={"call_mode": "catch"})
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 1, "draw")
    assert len(s.hands[0]) == 1 and s.hook == -1


def test_in_a_melee_the_call_goes_with_the_answer_and_a_melee_card_is_the_deadline():
    s = table([["4S", "KD"], ["9D", "10D"], ["5S", "6H", "2C"]], ["9S"])
    GAME.apply(s, 0, "play 4S")
    assert plays(s, 0) == ["pass", "pass call=1"]
    assert plays(s, 2) == ["take 5S", "pass"]
    GAME.apply(s, 0, "pass call=1")
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "take 5S")
    assert s.called == [0] and len(s.hands[0]) == 1
    t = table([["4S", "KD"], ["9D", "10D"], ["5S", "6H", "2C"]], ["9S"])
    GAME.apply(t, 0, "play 4S")
    GAME.apply(t, 0, "pass")
    GAME.apply(t, 1, "pass")
    GAME.apply(t, 2, "take 5S")
    assert len(t.hands[0]) == 3, "the melee card passed the deadline: draw 2"


def test_taking_over_down_to_one_card_may_carry_the_call():
    s = table([["4S", "KD", "QC"], ["9D", "10D"], ["5S", "6H"]], ["9S"])
    GAME.apply(s, 0, "play 4S")
    assert plays(s, 2) == ["take 5S", "take 5S call=1", "pass"]
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "take 5S call=1")
    assert s.called == [2]


# --- scoring and the match ----------------------------------------------------------------------------------

def test_card_values():
    assert [card_value(c) for c in ("JKR", "8S", "AH", "KD", "QC", "JS", "10H", "2C")] == [40, 25, 15, 10, 10,
                                                                                          10, 10, 2]


def test_the_player_out_and_anyone_with_one_card_score_zero_the_others_their_cards():
    s = table([["5S"], ["4D"], ["JKR", "8C", "AH"], ["KD", "2C"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    assert s.scores == [0, 0, 80, 12] and s.hand_no == 2


def test_reaching_the_threshold_drops_a_player_out_and_the_deal_skips_them():
    s = table([["5S"], ["4D", "KC"], ["JKR", "8C"], ["KD", "2C"]], ["9S"], dealer=3, turn=0,
              scores=[0, 0, 200, 0], options={"hand_size": 0})
    GAME.apply(s, 0, "play 5S")
    assert s.out == [2] and s.scores[2] == 265 and s.out_hand[2] == 1
    assert s.dealer == 0 and not s.over
    GAME.apply(s, 0, "deal 5")
    assert s.hands[2] == [] and [len(h) for i, h in enumerate(s.hands) if i != 2] == [5, 5, 5]
    assert "out (hand 1)" in GAME.view(s, None).seats[2].notes


def test_the_last_player_left_wins_and_later_drop_outs_place_higher():
    s = table([["5S"], ["4D", "KC"], [], ["KD", "2C"]], ["9S"], out=[2], scores=[10, 245, 300, 240])
    s.out_hand = [0, 0, 1, 0]
    s.hand_no = 2
    GAME.apply(s, 0, "play 5S")
    assert s.over and s.out == [1, 2, 3]
    out = GAME.outcome(s)
    assert s.scores == [10, 259, 300, 252]
    assert out.winners == [0] and out.placings == [1, 3, 4, 2], "same hand: the lower total places higher"


def test_everyone_dropping_out_in_the_same_hand_lowest_total_wins_and_ties_share():
    s = table([["KS", "5S"], ["KD", "QC"]], ["9H"], scores=[240, 245], stock=[])
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    assert s.over and s.scores == [255, 265] and GAME.outcome(s).winners == [0]
    t = table([["KS", "5S"], ["KD", "5C"]], ["9H"], scores=[240, 240], stock=[])
    GAME.apply(t, 0, "pass")
    GAME.apply(t, 1, "pass")
    assert t.over and GAME.outcome(t).winners == [0, 1] and GAME.outcome(t).placings == [1, 1]


def test_options_are_validated_by_name():
    for bad in ({"threshold": 10}, {"hand_size": 3}, {"melee_faces": "x"}, {"call_mode": "loud"},
                {"melee_seconds": 0}, {"round_limit": -1}):
        with pytest.raises(BadOption, match=f"'{next(iter(bad))}'"):
            GAME.start(3, bad, 1)
    assert GAME.options_of(GAME.start(3, {}, 1)).melee_seconds == 8


# --- hidden information, round trip, random games -----------------------------------------------------------

def test_view_shows_no_other_hand_and_zones_cover_the_pack():
    s = table([["5S", "KD"], ["4D", "7C"], ["JKR", "8C"]], ["9S"])
    for seat in (None, 0, 1, 2):
        blob = json.dumps(GAME.view(s, seat).to_dict())
        for i, hand in enumerate(s.hands):
            if i != seat:
                assert not any(f'"{c}"' in blob for c in hand)
    assert all_cards(GAME, s) == PACK


def test_json_round_trip_and_random_matches_finish():
    for seed in range(6):
        s = GAME.start(2 + seed % 5, {"threshold": 100, "call_mode": ("manual", "catch", "auto")[seed % 3]}, seed)
        play_out(GAME, s, random.Random(seed), PACK, rollouts=0.7, max_moves=5000)
        assert s.over and GAME.outcome(s).winners


def test_registered():
    assert registry.get("last_one") is GAME


def test_a_melee_reads_in_spanish_for_a_spanish_player():
    """Issue 14: a Spanish player follows a melee in Spanish: the 4 played, the refriega with its
    attacker and defender, who has answered (names joined with "y"), the take-over and the table status."""
    names = ["Ana", "Beto", "Carla", "Dani"]
    s = table([["4S", "KD", "QC"], ["9D", "10D"], ["5S", "6H", "2C"], ["6S", "7D", "AD"]], ["9S"])
    shown = [Event(render(e.text, "es")).render(names) for e in GAME.apply(s, 0, "play 4S") if e.to is None]
    assert shown[:2] == ["Ana juega 4♠.", "¡Refriega! Ana ataca, Beto defiende."]
    assert render(GAME.view(s, None).status, "es") == "Mano 1. Refriega: responden todos."
    GAME.apply(s, 2, "take 5S")
    facts = [Event(render(f, "es")).render(names) for f in GAME.view(s, None).facts]
    assert "Han respondido: Carla; falta: Ana, Beto y Dani" in facts
    shown = []
    for seat in (0, 1, 3):
        shown += [Event(render(e.text, "es")).render(names) for e in GAME.apply(s, seat, "pass") if e.to is None]
    assert shown[:2] == ["¡Carla toma el relevo con 5♠!", "Carla ataca, Ana defiende."]
