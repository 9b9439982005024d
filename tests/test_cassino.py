"""Cassino: the rules in shared/rules/cassino.md, one rule per test (decisions and clarifications named)."""

from collections import Counter

import pytest

from games import cards as C
from games.cassino import GAME, CassinoState, table_key
from games.common.piles import Pile
from games.engine import IllegalMove, Move
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck())


def table(hands, loose=(), builds=(), *, stock=None, piles=None, turn=0, dealer=1, scores=None, options=None,
          last_capturer=-1, sweeps=()):
    """A state with these hands, loose cards and builds ((value, sets, owner) each). Every other card
    goes to the stock, or, when ``stock`` is given, into the capture piles alternately."""
    s: CassinoState = GAME.start(2, options or {}, 7)
    piles = [list(p) for p in (piles or ([], []))]
    s.builds = [Pile(f"b{i + 1}", v, [list(g) for g in sets], owner).to_data()
                for i, (v, sets, owner) in enumerate(builds)]
    held = ({c for h in hands for c in h} | set(loose) | {c for b in s.builds for g in b["sets"] for c in g}
            | {c for p in piles for c in p} | set(stock or ()))
    rest = [c for c in C.french_deck() if c not in held]
    if stock is None:
        stock = rest
    else:
        piles[0] += rest[::2]
        piles[1] += rest[1::2]
    s.hands = [list(h) for h in hands]
    s.table = sorted(loose, key=table_key)
    s.stock = list(stock)
    s.piles = piles
    s.turn, s.dealer, s.last_capturer = turn, dealer, last_capturer
    s.sweeps = list(sweeps)
    s.sweep_cards = ["AS"] * len(sweeps)
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def legal(s, seat=0):
    return {str(m) for m in GAME.moves(s, seat)}


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


# --- the deal -----------------------------------------------------------------------------------

def test_deal_four_each_and_four_to_the_table_and_the_non_dealer_starts():
    s = GAME.start(2, {}, 3)
    assert [len(h) for h in s.hands] == [4, 4] and len(s.table) == 4 and len(s.stock) == 40
    assert GAME.to_move(s) == {1 - s.dealer}


def test_refill_four_each_when_both_hands_are_empty_and_the_table_gets_none():
    s = table([["KC"], []], ["5H"], turn=0)
    GAME.apply(s, 0, "play KC")
    assert [len(h) for h in s.hands] == [4, 4] and sorted(s.table) == ["5H", "KC"]


def test_last_deal_is_announced_and_shown_on_the_table():
    s = table([["KC"], []], ["5H"], stock=["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"])
    events = GAME.apply(s, 0, "play KC")
    assert any("Last deal" in e.text for e in events)
    assert any("Last deal" in f for f in GAME.view(s, 0).facts)


# --- capturing ----------------------------------------------------------------------------------

def test_pairing_takes_all_cards_of_the_rank_or_none_clarification_4():
    s = table([["9S", "KC"], ["2C"]], ["9H", "9D", "5C", "4S"])
    assert "play 9S take=4S+5C+9H+9D" in legal(s)
    assert "play 9S take=4S+5C" in legal(s)           # the loose 9s may stay
    assert "play 9S take=9H+9D" in legal(s)
    assert "all the loose cards of its rank" in refused(s, 0, "play 9S take=9H")


def test_one_card_takes_several_sets_adding_up_at_once_decision_1():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D", "6C", "3S", "AS"])
    GAME.apply(s, 0, "play 9S take=3S+4D+5H+6C")
    assert s.table == ["AS"] and {"3S", "4D", "5H", "6C", "9S"} <= set(s.piles[0])


def test_sets_that_do_not_add_up_are_refused_with_the_reason():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D", "6C", "AS"])
    assert "do not split" in refused(s, 0, "play 9S take=4D+5H+6C")


def test_face_cards_only_pair_and_take_all_of_their_rank_decision_2():
    s = table([["KS", "2C"], ["3C"]], ["KH", "KD", "5C"])
    assert {m for m in legal(s) if m.startswith("play KS")} == {"play KS take=KH+KD"}


def test_face_capture_one_option_takes_one_court_card_at_a_time():
    s = table([["KS", "2C"], ["3C"]], ["KH", "KD", "5C"], options={"face_capture": "one"})
    assert {m for m in legal(s) if m.startswith("play KS")} == {"play KS take=KH", "play KS take=KD"}
    assert "only one" in refused(s, 0, "play KS take=KD+KH")


def test_a_build_is_taken_only_as_a_unit_by_its_value():
    s = table([["9S", "8C"], ["2C"]], [], [(9, [["4H", "5D"]], 1)])
    assert "play 9S take=b1" in legal(s)
    assert "own value" in refused(s, 0, "play 8C take=b1")
    assert "neither" in refused(s, 0, "play 9S take=4H")


def test_a_sweep_clears_loose_cards_and_builds():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D"], [(9, [["6H", "3D"]], 1)])
    events = GAME.apply(s, 0, "play 9S take=4D+5H+b1")
    assert s.sweeps == [0] and any("Sweep" in e.text for e in events)


def test_a_capture_leaving_cards_is_no_sweep():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D", "QS"])
    GAME.apply(s, 0, "play 9S take=4D+5H")
    assert s.sweeps == []


# --- building -----------------------------------------------------------------------------------

def test_build_needs_a_card_to_capture_it_kept_in_hand():
    s = table([["3H", "8D"], ["2C"]], ["5C"])
    assert "play 3H build=8 with=5C" in legal(s)
    s = table([["3H", "9D"], ["2C"]], ["5C"])
    assert "keep another card" in refused(s, 0, "play 3H build=8 with=5C")


def test_forming_a_multiple_build_at_once_clarification_5():
    """3♥ onto 4♦, together with a loose 7♠, is building sevens (two sets)."""
    s = table([["3H", "7D"], ["2C"]], ["4D", "7S"])
    GAME.apply(s, 0, "play 3H build=7 with=4D+7S")
    (pile,) = GAME.piles_of(s)
    assert pile.value == 7 and pile.kind == "multiple" and pile.owner == 0 and s.table == []


def test_a_new_build_needs_a_loose_card_and_no_court_cards_clarification_5():
    s = table([["3H", "7D", "4C"], ["2C"]], ["JS", "4D"])
    assert "Court cards" in refused(s, 0, "play 3H build=7 with=JS")
    assert "neither" in refused(s, 0, "play 3H build=7 with=4C")


def test_pairing_build_takes_only_more_of_its_rank_clarification_6():
    s = table([["8H", "3C", "8S"], ["2C"]], ["5D"], [(8, [["8D"], ["8C"]], 1)])
    assert "play 8H build=8 with=b1" in legal(s)
    assert "pairing build" in refused(s, 0, "play 3C build=8 with=5D+b1")


def test_addition_build_takes_any_set_of_its_value_clarification_6():
    s = table([["3C", "8S"], ["2C"]], ["5D", "8H"], [(8, [["6D", "2H"]], 1)])
    assert "play 3C build=8 with=5D+8H+b1" in legal(s)
    GAME.apply(s, 0, "play 3C build=8 with=5D+b1")
    (pile,) = GAME.piles_of(s)
    assert pile.kind == "multiple" and pile.owner == 0 and len(pile.cards) == 4


def test_one_build_per_value_a_new_set_joins_the_existing_build_clarification_7():
    s = table([["3C", "8S"], ["2C"]], ["5D"], [(8, [["6D", "2H"]], 1)])
    assert "already a build of 8" in refused(s, 0, "play 3C build=8 with=5D")


def test_a_player_may_own_builds_of_different_values_clarification_7():
    s = table([["3C", "8S", "9H", "4D"], ["2C", "KC"]], ["5D", "5S"], [(8, [["6D", "2H"]], 0)])
    assert "play 4D build=9 with=5S" in legal(s)


def test_adding_is_open_to_both_players_and_takes_ownership_clarifications_8_9():
    s = table([["3C", "8S"], ["2C"]], ["5D"], [(8, [["6D", "2H"]], 1)])
    GAME.apply(s, 0, "play 3C build=8 with=5D+b1")
    assert GAME.piles_of(s)[0].owner == 0


def test_increasing_a_single_build_with_one_hand_card_decision_3b():
    s = table([["2H", "9C"], ["2C"]], [], [(7, [["3D", "4S"]], 1)])
    GAME.apply(s, 0, "play 2H build=9 with=b1")
    (pile,) = GAME.piles_of(s)
    assert pile.value == 9 and pile.owner == 0 and pile.kind == "single"


def test_multiple_and_pairing_builds_cannot_be_increased_decision_3b():
    s = table([["2H", "9C"], ["2C"]], [], [(7, [["3D", "4S"], ["7H"]], 1)])
    assert "one group" in refused(s, 0, "play 2H build=9 with=b1")
    s = table([["AH", "6C"], ["2C"]], [], [(5, [["5D"], ["5S"]], 1)])
    assert "one group" in refused(s, 0, "play AH build=6 with=b1")


def test_increasing_builds_option_off_forbids_it():
    s = table([["2H", "9C"], ["2C"]], [], [(7, [["3D", "4S"]], 1)], options={"increasing_builds": False})
    assert "may not be increased" in refused(s, 0, "play 2H build=9 with=b1")


def test_increase_needs_the_new_value_in_hand_and_at_most_ten():
    s = table([["4H", "9C"], ["2C"]], [], [(7, [["3D", "4S"]], 1)])
    assert "1 to 10" in refused(s, 0, "play 4H build=11 with=b1")
    s = table([["2H", "8C"], ["2C"]], [], [(7, [["3D", "4S"]], 1)])
    assert "keep another card" in refused(s, 0, "play 2H build=9 with=b1")


# --- obligations --------------------------------------------------------------------------------

def test_no_trailing_while_owning_a_build_decision_4():
    s = table([["KH", "8C"], ["2C"]], ["5D"], [(8, [["6D", "2H"]], 0)])
    assert "play KH" not in legal(s)
    assert "own a build" in refused(s, 0, "play KH")


def test_trail_with_build_option_allows_it_decision_4():
    s = table([["KH", "8C"], ["2C"]], ["5D"], [(8, [["6D", "2H"]], 0)], options={"trail_with_build": True})
    assert "play KH" in legal(s)


def test_trailing_is_judged_card_by_card_clarification_3():
    """A card that captures nothing may be trailed though another card could capture."""
    s = table([["KH", "9C"], ["2C"]], ["5D", "4S"])
    assert "play KH" in legal(s)
    assert "may not be trailed" in refused(s, 0, "play 9C")


def test_the_reserved_card_may_only_capture_its_build_clarifications_5_and_10():
    s = table([["8C", "3H"], ["2C"]], ["8H", "5S"], [(8, [["6D", "2H"]], 0)])
    moves = {m for m in legal(s) if m.startswith("play 8C")}
    assert moves == {"play 8C take=8H+b1", "play 8C take=b1"}
    assert "only card you hold" in refused(s, 0, "play 8C take=8H")


def test_with_two_cards_of_the_value_either_may_be_used_freely_clarification_10():
    s = table([["8C", "8S"], ["2C"]], ["8H"], [(8, [["6D", "2H"]], 0)])
    assert "play 8C take=8H" in legal(s)


def test_only_the_owner_is_bound_clarification_9():
    """After the opponent adds to a build, the previous owner may trail again."""
    s = table([["3C", "8S"], ["KH", "8D", "QC"]], ["5D"], [(8, [["6D", "2H"]], 1)])
    GAME.apply(s, 0, "play 3C build=8 with=5D+b1")
    assert "play KH" in legal(s, 1)


# --- end of the hand and scoring --------------------------------------------------------------

def test_last_capturer_takes_the_rest_and_it_is_not_a_sweep():
    s = table([["KC"], ["QC"]], ["5D"], stock=[], last_capturer=1, turn=0, scores=[0, 30])
    GAME.apply(s, 0, "play KC")
    GAME.apply(s, 1, "play QC")
    assert s.over and {"5D", "KC", "QC"} <= set(s.piles[1]) and s.sweeps == []


def test_last_take_of_the_hand_that_clears_the_table_is_a_sweep():
    s = table([["9S"], ["QC"]], ["4D", "5H"], stock=[], turn=0)
    GAME.apply(s, 0, "play 9S take=4D+5H")
    assert s.sweeps == [0]


def test_nobody_captured_the_rest_counts_for_nobody_clarification_11():
    s = table([["KC"], ["QC"]], ["5D"], stock=[], turn=0, options={"target": 11}, scores=[0, 0])
    GAME.apply(s, 0, "play KC")
    GAME.apply(s, 1, "play QC")
    assert s.hand_no == 2   # next hand dealt; the rest went to nobody


def test_scoring_categories_in_order():
    s = table([[], []], [])
    s.piles = [["10D", "2S", "AS", "AH", "3S", "4S"], ["5H"]]
    s.sweeps = [1]
    awards = GAME.hand_awards(s)
    assert [(seat, points) for seat, points, _ in awards] == [(1, 1), (0, 2), (0, 1), (0, 1), (0, 2), (0, 3)]


def test_sweeps_option_off_scores_no_sweep():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D"], options={"sweeps": False})
    GAME.apply(s, 0, "play 9S take=4D+5H")
    assert s.sweeps == []


def test_most_cards_tie_scores_nothing():
    s = table([[], []], [])
    s.piles = [["5H", "6H"], ["5D", "6D"]]
    assert all("most cards" not in str(reason) for _, _, reason in GAME.hand_awards(s))


def test_target_checked_after_the_hand_higher_total_wins_clarification_2():
    s = table([["KC"], ["QC"]], [], stock=[], turn=0, scores=[20, 19], last_capturer=0)
    s.piles = [s.piles[0] + ["AS", "AH"], s.piles[1] + ["10D", "2S"]]
    GAME.apply(s, 0, "play KC")
    GAME.apply(s, 1, "play QC")
    assert s.over and GAME.outcome(s).winners == [max(range(2), key=lambda i: s.scores[i])]


def test_a_tie_at_the_target_plays_another_hand_decision_6():
    courts = ["KS", "KH", "KD", "QS", "QH", "QD"]
    loose = [c for c in C.french_deck() if c not in courts + ["KC", "QC"]]
    s = table([["KC"], ["QC"]], loose, piles=[courts[:3], courts[3:]], stock=[], turn=0, scores=[25, 25])
    GAME.apply(s, 0, "play KC")
    GAME.apply(s, 1, "play QC")
    assert not s.over and s.hand_no == 2


def test_target_option_11():
    s = GAME.start(2, {"target": 11}, 1)
    assert GAME.options_of(s).target == 11


def test_the_dealer_alternates_decision_7():
    s = table([["KC"], ["QC"]], ["5D"], stock=[], turn=0, dealer=1)
    GAME.apply(s, 0, "play KC")
    GAME.apply(s, 1, "play QC")
    assert s.dealer == 0 and s.turn == 1


# --- the table message -------------------------------------------------------------------------

def test_table_shows_each_build_with_value_kind_and_owner_clarification_12():
    s = table([["3C", "8S"], ["2C"]], ["5D"], [(8, [["6D", "2H"]], 1), (5, [["5H"], ["5S"]], 0)])
    names = [p.name for p in GAME.view(s, 0).piles]
    assert "Build of 8 — {p1}'s" in names and "Pairing build of 5 — {p0}'s" in names


def test_captured_piles_stay_hidden_clarification_12():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D", "QS"])
    GAME.apply(s, 0, "play 9S take=4D+5H")
    pile = next(p for p in GAME.view(s, 1).piles if p.owner == 0 and "captures" in p.name)
    assert pile.cards == [] and pile.count == len(s.piles[0])


def test_menu_labels_read_well_and_stay_short():
    s = table([["9S", "3H", "8D"], ["2C"]], ["5H", "4D", "5C", "9H"], [(8, [["6D", "2H"]], 1)])
    for choice in GAME.prompt(s, 0).choices:
        assert all(len(label) <= 100 for _, label in choice.path)
    labels = {str(c.path[1][1]) for c in GAME.prompt(s, 0).choices}
    assert {"take 4♦, 5♥ and 9♥", "add to the build of 8 with 5♣", "take the build of 8",
            "trail it (put it on the table)"} <= labels


@pytest.mark.parametrize("bad", ["bid 3", "play 9S take=ZZ", "play 9S build=x with=5H",
                                 "play 9S build=9", "play 9S take=5H+5H"])
def test_malformed_moves_are_refused_with_a_message(bad):
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D"])
    assert refused(s, 0, Move.parse(bad))


# --- moves built in two steps or typed (the bot's P7/P8 input) ------------------------------

def test_targets_list_loose_cards_and_builds_with_their_labels():
    s = table([["3C", "8S"], ["2C"]], ["5D"], [(8, [["6D", "2H"]], 1)])
    assert GAME.targets(s, 0, "3C") == [("5D", "5♦"), ("b1", "Build of 8 — {p1}'s")]
    assert GAME.targets(s, 1, "2C") is None            # not that seat's turn


def test_compose_gives_every_legal_reading_of_a_selection():
    """5♥ + 4♦ with a 9: a capture; with a build of 9 held back too, a build reading appears."""
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D"])
    assert [str(m) for m in GAME.compose(s, 0, "9S", ["4D", "5H"])] == ["play 9S take=4D+5H"]
    s = table([["5H", "9S", "9C"], ["2C"]], ["4D"])
    assert [str(m) for m in GAME.compose(s, 0, "5H", ["4D"])] == ["play 5H build=9 with=4D"]
    s = table([["8S", "8C"], ["2C"]], ["8H"])
    assert {str(m) for m in GAME.compose(s, 0, "8S", ["8H"])} == {"play 8S take=8H", "play 8S build=8 with=8H"}
    s = table([["KC", "8C"], ["2C"]], ["5D"])
    assert [str(m) for m in GAME.compose(s, 0, "KC", [])] == ["play KC"]
    assert GAME.compose(s, 0, "8C", ["5D"]) == []


def test_compose_agrees_with_the_suggested_moves():
    s = table([["9S", "3H", "8D"], ["2C"]], ["5H", "4D", "5C", "9H"], [(8, [["6D", "2H"]], 1)])
    for move in GAME.moves(s, 0):
        items = (move.param("take") or move.param("with") or "").split("+")
        assert move in GAME.compose(s, 0, move.args[0], [i for i in items if i])


def test_why_not_composed_says_what_is_wrong():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D", "6C"])
    assert "do not split" in GAME.why_not_composed(s, 0, "9S", ["4D", "5H", "6C"])
    assert "keep another card" in GAME.why_not_composed(s, 0, "KC", ["5H"]) or "Court" in GAME.why_not_composed(
        s, 0, "KC", ["5H"])
    s = table([["3C", "9S"], ["2C"]], ["5H"])
    assert "keep another card of value 8" in GAME.why_not_composed(s, 0, "3C", ["5H"])
    assert "may not be trailed" in GAME.why_not_composed(s, 0, "9S", []) or GAME.compose(s, 0, "9S", [])


def test_preview_says_what_the_move_does():
    s = table([["3H", "8D"], ["2C"]], ["5C", "KS"])
    assert GAME.preview(s, 0, Move.parse("play 3H build=8 with=5C")) == "3♥ builds 8 with 5♣; you keep 8♦."
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D"], [(9, [["6H", "3D"]], 1)])
    assert GAME.preview(s, 0, Move.parse("play 9S take=4D+5H+b1")) == "9♠ takes 4♦, 5♥ and the build of 9: a sweep!"


def test_parse_typed_reads_the_short_grammar():
    s = table([["5H", "9S", "7C", "KC"], ["2C"]], ["4D", "5C", "2D"], [(9, [["6H", "3D"]], 1)])
    assert str(GAME.parse_typed(s, 0, "9S take 9 4D+5C")) == "play 9S take=4D+5C+b1"
    with pytest.raises(IllegalMove, match="several ways"):
        GAME.parse_typed(s, 0, "7c build 9")       # with 2♦, or with 2♦ and 4♦ + 5♣
    assert str(GAME.parse_typed(s, 0, "7c build 9 2d 4d 5c 9")) == "play 7C build=9 with=2D+4D+5C+b1"
    assert str(GAME.parse_typed(s, 0, "KC")) == "play KC"
    with pytest.raises(IllegalMove, match="do not split"):
        GAME.parse_typed(s, 0, "9S take 4D+2D")
    with pytest.raises(IllegalMove, match="no build of 8"):
        GAME.parse_typed(s, 0, "9S take 8")
    with pytest.raises(IllegalMove, match="Start with the card"):
        GAME.parse_typed(s, 0, "take 9")
    s = table([["7C", "9S"], ["2C"]], ["2D", "KS"])
    assert str(GAME.parse_typed(s, 0, "7c build 9")) == "play 7C build=9 with=2D"


def test_typed_example_fits_the_table_and_parses():
    s = table([["9S", "KC"], ["2C"]], ["5H", "4D"])
    example = GAME.typed_example(s, 0)
    assert example == "9S take 4D+5H"
    assert GAME.parse_typed(s, 0, example) in GAME.moves(s, 0)
    assert GAME.typed_example(s, 1) is None


def test_a_freak_crowded_table_keeps_the_move_list_bounded_and_legal():
    """Fourteen small loose cards: the suggested moves stay a bounded list of legal moves."""
    loose = ["AH", "AD", "2S", "2H", "3S", "3H", "4S", "4H", "5S", "5H", "6S", "6H", "7S", "7H"]
    s = table([["AS", "10S", "9H", "8C"], ["2C"]], loose)
    moves = GAME.moves(s, 0)
    assert 0 < len(moves) < 2000
    assert all(GAME.refuse(s, 0, m) is None for m in moves[::25])
