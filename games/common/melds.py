"""Melds of the rummy games: sets (cards of one rank) and sequences (consecutive cards of one
suit), checked against each game's rules given as data (`MeldRules`), what may be laid off
onto a meld, and the points of cards left in hand (deadwood).

A meld in a game state is a plain dict, so it round-trips through JSON:
``{"kind": "set" | "seq", "cards": [...], "owner": seat}`` (the owner is a seat, or a
partnership's area number in the partnership games). Its kind is kept because a meld may
read both ways (Seven Rummy's lone 7, declared when it is laid).

Designed for Canasta and Triple Play too: wild ranks and a wild quota per set
(``wild_ranks``, ``max_wild``, ``min_natural``), sets without an upper size (``max_set``
None); what only those games need (canastas, closed melds, partnership areas' minimums)
builds on `valid` and `kinds` when they come.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from games import cards as C

SET, SEQ = "set", "seq"
KINDS = (SET, SEQ)


@dataclass(frozen=True)
class MeldRules:
    """One game's meld rules.

    * ``min_set``/``max_set``: the size of a set (``max_set`` None: no limit).
    * ``min_seq``: the shortest sequence; ``sequences`` False: sets only (Canasta).
    * ``ace_high``: an ace may also follow the king (never both ends: no wrap); aces are
      always low.
    * ``waiver``: a rank whose presence waives the minimum length (Seven Rummy's 7: a lone 7,
      a pair of 7s, 6-7 and 7-8 are melds).
    * ``wild_ranks``: ranks that are wild (0 for jokers); a set holds at most ``max_wild`` of
      them and at least ``min_natural`` natural cards. Sequences take no wild cards.
    """

    min_set: int = 3
    max_set: int | None = 4
    min_seq: int = 3
    sequences: bool = True
    ace_high: bool = False
    waiver: int | None = None
    wild_ranks: frozenset[int] = field(default_factory=frozenset)
    max_wild: int = 0
    min_natural: int = 1

    def is_wild(self, code: str) -> bool:
        return C.RANK[code] in self.wild_ranks

    def waived(self, cards: Sequence[str]) -> bool:
        """Whether ``cards`` hold the rank that waives the minimum length."""
        return self.waiver is not None and any(C.RANK[c] == self.waiver for c in cards)


def is_set(cards: Sequence[str], rules: MeldRules) -> bool:
    """Cards of one rank (wild cards within the quota), of an allowed size."""
    if not cards:
        return False
    naturals = [c for c in cards if not rules.is_wild(c)]
    wild = len(cards) - len(naturals)
    if len(naturals) < rules.min_natural or wild > rules.max_wild:
        return False
    if len({C.RANK[c] for c in naturals}) > 1:
        return False
    if rules.max_set is not None and len(cards) > rules.max_set:
        return False
    return len(cards) >= rules.min_set or rules.waived(cards)


def sequence_ranks(cards: Sequence[str], rules: MeldRules) -> list[int] | None:
    """The ranks of ``cards`` in sequence order when they are consecutive cards of one suit
    (an ace after the king only with ``ace_high``), else None."""
    if not cards or len({C.SUIT[c] for c in cards}) > 1 or any(rules.is_wild(c) for c in cards):
        return None
    ranks = sorted(C.RANK[c] for c in cards)
    if _consecutive(ranks):
        return ranks
    if rules.ace_high and ranks[0] == 1:
        high = ranks[1:] + [14]
        if _consecutive(high):
            return high
    return None


def _consecutive(ranks: Sequence[int]) -> bool:
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def is_sequence(cards: Sequence[str], rules: MeldRules) -> bool:
    if not rules.sequences or sequence_ranks(cards, rules) is None:
        return False
    return len(cards) >= rules.min_seq or rules.waived(cards)


def valid(kind: str, cards: Sequence[str], rules: MeldRules) -> bool:
    """Whether ``cards`` make a meld of ``kind``."""
    return is_set(cards, rules) if kind == SET else is_sequence(cards, rules)


def kinds(cards: Sequence[str], rules: MeldRules) -> list[str]:
    """The kinds ``cards`` make a meld as, in `KINDS` order: none, one, or both (only a
    single waiver card reads both ways, e.g. a lone 7)."""
    return [k for k in KINDS if valid(k, cards, rules)]


def fits(meld: Mapping, cards: Sequence[str], rules: MeldRules) -> bool:
    """Whether ``cards`` may be laid off onto ``meld`` (all together, keeping its kind)."""
    return bool(cards) and valid(meld["kind"], [*meld["cards"], *cards], rules)


def ordered(kind: str, cards: Iterable[str], rules: MeldRules) -> list[str]:
    """A meld's cards as players lay them out: a sequence low to high, a set by suit."""
    cards = list(cards)
    if kind == SEQ:
        ranks = sequence_ranks(cards, rules)
        if ranks is not None and ranks[-1] == 14:
            return sorted(cards, key=lambda c: C.RANK[c] if C.RANK[c] != 1 else 14)
        return sorted(cards, key=C.RANK.__getitem__)
    return sorted(cards, key=C.sort_key)


def new_melds(hand: Sequence[str], rules: MeldRules, keep: int = 0) -> list[tuple[str, tuple[str, ...]]]:
    """Every meld that can be laid from ``hand`` as (kind, cards), leaving at least ``keep``
    cards in hand (a final discard). A lone waiver card comes once per kind."""
    most = len(hand) - keep
    out: list[tuple[str, tuple[str, ...]]] = []
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, dict[int, str]] = {}
    for code in hand:
        by_rank.setdefault(C.RANK[code], []).append(code)
        if not rules.is_wild(code):
            by_suit.setdefault(C.SUIT[code], {})[C.RANK[code]] = code
    for group in by_rank.values():
        top = min(len(group), most, rules.max_set or len(group))
        for size in range(1, top + 1):
            out += [(SET, combo) for combo in combinations(sorted(group, key=C.sort_key), size)
                    if is_set(combo, rules)]
    if rules.sequences:
        for suited in by_suit.values():
            for low in sorted(suited):
                run: list[str] = []
                for rank in range(low, 14 + (1 if rules.ace_high else 0)):
                    code = suited.get(1 if rank == 14 else rank)
                    if code is None or len(run) == most:
                        break
                    run.append(code)
                    if is_sequence(run, rules):
                        out.append((SEQ, tuple(run)))
    return out


def lay_offs(hand: Sequence[str], meld: Mapping, rules: MeldRules, keep: int = 0) -> list[tuple[str, ...]]:
    """Every group of hand cards that may be laid off onto ``meld`` together, leaving at least
    ``keep`` cards in hand: cards of a set's rank, or a sequence's next cards at either end."""
    most = len(hand) - keep
    if most < 1:
        return []
    if meld["kind"] == SET:
        room = most if rules.max_set is None else min(most, rules.max_set - len(meld["cards"]))
        rank = next((C.RANK[c] for c in meld["cards"] if not rules.is_wild(c)), None)
        fitting = sorted((c for c in hand if C.RANK[c] == rank or rules.is_wild(c)), key=C.sort_key)
        return [combo for size in range(1, room + 1) for combo in combinations(fitting, size)
                if fits(meld, combo, rules)]
    ranks = sequence_ranks(meld["cards"], rules) or []
    suit = C.SUIT[meld["cards"][0]]
    held = {C.RANK[c]: c for c in hand if C.SUIT[c] == suit and not rules.is_wild(c)}
    below = _run(held, range(ranks[0] - 1, 0, -1))
    above = _run(held, range(ranks[-1] + 1, 15 if rules.ace_high else 14))
    out = []
    for low in range(len(below) + 1):
        for high in range(len(above) + 1):
            combo = tuple(below[:low][::-1] + above[:high])
            if combo and len(combo) <= most and fits(meld, combo, rules):
                out.append(combo)
    return out


def _run(held: Mapping[int, str], ranks: Iterable[int]) -> list[str]:
    """The held cards of ``ranks``, in that order, up to the first one missing."""
    out = []
    for rank in ranks:
        code = held.get(1 if rank == 14 else rank)
        if code is None:
            break
        out.append(code)
    return out


def deadwood(cards: Iterable[str], values: Mapping[int, int] | None = None) -> int:
    """The points of cards left in hand: ``values`` by rank, other ranks their pips with court
    cards 10 (ace 1)."""
    values = values or {}
    return sum(values.get(C.RANK[c], min(C.RANK[c], 10)) for c in cards)


def combinations_of(cards: Sequence[str], sizes: Iterable[int]) -> list[tuple[str, ...]]:
    """The card groups of the given sizes (a claim's cards from hand)."""
    return [combo for size in sizes for combo in combinations(cards, size)]
