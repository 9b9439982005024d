"""Jack Change It: the rules in shared/rules/jack_change_it.md, one rule per test."""

import json
import random
from collections import Counter
from functools import partial

import pytest

from games import cards as C
from games import registry
from games.engine import BadOption, Event, Move
from games.jack_change_it import GAME, card_points
from games.localize import PSEUDO, PSEUDO_OPEN, render
from tests.playthrough import all_cards, assert_refused
from tests.table_helpers import laid_out, move_texts, play_out

DECK = Counter(C.french_deck())


def table(hands, discard, *, stock=None, turn=0, dealer=None, named="", options=None, scores=None,
          owed=0, owed_stack=0, owed_block="", direction=1, seed=7):
    """A state with the given hands and discard pile (top card last). Without ``stock``
    every other card is in the stock, so all 52 cards are accounted for."""
    s = laid_out(GAME, hands, list(DECK), stock=stock, scores=scores, options=options, seed=seed, discard=discard)
    s.turn, s.direction = turn, direction
    s.dealer = (turn - 1) % len(hands) if dealer is None else dealer
    s.named, s.owed, s.owed_stack, s.owed_block, s.passes = named, owed, owed_stack, owed_block, 0
    return s


plays = partial(move_texts, GAME)
refused = partial(assert_refused, GAME)


# --- matching and drawing --------------------------------------------------------------------

def test_match_the_upcard_by_suit_or_rank_sequence_meaning_rank():
    s = table([["5S", "9H", "KD", "3C"], ["4D"]], ["9S"])
    assert plays(s) == ["play 5S", "play 9H"]
    GAME.apply(s, 0, "play 9H")
    assert s.discard[-1] == "9H" and s.turn == 1


def test_with_no_legal_play_draw_one_card_and_the_turn_passes_without_playing_it():
    s = table([["KD", "3C"], ["4D", "6D"]], ["9S"], stock=["2D", "9C"])
    assert plays(s) == ["draw"]
    events = GAME.apply(s, 0, "draw")
    assert s.hands[0] == ["KD", "3C", "9C"]
    assert s.turn == 1, "the drawn 9♣ fits but the turn has passed"
    assert [e.text for e in events if e.to is None] == ["{p0} draws a card."]
    assert [(e.to, e.text) for e in events if e.to is not None] == [(0, "You drew 9♣.")]


def test_no_voluntary_draw_by_default_and_the_option_allows_it():
    s = table([["5S", "KD"], ["4D"]], ["9S"])
    assert plays(s) == ["play 5S"]
    assert "must play" in refused(s, 0, "draw")
    v = table([["5S", "KD"], ["4D"]], ["9S"], options={"voluntary_draw": True})
    assert plays(v) == ["play 5S", "draw"]


def test_an_empty_stock_is_rebuilt_from_the_discards_under_the_upcard():
    s = table([["KD", "3C"], ["4D", "6D"]], ["2C", "3H", "4H", "9S"], stock=[])
    events = GAME.apply(s, 0, "draw")
    assert any("shuffled into a new stock" in e.text for e in events)
    assert s.discard == ["9S"] and len(s.stock) == 2 and len(s.hands[0]) == 3


def test_with_nothing_to_draw_a_player_who_cannot_play_passes_and_all_passing_blocks_the_hand():
    s = table([["KD", "3C"], ["4D"], ["6H", "7H"]], ["9S"], stock=[])
    assert plays(s) == ["pass"]
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    assert not s.over
    events = GAME.apply(s, 2, "pass")
    assert s.over and s.scores == [0, 1, 0], "the fewest cards win a blocked hand"
    assert any("blocked" in e.text for e in events)


def test_a_blocked_hand_tie_on_cards_goes_to_fewer_points_then_is_shared():
    s = table([["KD", "3C"], ["4D", "6D"]], ["9S"], stock=[])
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    assert s.scores == [0, 1], "4+6 points beat 10+3"
    t = table([["KD", "3C"], ["QD", "3H"]], ["9S"], stock=[])
    GAME.apply(t, 0, "pass")
    GAME.apply(t, 1, "pass")
    assert t.scores == [1, 1] and GAME.outcome(t).winners == [0, 1]


# --- 2s ------------------------------------------------------------------------------------------

def test_a_2_makes_the_next_player_draw_2_and_drawing_the_penalty_ends_their_turn():
    s = table([["2S", "KD"], ["4D", "6D"], ["7C", "8C"]], ["9S"], stock=["AC", "QC", "JC"])
    GAME.apply(s, 0, "play 2S")
    assert s.owed == 2 and s.turn == 1
    assert plays(s) == ["draw"]
    GAME.apply(s, 1, "draw")
    assert len(s.hands[1]) == 4 and s.owed == 0 and s.turn == 2


def test_a_2_may_be_answered_with_any_2_passing_on_four_then_six():
    s = table([["2S", "KD"], ["2D", "6D"], ["2C", "8C"], ["4H", "5H"]], ["9S"])
    GAME.apply(s, 0, "play 2S")
    assert plays(s) == ["play 2D", "draw"], "only a 2 answers: the 6♦ cannot be played"
    assert "pass them on" in refused(s, 1, "play 6D")
    GAME.apply(s, 1, "play 2D")
    assert s.owed == 4 and s.turn == 2
    GAME.apply(s, 2, "play 2C")
    assert s.owed == 6 and s.turn == 3
    GAME.apply(s, 3, "draw")
    assert len(s.hands[3]) == 8 and s.turn == 0 and s.owed == 0


def test_penalty_ends_turn_off_lets_the_player_play_on_after_drawing():
    s = table([["2S", "KD"], ["4D", "6S"]], ["9S"], stock=["AC", "QC"], options={"penalty_ends_turn": False})
    GAME.apply(s, 0, "play 2S")
    GAME.apply(s, 1, "draw")
    assert s.turn == 1 and s.owed == 0
    assert plays(s) == ["play 6S"], "now a normal turn on the 2♠"


def test_a_stock_too_short_for_a_penalty_gives_what_it_has():
    s = table([["2S", "2D", "KD"], ["4D", "6D"], ["3C"]], ["9S"], stock=[])
    GAME.apply(s, 0, "play 2S")
    assert s.owed == 2 and s.discard == ["9S", "2S"]
    events = GAME.apply(s, 1, "draw")
    assert s.hands[1] == ["9S", "4D", "6D"], "the pile under the 2♠ is all there is"
    assert any(e.text == "{p1} draws 1 card: the stock had no more." for e in events)
    assert s.discard == ["2S"] and s.stock == []


# --- A♥, the combination and the 5♥ ---------------------------------------------------------------

def test_the_ace_of_hearts_makes_the_next_player_draw_5():
    s = table([["AH", "KD"], ["4D", "6D"]], ["9H"])
    GAME.apply(s, 0, "play AH")
    assert s.owed == 5 and plays(s) == ["draw"]
    GAME.apply(s, 1, "draw")
    assert len(s.hands[1]) == 7


def test_the_5_of_hearts_blocks_the_ace_of_hearts_and_becomes_the_upcard():
    s = table([["AH", "KD"], ["5H", "6D", "9C"], ["5C", "3S"]], ["9H"])
    GAME.apply(s, 0, "play AH")
    assert plays(s) == ["play 5H", "draw"]
    events = GAME.apply(s, 1, "play 5H")
    assert s.owed == 0 and s.discard[-1] == "5H" and s.turn == 2
    assert any("blocks" in e.text for e in events)
    assert plays(s) == ["play 5C"], "the next player matches the 5♥ normally"


def test_the_ace_of_hearts_penalty_cannot_be_passed_on_with_a_2():
    s = table([["AH", "KD"], ["2H", "6D"]], ["9H"])
    GAME.apply(s, 0, "play AH")
    assert plays(s) == ["draw"]
    assert "only the five of hearts" in refused(s, 1, "play 2H")


def test_a_2_chain_cannot_be_answered_with_the_ace_of_hearts_or_the_5_of_hearts():
    s = table([["2H", "KD"], ["AH", "5H", "6D"]], ["9H"])
    GAME.apply(s, 0, "play 2H")
    assert plays(s) == ["draw"]


def test_ace_of_hearts_and_a_2_together_make_the_next_player_draw_7_and_either_may_go_on_top():
    s = table([["AH", "2C", "KD"], ["4D", "6D"]], ["9H"])
    assert plays(s) == ["play AH", "play AH 2C", "play 2C AH"], "the A♥ matches: both orders are offered"
    GAME.apply(s, 0, "play AH 2C")
    assert s.discard[-2:] == ["AH", "2C"] and s.owed == 7
    assert s.hands[0] == ["KD"]
    GAME.apply(s, 1, "draw")
    assert len(s.hands[1]) == 9 and s.owed == 0


def test_the_combination_needs_one_of_its_cards_to_match():
    s = table([["AH", "2C", "KD"], ["4D", "6D"]], ["9C"])
    assert "play 2C AH" in plays(s) and "play AH 2C" in plays(s), "the 2♣ matches the 9♣ by suit"
    t = table([["AH", "2C", "KD"], ["4D", "6D"]], ["9S"])
    assert plays(t) == ["draw"]
    assert "Neither card matches" in refused(t, 0, "play AH 2C")


def test_the_5_of_hearts_blocks_the_combination_unless_the_option_says_no():
    s = table([["AH", "2C", "KD"], ["5H", "6D"]], ["9H"])
    GAME.apply(s, 0, "play 2C AH")
    assert plays(s) == ["play 5H", "draw"]
    GAME.apply(s, 1, "play 5H")
    assert s.owed == 0 and len(s.hands[1]) == 1
    o = table([["AH", "2C", "KD"], ["5H", "6D"]], ["9H"], options={"block_combo": False})
    GAME.apply(o, 0, "play 2C AH")
    assert plays(o) == ["draw"]


def test_the_combination_cannot_be_passed_on_with_a_2():
    s = table([["AH", "2C", "KD"], ["2D", "6D"]], ["9H"])
    GAME.apply(s, 0, "play AH 2C")
    assert plays(s) == ["draw"]


def test_only_the_ace_of_hearts_and_a_2_are_played_together():
    s = table([["AH", "3H", "KD"], ["2D", "6D"]], ["9H"])
    assert "A♥ and a 2" in refused(s, 0, "play AH 3H")


# --- 8s, jacks, queens ---------------------------------------------------------------------------

def test_an_8_skips_the_next_player():
    s = table([["8S", "KD"], ["4D"], ["6S", "7C"]], ["9S"])
    events = GAME.apply(s, 0, "play 8S")
    assert s.turn == 2 and any("{p1} is skipped" in e.text for e in events)


def test_an_8_with_two_players_gives_the_same_player_another_turn():
    s = table([["8S", "KD", "KS"], ["4D", "5D"]], ["9S"])
    GAME.apply(s, 0, "play 8S")
    assert s.turn == 0


def test_a_jack_must_match_and_names_one_of_the_other_three_suits():
    s = table([["JS", "JD", "KD"], ["4D", "5H"]], ["9S"])
    assert plays(s) == ["play JS suit=H", "play JS suit=D", "play JS suit=C"], "the J♦ does not match 9♠"
    assert "other three suits" in refused(s, 0, "play JS suit=S")
    assert "Change it to a suit" in refused(s, 0, "play JS")
    GAME.apply(s, 0, "play JS suit=H")
    assert s.named == "H"
    assert plays(s) == ["play 5H"]


def test_after_a_jack_the_named_suit_or_another_jack_may_follow():
    s = table([["JS", "KD"], ["4D", "5H", "JC", "3S"]], ["9S"])
    GAME.apply(s, 0, "play JS suit=H")
    assert plays(s) == ["play 5H", "play JC suit=S", "play JC suit=H", "play JC suit=D"]
    assert "named suit, ♥ hearts" in refused(s, 1, "play 3S"), "the jack's own suit no longer counts"


def test_a_queen_reverses_the_direction_with_three_or_more_players():
    s = table([["QS", "KD"], ["4D"], ["6S", "7C"], ["5S", "AD"]], ["9S"])
    events = GAME.apply(s, 0, "play QS")
    assert s.direction == -1 and s.turn == 3 and any("direction" in e.text for e in events)
    GAME.apply(s, 3, "play 5S")
    assert s.turn == 2


def test_a_queen_with_two_players_is_a_plain_card_and_may_be_the_last_card():
    s = table([["QS"], ["4D", "5D"]], ["9S"])
    assert plays(s) == ["play QS"]
    GAME.apply(s, 0, "play QS")
    assert s.over and s.scores == [1, 0]


def test_two_player_queens_option_makes_queens_trick_cards_that_skip():
    s = table([["QS", "KS"], ["4D", "5D"]], ["9S"], options={"two_player_queens": True})
    GAME.apply(s, 0, "play QS")
    assert s.turn == 0 and s.direction == 1
    t = table([["QS"], ["4D", "5D"]], ["9S"], stock=["3C"], options={"two_player_queens": True})
    assert plays(t) == ["draw"]


# --- no finishing on a trick card -------------------------------------------------------------------

@pytest.mark.parametrize("trick", ["2S", "8S", "JS", "AH"])
def test_a_trick_card_may_not_be_the_last_card_so_the_player_draws(trick):
    s = table([[trick], ["4D", "5D"], ["7D"]], ["9S"] if trick != "AH" else ["9H"], stock=["3C"])
    assert plays(s) == ["draw"]
    assert "may not finish on a trick card" in refused(s, 0, f"play {trick}" + (" suit=H" if trick == "JS" else ""))


def test_a_queen_with_three_players_may_not_be_the_last_card():
    s = table([["QS"], ["4D", "5D"], ["7D"]], ["9S"], stock=["3C"])
    assert plays(s) == ["draw"]


def test_the_combination_may_not_be_the_last_two_cards():
    s = table([["AH", "2H"], ["4D", "5D"]], ["9H"], stock=["3C"])
    assert plays(s) == ["play AH", "play 2H"]
    assert "cannot be your last cards" in refused(s, 0, "play AH 2H")


def test_a_trick_card_held_with_nothing_else_to_play_when_owing_means_drawing():
    s = table([["KD", "2S"], ["2C"]], ["9S"], stock=["3C", "4C"])
    GAME.apply(s, 0, "play 2S")
    assert plays(s) == ["draw"], "the 2♣ would be the last card"


def test_the_5_of_hearts_is_not_a_trick_card_and_may_block_as_the_last_card():
    s = table([["AH", "KD"], ["5H"]], ["9H"])
    GAME.apply(s, 0, "play AH")
    GAME.apply(s, 1, "play 5H")
    assert s.over and s.scores == [0, 1]


# --- upcard -----------------------------------------------------------------------------------------

def test_a_special_upcard_has_no_effect():
    seed = next(n for n in range(500) if C.rank(GAME.start(3, {}, n).discard[-1]) == 2)
    s = GAME.start(3, {}, seed)
    assert s.owed == 0 and s.named == "" and s.turn == (s.dealer + 1) % 3


def test_upcard_bury_option_buries_a_trick_card_and_turns_another():
    buried = 0
    for seed in range(200):
        s = GAME.start(3, {"upcard": "bury"}, seed)
        top = s.discard[-1]
        assert not GAME.effect(s, top).trick and len(s.discard) == 1
        buried += bool(GAME.effect(GAME.start(3, {}, seed), GAME.start(3, {}, seed).discard[-1]).trick)
        assert all_cards(GAME, s) == DECK
    assert buried > 20


# --- deal, turns, scoring, match ------------------------------------------------------------------------

def test_deal_seven_each_and_the_player_left_of_the_dealer_starts():
    for players in (2, 4, 6):
        s = GAME.start(players, {}, seed=players)
        assert [len(h) for h in s.hands] == [7] * players and len(s.discard) == 1
        assert len(s.stock) == 52 - 7 * players - 1
        assert GAME.to_move(s) == {(s.dealer + 1) % players}


def test_the_first_player_out_wins_the_single_hand_match():
    s = table([["5S"], ["4D", "5D"]], ["9S"])
    events = GAME.apply(s, 0, "play 5S")
    assert s.over and s.scores == [1, 0] and GAME.outcome(s).winners == [0]
    assert any("wins the hand" in e.text for e in events)


def test_hands_to_win_deals_again_with_the_deal_passing_left():
    s = table([["5S"], ["4D", "5D"], ["6C"]], ["9S"], dealer=2, options={"hands_to_win": 2})
    GAME.apply(s, 0, "play 5S")
    assert not s.over and s.hand_no == 2 and s.dealer == 0 and GAME.to_move(s) == {1}
    assert [len(h) for h in s.hands] == [7, 7, 7] and s.direction == 1


def test_penalty_scoring_charges_cards_left_and_lowest_wins_at_the_target():
    assert [card_points(c) for c in ("AS", "7D", "10C", "JH", "KS")] == [1, 7, 10, 10, 10]
    s = table([["5S"], ["4D", "KD"], ["AC"]], ["9S"], options={"scoring": "penalty", "penalty_target": 25},
              scores=[20, 10, 24])
    GAME.apply(s, 0, "play 5S")
    assert s.scores == [20, 24, 25] and s.over
    assert GAME.outcome(s).winners == [0] and GAME.outcome(s).placings == [1, 2, 3]


def test_options_are_validated_by_name():
    for bad in ({"upcard": "flip"}, {"scoring": "x"}, {"hands_to_win": 0}, {"penalty_target": 5},
                {"voluntary_draw": "maybe"}):
        with pytest.raises(BadOption, match=f"'{next(iter(bad))}'"):
            GAME.start(3, bad, 1)
    with pytest.raises(BadOption, match="2–6 players"):
        GAME.start(7, {}, 1)


# --- prompts, views, hidden cards ----------------------------------------------------------------------

def test_prompt_offers_the_combination_with_its_cost_then_the_card_on_top_and_jack_suits():
    s = table([["AH", "2C", "JH", "KD"], ["4D", "6D"]], ["9H"])
    p = GAME.prompt(s, 0)
    first = p.step()
    labels = [label for label, _ in first.answers]
    assert labels == ["A♥", "J♥", "A♥ + 2♣ → next draws 7"]
    second = p.step(["A♥ + 2♣ → next draws 7"])
    assert second.question == "Which card goes on top?"
    assert [(label, str(m)) for label, m in second.answers] == [("2♣ on top", "play AH 2C"),
                                                                ("A♥ on top", "play 2C AH")]
    jack = p.step(["J♥"])
    assert [label for label, _ in jack.answers] == ["♠ spades", "♦ diamonds", "♣ clubs"]


def test_log_lines_are_in_the_present_tense():
    """Audit #18: "plays", never "played", next to "draws"."""
    s = table([["5S", "AH", "2C", "KD"], ["4D", "6D", "7D"]], ["9S"])
    assert [e.text for e in GAME.apply(s, 0, "play 5S")] == ["{p0} plays 5♠."]
    s = table([["AH", "2C", "JH", "KD"], ["4D", "6D"]], ["9H"])
    assert GAME.apply(s, 0, "play AH 2C")[0].text == "{p0} plays A♥ and 2♣ together."


def test_a_jack_call_has_no_doubled_punctuation_and_the_suit_reads_symbol_first():
    """Audit #26 (no “…!”.) and #19 (the named suit as "♥ hearts" in the event, fact and status)."""
    s = table([["JS", "KD"], ["4D", "5H"]], ["9S"])
    text = GAME.apply(s, 0, "play JS suit=H")[0].text
    assert text == "{p0} plays J♠ and changes the suit to ♥ hearts: “Jack change it!”"
    assert not text.endswith("”.")
    v = GAME.view(s, None)
    assert "Changed to ♥ hearts" in v.facts
    assert v.status == "Hand 1. {p1} to play on the named suit, ♥ hearts."


def test_question_is_play_a_card_when_drawing_is_not_offered():
    """Audit #28: without voluntary_draw a player holding a play is not offered a draw."""
    s = table([["5S", "KD"], ["4D"]], ["9S"])
    assert GAME.prompt(s, 0).step().question == "Play a card"
    v = table([["5S", "KD"], ["4D"]], ["9S"], options={"voluntary_draw": True})
    assert GAME.prompt(v, 0).step().question == "Play or draw"
    d = table([["KD", "3C"], ["4D", "6D"]], ["9S"])
    assert GAME.prompt(d, 0).step().question == "Nothing to play"


def test_a_won_hand_is_announced_once():
    """Audit #20: no "Hand won by …" line after "… wins the hand!"; the fact says "Hand 1 won by"."""
    s = table([["5S"], ["4D", "6D"]], ["9S"])
    texts = [e.text for e in GAME.apply(s, 0, "play 5S") if e.to is None]
    assert texts == ["{p0} plays 5♠.", "{p0} is out of cards and wins the hand!", "{p0} wins!"]
    assert "Hand 1 won by {p0}" in GAME.view(s, None).facts


def test_penalty_prompt_and_view_say_what_is_owed_without_naming_a_hidden_card():
    s = table([["AH", "KD"], ["4D", "6D"]], ["9H"])
    GAME.apply(s, 0, "play AH")
    assert GAME.prompt(s, 1).step().answers == [("Draw 5 (penalty)", Move("draw"))]
    v = GAME.view(s, 0)
    assert "{p1} must draw 5 unless they block it with the five of hearts" in v.facts
    assert "5♥" not in str(v.to_dict())


def test_view_never_shows_another_hand_and_zones_cover_the_deck():
    s = GAME.start(4, {}, seed=4)
    for seat in (0, 1, None):
        blob = str(GAME.view(s, seat).to_dict())
        others = [c for i, h in enumerate(s.hands) if i != seat for c in h]
        assert not any(f"'{c}'" in blob for c in others)
    assert all_cards(GAME, s) == DECK


def test_json_round_trip_and_random_games_finish():
    for seed in range(30):
        s = GAME.start(2 + seed % 5, {"voluntary_draw": seed % 2 == 0}, seed)
        assert play_out(GAME, s, random.Random(seed), DECK).over
        assert GAME.outcome(s).winners


def _fits_spades_or_fives(code: str) -> bool:
    return C.SUIT[code] == "S" or C.RANK[code] == 5


def test_the_search_never_redeals_a_seat_cards_it_showed_it_lacked_by_drawing_or_passing():
    """The computer players redeal the cards they cannot see for each playout. A seat that drew
    because nothing matched the 5♠ showed everyone it held no spade and no 5: a redeal gives it
    at most one (the card it drew may be one), until it draws again. A seat that passed (nothing
    left to draw) holds none at all."""
    s = table([["5S", "KD", "3C"], ["4D", "6D", "7C"], ["9H", "2C", "QD"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 1, "draw")
    redealt = [GAME.determinize(s, 0, random.Random(n)) for n in range(40)]
    assert all(sum(map(_fits_spades_or_fives, d.hands[1])) <= 1 for d in redealt)
    assert any(sum(map(_fits_spades_or_fives, d.hands[1])) == 1 for d in redealt), "the drawn card may fit"
    assert any(_fits_spades_or_fives(c) for d in redealt for c in d.hands[2]), "the other seat may hold them"
    GAME._draw(s, 1, 5)
    redealt = [GAME.determinize(s, 0, random.Random(n)) for n in range(40)]
    assert any(sum(map(_fits_spades_or_fives, d.hands[1])) > 1 for d in redealt), "cards drawn since may fit"

    blocked = table([["KD", "3C"], ["4D", "6D", "7C"], ["9H", "2C", "QD", "JS", "8S"]], ["5S"], stock=[], turn=1)
    GAME.apply(blocked, 1, "pass")
    redealt = [GAME.determinize(blocked, 0, random.Random(n)) for n in range(40)]
    assert not any(_fits_spades_or_fives(c) for d in redealt for c in d.hands[1])
    assert all(sorted(d.hands[1] + d.hands[2]) == sorted(blocked.hands[1] + blocked.hands[2]) for d in redealt)


def test_a_seat_left_with_a_trick_card_that_draws_may_still_hold_matching_trick_cards():
    """With one card left a matching trick card may not be played, so drawing proves only that
    the seat holds no matching plain card."""
    s = table([["5S", "KD"], ["8S"], ["9H", "2C", "QD"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 1, "draw")
    assert "8S" not in s.lacks[1] and "7S" in s.lacks[1] and "5D" in s.lacks[1]


def test_known_lacks_survive_json_and_states_saved_before_them_still_play():
    s = table([["5S", "KD", "3C"], ["4D", "6D", "7C"], ["9H", "2C", "QD"]], ["9S"])
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 1, "draw")
    assert type(s).from_json(s.to_json()) == s and s.lacks[1] and s.lacks_free[1] == 1
    old = json.loads(GAME.start(4, {"hands_to_win": 2}, seed=3).to_json())
    del old["lacks"], old["lacks_free"]
    s = type(s).from_json(json.dumps(old))
    rng = random.Random(3)
    while not s.over:
        seat = s.turn
        GAME.determinize(s, seat, rng)
        GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
    assert len(s.lacks) == 4, "the next deal starts keeping track"


def test_registered():
    assert registry.get("jack_change_it") is GAME


def test_the_a_hearts_and_2_combination_reads_in_italian_and_every_text_of_the_game_comes_from_its_catalog():
    """Issue 14: an Italian reader sees the game as "Cambia seme col fante", the A♥ + 2 played together, who
    must draw 7 and how to block it, the penalty prompt, in Italian with the players' names; in the
    pseudo-locale every event, prompt, answer label, fact and status the game itself writes passes through
    the catalog (no plain English str)."""
    s = table([["AH", "2C", "JH", "KD"], ["4D", "6D"]], ["9H"])
    names = ["Ada", "Bruno"]
    prompt = GAME.prompt(s, 0)
    events = GAME.apply(s, 0, "play AH 2C")
    assert render(GAME.title, "it") == "Cambia seme col fante"
    assert Event(render(events[0].text, "it")).render(names) == "Ada gioca insieme A♥ e 2♣."
    assert Event(render(events[-1].text, "it")).render(names) == \
        "Bruno deve pescare 7 carte, a meno che le blocchi con il cinque di cuori."
    assert render(GAME.instruction(s, 1), "it") == "Devi pescare 7 carte."
    assert [render(label, "it") for label, _ in GAME.prompt(s, 1).step().answers] == ["Pesca 7 (penalità)"]
    view = GAME.view(s, 1)
    shown = [events[0].text, events[-1].text, GAME.prompt(s, 1).text, view.status, view.facts[-1],
             *(p.name for p in view.piles)]
    steps = [step for c in prompt.choices + GAME.prompt(s, 1).choices for step in c.path]
    shown += [q for q, _ in steps] + [label for q, label in steps if q != "Jack change it to…"]  # suit names: common
    assert [text for text in shown if not render(text, PSEUDO).startswith(PSEUDO_OPEN)] == []
