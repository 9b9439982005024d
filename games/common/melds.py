"""Melds of the rummy games: sets (cards of one rank) and sequences (consecutive cards of one
suit), checked against each game's rules given as data (`MeldRules`), what may be laid off
onto a meld, and the points of cards left in hand (deadwood).

A meld in a game state is a plain dict, so it round-trips through JSON:
``{"kind": "set" | "seq", "cards": [...], "owner": seat}`` (the owner is a seat, or a
partnership's area number in the partnership games). Its kind is kept because a meld may
read both ways (Seven Rummy's lone 7, declared when it is laid).

Canasta and Triple Play: wild ranks and a wild quota per set (``wild_ranks``, ``max_wild``,
``min_natural``; Triple Play's quota by size, ``wild_by_size``, ranks that take no wild card,
``tame_ranks``, and sets of wild cards alone, ``all_wild``), sets without an upper size (``max_set``
None), canastas (``canasta``: the size of a set that is one; natural, mixed or wild, `canasta_kind`),
cards that meld only in a going-out turn (``closing``: Canasta's black 3s, `is_closing_set`) or never
(``barred``: Triple Play's), the initial-meld minimum by score (`opening_minimum`) or by the hand's
number (`numbered_minimum`) and a check whether a hand can go out (`way_out`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
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
    * ``wild_by_size``: (largest set size, most wild cards) steps that lower ``max_wild`` for smaller
      sets, e.g. ((5, 1), (7, 2)): one wild card up to five cards, two in six or seven (Triple Play).
    * ``tame_ranks``: ranks whose sets take no wild card (Triple Play's 5s and 7s).
    * ``all_wild``: a set of wild cards alone is allowed (``min_set`` to ``max_set`` of them), exempt
      from the quota.
    * ``barred``: cards (codes without the copy suffix) that never meld (Triple Play's black 3s).
    * ``canasta``: the size from which a set is a canasta (None: no canastas).
    * ``closing``: cards (codes without the copy suffix, e.g. "3S") that meld only among
      themselves, without wild cards, and only in a going-out turn (Canasta's black 3s).
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
    canasta: int | None = None
    closing: frozenset[str] = field(default_factory=frozenset)
    wild_by_size: tuple[tuple[int, int], ...] = ()
    tame_ranks: frozenset[int] = field(default_factory=frozenset)
    all_wild: bool = False
    barred: frozenset[str] = field(default_factory=frozenset)

    def wild_limit(self, size: int, rank: int | None) -> int:
        """The most wild cards a set of ``size`` cards of natural ``rank`` may hold."""
        if rank in self.tame_ranks:
            return 0
        for largest, most in self.wild_by_size:
            if size <= largest:
                return min(most, self.max_wild)
        return self.max_wild

    def is_wild(self, code: str) -> bool:
        return C.RANK[code] in self.wild_ranks

    def is_closing(self, code: str) -> bool:
        return code.partition(".")[0] in self.closing

    def is_barred(self, code: str) -> bool:
        return code.partition(".")[0] in self.barred

    def waived(self, cards: Sequence[str]) -> bool:
        """Whether ``cards`` hold the rank that waives the minimum length."""
        return self.waiver is not None and any(C.RANK[c] == self.waiver for c in cards)


def is_set(cards: Sequence[str], rules: MeldRules) -> bool:
    """Cards of one rank (wild cards within the quota), of an allowed size; never closing cards
    (see `is_closing_set`)."""
    if not cards or (rules.closing or rules.barred) and any(rules.is_closing(c) or rules.is_barred(c) for c in cards):
        return False
    naturals = [c for c in cards if not rules.is_wild(c)]
    wild = len(cards) - len(naturals)
    if rules.max_set is not None and len(cards) > rules.max_set:
        return False
    if not naturals and rules.all_wild:
        return len(cards) >= rules.min_set
    if len(naturals) < rules.min_natural or wild > rules.wild_limit(len(cards), C.RANK[naturals[0]]):
        return False
    if len({C.RANK[c] for c in naturals}) > 1:
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


# --- Canasta-style sets: canastas, closing sets, the opening minimum, going out --------------

NATURAL, MIXED, WILD = "natural", "mixed", "wild"


def canasta_kind(cards: Sequence[str], rules: MeldRules) -> str | None:
    """``"natural"``, ``"mixed"`` (with wild cards) or ``"wild"`` (wild cards alone) when the set ``cards``
    is a canasta, else None."""
    if rules.canasta is None or len(cards) < rules.canasta:
        return None
    wild = sum(1 for c in cards if rules.is_wild(c))
    if wild == len(cards):
        return WILD
    return MIXED if wild else NATURAL


def canastas(melds: Iterable[Sequence[str]], rules: MeldRules) -> list[str]:
    """The kind of each canasta among ``melds`` (card lists)."""
    return [kind for kind in (canasta_kind(cards, rules) for cards in melds) if kind]


def is_closing_set(cards: Sequence[str], rules: MeldRules) -> bool:
    """Closing cards only (no wild cards), as many as a set needs: a meld allowed only when going out."""
    return len(cards) >= rules.min_set and all(rules.is_closing(c) for c in cards)


def opening_minimum(score: int, table: Sequence[tuple[int, int]]) -> int:
    """The points a side's first melds of a hand must reach: ``table`` lists (lowest score, minimum)
    in rising order, e.g. ((-10**9, 15), (0, 50), (1500, 90), (3000, 120))."""
    need = table[0][1]
    for lowest, minimum in table:
        if score >= lowest:
            need = minimum
    return need


def numbered_minimum(hand_no: int, table: Sequence[int]) -> int:
    """The points a side's first melds must reach in hand ``hand_no`` (1 = the first): ``table`` lists the
    minimum of each hand in turn, its last entry holding for every later hand."""
    return table[min(hand_no, len(table)) - 1]


def natural_rank(cards: Iterable[str], rules: MeldRules) -> int | None:
    """The rank of a set's natural cards (None: no natural card)."""
    return next((C.RANK[c] for c in cards if not rules.is_wild(c)), None)


def way_out(hand: Sequence[str], melds: Mapping[int, Sequence[str]], rules: MeldRules,
            canastas_needed: int = 1, may_discard: bool = True,
            enough: Callable[[list[list[str]]], bool] | None = None) -> list[tuple[int, list[str]]] | None:
    """A way to meld ``hand`` whole (or all but one card, discarded, with ``may_discard``) onto the
    side's ``melds`` (rank → cards; rank 0 an all-wild set, with ``rules.all_wild``) and new sets,
    ending with at least ``canastas_needed`` canastas (or, given ``enough``, melds it accepts: it
    receives every resulting set): the additions as (rank, cards) (rank -1: the closing set), or None
    when this greedy search finds none. It never claims a way that is not legal; it may miss an
    unusual one."""
    wild = sorted((c for c in hand if rules.is_wild(c)), key=C.sort_key)
    closing = [c for c in hand if rules.is_closing(c)]
    by_rank: dict[int, list[str]] = {}
    plan: dict[int, list[str]] = {}
    loose: list[str] = [c for c in hand if rules.is_barred(c)]
    for code in hand:
        if not rules.is_wild(code) and not rules.is_closing(code) and not rules.is_barred(code):
            by_rank.setdefault(C.RANK[code], []).append(code)
    for rank, naturals in by_rank.items():
        short = rules.min_set - len(naturals)
        if rank in melds or short <= 0:
            plan[rank] = list(naturals)
        elif len(naturals) >= max(2, rules.min_natural) and short <= min(len(wild),
                                                                          rules.wild_limit(rules.min_set, rank)):
            plan[rank] = [*naturals, *(wild.pop() for _ in range(short))]
        else:
            loose += naturals
    if closing:
        if is_closing_set(closing, rules):
            plan[-1] = closing
        else:
            loose += closing
    allowed = 1 if may_discard else 0
    singles = [c for c in loose if not rules.is_closing(c) and rules.min_natural <= 1]
    while len(loose) > allowed and singles and len(wild) >= rules.min_set - 1 <= rules.max_wild:
        single = singles.pop()
        loose.remove(single)
        plan[C.RANK[single]] = [single, *(wild.pop() for _ in range(rules.min_set - 1))]
    if rules.all_wild and 0 not in melds and len(wild) >= rules.min_set:
        plan[0] = [wild.pop() for _ in range(min(len(wild), rules.max_set or len(wild)))]
    _spread_wild(plan, melds, wild, rules)
    loose += wild
    if len(loose) > allowed:
        return None
    whole = [[*melds.get(rank, ()), *cards] for rank, cards in plan.items() if rank != -1]
    untouched = [list(cards) for rank, cards in melds.items() if rank not in plan]
    if enough is not None:
        if not enough([*whole, *untouched]):
            return None
    elif len(canastas([*whole, *untouched], rules)) < canastas_needed:
        return None
    if not all(is_set(cards, rules) for cards in whole):
        return None
    return list(plan.items())


def _spread_wild(plan: dict[int, list[str]], melds: Mapping[int, Sequence[str]], wild: list[str],
                 rules: MeldRules) -> None:
    """Put ``wild`` cards into the planned sets with room in their quota, those nearest to a canasta first."""
    def size(rank: int) -> int:
        return len(melds.get(rank, ())) + len(plan.get(rank, ()))

    ranks = [r for r in {*plan, *melds} if r != -1]
    for rank in sorted(ranks, key=lambda r: -size(r)):
        cards = [*melds.get(rank, ()), *plan.get(rank, ())]
        while wild and _wild_fits(cards, rules):
            card = wild.pop()
            plan.setdefault(rank, []).append(card)
            cards.append(card)


def _wild_fits(cards: Sequence[str], rules: MeldRules) -> bool:
    """Whether the set ``cards`` takes one more wild card (within its size and its quota)."""
    if rules.max_set is not None and len(cards) >= rules.max_set:
        return False
    if rules.all_wild and all(rules.is_wild(c) for c in cards):
        return True
    wild = sum(1 for c in cards if rules.is_wild(c))
    return wild + 1 <= rules.wild_limit(len(cards) + 1, natural_rank(cards, rules))
