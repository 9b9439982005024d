"""Big Two: the rules in shared/rules/big_two.md, one rule per test."""

import random
from collections import Counter
from functools import partial

import pytest

from games import cards as C
from games.big_two import GAME
from games.engine import BadOption, Move
from games.text import text_from
from tests import climbing_states
from tests.playthrough import assert_no_leak, assert_refused
from tests.table_helpers import move_texts


def table(hands, *, playoff=(), **kw):
    """A state with the given hands and, with ``on``, that play on the table made by ``by``
    (`tests.climbing_states.round_state`); the rest of the pack lies unused, so every card
    is accounted for."""
    s = climbing_states.round_state(GAME, hands, **kw)
    s.playoff = list(playoff)
    s.unused = climbing_states.rest_of(Counter(C.french_deck()), s)
    return s


plays = partial(move_texts, GAME)
refused = partial(assert_refused, GAME)


# --- the deal and the opening ---------------------------------------------------------------------

def test_thirteen_cards_each_the_holder_of_3_diamonds_leads_with_it():
    s = GAME.start(4, {}, seed=2)
    assert [len(h) for h in s.hands] == [13] * 4
    assert s.opening == "3D" and "3D" in s.hands[s.turn]
    assert all("3D" in m.args for m in GAME.moves(s, s.turn))


def test_two_players_leave_26_cards_unused_and_the_lowest_card_held_opens():
    for seed in range(40):
        s = GAME.start(2, {}, seed)
        if "3D" in s.unused:
            break
    else:
        pytest.fail("3♦ was always dealt")
    assert len(s.unused) == 26
    lowest = min(s.hands[0] + s.hands[1], key=GAME.rules_of(s).power.__getitem__)
    assert s.opening == lowest and lowest in s.hands[s.turn]
    assert len(GAME.start(3, {}, 1).unused) == 13


def test_the_first_play_must_include_the_lowest_card():
    s = table(["3D 3C 5H", "9S"], opening="3D")
    assert plays(s) == ["play 3D as=single", "play 3D 3C as=pair"]
    assert "must include 3♦" in refused(s, 0, "play 5H as=single")


# --- plays and following --------------------------------------------------------------------------

def test_plays_are_singles_pairs_trips_or_five_card_hands_of_the_same_size_as_the_last():
    s = table(["4D 4C 4H 5S 6S 7S 8H 2D", "9S"], on="3D 3C", by=1)
    assert plays(s) == ["play 4D 4C as=pair", "play 4D 4H as=pair", "play 4C 4H as=pair", "pass"]
    assert "not a combination" in refused(s, 0, "play 4D 4C 4H 2D as=fourkind")


def test_four_of_a_kind_needs_a_fifth_card():
    s = table(["4D 4C 4H 4S 9S", "KS"])
    found = plays(s)
    assert "play 4D 4C 4H 4S 9S as=fourkind" in found
    assert not any(m.endswith("as=quad") for m in found)


def test_equal_pairs_go_by_the_higher_suit_spades_on_top():
    s = table(["KD KS", "9S"], on="KC KH", by=1)
    assert plays(s) == ["play KD KS as=pair", "pass"]
    s = table(["KC KH", "9S"], on="KD KS", by=1)
    assert plays(s) == ["pass"]


def test_straights_may_use_the_ace_low_or_high_but_not_run_past_the_2():
    s = table(["AS 2S 3D 4H 5C 6C JD QD KH", "9S"])
    found = plays(s)
    assert "play 3D 4H 5C AS 2S as=straight" in found       # A-2-3-4-5
    assert "play 3D 4H 5C 6C 2S as=straight" in found       # 2-3-4-5-6
    s = table(["JD QD KH AC 2S 9H", "9S"])
    assert not any("straight" in m for m in plays(s)), "J-Q-K-A-2 is no straight"


def test_straights_rank_by_the_top_of_the_sequence_a_2_3_4_5_lowest():
    """Decision 2 and its clarification."""
    s = table(["2S 3D 4H 5C 6S 10D JD QH KC AD", "9S"], on="AS 2H 3C 4C 5D", by=1)
    assert [m for m in plays(s) if "straight" in m] == [
        "play 3D 4H 5C AD 2S as=straight",      # A-2-3-4-5 again, but 5♣ on top beats 5♦
        "play 3D 4H 5C 6S 2S as=straight", "play 10D JD QH KC AD as=straight"]
    s = table(["9S 10S JD QH KH 7C", "9C"], on="10D JD QH KC AD", by=1)
    assert plays(s) == ["pass"], "10-J-Q-K-A is the highest straight"


def test_straight_order_option_twos_high_ranks_by_the_highest_card():
    s = table(["2S 3D 4H 5C 6S 10D JD QH KC AH", "9S"], on="10S JC QC KD AD", by=1,
              opts={"straights": "twos_high"})
    assert [m for m in plays(s) if "straight" in m] == [     # lowest first: 10-J-Q-K-A < 2-3-4-5-6 < A-2-3-4-5
        "play 10D JD QH KC AH as=straight", "play 3D 4H 5C 6S 2S as=straight", "play 3D 4H 5C AH 2S as=straight"]
    s = table(["3D 4H 5C 6S 7S 9H", "9S"], on="10S JC QC KD AD", by=1, opts={"straights": "twos_high"})
    assert plays(s) == ["pass"]


def test_a_five_card_hand_counts_only_as_its_highest_category():
    s = table(["3S 4S 5S 6S 7S", "9S"])
    five = [m for m in plays(s) if len(m.split()) == 7]
    assert five == ["play 3S 4S 5S 6S 7S as=straightflush"]


def test_five_card_categories_beat_lower_categories():
    s = table(["3C 5C 7C 9C JC 4D 4H 4S 8D 8S", "9S"], on="3D 4C 5H 6S 7D", by=1)
    found = plays(s)
    assert "play 3C 5C 7C 9C JC as=flush" in found
    assert "play 4D 4H 4S 8D 8S as=fullhouse" in found
    s = table(["3C 5C 7C 9C JC", "9S"], on="4D 4H 4S 8D 8S", by=1)
    assert plays(s) == ["pass"], "a flush is below a full house"


def test_flushes_compare_by_suit_first_or_by_rank_first_by_option():
    hand, on = "3H 4H 6H 8H 9H", "3C 5C 7C JC 2C"
    assert plays(table([hand, "9S"], on=on, by=1))[0] == "play 3H 4H 6H 8H 9H as=flush"
    assert plays(table([hand, "9S"], on=on, by=1, opts={"flushes": "rank"})) == ["pass"]


def test_full_house_by_its_trips_and_four_of_a_kind_by_its_four():
    s = table(["QD QC QH 9S 9H", "3S"], on="10D 10C 10H KS KH", by=1)
    assert plays(s)[0] == "play 9H 9S QD QC QH as=fullhouse"
    s = table(["5D 5C 5H 5S 3H", "3S"], on="4D 4C 4H 4S 2H", by=1)
    assert plays(s)[0] == "play 3H 5D 5C 5H 5S as=fourkind"


# --- the round -------------------------------------------------------------------------------------

def test_a_player_who_passed_may_play_again_on_their_next_turn():
    s = table(["5S 9S", "6S 10S", "7S JS"], turn=1, on="4S", by=0)
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "play 7S as=single")
    GAME.apply(s, 0, "play 9S as=single")
    assert s.turn == 1 and "play 10S as=single" in plays(s), "passing does not keep you out"


def test_when_all_opponents_pass_in_a_row_the_last_player_leads_anything():
    s = table(["5S 5C 9S", "6S 10S", "7S JS"], turn=1, on="4S", by=0)
    GAME.apply(s, 1, "pass")
    events = GAME.apply(s, 2, "pass")
    assert "leads anything" in events[-1].text
    assert s.turn == 0 and not s.table and "play 5C 5S as=pair" in plays(s)
    assert "cannot pass" in refused(s, 0, "pass")


# --- scoring -----------------------------------------------------------------------------------------

def test_cards_left_score_1_each_2_each_from_10_and_3_each_for_13():
    s = table(["9S", " ".join(["3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD"]),
               "3C 4C 5C 6C 7C 8C 9C 10C JC QC", "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H"], on="8S", by=3)
    GAME.apply(s, 0, "play 9S as=single")
    assert s.scores == [0, 9, 20, 39]
    assert "+39 (13 left)" in text_from(s.last_result)


def test_multiplier_bands_are_options():
    s = table(["9S", "3C 4C 5C 6C 7C 8C 9C 10C"], on="8S", by=1, opts={"double_from": 8, "triple_from": 14})
    GAME.apply(s, 0, "play 9S as=single")
    assert s.scores == [0, 16]
    with pytest.raises(BadOption, match="triple_from"):
        GAME.start(2, {"double_from": 12, "triple_from": 11}, 1)


def test_when_someone_reaches_the_threshold_the_lowest_score_wins():
    s = table(["9S", "3C 4C"], on="8S", by=1, scores=[40, 99])
    GAME.apply(s, 0, "play 9S as=single")
    assert s.over and s.scores == [40, 101]
    out = GAME.outcome(s)
    assert out.winners == [0] and out.placings == [1, 2] and "lowest score, 40" in out.summary


def test_tied_lowest_share_the_win_by_default():
    s = table(["9S", "3C 4C", "5C"], on="8S", by=2, scores=[50, 99, 49])
    GAME.apply(s, 0, "play 9S as=single")
    assert s.over and GAME.outcome(s).winners == [0, 2]


def test_tied_lowest_play_off_an_extra_hand_among_themselves_by_option():
    s = table(["9S", "3C 4C", "5C"], on="8S", by=2, scores=[50, 99, 49], opts={"ties": "playoff"})
    events = GAME.apply(s, 0, "play 9S as=single")
    assert not s.over and s.playoff == [0, 2]
    assert any("play off" in e.text for e in events)
    assert [len(h) for h in s.hands] == [13, 0, 13] and len(s.unused) == 26
    assert "sits out the play-off" in GAME.view(s, 1).seats[1].notes
    rng = random.Random(4)
    while not s.over:
        assert s.turn != 1, "the seat outside the play-off never plays"
        moves = GAME.moves(s, s.turn)
        GAME.apply(s, s.turn, moves[rng.randrange(len(moves))])
    winners = GAME.outcome(s).winners
    assert len(winners) == 1 and winners[0] in (0, 2) and s.scores[1] == 101


def test_later_hands_are_led_by_the_lowest_card_or_by_the_last_winner():
    s = table(["9S", "3C 4C"], on="8S", by=1)
    GAME.apply(s, 0, "play 9S as=single")
    assert s.opening and s.opening in s.hands[s.turn]
    s = table(["9S", "3C 4C"], on="8S", by=1, opts={"next_lead": "winner"})
    GAME.apply(s, 0, "play 9S as=single")
    assert s.turn == 0 and s.opening == ""


# --- refusals, prompt, view ----------------------------------------------------------------------------

def test_refusals_name_the_problem():
    s = table(["4D 4C 5H 7D", "9S"], on="3D 3C", by=1)
    assert "do not hold" in refused(s, 0, "play 4D 4S as=pair")
    assert refused(s, 0, "play 5H as=single") == "You must play a pair higher than 3♦ 3♣."
    assert "not a move in Big Two" in refused(s, 0, "knock")
    assert "Say which cards" in refused(s, 0, "play")


def test_four_of_a_kind_is_shown_with_the_four_first_and_the_fifth_card_after_a_plus():
    """Audit #12: the log and the prompt say "four of a kind K♦ K♣ K♥ K♠ + 5♣"."""
    s = table(["5C KD KC KH KS 9S", "9D"], on="3D 4C 5H 6S 7D", by=1)
    events = GAME.apply(s, 0, "play 5C KD KC KH KS as=fourkind")
    assert events[0].text == "{p0} plays four of a kind K♦ K♣ K♥ K♠ + 5♣."
    assert GAME.instruction(s, 1).startswith("Beat four of a kind K♦ K♣ K♥ K♠ + 5♣ (by {p0})")


def test_a_play_of_the_wrong_shape_is_told_what_to_play():
    """Audit #13: no "(play a higher single of 1 cards)"; a pair on a single is told to play a single."""
    s = table(["6D 6S 9H", "9S"], on="QD", by=1)
    assert refused(s, 0, "play 6D 6S as=pair") == "You must play a single higher than Q♦."
    assert refused(s, 0, "play 9H as=single") == "Single 9♥ does not beat single Q♦."


def test_prompt_for_a_five_card_hand_asks_category_then_sequence_then_cards():
    s = table(["3D 4C 5H 6S 7D 7C 9H", "9S"])
    prompt = GAME.prompt(s, 0)
    assert "Five-card hand" in [a for a, _ in prompt.step(()).answers]
    step = prompt.step(("Five-card hand",))
    assert step.question == "Which hand?" and [a for a, _ in step.answers] == ["Straight"]
    step = prompt.step(("Five-card hand", "Straight"))
    assert step.question == "Which sequence?" and [a for a, _ in step.answers] == ["3–7 (7♦ on top)", "3–7 (7♣ on top)"]
    assert dict(step.answers)["3–7 (7♣ on top)"] == Move.parse("play 3D 4C 5H 6S 7C as=straight")


def test_the_view_shows_card_counts_and_warns_of_a_last_card():
    s = table(["4S 5S", "6S 10S"], on="3D", by=1)
    GAME.apply(s, 0, "play 4S as=single")
    view = GAME.view(s, 1)
    assert view.seats[0].cards == 1 and "one card left" in view.seats[0].notes
    for seat in (None, 0, 1):
        assert_no_leak(GAME, s, seat, GAME.view(s, seat))


def test_rollout_policy_keeps_2s_while_nobody_is_close_to_going_out():
    s = table(["5S 2S 9D 9C 8H JD QD", "6S 10S 3C 4C 5C 6C 7C 8C 9H"], on="4S", by=1)
    picks = Counter(str(GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(n))) for n in range(50))
    assert picks["play 5S as=single"] > picks["play 2S as=single"]


def test_a_big_two_play_and_its_refusal_read_in_chinese_as_锄大地():
    """A Chinese reader sees the game as 锄大地, a pair played as 对子, and why a single may not go on a pair."""
    from games.engine import Event
    from games.localize import render

    s = table(["5D 5S 9C", "6D 7D 8D 3C", "JH QH", "KS AS"], on="4D 4S", by=3)
    events = GAME.apply(s, 0, "play 5D 5S as=pair")
    assert Event(render(events[0].text, "zh_CN")).render(["甲", "乙", "丙", "丁"]) == "甲 出了对子 5♦ 5♠。"
    assert render(GAME.refuse(s, 1, Move("play", ("3C",))), "zh_CN") == "你必须出比 5♦ 5♠ 大的对子。"
    assert render(GAME.title, "zh_CN") == "锄大地"
