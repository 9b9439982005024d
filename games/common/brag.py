"""Three-card Brag hands: what a hand is, and a key to compare hands by.

The ranking (shared/rules/stop_the_bus.md, decisions and clarifications):

1. **Prial** (three of a kind): 3-3-3 is the best, then A-A-A, K-K-K … down to 2-2-2.
2. **Running flush** (three in sequence, one suit).
3. **Run** (three in sequence): A-2-3 is the best, then A-K-Q, K-Q-J … 4-3-2 the lowest.
   K-A-2 is not a run (nor is any other sequence going round the corner).
4. **Flush** (three of one suit).
5. **Pair**: the pair decides, then the odd card.
6. **High card**.

Flushes and high cards compare their highest card, then the middle, then the lowest.
Aces are high everywhere except in the A-2-3 run. Suits never rank, so hands equal in
ranks tie.

Variants (``variant``): ``"standard"`` as above; ``"aces_top"`` makes A-A-A the best
prial (3-3-3 falls to its place between 4-4-4 and 2-2-2); ``"poker"`` also makes A-2-3
the lowest run instead of the best.

`key(cards)` gives a tuple that compares like the hands (higher is better; equal
keys tie) and `describe(cards)` a short name such as "pair of kings".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games import cards as C
from games.text import Text, texts

T, N = texts("brag")

VARIANTS = ("standard", "aces_top", "poker")
HIGH_CARD, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = range(6)
# "pair of sevens, ace kicker": a rank as the kicker, and a rank as the pair or prial
RANK_WORDS = {14: T("ace"), 13: T("king"), 12: T("queen"), 11: T("jack"), 10: T("ten"), 9: T("nine"),
              8: T("eight"), 7: T("seven"), 6: T("six"), 5: T("five"), 4: T("four"), 3: T("three"), 2: T("two")}
PLURAL_WORDS = {14: T("aces"), 13: T("kings"), 12: T("queens"), 11: T("jacks"), 10: T("tens"), 9: T("nines"),
                8: T("eights"), 7: T("sevens"), 6: T("sixes"), 5: T("fives"), 4: T("fours"), 3: T("threes"),
                2: T("twos")}
SHORT = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4",
         3: "3", 2: "2"}


def value(rank: int) -> int:
    """Aces high: 2 … 13 stay, the ace (1) becomes 14."""
    return 14 if rank == C.ACE else rank


def _check_variant(variant: str) -> None:
    if variant not in VARIANTS:
        raise ValueError(f"unknown Brag variant {variant!r} (one of {', '.join(VARIANTS)})")


@cache
def _key(ranks: tuple[int, int, int], flush: bool, variant: str) -> tuple[int, int, int, int]:
    vals = sorted((value(r) for r in ranks), reverse=True)
    hi, mid, lo = vals
    if hi == mid == lo:
        top = 15 if hi == 3 and variant == "standard" else hi
        return (PRIAL, top, 0, 0)
    if sorted(ranks) == [1, 2, 3]:                      # A-2-3
        top = 1 if variant == "poker" else 15
        return (RUNNING_FLUSH if flush else RUN, top, 0, 0)
    if hi - mid == 1 and mid - lo == 1:
        return (RUNNING_FLUSH if flush else RUN, hi, 0, 0)
    if flush:
        return (FLUSH, hi, mid, lo)
    if hi == mid or mid == lo:
        pair, odd = (hi, lo) if hi == mid else (lo, hi)
        return (PAIR, pair, odd, 0)
    return (HIGH_CARD, hi, mid, lo)


def key(cards: Sequence[str], variant: str = "standard") -> tuple[int, int, int, int]:
    """A comparable key for a three-card hand (card codes): higher is better, equal ties.
    The first item is the category (`PRIAL` … `HIGH_CARD`)."""
    if len(cards) != 3:
        raise ValueError(f"a Brag hand has three cards (got {len(cards)})")
    _check_variant(variant)
    parsed = [C.card(c) for c in cards]
    if any(p.is_joker for p in parsed):
        raise ValueError("Brag hands are ranked without jokers")
    flush = parsed[0].suit == parsed[1].suit == parsed[2].suit
    return _key(tuple(sorted(p.rank for p in parsed)), flush, variant)


def category(cards: Sequence[str], variant: str = "standard") -> int:
    return key(cards, variant)[0]


def describe(cards: Sequence[str], variant: str = "standard") -> Text:
    """A short name for the hand: "prial of threes", "running flush A-2-3", "run Q-J-10",
    "flush K-9-4", "pair of sevens, ace kicker", "high card A-J-4"."""
    cat, a, b, c = key(cards, variant)
    if cat == PRIAL:
        return T("prial of {ranks}", ranks=PLURAL_WORDS[3 if a == 15 else a])
    if cat == PAIR:
        return T("pair of {ranks}, {kicker} kicker", ranks=PLURAL_WORDS[a], kicker=RANK_WORDS[b])
    if cat in (RUN, RUNNING_FLUSH):
        seq = "A-2-3" if a in (1, 15) else f"{SHORT[a]}-{SHORT[a - 1]}-{SHORT[a - 2]}"
        return T("running flush {cards}", cards=seq) if cat == RUNNING_FLUSH else T("run {cards}", cards=seq)
    seq = f"{SHORT[a]}-{SHORT[b]}-{SHORT[c]}"
    return T("flush {cards}", cards=seq) if cat == FLUSH else T("high card {cards}", cards=seq)


def best(hands: Sequence[Sequence[str]], variant: str = "standard") -> list[int]:
    """Indexes of the best hands (several when they tie)."""
    keys = [key(h, variant) for h in hands]
    top = max(keys)
    return [i for i, k in enumerate(keys) if k == top]


def worst(hands: Sequence[Sequence[str]], variant: str = "standard") -> list[int]:
    """Indexes of the worst hands (several when they tie)."""
    keys = [key(h, variant) for h in hands]
    low = min(keys)
    return [i for i, k in enumerate(keys) if k == low]
