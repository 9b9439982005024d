"""Thirteen: the rules in shared/rules/thirteen.md, one rule per test."""

import random
from collections import Counter
from functools import partial

import pytest

from games import cards as C
from games.engine import BadOption, Move
from games.thirteen import GAME, instant_winner
from tests import climbing_states
from tests.playthrough import assert_no_leak, assert_refused
from tests.table_helpers import move_texts


def table(hands, **kw):
    """A state with the given hands (codes separated by spaces) and, with ``on``, that play
    on the table made by ``by`` (`tests.climbing_states.round_state`). Every other card of
    the pack is set aside, so the cards are all accounted for."""
    s = climbing_states.round_state(GAME, hands, **kw)
    pack = Counter(C.french_deck(decks=GAME.options_of(s).deck_count(len(hands))))
    s.unused = climbing_states.rest_of(pack, s)
    climbing_states.assert_every_card_in_a_zone(GAME, s, pack)
    return s


plays = partial(move_texts, GAME)
refused = partial(assert_refused, GAME)


# --- the deal and the opening ------------------------------------------------------------------

def test_thirteen_cards_each_and_the_holder_of_3_spades_opens_with_it():
    s = GAME.start(4, {}, seed=3)
    assert [len(h) for h in s.hands] == [13] * 4 and s.unused == []
    assert "3S" in s.hands[s.turn] and s.opening == "3S"
    assert all("3S" in m.args for m in GAME.moves(s, s.turn)), "the first play must include 3♠"
    assert not any(m.kind == "pass" for m in GAME.moves(s, s.turn)), "the opener cannot knock"


def test_without_the_3_of_spades_dealt_the_lowest_card_opens_and_must_be_played():
    """Decision 3: with 2 or 3 players 3♠ may lie unused."""
    for seed in range(40):
        s = GAME.start(2, {}, seed)
        if "3S" in s.unused:
            break
    else:
        pytest.fail("no deal left 3♠ out")
    power = GAME.rules_of(s).power
    lowest = min(s.hands[0] + s.hands[1], key=power.__getitem__)
    assert s.opening == lowest and lowest in s.hands[s.turn]
    assert all(lowest in m.args for m in GAME.moves(s, s.turn))
    other = next(c for c in s.hands[s.turn] if c != s.opening)
    assert f"must include {C.text(lowest)}" in refused(s, s.turn, f"play {other} as=single")


@pytest.mark.parametrize(("players", "size", "decks"), [
    (2, 13, 1), (3, 13, 1), (4, 13, 1), (5, 10, 1), (6, 8, 1), (7, 13, 2), (8, 13, 2), (9, 11, 2), (12, 8, 2)])
def test_hand_sizes_share_the_pack_equally_with_a_second_deck_from_7_players(players, size, decks):
    """Decision 4: min(13, cards ÷ players), the rest set aside; two decks for 7–12."""
    s = GAME.start(players, {}, 1)
    assert [len(h) for h in s.hands] == [size] * players
    assert len(s.unused) == 52 * decks - size * players


def test_one_deck_is_refused_for_more_than_six_players():
    with pytest.raises(BadOption, match="decks"):
        GAME.start(7, {"decks": 1}, 1)
    assert len(GAME.start(4, {"decks": 2}, 1).unused) == 104 - 52


# --- following ---------------------------------------------------------------------------------

def test_the_next_play_must_be_the_same_type_and_higher_by_its_top_card():
    s = table(["4S 4C 3C 3D 5S 6S 7S 9H", "KD"], on="3S 3H", by=1)
    assert plays(s) == ["play 4S 4C as=pair", "pass"], "3♣3♦ is under 3♥; singles and runs do not fit"
    assert "does not beat pair 3♠ 3♥" in refused(s, 0, "play 3C 3D as=pair")
    assert refused(s, 0, "play 9H as=single") == "You must play a pair higher than 3♠ 3♥."


def test_suits_break_ties_between_equal_ranks_spades_clubs_diamonds_hearts():
    s = table(["6S 6D 6H", "KD"], on="6C", by=1)
    assert plays(s) == ["play 6D as=single", "play 6H as=single", "pass"]
    s = table(["6S 6C 9H", "KD"], on="6D 6H", by=1)
    assert plays(s) == ["pass"], "6♠6♣ is below 6♦6♥"


def test_sequences_must_match_in_length_and_never_hold_a_2():
    s = table(["4H 5H 6H 7H 8D KS AS 2S", "KD"], on="3S 4S 5S", by=1)
    assert plays(s) == ["play 4H 5H 6H as=straight", "play 5H 6H 7H as=straight",
                        "play 6H 7H 8D as=straight", "pass"]
    assert "not a combination" in refused(s, 0, "play KS AS 2S as=straight")
    assert refused(s, 0, "play 4H 5H 6H 7H as=straight") == "You must play a straight of 3 cards higher than 3♠ 4♠ 5♠."


def test_a_double_sequence_follows_a_double_sequence_of_the_same_length():
    s = table(["4S 4C 5S 5C 6S 6C 7S 7C", "KD"], on="3S 3H 4D 4H 5D 5H", by=1)
    assert plays(s) == ["play 4S 4C 5S 5C 6S 6C as=pairs", "play 5S 5C 6S 6C 7S 7C as=pairs", "pass"]


# --- knocking ------------------------------------------------------------------------------------

def test_a_player_who_knocks_stays_out_until_the_table_clears():
    s = table(["5S 9S", "6S 10S", "7S JS"], turn=1, on="4S", by=0)
    GAME.apply(s, 1, "pass")
    assert s.turn == 2 and s.passed[1]
    GAME.apply(s, 2, "play 7S as=single")
    GAME.apply(s, 0, "play 9S as=single")
    assert s.turn == 2, "seat 1 knocked and is skipped"
    events = GAME.apply(s, 2, "pass")
    assert "leads anything" in events[-1].text
    assert s.turn == 0 and s.table == [] and s.passed == [False] * 3, "everyone is back in"
    assert s.played == ["4S", "7S", "9S"]


def test_the_leader_plays_anything_after_everyone_else_knocked():
    s = table(["5S 5C 9S", "6S 10S"], turn=1, on="4S", by=0)
    GAME.apply(s, 1, "pass")
    assert s.turn == 0 and not s.table
    assert "play 5S 5C as=pair" in plays(s) and "pass" not in plays(s)
    assert "cannot knock" in refused(s, 0, "pass")


def test_a_knocked_player_may_not_act_out_of_turn():
    s = table(["5S 9S", "6S 10S", "7S JS"], turn=1, on="4S", by=0)
    GAME.apply(s, 1, "pass")
    assert "not your turn" in refused(s, 1, "play 10S as=single")


# --- chops ------------------------------------------------------------------------------------

def test_chops_go_over_anything_that_is_not_a_chop_with_the_text_rules():
    s = table(["3S 3C 3D 3H 4S 4H 5S 5H 6S 6H", "KD"], on="KS", by=1)
    found = plays(s)
    assert "play 3S 3C 3D 3H as=quad" in found
    assert "play 4S 4H 5S 5H 6S 6H as=pairs" in found
    assert "play 3S 3C 4S 4H 5S 5H 6S 6H as=pairs" in found


def test_a_chop_is_beaten_only_by_a_higher_chop_of_the_same_type_and_length():
    s = table(["4S 4C 4D 4H 5S 5H 6S 6H 7S 7H 8S 8H", "KD"], on="3S 3C 3D 3H", by=1)
    assert plays(s) == ["play 4S 4C 4D 4H as=quad", "pass"], "runs of pairs do not beat a quad"
    s = table(["5S 5C 6S 6C 7S 7C 8S 8C JD JH JS JC", "KD"], on="3S 3C 4D 4H 5D 5H", by=1)
    assert plays(s) == ["play 5S 5C 6S 6C 7S 7C as=pairs", "play 6S 6C 7S 7C 8S 8C as=pairs", "pass"], \
        "only three pairs in a row, higher; no quad, no longer run"


def test_chops_option_twos_lets_chops_beat_only_sets_of_2s():
    hand = "3S 3C 3D 3H 9S"
    s = table([hand, "KD"], on="KS", by=1, opts={"chops": "twos"})
    assert "play 3S 3C 3D 3H as=quad" not in plays(s)
    s = table([hand, "KD"], on="2S 2C", by=1, opts={"chops": "twos"})
    assert "play 3S 3C 3D 3H as=quad" in plays(s)


def test_chops_option_standard_follows_the_2s_ladder():
    quad_and_runs = "3S 3C 3D 3H 4S 4H 5S 5H 6S 6H 7S 7H"
    s = table([quad_and_runs, "KD"], on="2S", by=1, opts={"chops": "standard"})
    found = plays(s)
    assert "play 3S 3C 3D 3H as=quad" in found and "play 5S 5H 6S 6H 7S 7H as=pairs" in found
    s = table([quad_and_runs, "KD"], on="2S 2C", by=1, opts={"chops": "standard"})
    found = plays(s)
    assert "play 3S 3C 3D 3H as=quad" not in found
    assert all(len(m.split()) >= 9 for m in found if m != "pass"), "only 4 or more pairs in a row beat two 2s"
    s = table([quad_and_runs, "KD"], on="KS", by=1, opts={"chops": "standard"})
    assert [m for m in plays(s) if "quad" in m or "pairs" in m] == [], "chops over anything is off"


# --- refusals ---------------------------------------------------------------------------------

def test_refusals_say_what_is_wrong():
    s = table(["4S 4C 5H 7D", "KD"], on="3S 3H", by=1)
    assert "do not hold" in refused(s, 0, "play 4S 4H as=pair")
    assert "not a combination" in refused(s, 0, "play 4S 5H as=pair")
    assert "cannot be played as straight" in refused(s, 0, "play 4S 4C as=straight")
    assert "not a card" in refused(s, 0, "play 4S ZZ as=pair")
    assert "not a move in Thirteen" in refused(s, 0, "draw")
    assert "just say 'pass'" in refused(s, 0, "pass now")
    GAME.apply(s, 0, "play 4C 4S as=pair")      # the cards in any order
    assert s.table == ["4S", "4C"]


# --- the end of the hand and the match -------------------------------------------------------

def test_the_first_player_out_wins_the_hand_and_scores_place_points():
    s = table(["9S", "5S 6S", "7S 8S", "JS QS"], on="4S", by=3)
    events = GAME.apply(s, 0, "play 9S as=single")
    assert any("out of cards!" in e.text for e in events)
    assert s.scores == [3, 0, 0, 0], "n-1 points for first place; the rest score nothing"
    assert s.hand_no == 2 and not s.over


def test_the_match_ends_when_someone_reaches_the_target_and_the_highest_total_wins():
    s = table(["9S", "5S 6S"], on="4S", by=1, scores=[4, 2])
    GAME.apply(s, 0, "play 9S as=single")
    assert s.over and s.scores == [5, 2]
    out = GAME.outcome(s)
    assert out.winners == [0] and out.placings == [1, 2]
    assert GAME.to_move(s) == frozenset()


def test_scoring_by_wins_counts_hands_and_one_win_is_the_match_by_default():
    s = table(["9S", "5S 6S", "7S 8S"], on="4S", by=2, opts={"scoring": "wins"})
    GAME.apply(s, 0, "play 9S as=single")
    assert s.over and s.scores == [1, 0, 0]
    s = table(["9S", "5S 6S", "7S 8S"], on="4S", by=2, opts={"scoring": "wins", "hands_to_win": 2})
    GAME.apply(s, 0, "play 9S as=single")
    assert not s.over and s.scores == [1, 0, 0]


def test_playing_out_for_places_scores_every_place():
    s = table(["9S", "5S 6S", "7S 8S", "JS QS KH"], on="4S", by=3, opts={"hand_end": "places"})
    events = GAME.apply(s, 0, "play 9S as=single")
    assert s.finished == [0] and s.hand_no == 1 and not any("Hand 1:" in e.text for e in events)
    assert GAME.to_move(s) == {1}, "play goes on"
    assert "out" in " ".join(GAME.view(s, 1).seats[0].notes)


def test_places_when_a_finished_players_play_stands_the_next_player_to_their_left_leads():
    """Decision 5."""
    s = table(["9S", "5S 6S", "7S 8S", "JS QS"], on="4S", by=3, opts={"hand_end": "places"})
    GAME.apply(s, 0, "play 9S as=single")
    for seat in (1, 2, 3):
        GAME.apply(s, seat, "pass")
    assert s.turn == 1 and not s.table and s.passed == [False] * 4


def test_places_points_are_n_minus_1_down_to_0_when_the_hand_is_played_out():
    s = table(["9S", "5S", "7S 8S"], on="4S", by=2, opts={"hand_end": "places", "target": 50})
    GAME.apply(s, 0, "play 9S as=single")
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "pass")
    assert s.turn == 1
    GAME.apply(s, 1, "play 5S as=single")
    assert s.scores == [2, 1, 0] and s.hand_no == 2


def test_later_hands_are_led_by_the_last_winner_or_the_lowest_card_by_option():
    s = table(["9S", "5S 6S"], on="4S", by=1)
    GAME.apply(s, 0, "play 9S as=single")
    assert s.turn == 0 and s.opening == "" and s.last_winner == 0
    s = table(["9S", "5S 6S"], on="4S", by=1, opts={"next_lead": "lowest"})
    GAME.apply(s, 0, "play 9S as=single")
    assert s.opening and s.opening in s.hands[s.turn]


# --- instant wins -----------------------------------------------------------------------------------

def test_instant_win_hands_are_all_four_2s_or_all_four_3s():
    assert instant_winner([["2S", "2H", "2D", "2C", "5S"], ["3S"]]) == (0, "all four 2s")
    assert instant_winner([["2S", "2H", "2D", "5S"], ["3S", "3H", "3D", "3C"]]) == (1, "all four 3s")
    assert instant_winner([["2S", "2H", "2D", "2H.1"], ["3S"]]) is None, "two decks: one of each suit"


def _lucky_seed():
    for seed in range(3000):
        s = GAME.start(2, {"instant_win": "ignore"}, seed)
        if instant_winner(s.hands):
            return seed, s
    pytest.fail("no instant-win deal found")


def test_instant_win_option_redeal_ignore_or_win():
    seed, ignored = _lucky_seed()
    assert not ignored.over and ignored.hand_no == 1
    redealt = GAME.start(2, {}, seed)
    assert instant_winner(redealt.hands) is None and redealt.hands != ignored.hands
    won = GAME.start(2, {"instant_win": "win", "scoring": "wins"}, seed)
    lucky = instant_winner(ignored.hands)[0]
    assert won.over and won.scores[lucky] == 1 and GAME.outcome(won).winners == [lucky]


# --- two decks ------------------------------------------------------------------------------------

def test_two_decks_the_second_decks_copy_beats_the_first():
    s = table(["5H.1 9S", "KD", "QD", "JD", "10D", "9D", "8D"], on="5H", by=6)
    assert plays(s) == ["play 5H.1 as=single", "play 9S as=single", "pass"]
    s = table(["5H.1 5H 9S", "KD", "QD", "JD", "10D", "9D", "8D"], on="4S 4C", by=6)
    assert plays(s) == ["play 5H 5H.1 as=pair", "pass"], "two identical cards make a pair (decision 7)"
    s = table(["5H.1 5H 9S", "KD", "QD", "JD", "10D", "9D", "8D"])
    labels = [a for a, _ in GAME.prompt(s, 0).step(("Single",)).answers]
    assert labels == ["5♥", "5♥²", "9♠"], "the copies are told apart"


# --- the prompt, the view ------------------------------------------------------------------------

def test_prompt_steps_type_then_top_card_then_cards_and_knock():
    s = table(["4S 4C 4D 5H 7D", "KD"], on="3S 3H", by=1)
    prompt = GAME.prompt(s, 0)
    assert [a for a, _ in prompt.step(()).answers] == ["Pair", "Knock (pass)"]
    step = prompt.step(("Pair",))
    assert step.question == "Highest card" and [a for a, _ in step.answers] == ["4♣", "4♦"]
    step = prompt.step(("Pair", "4♦"))
    assert step.question == "Which cards?" and [a for a, _ in step.answers] == ["4♠ 4♦", "4♣ 4♦"]
    assert prompt.step(("Pair", "4♣")) is None, "one pair has 4♣ on top: that answer plays it"
    assert dict(prompt.step(("Pair",)).answers)["4♣"] == Move.parse("play 4S 4C as=pair")
    assert dict(prompt.step(()).answers)["Knock (pass)"] == Move("pass")


def test_the_opening_card_is_named_only_to_its_holder():
    s = GAME.start(4, {}, seed=3)
    holder = s.turn
    assert "3♠" in " ".join(GAME.view(s, holder).facts)
    for seat in [None, *range(4)]:
        view = GAME.view(s, seat)
        assert_no_leak(GAME, s, seat, view)
        if seat != holder:
            assert "the lowest card" in " ".join(view.facts)


def test_the_view_shows_the_table_play_counts_and_who_knocked():
    s = table(["5S 9S", "6S 10S", "7S JS"], turn=1, on="4S", by=0)
    GAME.apply(s, 1, "pass")
    view = GAME.view(s, 2)
    assert view.piles[0].cards == ["4S"] and view.piles[0].owner == 0
    assert "knocked" in view.seats[1].notes and [x.cards for x in view.seats] == [2, 2, 2]
    assert "To beat: single by {p0}" in view.facts, "the card itself shows once, in the Table pile"


# --- computer players --------------------------------------------------------------------------------

def test_rollout_policy_goes_out_when_it_can_and_otherwise_plays_low():
    s = table(["5S 5C", "KD"], on="4S 4C", by=1)
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(1)) == Move.parse("play 5S 5C as=pair")
    s = table(["5S 9S KH", "KD 3C"], on="4S", by=1)
    picks = {str(GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(n))) for n in range(30)}
    assert "play 5S as=single" in picks


def test_hand_progress_ranks_fewer_cards_and_finished_places_higher():
    s = table(["9S", "5S 6S", "7S 8S 9C"], on="4S", by=2, opts={"hand_end": "places"})
    GAME.apply(s, 0, "play 9S as=single")
    progress = GAME.hand_progress(s)
    assert progress[0] > progress[1] > progress[2]


@pytest.mark.parametrize(("options", "unit"), [({}, "point"), ({"scoring": "wins", "hands_to_win": 2}, "hand won")])
def test_the_result_names_what_the_winning_total_counts(options, unit):
    """Scoring by places counts points, scoring by wins counts hands won: the result says which."""
    s = GAME.start(3, options, seed=4)
    rng = random.Random(4)
    while not s.over:
        seat = sorted(GAME.to_move(s))[0]
        GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
    best = max(s.scores)
    words = unit if best == 1 else unit.replace("hand", "hands") if unit == "hand won" else unit + "s"
    assert GAME.outcome(s).summary.endswith(f" with {best} {words}!")


def test_the_facts_explain_the_chops_and_the_hand_end_in_words():
    for chops in ("text", "twos", "standard"):
        facts = " ".join(GAME.view(GAME.start(2, {"chops": chops}, 1), None).facts)
        assert "Chops go over" in facts and f"Chops: {chops}" not in facts and "first_out" not in facts


def test_the_second_packs_copy_is_written_with_a_mark():
    """With two packs the second copy of a card ranks higher, and it is written 5♥²."""
    assert GAME.card_text("5H") == "5♥" and GAME.card_text(C.card("5H").code) == "5♥"
    second = next(c for c in C.french_deck(decks=2) if C.card(c).copy == 1 and C.card(c).rank == 5)
    assert GAME.card_text(second).endswith("²")


def test_a_hand_of_thirteen_reads_in_vietnamese_with_the_players_own_terms():
    """A Vietnamese reader sees the play, the chop of a 2 ("chặt heo" with đôi thông), the knock and the
    table clearing in Vietnamese, the names filled in, and the game under its home name, Tiến lên."""
    from games.engine import Event
    from games.localize import render

    s = table(["5S 5C 6S 6C 7S 7C 9S", "3S 10S", "4S JS"], turn=0, on="2H", by=1)
    events = GAME.apply(s, 0, "play 5S 5C 6S 6C 7S 7C as=pairs")
    events += GAME.apply(s, 1, "pass") + GAME.apply(s, 2, "pass")
    lines = [Event(render(e.text, "vi")).render(["An", "Bình", "Chi"]) for e in events]
    assert lines == ["An đánh đôi thông 5♠ 5♣ 6♠ 6♣ 7♠ 7♣.", "Bình bỏ lượt.", "Chi bỏ lượt.",
                     "Mọi người khác đều bỏ lượt: An được đánh bài mới tùy ý."]
    assert render(GAME.title, "vi") == "Tiến lên"
    assert render(GAME.view(s, 0).status, "vi") == "Ván 1. {p0} đánh trước."
