"""Piles on a fishing table (games/common/piles.py): kinds, obligations, the partition validator."""

import random
import time
from itertools import product

import pytest

from games.common.piles import (
    MULTIPLE,
    PAIRING,
    SINGLE,
    LayWhenStuck,
    Pile,
    build_kind,
    build_unions,
    keeps_capturer,
    may_trail,
    named_items,
    next_pile_id,
    partition,
    reserved_cards,
    table_cards,
    take_from_table,
)
from games.engine import IllegalMove


def pip(code):
    r = code[:-1]
    return {"A": 1, "J": None, "Q": None, "K": None}.get(r, None) if not r.isdigit() else int(r)


def test_partition_splits_every_item_into_sets_of_the_value():
    found = partition([2, 6, 4, 4], 8, min_sets=2)
    assert sorted(sorted(g) for g in found) == [[0, 1], [2, 3]]


def test_partition_refuses_when_an_item_is_left_over_or_too_big():
    assert partition([2, 6, 4], 8) is None
    assert partition([9, 1], 8) is None
    assert partition([9, 9, 6, 3, 3], 10) is None   # 30 = 3 × 10, but no split exists


def test_partition_needs_at_least_k_sets():
    assert partition([4, 4], 8, min_sets=2) is None
    assert partition([4, 4], 4, min_sets=2) == [[0], [1]]


def test_partition_min_size_forbids_lone_items():
    """Capture sets need two or more cards: a lone 8 is not a set adding to 8."""
    assert partition([8, 3, 5], 8, min_size=2) is None
    assert partition([8, 3, 5], 8) is not None


def test_partition_court_cards_and_empty_never_fit():
    assert partition([None, 8], 8) is None
    assert partition([], 8) is None
    assert partition([0, 8], 8) is None


def brute_force_splits(values, target, min_size):
    """Whether some assignment of the items to sets works, trying them all (small inputs)."""
    n = len(values)
    k = sum(values) // target if sum(values) % target == 0 else 0
    if not k:
        return False
    for labels in product(range(k), repeat=n):
        groups = [[values[i] for i in range(n) if labels[i] == g] for g in range(k)]
        if all(sum(g) == target and len(g) >= min_size for g in groups):
            return True
    return False


def test_partition_agrees_with_trying_every_split():
    """Exact: on random small inputs it finds a split exactly when one exists."""
    rng = random.Random(5)
    for _ in range(300):
        target = rng.randint(4, 10)
        values = [rng.randint(1, target) for _ in range(rng.randint(1, 7))]
        min_size = rng.choice((1, 2))
        found = partition(values, target, min_size=min_size)
        assert (found is not None) == brute_force_splits(values, target, min_size), (values, target)
        if found:
            assert sorted(i for g in found for i in g) == list(range(len(values)))
            assert all(sum(values[i] for i in g) == target and len(g) >= min_size for g in found)


def test_partition_atoms_are_items_with_their_value():
    """An existing build of 9 is one item worth 9 next to loose 4 and 5."""
    assert partition([9, 4, 5], 9, min_sets=2) is not None


def test_partition_is_fast_on_big_tables():
    rng = random.Random(3)
    worst = 0.0
    for _ in range(200):
        values = [rng.randint(1, 10) for _ in range(16)]
        t = time.perf_counter()
        partition(values, 10)
        worst = max(worst, time.perf_counter() - t)
    assert worst < 1.0


def test_build_kind_names_pairing_single_and_multiple():
    assert build_kind([["8S"], ["8H"]]) == PAIRING
    assert build_kind([["4S", "5H"]]) == SINGLE
    assert build_kind([["4S", "5H"], ["9C"]]) == MULTIPLE


def test_pile_round_trips_as_data():
    pile = Pile("b1", 9, [["4S", "5H"], ["9C"]], 1)
    assert Pile.from_data(pile.to_data()) == pile
    assert pile.cards == ["4S", "5H", "9C"] and pile.kind == MULTIPLE
    assert next_pile_id([pile.to_data()]) == "b2"


def test_reserved_card_is_the_only_card_of_an_owned_value():
    assert reserved_cards(["9C", "3H", "KS"], [9], pip) == {"9C": 9}
    assert reserved_cards(["9C", "9H"], [9], pip) == {}


def test_keeps_capturer_checks_the_hand_after_the_play():
    assert keeps_capturer(["3H", "8D"], "3H", 8, pip)
    assert not keeps_capturer(["8H", "3D"], "8H", 8, pip)


def test_may_trail_only_without_a_pile_unless_allowed():
    assert may_trail(False, False) and may_trail(True, True) and not may_trail(True, False)


def test_build_unions_lists_the_loose_cards_a_card_builds_with():
    # 3 played towards 7: with the 4 (one set), the 4 and the lone 7 (two sets), 2 + 2, ...
    loose = [4, 7, 2, 2, None, 5]
    unions = build_unions(3, loose, 7)
    assert (0,) in unions and (0, 1) in unions and (2, 3) in unions and (1,) not in unions
    assert (5,) not in unions and (0, 3, 5) in unions    # 5 only with a 2: 3+4 and 5+2
    assert all(4 not in u for u in unions)
    assert build_unions(7, [7], 7) == [(0,)]
    assert build_unions(7, [7], 7, need_loose=False) == [(), (0,)]


def test_named_items_reads_loose_cards_and_piles_in_table_order_and_refuses_the_rest():
    """Cassino's builds and Diloti's declarations are named one way: card codes in any case or order,
    pile ids; an item that is neither, or one named twice, is refused in the game's own words."""
    table, piles = ["3C", "5H", "9S"], [{"id": "b1"}, {"id": "b2"}]
    words = {"unknown": lambda item: f"unknown {item}", "repeated": lambda: "twice"}
    assert named_items(["9s", "B2", "3C"], table, piles, **words) == (("3C", "9S"), ("b2",))
    assert named_items([], table, piles, **words) == ((), ())
    with pytest.raises(IllegalMove, match="unknown 4D"):
        named_items(["4D"], table, piles, **words)
    with pytest.raises(IllegalMove, match="unknown b3"):
        named_items(["b3"], table, piles, **words)
    with pytest.raises(IllegalMove, match="twice"):
        named_items(["3C", "3c"], table, piles, **words)


def test_a_capture_takes_its_loose_cards_and_piles_off_the_table_and_gets_every_card_of_them():
    """Cassino's and Diloti's captures move cards one way: loose ones first, then each pile's sets."""
    table = ["2C", "3D", "5H"]
    piles = [Pile("b1", 5, [["2H", "3S"], ["5C"]], 0).to_data(), Pile("b2", 9, [["4C", "5S"]], 1).to_data()]
    assert table_cards(table, piles) == ["2C", "3D", "5H", "2H", "3S", "5C", "4C", "5S"]
    taken, taken_piles = take_from_table(table, piles, ["2C", "3D"], ["b1"])
    assert taken == ["2C", "3D", "2H", "3S", "5C"]
    assert [p["id"] for p in taken_piles] == ["b1"]
    assert table == ["5H"] and [p["id"] for p in piles] == ["b2"]


def test_a_bound_player_without_any_move_may_lay_any_card_and_only_then():
    """Cassino's and Diloti's safeguard, one implementation: the regular moves while there are any (a
    lay among them only when legal), else every card laid; a wrong form is refused either way."""
    from types import SimpleNamespace

    from games.engine import Move

    class Stuck(LayWhenStuck):
        lay_action = "lay"
        regular: list = []

        def _regular_moves(self, s, seat):
            return list(self.regular)

        def read(self, s, seat, move):
            if move.kind != "play":
                raise IllegalMove("not a play")
            return SimpleNamespace(action="take" if move.params else "lay")

        def _fault(self, s, seat, play):
            return "you are bound" if play.action == "lay" else None

    game, s = Stuck(), SimpleNamespace(over=False, turn=0, hands=[["2C", "KD"]])
    lay = Move("play", ("KD",))
    assert game.moves(s, 0) == [Move("play", ("2C",)), lay]
    assert game.refuse(s, 0, lay) is None
    assert game.refuse(s, 0, Move("pass", ())) == "not a play"
    assert game.moves(s, 1) == []
    game.regular = [Move("play", ("2C",), (("take", "2H"),))]
    assert game.moves(s, 0) == game.regular
    assert game.refuse(s, 0, lay) == "you are bound"
