"""The matching-pile engine shared by the shedding games (games/common/shedding.py)."""

from dataclasses import dataclass

import pytest

from games import cards as C
from games.common.shedding import (
    ANY,
    CALL,
    CATCH,
    IGNORE,
    PLAIN,
    CallState,
    Effect,
    LastCard,
    ShedState,
    combine,
    draw_cards,
    matches,
    may_go_out,
    next_in,
    playable,
    resolve,
    score_hand,
    suit_text,
    take_penalty,
    target_text,
)
from games.engine import Event
from games.jack_change_it import _short_draw as jci_short_draw
from games.last_one import _short_draw as last_one_short_draw
from games.localize import render
from games.text import text_from


@dataclass(kw_only=True)
class Table(ShedState, CallState):
    """A bare state with both the pile fields and the call fields."""


def table(hands, discard=("9S",), stock=(), **fields):
    s = Table(players=len(hands), seed=1, options={}, hands=[list(h) for h in hands], discard=list(discard),
              stock=list(stock))
    for name, value in fields.items():
        setattr(s, name, value)
    return s


def drawer(s):
    """A draw callback that takes cards from the state's stock and records who drew what."""
    log = []

    def draw(seat, n):
        got = [s.stock.pop() for _ in range(min(n, len(s.stock)))]
        s.hands[seat] += got
        log.append((seat, n))
        return [Event(f"{{p{seat}}} draws {len(got)}.")]

    draw.log = log
    return draw


# --- the match predicate ----------------------------------------------------------------------

def test_a_card_matches_the_top_card_by_suit_or_rank():
    assert matches("5S", "9S") and matches("9H", "9S")
    assert not matches("5H", "9S")


def test_wild_ranks_match_anything():
    assert matches("8H", "9S", wild=(8,)) and matches("JKR", "9S", wild=(0, 8))
    assert not matches("8H", "9S")


def test_a_named_suit_is_followed_by_that_suit_or_the_namers_rank_but_not_the_top_suit():
    assert matches("3H", "JS", "H")
    assert matches("JC", "JS", "H"), "another jack follows a jack's named suit"
    assert not matches("3S", "JS", "H"), "the suit of the card that named no longer counts"


def test_anything_goes_after_any_and_a_named_card_is_matched_by_its_suit_or_rank():
    assert matches("2C", "JKR", ANY)
    assert matches("7C", "JKR", "7H") and matches("2H", "JKR", "7H")
    assert not matches("2C", "JKR", "7H")


def test_target_text_says_what_must_be_matched():
    assert target_text("9S") == "9♠"
    assert target_text("8S", "H") == "the named suit, ♥ hearts", "symbol then name (audit #19)"
    assert target_text("JKR", "7H") == "the 7 of hearts (named by the joker)"
    assert target_text("JKR", ANY) == "anything"


# --- seats and direction ----------------------------------------------------------------------------

def test_next_seat_follows_the_direction_and_skips_seats_that_are_out():
    assert next_in(0, 4) == 1 and next_in(3, 4) == 0
    assert next_in(0, 4, -1) == 3
    assert next_in(0, 4, 1, out=[1, 2]) == 3
    assert next_in(0, 4, -1, out=[3]) == 2


# --- effects -------------------------------------------------------------------------------------------

def test_a_plain_card_passes_the_turn_on():
    s = table([["5S"], ["6S"], ["7S"]])
    assert resolve(s, 0, ["9S"], PLAIN, drawer(s)) == [] and s.turn == 1
    assert Effect().plain and not Effect(skip=1).plain


def test_skip_passes_over_the_next_player_and_with_two_players_returns_to_the_player():
    s = table([[], [], []])
    events = resolve(s, 0, ["8S"], Effect(skip=1), drawer(s))
    assert s.turn == 2 and [e.text for e in events] == ["{p1} is skipped."]
    two = table([[], []])
    resolve(two, 0, ["8S"], Effect(skip=1), drawer(two))
    assert two.turn == 0


def test_reverse_turns_the_direction_round_with_three_or_more_but_does_nothing_with_two():
    s = table([[], [], [], []])
    resolve(s, 0, ["QS"], Effect(reverse=True), drawer(s))
    assert s.direction == -1 and s.turn == 3
    resolve(s, 3, ["QH"], Effect(reverse=True), drawer(s))
    assert s.direction == 1 and s.turn == 0
    two = table([[], []])
    assert resolve(two, 0, ["AS"], Effect(reverse=True), drawer(two)) == []
    assert two.direction == 1 and two.turn == 1


def test_reverse_counts_only_the_seats_still_in():
    s = table([[], [], []], out=[2])
    resolve(s, 0, ["AS"], Effect(reverse=True), drawer(s))
    assert s.direction == 1 and s.turn == 1


def test_a_draw_penalty_is_owed_by_the_next_player_and_stacks_with_a_card_of_its_rank():
    two = Effect(draw=2, stack=2, trick=True)
    s = table([["2S"], ["2D", "5C"], ["7S"]])
    resolve(s, 0, ["2S"], two, drawer(s))
    assert (s.owed, s.owed_stack, s.turn) == (2, 2, 1)
    assert playable(s, "2D") and not playable(s, "5C") and not playable(s, "9S")
    resolve(s, 1, ["2D"], two, drawer(s))
    assert (s.owed, s.turn) == (4, 2)


def test_a_block_card_cancels_the_penalty_and_then_passes_the_turn():
    s = table([[], ["5H"], []], owed=5, owed_block="5H", turn=1)
    assert playable(s, "5H") and not playable(s, "5D")
    events = resolve(s, 1, ["5H"], PLAIN, drawer(s))
    assert (s.owed, s.owed_block, s.turn) == (0, "", 2)
    assert "blocks the penalty" in events[0].text


def test_taking_a_penalty_draws_it_and_ends_the_turn_unless_told_otherwise():
    s = table([[], ["4C"], []], owed=4, owed_stack=2, turn=1, stock=["AS", "2S", "3S", "4S", "5S"])
    draw = drawer(s)
    take_penalty(s, 1, draw)
    assert draw.log == [(1, 4)] and s.owed == 0 and s.owed_stack == 0 and s.turn == 2
    t = table([[], ["4C"]], owed=2, turn=1, stock=["AS", "2S"])
    take_penalty(t, 1, drawer(t), ends_turn=False)
    assert t.turn == 1 and len(t.hands[1]) == 3


def test_drawing_turns_the_discards_under_the_top_card_into_a_new_stock_when_it_runs_out():
    s = table([["KD"], []], discard=["2C", "3C", "4C"], stock=["9H"])
    events = draw_cards(s, 0, 3, jci_short_draw)
    assert sorted(s.hands[0]) == sorted(["KD", "9H", "2C", "3C"]) and s.discard == ["4C"] and s.stock == []
    assert [(e.text, e.to) for e in events[:2]] == [
        ("The discard pile was shuffled into a new stock.", None), ("{p0} draws 3 cards.", None)]
    assert events[2].to == 0 and all(C.text(c) in events[2].text for c in ("9H", "2C", "3C"))


def test_drawing_gives_what_is_left_and_says_so_in_the_games_words():
    """A draw the stock cannot cover gives what is left, and each game says so in a whole sentence
    of its catalog (issue 14: no English fragment glued to a translated line)."""
    s = table([[], []], discard=["4C"], stock=["9H"])
    public = draw_cards(s, 1, 2, jci_short_draw)[0].text
    assert public == "{p1} draws 1 card: the stock had no more."
    assert render(public, "es").startswith("{p1} roba 1 carta")
    assert s.hands[1] == ["9H"] and s.stock == []
    assert [e.text for e in draw_cards(s, 1, 2, last_one_short_draw)] == ["{p1} has nothing to draw."]
    t = table([[], []], discard=["4C"], stock=["9H", "2S"])
    assert [e.text for e in draw_cards(t, 0, 1, last_one_short_draw)][0] == "{p0} draws a card."
    assert draw_cards(t, 1, 3, last_one_short_draw)[0].text == "{p1} draws 1 card, all there was of 3."


def test_draw_at_once_makes_the_next_player_draw_and_miss_the_turn():
    s = table([[], [], []], stock=["AS", "2S", "3S"])
    draw = drawer(s)
    events = resolve(s, 0, ["2S"], Effect(draw=2, draw_at_once=True), draw)
    assert draw.log == [(1, 2)] and s.owed == 0 and s.turn == 2
    assert "{p1} misses a turn." in [e.text for e in events]


def test_a_free_extra_play_keeps_the_turn_and_lets_any_card_be_played():
    s = table([["KD", "QC"], []])
    resolve(s, 0, ["3S"], Effect(again=True), drawer(s))
    assert s.turn == 0 and s.again
    assert playable(s, "KD") and playable(s, "QC")
    resolve(s, 0, ["KD"], PLAIN, drawer(s))
    assert not s.again and s.turn == 1


def test_combining_adds_the_draws_and_leaves_only_the_block():
    ace, two = Effect(draw=5, block="5H", trick=True), Effect(draw=2, stack=2, trick=True)
    both = combine([ace, two], block="5H")
    assert both == Effect(draw=7, block="5H", trick=True)
    assert combine([ace, two]).block == "" and combine([ace, two]).stack == 0


def test_a_trick_card_may_not_be_a_players_last_card():
    assert may_go_out([PLAIN, Effect(skip=1)])
    assert not may_go_out([PLAIN, Effect(skip=1, trick=True)])


# --- the last-card call ---------------------------------------------------------------------------------

def test_auto_mode_calls_for_the_player_and_offers_no_call_moves():
    rules = LastCard("Last one", "auto", 2)
    s = table([["5S"], ["6S", "7S"], ["8S"]])
    assert not rules.offers_call(1)
    events = rules.played(s, 0, 1, call=False)
    assert s.called == [0] and s.hook == -1 and events[0].text == "{p0}: “Last one!”"
    assert rules.optional(s, s.hands, 1, [0, 1, 2]) == set() and rules.moves(s, 1, True) == []


def test_manual_mode_a_play_to_one_card_comes_with_and_without_the_call():
    rules = LastCard("Last one", "manual", 2)
    assert rules.offers_call(1) and not rules.offers_call(2) and not rules.offers_call(0)
    s = table([["5S"], ["6S", "7S"]])
    rules.played(s, 0, 1, call=True)
    assert s.called == [0] and s.hook == -1


def test_manual_mode_a_player_who_forgot_may_still_call_out_of_turn_or_let_it_go():
    rules = LastCard("Last one", "manual", 2)
    s = table([["5S"], ["6S", "7S"], ["8S", "9S"]])
    rules.played(s, 0, 1, call=False)
    assert s.hook == 0 and s.called == []
    assert rules.optional(s, s.hands, 1, [0, 1, 2]) == {0}, "only the forgetful player, never the others"
    assert rules.moves(s, 0, on_turn=False) == [CALL, IGNORE]
    assert rules.moves(s, 1, on_turn=True) == [], "nobody catches in manual mode"
    events = rules.act(s, 0, CALL, drawer(s))
    assert s.called == [0] and s.hook == -1 and "Last one!" in events[0].text


def test_manual_mode_the_deadline_passing_costs_the_penalty_at_once():
    rules = LastCard("Page One", "manual", 5)
    s = table([["5S"], ["6S", "7S"]], stock=list("ABCDEF"))
    rules.played(s, 0, 1, call=False)
    assert rules.deadline(s, 0, s.hands, drawer(s)) == [], "the player's own moves are no deadline"
    draw = drawer(s)
    events = rules.deadline(s, 1, s.hands, draw)
    assert draw.log == [(0, 5)] and s.hook == -1
    assert "did not call “Page One!” in time and draws 5" in events[0].text


def test_letting_the_call_go_keeps_the_penalty_at_the_deadline():
    rules = LastCard("Last one", "manual", 2)
    s = table([["5S"], ["6S", "7S"]], stock=list("AB"))
    rules.played(s, 0, 1, call=False)
    rules.act(s, 0, IGNORE, drawer(s))
    assert s.ignored == [0] and rules.optional(s, s.hands, 1, [0, 1]) == set()
    draw = drawer(s)
    rules.deadline(s, 1, s.hands, draw)
    assert draw.log == [(0, 2)]


def test_the_call_counts_only_while_holding_one_card():
    rules = LastCard("Last one", "manual", 2)
    s = table([["5S"], ["6S", "7S"]])
    rules.played(s, 0, 1, call=True)
    s.hands[0] += ["2C"]
    rules.drew(s, 0, 2)
    assert s.called == []
    rules.played(s, 1, 1, call=False)
    s.hands[1] += ["3C"]
    rules.drew(s, 1, 2)
    assert s.hook == -1, "a player who drew back up owes no call"
    draw = drawer(s)
    assert rules.deadline(s, 0, s.hands, draw) == [] and draw.log == []


def test_catch_mode_opponents_may_catch_until_the_call_or_the_deadline_and_no_penalty_otherwise():
    rules = LastCard("Page One", "catch", 5)
    s = table([["5S"], ["6S", "7S"], ["8S", "9S"]], stock=list("ABCDEFG"))
    rules.played(s, 0, 1, call=False)
    assert rules.optional(s, s.hands, 1, [0, 1, 2]) == {0, 2}
    assert rules.moves(s, 1, on_turn=True) == [CATCH], "the player to move may catch besides playing"
    assert rules.moves(s, 2, on_turn=False) == [CATCH, IGNORE]
    draw = drawer(s)
    events = rules.act(s, 2, CATCH, draw)
    assert draw.log == [(0, 5)] and s.hook == -1 and "{p2} catches {p0}" in events[0].text
    t = table([["5S"], ["6S", "7S"]], stock=list("ABCDE"))
    rules.played(t, 0, 1, call=False)
    draw = drawer(t)
    assert rules.deadline(t, 1, t.hands, draw) == [] and draw.log == [], "uncaught: no penalty"


def test_catch_mode_a_call_first_saves_the_player():
    rules = LastCard("Page One", "catch", 5)
    s = table([["5S"], ["6S", "7S"]])
    rules.played(s, 0, 1, call=False)
    rules.act(s, 0, CALL, drawer(s))
    assert rules.optional(s, s.hands, 1, [0, 1]) == set() and rules.moves(s, 1, True) == []


def test_refusals_of_call_moves_explain_why():
    assert "right after playing down to one card" in LastCard("Last one", "manual").refuse(table([[]]), 0, CALL)
    assert "not used" in LastCard("Last one", "manual").refuse(table([[]]), 0, CATCH)
    assert "Nobody can be caught" in LastCard("Last one", "catch").refuse(table([[]]), 0, CATCH)
    assert "made for you" in LastCard("Last one", "auto").refuse(table([[]]), 0, CALL)
    assert "just say" in LastCard("Last one", "manual").refuse(table([[]]), 0, IGNORE.__class__("call", ("x",)))


@pytest.mark.parametrize("mode", ["auto", "manual", "catch"])
def test_notes_show_calls_publicly(mode):
    rules = LastCard("Last one", mode)
    s = table([["5S"], ["6S"]])
    rules.played(s, 0, 1, call=True)
    assert rules.note(s, 0) == "📣 Last one!" and rules.note(s, 1) is None
    assert rules.with_note(s, 0, ["dealer"]) == ["dealer", "📣 Last one!"] and rules.with_note(s, 1, []) == []
    rules.reset(s)
    assert s.called == [] and s.hook == -1


# --- texts ---------------------------------------------------------------------------------------------

def test_a_named_suit_is_written_symbol_then_name():
    """Audit #19: one form for a named suit in every shedding game."""
    assert [suit_text(x) for x in "SHDC"] == ["♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs"]


def test_called_phrases_are_in_curly_quotes_in_catches_and_refusals():
    """Audit #32: “Page One!” like the call line itself, never 'Page One!'."""
    rules = LastCard("Page One", "catch", 5)
    s = table([["5S"], ["6S", "7S"], ["8S", "9S"]], stock=list("ABCDEFG"))
    rules.played(s, 0, 1, call=False)
    events = rules.act(s, 2, CATCH, drawer(s))
    assert events[0].text == "{p2} catches {p0}, who did not call “Page One!”: {p0} draws 5."
    refusal = LastCard("Page One", "manual").refuse(table([["5S", "6S"]]), 0, CALL)
    assert "“Page One!”" in refusal and "'" not in refusal


def test_a_won_hand_is_not_announced_twice_and_the_result_names_the_hand():
    """Audit #20: after "… wins the hand!" no "Hand won by …" line; the kept result reads
    "Hand 3 won by {p1}" (as Page One's); penalties, which are news, are still logged."""
    s = table([["5S", "KD"], []], scores=[0, 0], hand_no=3, last_result="")
    events = score_hand(s, 1, lambda c: 1, penalty=False)
    assert [e.text for e in events] == ["{p1} is out of cards and wins the hand!"]
    assert text_from(s.last_result) == "Hand 3 won by {p1}" and s.scores == [0, 1]
    blocked = table([["5S", "KD"], ["6S"]], scores=[0, 0], hand_no=2, last_result="")
    events = score_hand(blocked, None, lambda c: 1, penalty=False)
    assert len(events) == 1 and "{p1} wins with the fewest cards" in events[0].text
    assert text_from(blocked.last_result) == "Hand 2 won by {p1}"
    p = table([["5S", "KD"], []], scores=[0, 0], hand_no=1, last_result="")
    events = score_hand(p, 1, lambda c: 5, penalty=True)
    assert [e.text for e in events][1:] == ["Penalties this hand: {p0} 10, {p1} 0."]
