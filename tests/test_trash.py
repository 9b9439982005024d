"""Trash: the rules in shared/rules/trash.md, one rule per test."""

import itertools
import json
import random
from collections import Counter

import pytest

from games import cards as C
from games import registry
from games.ai.levels import LevelPlayer
from games.engine import BadOption, Event, IllegalMove, Move
from games.localize import render
from games.trash import GAME, TrashState
from tests.playthrough import assert_no_leak, assert_refused
from tests.table_helpers import play_out

# Spots are written ace first; "-5D" is a face-down 5♦, "5D" a face-up one.
P0 = "-5D -QS -2C -4H -KC -6S -7S -8S -9S -10S"
P1 = "-AS -2S -3S -4S -5S -6D -7D -8D -9D -10D"


def lay(text):
    return text.split()


def table(layouts, *, stock=None, discard=(), held=(), turn=0, dealer=None, options=None, scores=None, seed=7):
    """A state with the given layouts (strings of spots, see above). Without ``stock``
    every other card of the pack is in the stock, so that the pack is accounted for;
    with ``stock`` (top card last) the state is taken as given."""
    players = len(layouts)
    s = GAME.start(players, options or {}, seed)
    spots = [lay(x) for x in layouts]
    s.up = [["" if c.startswith("-") else c for c in row] for row in spots]
    s.down = [[c[1:] for c in row if c.startswith("-")] for row in spots]
    s.sizes = [len(row) for row in spots]
    s.discard, s.held = list(discard), list(held)
    if stock is None:
        used = {c.lstrip("-") for row in spots for c in row} | set(discard) | set(held)
        s.stock = [c for c in pack(s) if c not in used]
        assert Counter(c for z in GAME.zones(s) for c in z.cards) == Counter(pack(s))
    else:
        s.stock = list(stock)
    s.turn = turn
    s.dealer = (turn - 1) % players if dealer is None else dealer
    if scores is not None:
        s.scores = list(scores)
    return s


def pack(s):
    return C.french_deck(decks=GAME.options_of(s).deck_count(s.players))


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


def plays(s, seat):
    return [str(m) for m in GAME.moves(s, seat)]


def texts(events):
    return [e.text for e in events]


# --- the deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)])
def test_one_deck_per_two_players_rounded_up_each_card_distinct_by_its_copy_index(players, decks):
    s = GAME.start(players, {}, seed=players)
    everything = Counter(c for z in GAME.zones(s) for c in z.cards)
    assert everything == Counter(C.french_deck(decks=decks))
    assert max(everything.values()) == 1, "copies are told apart by the index in the code"
    if decks > 1:
        assert "AS.1" in everything and C.card("AS.1").copy == 1


def test_each_player_is_dealt_ten_face_down_cards_and_the_rest_is_the_stock():
    s = GAME.start(3, {}, seed=2)
    assert s.sizes == [10, 10, 10]
    assert [len(d) for d in s.down] == [10, 10, 10]
    assert all(code == "" for row in s.up for code in row)
    assert s.discard == [] and s.held == [] and len(s.stock) == 104 - 30


def test_face_down_layout_cards_are_hidden_from_everybody_the_owner_included():
    s = GAME.start(2, {}, seed=4)
    zones = {z.name: z for z in GAME.zones(s)}
    assert zones["layout 0 face down"].visible_to == "none"
    assert zones["layout 1 face down"].visible_to == "none"
    assert zones["stock"].visible_to == "none"
    for seat in (0, 1, None):
        view = GAME.view(s, seat)
        assert_no_leak(GAME, s, seat, view)
        blob = json.dumps(view.to_dict(), ensure_ascii=False)
        assert not any(f'"{code}"' in blob for row in s.down for code in row)


def test_the_first_dealer_is_random_and_the_player_on_the_dealers_left_starts():
    dealers = set()
    for seed in range(12):
        s = GAME.start(3, {}, seed)
        dealers.add(s.dealer)
        assert GAME.to_move(s) == {(s.dealer + 1) % 3}
        assert plays(s, s.turn) == ["draw"], "the discard pile starts empty"
    assert len(dealers) > 1


def test_player_count_is_two_to_eight():
    for players in (1, 9):
        with pytest.raises(BadOption, match="2–8 players"):
            GAME.start(players, {}, seed=1)


# --- a turn -----------------------------------------------------------------------------------

def test_a_drawn_card_goes_into_its_spot_and_the_card_it_covers_is_played_on_until_one_does_not_fit():
    s = table([P0, P1], stock=["9H", "3H"])
    events = GAME.apply(s, 0, "draw")
    assert texts(events) == ["{p0} draws 3♥.",
                             "{p0} puts 3♥ in spot 3 and turns up 2♣.",
                             "{p0} puts 2♣ in spot 2 and turns up Q♠.",
                             "{p0} discards Q♠."]
    assert s.up[0][:4] == ["", "2C", "3H", ""]
    assert s.down[0] == ["5D", "4H", "KC", "6S", "7S", "8S", "9S", "10S"]
    assert s.discard == ["QS"] and s.held == [] and s.turn == 1 and s.stock == ["9H"]


@pytest.mark.parametrize("code", ["QH", "KD"])
def test_a_queen_or_a_king_ends_the_turn_and_is_discarded(code):
    s = table([P0, P1], stock=[code])
    events = GAME.apply(s, 0, "draw")
    assert s.discard == [code] and s.turn == 1 and s.up[0] == [""] * 10
    assert texts(events)[-1] == f"{{p0}} discards {C.text(code)}."


def test_a_card_whose_spot_is_already_filled_ends_the_turn():
    s = table(["-5D -QS 3C -4H -KC -6S -7S -8S -9S -10S", P1], stock=["3H"])
    GAME.apply(s, 0, "draw")
    assert s.discard == ["3H"] and s.up[0][2] == "3C" and s.turn == 1


def test_play_passes_to_the_left_and_wraps_around():
    s = table([P0, P1, "-AH -2H -3H -4H -5H -6H -7H -8H -9H -10H"], stock=["QD", "KD", "QC"], turn=1)
    GAME.apply(s, 1, "draw")
    assert GAME.to_move(s) == {2}
    GAME.apply(s, 2, "draw")
    assert GAME.to_move(s) == {0}


# --- jacks ------------------------------------------------------------------------------------

JACKS = "AC -QS 3C -KD 5C 6C 7C 8C 9C -10H"


def test_a_jack_may_go_into_any_face_down_spot_and_the_card_there_is_played_on():
    s = table([JACKS, P1], stock=["JH"])
    GAME.apply(s, 0, "draw")
    assert s.held == ["JH"] and GAME.to_move(s) == {0}
    assert plays(s, 0) == ["place 2", "place 4", "place 10"], "face-up spots are not offered"
    events = GAME.apply(s, 0, "place 4")
    assert texts(events) == ["{p0} puts J♥ in spot 4 and turns up K♦.", "{p0} discards K♦."]
    assert s.up[0][3] == "JH" and s.down[0] == ["QS", "10H"] and s.turn == 1


def test_a_jack_is_never_put_on_a_face_up_spot_nor_discarded():
    s = table([JACKS, P1], stock=["JH"])
    GAME.apply(s, 0, "draw")
    assert "already face up" in refused(s, 0, "place 3")
    assert "jack is wild" in refused(s, 0, "discard")


def test_a_jack_turned_up_from_the_layout_is_wild_too():
    s = table(["AC -JS 3C -KD 5C 6C 7C 8C 9C -10H", P1], stock=["2H"])
    GAME.apply(s, 0, "draw")
    assert s.held == ["JS"] and plays(s, 0) == ["place 4", "place 10"]
    GAME.apply(s, 0, "place 4")
    assert s.up[0][3] == "JS" and s.discard == ["KD"] and s.turn == 1


def test_a_card_turned_up_from_the_layout_may_replace_a_jack_too():
    s = table(["AC -JS 3C -KD 5C -QH 7C 8C 9C -10H", P1], stock=["2H"])
    GAME.apply(s, 0, "draw")
    GAME.apply(s, 0, "place 10")
    assert s.held == ["10H"] and plays(s, 0) == ["place 10", "discard"]
    assert texts(GAME.apply(s, 0, "place 10")) == ["{p0} puts 10♥ in spot 10 in place of J♠, which moves on."]
    assert plays(s, 0) == ["place 4", "place 6"]
    assert texts(GAME.apply(s, 0, "place 4")) == ["{p0} puts J♠ in spot 4 and turns up K♦.", "{p0} discards K♦."]
    assert s.up[0][3] == "JS" and s.up[0][9] == "10H" and s.turn == 1


def test_a_jack_into_the_last_face_down_spot_fills_the_layout_by_itself():
    s = table(["AC 2C 3C 4C 5C 6C 7C 8C 9C -QD", P1], stock=["JH"], options={"hands_to_win": 2})
    events = GAME.apply(s, 0, "draw")
    assert "{p0} puts J♥ in spot 10 and turns up Q♦." in texts(events)
    assert s.scores == [1, 0] and s.hand_no == 2


# --- jack swaps -------------------------------------------------------------------------------

SWAP = "AC 2C JD -QS 5C -KH 7C 8C 9C 10C"


def test_a_natural_card_may_replace_the_jack_in_its_spot_and_the_jack_moves_to_a_face_down_spot():
    s = table([SWAP, P1], stock=["3H"])
    GAME.apply(s, 0, "draw")
    assert plays(s, 0) == ["place 3", "discard"]
    events = GAME.apply(s, 0, "place 3")
    assert texts(events) == ["{p0} puts 3♥ in spot 3 in place of J♦, which moves on."]
    assert s.up[0][2] == "3H" and s.held == ["JD"]
    assert plays(s, 0) == ["place 4", "place 6"], "the displaced jack goes to a face-down spot"
    assert "already face up" in refused(s, 0, "place 1")
    GAME.apply(s, 0, "place 6")
    assert s.up[0][5] == "JD" and s.discard == ["KH"] and s.turn == 1


def test_the_jack_swap_is_optional():
    s = table([SWAP, P1], stock=["3H"])
    GAME.apply(s, 0, "draw")
    GAME.apply(s, 0, "discard")
    assert s.up[0][2] == "JD" and s.discard == ["3H"] and s.turn == 1


def test_with_jack_swaps_off_a_card_whose_spot_holds_a_jack_is_discarded():
    s = table([SWAP, P1], stock=["3H"], options={"jack_swaps": False})
    GAME.apply(s, 0, "draw")
    assert s.up[0][2] == "JD" and s.discard == ["3H"] and s.turn == 1
    t = table([SWAP, P1], stock=["3H"], options={"jack_swaps": False, "auto_play": False})
    GAME.apply(t, 0, "draw")
    assert plays(t, 0) == ["discard"]
    assert "swaps are off" in refused(t, 0, "place 3")


def test_a_swap_that_moves_the_jack_to_the_only_face_down_spot_is_automatic():
    s = table(["AC 2C JD -QS 5C 6C 7C 8C 9C 10C", P1], stock=["3H"], options={"hands_to_win": 2})
    GAME.apply(s, 0, "draw")
    events = GAME.apply(s, 0, "place 3")
    assert "{p0} puts J♦ in spot 4 and turns up Q♠." in texts(events)
    assert s.scores == [1, 0], "the layout is full: the hand is won"


# --- the discard pile -------------------------------------------------------------------------

def test_a_fitting_discard_of_the_previous_player_is_taken_automatically():
    s = table([P0, P1], discard=["9H", "5H"], stock=["QD"])
    assert plays(s, 0) == ["take"]
    assert "must take it" in refused(s, 0, "draw")
    assert GAME.instruction(s, 0) == "Your turn: the 5♥ on the discard pile fits your layout, so take it."
    events = GAME.apply(s, 0, "take")
    assert texts(events)[:2] == ["{p0} takes 5♥ from the discard pile.", "{p0} puts 5♥ in spot 5 and turns up K♣."]
    assert s.discard == ["9H", "KC"] and s.stock == ["QD"]


def test_with_take_discard_ask_the_player_may_draw_instead():
    s = table([P0, P1], discard=["9H", "5H"], stock=["QD"], options={"take_discard": "ask"})
    assert plays(s, 0) == ["take", "draw"]
    assert "Take it, or draw" in GAME.instruction(s, 0)
    GAME.apply(s, 0, "draw")
    assert s.discard == ["9H", "5H", "QD"] and s.turn == 1


def test_a_discard_that_does_not_fit_cannot_be_taken():
    s = table(["-5D -QS -2C -4H 5C -6S -7S -8S -9S -10S", P1], discard=["5H"], stock=["QD"])
    assert plays(s, 0) == ["draw"]
    assert "does not fit" in refused(s, 0, "take")
    s.discard = ["QH"]
    assert "does not fit" in refused(s, 0, "take")
    s.discard = []
    assert "empty" in refused(s, 0, "take")


def test_a_discarded_jack_fits_and_so_does_a_card_that_can_replace_a_jack():
    s = table([P0, P1], discard=["JC"], stock=["QD"])
    assert plays(s, 0) == ["take"]
    t = table([SWAP, P1], discard=["3H"], stock=["QD"])
    assert plays(t, 0) == ["take"]
    u = table([SWAP, P1], discard=["3H"], stock=["QD"], options={"jack_swaps": False})
    assert plays(u, 0) == ["draw"]


def test_an_empty_stock_is_rebuilt_from_the_discards_under_the_top_card():
    s = table([P0, P1], discard=["QH", "KH", "QC"], stock=[])
    events = GAME.apply(s, 0, "draw")
    assert texts(events)[0] == "The discard pile, all but its top card, is shuffled into a new stock."
    assert s.discard[0] == "QC", "the old top card stays at the bottom of the new discard pile"
    assert sorted(s.stock + s.discard[1:]) == ["KH", "QH"]


# --- winning hands and the match --------------------------------------------------------------

def test_spot_counts_read_in_the_singular_for_one_spot():
    """'1 spot', never '1 spots'; an even deal reads '(10 spots each)'."""
    s = table(["AC -KD", P1], stock=["2H"], dealer=1)
    events = GAME.apply(s, 0, "draw")
    assert "{p0} will have 1 spot from now on." in texts(events)
    assert "Hand 2: {p0} deals the layouts ({p0} 1 spot and {p1} 10 spots)." in texts(events)
    assert "{p0} won hand 1 and now has 1 spot" in GAME.view(s, None).facts
    s2 = GAME.start(3, {}, seed=2)
    assert GAME._deal(s2)[0].text.endswith("deals the layouts (10 spots each).")


def test_filling_the_layout_wins_the_hand_and_the_winner_gets_one_spot_fewer():
    s = table(["AC 2C 3C 4C 5C 6C 7C 8C 9C -KD", P1], stock=["10H"], dealer=1)
    events = GAME.apply(s, 0, "draw")
    assert "{p0} has turned up the whole layout and wins hand 1!" in texts(events)
    assert "{p0} will have 9 spots from now on." in texts(events)
    assert s.scores == [1, 0] and s.sizes == [9, 10] and s.hand_no == 2 and not s.over
    assert [len(d) for d in s.down] == [9, 10] and [len(u) for u in s.up] == [9, 10]
    assert s.dealer == 0 and GAME.to_move(s) == {1}, "the deal passes left"
    assert s.discard == [] and s.held == []
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == Counter(C.french_deck())


def test_the_card_turned_from_the_last_spot_goes_to_the_discard_pile():
    s = table(["AC 2C 3C 4C 5C 6C 7C 8C 9C -KD", P1], stock=["10H"], options={"hands_to_win": 1})
    GAME.apply(s, 0, "draw")
    assert s.over and s.discard == ["KD"] and s.up[0][9] == "10H"


def test_values_above_the_layout_size_are_dead_cards_like_queens():
    nine = "-5D -QS -2C -4H -KC -6S -7S -8S -9S"
    s = table([nine, P1], stock=["10H"])
    GAME.apply(s, 0, "draw")
    assert s.discard == ["10H"] and s.turn == 1
    t = table([nine, P1], discard=["10H"], stock=["QD"])
    assert plays(t, 0) == ["draw"], "a 10 does not fit a nine-spot layout"


def test_filling_a_one_card_layout_with_an_ace_wins_the_game():
    s = table(["-QD", P1], stock=["AH"], scores=[9, 4])
    events = GAME.apply(s, 0, "draw")
    assert s.over and s.scores == [10, 4]
    out = GAME.outcome(s)
    assert out.winners == [0] and out.placings == [1, 2] and out.scores == [10.0, 4.0]
    assert texts(events)[-1] == "{p0} filled a one-card layout and wins the game!"
    assert GAME.to_move(s) == frozenset() and GAME.moves(s, 1) == []
    assert "over" in refused(s, 1, "draw")


def test_filling_a_one_card_layout_with_a_jack_wins_the_game():
    s = table(["-QD", P1], stock=["JH"], scores=[9, 4])
    GAME.apply(s, 0, "draw")
    assert s.over and GAME.outcome(s).winners == [0]


def test_a_one_card_layout_takes_only_an_ace_or_a_jack():
    s = table(["-QD", P1], stock=["2H"], scores=[9, 4])
    GAME.apply(s, 0, "draw")
    assert not s.over and s.discard == ["2H"] and s.turn == 1


def test_hands_to_win_ends_the_match_at_that_many_hand_wins():
    s = table(["AC 2C 3C 4C 5C 6C 7C 8C 9C -KD", P1], stock=["10H"], options={"hands_to_win": 2}, scores=[1, 1])
    events = GAME.apply(s, 0, "draw")
    assert s.over and GAME.outcome(s).winners == [0]
    assert texts(events)[-1] == "{p0} wins the match with 2 hands won!"
    assert GAME.outcome(s).placings == [1, 2]


def test_placings_follow_the_hands_won():
    s = table(["-QD", P1, P1.replace("S", "H").replace("D", "C")], stock=["AH"], scores=[9, 2, 5])
    GAME.apply(s, 0, "draw")
    assert GAME.outcome(s).placings == [1, 3, 2]
    assert GAME.standing(s) == [10.0, 2.0, 5.0]


# --- step-by-step play ------------------------------------------------------------------------

def test_auto_play_off_makes_every_step_a_move():
    s = table([P0, P1], stock=["9H", "3H"], options={"auto_play": False})
    assert texts(GAME.apply(s, 0, "draw")) == ["{p0} draws 3♥."]
    assert plays(s, 0) == ["place 3"]
    assert GAME.instruction(s, 0) == "Put the 3♥ into spot 3."
    assert "can only go into spot 3" in refused(s, 0, "place 4")
    assert "must go there" in refused(s, 0, "discard")
    GAME.apply(s, 0, "place 3")
    assert s.held == ["2C"] and plays(s, 0) == ["place 2"]
    GAME.apply(s, 0, "place 2")
    assert s.held == ["QS"] and plays(s, 0) == ["discard"]
    assert GAME.instruction(s, 0) == "The Q♠ does not fit your layout: discard it."
    assert "no spot" in refused(s, 0, "place 2")
    GAME.apply(s, 0, "discard")
    assert s.turn == 1 and s.discard == ["QS"]


def test_auto_play_off_a_jack_for_the_last_spot_is_still_placed_by_the_player():
    s = table(["AC 2C 3C 4C 5C 6C 7C 8C 9C -QD", P1], stock=["JH"], options={"auto_play": False, "hands_to_win": 1})
    GAME.apply(s, 0, "draw")
    assert plays(s, 0) == ["place 10"]
    GAME.apply(s, 0, "place 10")
    assert s.over


# --- options ----------------------------------------------------------------------------------

def test_decks_option_overrides_the_count():
    s = GAME.start(2, {"decks": 3}, seed=1)
    assert sum(len(z.cards) for z in GAME.zones(s)) == 156
    s = GAME.start(3, {"decks": 1}, seed=1)
    assert sum(len(z.cards) for z in GAME.zones(s)) == 52 and len(s.stock) == 22


@pytest.mark.parametrize(("players", "decks"), [(4, 1), (7, 1), (8, 2)])
def test_too_few_decks_are_refused_so_that_a_hand_can_never_get_stuck(players, decks):
    with pytest.raises(BadOption, match="'decks'"):
        GAME.start(players, {"decks": decks}, seed=1)
    GAME.start(players, {"decks": players // 4 + 1}, seed=1)


def test_max_players_caps_the_table():
    with pytest.raises(BadOption, match="'max_players'"):
        GAME.start(5, {"max_players": 4}, seed=1)
    GAME.start(4, {"max_players": 4}, seed=1)


@pytest.mark.parametrize(("options", "named"), [
    ({"auto_play": "maybe"}, "auto_play"),
    ({"jack_swaps": "sometimes"}, "jack_swaps"),
    ({"take_discard": "never"}, "take_discard"),
    ({"decks": 5}, "decks"),
    ({"hands_to_win": 0}, "hands_to_win"),
    ({"hands_to_win": 11}, "hands_to_win"),
    ({"max_players": 1}, "max_players"),
    ({"max_players": 9}, "max_players"),
    ({"colour": "red"}, "colour"),
])
def test_bad_option_values_are_refused_naming_the_option(options, named):
    with pytest.raises(BadOption, match=f"'{named}'"):
        GAME.start(3, options, seed=1)


def test_option_values_given_as_text_are_accepted():
    s = GAME.start(2, {"auto_play": "no", "jack_swaps": "off", "take_discard": "ask", "decks": "2",
                       "hands_to_win": "3"}, seed=1)
    o = GAME.options_of(s)
    assert (o.auto_play, o.jack_swaps, o.take_discard, o.deck_count(2), o.hands_to_win) == (False, False, "ask", 2, 3)


def test_defaults_play_the_full_game_with_every_convenience_on():
    o = GAME.Options.parse({}, 8)
    assert (o.auto_play, o.jack_swaps, o.take_discard, o.decks, o.hands_to_win, o.max_players) == (
        True, True, "auto", 0, 10, 8)


# --- no reaction windows ----------------------------------------------------------------------

def test_there_are_no_out_of_turn_actions_only_the_player_to_move_acts():
    s = table([P0, P1, P1.replace("S", "H").replace("D", "C")], stock=["QD"])
    assert GAME.reaction(s) is None and GAME.timeout_move(s, 1) is None
    assert GAME.to_move(s) == {0} and GAME.moves(s, 1) == [] and GAME.moves(s, 2) == []
    assert "not your turn" in refused(s, 1, "draw")


# --- illegal moves ----------------------------------------------------------------------------

def test_illegal_moves_get_a_readable_reason_and_leave_the_state_unchanged():
    s = table([JACKS, P1], stock=["QD", "JH"])
    assert "draw one first" in refused(s, 0, "place 2")
    assert "draw one first" in refused(s, 0, "discard")
    assert "just say 'draw'" in refused(s, 0, "draw 2")
    assert "not a move in Trash" in refused(s, 0, "play 5S")
    GAME.apply(s, 0, "draw")
    assert "already have J♥ in play" in refused(s, 0, "draw")
    assert "already have J♥ in play" in refused(s, 0, "take")
    assert "which spot" in refused(s, 0, "place")
    assert "which spot" in refused(s, 0, "place X")
    assert "which spot" in refused(s, 0, "place 2 4")
    assert "spots 1 to 10" in refused(s, 0, "place 11")
    assert "spots 1 to 10" in refused(s, 0, "place 0")
    assert "as it is offered" in refused(s, 0, "place 02")
    with pytest.raises(IllegalMove):
        GAME.apply(s, 0, "")


# --- prompts, events and views ----------------------------------------------------------------

def test_prompt_for_a_jack_offers_the_face_down_spots():
    s = table([JACKS, P1], stock=["JH"])
    assert GAME.prompt(s, 0).step().answers == [("Draw a card", Move("draw"))]
    GAME.apply(s, 0, "draw")
    prompt = GAME.prompt(s, 0)
    step = prompt.step()
    assert step.question == "Where does the J♥ go?"
    assert step.answers == [("Spot 2", Move.of("place", 2)), ("Spot 4", Move.of("place", 4)),
                            ("Spot 10", Move.of("place", 10))]
    assert "Choose a face-down spot" in prompt.text


def test_prompt_for_a_swap_asks_swap_or_discard():
    s = table([SWAP, P1], stock=["3H"])
    GAME.apply(s, 0, "draw")
    step = GAME.prompt(s, 0).step()
    assert step.question == "Swap the 3♥ for the jack in spot 3?"
    assert step.answers == [("Swap", Move.of("place", 3)), ("Discard 3♥", Move("discard"))]
    assert "in place of the J♦" in GAME.instruction(s, 0)


def test_prompt_to_take_names_the_card_and_a_waiting_player_gets_nothing():
    s = table([P0, P1], discard=["5H"], stock=["QD"], options={"take_discard": "ask"})
    assert GAME.prompt(s, 0).step().answers == [("Take 5♥", Move("take")), ("Draw a card", Move("draw"))]
    assert GAME.prompt(s, 1).choices == () and GAME.prompt(s, 1).text == "Waiting for {p0}."


def test_every_card_drawn_or_turned_is_announced_to_everybody():
    s = table([P0, P1], stock=["9H", "3H"])
    events = GAME.apply(s, 0, "draw")
    assert all(e.to is None for e in events)


def test_view_shows_the_layouts_two_rows_of_five_with_face_down_spots_blank():
    s = table([JACKS, P1], stock=["QD", "JH"])
    GAME.apply(s, 0, "draw")
    for seat in (0, 1, None):
        v = GAME.view(s, seat)
        assert "{p0}: A♣ ▢ 3♣ ▢ 5♣ │ 6♣ 7♣ 8♣ 9♣ ▢" in v.facts
        assert "{p1}: ▢ ▢ ▢ ▢ ▢ │ ▢ ▢ ▢ ▢ ▢" in v.facts
        assert v.hand == (["JH"] if seat == 0 else [])
        piles = {p.name: p for p in v.piles}
        assert piles["Card in play ({p0})"].cards == ["JH"]
        assert piles["Stock"].cards == [] and piles["Stock"].count == 1
        assert v.status == "Hand 1. {p0} is playing J♥."
        assert v.seats[0].notes[-1] == "7/10 spots turned up"
        assert_no_leak(GAME, s, seat, v)


def test_view_names_the_match_goal():
    assert "Match: first to fill a one-card layout (10 hand wins)" in GAME.view(GAME.start(2, {}, 1), None).facts
    short = GAME.view(GAME.start(2, {"hands_to_win": 3}, 1), None)
    assert "Match: first to win 3 hands" in short.facts


def test_determinize_reshuffles_only_the_face_down_cards_and_the_stock():
    s = table([JACKS, P1])
    d = GAME.determinize(s, 0, random.Random(3))
    assert d.up == s.up and d.discard == s.discard and d.held == s.held
    assert [len(x) for x in d.down] == [len(x) for x in s.down]
    assert Counter(d.stock + sum(d.down, [])) == Counter(s.stock + sum(s.down, []))
    assert d.down != s.down or d.stock != s.stock


# --- computer players -------------------------------------------------------------------------

def test_rollout_takes_a_fitting_discard_swaps_for_jacks_and_puts_a_jack_where_copies_are_scarce():
    rng = random.Random(1)
    s = table([P0, P1], discard=["5H"], options={"take_discard": "ask"})
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), rng) == Move("take")
    t = table([SWAP, P1], stock=["3H"])
    GAME.apply(t, 0, "draw")
    assert GAME.rollout_move(t, 0, GAME.moves(t, 0), rng) == Move.of("place", 3)
    u = table([JACKS, "-AS -2S -3S 4S -5S -6D -7D -8D -9D -10D", "-AH -2H -3H 4D -5H -6H -7H -8H -9H -10H"],
              stock=["JH"])
    GAME.apply(u, 0, "draw")
    assert GAME.rollout_move(u, 0, GAME.moves(u, 0), rng) == Move.of("place", 4), "two 4s are already face up"


def test_a_weaker_computers_slip_may_leave_its_jack_in_place_rather_than_swap():
    """Decision 2 makes the swap optional, and it is the choice that counts in Trash: a slipping computer
    (easy or normal) sometimes declines it, where the rule of thumb always swaps; at a jack's spot it slips
    to another face-down spot, never to a discard."""
    t = table([SWAP, P1], stock=["3H"])
    GAME.apply(t, 0, "draw")
    slipping = LevelPlayer(blunders=1.0, iterations=50, seconds=None, seed=3)
    assert {str(slipping.choose(GAME, t, 0)) for _ in range(40)} == {"place 3", "discard"}
    GAME.apply(t, 0, "place 3")
    assert {str(slipping.choose(GAME, t, 0)) for _ in range(40)} == {"place 4", "place 6"}


def test_hand_progress_counts_the_face_down_cards_left():
    s = table([JACKS, P1])
    assert GAME.hand_progress(s) == [-3.0, -10.0]


# --- whole matches ----------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "options"), [
    (2, {}),
    (3, dict(auto_play=False, hands_to_win=3)),
    (4, dict(take_discard="ask", jack_swaps=False, hands_to_win=4)),
    (5, dict(decks=2, hands_to_win=2)),
    (8, dict(decks=3, hands_to_win=2, auto_play=False, take_discard="ask")),
])
def test_random_matches_conserve_the_cards_and_finish(players, options):
    rng = random.Random(players)
    s = GAME.start(players, options, seed=players)
    assert play_out(GAME, s, rng, Counter(pack(s)), max_moves=20000).over
    out = GAME.outcome(s)
    assert max(s.scores) == GAME.options_of(s).hands_to_win and out.winners == [s.scores.index(max(s.scores))]


def test_every_option_combination_finishes_a_hand():
    for n, combo in enumerate(itertools.product((True, False), (True, False), ("auto", "ask"))):
        auto_play, jack_swaps, take = combo
        s = GAME.start(2 + n % 7, dict(auto_play=auto_play, jack_swaps=jack_swaps, take_discard=take,
                                       hands_to_win=1), seed=n)
        rng = random.Random(n)
        for _ in range(20000):
            if s.over:
                break
            seat = next(iter(GAME.to_move(s)))
            GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
        assert s.over, combo


def test_json_round_trip_keeps_the_state_and_its_moves():
    s = GAME.start(3, {"hands_to_win": 2}, seed=5)
    rng = random.Random(5)
    for _ in range(200):
        if s.over:
            break
        seat = next(iter(GAME.to_move(s)))
        GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
        twin = TrashState.from_json(s.to_json())
        assert twin == s and GAME.moves(twin, seat) == GAME.moves(s, seat)


def test_registered():
    assert registry.get("trash") is GAME


def test_a_won_hand_reads_in_spanish_and_chinese_with_names_cards_and_spot_counts():
    """Catalog texts (issue 14): drawing, placing a card, winning a hand and the next deal render in the
    reader's language with the players' names, cards and spot counts filled in."""
    s = table(["AC -KD", P1], stock=["2H"], dealer=1)
    names = ["Ana", "Bea"]
    events = GAME.apply(s, 0, "draw")
    spanish = [Event(render(e.text, "es"), e.to).render(names) for e in events]
    assert spanish == ["Ana roba 2♥.", "Ana pone 2♥ en el hueco 2 y destapa K♦.",
                       "¡Ana ha destapado todo su tablero y gana la mano 1!", "Ana tendrá 1 hueco a partir de ahora.",
                       "Mano 2: Ana reparte los tableros (Ana: 1 hueco y Bea: 10 huecos)."]
    assert Event(render(events[1].text, "zh_CN")).render(names) == "Ana把2♥放到2号位，翻开K♦。"
    assert render(GAME.view(s, None).seats[0].notes[-1], "zh_CN") == "已翻开0/1个位置"
