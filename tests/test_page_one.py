"""Page One: the rules in shared/rules/page_one.md, one rule per test."""

import json
import random
from collections import Counter
from functools import partial

import pytest

from games import cards as C
from games import registry
from games.engine import BadOption, Move
from games.page_one import GAME
from tests.playthrough import all_cards, assert_refused
from tests.table_helpers import laid_out, move_texts, play_out, public

PACK = Counter(C.french_deck(jokers=1))


def table(hands, *, trick=(), leader=0, turn=None, stock=None, discard=(), dealer=None, options=None,
          scores=None, seed=7):
    """A state with the given hands and trick in progress (led by ``leader``). Without
    ``stock`` every other card of the 53 is in the stock."""
    players = len(hands)
    s = laid_out(GAME, hands, list(PACK), stock=stock, scores=scores, options=options, seed=seed,
                 trick=trick, discard=discard)
    s.leader = leader
    s.turn = (leader + len(trick)) % players if turn is None else turn
    s.dealer = (leader - 1) % players if dealer is None else dealer
    s.hook, s.called, s.ignored = -1, [], []
    return s


plays = partial(move_texts, GAME)
refused = partial(assert_refused, GAME)


# --- deal and leading ------------------------------------------------------------------------------

def test_deal_four_each_no_upcard_and_the_dealers_left_leads():
    for players in (2, 4, 6):
        s = GAME.start(players, {}, seed=players)
        assert [len(h) for h in s.hands] == [4] * players and s.trick == [] and s.discard == []
        assert len(s.stock) == 53 - 4 * players
        assert GAME.to_move(s) == {(s.dealer + 1) % players} and s.leader == (s.dealer + 1) % players
        assert all_cards(GAME, s) == PACK


def test_the_leader_may_lead_any_card():
    s = table([["5S", "9H", "KD", "JKR"], ["4D", "6D", "7C", "2S"]])
    assert plays(s) == ["play 5S", "play 9H", "play KD", "play JKR"]


# --- following ----------------------------------------------------------------------------------------

def test_the_others_must_follow_suit_and_the_joker_may_always_be_played():
    s = table([["5S", "9H", "KD"], ["4S", "6S", "7C", "JKR"]], trick=["9S"], leader=0)
    assert plays(s, 1) == ["play 4S", "play 6S", "play JKR"]
    assert "must follow suit (♠ spades)" in refused(s, 1, "play 7C")
    assert "may not draw" in refused(s, 1, "draw")


def test_the_highest_card_of_the_suit_led_wins_aces_high_and_the_winner_leads():
    s = table([["9S", "KD", "QC"], ["AS", "6D", "7C"], ["KS", "2H", "3H"]])
    GAME.apply(s, 0, "play 9S")
    GAME.apply(s, 1, "play AS")
    events = GAME.apply(s, 2, "play KS")
    assert "{p1} wins the trick with A♠ and leads." in public(events)
    assert s.leader == s.turn == 1 and s.trick == [] and s.discard == ["9S", "AS", "KS"]
    assert s.last_trick == ["9S", "AS", "KS"] and s.last_winner == 1


def test_the_joker_wins_any_trick_it_is_played_to():
    s = table([["9S", "KD", "QC"], ["JKR", "6S", "7C"], ["AS", "2H", "3H"]])
    GAME.apply(s, 0, "play 9S")
    GAME.apply(s, 1, "play JKR")
    GAME.apply(s, 2, "play AS")
    assert s.leader == 1


def test_a_joker_lead_lets_the_next_player_choose_the_suit_the_rest_follow():
    s = table([["JKR", "KD", "QC"], ["5H", "6S", "7C"], ["AS", "2H", "3H"]])
    GAME.apply(s, 0, "play JKR")
    assert plays(s) == ["play 5H", "play 6S", "play 7C"], "any card after a led joker"
    GAME.apply(s, 1, "play 6S")
    assert plays(s) == ["play AS"]
    GAME.apply(s, 2, "play AS")
    assert s.leader == 0, "the joker still wins"


def test_a_player_who_cannot_follow_draws_until_the_suit_turns_up_and_must_play_it():
    s = table([["KD", "QC"], ["5H", "6D", "7C"]], trick=["9S"], leader=0, stock=["QS", "2C", "3S", "4H", "8D"])
    assert plays(s, 1) == ["draw"]
    events = GAME.apply(s, 1, "draw")
    assert public(events)[:2] == ["{p1} cannot follow and draws 3 cards.", "{p1} plays 3♠."]
    assert [(e.to, e.text) for e in events if e.to is not None] == [(1, "You drew 8♦ 4♥ before 3♠.")]
    assert s.hands[1] == ["4H", "5H", "6D", "8D", "7C"] and s.stock == ["QS", "2C"]
    assert s.trick == [] and s.last_trick == ["9S", "3S"] and s.leader == 0


def test_drawing_the_joker_ends_the_draw_and_the_joker_is_played():
    s = table([["KD", "QC"], ["5H", "6D"]], trick=["9S"], leader=0, stock=["QS", "JKR", "4H"])
    GAME.apply(s, 1, "draw")
    assert s.last_trick == ["9S", "JKR"] and s.leader == 1 and s.hands[1] == ["4H", "5H", "6D"]


def test_a_player_holding_the_joker_but_not_the_suit_may_play_it_or_draw():
    s = table([["KD", "QC"], ["5H", "7D", "JKR"]], trick=["9S"], leader=0)
    assert plays(s, 1) == ["play JKR", "draw"]


def test_an_empty_stock_is_rebuilt_from_the_completed_tricks_not_the_trick_in_progress():
    s = table([["KD", "QC", "2C"], ["5H", "6D"]], trick=["9S"], leader=0, stock=[], discard=["4S", "7H", "8C", "3D"])
    events = GAME.apply(s, 1, "draw")
    assert "The played tricks were shuffled into a new stock." in public(events)
    assert s.last_trick == ["9S", "4S"] and sorted(s.stock + s.hands[1]) == sorted(["7H", "8C", "3D", "5H", "6D"])


def test_with_nothing_left_to_draw_the_single_hand_game_is_a_draw_shared_by_all():
    s = table([["KD", "QC", "2C"], ["5H", "6D"]], trick=["9S"], leader=0, stock=[], discard=[])
    s.stock = [c for c in C.french_deck(jokers=1) if c not in ("KD", "QC", "2C", "5H", "6D", "9S")]
    s.hands[0] += s.stock
    s.stock = []
    events = GAME.apply(s, 1, "draw")
    assert s.over and s.drawn_game
    out = GAME.outcome(s)
    assert out.winners == [0, 1] and out.placings == [1, 1] and "draw" in out.summary
    assert any("hand is a draw" in t for t in public(events))


def test_in_a_longer_match_a_drawn_hand_scores_nothing_and_is_dealt_again():
    s = table([["KD", "QC", "2C"], ["5H", "6D"]], trick=["9S"], leader=0, stock=[], discard=[],
              options={"hands_to_win": 2})
    s.hands[0] += [c for c in C.french_deck(jokers=1) if c not in ("KD", "QC", "2C", "5H", "6D", "9S")]
    GAME.apply(s, 1, "draw")
    assert not s.over and s.hand_no == 2 and s.scores == [0, 0] and [len(h) for h in s.hands] == [4, 4]


# --- going out and the joker as last card ------------------------------------------------------------------

def test_playing_the_last_card_wins_at_once_even_mid_trick():
    s = table([["KD", "QC"], ["5S"], ["AS", "2H"]], trick=["9S"], leader=0, turn=1)
    events = GAME.apply(s, 1, "play 5S")
    assert s.over and s.scores == [0, 1, 0] and GAME.outcome(s).winners == [1]
    assert any("wins the hand" in t for t in public(events))


def test_a_won_hand_is_announced_once_and_kept_as_hand_n_won_by():
    """Audit #20: no "Hand 1 won by …" log line after "… wins the hand!"; the fact keeps it,
    in the form the other shedding games use too."""
    s = table([["KD", "QC"], ["5S"], ["AS", "2H"]], trick=["9S"], leader=0, turn=1)
    texts = public(GAME.apply(s, 1, "play 5S"))
    assert texts == ["{p1} plays 5♠.", "{p1} has played every card and wins the hand!", "{p1} wins!"]
    assert "Hand 1 won by {p1}" in GAME.view(s, None).facts


def test_called_phrases_and_suits_read_the_same_way_everywhere():
    """Audit #32 (“Page One!” in curly quotes) and #19 (suits as "♠ spades")."""
    s = table([["5S", "KD"], ["4S", "7C", "8C"]])
    GAME.apply(s, 0, "play 5S")
    assert "call “Page One!” before" in GAME.instruction(s, 0)
    assert "'" not in GAME.instruction(s, 0)
    s = table([["5S", "9H", "KD"], ["4S", "6S", "7C", "JKR"]], trick=["9S"], leader=0, turn=1)
    assert GAME.instruction(s, 1) == "Follow ♠ spades."


def test_the_joker_may_be_the_last_card_by_default():
    s = table([["JKR"], ["5H", "6D"]], trick=["9S"], leader=1, turn=0)
    assert plays(s, 0) == ["play JKR", "draw", "draw call=1"]
    GAME.apply(s, 0, "play JKR")
    assert s.over and GAME.outcome(s).winners == [0]


def test_joker_last_off_a_lone_joker_cannot_be_played_so_the_player_draws():
    s = table([["JKR"], ["5H", "6D"]], trick=["9S"], leader=1, turn=0, options={"joker_last": False},
              stock=["4S", "3H"])
    assert plays(s, 0) == ["draw", "draw call=1"]
    assert "may not be your last card" in refused(s, 0, "play JKR")
    t = table([["JKR"], ["5H", "6D"]], options={"joker_last": False}, stock=["4S", "3H"])
    assert plays(t, 0) == ["draw"], "leading: draw one card, then lead"
    events = GAME.apply(t, 0, "draw")
    assert t.hands[0] == ["3H", "JKR"] and t.turn == 0 and "may not lead the joker" in public(events)[0]
    assert plays(t, 0) == ["play 3H", "play 3H call=1", "play JKR", "play JKR call=1"]


# --- "Page One!" ---------------------------------------------------------------------------------------------

def test_a_play_down_to_one_card_is_offered_with_and_without_the_call():
    s = table([["5S", "KD"], ["4D", "7C"]])
    assert plays(s) == ["play 5S", "play 5S call=1", "play KD", "play KD call=1"]
    assert [label for label, _ in GAME.prompt(s, 0).step().answers][:2] == ["5♠", "5♠ + 📣 Page One!"]
    events = GAME.apply(s, 0, "play 5S call=1")
    assert "{p0}: “Page One!”" in public(events) and s.called == [0]
    assert "📣 Page One!" in GAME.view(s, None).seats[0].notes


def test_a_missed_call_costs_five_cards_when_the_next_player_moves():
    s = table([["5S", "KD"], ["4S", "7C", "8C"]], stock=list("AS 2S 3S 4H 5H 6H".split()))
    GAME.apply(s, 0, "play 5S")
    assert s.hook == 0 and GAME.to_move(s) == {0, 1}
    assert plays(s, 0) == ["call", "ignore"]
    events = GAME.apply(s, 1, "play 4S")
    assert len(s.hands[0]) == 6 and s.hook == -1
    assert "{p0} did not call “Page One!” in time and draws 5." in public(events)
    assert all("♠" not in e.text and "♥" not in e.text for e in events if e.to is None and "draws 5" in e.text)


def test_a_penalty_the_stock_cannot_cover_draws_what_is_left_and_says_how_much():
    # [rec] in the module docstring: a penalty takes what the stock and the completed tricks can give
    for stock, said in ((["AS", "2S"], "Only 2 cards were left to draw."),
                        (["AS"], "Only 1 card was left to draw."), ([], "No cards were left to draw.")):
        s = table([["5S", "KD"], ["4S", "7C", "8C"]], stock=stock, discard=[])
        GAME.apply(s, 0, "play 5S")
        events = GAME.apply(s, 1, "play 4S")
        assert len(s.hands[0]) == 1 + len(stock) and said in public(events)


def test_the_penalty_size_is_an_option():
    s = table([["5S", "KD"], ["4S", "7C"]], options={"penalty": 2})
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 1, "play 4S")
    assert len(s.hands[0]) == 3


def test_the_call_may_still_be_made_before_the_next_player_moves():
    s = table([["5S", "KD"], ["4S", "7C"]])
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 0, "call")
    assert s.called == [0] and GAME.to_move(s) == {1}
    GAME.apply(s, 1, "play 4S")
    assert len(s.hands[0]) == 1


def test_a_player_who_goes_out_owes_no_call():
    s = table([["5S", "KD"], ["4S", "7C"]])
    GAME.apply(s, 0, "play 5S")
    GAME.apply(s, 1, "play 4S")   # penalty for seat 0 …
    t = table([["KD"], ["4S", "7C"]])
    GAME.apply(t, 0, "play KD")
    assert t.over and len(t.hands[0]) == 0, "… but going out needs no call"


def test_a_seat_that_lets_the_call_go_is_not_waited_for():
    s = table([["5S", "KD"], ["4S", "7C"]])
    GAME.apply(s, 0, "play 5S")
    assert GAME.timeout_move(s, 0) == Move("ignore") and GAME.timeout_move(s, 1) is None
    GAME.apply(s, 0, "ignore")
    assert GAME.to_move(s) == {1}


def test_auto_mode_calls_for_the_player():
    s = table([["5S", "KD"], ["4S", "7C"]], options={"call_mode": "auto"})
    assert plays(s) == ["play 5S", "play KD"]
    GAME.apply(s, 0, "play 5S")
    assert s.called == [0] and GAME.to_move(s) == {1}


def test_catch_mode_any_opponent_may_catch_until_the_next_move_and_otherwise_no_penalty():
    s = table([["5S", "KD"], ["4S", "7C", "8C"], ["9S", "2D"]], options={"call_mode": "catch"})
    GAME.apply(s, 0, "play 5S")
    assert GAME.to_move(s) == {0, 1, 2}
    assert plays(s, 2) == ["catch", "ignore"] and plays(s, 1) == ["play 4S", "catch"]
    assert GAME.prompt(s, 2).step().answers[0][0] == "Catch! ({p0} has not called)"
    events = GAME.apply(s, 2, "catch")
    assert len(s.hands[0]) == 6 and "{p2} catches {p0}" in public(events)[0]
    t = table([["5S", "KD"], ["4S", "7C"]], options={"call_mode": "catch"})
    GAME.apply(t, 0, "play 5S")
    GAME.apply(t, 1, "play 4S")
    assert len(t.hands[0]) == 1, "nobody caught it in time"
    assert "Nobody can be caught" in refused(t, 1, "catch") if 1 in GAME.to_move(t) else True


def test_search_playouts_call_and_catch_at_once_also_out_of_turn():
    """The playout policy of the computer players: a seat that may still call (or, in catch
    mode, catch) out of turn does so, rather than letting the chance go half the time."""
    s = table([["5S", "KD"], ["4S", "7C", "8C"], ["9S", "2D"]], options={"call_mode": "catch"})
    GAME.apply(s, 0, "play 5S")
    for seat, shout in ((0, "call"), (1, "catch"), (2, "catch")):
        moves = GAME.moves(s, seat)
        assert {str(GAME.rollout_move(s, seat, moves, random.Random(n))) for n in range(20)} == {shout}


def test_a_seat_seen_drawing_to_follow_a_suit_is_never_dealt_that_suit_by_the_search():
    """The computer players redeal the cards they cannot see for each playout; a seat that had
    to draw to follow hearts showed everyone it holds no other heart, and keeps it so until it
    draws again."""
    s = table([["5H", "KD", "QD"], ["4S", "7C", "9C"], ["9S", "2D", "6S"]])
    GAME.apply(s, 0, "play 5H")
    GAME.apply(s, 1, "draw")
    assert len(s.hands[1]) > 2 and not any(C.SUIT[c] == "H" for c in s.hands[1])
    redealt = [GAME.determinize(s, 0, random.Random(n)) for n in range(30)]
    assert all(not any(C.SUIT[c] == "H" for c in d.hands[1]) for d in redealt)
    assert any(C.SUIT[c] == "H" for d in redealt for c in d.hands[2]), "the other seat may hold hearts"
    GAME._penalty(s, 1, 5)
    redealt = [GAME.determinize(s, 0, random.Random(n)) for n in range(30)]
    assert any(C.SUIT[c] == "H" for d in redealt for c in d.hands[1]), "cards drawn since may be hearts"


def test_catch_is_refused_in_manual_mode():
    s = table([["5S", "KD"], ["4S", "7C"]])
    GAME.apply(s, 0, "play 5S")
    assert "not used" in refused(s, 1, "catch")


def test_a_draw_that_ends_with_one_card_may_carry_the_call():
    s = table([["9S", "KD"], ["5H"]], trick=["9S"], leader=0, stock=["4S"])
    s.hands[0] = ["KD", "QC"]
    assert plays(s, 1) == ["draw", "draw call=1"]
    GAME.apply(s, 1, "draw call=1")
    assert s.called == [1] and s.hands[1] == ["5H"]


# --- match scoring -------------------------------------------------------------------------------------------

def test_hands_to_win_deals_again_and_the_deal_passes_left():
    s = table([["KD"], ["4S", "7C"], ["2H"]], dealer=2, options={"hands_to_win": 2})
    GAME.apply(s, 0, "play KD")
    assert not s.over and s.scores == [1, 0, 0] and s.hand_no == 2 and s.dealer == 0
    assert GAME.to_move(s) == {1} and [len(h) for h in s.hands] == [4, 4, 4]


def test_penalty_scoring_charges_a_point_per_card_left_and_lowest_wins_at_the_target():
    s = table([["KD"], ["4S", "7C"], ["2H", "3H", "4H"]], options={"scoring": "penalty", "penalty_target": 10},
              scores=[9, 7, 5])
    GAME.apply(s, 0, "play KD")
    assert s.scores == [9, 9, 8] and not s.over
    t = table([["KD"], ["4S", "7C"], ["2H", "3H", "4H"]], options={"scoring": "penalty", "penalty_target": 10},
              scores=[9, 8, 5])
    GAME.apply(t, 0, "play KD")
    assert t.over and t.scores == [9, 10, 8] and GAME.outcome(t).winners == [2]


def test_options_are_validated_by_name():
    for bad in ({"call_mode": "loud"}, {"penalty": 0}, {"penalty": 11}, {"scoring": "x"}, {"hands_to_win": 0},
                {"penalty_target": 1}, {"joker_last": "perhaps"}):
        with pytest.raises(BadOption, match=f"'{next(iter(bad))}'"):
            GAME.start(3, bad, 1)
    with pytest.raises(BadOption, match="2–6 players"):
        GAME.start(7, {}, 1)


# --- prompts, views, hidden cards ------------------------------------------------------------------------------

def test_a_lead_from_a_hand_over_24_cards_asks_for_the_suit_first():
    hand = [c for c in C.french_deck() if C.SUIT[c] in "SH"][:25]
    s = table([hand, ["4D", "7C"]])
    first = GAME.prompt(s, 0).step()
    assert [label for label, _ in first.answers] == ["♠ spades", "♥ hearts"]
    second = GAME.prompt(s, 0).step(["♥ hearts"])
    assert second.question == "Which card?" and len(second.answers) == 12


def test_views_show_the_trick_and_no_other_hand_and_zones_cover_the_pack():
    s = table([["5S", "KD"], ["4S", "7C", "JKR"], ["2H", "3H"]], trick=["9S"], leader=0, turn=1)
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        blob = json.dumps(v.to_dict())
        for i, hand in enumerate(s.hands):
            if i != seat:
                assert not any(f'"{c}"' in blob for c in hand)
        assert v.piles[0].cards == ["9S"]
    assert "Suit to follow: ♠ spades" in GAME.view(s, None).facts
    assert all_cards(GAME, s) == PACK


def test_a_reshuffle_forgets_the_last_trick_whose_cards_are_hidden_again():
    s = table([["KD", "QC", "2C"], ["5H", "6D"]], trick=["9S"], leader=0, stock=[], discard=["4S", "7H", "8C", "3D"])
    s.last_trick = ["4S", "7H"]
    GAME.apply(s, 1, "draw")
    assert s.last_trick == ["9S", "4S"]


def test_json_round_trip_and_random_games_finish():
    for seed in range(40):
        mode = ("manual", "catch", "auto")[seed % 3]
        s = GAME.start(2 + seed % 5, {"call_mode": mode, "joker_last": seed % 2 == 0}, seed)
        play_out(GAME, s, random.Random(seed), PACK)
        assert s.over and GAME.outcome(s).winners


def test_registered():
    assert registry.get("page_one") is GAME


# --- in other languages ---------------------------------------------------------------------------------

def test_a_draw_to_follow_reads_in_japanese_the_games_home_language():
    """Page One is Japanese: the drawer's lines, the public ones and the next seat's instruction read in
    Japanese, with the players' names and the cards filled in."""
    from games.engine import Event
    from games.localize import render

    s = table([["KD", "QC"], ["5H", "6D", "7C"]], trick=["9S"], leader=0, stock=["QS", "2C", "3S", "4H", "8D"])
    events = GAME.apply(s, 1, "draw")
    lines = [(e.to, Event(render(e.text, "ja"), e.to).render(["Aki", "Ren"])) for e in events]
    assert lines == [(None, "Renはマークを出せず、3枚引きました。"), (1, "3♠の前に8♦ 4♥を引きました。"),
                     (None, "Renが3♠を出しました。"), (None, "Akiが9♠でトリックを取り、次をリードします。")]
    assert render(GAME.title, "ja") == "ページワン"
    assert render(GAME.instruction(s, 0), "ja") == "あなたのリードです：好きなカードを出してください。"


def test_a_penalty_hands_result_survives_a_save_and_reads_in_spanish():
    """The kept result ("Cards left: …") is stored as data, not English: after a JSON round trip the
    view's fact reads in Spanish, the seats listed with the language's "and"."""
    from games.localize import render

    s = table([["KD"], ["4S", "7C"], ["2H", "3H", "4H"]], options={"scoring": "penalty", "penalty_target": 30})
    GAME.apply(s, 0, "play KD")
    again = GAME.State.from_json(s.to_json())
    facts = [render(f, "es") for f in GAME.view(again, None).facts]
    assert "Cartas restantes: {p0}: 0, {p1}: 2 y {p2}: 3" in facts
