"""Fan Tan: the rules in shared/rules/fan_tan.md, one rule per test; and the chips
ledger it uses (games/common/match.py, ChipsFormat)."""

import random
from collections import Counter

import pytest

from games import cards as C
from games import registry
from games.common.match import ChipsFormat, next_active
from games.engine import BadOption, Event
from games.fan_tan import GAME, FanTanState
from games.localize import render
from games.text import text_from
from tests.playthrough import assert_no_leak, assert_refused, play_random
from tests.table_helpers import assert_card_refusals


def table(hands, rows=None, *, turn=0, dealer=None, options=None, scores=None, pot=0, seed=3):
    """A state with the given hands and layout rows ({suit: cards low to high})."""
    players = len(hands)
    s = GAME.start(players, options or {}, seed)
    s.hands = [list(h) for h in hands]
    s.rows = {x: [] for x in C.SUITS}
    for suit, cards in (rows or {}).items():
        s.rows[suit] = list(cards)
    s.turn = turn
    s.dealer = (turn - 1) % players if dealer is None else dealer
    s.pot = pot
    s.scores = list(scores) if scores is not None else [50] * players
    return s


def plays(s, seat):
    return [str(m) for m in GAME.moves(s, seat)]


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


def spade_row(lo, hi):
    return [C.make(r, "S") for r in range(lo, hi + 1)]


# --- the chips ledger -------------------------------------------------------------------------

def test_chips_a_payment_moves_chips_between_seats_and_cannot_overdraw_unless_negative():
    fmt = ChipsFormat(5, "end")
    chips = [10, 3, 0]
    assert fmt.pay(chips, 1, 0, 5) == 3 and chips == [13, 0, 0], "pays only what it has"
    assert fmt.take(chips, 0, 4) == 4 and chips == [9, 0, 0]
    assert fmt.take(chips, 2, 1) == 0 and fmt.take(chips, 0, 0) == 0
    neg = ChipsFormat(5, "negative")
    chips = [10, 3, 0]
    assert neg.pay(chips, 1, 0, 5) == 5 and chips == [15, -2, 0], "debts are paid in full"
    assert neg.can_spend(chips, 1) == 0 and neg.can_spend(chips, 0) == 15


def test_chips_match_ends_after_its_hands_or_as_the_broke_rule_says():
    assert ChipsFormat(4, "negative").finished([5, -3, 9], 3) is False
    assert ChipsFormat(4, "negative").finished([5, 5, 5], 4) is True
    assert ChipsFormat(4, "end").finished([5, 0, 9], 1) is True, "someone is broke"
    assert ChipsFormat(4, "end").finished([5, 1, 9], 1) is False
    out = [False, False, False]
    elim = ChipsFormat(9, "eliminate")
    assert elim.knock_out([5, 0, 0], out) == [1, 2] and out == [False, True, True]
    assert elim.finished([5, 0, 0], 1, out), "one player left"
    assert ChipsFormat(9, "end").knock_out([0, 1], [False, False]) == []


def test_chips_leaders_and_next_active_seat():
    fmt = ChipsFormat(3)
    assert fmt.leaders([5, 9, 9]) == [1, 2] and fmt.standing([2, -1]) == [2.0, -1.0]
    assert next_active(0, [False, True, False]) == 2
    assert next_active(2, [False, True, False]) == 0
    assert next_active(1, [True, False, True]) == 1, "nobody else is left"
    assert "most chips wins" in fmt.describe()


# --- dealing and antes ------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(3, 9))
def test_the_whole_pack_is_dealt_from_the_dealers_left_and_short_hands_ante_one_more(players):
    s = GAME.start(players, {}, seed=players)
    sizes = [len(h) for h in s.hands]
    assert sum(sizes) == 52
    assert Counter(c for h in s.hands for c in h) == Counter(C.french_deck())
    extra = 52 % players
    order = [(s.dealer + k) % players for k in range(1, players + 1)]
    assert [sizes[i] for i in order] == [52 // players + (1 if k < extra and extra else 0)
                                         for k in range(players)]
    most = max(sizes)
    for i in range(players):
        assert s.scores[i] == 50 - 1 - (most - sizes[i]), "ante 1, and 1 more if dealt a card short"
    assert s.pot + sum(s.scores) == 50 * players
    assert s.turn == (s.dealer + 1) % players, "the player left of the dealer starts"
    assert s.rows == {x: [] for x in C.SUITS}


def test_the_ante_option_sets_each_players_ante():
    s = GAME.start(5, {"ante": 3}, seed=1)
    sizes = [len(h) for h in s.hands]
    assert sorted(50 - x for x in s.scores) == sorted(3 + (max(sizes) - n) for n in sizes)
    assert s.pot == 5 * 3 + 3


def test_starting_chips_option():
    s = GAME.start(4, {"chips": 200}, seed=1)
    assert s.scores == [199] * 4 and s.pot == 4


# --- play -------------------------------------------------------------------------------------

def test_at_first_only_a_7_may_be_played():
    s = table([["6S", "7D", "8S", "7C"], ["2H"], ["3H"]])
    assert plays(s, 0) == ["play 7D", "play 7C"]
    assert "7♠ must be played first" in refused(s, 0, "play 8S")


def test_after_a_7_the_6_and_8_of_its_suit_may_be_played_and_the_row_builds_outwards():
    s = table([["6S", "8S", "9S", "2D"], ["5S", "KH"], ["4C", "QC"]], {"S": ["7S"]})
    assert plays(s, 0) == ["play 6S", "play 8S"]
    GAME.apply(s, 0, "play 8S")
    assert s.rows["S"] == ["7S", "8S"] and s.turn == 1
    assert plays(s, 1) == ["pass"], "5♠ waits for the 6♠"
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "pass")
    assert plays(s, 0) == ["play 6S", "play 9S"]
    GAME.apply(s, 0, "play 6S")
    assert plays(s, 1) == ["play 5S"]
    GAME.apply(s, 1, "play 5S")
    assert s.rows["S"] == ["5S", "6S", "7S", "8S"]


def test_another_7_starts_a_new_row_at_any_time():
    s = table([["7H", "9S"], ["2D"], ["3D"]], {"S": ["6S", "7S", "8S"]})
    assert plays(s, 0) == ["play 7H", "play 9S"]
    GAME.apply(s, 0, "play 7H")
    assert s.rows["H"] == ["7H"]


def test_aces_are_low_rows_run_down_to_the_ace_and_up_to_the_king():
    s = table([["AS", "KS", "2D"], ["3D"], ["4D"]], {"S": spade_row(2, 12)})
    assert plays(s, 0) == ["play AS", "play KS"]
    s2 = table([["AS", "2D"], ["3D"], ["4D"]], {"S": spade_row(1, 13)[1:]})
    assert plays(s2, 0) == ["play AS"], "nothing is played above the king"


def test_play_is_compulsory_a_pass_is_refused_while_a_card_fits():
    s = table([["7S", "2D"], ["3D"], ["4D"]])
    message = refused(s, 0, "pass")
    assert "must play" in message and "7♠" in message


def test_a_player_who_cannot_play_pays_the_pass_cost_on_every_pass():
    s = table([["7S", "9H"], ["2D", "3D"], ["4D", "KC"]], pot=3)
    GAME.apply(s, 0, "play 7S")
    assert plays(s, 1) == ["pass"]
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "pass")
    assert s.scores == [50, 49, 49] and s.pot == 5
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    assert s.scores == [49, 48, 49] and s.pot == 7, "not only at the start: every pass costs"


def test_the_pass_cost_option():
    s = table([["7S", "9H"], ["2D", "3D"], ["4D"]], options={"pass_cost": 3})
    GAME.apply(s, 0, "play 7S")
    events = GAME.apply(s, 1, "pass")
    assert s.scores[1] == 47 and s.pot == 3 and "3 chips" in events[0].text


def test_the_first_player_out_takes_the_pot_and_the_others_pay_a_chip_per_card_left():
    s = table([["7S"], ["2D", "3D", "4D"], ["5D", "6D"]], pot=10, scores=[40, 40, 40], dealer=2)
    hand = s.hand_no
    events = GAME.apply(s, 0, "play 7S")
    text = " ".join(e.text for e in events)
    assert "{p0} is out of cards and wins the hand" in text
    assert "took the pot of 15 chips" in text_from(s.last_result)
    assert s.hand_no == hand + 1 and s.dealer == 0, "the deal passes left"
    # the next hand's antes (1 each, 1 more for the short hands) came out after the payment
    sizes = [len(h) for h in s.hands]
    short = [max(sizes) - n for n in sizes]
    assert s.scores == [40 + 15 - 1 - short[0], 40 - 3 - 1 - short[1], 40 - 2 - 1 - short[2]]


def test_fines_option_a_voluntary_pass_costs_3_and_5_to_each_holder_of_the_6_and_8_of_a_held_7():
    s = table([["7S", "KD"], ["6S", "2D"], ["8S", "3D"], ["7H", "6H", "8H"]], options={"fines": True}, pot=0)
    assert plays(s, 0) == ["play 7S", "pass"]
    events = GAME.apply(s, 0, "pass")
    assert s.scores == [50 - 1 - 3 - 10, 55, 55, 50] and s.pot == 4
    text = events[0].text
    assert text.endswith("for holding back a 7, 5 chips each to {p1} and {p2}.") and "♠" not in text, \
        "who is paid, never a card"


def test_fines_name_each_payee_once_with_the_chips_added_up():
    """Two 7s held back whose 6s and 8s lie with the same two players: '10 chips each to Bob
    and Dee', not '5 chips to Bob, 5 chips to Dee, 5 chips to Dee, 5 chips to Bob'."""
    s = table([["7S", "7H", "KD"], ["6S", "8H", "2D"], ["9C"], ["8S", "6H", "3D"]], options={"fines": True})
    text = GAME.apply(s, 0, "pass")[0].text
    assert text.endswith("for holding back 7s, 10 chips each to {p1} and {p3}.")
    assert s.scores[1] == s.scores[3] == 60
    s2 = table([["7S", "7H", "8S", "KD"], ["6S", "8H", "2D"], ["9C"], ["6H", "3D"]], options={"fines": True})
    text = GAME.apply(s2, 0, "pass")[0].text
    assert text.endswith("for holding back 7s, 10 chips to {p1} and 5 chips to {p3}.")


def test_the_rules_and_the_fines_help_explain_the_fines_on_their_own():
    """/rules says what the fines option does; the option help does not point to a 'rules text'."""
    info = {o.name: o for o in GAME.Options.describe()}
    assert "rules text" not in info["fines"].help and "5 chips" in info["fines"].help
    assert "fines option" in GAME.rules and "3 more chips" in GAME.rules and "keep back" in GAME.rules


def test_fines_are_not_paid_to_oneself_for_a_6_or_8_held():
    s = table([["7S", "8S", "7H"], ["6S", "6H", "8H"], ["2D"]], options={"fines": True})
    GAME.apply(s, 0, "pass")
    assert s.scores == [50 - 4 - 5 - 10, 65, 50], "5 for 6♠ and 10 for 6♥ and 8♥; none for 8♠"


def test_fines_option_a_pass_with_nothing_playable_costs_only_the_pass():
    s = table([["9S", "KD"], ["7S"], ["2D"]], options={"fines": True})
    assert plays(s, 0) == ["pass"]
    GAME.apply(s, 0, "pass")
    assert s.scores[0] == 49 and s.pot == 1


def test_without_fines_no_pass_is_offered_when_a_card_fits():
    s = table([["7S", "KD"], ["6S"], ["2D"]])
    assert plays(s, 0) == ["play 7S"]


# --- automatic moves --------------------------------------------------------------------------

def test_auto_play_pass_makes_forced_passes_by_themselves():
    s = table([["7S", "8S", "7D"], ["2D", "3D"], ["4D", "KC"]], options={"auto_play": "pass"})
    events = GAME.apply(s, 0, "play 7S")
    assert s.turn == 0 and s.pot == 2, "seats 1 and 2 could not play and passed by themselves"
    assert sum("passes" in e.text for e in events) == 2
    assert plays(s, 0) == ["play 8S", "play 7D"]


def test_auto_play_forced_also_plays_a_single_playable_card():
    s = table([["7S", "7D", "7C"], ["8S", "2D"], ["9S", "3D"]], options={"auto_play": "forced"})
    events = GAME.apply(s, 0, "play 7S")
    assert s.rows["S"] == ["7S", "8S", "9S"], "seats 1 and 2 each had one playable card"
    assert [e.text for e in events[1:]] == ["{p1} plays 8♠.", "{p2} plays 9♠."]
    assert s.turn == 0 and plays(s, 0) == ["play 7D", "play 7C"], "a real choice waits for the player"


def test_auto_play_off_asks_for_forced_passes_too():
    s = table([["7S", "8S"], ["2D"], ["3D"]])
    GAME.apply(s, 0, "play 7S")
    assert s.turn == 1 and plays(s, 1) == ["pass"]


def test_auto_play_with_fines_only_passes_when_nothing_fits():
    s = table([["7S", "8S", "7D"], ["6S", "2D"], ["4D", "KC"]], options={"auto_play": "forced", "fines": True})
    GAME.apply(s, 0, "play 7S")
    assert s.turn == 1 and plays(s, 1) == ["play 6S", "pass"]


# --- the match --------------------------------------------------------------------------------

def finish_hand(s, winner):
    """Let ``winner`` go out at once: give them one playable 7 and take the turn."""
    s.hands[winner] = ["7S"]
    s.rows = {x: [] for x in C.SUITS}
    s.turn = winner
    return GAME.apply(s, winner, "play 7S")


def test_the_match_is_rounds_times_players_hands_and_the_most_chips_wins():
    s = GAME.start(3, {"rounds": 2, "broke": "negative"}, seed=4)
    for n in range(6):
        assert not s.over and s.hand_no == n + 1
        finish_hand(s, n % 3 if n < 5 else 1)
    assert s.over and s.hand_no == 6
    out = GAME.outcome(s)
    best = max(s.scores)
    assert out.winners == [i for i, x in enumerate(s.scores) if x == best]
    assert out.scores == [float(x) for x in s.scores]
    assert GAME.to_move(s) == frozenset() and GAME.moves(s, 0) == []


def test_the_last_hand_ends_the_match_and_equal_chips_share_the_win():
    s = table([["7S"], ["2D"], ["3D"]], scores=[40, 41, 41], pot=0)
    s.hand_no = 3          # one round of three players: this is the last hand
    GAME.apply(s, 0, "play 7S")
    out = GAME.outcome(s)
    assert s.over and s.scores == [42, 40, 40] and out.winners == [0] and out.placings == [1, 2, 2]
    s2 = table([["7S"], ["2D"], ["3D"]], scores=[39, 42, 41], pot=0)
    s2.hand_no = 3
    GAME.apply(s2, 0, "play 7S")
    out = GAME.outcome(s2)
    assert s2.scores == [41, 41, 40] and out.winners == [0, 1] and out.placings == [1, 1, 3]
    assert "share the win" in out.summary


def test_broke_end_payments_stop_at_zero_and_the_match_ends_after_the_hand():
    s = table([["7S"], ["2D", "3D", "4D"], ["5D"]], scores=[10, 2, 10], pot=0)
    GAME.apply(s, 0, "play 7S")
    assert s.scores == [10 + 3, 0, 9] and s.over, "seat 1 paid the 2 it had and is broke"
    assert GAME.outcome(s).winners == [0]


def test_a_player_at_zero_mid_hand_plays_on_and_may_still_win():
    s = table([["9D", "2D"], ["7S"], ["5D", "6D"]], scores=[0, 5, 5], pot=6)
    GAME.apply(s, 0, "pass")
    assert s.scores[0] == 0 and s.pot == 6 and not s.over
    s.turn = 0
    s.hands[0] = ["7D"]
    GAME.apply(s, 0, "play 7D")
    assert not s.over and s.scores[0] > 0


def test_broke_negative_counts_go_below_zero_and_the_match_plays_on():
    s = table([["7S"], ["2D", "3D", "4D"], ["5D"]], scores=[10, 2, 10], options={"broke": "negative"})
    GAME.apply(s, 0, "play 7S")
    assert not s.over and s.scores[1] == 2 - 3 - 1 - (max(map(len, s.hands)) - len(s.hands[1]))


def test_broke_eliminate_drops_a_broke_player_who_is_dealt_no_more_cards():
    s = table([["7S"], ["2D", "3D", "4D"], ["5D"], ["6D"]], scores=[10, 2, 10, 10], dealer=3,
              options={"broke": "eliminate"})
    events = GAME.apply(s, 0, "play 7S")
    assert "{p1} is out of chips and out of the match" in " ".join(e.text for e in events)
    assert not s.over and s.out == [False, True, False, False]
    assert s.hands[1] == [] and sorted(len(h) for h in s.hands) == [0, 17, 17, 18]
    assert s.dealer == 0 and s.turn == 2, "the deal and the turn skip the player who is out"
    view = GAME.view(s, None)
    assert "out of the match" in view.seats[1].notes


def test_broke_eliminate_ends_when_one_player_is_left():
    s = table([["7S"], ["2D"], ["5D"]], scores=[10, 1, 1], options={"broke": "eliminate"})
    GAME.apply(s, 0, "play 7S")
    assert s.over and s.out == [False, True, True] and GAME.outcome(s).winners == [0]


def test_chips_are_conserved_between_seats_and_the_pot():
    for options in ({}, {"broke": "negative", "fines": True}, {"broke": "eliminate", "chips": 5}):
        s = GAME.start(4, options, seed=9)
        total = 4 * s.options["chips"]
        rng = random.Random(2)
        while not s.over:
            seat = s.turn
            GAME.apply(s, seat, rng.choice(GAME.moves(s, seat)))
            assert sum(s.scores) + s.pot == total


# --- refusals and prompts ---------------------------------------------------------------------

def test_refusals_say_what_is_wrong():
    s = table([["7S", "9S", "2D"], ["3D"], ["4D"]], {"H": ["7H"]})
    assert_card_refusals(GAME, s, 0, not_held="7D", offered="7S")
    assert "does not fit yet: 7♠ and 8♠ must be played first" in refused(s, 0, "play 9S")
    assert "not a move in Fan Tan" in refused(s, 0, "draw")
    assert "just say 'pass'" in refused(s, 0, "pass now")
    assert "not your turn" in refused(s, 1, "pass")


def test_prompt_offers_the_playable_cards_then_pass_with_fines():
    s = table([["7S", "7D", "2C"], ["3D"], ["4D"]], options={"fines": True})
    prompt = GAME.prompt(s, 0)
    assert [c.path for c in prompt.choices] == [(("Play a card", "7♠"),), (("Play a card", "7♦"),),
                                                (("Play a card", "Pass (fined)"),)]
    assert "must play" in prompt.text and "Passing anyway" in prompt.text
    s2 = table([["9S"], ["3D"], ["4D"]])
    assert GAME.prompt(s2, 0).choices[0].path == (("Play a card", "Pass"),)
    assert "pass" in GAME.prompt(s2, 0).text
    assert GAME.prompt(s2, 1).choices == ()


# --- what people see --------------------------------------------------------------------------

def test_view_shows_own_hand_rows_pot_and_chips_but_no_other_hand():
    s = GAME.start(4, {}, seed=2)
    GAME.apply(s, s.turn, GAME.moves(s, s.turn)[0])
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(s, seat)
        assert_no_leak(GAME, s, seat, view)
        assert view.hand == ([] if seat is None else s.hands[seat])
        assert [sv.score for sv in view.seats] == s.scores
        assert any(f.startswith("Pot: ") for f in view.facts)
        assert [p.cards for p in view.piles] == [s.rows[x] for x in C.SUITS]
    assert "dealer" in GAME.view(s, 0).seats[s.dealer].notes


def test_the_hand_number_is_said_once_by_the_status():
    view = GAME.view(GAME.start(4, {}, seed=2), None)
    assert view.status.startswith("Hand 1.") and "Match: 4 hands" in " ".join(view.facts)
    assert "hand 1" not in " ".join(view.facts).lower()


def test_zones_list_every_card_once_hands_private_rows_public():
    s = GAME.start(5, {}, seed=6)
    for _ in range(10):
        GAME.apply(s, s.turn, GAME.moves(s, s.turn)[0])
    zones = GAME.zones(s)
    assert Counter(c for z in zones for c in z.cards) == Counter(C.french_deck())
    assert [z.visible_to for z in zones] == [0, 1, 2, 3, 4, "all", "all", "all", "all"]


def test_json_round_trip_keeps_the_state():
    s = GAME.start(3, {"fines": True}, seed=5)
    for _ in range(7):
        GAME.apply(s, s.turn, GAME.moves(s, s.turn)[-1])
    twin = FanTanState.from_json(s.to_json())
    assert twin == s and GAME.moves(twin, twin.turn) == GAME.moves(s, s.turn)


# --- whole games ------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "options"), [
    (3, {"fines": True}),
    (4, {"fines": True, "broke": "negative", "auto_play": "forced"}),
    (5, {"broke": "eliminate", "chips": 5, "rounds": 3}),
    (6, {"auto_play": "pass", "ante": 2, "pass_cost": 2}),
    (8, {"rounds": 2, "fines": True, "broke": "eliminate", "chips": 10}),
])
def test_random_matches_keep_every_invariant_and_finish(players, options):
    for seed in range(3):
        run = play_random(GAME, players, options, seed)
        assert run.final.over and GAME.outcome(run.final).winners


def test_rollout_never_passes_by_choice_and_prefers_opening_its_own_cards():
    s = table([["7S", "7H", "8H", "9H", "2D"], ["3D"], ["4D"]], options={"fines": True})
    rng = random.Random(1)
    picks = {str(GAME.rollout_move(s, 0, GAME.moves(s, 0), rng)) for _ in range(20)}
    assert picks == {"play 7H"}


def test_options_are_checked():
    with pytest.raises(BadOption, match="broke"):
        GAME.Options.parse({"broke": "bankrupt"}, 4)
    with pytest.raises(BadOption, match="auto_play"):
        GAME.Options.parse({"auto_play": "always"}, 4)
    with pytest.raises(BadOption, match="rounds"):
        GAME.Options.parse({"rounds": 0}, 4)
    with pytest.raises(BadOption):
        GAME.start(2, {})
    assert GAME.Options.parse({"fines": "yes", "chips": "80"}, 3).chips == 80


def test_registered():
    assert registry.get("fan_tan") is GAME


def test_a_played_hand_reads_in_italian_and_japanese_with_names_cards_and_chips():
    """Catalog texts (issue 14): a play, a fined pass paying two holders, and the winner's line render in
    the reader's language with the players' names, cards and chip counts filled in."""
    s = table([["7S", "7H", "KD"], ["6S", "8H", "2D"], ["9C"], ["8S", "6H", "3D"]], options={"fines": True})
    names = ["Ada", "Bob", "Cy", "Dee"]
    pass_event = GAME.apply(s, 0, "pass")[0]
    shown = Event(render(pass_event.text, "it"), pass_event.to).render(names)
    assert shown == ("Ada passa pur potendo giocare: 1 fiche per il passo e una multa di 3 fiche nel piatto, "
                     "e per aver trattenuto dei 7, 10 fiche ciascuno a Bob e Dee.")
    play = GAME.apply(table([["7S", "2D"], ["3D"], ["4D"]]), 0, "play 7S")[0]
    assert Event(render(play.text, "ja")).render(names) == "Adaが7♠を出しました。"
    s = table([["7S"], ["2D", "3D", "4D"], ["5D", "6D"]], pot=10, dealer=2)
    won = GAME.apply(s, 0, "play 7S")[1]
    assert Event(render(won.text, "it")).render(names) == "Ada ha finito le carte e vince la mano!"
    assert render(GAME.view(s, 1).piles[0].name, "ja") == "♠の列"
