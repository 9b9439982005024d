"""Diloti: the rules in shared/rules/diloti.md, one rule per test (decisions and clarifications named)."""

from collections import Counter

import pytest

from games import cards as C
from games.common.piles import Pile
from games.diloti import GAME, DilotiState, table_key, three_of_a_rank
from games.engine import Move
from games.options import BadOption
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck())


def table(hands, loose=(), decls=(), *, stock=None, turn=0, dealer=None, scores=None, options=None,
          last_capturer=-1, plays=1, xeris=()):
    """A state with these hands, loose cards and declarations ((value, sets, owner) or (value, sets, owner,
    "group")). Every other card goes to the stock, or, when ``stock`` is given, into the capture piles
    alternately."""
    players = len(hands)
    s: DilotiState = GAME.start(players, options or {}, 7)
    s.decls = [Pile(f"b{i + 1}", d[0], [list(g) for g in d[1]], d[2], {"group": True} if len(d) > 3 else {}).to_data()
               for i, d in enumerate(decls)]
    piles = [[] for _ in s.piles]
    held = ({c for h in hands for c in h} | set(loose) | {c for d in s.decls for g in d["sets"] for c in g}
            | set(stock or ()))
    rest = [c for c in C.french_deck() if c not in held]
    if stock is None:
        stock = rest
    else:
        for k, pile in enumerate(piles):
            pile += rest[k::len(piles)]
    s.hands = [list(h) for h in hands]
    s.table = sorted(loose, key=table_key)
    s.stock = list(stock)
    s.piles = piles
    s.turn, s.last_capturer, s.plays = turn, last_capturer, plays
    s.dealer = (turn - 1) % players if dealer is None else dealer
    s.xeris = list(xeris)
    s.xeri_cards = ["AS"] * len(xeris)
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def legal(s, seat=0):
    return {str(m) for m in GAME.moves(s, seat)}


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


# --- the deal -----------------------------------------------------------------------------------

def test_deal_six_each_four_on_the_table_and_the_dealers_left_starts_clarification_13():
    for players in (2, 4):
        s = GAME.start(players, {}, 3)
        assert [len(h) for h in s.hands] == [6] * players and len(s.table) == 4
        assert len(s.stock) == 52 - 6 * players - 4
        assert GAME.to_move(s) == {(s.dealer + 1) % players}


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left_clarification_13():
    s = table([[], [], [], []], [], stock=None)
    s.stock = C.french_deck()[:24]
    s.dealer = 1
    top = list(reversed(s.stock))
    GAME._deal_hands(s)
    assert sorted(s.hands[2]) == sorted(top[0::4]) and sorted(s.hands[1]) == sorted(top[3::4])


def test_three_of_a_rank_on_the_table_is_redealt_decision_9():
    assert three_of_a_rank(["5C", "5D", "5H", "9S"]) and not three_of_a_rank(["5C", "5D", "9H", "9S"])
    redealt = 0
    for seed in range(400):
        s = DilotiState(players=2, seed=seed, options=GAME.Options().to_dict(), scores=[0, 0])
        events = GAME._deal(s)
        assert not three_of_a_rank(s.table) and len(s.table) == 4
        assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
        redealt += any("Three cards of a rank" in e.text for e in events)
    assert redealt


def test_refills_six_each_two_batches_with_four_players_four_with_two_decision_10():
    for players, refills in ((2, 3), (4, 1)):
        s = GAME.start(players, {}, 5)
        assert len(s.stock) == refills * 6 * players


# --- capturing ----------------------------------------------------------------------------------

def test_a_numeral_takes_all_equal_loose_cards_or_none_and_sums_clarification_4():
    s = table([["9S", "KC"], ["2C"]], ["9H", "9D", "5C", "4S"])
    assert {"play 9S take=4S+5C+9H+9D", "play 9S take=4S+5C", "play 9S take=9H+9D"} <= legal(s)
    assert "all the loose cards of its rank" in refused(s, 0, "play 9S take=9H")


def test_several_combinations_at_once_decision_3():
    s = table([["8S", "KC"], ["2C"]], ["8H", "6D", "5C", "3S", "2D"])
    assert "play 8S take=2D+3S+5C+6D+8H" in legal(s)
    GAME.apply(s, 0, "play 8S take=2D+3S+5C+6D+8H")
    assert s.table == [] and len(s.piles[0]) == 6


def test_a_court_card_takes_exactly_one_of_its_rank_decision_1():
    s = table([["KS", "3C"], ["2C"]], ["KH", "KD", "5C"])
    assert {m for m in legal(s) if m.startswith("play KS")} == {"play KS take=KH", "play KS take=KD", "play KS"}
    assert "only one card of its rank" in refused(s, 0, "play KS take=KH+KD")


def test_face_capture_all_option_takes_every_court_card_of_the_rank():
    s = table([["KS", "3C"], ["2C"]], ["KH", "KD", "5C"], options={"face_capture": "all"})
    assert {m for m in legal(s) if m.startswith("play KS take")} == {"play KS take=KH+KD"}


def test_capturing_is_optional_decision_2_and_compulsory_with_the_option_clarification_11():
    s = table([["5S", "3C"], ["2C"]], ["5H", "9D"])
    assert "play 5S" in legal(s)
    s = table([["5S", "3C"], ["2C"]], ["5H", "9D"], options={"compulsory_capture": True})
    assert "play 5S" not in legal(s) and "play 3C" in legal(s)
    assert "compulsory" in refused(s, 0, "play 5S")


def test_any_player_captures_a_declaration_of_the_card_value():
    s = table([["9S", "3C"], ["2C"]], ["KH"], [(9, [["4D", "5D"]], 1)])
    GAME.apply(s, 0, "play 9S take=b1")
    assert s.decls == [] and {"4D", "5D", "9S"} <= set(s.piles[0])


# --- declarations -------------------------------------------------------------------------------

def test_a_declaration_is_the_played_card_and_loose_numerals_worth_their_total_clarification_5():
    s = table([["5S", "10C", "KH"], ["2C"]], ["2H", "3D", "QS"])
    assert "play 5S declare=10 with=2H+3D" in legal(s)
    GAME.apply(s, 0, "play 5S declare=10 with=2H+3D")
    assert s.decls[0]["value"] == 10 and sorted(s.decls[0]["sets"][0]) == ["2H", "3D", "5S"]
    assert s.decls[0]["owner"] == 0 and s.table == ["QS"]


def test_declaring_needs_a_card_of_the_value_kept_in_hand_and_no_court_cards():
    s = table([["5S", "9C", "KH"], ["2C"]], ["2H", "3D", "QS"])
    assert "keep another card of value 10" in refused(s, 0, "play 5S declare=10 with=2H+3D")
    assert "Court cards" in refused(s, 0, "play 5S declare=10 with=QS")
    assert "add up to" in refused(s, 0, "play 5S declare=9 with=2H+3D")


def test_a_bound_player_may_not_lay_or_declare_again_clarification_1():
    s = table([["10S", "4C", "6H", "3S", "7C"], ["2C"]], ["2H", "KD"], [(10, [["5S", "5D"]], 0)])
    assert "bound by your declaration of 10" in refused(s, 0, "play 4C")
    assert "bound" in refused(s, 0, "play 4C declare=6 with=2H")
    assert "play 10S take=b1" in legal(s)
    assert not any(m.startswith("play 4C") for m in legal(s))


def test_the_reserved_card_only_captures_its_declaration_with_what_else_it_takes_clarification_3():
    s = table([["10S", "4C"], ["2C"]], ["10H", "KD"], [(10, [["5S", "5D"]], 0)])
    assert {m for m in legal(s) if m.startswith("play 10S")} == {"play 10S take=b1", "play 10S take=10H+b1"}
    assert "only card for your declaration of 10" in refused(s, 0, "play 10S take=10H")


def test_a_second_card_of_the_value_is_not_reserved_clarification_3():
    s = table([["10S", "10C", "4C"], ["2C"]], ["10H", "KD"], [(10, [["5S", "5D"]], 0)])
    assert "play 10S take=10H" in legal(s) and "play 10C take=10H" in legal(s)


def test_no_deadlock_the_bound_player_can_always_take_their_declaration_clarification_2():
    s = table([["10S", "4C"], ["2C"]], ["KD"], [(10, [["5S", "5D"]], 0)])
    assert legal(s) == {"play 10S take=b1"}


def test_the_lay_safeguard_when_the_reserved_card_is_gone_decision_5():
    s = table([["3C", "4C"], ["2C"]], ["KD"], [(10, [["5S", "5D"]], 0)])
    assert legal(s) == {"play 3C", "play 4C"}
    GAME.apply(s, 0, "play 3C")


# --- raising ------------------------------------------------------------------------------------

def test_an_opponent_raises_and_becomes_bound_the_owner_is_released_clarification_8():
    s = table([["2C", "9S"], ["7H", "8D"]], ["KD"], [(7, [["3S", "4D"]], 1)])
    assert "play 2C raise=b1" in legal(s)
    GAME.apply(s, 0, "play 2C raise=b1")
    assert s.decls[0]["value"] == 9 and s.decls[0]["owner"] == 0
    assert GAME.bound_values(s, 1) == [] and GAME.bound_values(s, 0) == [9]


def test_raising_needs_the_new_value_in_hand_and_stays_at_most_ten():
    s = table([["2C", "8S"], ["7H"]], ["KD"], [(7, [["3S", "4D"]], 1)])
    assert "keep another card of value 9" in refused(s, 0, "play 2C raise=b1")
    s = table([["5C", "10S"], ["7H"]], ["KD"], [(7, [["3S", "4D"]], 1)])
    assert "at most 10" in refused(s, 0, "play 5C raise=b1")


def test_no_raising_your_own_or_your_partners_declaration_decision_4():
    s = table([["2C", "9S"], ["KH"]], ["KD"], [(7, [["3S", "4D"]], 0)])
    assert "your own or your partner's" in refused(s, 0, "play 2C raise=b1")
    s = table([["2C", "9S"], ["QH"], ["KH"], ["QC"]], ["KD"], [(7, [["3S", "4D"]], 2)])
    assert "your own or your partner's" in refused(s, 0, "play 2C raise=b1")


def test_self_raise_option_allows_raising_your_own():
    s = table([["2C", "9S"], ["KH"]], ["KD"], [(7, [["3S", "4D"]], 0)], options={"self_raise": True})
    GAME.apply(s, 0, "play 2C raise=b1")
    assert s.decls[0]["value"] == 9


def test_no_raise_while_bound_decision_6_clarification_9():
    s = table([["2C", "9S", "10S"], ["KH"]], ["KD"], [(7, [["3S", "4D"]], 1), (10, [["6S", "4S"]], 0)])
    assert "bound" in refused(s, 0, "play 2C raise=b1")


# --- groups ------------------------------------------------------------------------------------

def test_a_group_of_eights_with_a_four_from_the_hand_clarification_5():
    s = table([["4S", "8C"], ["KH"]], ["2H", "6D", "4C"])
    assert "play 4S group=8 with=2H+4C+6D" in legal(s)
    GAME.apply(s, 0, "play 4S group=8 with=2H+4C+6D")
    group = s.decls[0]
    assert group["extra"] == {"group": True} and group["value"] == 8 and len(group["sets"]) == 2
    assert GAME.bound_values(s, 0) == [8]


def test_a_played_card_alone_beside_a_table_card_makes_a_group_clarification_5():
    s = table([["9H", "9S"], ["KH"]], ["9C", "KD"])
    assert "play 9H group=9 with=9C" in legal(s)


def test_a_group_needs_two_sets():
    s = table([["4S", "8C"], ["KH"]], ["4C", "KD"])
    assert "at least two sets" in refused(s, 0, "play 4S group=8 with=4C")


def test_a_bound_player_may_group_their_own_declaration_clarification_1_and_9():
    s = table([["9H", "9S", "3C"], ["KH"]], ["9C", "KD"], [(9, [["4D", "5D"]], 0)])
    assert "play 9H group=9 with=9C+b1" in legal(s)
    assert "bound" in refused(s, 0, "play 9H group=9 with=9C")
    GAME.apply(s, 0, "play 9H group=9 with=9C+b1")
    assert len(s.decls) == 1 and s.decls[0]["owner"] == 0 and len(s.decls[0]["sets"]) == 3


def test_the_bravo_example_raise_an_opponents_seven_to_nine_and_group_it_clarification_6():
    s = table([["2C", "9S"], ["KH"]], ["9C", "KD"], [(7, [["3S", "4D"]], 1)])
    assert "play 2C group=9 with=9C+b1" in legal(s)
    GAME.apply(s, 0, "play 2C group=9 with=9C+b1")
    group = s.decls[0]
    assert group["owner"] == 0 and sorted(map(sorted, group["sets"])) == [["2C", "3S", "4D"], ["9C"]]
    assert GAME.bound_values(s, 1) == []


def test_an_opponents_declaration_never_joins_at_its_own_value_clarification_6():
    s = table([["9H", "9S"], ["KH"]], ["9C", "KD"], [(9, [["4D", "5D"]], 1)])
    assert "raises it to exactly 9" in refused(s, 0, "play 9H group=9 with=9C+b1")


def test_a_partners_declaration_joins_at_its_value_and_the_partner_is_released_clarification_8():
    s = table([["9H", "9S"], ["KH"], ["QH"], ["KC"]], ["9C", "KD"], [(9, [["4D", "5D"]], 2)])
    GAME.apply(s, 0, "play 9H group=9 with=9C+b1")
    assert s.decls[0]["owner"] == 0 and GAME.bound_values(s, 2) == []


def test_groups_are_never_raised_and_only_their_side_extends_them_clarification_7():
    s = table([["2C", "10S", "8S"], ["KH"]], ["8C", "KD"], [(8, [["4D", "4H"], ["8D"]], 1, "group")])
    assert "cannot be raised" in refused(s, 0, "play 2C raise=b1")
    assert "exactly" in refused(s, 0, "play 8S group=8 with=8C+b1")
    mine = table([["8S", "8H"], ["KH"]], ["8C", "KD"], [(8, [["4D", "4H"], ["8D"]], 0, "group")])
    assert "play 8S group=8 with=8C+b1" in legal(mine)


# --- xeri ---------------------------------------------------------------------------------------

def test_no_xeri_on_the_first_play_of_a_hand_clarification_10():
    s = table([["9S", "3C"], ["2C", "4D"]], ["4S", "5C"], plays=0)
    GAME.apply(s, 0, "play 9S take=4S+5C")
    assert s.xeris == []


def test_a_xeri_from_the_second_play_on_including_after_a_refill_clarification_10():
    s = table([["9S", "3C"], ["2C", "4D"]], ["4S", "5C"], plays=12)
    events = GAME.apply(s, 0, "play 9S take=4S+5C")
    assert s.xeris == [0] and any("Xeri" in e.text for e in events)


def test_a_xeri_takes_declarations_too_decision_7():
    s = table([["9S", "3C"], ["2C", "4D"]], ["9C"], [(7, [["3S", "4S"]], 1)], plays=3)
    GAME.apply(s, 0, "play 9S take=9C")
    assert s.xeris == []
    s = table([["9S", "3C"], ["2C", "4D"]], ["9C"], [(9, [["3S", "6S"]], 1)], plays=3)
    GAME.apply(s, 0, "play 9S take=9C+b1")
    assert s.xeris == [0]


def test_a_clear_with_the_last_card_is_a_xeri_and_the_option_turns_it_off_decision_7():
    for option in (True, False):
        s = table([[], ["9S"]], ["4S", "5C"], stock=[], turn=1, options={"last_card_xeri": option})
        events = GAME.apply(s, 1, "play 9S take=4S+5C")
        assert any("Xeri!" in e.text for e in events) == option


def test_the_last_capturer_takes_what_is_left_declarations_too_and_it_is_no_xeri_decision_8():
    s = table([["3C"], ["4D"]], ["KS"], [(9, [["4S", "5S"]], 0)], stock=[], last_capturer=1, turn=0)
    GAME.apply(s, 0, "play 3C")
    events = GAME.apply(s, 1, "play 4D")
    assert any("takes the rest of the table" in e.text and "5♠" in e.text for e in events)
    assert "xeri" not in str(s.last_result)


def test_nobody_captured_the_table_counts_for_nobody_clarification_12():
    s = table([["3C"], ["4D"]], ["KS"], stock=[], last_capturer=-1)
    s.piles = [[], []]
    s.xeris = []
    rest = [c for c in C.french_deck() if c not in ("3C", "4D", "KS")]
    s.table = sorted(rest + ["KS"], key=table_key)
    GAME.apply(s, 0, "play 3C")
    GAME.apply(s, 1, "play 4D")
    assert s.scores == [0, 0]


# --- scoring ------------------------------------------------------------------------------------

def test_scoring_xeri_most_cards_ten_of_diamonds_aces_two_of_clubs():
    s = table([["3C"], ["4D"]], [], stock=[], last_capturer=0, xeris=[0, 0, 1])
    s.piles = [["10D", "AS", "AH", "2C"] + [c for c in C.french_deck() if C.RANK[c] in (5, 6, 7, 8, 9)][:24],
               [c for c in C.french_deck() if C.RANK[c] in (11, 12, 13)]]
    s.piles[0] = [c if c != "10D" else "10D" for c in s.piles[0]]
    awards = {(side, pts) for side, pts, _ in GAME.hand_awards(s)}
    assert {(0, 20), (1, 10), (0, 4), (0, 2), (0, 1)} <= awards
    assert (0, 2) in awards and sum(p for side, p, _ in GAME.hand_awards(s) if side == 0) == 20 + 4 + 2 + 2 + 1


def test_a_26_26_tie_for_most_cards_scores_nothing():
    s = table([["3C"], ["4D"]], [], stock=[])
    deck = C.french_deck()
    s.piles = [deck[:26], deck[26:]]
    s.xeris = []
    assert not any(p == 4 for _, p, _ in GAME.hand_awards(s))


def test_xeri_value_option():
    s = table([["3C"], ["4D"]], [], stock=[], xeris=[1], options={"xeri_value": 5})
    assert (1, 5) in {(side, p) for side, p, _ in GAME.hand_awards(s)}


def test_partners_share_their_captures_and_scores():
    s = table([["9S"], ["KH"], ["4D"], ["QC"]], ["4S", "5C"])
    GAME.apply(s, 0, "play 9S take=4S+5C")
    assert len(GAME.view(s, 2).seats[2].notes) == len(GAME.view(s, 0).seats[0].notes)
    assert "9S" in s.piles[0] and len(s.piles) == 2


def test_first_to_61_wins_the_higher_if_both_and_a_tie_plays_on_decision_11():
    s = table([["3C"], ["4D"]], ["KS"], stock=[], last_capturer=0, scores=[60, 60])
    GAME.apply(s, 0, "play 3C")
    GAME.apply(s, 1, "play 4D")
    assert s.over and GAME.outcome(s).winners == [0]


def test_target_101_option():
    s = table([["3C"], ["4D"]], ["KS"], stock=[], last_capturer=0, scores=[60, 0], options={"target": 101})
    GAME.apply(s, 0, "play 3C")
    GAME.apply(s, 1, "play 4D")
    assert not s.over and s.hand_no == 2


# --- the table message --------------------------------------------------------------------------

def test_the_table_shows_declarations_with_value_cards_owner_and_group_tag_clarification_14():
    s = table([["9S", "10S"], ["KH"]], ["KD"], [(9, [["4D", "5D"]], 1), (8, [["4C", "4H"], ["8D"]], 0, "group")],
              xeris=[0])
    view = GAME.view(s, 1)
    names = [p.name for p in view.piles]
    assert "Declaration of 9 (b1) — {p1}'s" in names and "Group of 8s (b2) — {p0}'s" in names
    decl = next(p for p in view.piles if p.name.startswith("Declaration"))
    assert sorted(decl.cards) == ["4D", "5D"] and decl.owner == 1
    assert "bound: keeps a card of 8" in view.seats[0].notes
    captures = next(p for p in view.piles if p.name.endswith("captures") and p.owner == 0)
    assert captures.cards == ["AS"] and captures.count == len(s.piles[0])


def test_moves_labels_fit_the_suggested_moves_menu():
    s = table([["2C", "9S", "5H", "10S"], ["KH"]], ["9C", "KD", "3H", "2D", "4S"], [(7, [["3S", "4D"]], 1)])
    for m in GAME.moves(s, 0):
        assert len(GAME.describe(s, 0, m)[-1][1]) <= 100
        assert GAME.refuse(s, 0, Move.parse(str(m))) is None


# --- composed moves (Build a move, Type move) ---------------------------------------------------

def bravo():
    return table([["2C", "9S", "7H"], ["KH"]], ["9C", "7S", "KD"], [(7, [["3S", "4D"]], 1)])


def test_targets_are_the_loose_cards_and_the_declarations():
    s = bravo()
    ids = [i for i, _ in GAME.targets(s, 0, "2C")]
    assert ids == ["7S", "9C", "KD", "b1"]
    assert "Declaration of 7 (b1) — {p1}'s" in [label for _, label in GAME.targets(s, 0, "2C")]


def test_compose_reads_a_selection_every_legal_way():
    s = bravo()
    assert [str(m) for m in GAME.compose(s, 0, "2C", ["9C", "b1"])] == ["play 2C group=9 with=9C+b1"]
    assert [str(m) for m in GAME.compose(s, 0, "2C", ["7S"])] == ["play 2C declare=9 with=7S"]
    assert [str(m) for m in GAME.compose(s, 0, "2C", ["b1"])] == ["play 2C raise=b1"]


def test_why_not_composed_says_what_is_wrong():
    s = bravo()
    assert GAME.why_not_composed(s, 0, "7H", ["b1"]) == "A declaration is worth at most 10; 7♥ would make it 14."
    assert GAME.why_not_composed(s, 0, "9S", ["b1", "KD"]) == "9♠ can only take a declaration of its own value."


def test_preview_names_the_card_to_keep():
    s = bravo()
    move = GAME.compose(s, 0, "2C", ["9C", "b1"])[0]
    assert GAME.preview(s, 0, move) == ("Play 2♣: group of 9s with 9♣ and the declaration of 7. "
                                        "You must keep a card of value 9.")


def test_typed_moves_take_declare_raise_group_and_lay():
    s = bravo()
    assert str(GAME.parse_typed(s, 0, "2C group 9 b1 9C")) == "play 2C group=9 with=9C+b1"
    assert str(GAME.parse_typed(s, 0, "2c declare 9 7s")) == "play 2C declare=9 with=7S"
    assert str(GAME.parse_typed(s, 0, "2C raise b1")) == "play 2C raise=b1"
    assert str(GAME.parse_typed(s, 0, "7H")) == "play 7H"
    assert str(GAME.parse_typed(s, 0, "9S take 9C")) == "play 9S take=9C"
    for bad, reason in (("hello", "Type a card"), ("2C group b1", "Say the value"),
                        ("9S take 9C+b1", "its own value")):
        try:
            GAME.parse_typed(s, 0, bad)
        except Exception as e:   # IllegalMove
            assert reason in str(e), (bad, str(e))
        else:
            raise AssertionError(bad)
    assert GAME.typed_example(s, 0).startswith("e.g. 2C")


def test_two_or_four_players_and_four_without_partnerships_play_alone():
    with pytest.raises(BadOption):
        GAME.start(3, {}, 1)
    assert len(GAME.start(4, {}, 1).piles) == 2
    assert len(GAME.start(4, {"partnerships": False}, 1).piles) == 4
