"""The three-card Brag ranking of shared/rules/stop_the_bus.md (decision 1 and the clarifications)."""

import itertools

import pytest

from games import cards as C
from games.common import brag
from games.common.brag import FLUSH, HIGH_CARD, PAIR, PRIAL, RUN, RUNNING_FLUSH


def h(text):
    return text.split()


# --- every category -----------------------------------------------------------------------------

CATEGORIES = [
    ("3S 3H 3D", PRIAL, "prial of threes"),
    ("AS AH AD", PRIAL, "prial of aces"),
    ("2S 2H 2C", PRIAL, "prial of twos"),
    ("AH 2H 3H", RUNNING_FLUSH, "running flush A-2-3"),
    ("QS KS AS", RUNNING_FLUSH, "running flush A-K-Q"),
    ("4D 3D 2D", RUNNING_FLUSH, "running flush 4-3-2"),
    ("AH 2S 3H", RUN, "run A-2-3"),
    ("JC 10D 9C", RUN, "run J-10-9"),
    ("2S 3D 4H", RUN, "run 4-3-2"),
    ("KH 9H 4H", FLUSH, "flush K-9-4"),
    ("AC 2C 4C", FLUSH, "flush A-4-2"),
    ("7S 7D AH", PAIR, "pair of sevens, ace kicker"),
    ("AS AD 2H", PAIR, "pair of aces, two kicker"),
    ("6S 6H 5C", PAIR, "pair of sixes, five kicker"),
    ("AH JS 4D", HIGH_CARD, "high card A-J-4"),
    ("KS AH 2D", HIGH_CARD, "high card A-K-2"),
    ("5S 3H 2D", HIGH_CARD, "high card 5-3-2"),
]


@pytest.mark.parametrize(("hand", "category", "name"), CATEGORIES)
def test_every_category_is_recognised_and_named(hand, category, name):
    assert brag.category(h(hand)) == category
    assert brag.describe(h(hand)) == name


# --- the order, from the best hand down ---------------------------------------------------------

# Each hand beats the next one (standard ranking); the list crosses every category border
# and the tricky orders inside them.
DESCENDING = [
    "3S 3H 3D",     # prial of threes: the best hand
    "AS AH AD",     # then aces
    "KS KH KD",
    "4S 4H 4D",
    "2S 2H 2D",     # the lowest prial still beats every running flush
    "AH 2H 3H",     # A-2-3 is the best running flush
    "AS KS QS",     # then A-K-Q
    "KD QD JD",
    "4C 3C 2C",     # 4-3-2 the lowest running flush, still above any run
    "AH 2S 3D",     # A-2-3 the best run
    "AS KH QD",
    "KS QH JD",
    "5S 4H 3D",
    "4S 3H 2D",     # the lowest run beats every flush
    "AS KS JS",     # best flush
    "AS KS 10S",    # compare the middle card
    "AS KS 9S",
    "AH QH JH",
    "KD QD 10D",
    "5C 3C 2C",     # lowest flush beats every pair
    "AS AH KD",     # best pair: aces, king kicker
    "AS AH 2D",     # aces with a lower odd card
    "KS KH AD",     # a lower pair loses whatever its odd card
    "KS KH 2D",
    "2S 2H AD",
    "2S 2H 3D",     # the lowest pair beats every high-card hand
    "AS KH JD",     # best high card (A-K-Q would be a run)
    "AS KH 10D",
    "KS AH 2D",     # K-A-2 is no run: just ace high, then king, then two
    "AS QH JD",
    "KS QH 10D",
    "5S 4H 2D",
    "5S 3H 2D",     # the worst hand
]


def test_hands_rank_from_the_best_down():
    keys = [brag.key(h(x)) for x in DESCENDING]
    for better, worse, kb, kw in zip(DESCENDING, DESCENDING[1:], keys, keys[1:], strict=False):
        assert kb > kw, f"{better} should beat {worse}"


PAIRS_OF_ORDER = [
    # (better, worse, rule)
    ("3C 3D 3H", "AC AD AH", "a prial of threes beats a prial of aces"),
    ("2C 2D 2H", "AS 2S 3S", "any prial beats any running flush"),
    ("AS 2S 3S", "AS KS QS", "running flush A-2-3 is above A-K-Q"),
    ("AS 2H 3D", "AS KH QD", "run A-2-3 is above A-K-Q"),
    ("QS KH AD", "JS QH KD", "A-K-Q is above K-Q-J, in any order of the cards"),
    ("2H 3C 4D", "KH AC 2D", "K-A-2 is not a run: 4-3-2 beats it"),
    ("9H 8H 7H", "AH 2D 3C", "a running flush beats the best run"),
    ("4S 3H 2D", "AS KS JS", "a run beats the best flush"),
    ("JC 7C 2C", "AH AS KD", "a flush beats the best pair"),
    ("AH KH 3H", "AH QH JH", "flushes compare the highest card first, then the middle"),
    ("AH KH 4H", "AD KD 3D", "… then the lowest"),
    ("AS AC 5D", "AH AD 4C", "equal pairs compare the odd card"),
    ("QS QC 2D", "JH JD AC", "pairs compare the pair before the odd card"),
    ("2S 2C 3D", "AH KD JC", "a pair beats the best high card"),
    ("AS 9H 8D", "KS QH 10D", "an ace-high hand beats king-high"),
    ("KS 10H 3D", "KH 9D 8C", "high cards compare the middle card on equal highest"),
]


@pytest.mark.parametrize(("better", "worse", "rule"), PAIRS_OF_ORDER)
def test_rule_orders(better, worse, rule):
    assert brag.key(h(better)) > brag.key(h(worse)), rule


TIES = [
    ("AS KH 9D", "AH KD 9C", "high cards of the same ranks"),
    ("7S 7H 2D", "7C 7D 2S", "the same pair and odd card"),
    ("AS 2S 3S", "AH 2H 3H", "running flushes of the same ranks"),
    ("KS 9S 4S", "KD 9D 4D", "flushes of the same ranks: suits never rank"),
    ("QS JH 10D", "QC JD 10H", "runs of the same ranks"),
]


@pytest.mark.parametrize(("one", "other", "rule"), TIES)
def test_suits_never_rank_so_equal_ranks_tie(one, other, rule):
    assert brag.key(h(one)) == brag.key(h(other)), rule


# --- variants -------------------------------------------------------------------------------------

VARIANT_ORDERS = [
    ("aces_top", "AC AD AH", "3C 3D 3H", "A-A-A is the top prial"),
    ("aces_top", "3C 3D 3H", "2C 2D 2H", "3-3-3 falls back between 4-4-4 and 2-2-2"),
    ("aces_top", "4C 4D 4H", "3C 3D 3H", "…below 4-4-4"),
    ("aces_top", "AS 2H 3D", "AS KH QD", "A-2-3 stays the best run"),
    ("poker", "AC AD AH", "3C 3D 3H", "A-A-A is the top prial"),
    ("poker", "AS KH QD", "AS 2H 3D", "A-2-3 is the lowest run"),
    ("poker", "4S 3H 2D", "AS 2H 3D", "…below 4-3-2"),
    ("poker", "AS 2H 3D", "AS KS JS", "but still a run, above any flush"),
    ("poker", "4S 3S 2S", "AS 2S 3S", "A-2-3 is the lowest running flush too"),
    ("standard", "3C 3D 3H", "AC AD AH", "the standard game keeps 3-3-3 on top"),
]


@pytest.mark.parametrize(("variant", "better", "worse", "rule"), VARIANT_ORDERS)
def test_variants(variant, better, worse, rule):
    assert brag.key(h(better), variant) > brag.key(h(worse), variant), rule


def test_variant_names_still_describe_the_hand():
    assert brag.describe(h("AS 2H 3D"), "poker") == "run A-2-3"
    assert brag.describe(h("3S 3H 3D"), "aces_top") == "prial of threes"


# --- the whole pack ----------------------------------------------------------------------------

def test_category_counts_over_every_three_card_hand():
    """Every one of the 22,100 hands falls in exactly one category, in the known numbers."""
    counts = {}
    for hand in itertools.combinations(C.french_deck(), 3):
        cat = brag.category(hand)
        counts[cat] = counts.get(cat, 0) + 1
    assert counts == {PRIAL: 52, RUNNING_FLUSH: 48, RUN: 720, FLUSH: 1096, PAIR: 3744, HIGH_CARD: 16440}


def test_key_is_a_total_order_consistent_with_categories():
    hands = [h(x) for x in DESCENDING]
    for a in hands:
        for b in hands:
            ka, kb = brag.key(a), brag.key(b)
            if ka[0] != kb[0]:
                assert (ka > kb) == (ka[0] > kb[0])


def test_best_and_worst_find_every_tied_hand():
    hands = [h("AS KH 9D"), h("2S 2H 3D"), h("AH KD 9C"), h("5S 3H 2D"), h("5C 3D 2H")]
    assert brag.best(hands) == [1]
    assert brag.worst(hands) == [3, 4]


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="three cards"):
        brag.key(h("AS KS"))
    with pytest.raises(ValueError, match="variant"):
        brag.key(h("AS KS QS"), "nonsense")
    with pytest.raises(ValueError, match="jokers"):
        brag.key(["AS", "KS", "JKR"])
