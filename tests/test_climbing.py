"""The shared climbing engine (games/common/climbing.py): classifier, comparator, legal-play
generator, round controller and prompt paths, for Thirteen, Big Two and Dou Dizhu.

Cards are written as codes; in Dou Dizhu only ranks matter, so its cases use whatever suits.
A reading is written ``kind@top``: the kind and the highest card (Thirteen, Big Two) or rank
(Dou Dizhu) of its main part."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games import cards as C
from games.common import climbing as K
from games.common.climbing import (
    RANK_LABELS,
    ClimbState,
    Combo,
    beats,
    big_two_rules,
    canonical,
    card_label,
    classify,
    combo_move,
    dou_dizhu_rules,
    move_readings,
    plays,
    prompt_paths,
    step_on,
    thirteen_rules,
)
from games.engine import Choice, Move, Prompt

T = thirteen_rules()
T_TWOS = thirteen_rules("twos")
T_STD = thirteen_rules("standard")
B = big_two_rules()
B_TWOS = big_two_rules(straight_order="twos_high")
B_RANK = big_two_rules(flush_order="rank")
D = dou_dizhu_rules()
D_RELAXED = dou_dizhu_rules("relaxed")
D_QPAIR = dou_dizhu_rules(quad_pair_kickers=True)
D_RELAXED_QPAIR = dou_dizhu_rules("relaxed", quad_pair_kickers=True)

# A compact way to write Dou Dizhu hands by rank: "333 4 JKB" → codes with suits filled in.
_SUIT_CYCLE = "SHDC"


def ranks(text: str) -> list[str]:
    """``"3334 10 10 JKR"`` → four 3s-and-4 codes etc.: each rank symbol becomes a card,
    suits taken in turn so a rank's cards differ. Tokens: 3-9, 0 (ten), J Q K A 2, B R (jokers)."""
    used: dict[str, int] = {}
    out = []
    for ch in text.replace(" ", ""):
        if ch == "B":
            out.append("JKB")
            continue
        if ch == "R":
            out.append("JKR")
            continue
        rank = "10" if ch == "0" else ch
        n = used.get(rank, 0)
        used[rank] = n + 1
        out.append(rank + _SUIT_CYCLE[n])
    return out


def reads(rules, cards) -> set[str]:
    codes = cards.split() if isinstance(cards, str) else cards
    out = set()
    for c in classify(rules, codes):
        top = card_label(c.main[-1]) if rules.suits else RANK_LABELS[c.top]
        out.add(f"{c.kind}@{top}")
    return out


def combo(rules, cards: str, kind: str | None = None, top: str | None = None) -> Combo:
    """One reading: Thirteen and Big Two cards as codes, Dou Dizhu cards by rank (see `ranks`)."""
    codes = cards.split() if rules.suits else ranks(cards)
    found = [c for c in classify(rules, codes) if kind is None or c.kind == kind]
    if top is not None:
        found = [c for c in found if RANK_LABELS[c.top] == top]
    assert len(found) == 1, f"{cards} as {kind}: {found}"
    return found[0]


# --- Thirteen: classification -------------------------------------------------------------------

THIRTEEN_CASES = [
    # singles, pairs, triples, four of a kind (rule: the standard combinations, decision 1)
    ("3S", {"single@3♠"}),
    ("2H", {"single@2♥"}),
    ("3S 3H", {"pair@3♥"}),
    ("3C 3D", {"pair@3♦"}),
    ("2S 2C", {"pair@2♣"}),
    ("3S 3H 3D", {"triple@3♥"}),
    ("2S 2H 2D", {"triple@2♥"}),
    ("3S 3H 3D 3C", {"quad@3♥"}),
    ("2S 2H 2D 2C", {"quad@2♥"}),
    ("AS AH AD AC", {"quad@A♥"}),
    ("3S 4S", set()),
    ("3S 3H 4S", set()),
    ("3S 3H 3D 4S", set()),                 # no kickers in Thirteen
    ("3S 3H 4S 4H", set()),                 # two pairs in a row are too few
    ("3S 3H 3D 4S 4H", set()),              # no full houses
    # sequences: 3 or more, no 2s, ace high only
    ("3S 4S 5S", {"straight@5♠"}),
    ("3S 4H 5D", {"straight@5♦"}),
    ("5H 3S 4C", {"straight@5♥"}),
    ("3S 4H 5D 6C", {"straight@6♣"}),
    ("9S 10H JD QC KS", {"straight@K♠"}),
    ("QS KS AS", {"straight@A♠"}),
    ("JC QD KH AS", {"straight@A♠"}),
    ("KS AS 2S", set()),
    ("AS 2S 3S", set()),
    ("2S 3S 4S", set()),
    ("QS KS AS 2S", set()),
    ("3S 4S 6S", set()),
    ("3S 5S 7S", set()),
    ("3S 4S 5S 5H", set()),
    ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", {"straight@A♠"}),
    ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S", set()),
    ("4S 5S 6S 7S 8S 9S 10S JS QS KS AS", {"straight@A♠"}),
    # double sequences (three or more consecutive pairs): chops
    ("3S 3H 4S 4H 5S 5H", {"pairs@5♥"}),
    ("3S 3C 4D 4H 5S 5C", {"pairs@5♣"}),
    ("QS QH KS KH AS AH", {"pairs@A♥"}),
    ("KS KH AS AH 2S 2H", set()),           # no 2s in a double sequence (clarification)
    ("AS AH 2S 2H 3S 3H", set()),
    ("3S 3H 4S 4H 6S 6H", set()),
    ("3S 3H 4S 4H 5S 5H 6S 6H", {"pairs@6♥"}),
    ("3S 3H 4S 4H 5S 5H 6S 6H 7S 7H", {"pairs@7♥"}),
    ("3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8D 8C", {"pairs@8♦"}),
    ("3S 3H 3D 4S 4H 4D", set()),           # no runs of trips
    ("3S 3H 4S 4H 5S", set()),
    ("3S 3H 4S 5S 5H", set()),
    # two decks: copies are different cards; the second deck's copy is higher (decision 7)
    ("5H 5H.1", {"pair@5♥²"}),
    ("5S 5H 5H.1", {"triple@5♥²"}),
    ("5S 5H.1 5H 5D", {"quad@5♥²"}),
    ("5S 5H 5D 5C 5S.1", set()),
    ("3S 3S.1 4S", set()),
    ("3S 4S 5S.1", {"straight@5♠²"}),
    ("3S 3S.1 4H 4H.1 5C 5D", {"pairs@5♦"}),
    ("3S 3S.1 4H 4H.1 5D 5D.1", {"pairs@5♦²"}),
]


@pytest.mark.parametrize(("cards", "expected"), THIRTEEN_CASES)
def test_thirteen_classifier(cards, expected):
    assert reads(T, cards) == expected


# --- Big Two: classification -------------------------------------------------------------------

BIG_TWO_CASES = [
    # singles, pairs, trips, five-card hands (decision 1: four categories)
    ("3D", {"single@3♦"}),
    ("2S", {"single@2♠"}),
    ("3D 3S", {"pair@3♠"}),
    ("KC KH", {"pair@K♥"}),
    ("3D 3C 3H", {"triple@3♥"}),
    ("3D 3C 3H 3S", set()),                   # four of a kind needs a fifth card
    ("3D 4C 5H", set()),                      # no three-card runs
    ("3D 3C 4D 4C 5D 5C", set()),             # no runs of pairs
    ("3D 4C 5H 6S", set()),
    # straights: 2 below 3, ace high or low but not both
    ("3D 4C 5H 6S 7D", {"straight@7♦"}),
    ("AS 2S 3D 4H 5C", {"straight@2♠"}),
    ("2S 3D 4H 5C 6S", {"straight@2♠"}),
    ("10S JD QH KC AS", {"straight@A♠"}),
    ("9S 10D JH QC KS", {"straight@K♠"}),
    ("JS QD KH AC 2S", set()),                # 2-A-K-Q-J is no straight
    ("KS AD 2H 3C 4S", set()),                # 4-3-2-A-K is no straight
    ("QS KD AH 2C 3S", set()),
    ("3D 4C 5H 6S 8D", set()),
    ("3D 4C 5H 6S 7D 8C", set()),             # six cards are nothing
    # flushes, full houses, four of a kind, straight flushes: only the highest category
    ("3S 5S 7S 9S JS", {"flush@J♠"}),
    ("3D 5D 7D 9D 2D", {"flush@2♦"}),
    ("3S 4S 5S 6S 7S", {"straightflush@7♠"}),
    ("AH 2H 3H 4H 5H", {"straightflush@2♥"}),
    ("10S JS QS KS AS", {"straightflush@A♠"}),   # the royal flush
    ("3D 3C 3H 5S 5H", {"fullhouse@3♥"}),
    ("QD QC QH 9S 9H", {"fullhouse@Q♥"}),
    ("2D 2C 2H AS AH", {"fullhouse@2♥"}),
    ("3D 3C 3H 3S 5H", {"fourkind@3♠"}),
    ("5D 5C 5H 5S 2H", {"fourkind@5♠"}),
    ("3D 3C 5H 5S 7H", set()),                # two pairs are no combination
    ("3D 3C 3H 5S 7H", set()),                # nor trips with two odd cards
    ("3D 3C 5H 6S 7H", set()),
]


@pytest.mark.parametrize(("cards", "expected"), BIG_TWO_CASES)
def test_big_two_classifier(cards, expected):
    assert reads(B, cards) == expected


# --- Dou Dizhu: classification ------------------------------------------------------------------

DOU_DIZHU_CASES = [
    # singles, pairs, trips, bomb, rocket
    ("3", {"single@3"}), ("2", {"single@2"}), ("B", {"single@Black 🃏"}), ("R", {"single@Red 🃏"}),
    ("33", {"pair@3"}), ("22", {"pair@2"}), ("BR", {"rocket@Red 🃏"}),
    ("34", set()), ("2B", set()),
    ("333", {"triple@3"}), ("222", {"triple@2"}),
    ("3333", {"bomb@3"}), ("2222", {"bomb@2"}),
    # straights of 5 to 12, 3 to A
    ("34567", {"straight@7"}), ("0JQKA", {"straight@A"}), ("3456789", {"straight@9"}),
    ("3456789 0JQKA", {"straight@A"}), ("3456", set()), ("JQKA2", set()), ("A2345", set()),
    ("34568", set()), ("3456B", set()), ("345677", set()),
    # consecutive pairs (3 or more) and trips (2 or more), never with 2s
    ("334455", {"pairs@5"}), ("QQKKAA", {"pairs@A"}), ("3344", set()), ("KKAA22", set()),
    ("3344556677889900JJ", {"pairs@J"}), ("3344556677889900JJQQ", {"pairs@Q"}),
    ("334466", set()),
    ("333444", {"plane@4"}), ("KKKAAA", {"plane@A"}), ("AAA222", set()), ("333555", set()),
    ("333444555666777888", {"plane@8"}),
    # trips + a single / a pair
    ("3334", {"trio1@3"}), ("333R", {"trio1@3"}), ("2223", {"trio1@2"}), ("3332", {"trio1@3"}),
    ("33344", {"trio2@3"}), ("33322", {"trio2@3"}), ("222AA", {"trio2@2"}),
    ("333BR", set()),                         # jokers are no pair
    ("3334 5", set()),
    # airplanes with one single per trip, of different ranks (text: 3-3-3-4-4-4-9-J)
    ("333444 9J", {"plane1@4"}), ("333444 99", set()), ("333444 2R", {"plane1@4"}),
    ("333444 BR", set()),                     # not both jokers as kickers
    ("333444 35", set()),                     # a kicker may not share a trip's rank (decision 3)
    ("333444555 79J", {"plane1@5"}), ("333444555 779", set()),
    ("333444555666 7890", {"plane1@6"}),
    ("333444555666777 890JQ", {"plane1@7"}),
    ("333555 79", set()), ("AAA222 34", set()), ("KKKAAA 34", {"plane1@A"}),
    ("333444 5", set()), ("333444 567", set()),
    # airplanes with one pair per trip (the text's slip read as 444-555 + 77 QQ)
    ("444555 77QQ", {"plane2@5"}), ("333444 5577", {"plane2@4"}), ("333444 5555", set()),
    ("333444 55 BR", set()), ("333444555 667788", {"plane2@5"}), ("333444 22AA", {"plane2@4"}),
    ("333444 557", set()),
    # four of a kind + two singles / two pairs
    ("3333 57", {"quad1@3"}), ("3333 55", set()), ("3333 2R", {"quad1@3"}), ("3333 BR", set()),
    ("3333 5577", {"quad2@3"}), ("3333 5555", set()), ("2222 AAKK", {"quad2@2"}), ("3333 557", set()),
    ("33334444", set()),
    # strict rules keep every reading unique
    ("333444555666", {"plane@6"}),
    ("44445555", set()),
]


@pytest.mark.parametrize(("cards", "expected"), DOU_DIZHU_CASES)
def test_dou_dizhu_classifier(cards, expected):
    codes = ranks(cards)
    if len(codes) > 20:
        expected = set()
    assert reads(D, codes) == expected


RELAXED_CASES = [
    # relaxed kickers (option): kickers may repeat a rank or share the trips' ranks
    ("333444 99", {"plane1@4"}),
    ("333444 35", {"plane1@4"}),
    ("333444 5555", {"plane2@4"}),
    ("3333", {"bomb@3"}),                                   # clarification: a bare quad is only a bomb
    ("3333 55", set()),                                     # quad_kickers=distinct holds under relaxed too
    ("3333 5555", set()),                                   # clarification: two pairs of two ranks
    ("44445555", {"plane1@5"}),                             # clarification: only the airplane with wings
    ("333444555666", {"plane@6", "plane1@5", "plane1@6"}),  # the decision's example
    ("333444 BR", set()),                                   # still not both jokers
    ("333444 55 BR", set()),
    ("3333 BR", set()),
    ("333444555 666", {"plane@6", "plane1@5", "plane1@6"}),
]


@pytest.mark.parametrize(("cards", "expected"), RELAXED_CASES)
def test_dou_dizhu_relaxed_kickers_give_every_reading(cards, expected):
    assert reads(D_RELAXED, ranks(cards)) == expected


def test_dou_dizhu_quad_with_a_pair_as_its_two_singles_is_an_option():
    assert reads(D, ranks("3333 55")) == set()
    assert reads(D_QPAIR, ranks("3333 55")) == {"quad1@3"}
    assert reads(D_QPAIR, ranks("3333 BR")) == set()


# Every combination of the two kicker options (kickers, quad_kickers): each option does what its
# help says whatever the other is set to, and the clarifications hold in all four.
KICKER_OPTIONS = {("strict", "distinct"): D, ("strict", "pair_ok"): D_QPAIR,
                  ("relaxed", "distinct"): D_RELAXED, ("relaxed", "pair_ok"): D_RELAXED_QPAIR}
KICKER_OPTION_CASES = [
    # clarification: a bare quad is always and only a bomb (never trips + single)
    ("3333", {"all": {"bomb@3"}}),
    # clarification: quad + two pairs needs pairs of two different ranks, both other than the quad's
    ("44445555", {"strict": set(), "relaxed": {"plane1@5"}}),
    ("3333 5577", {"all": {"quad2@3"}}),
    ("3333 5555", {"all": set()}),
    # quad_kickers: distinct singles, or a pair as the two singles; never both jokers
    ("3333 57", {"all": {"quad1@3"}}),
    ("3333 55", {"distinct": set(), "pair_ok": {"quad1@3"}}),
    ("3333 BR", {"all": set()}),
    # kickers: an airplane's wings may repeat or share the trips' ranks only under relaxed
    ("333444 55", {"strict": set(), "relaxed": {"plane1@4"}}),
    ("333444 35", {"strict": set(), "relaxed": {"plane1@4"}}),
    ("333444 57", {"all": {"plane1@4"}}),
]


@pytest.mark.parametrize(("kickers", "quad_kickers"), list(KICKER_OPTIONS))
@pytest.mark.parametrize(("cards", "expected"), KICKER_OPTION_CASES)
def test_dou_dizhu_each_kicker_option_holds_whatever_the_other_is_set_to(kickers, quad_kickers, cards, expected):
    want = expected.get("all", expected.get(kickers, expected.get(quad_kickers)))
    assert reads(KICKER_OPTIONS[(kickers, quad_kickers)], ranks(cards)) == want


def test_every_reading_keeps_the_cards_in_power_order():
    for rules, text in [(T, "5H 3S 4C"), (B, "AS 5C 3D 2S 4H"), (D, "9J333444")]:
        codes = text.split() if " " in text else ranks(text)
        for c in classify(rules, codes):
            assert list(c.cards) == sorted(codes, key=rules.power.__getitem__)


# --- systematic tables ------------------------------------------------------------------------------

_SEQ_TEXT = ["A 2 3 4 5", "2 3 4 5 6", "3 4 5 6 7", "4 5 6 7 8", "5 6 7 8 9", "6 7 8 9 10", "7 8 9 10 J",
             "8 9 10 J Q", "9 10 J Q K", "10 J Q K A"]


def _mixed(ranks_text: str, suits: str = "DCHSD") -> str:
    return " ".join(r + s for r, s in zip(ranks_text.split(), suits, strict=False))


@pytest.mark.parametrize("seq", _SEQ_TEXT)
def test_big_two_every_sequence_with_the_ace_high_or_low_is_a_straight(seq):
    assert {r.split("@")[0] for r in reads(B, _mixed(seq))} == {"straight"}
    assert {r.split("@")[0] for r in reads(B, _mixed(seq, "HHHHH"))} == {"straightflush"}


@pytest.mark.parametrize("seq", ["J Q K A 2", "Q K A 2 3", "K A 2 3 4", "A 2 3 4 6", "2 3 4 5 7"])
def test_big_two_sequences_that_wrap_past_the_2_are_nothing(seq):
    assert reads(B, _mixed(seq)) == set()
    assert {r.split("@")[0] for r in reads(B, _mixed(seq, "HHHHH"))} == {"flush"}


@pytest.mark.parametrize(("low", "high"), list(combinations(range(10), 2)))
def test_big_two_straights_rank_by_the_sequence_top_a_2_3_4_5_lowest(low, high):
    lo, hi = combo(B, _mixed(_SEQ_TEXT[low])), combo(B, _mixed(_SEQ_TEXT[high]))
    assert beats(B, hi, lo) and not beats(B, lo, hi)


@pytest.mark.parametrize(("a", "b"), [(x, y) for x in "SCDH" for y in "SCDH"])
def test_thirteen_suit_tie_breaks_spades_clubs_diamonds_hearts(a, b):
    order = "SCDH"
    assert beats(T, combo(T, f"9{a}"), combo(T, f"9{b}")) is (order.index(a) > order.index(b))
    pair_a, pair_b = f"9{a} 9{'S' if a != 'S' else 'C'}", f"9{b} 9{'S' if b != 'S' else 'C'}"
    top = {p: max(p.split(), key=T.power.__getitem__) for p in (pair_a, pair_b)}
    expected = T.power[top[pair_a]] > T.power[top[pair_b]]
    assert beats(T, combo(T, pair_a), combo(T, pair_b)) is expected


@pytest.mark.parametrize(("a", "b"), [(x, y) for x in "DCHS" for y in "DCHS"])
def test_big_two_suit_tie_breaks_diamonds_clubs_hearts_spades(a, b):
    order = "DCHS"
    assert beats(B, combo(B, f"9{a}"), combo(B, f"9{b}")) is (order.index(a) > order.index(b))


_AIRPLANE_RUNS = ["333444", "444555666", "555666777888", "666777888999000", "999000JJJ", "JJJQQQKKKAAA"]
_FILLERS = "3456789J0QKA2"


def _wings(run: str, n: int, kind: str) -> str:
    used = set(run)
    free = [r for r in _FILLERS if r not in used]
    picked = free[:n]
    return "".join(r * (2 if kind == "pairs" else 1) for r in picked)


@pytest.mark.parametrize("run", _AIRPLANE_RUNS)
def test_dou_dizhu_airplanes_bare_with_single_wings_and_with_pair_wings(run):
    n = len(run) // 3
    top = RANK_LABELS[max(K.rank_index(c) for c in ranks(run))]
    assert reads(D, ranks(run)) == {f"plane@{top}"}
    singles, pairs = _wings(run, n, "singles"), _wings(run, n, "pairs")
    if len(run) + len(singles) <= 20:
        assert reads(D, ranks(run + singles)) == {f"plane1@{top}"}
    if len(run) + len(pairs) <= 20:
        assert reads(D, ranks(run + pairs)) == {f"plane2@{top}"}
    same = run + "2" * n                              # one rank for every wing
    if 1 < n <= 4 and len(same) <= 20:
        assert reads(D, ranks(same)) == set(), "wings must be different ranks"
    mixed = run + singles[:n - 1] + pairs[-2:]        # singles and a pair mixed
    if len(mixed) <= 20 and len(mixed) % 4 and len(mixed) % 5:
        assert reads(D, ranks(mixed)) == set()
    short = run + singles[:n - 1]
    assert not {r for r in reads(D, ranks(short)) if r.startswith("plane")}, "one wing per trip"


@pytest.mark.parametrize("rank", list("3456789JQKA2"))
def test_dou_dizhu_trips_with_each_kind_of_kicker(rank):
    other = "4" if rank == "3" else "3"
    assert reads(D, ranks(rank * 3 + other)) == {f"trio1@{rank}"}
    assert reads(D, ranks(rank * 3 + other * 2)) == {f"trio2@{rank}"}
    assert reads(D, ranks(rank * 3 + "R")) == {f"trio1@{rank}"}
    assert reads(D, ranks(rank * 3 + "BR")) == set()
    assert reads(D, ranks(rank * 4 + other + "R")) == {f"quad1@{rank}"}
    assert reads(D, ranks(rank * 4)) == {f"bomb@{rank}"}


# --- comparing ------------------------------------------------------------------------------------

def _beats(rules, play, table):
    p = combo(rules, *play) if isinstance(play, tuple) else combo(rules, play)
    t = combo(rules, *table) if isinstance(table, tuple) else combo(rules, table)
    return beats(rules, p, t)


THIRTEEN_BEATS = [
    # higher of the same type, by the highest card, suits breaking ties (♠ < ♣ < ♦ < ♥)
    ("6C", "6S", True), ("6S", "6C", False), ("6H", "6D", True), ("7S", "6H", True), ("6H", "7S", False),
    ("2H", "2D", True), ("2S", "AH", True), ("3S", "3S", False),
    ("4S 4C", "3S 3H", True),                 # the text's example
    ("3C 3D", "3S 3H", False),                # 3♦ is below 3♥
    ("3S 3H", "3C 3D", True),
    ("5S 5H 5D", "4S 4H 4D", True), ("4S 4C 4D", "5S 5C 5H", False),
    ("5S 5C", "5S 5C 5D", False),             # a pair is not a triple
    ("4S 5S 6S", "3S 4S 5S", True), ("4S 5S 6S 7S", "3S 4S 5S", False),   # same length only
    ("3D 4D 5H", "3S 4S 5D", True), ("3H 4H 5S", "3S 4S 5D", False),
    ("9S 10S JS QS", "8H 9H 10H JH", True),
    ("JS QS KS AS", "JH QH KH AH", False),
    # chops, text rules: over anything that is not a chop; a chop only by a higher one of its kind
    ("3S 3H 3D 3C", "2H", True), ("3S 3H 3D 3C", "5S", True), ("3S 3H 3D 3C", "2S 2H", True),
    ("3S 3H 3D 3C", "4S 5S 6S", True), ("3S 3H 4S 4H 5S 5H", "2H", True),
    ("3S 3H 4S 4H 5S 5H", "KS KH KD", True),
    ("4S 4H 4D 4C", "3S 3H 3D 3C", True), ("3S 3H 3D 3C", "4S 4H 4D 4C", False),
    ("3S 3H 3D 3C", "3S 3H 4S 4H 5S 5H", False), ("4S 4H 5S 5H 6S 6H", "3S 3H 3D 3C", False),
    ("4S 4H 5S 5H 6S 6H", "3S 3H 4C 4D 5C 5D", True), ("3C 3D 4C 4D 5C 5D", "3S 3H 4S 4H 5S 5H", False),
    ("3S 3H 4S 4H 5S 5H 6S 6H", "3C 3D 4C 4D 5C 5D", False),   # a longer run is another kind of chop
    ("2S 2C", "3S 3H 3D 3C", False), ("2H", "3S 3H 4S 4H 5S 5H", False),
]


@pytest.mark.parametrize(("play", "table", "expected"), THIRTEEN_BEATS)
def test_thirteen_comparator_text_chops(play, table, expected):
    assert _beats(T, play, table) is expected


CHOP_OPTIONS = [
    # "twos": chops beat only sets of 2s (and smaller chops of their own kind)
    (T_TWOS, "3S 3H 3D 3C", "5S", False), (T_TWOS, "3S 3H 3D 3C", "2S", True),
    (T_TWOS, "3S 3H 3D 3C", "2S 2H", True), (T_TWOS, "3S 3H 4S 4H 5S 5H", "2S 2H 2D", True),
    (T_TWOS, "3S 3H 4S 4H 5S 5H", "AS AH", False), (T_TWOS, "4S 4H 4D 4C", "3S 3H 3D 3C", True),
    # "standard" ladder (decision 2)
    (T_STD, "3S 3H 3D 3C", "2S", True), (T_STD, "3S 3H 3D 3C", "2S 2H", False),
    (T_STD, "3S 3H 3D 3C", "5S", False), (T_STD, "3S 3H 4S 4H 5S 5H", "2H", True),
    (T_STD, "3S 3H 4S 4H 5S 5H", "2S 2H", False), (T_STD, "3S 3H 4S 4H 5S 5H 6S 6H", "2S 2H", True),
    (T_STD, "3S 3H 4S 4H 5S 5H 6S 6H", "2S", True), (T_STD, "3S 3H 4S 4H 5S 5H 6S 6H", "2S 2H 2D", False),
    (T_STD, "3S 3H 4S 4H 5S 5H 6S 6H 7S 7H", "2S 2H 2D", True),
    (T_STD, "3S 3H 4S 4H 5S 5H 6S 6H 7S 7H", "KS", False),
    (T_STD, "3S 3H 3D 3C", "3S 3H 4S 4H 5S 5H", False), (T_STD, "4S 4H 4D 4C", "3S 3H 3D 3C", True),
    (T_STD, "3S 3H 3D 3C", "2S 2H 2D", False),
]


@pytest.mark.parametrize(("rules", "play", "table", "expected"), CHOP_OPTIONS)
def test_thirteen_chop_options(rules, play, table, expected):
    assert _beats(rules, play, table) is expected


BIG_TWO_BEATS = [
    # singles and pairs: rank, then suit (♦ < ♣ < ♥ < ♠)
    (B, "3C", "3D", True), (B, "3D", "3C", False), (B, "2S", "2H", True), (B, "2D", "AS", True),
    (B, "KD KS", "KC KH", True), (B, "KC KH", "KD KS", False), (B, "AD AC", "KH KS", True),
    (B, "4D 4C 4H", "3C 3H 3S", True),
    # straights by the top card of the sequence (decision 2): A-2-3-4-5 lowest, 10-J-Q-K-A highest
    (B, "2S 3D 4H 5C 6S", "AS 2S 3D 4H 5C", True), (B, "AS 2S 3D 4H 5C", "2S 3D 4H 5C 6D", False),
    (B, "3D 4C 5H 6S 7D", "2S 3D 4H 5C 6S", True), (B, "10D JD QH KC AD", "9S 10S JS QS KH", True),
    (B, "9S 10S JS QS KH", "10D JD QH KC AD", False), (B, "3D 4C 5H 6S 7H", "3S 4S 5D 6D 7C", True),
    (B, "3S 4S 5D 6D 7C", "3D 4C 5H 6S 7H", False), (B, "AD 2D 3C 4C 5S", "AS 2S 3D 4H 5H", True),
    # categories: straight < flush < full house < four of a kind + 1 < straight flush
    (B, "3S 5S 7S 9S JS", "10D JD QH KC AD", True), (B, "3D 3C 3H 4S 4H", "3S 5S 7S 9S 2S", True),
    (B, "3D 3C 3H 3S 4H", "AD AC AH 2S 2H", True), (B, "3D 4D 5D 6D 7D", "2D 2C 2H 2S 3H", True),
    (B, "10D JD QH KC AD", "3S 5S 7S 9S JS", False), (B, "10S JS QS KS AS", "10H JH QH KH AH", True),
    (B, "AD 2D 3D 4D 5D", "2D 2C 2H 2S 3H", True),
    # full house by its trips, four of a kind by the quad
    (B, "QD QC QH 9S 9H", "10D 10C 10H KS KH", True), (B, "10D 10C 10H KS KH", "QD QC QH 9S 9H", False),
    (B, "5D 5C 5H 5S 3H", "4D 4C 4H 4S 2H", True),
    # flushes: suit first (the text), then cards from the top; option: rank first
    (B, "3H 4H 6H 8H 9H", "3C 5C 7C JC 2C", True), (B, "3C 5C 7C JC 2C", "3H 4H 6H 8H 9H", False),
    (B, "3H 5H 6H 8H 10H", "3H 4H 6H 8H 10H", True), (B, "3H 4H 6H 8H 10H", "3H 5H 6H 8H 10H", False),
    (B_RANK, "3C 5C 7C JC 2C", "3H 4H 6H 8H 9H", True), (B_RANK, "3H 4H 6H 8H 9H", "3C 5C 7C JC 2C", False),
    (B_RANK, "3D 5D 7D JD 2D", "3C 5C 7C JC 2C", False), (B_RANK, "3C 5C 7C JC 2C", "3D 5D 7D JD 2D", True),
    # straights ranked by their highest card in the game's order (option twos_high)
    (B_TWOS, "2S 3D 4H 5C 6S", "10D JD QH KC AD", True), (B_TWOS, "AS 2D 3D 4H 5C", "2S 3D 4H 5C 6S", True),
    (B_TWOS, "10D JD QH KC AD", "3D 4C 5H 6S 7D", True), (B_TWOS, "3D 4C 5H 6S 7D", "AS 2D 3D 4H 5C", False),
    # different sizes never compare
    (B, "3D 3C", "2S", False), (B, "4D 4C 4H", "3D 3C", False), (B, "2S", "3D 3C", False),
]


@pytest.mark.parametrize(("rules", "play", "table", "expected"), BIG_TWO_BEATS)
def test_big_two_comparator(rules, play, table, expected):
    assert _beats(rules, play, table) is expected


DOU_DIZHU_BEATS = [
    # by rank only, kickers ignored (text: 7-7-7-5 beats 4-4-4-A)
    ("4", "3", True), ("3", "3", False), ("2", "A", True), ("B", "2", True), ("R", "B", True), ("B", "R", False),
    ("7775", "444A", True), ("444A", "7775", False), ("77755", "444AA", True), ("7775", "44455", False),
    ("34567", "34567", False), ("45678", "34567", True), ("456789", "34567", False),
    ("445566", "334455", True), ("44556677", "334455", False),
    ("444555", "333444", True), ("444555 79", "333444 2R", True), ("444555 79", "333444 22AA", False),
    ("444555666 789", "333444 9J", False), ("555666 34", "444555 89", True), ("555666 34", "444555666 789", False),
    ("5555 34", "4444 A2", True), ("5555 3344", "4444 AA22", True), ("5555 34", "4444 AA22", False),
    ("5555 3344", "4444 A2", False),
    # bombs and rockets
    ("3333", "2", True), ("3333", "34567", True), ("3333", "4444 57", True), ("3333", "333444 9J", True),
    ("4444", "3333", True), ("3333", "4444", False), ("BR", "2222", True), ("BR", "3", True),
    ("2222", "BR", False), ("2", "3333", False), ("KKKK 35", "3333", False),
]


@pytest.mark.parametrize(("play", "table", "expected"), DOU_DIZHU_BEATS)
def test_dou_dizhu_comparator(play, table, expected):
    p, t = combo(D, play), combo(D, table)
    assert beats(D, p, t) is expected


def test_relaxed_readings_of_the_same_cards_compare_by_the_reading_chosen():
    """333444555666 beats 333444555 + 789 as the airplane 444-555-666 + 333 (key 6) but not
    as 333-444-555 + 666 (key 5)."""
    cards = ranks("333444555666")
    readings = {(c.kind, c.top): c for c in classify(D_RELAXED, cards)}
    table = combo(D_RELAXED, "333444555 789")
    assert beats(D_RELAXED, readings[("plane1", K.rank_index("6S"))], table)
    assert not beats(D_RELAXED, readings[("plane1", K.rank_index("5S"))], table)


def test_nothing_beats_a_free_lead_check():
    assert beats(D, combo(D, "3"), None) and beats(T, combo(T, "3S"), None)


# --- legal plays against the classifier -----------------------------------------------------------

def _hand_pool(rules) -> list[str]:
    if not rules.suits:
        return C.french_deck(jokers=2)
    return C.french_deck()


def _rich_hand(rng: random.Random, pool: list[str], size: int, span: int) -> list[str]:
    """A hand from a few neighbouring ranks (plus 2s and jokers), so runs and sets are common."""
    start = rng.randrange(0, 12 - span + 1)
    wanted = set(K.GAME_ORDER[start:start + span]) | {2}
    cards = [c for c in pool if C.RANK[c] in wanted or C.is_joker(c)]
    rng.shuffle(cards)
    return cards[:size]


def _shaped_hand(rng: random.Random, pool: list[str], n: int) -> list[str]:
    """Hands rich in the rarer shapes: consecutive trips and quads (airplanes, kickers, chops)
    or many cards of one suit in a row (flushes, straight flushes)."""
    if n % 2:
        start = rng.randrange(0, 10)
        k = rng.choice([2, 2, 3])
        hand = []
        for r in K.GAME_ORDER[start:start + k]:
            same = [c for c in pool if C.RANK[c] == r]
            rng.shuffle(same)
            hand += same[:rng.choice([3, 3, 4])]
        rest = [c for c in pool if c not in hand]
        rng.shuffle(rest)
        if rng.random() < 0.5:     # pairs for the wings
            for r in rng.sample(sorted({C.RANK[c] for c in rest if not C.is_joker(c)}), 2):
                hand += [c for c in rest if C.RANK[c] == r and not C.is_joker(c)][:2]
            rest = [c for c in rest if c not in hand]
        return hand + rest[:rng.randrange(1, 11 - len(hand) + 1)] if len(hand) < 11 else hand[:11]
    suit = rng.choice("SHDC")
    start = rng.randrange(0, 9)
    run = [c for c in pool if C.SUIT[c] == suit and C.RANK[c] in K.GAME_ORDER[start:start + 6]]
    rest = [c for c in pool if c not in run]
    rng.shuffle(rest)
    return run[:rng.choice([5, 6])] + rest[:rng.choice([3, 4])]


def _key(rules, hand, c: Combo):
    cards = canonical(rules, hand, c.cards) if not rules.suits else c.cards
    return (c.kind, cards, c.key)


VARIANTS = [("thirteen", T), ("thirteen_twos", T_TWOS), ("thirteen_standard", T_STD), ("big_two", B),
            ("big_two_twos_high", B_TWOS), ("big_two_rank_flush", B_RANK), ("dou_dizhu", D),
            ("dou_dizhu_relaxed", D_RELAXED), ("dou_dizhu_quad_pair", D_QPAIR),
            ("dou_dizhu_relaxed_quad_pair", D_RELAXED_QPAIR)]


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_brute_force_subsets_of_small_hands_are_all_generated(name, rules):
    """Every subset of a small hand that reads as a play beating the table is generated,
    and every generated play is a reading of its cards that beats the table."""
    rng = random.Random(name)
    pool = _hand_pool(rules)
    for n in range(60):
        if n % 3:
            hand = _rich_hand(rng, pool, rng.choice([8, 9, 10]), rng.choice([3, 4, 5]))
        else:
            hand = _shaped_hand(rng, pool, n // 3)
        other = _rich_hand(rng, pool, 10, 5) if n % 2 else _shaped_hand(rng, pool, n)
        leads = plays(rules, other)
        table = None if n % 4 == 0 or not leads else leads[rng.randrange(len(leads))]
        must = hand[0] if n % 5 == 1 and rules.suits else None   # an opening card: Thirteen, Big Two
        generated = plays(rules, hand, table, must)
        keys = [_key(rules, hand, c) for c in generated]
        assert len(keys) == len(set(keys)), "a play is generated twice"
        for c in generated:
            assert (c.kind, c.key) in {(r.kind, r.key) for r in classify(rules, c.cards)}
            assert beats(rules, c, table)
            assert all(c.cards.count(x) <= hand.count(x) for x in c.cards)
            assert must is None or must in c.cards
        wanted = set()
        for size in range(1, len(hand) + 1):
            for subset in combinations(hand, size):
                if must is not None and must not in subset:
                    continue
                for r in classify(rules, subset):
                    if beats(rules, r, table):
                        wanted.add(_key(rules, hand, r))
        assert wanted == set(keys), f"{name}: missing {wanted - set(keys)}, extra {set(keys) - wanted}"


@pytest.mark.parametrize(("name", "rules"), VARIANTS[6:])
def test_brute_force_dou_dizhu_airplanes_and_kickers(name, rules):
    """The same check on hands built around consecutive trips and quads, against tables
    that are airplanes, trips or quads with kickers."""
    rng = random.Random("planes" + name)
    pool = C.french_deck(jokers=2)
    seen = set()
    for n in range(60):
        hand = _shaped_hand(rng, pool, 1)
        leads = [c for c in plays(rules, _shaped_hand(rng, pool, 1)) if c.kind in K.KICKER_KINDS | {"plane"}]
        table = None if n % 3 == 0 or not leads else leads[rng.randrange(len(leads))]
        generated = {_key(rules, hand, c) for c in plays(rules, hand, table)}
        wanted = {_key(rules, hand, r) for size in range(1, len(hand) + 1) for sub in combinations(hand, size)
                  for r in classify(rules, sub) if beats(rules, r, table)}
        assert generated == wanted
        seen |= {k[0] for k in generated}
    assert {"plane", "plane1", "plane2", "trio1", "trio2", "quad1", "quad2", "bomb"} <= seen


def test_brute_force_two_deck_thirteen_hands():
    pool = C.french_deck(decks=2)
    rng = random.Random(13)
    for _ in range(25):
        hand = _rich_hand(rng, pool, 9, 3)
        table = rng.choice([None, *plays(T, _rich_hand(rng, pool, 9, 4))])
        generated = {(c.kind, c.cards) for c in plays(T, hand, table)}
        wanted = {(r.kind, r.cards) for size in range(1, 10) for sub in combinations(hand, size)
                  for r in classify(T, sub) if beats(T, r, table)}
        assert generated == wanted


@pytest.mark.parametrize(("name", "rules", "size", "deck"), [
    ("thirteen", T, 13, C.french_deck()), ("big_two", B, 13, C.french_deck()),
    ("dou_dizhu", D, 20, C.french_deck(jokers=2)), ("dou_dizhu_relaxed", D_RELAXED, 20, C.french_deck(jokers=2))])
def test_generated_plays_of_full_hands_classify_and_beat_the_table(name, rules, size, deck):
    rng = random.Random(name)
    deck = list(deck)
    for n in range(60):
        rng.shuffle(deck)
        hand, other = deck[:size], deck[size:2 * size]
        leads = plays(rules, other)
        table = None if n % 3 == 0 else leads[rng.randrange(len(leads))]
        found = plays(rules, hand, table)
        for c in found:
            assert (c.kind, c.key) in {(r.kind, r.key) for r in classify(rules, c.cards)}
            assert beats(rules, c, table) and set(c.cards) <= set(hand)
        assert len({_key(rules, hand, c) for c in found}) == len(found)


def test_moves_name_cards_and_reading_and_read_back():
    c = combo(T, "3S 3H")
    assert str(combo_move(T, c)) == "play 3S 3H as=pair"
    assert move_readings(T, combo_move(T, c)) == [c]
    relaxed = [r for r in classify(D_RELAXED, ranks("333444555666")) if r.kind == "plane1"]
    texts = {str(combo_move(D_RELAXED, r)) for r in relaxed}
    assert texts == {"play 3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D as=plane1 top=5",
                     "play 3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D as=plane1 top=6"}
    for r in relaxed:
        assert move_readings(D_RELAXED, combo_move(D_RELAXED, r)) == [r]
    assert move_readings(D, Move.parse("play 3S 4S as=pair")) == []


def test_dou_dizhu_canonical_cards_stand_for_any_suits():
    hand = ranks("3333 44 5")
    assert canonical(D, hand, ["3C", "3D", "4H"]) == ("3S", "3H", "4S")
    assert canonical(D, hand, ["6S"]) is None
    generated = {c.cards for c in plays(D, hand)}
    assert ("3S", "3H") in generated and ("3D", "3C") not in generated


# --- the round -------------------------------------------------------------------------------------

def _round(players, hands, table_by, passed, turn):
    s = ClimbState(players=players, seed=0, options={})
    s.hands = [list(h) for h in hands]
    s.table, s.table_as, s.table_key, s.table_by = ["5S"], "single", [0], table_by
    s.passed, s.turn = list(passed), turn
    return s


def test_round_turn_goes_left_skipping_seats_that_knocked():
    s = _round(4, [["3S"]] * 4, table_by=0, passed=[False, True, False, False], turn=0)
    assert step_on(s, 0, [1, 1, 1, 1]) is None and s.turn == 2


def test_round_clears_when_the_turn_comes_back_to_the_owner():
    s = _round(3, [["3S"]] * 3, table_by=0, passed=[False, True, True], turn=2)
    assert step_on(s, 2, [1, 1, 1]) == 0
    assert s.turn == 0 and s.table == [] and s.played == ["5S"] and s.passed == [False] * 3


def test_round_owner_out_of_cards_gives_the_lead_to_the_next_seat_left_of_them():
    """Decision 5 (Thirteen, places): if the play of a player who went out stood, the next
    active player to their left leads."""
    s = _round(4, [[], ["3S"], ["4S"], ["5S"]], table_by=0, passed=[False, True, True, True], turn=3)
    assert step_on(s, 3, [0, 1, 1, 1]) == 1
    s = _round(4, [["3S"], [], ["4S"], ["5S"]], table_by=1, passed=[True, False, False, True], turn=1)
    assert step_on(s, 1, [1, 0, 1, 1]) is None and s.turn == 2


def test_round_pass_and_return_lets_a_seat_that_passed_play_again_after_a_new_play():
    s = _round(3, [["3S", "4S"]] * 3, table_by=0, passed=[False, False, False], turn=1)
    s.passed[1] = True
    assert step_on(s, 1, [2, 2, 2]) is None and s.turn == 2
    hand = ["6S", "7S"]
    s.hands[2] = hand
    K.lay(s, 2, combo(T, "6S"), knock=False)
    assert s.passed == [False, False, False] and s.table == ["6S"] and s.table_by == 2
    assert step_on(s, 2, [2, 2, 1]) is None and s.turn == 0


# --- prompt paths -----------------------------------------------------------------------------------

def _check_prompt(rules, hand, table):
    combos = plays(rules, hand, table)
    items = [(combo_move(rules, c), c, "") for c in combos]
    if table is not None:
        items.append((Move("pass"), None, "Pass"))
    paths = prompt_paths(rules, items)
    prompt = Prompt("", tuple(Choice(m, p) for (m, _c, _l), p in zip(items, paths, strict=True)))
    assert len(set(paths)) == len(paths), "two moves share a path"
    as_set = set(paths)
    for p in paths:
        assert all(p[:k] not in as_set for k in range(1, len(p))), "a path is the start of another"
        assert len(p) <= 6
    # walk the tree: every step has at most 25 answers, each leading on or to one move
    reached = []

    def walk(chosen):
        step = prompt.step(chosen)
        assert step is not None and 0 < len(step.answers) <= 25, (chosen, step)
        for label, move in step.answers:
            assert len(label) <= 100
            if move is not None:
                reached.append(move)
            else:
                walk((*chosen, label))

    walk(())
    assert sorted(map(str, reached)) == sorted(str(m) for m, _c, _l in items)


@pytest.mark.parametrize(("name", "rules", "size", "deck"), [
    ("thirteen", T, 13, C.french_deck()), ("thirteen2", T, 13, C.french_deck(decks=2)),
    ("big_two", B, 13, C.french_deck()), ("dou_dizhu", D, 20, C.french_deck(jokers=2)),
    ("dou_dizhu_relaxed", D_RELAXED, 20, C.french_deck(jokers=2))])
def test_prompt_gives_every_play_a_path_of_small_steps(name, rules, size, deck):
    rng = random.Random(name)
    deck = list(deck)
    for n in range(40):
        rng.shuffle(deck)
        hand = deck[:size] if n % 2 else _rich_hand(rng, deck, size, 6)
        leads = plays(rules, deck[size:2 * size])
        table = None if n % 3 == 0 else leads[rng.randrange(len(leads))]
        _check_prompt(rules, hand, table)


def test_prompt_splits_many_card_choices_into_steps():
    """3♠3♣3♦ 4♠4♣4♦ 5♠5♣5♦ 6♠6♣6♦ 7♥: 81 straights 3-7 with 7♥ on top."""
    hand = "3S 3C 3D 4S 4C 4D 5S 5C 5D 6S 6C 6D 7H".split()
    _check_prompt(T, hand, None)
    _check_prompt(T, hand, combo(T, "3H 4H 5H 6H 7S"))


def test_prompt_asks_which_reading_when_the_same_cards_read_two_ways():
    items = [(Move("play", ("4S",), (("as", "x"),)), combo(D, "4"), ""),
             (Move("play", ("4S",), (("as", "y"),)), combo(D, "4"), "")]
    paths = prompt_paths(D, items)
    assert paths[0][-1][0] == "Play as" and paths[0] != paths[1]


def test_prompt_steps_for_dou_dizhu_airplane_with_kickers():
    hand = ranks("333444 5 7 9 J K A 2 R")
    combos = plays(D, hand)
    items = [(combo_move(D, c), c, "") for c in combos]
    paths = dict(zip([str(m) for m, _c, _l in items], prompt_paths(D, items), strict=True))
    path = paths["play 3S 3H 3D 4S 4H 4D 9S JS as=plane1"]
    assert path[0] == ("What will you play?", "Airplane + singles")
    assert path[1] == ("Which run?", "3–4")
    assert path[2][0] in ("Which kickers?", "Including which kicker?")
    assert path[-1][1] in ("+ 9 J", "J …") or "9" in path[-1][1]


# --- texts: naming plays and saying why one does not beat the table ---------------------------------------

def refusal(rules, hand: str, on: str, move: str) -> str | None:
    """The reason `K.refuse_play` gives for ``move`` from ``hand`` on the table play ``on``."""
    codes = hand.split() if rules.suits else ranks(hand)
    table = combo(rules, on)
    s = ClimbState(players=2, seed=1, options={}, hands=[codes, []], table=list(table.cards),
                   table_as=table.kind, table_key=list(table.key), table_by=1)
    return K.refuse_play(rules, codes, s, Move.parse(move))[1]


def test_big_two_four_of_a_kind_is_named_with_the_four_first_and_the_fifth_card_after_a_plus():
    """Audit #12: "four of a kind K♦ K♣ K♥ K♠ + 5♣", not "four of a kind + 1 5♣ K♦ K♣ K♥ K♠"."""
    assert K.describe_combo(combo(B, "5C KD KC KH KS")) == "four of a kind K♦ K♣ K♥ K♠ + 5♣"
    assert K.describe_combo(combo(B, "3D 3C 3H 3S AS")) == "four of a kind 3♦ 3♣ 3♥ 3♠ + A♠"
    assert K.describe_combo(combo(T, "5S 5C 5D 5H")) == "four of a kind 5♠ 5♣ 5♦ 5♥", "Thirteen's quad has no kicker"


def test_a_play_of_another_shape_is_told_what_it_must_play_and_never_1_cards():
    """Audit #13: "You must play a single higher than Q♦" for another shape (no "(… of 1 cards)");
    the same shape too low still "does not beat"."""
    msg = refusal(B, "6D 6S 3C", "QD", "play 6D 6S as=pair")
    assert msg == "You must play a single higher than Q♦."
    assert refusal(B, "6D 6S 3C", "8D 8H", "play 3C as=single") == "You must play a pair higher than 8♦ 8♥."
    assert refusal(B, "6D 6S 3C", "8D 8H", "play 6D 6S as=pair") == "Pair 6♦ 6♠ does not beat pair 8♦ 8♥."
    assert refusal(T, "4H 5H 6H 7H", "3S 4S 5S", "play 4H 5H 6H 7H as=straight") == \
        "You must play a straight of 3 cards higher than 3♠ 4♠ 5♠."
    assert refusal(B, "3D", "5C KD KC KH KS", "play 3D as=single") == \
        "You must play a five-card hand higher than four of a kind K♦ K♣ K♥ K♠ + 5♣."
    assert refusal(D, "7775", "444A", "play 7S 7H 7D 5S as=trio1") is None
    assert refusal(D, "77755", "444A", "play 7S 7H 7D 5S 5H as=trio2") == \
        "You must play trips + single higher than 4♠ 4♥ 4♦ + A♠, or a bomb or the rocket."
    assert refusal(D, "3", "5555", "play 3S as=single") == \
        "Only a higher bomb or the rocket beats the bomb 5♠ 5♥ 5♦ 5♣."
    for msg in (refusal(B, "6D 6S 3C", "QD", "play 6D 6S as=pair"),
                refusal(T, "3S 4S 5S 6S", "QD", "play 3S 4S 5S 6S as=straight")):
        assert "cards)" not in msg and "does not beat" not in msg
