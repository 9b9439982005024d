"""The melds block (games/common/melds.py): sets and sequences under each game's rules as data."""

from __future__ import annotations

import pytest

from games.common import melds as M

PLAIN = M.MeldRules()                                   # 3–4 of a kind, runs of 3+, ace low
SEVENS = M.MeldRules(waiver=7)                          # Seven Rummy
HIGH = M.MeldRules(ace_high=True)
CANASTA = M.MeldRules(max_set=None, sequences=False, wild_ranks=frozenset({0, 2}), max_wild=3, min_natural=2)


@pytest.mark.parametrize(("cards", "kinds"), [
    (["5S", "5H", "5D"], ["set"]),
    (["5S", "5H", "5D", "5C"], ["set"]),
    (["5S", "5H"], []),
    (["4C", "5C", "6C"], ["seq"]),
    (["AC", "2C", "3C"], ["seq"]),
    (["4C", "5C", "7C"], []),
    (["4C", "5D", "6C"], []),
    (["QC", "KC", "AC"], []),          # aces are low only
])
def test_plain_sets_and_sequences(cards, kinds) -> None:
    """Three or four of a rank, three or more in a row of one suit, aces low."""
    assert M.kinds(cards, PLAIN) == kinds


def test_ace_high_sequences_when_the_rules_allow_without_wrapping() -> None:
    assert M.kinds(["QC", "KC", "AC"], HIGH) == ["seq"]
    assert M.kinds(["KC", "AC", "2C"], HIGH) == []
    assert M.ordered("seq", ["AC", "QC", "KC"], HIGH) == ["QC", "KC", "AC"]


@pytest.mark.parametrize(("cards", "kinds"), [
    (["7H"], ["set", "seq"]),          # a lone 7 reads both ways: the game asks which
    (["7H", "7S"], ["set"]),           # two 7s are a set
    (["6D", "7D"], ["seq"]),
    (["7D", "8D"], ["seq"]),
    (["6D", "8D"], []),
    (["5S", "5H"], []),                # no 7: the usual minimum
    (["7S", "7H", "7D", "7C"], ["set"]),
])
def test_a_seven_waives_the_minimum_length(cards, kinds) -> None:
    assert M.kinds(cards, SEVENS) == kinds


def test_sets_hold_at_most_four_unless_unlimited() -> None:
    five = ["5S", "5H", "5D", "5C", "5S.1"]
    assert not M.is_set(five, PLAIN)
    assert M.is_set(five, CANASTA)


def test_wild_quota_and_naturals_of_a_canasta_style_set() -> None:
    """Wild cards within the quota, at least two naturals; no sequences in such a game."""
    assert M.is_set(["9S", "9H", "2C"], CANASTA)
    assert not M.is_set(["9S", "2H", "2C"], CANASTA)            # one natural
    assert not M.is_set(["9S", "9H", "9D", "2H", "2C", "JKR", "2D"], CANASTA)   # four wild
    assert not M.is_sequence(["4C", "5C", "6C"], CANASTA)


def test_lay_offs_onto_a_set_and_both_ends_of_a_sequence() -> None:
    seq = {"kind": "seq", "cards": ["5C", "6C", "7C"], "owner": 1}
    hand = ["3C", "4C", "8C", "9C", "KH"]
    offs = set(M.lay_offs(hand, seq, PLAIN))
    assert {("4C",), ("8C",), ("3C", "4C"), ("4C", "8C"), ("8C", "9C"), ("3C", "4C", "8C", "9C")} <= offs
    assert ("3C",) not in offs and ("9C",) not in offs
    full = {"kind": "set", "cards": ["5S", "5H", "5D"], "owner": 0}
    assert M.lay_offs(["5C", "KH"], full, PLAIN) == [("5C",)]
    assert M.lay_offs(["5C"], full, PLAIN, keep=1) == []       # a card must stay for the discard


def test_a_lone_seven_grows_as_its_declared_kind() -> None:
    as_seq = {"kind": "seq", "cards": ["7H"], "owner": 0}
    as_set = {"kind": "set", "cards": ["7H"], "owner": 0}
    hand = ["6H", "8H", "7S"]
    assert set(M.lay_offs(hand, as_seq, SEVENS)) == {("6H",), ("8H",), ("6H", "8H")}
    assert M.lay_offs(hand, as_set, SEVENS) == [("7S",)]


def test_new_melds_from_a_hand_keep_a_card() -> None:
    hand = ["5S", "5H", "5D", "6D", "7D", "KC"]
    found = set(M.new_melds(hand, SEVENS, keep=1))
    assert ("set", ("5S", "5H", "5D")) in found
    assert ("seq", ("5D", "6D", "7D")) in found
    assert ("seq", ("6D", "7D")) in found and ("seq", ("7D",)) in found and ("set", ("7D",)) in found
    assert not any(len(cards) > 5 for _, cards in found)
    assert M.new_melds(["5S", "5H", "5D"], SEVENS, keep=1) == []


def test_deadwood_points_with_a_value_map() -> None:
    """Court cards 10, aces 1, others their pips; a map overrides ranks (Seven Rummy's 7 = 20)."""
    assert M.deadwood(["AS", "9H", "KD", "QC", "JC"]) == 1 + 9 + 30
    assert M.deadwood(["7S", "2H"], {7: 20}) == 22


CANASTA_7 = M.MeldRules(max_set=None, sequences=False, wild_ranks=frozenset({0, 2}), max_wild=3, min_natural=2,
                        canasta=7, closing=frozenset({"3S", "3C"}))


def test_canastas_natural_and_mixed_from_seven_cards() -> None:
    """Seven or more cards of a rank make a canasta: natural without wild cards, mixed with them."""
    natural = ["9S", "9H", "9D", "9C", "9S.1", "9H.1", "9D.1"]
    assert M.canasta_kind(natural, CANASTA_7) == M.NATURAL
    assert M.canasta_kind([*natural[:5], "2C", "JKR"], CANASTA_7) == M.MIXED
    assert M.canasta_kind(natural[:6], CANASTA_7) is None
    assert M.canastas([natural, natural[:4]], CANASTA_7) == [M.NATURAL]


def test_closing_cards_meld_only_among_themselves() -> None:
    """Black 3s: three or four, no wild card, never in an ordinary set."""
    assert M.is_closing_set(["3S", "3C", "3S.1"], CANASTA_7)
    assert not M.is_closing_set(["3S", "3C", "2D"], CANASTA_7)
    assert not M.is_closing_set(["3S", "3C"], CANASTA_7)
    assert not M.is_set(["3S", "3C", "3S.1"], CANASTA_7)
    assert M.is_set(["3H", "3D", "3H.1"], M.MeldRules(max_set=None, sequences=False))


def test_opening_minimum_by_score() -> None:
    table = ((-10**9, 15), (0, 50), (1500, 90), (3000, 120))
    assert [M.opening_minimum(x, table) for x in (-5, 0, 1499, 1500, 2999, 3000, 7000)] == [15, 50, 50, 90, 90,
                                                                                            120, 120]


def test_numbered_minimum_by_the_hands_number_the_last_entry_holds_after() -> None:
    assert [M.numbered_minimum(n, (50, 90, 120, 150)) for n in range(1, 7)] == [50, 90, 120, 150, 150, 150]


def test_way_out_melds_the_hand_and_needs_the_canastas() -> None:
    """The going-out checker: whole hand onto melds and new sets, one card may be discarded, canastas counted."""
    melds = {9: ["9S", "9H", "9D", "9C", "9S.1", "2C"]}
    assert M.way_out(["9H.1", "KS", "KH", "2D", "5C"], melds, CANASTA_7) is not None
    assert M.way_out(["9H.1", "KS", "KH", "2D", "5C"], melds, CANASTA_7, may_discard=False) is None
    assert M.way_out(["KS", "KH", "2D", "5C"], melds, CANASTA_7) is None          # no canasta
    assert M.way_out(["9H.1", "KS", "5C", "6C"], melds, CANASTA_7) is None        # two loose cards
    assert M.way_out(["9H.1", "3S", "3C", "3S.1"], melds, CANASTA_7, may_discard=False) == [(9, ["9H.1"]),
                                                                                        (-1, ["3S", "3C", "3S.1"])]
    assert M.way_out(["9H.1", "KS", "KH"], melds, CANASTA_7, canastas_needed=2) is None


SIZED = M.MeldRules(min_set=3, max_set=7, sequences=False, wild_ranks=frozenset({0, 2}), max_wild=2, min_natural=2,
                    canasta=7, wild_by_size=((5, 1), (7, 2)), tame_ranks=frozenset({5}), all_wild=True,
                    barred=frozenset({"3S"}))


def test_wild_quota_by_size_tame_ranks_wild_sets_and_barred_cards() -> None:
    """Triple Play's shape of rules: one wild card up to five cards, two in six or seven; a tame rank takes none;
    wild cards alone make a set (a wild canasta at seven); barred cards never meld."""
    assert M.is_set(["KS", "KH", "2C"], SIZED) and not M.is_set(["KS", "KH", "2C", "2D"], SIZED)
    assert not M.is_set(["KS", "KH", "KD", "2C", "2D"], SIZED)
    assert M.is_set(["KS", "KH", "KD", "KC", "2C", "2D"], SIZED)
    assert not M.is_set(["5S", "5H", "2C"], SIZED) and M.is_set(["5S", "5H", "5D"], SIZED)
    assert M.is_set(["2C", "2D", "2H"], SIZED) and M.canasta_kind(["2C"] * 7, SIZED) == M.WILD
    assert not M.is_set(["3S", "3S.1", "3S.2"], SIZED)


def test_way_out_with_the_callers_test_and_barred_cards_loose() -> None:
    """`way_out` asks the caller's ``enough`` about the resulting sets; a barred card can only be the discard."""
    hand = ["9S", "9H", "9D", "3S"]
    assert M.way_out(hand, {}, SIZED, enough=lambda sets: True) == [(9, ["9S", "9H", "9D"])]
    assert M.way_out(hand, {}, SIZED, enough=lambda sets: any(len(s) == 7 for s in sets)) is None
    assert M.way_out(hand, {}, SIZED, may_discard=False, enough=lambda sets: True) is None
