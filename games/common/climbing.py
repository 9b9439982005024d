"""Climbing games (Thirteen, Big Two, Dou Dizhu): combinations, who beats whom, the
legal plays of a hand, the round of play, and the step-by-step prompt for a play.

**Cards and order.** Ranks run 3 < 4 < … < K < A < 2 (< black joker < red joker), as
*rank indexes* 0 (the 3) to 12 (the 2), 13 and 14 for the jokers. A game's `Rules` give
its suit order (low to high); a card's *power* orders cards by rank, then suit, then
copy (a second deck's card, ``"5H.1"``, beats the first deck's ``"5H"``: Thirteen's
higher back). With no suit order (Dou Dizhu) suits never matter.

**Combinations.** `classify` returns every valid reading of a set of cards as `Combo`
values: the kind (below), the cards, a key and the main part (without kickers). Kinds:

* ``single``, ``pair``, ``triple``, ``quad`` (Thirteen's four of a kind);
* ``straight`` (run of singles), ``pairs`` (run of pairs), ``plane`` (run of trips);
  runs never hold 2s or jokers (the ace is their top), and their length limits come
  from the rules;
* Big Two's five-card hands, one family ranked by category: ``straight`` < ``flush`` <
  ``fullhouse`` < ``fourkind`` (four of a kind + one) < ``straightflush``; a set of five
  cards gets only its highest category;
* Dou Dizhu's ``trio1`` / ``trio2`` (trips + a single / a pair), ``plane1`` / ``plane2``
  (an airplane with one single / one pair per trip), ``quad1`` / ``quad2`` (four of a
  kind + two singles / two pairs), ``bomb`` and ``rocket``.

Kickers (Dou Dizhu): an airplane's wings are all singles or all pairs; with
``kickers="strict"`` their ranks differ from the trips' and from each other, with
``"relaxed"`` they may repeat ranks and share the trips' ranks (so ``333444555666`` reads
as airplane 333-444-555-666, or as 333-444-555 + 6, 6, 6, or as 444-555-666 + 3, 3, 3).
Whatever that option says, the kicker of trips has another rank (a bare four of a kind
is only ever a bomb), and four of a kind takes two pairs of two other ranks, or two
singles of two other ranks (with ``quad_pair_kickers`` the singles may be a pair): so
``44445555`` is never four of a kind with pairs, and under relaxed kickers reads only as
airplane 444-555 + 4, 5. Both jokers are never kickers together.

**Comparing.** `beats(rules, play, table)`: same family, same number of cards, higher
key; or a special rule: a bomb beats anything but a higher bomb or the rocket, which
nothing beats (Dou Dizhu); a chop (four of a kind, or three or more pairs in a row)
beats plays as `Rules.chops` says (Thirteen: ``text`` anything that is not a chop;
``twos`` only sets of 2s; ``standard`` the ladder: a quad or 3 pairs in a row beats a
single 2, 4 pairs in a row also a pair of 2s, 5 or more also three 2s). A chop beats
another chop only when it is the same kind and length and higher.

**Legal plays.** `plays(rules, hand, table, must)` generates every play of the hand that
beats ``table`` (every lead when it is None), optionally containing the card ``must``.
Suits matter in Thirteen and Big Two, so every card set is its own play; in Dou Dizhu
one card set stands for each play (the first cards of each rank in power order) and
`canonical` maps any other choice of suits onto it.

**The round.** `ClimbState` holds what every climbing game keeps; `new_hand`, `lay` and
`step_on` run the round: after a play or a pass the turn goes to the next seat that still
holds cards and has not passed; when it comes back to the owner of the table play
(everyone else passed) the table clears and the owner leads anything. With knocking
(Thirteen) a seat that passed stays out until the table clears; otherwise (Big Two, Dou
Dizhu) passes only count since the last play. If the owner of the table play has gone
out, the next seat to their left that still holds cards leads.

**Prompts.** `prompt_paths` turns plays into answer paths: the kind (or Pass), the
length of a run when several are possible, the key card or rank, then (when several
card sets give the same kind and key) the cards, split into steps of at most 25
answers; a path that two readings of the same cards would share ends with "Play as".

**For the games.** `legal` caches a hand's plays on a table as moves (``play 3S 3H
as=pair``) with their readings, `refuse_play` explains why a play move is refused,
`prompt_choices` builds the prompt, and `rollout_pick` is a cheap playout policy (go out
if you can, lead low and long, beat with the lowest play, keep bombs, chops and 2s).
The Game-class side the games share (`ClimbGame`) is in `games.common.climb_game`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations, product
from typing import Any, NamedTuple

from games import cards as C
from games.engine import Event, Move, State
from games.text import Card, Cards, Seat, Text, texts

T, N = texts("climbing")

# --- ranks, suits, power ----------------------------------------------------------------

GAME_ORDER = (3, 4, 5, 6, 7, 8, 9, 10, C.JACK, C.QUEEN, C.KING, C.ACE, 2)   # card ranks, low → high
ACE, TWO, BLACK, RED = 11, 12, 13, 14                                      # rank indexes
_INDEX_OF_RANK = {r: i for i, r in enumerate(GAME_ORDER)}


def _rank_label(index: int) -> str:
    """A rank as an answer label: its code (the same in every language), or a joker's name."""
    if index < BLACK:
        return C.RANK_CODES[GAME_ORDER[index]]
    return T("{card}", card=Card(C.RED_JOKER if index == RED else C.BLACK_JOKER))


RANK_LABELS = tuple(_rank_label(i) for i in range(RED + 1))

SINGLE, PAIR, TRIPLE, QUAD = "single", "pair", "triple", "quad"
STRAIGHT, PAIRS, PLANE = "straight", "pairs", "plane"
FLUSH, FULLHOUSE, FOURKIND, STRAIGHTFLUSH = "flush", "fullhouse", "fourkind", "straightflush"
TRIO1, TRIO2, PLANE1, PLANE2, QUAD1, QUAD2 = "trio1", "trio2", "plane1", "plane2", "quad1", "quad2"
BOMB, ROCKET = "bomb", "rocket"
FIVE = "five"                                   # Big Two's family of five-card hands
POKER_KINDS = (STRAIGHT, FLUSH, FULLHOUSE, FOURKIND, STRAIGHTFLUSH)
RUN_KINDS = frozenset((STRAIGHT, PAIRS, PLANE, PLANE1, PLANE2))
KICKER_KINDS = frozenset((TRIO1, TRIO2, PLANE1, PLANE2, QUAD1, QUAD2))
CHOPS = frozenset((QUAD, PAIRS))                # Thirteen's chops
AMBIGUOUS_KINDS = frozenset((PLANE1, PLANE2))   # relaxed kickers may read these two ways

KIND_NAMES = {    # as a prompt's answer, or at the start of a sentence
    SINGLE: T("Single"), PAIR: T("Pair"), TRIPLE: T("Trips"), QUAD: T("Four of a kind"),
    STRAIGHT: T("Straight"), PAIRS: T("Pairs in a row"), PLANE: T("Airplane"),
    FLUSH: T("Flush"), FULLHOUSE: T("Full house"), FOURKIND: T("Four of a kind"), STRAIGHTFLUSH: T("Straight flush"),
    TRIO1: T("Trips + single"), TRIO2: T("Trips + pair"), PLANE1: T("Airplane + singles"),
    PLANE2: T("Airplane + pairs"), QUAD1: T("Four + two singles"), QUAD2: T("Four + two pairs"), BOMB: T("Bomb"),
    ROCKET: T("Rocket"),
}
KIND_WORDS = {    # inside a sentence: "plays pair 7♠ 7♥"
    SINGLE: T("single"), PAIR: T("pair"), TRIPLE: T("trips"), QUAD: T("four of a kind"),
    STRAIGHT: T("straight"), PAIRS: T("pairs in a row"), PLANE: T("airplane"),
    FLUSH: T("flush"), FULLHOUSE: T("full house"), FOURKIND: T("four of a kind"), STRAIGHTFLUSH: T("straight flush"),
    TRIO1: T("trips + single"), TRIO2: T("trips + pair"), PLANE1: T("airplane + singles"),
    PLANE2: T("airplane + pairs"), QUAD1: T("four + two singles"), QUAD2: T("four + two pairs"), BOMB: T("bomb"),
    ROCKET: T("rocket"),
}
_KIND_ORDER = {k: i for i, k in enumerate((
    SINGLE, PAIR, TRIPLE, QUAD, STRAIGHT, PAIRS, PLANE, TRIO1, TRIO2, PLANE1, PLANE2, QUAD1, QUAD2,
    FLUSH, FULLHOUSE, FOURKIND, STRAIGHTFLUSH, BOMB, ROCKET))}

# Big Two's straights as card ranks, lowest first by the sequence order (A-2-3-4-5 … 10-J-Q-K-A).
POKER_SEQUENCES = tuple(tuple(((r - 1) % 13) + 1 for r in range(start, start + 5)) for start in range(1, 11))
_SEQUENCE_OF = {frozenset(seq): i for i, seq in enumerate(POKER_SEQUENCES)}


class _Index(dict):
    def __missing__(self, code: str) -> int:
        c = C.card(code)
        value = (RED if c.suit == "R" else BLACK) if c.is_joker else _INDEX_OF_RANK[c.rank]
        self[code] = value
        return value


RANK_INDEX: dict[str, int] = _Index()


def rank_index(code: str) -> int:
    """0 for a 3 … 11 for an ace, 12 for a 2, 13 black joker, 14 red joker."""
    return RANK_INDEX[code]


class _Power(dict):
    def __init__(self, suits: str) -> None:
        super().__init__()
        self.suits = suits or "SHDC"

    def __missing__(self, code: str) -> int:
        c = C.card(code)
        suit = 0 if c.is_joker else self.suits.index(c.suit)
        value = RANK_INDEX[code] * 64 + suit * 16 + min(c.copy, 15)
        self[code] = value
        return value


@cache
def power_table(suits: str) -> dict[str, int]:
    """Code → power for a suit order (rank first, then suit, then copy)."""
    return _Power(suits)


def card_label(code: str) -> str:
    """A card's pretty text; a second deck's card is marked ², so two copies differ."""
    copy = C.card(code).copy
    return C.text(code) + ("²" if copy == 1 else f"^{copy}" if copy else "")


def cards_label(codes: Iterable[str]) -> str:
    return " ".join(card_label(c) for c in codes)


def card_param(code: str) -> Card | str:
    """A card as a text's parameter. A second deck's copy (Thirteen, which has no jokers) is its
    label, 5♥², the same in every language."""
    return card_label(code) if C.card(code).copy else Card(code)


def cards_param(codes: Iterable[str]) -> Cards | str:
    codes = tuple(codes)
    return cards_label(codes) if any(C.card(c).copy for c in codes) else Cards(codes)


# --- the rules of a game ---------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    """What a climbing game allows. Runs never include 2s or jokers."""

    kinds: frozenset[str]
    suits: str = ""                     # suit order low → high; "" = suits never matter
    straight: tuple[int, int] = (0, 0)  # cards in a run of singles (min, max)
    pairs: tuple[int, int] = (0, 0)     # pairs in a run of pairs
    trips: tuple[int, int] = (0, 0)     # trips in an airplane (with or without wings)
    poker: bool = False                 # Big Two's five-card hands
    chops: str = ""                     # Thirteen: "text", "twos" or "standard"
    kickers: str = "strict"             # Dou Dizhu: an airplane's wings "strict" or "relaxed"
    quad_pair_kickers: bool = False     # Dou Dizhu: a pair may be a quad's two singles
    straight_order: str = "sequence"    # Big Two: "sequence" (A-2-3-4-5 lowest) or "twos_high"
    flush_order: str = "suit"           # Big Two: flushes by "suit" first, or by "rank" first

    @property
    def power(self) -> dict[str, int]:
        return power_table(self.suits)

    def family(self, kind: str) -> str:
        return FIVE if self.poker and kind in POKER_KINDS else kind


def thirteen_rules(chops: str = "text") -> Rules:
    return Rules(frozenset((SINGLE, PAIR, TRIPLE, QUAD, STRAIGHT, PAIRS)), suits="SCDH",
                 straight=(3, 12), pairs=(3, 12), chops=chops)


def big_two_rules(straight_order: str = "sequence", flush_order: str = "suit") -> Rules:
    return Rules(frozenset((SINGLE, PAIR, TRIPLE) + POKER_KINDS), suits="DCHS", poker=True,
                 straight_order=straight_order, flush_order=flush_order)


def dou_dizhu_rules(kickers: str = "strict", quad_pair_kickers: bool = False) -> Rules:
    return Rules(frozenset((SINGLE, PAIR, TRIPLE, STRAIGHT, PAIRS, PLANE, TRIO1, TRIO2, PLANE1, PLANE2,
                            QUAD1, QUAD2, BOMB, ROCKET)),
                 straight=(5, 12), pairs=(3, 12), trips=(2, 12), kickers=kickers,
                 quad_pair_kickers=quad_pair_kickers)


# --- combinations ------------------------------------------------------------------------------

class Combo(NamedTuple):
    """One reading of a set of cards. ``cards`` are in power order; ``main`` is the part
    that ranks the play (all of it but the kickers); ``key`` compares plays of the same
    family and size."""

    kind: str
    cards: tuple[str, ...]
    key: tuple[int, ...]
    main: tuple[str, ...]

    @property
    def top(self) -> int:
        """The rank index of the main part's highest rank."""
        return RANK_INDEX[self.main[-1]]

    @property
    def units(self) -> int:
        """Ranks in the main part (a run's length; 1 for sets)."""
        return len({RANK_INDEX[c] for c in self.main})


def _groups(cards: Sequence[str]) -> dict[int, list[str]]:
    """Rank index → its cards (``cards`` in power order, so groups come out in rank order)."""
    out: dict[int, list[str]] = {}
    for code in cards:
        out.setdefault(RANK_INDEX[code], []).append(code)
    return out


def _set_key(rules: Rules, main: Sequence[str]) -> tuple[int, ...]:
    if rules.suits:
        return (rules.power[main[-1]],)
    return (RANK_INDEX[main[-1]],)


def classify(rules: Rules, cards: Iterable[str]) -> list[Combo]:
    """Every valid reading of ``cards`` (in no particular order); [] when none."""
    power = rules.power
    cards = tuple(sorted(cards, key=power.__getitem__))
    n = len(cards)
    if not n:
        return []
    groups = _groups(cards)
    ranks = list(groups)
    counts = [len(g) for g in groups.values()]
    kinds = rules.kinds
    out: list[Combo] = []
    if len(ranks) == 1:
        kind = {1: SINGLE, 2: PAIR, 3: TRIPLE, 4: QUAD}.get(n)
        if kind == QUAD and BOMB in kinds:
            kind = BOMB
        if kind in kinds and (n == 1 or ranks[0] < BLACK):
            out.append(Combo(kind, cards, _set_key(rules, cards), cards))
    if n == 2 and ROCKET in kinds and ranks == [BLACK, RED]:
        out.append(Combo(ROCKET, cards, (RED,), cards))
    width = counts[0]
    if 1 <= width <= 3 and all(c == width for c in counts) and ranks[-1] <= ACE \
            and ranks[-1] - ranks[0] == len(ranks) - 1:
        kind, limits = ((STRAIGHT, rules.straight), (PAIRS, rules.pairs), (PLANE, rules.trips))[width - 1]
        if kind in kinds and not (rules.poker and kind == STRAIGHT) and limits[0] <= len(ranks) <= limits[1]:
            out.append(Combo(kind, cards, _set_key(rules, cards), cards))
    if rules.poker and n == 5:
        combo = _poker(rules, cards, groups)
        if combo:
            out.append(combo)
    if kinds & KICKER_KINDS:
        _kicker_readings(rules, cards, groups, out)
    return out


def _poker(rules: Rules, cards: tuple[str, ...], groups: dict[int, list[str]]) -> Combo | None:
    """Big Two: the highest category of five cards, or None."""
    counts = sorted(len(g) for g in groups.values())
    if counts == [1, 4]:
        quad = next(r for r, g in groups.items() if len(g) == 4)
        return Combo(FOURKIND, cards, (3, quad), tuple(groups[quad]))
    if counts == [2, 3]:
        trips = next(r for r, g in groups.items() if len(g) == 3)
        return Combo(FULLHOUSE, cards, (2, trips), tuple(groups[trips]))
    if counts != [1, 1, 1, 1, 1]:
        return None
    flush = len({C.SUIT[c] for c in cards}) == 1
    seq = _SEQUENCE_OF.get(frozenset(C.RANK[c] for c in cards))
    if seq is not None:
        key = _straight_key(rules, cards, seq)
        return Combo(STRAIGHTFLUSH if flush else STRAIGHT, cards, (4 if flush else 0, *key), cards)
    if flush:
        suit = rules.suits.index(C.SUIT[cards[0]])
        ranks = tuple(RANK_INDEX[c] for c in reversed(cards))
        key = (1, suit, *ranks) if rules.flush_order == "suit" else (1, *ranks, suit)
        return Combo(FLUSH, cards, key, cards)
    return None


def _straight_key(rules: Rules, cards: Sequence[str], seq: int) -> tuple[int, ...]:
    suit_order = rules.suits
    if rules.straight_order == "sequence":
        top_rank = POKER_SEQUENCES[seq][-1]
        top = next(c for c in cards if C.RANK[c] == top_rank)
        return (seq, suit_order.index(C.SUIT[top]))
    # twos_high: by the cards from the highest down in the game's order, then the top card's suit
    ranks = tuple(RANK_INDEX[c] for c in reversed(cards))
    return (*ranks, suit_order.index(C.SUIT[cards[-1]]))


def poker_sequence_top(cards: Sequence[str]) -> str:
    """The card at the top of a Big Two straight's sequence (the 5 of A-2-3-4-5)."""
    top_rank = POKER_SEQUENCES[_SEQUENCE_OF[frozenset(C.RANK[c] for c in cards)]][-1]
    return next(c for c in cards if C.RANK[c] == top_rank)


def _relaxed(rules: Rules, kind: str) -> bool:
    """Whether the kickers of ``kind`` may repeat ranks or share the main ranks: only an
    airplane's wings, and only under relaxed kickers."""
    return rules.kickers == "relaxed" and kind in (PLANE1, PLANE2)


def _wings_ok(relaxed: bool, rest: dict[int, int], main_ranks: Sequence[int], size: int, wanted: int) -> bool:
    """Whether the cards left over (rank index → count) make ``wanted`` kickers of ``size``
    cards each (1: singles, 2: pairs); unless ``relaxed``, of ranks that differ from the
    main ranks and from each other."""
    if sum(rest.values()) != size * wanted:
        return False
    if size == 1:
        if rest.get(BLACK) and rest.get(RED):
            return False
        if relaxed:
            return True
        return all(c == 1 for c in rest.values()) and not any(r in rest for r in main_ranks)
    if any(r >= BLACK for r in rest):
        return False
    if relaxed:
        return all(c % 2 == 0 for c in rest.values())
    return all(c == 2 for c in rest.values()) and not any(r in rest for r in main_ranks)


def _quad_kickers_ok(rules: Rules, rest: dict[int, int], quad: int, size: int) -> bool:
    """Four of a kind's kickers, whatever the kickers option: two singles or two pairs of two
    other ranks; with ``quad_pair_kickers`` the two singles may be a pair."""
    if size == 1 and rules.quad_pair_kickers and list(rest.values()) == [2]:
        return True
    return _wings_ok(False, rest, (quad,), size, 2)


def _kicker_readings(rules: Rules, cards: tuple[str, ...], groups: dict[int, list[str]], out: list[Combo]) -> None:
    n = len(cards)
    kinds = rules.kinds
    counts = {r: len(g) for r, g in groups.items()}

    def rest_after(main: Sequence[int], per: int) -> dict[int, int]:
        rest = dict(counts)
        for r in main:
            rest[r] -= per
            if not rest[r]:
                del rest[r]
        return rest

    def add(kind: str, main_ranks: Sequence[int], per: int) -> None:
        main = tuple(c for r in main_ranks for c in groups[r][:per])
        out.append(Combo(kind, cards, (main_ranks[-1],), main))

    # trips + one single / one pair, of another rank: a bare four of a kind is only a bomb
    for kind, size in ((TRIO1, 1), (TRIO2, 2)):
        if kind in kinds and n == 3 + size:
            for r, c in counts.items():
                if c >= 3 and r <= TWO and _wings_ok(False, rest_after((r,), 3), (r,), size, 1):
                    add(kind, (r,), 3)
    # airplanes with one single / one pair per trip
    lo, hi = rules.trips
    for kind, size in ((PLANE1, 1), (PLANE2, 2)):
        if kind not in kinds or n % (3 + size):
            continue
        k = n // (3 + size)
        if not lo <= k <= hi:
            continue
        for start in range(0, ACE - k + 2):
            run = range(start, start + k)
            if all(counts.get(r, 0) >= 3 for r in run) and \
                    _wings_ok(_relaxed(rules, kind), rest_after(run, 3), run, size, k):
                add(kind, tuple(run), 3)
    # four of a kind + two singles / two pairs
    for kind, size in ((QUAD1, 1), (QUAD2, 2)):
        if kind in kinds and n == 4 + 2 * size:
            for r, c in counts.items():
                if c == 4 and _quad_kickers_ok(rules, rest_after((r,), 4), r, size):
                    add(kind, (r,), 4)


# --- comparing ------------------------------------------------------------------------------------

def is_chop(combo: Combo) -> bool:
    return combo.kind in CHOPS


def _chop_beats_twos(rules: Rules, chop: Combo, table: Combo) -> bool:
    """Thirteen: may this chop go on a non-chop ``table``?"""
    if rules.chops == "text":
        return True
    twos = table.kind in (SINGLE, PAIR, TRIPLE) and RANK_INDEX[table.cards[0]] == TWO
    if not twos:
        return False
    if rules.chops == "twos":
        return True
    count = len(table.cards)            # standard ladder
    pairs_in_run = len(chop.cards) // 2 if chop.kind == PAIRS else 3
    return count == 1 or (count == 2 and pairs_in_run >= 4) or (count == 3 and pairs_in_run >= 5)


def beats(rules: Rules, play: Combo, table: Combo | None) -> bool:
    """Whether ``play`` may go on ``table`` (None: a free lead, anything goes)."""
    if table is None:
        return True
    if (rules.family(play.kind) == rules.family(table.kind) and len(play.cards) == len(table.cards)
            and play.key > table.key):
        return True
    if play.kind == ROCKET:
        return table.kind != ROCKET
    if play.kind == BOMB:
        return table.kind not in (BOMB, ROCKET)
    if rules.chops and is_chop(play) and not is_chop(table):
        return _chop_beats_twos(rules, play, table)
    return False


# --- legal plays --------------------------------------------------------------------------------

def plays(rules: Rules, hand: Iterable[str], table: Combo | None = None, must: str | None = None) -> list[Combo]:
    """Every play of ``hand`` that beats ``table`` (every lead when None), each containing
    the card ``must`` if given (an opening card: for games where suits matter). Grouped
    by kind (in `kind_order`), then by run length and rank."""
    power = rules.power
    hand = sorted(hand, key=power.__getitem__)
    groups = _groups(hand)
    kinds, poker = _kinds_to_try(rules, None if table is None else table.kind,
                                 len(table.cards) if table is not None else 0)
    out: list[Combo] = []
    if rules.suits:
        floor = table.key[0] if table is not None and table.kind in _SUITED_SETS else -1
        for kind, fixed in kinds:
            _gen_suited(rules, kind, groups, fixed, out, floor if fixed else -1)
    else:
        floor = table.key[0] if table is not None and not rules.chops else -1
        for kind, fixed in kinds:
            _gen_plain(rules, kind, groups, fixed, out, floor if fixed else -1)
    if poker:
        _gen_poker(rules, groups, hand, out)
    if table is not None:
        out = [c for c in out if beats(rules, c, table)]
    if must is not None:
        out = [c for c in out if must in c.cards]
    return out


@lru_cache(maxsize=256)
def _kinds_to_try(rules: Rules, table_kind: str | None, size: int) -> tuple[tuple[tuple[str, int], ...], bool]:
    """The kinds `plays` generates on a table of ``table_kind`` (None: a lead), in kind order,
    each with the card count it must have (0: any), and whether Big Two's five-card hands
    are among them."""
    if table_kind is None:
        wanted = set(rules.kinds)
    else:
        fam = rules.family(table_kind)
        wanted = {k for k in rules.kinds if rules.family(k) == fam}
        if BOMB in rules.kinds and table_kind != ROCKET:
            wanted |= {BOMB, ROCKET}
        if rules.chops and table_kind not in CHOPS:
            wanted |= CHOPS & rules.kinds
    kinds = tuple((kind, size if table_kind is not None and rules.family(kind) == rules.family(table_kind) else 0)
                  for kind in sorted(wanted, key=_KIND_ORDER.__getitem__)
                  if not (rules.poker and kind in POKER_KINDS))
    poker = rules.poker and (table_kind is None or rules.family(table_kind) == FIVE)
    return kinds, poker


def _run_windows(kind: str, rules: Rules, groups: dict[int, list[str]], width: int, fixed: int):
    """(ranks) of every run of ``kind`` the counts allow; ``fixed`` cards if given."""
    lo, hi = {STRAIGHT: rules.straight, PAIRS: rules.pairs}.get(kind, rules.trips)
    if fixed:
        per = {STRAIGHT: 1, PAIRS: 2, PLANE: 3, PLANE1: 4, PLANE2: 5}[kind]
        if fixed % per:
            return
        lo = hi = fixed // per
    reach = [0] * (ACE + 2)         # ranks in a row from each rank up that hold ``width`` cards
    for r in range(ACE, -1, -1):
        g = groups.get(r)
        reach[r] = reach[r + 1] + 1 if g is not None and len(g) >= width else 0
    for length in range(max(lo, 1), min(hi, max(reach)) + 1):
        for start in range(0, ACE - length + 2):
            if reach[start] >= length:
                yield range(start, start + length)


_SUITED_SETS = (SINGLE, PAIR, TRIPLE, QUAD)


def _gen_suited(rules: Rules, kind: str, groups: dict[int, list[str]], fixed: int, out: list[Combo],
                floor: int = -1) -> None:
    """Thirteen and Big Two (suits matter: every card set is a play of its own). Sets whose
    highest card's power is at most ``floor`` (they could not beat the table) are left out."""
    power = rules.power
    if kind in _SUITED_SETS:
        m = _SUITED_SETS.index(kind) + 1
        for g in groups.values():
            if len(g) >= m and power[g[-1]] > floor:
                for combo in combinations(g, m):
                    out.append(Combo(kind, combo, (power[combo[-1]],), combo))
        return
    width = {STRAIGHT: 1, PAIRS: 2}.get(kind)
    if width is None:
        return
    for run in _run_windows(kind, rules, groups, width, fixed):
        choices = [list(combinations(groups[r], width)) for r in run]
        for parts in product(*choices):
            cards = tuple(c for part in parts for c in part)
            out.append(Combo(kind, cards, (power[cards[-1]],), cards))


def _gen_poker(rules: Rules, groups: dict[int, list[str]], hand: list[str], out: list[Combo]) -> None:
    """Big Two's five-card hands, each once under its highest category."""
    power = rules.power
    by_rank = {C.RANK[g[0]]: g for g in groups.values()}
    found: list[Combo] = []
    for seq in POKER_SEQUENCES:
        if all(r in by_rank for r in seq):
            for cards in product(*(by_rank[r] for r in seq)):
                found.append(_poker(rules, tuple(sorted(cards, key=power.__getitem__)), _groups(cards)))
    by_suit: dict[str, list[str]] = {}
    for code in hand:
        by_suit.setdefault(C.SUIT[code], []).append(code)
    for suited in by_suit.values():
        if len(suited) >= 5:
            for cards in combinations(suited, 5):
                if frozenset(C.RANK[c] for c in cards) not in _SEQUENCE_OF:
                    found.append(_poker(rules, cards, _groups(cards)))
    for t, tg in groups.items():
        if len(tg) >= 3:
            for trips in combinations(tg, 3):
                for p, pg in groups.items():
                    if p != t and len(pg) >= 2:
                        for pair in combinations(pg, 2):
                            cards = tuple(sorted(trips + pair, key=power.__getitem__))
                            found.append(Combo(FULLHOUSE, cards, (2, t), trips))
        if len(tg) == 4:
            for other in hand:
                if RANK_INDEX[other] != t:
                    cards = tuple(sorted((*tg, other), key=power.__getitem__))
                    found.append(Combo(FOURKIND, cards, (3, t), tuple(tg)))
    found.sort(key=lambda c: (_KIND_ORDER[c.kind], c.key))
    out.extend(found)


def _kicker_sets(relaxed: bool, rest: dict[int, list[str]], size: int, wanted: int, main_ranks: Sequence[int]):
    """The kicker card sets: ``wanted`` singles (size 1) or pairs (size 2) from ``rest``
    (rank → cards still free), of ranks that differ from the main ranks and from each other
    unless ``relaxed``; canonical cards, lowest ranks first."""
    if relaxed:
        slots = [r for r, g in rest.items() for _ in range(len(g) // size) if size == 1 or r < BLACK]
        seen = set()
        for pick in combinations(slots, wanted):
            if pick in seen or (size == 1 and BLACK in pick and RED in pick):
                continue
            seen.add(pick)
            taken: dict[int, int] = {}
            for r in pick:
                taken[r] = taken.get(r, 0) + size
            yield tuple(c for r, k in taken.items() for c in rest[r][:k])
        return
    ranks = [r for r, g in rest.items() if r not in main_ranks and len(g) >= size and (size == 1 or r < BLACK)]
    for pick in combinations(ranks, wanted):
        if size == 1 and BLACK in pick and RED in pick:
            continue
        yield tuple(c for r in pick for c in rest[r][:size])


def _gen_plain(rules: Rules, kind: str, groups: dict[int, list[str]], fixed: int, out: list[Combo],
               floor: int = -1) -> None:
    """Dou Dizhu (suits never matter: one card set per play). Plays whose rank (a run's top) is at
    most ``floor`` (they could not beat the table) are left out."""
    power = rules.power.__getitem__
    if kind in (SINGLE, PAIR, TRIPLE, BOMB):
        m = {SINGLE: 1, PAIR: 2, TRIPLE: 3, BOMB: 4}[kind]
        for r, g in groups.items():
            if len(g) >= m and (m == 1 or r < BLACK) and r > floor:
                cards = tuple(g[:m])
                out.append(Combo(kind, cards, (r,), cards))
        return
    if kind == ROCKET:
        if BLACK in groups and RED in groups:
            cards = (groups[BLACK][0], groups[RED][0])
            out.append(Combo(ROCKET, cards, (RED,), cards))
        return
    if kind in (STRAIGHT, PAIRS, PLANE):
        width = {STRAIGHT: 1, PAIRS: 2, PLANE: 3}[kind]
        for run in _run_windows(kind, rules, groups, width, fixed):
            if run[-1] <= floor:
                continue
            cards = tuple(c for r in run for c in groups[r][:width])
            out.append(Combo(kind, cards, (run[-1],), cards))
        return
    if kind in (TRIO1, TRIO2, QUAD1, QUAD2):
        per = 3 if kind in (TRIO1, TRIO2) else 4
        size = 1 if kind in (TRIO1, QUAD1) else 2
        wanted = 1 if per == 3 else 2
        for r, g in groups.items():
            if r >= BLACK or r <= floor or len(g) < per or (per == 4 and len(g) != 4):
                continue
            main = tuple(g[:per])
            rest = {q: (h if q != r else h[per:]) for q, h in groups.items()}
            rest = {q: h for q, h in rest.items() if h}
            sets = list(_kicker_sets(False, rest, size, wanted, (r,)))
            if kind == QUAD1 and rules.quad_pair_kickers:
                sets += [tuple(h[:2]) for q, h in rest.items() if q != r and q < BLACK and len(h) >= 2]
            for kick in sets:
                out.append(Combo(kind, tuple(sorted(main + kick, key=power)), (r,), main))
        return
    if kind in (PLANE1, PLANE2):
        size = 1 if kind == PLANE1 else 2
        for run in _run_windows(kind, rules, groups, 3, fixed):
            if run[-1] <= floor:
                continue
            main = tuple(c for r in run for c in groups[r][:3])
            rest = {q: (h if q not in run else h[3:]) for q, h in groups.items()}
            rest = {q: h for q, h in rest.items() if h}
            for kick in _kicker_sets(_relaxed(rules, kind), rest, size, len(run), run):
                out.append(Combo(kind, tuple(sorted(main + kick, key=power)), (run[-1],), main))


def canonical(rules: Rules, hand: Sequence[str], cards: Sequence[str]) -> tuple[str, ...] | None:
    """Dou Dizhu: the card set `plays` uses for the ranks of ``cards`` (which must be in
    ``hand``), or None if the hand does not hold them."""
    power = rules.power
    groups = _groups(sorted(hand, key=power.__getitem__))
    wanted: dict[int, int] = {}
    for code in cards:
        wanted[RANK_INDEX[code]] = wanted.get(RANK_INDEX[code], 0) + 1
    out = []
    for r, k in wanted.items():
        g = groups.get(r, [])
        if len(g) < k:
            return None
        out += g[:k]
    return tuple(sorted(out, key=power.__getitem__))


# --- moves --------------------------------------------------------------------------------------

def combo_move(rules: Rules, combo: Combo) -> Move:
    """The move text of a play: ``play 3S 3H as=pair`` (relaxed Dou Dizhu kickers add
    ``top=`` to the kinds that can read two ways)."""
    if rules.kickers == "relaxed" and combo.kind in AMBIGUOUS_KINDS:
        return Move("play", combo.cards, (("as", combo.kind), ("top", C.RANK_CODES[GAME_ORDER[combo.top]])))
    return Move("play", combo.cards, (("as", combo.kind),))


def move_readings(rules: Rules, move: Move) -> list[Combo]:
    """The readings of a play move's cards that match its ``as=`` and ``top=`` (every
    reading when ``as`` is missing)."""
    readings = classify(rules, move.args)
    kind, top = move.param("as"), move.param("top")
    if kind is not None:
        readings = [c for c in readings if c.kind == kind]
    if top is not None:
        readings = [c for c in readings if C.RANK_CODES[GAME_ORDER[c.top]] == top] if top in C.RANK_BY_CODE else []
    return readings


# --- the round ----------------------------------------------------------------------------------

@dataclass(kw_only=True)
class ClimbState(State):
    """What every climbing game keeps (games add their own fields)."""

    hands: list[list[str]] = field(default_factory=list)
    turn: int = 0
    table: list[str] = field(default_factory=list)      # the play to beat ([] = a free lead)
    table_as: str = ""                                  # its kind
    table_key: list[int] = field(default_factory=list)  # its key
    table_by: int = -1                                  # who played it
    played: list[str] = field(default_factory=list)     # earlier plays this hand, face up
    passed: list[bool] = field(default_factory=list)    # passed (knocked) since the last play / table clear
    finished: list[int] = field(default_factory=list)   # seats out of cards this hand, in order
    opening: str = ""                                   # the hand's first play must include this card
    last_result: Any = ""                               # the last hand's result, as `games.text.text_data`


def table_combo(s: ClimbState, rules: Rules) -> Combo | None:
    if not s.table:
        return None
    cards = tuple(s.table)
    return Combo(s.table_as, cards, tuple(s.table_key), _main_of(rules, cards, s.table_as, tuple(s.table_key)))


@lru_cache(maxsize=4096)
def _main_of(rules: Rules, cards: tuple[str, ...], kind: str, key: tuple[int, ...]) -> tuple[str, ...]:
    for c in classify(rules, cards):
        if c.kind == kind and c.key == key:
            return c.main
    return cards


def lay(s: ClimbState, seat: int, combo: Combo, knock: bool, hands: Sequence[list[str]] = ()) -> None:
    """Put ``combo`` on the table from the seat's hand (or from the first of ``hands``
    holding each card): the old table play joins the played cards, and passes are
    forgotten unless the game knocks (then knocked seats stay out until the table clears)."""
    for code in combo.cards:
        for held in hands or (s.hands[seat],):
            if code in held:
                held.remove(code)
                break
        else:
            raise ValueError(f"seat {seat} does not hold {code}")
    if not knock:
        s.passed = [False] * s.players
    s.played += s.table
    s.table = list(combo.cards)
    s.table_as, s.table_key, s.table_by = combo.kind, list(combo.key), seat
    s.opening = ""


def new_hand(s: ClimbState) -> None:
    """Count a new hand: the table, the played cards and the finishers start empty."""
    s.hand_no += 1
    clear_table(s)
    s.played, s.finished = [], []


def clear_table(s: ClimbState) -> None:
    s.played += s.table
    s.table, s.table_as, s.table_key, s.table_by = [], "", [], -1
    s.passed = [False] * s.players


def step_on(s: ClimbState, seat: int, left: Sequence[int]) -> int | None:
    """Move the turn on after ``seat`` played or passed. ``left`` gives each seat's cards
    in hand. Returns the seat that now leads freely when the table cleared, else None."""
    n = s.players
    owner = s.table_by
    i = seat
    for _ in range(n):
        i = (i + 1) % n
        if i == owner and left[i]:
            clear_table(s)
            s.turn = i
            return i
        if left[i] and not s.passed[i] and i != owner:
            s.turn = i
            return None
    # nobody may answer and the owner has gone out: the next seat left of the owner leads
    clear_table(s)
    i = owner
    for _ in range(n):
        i = (i + 1) % n
        if left[i]:
            s.turn = i
            return i
    return None


# --- prompts --------------------------------------------------------------------------------------

MAX_ANSWERS = 25


def _key_step(rules: Rules, combo: Combo) -> tuple[str, str]:
    kind = combo.kind
    if rules.suits:
        if rules.poker and kind in POKER_KINDS:
            if kind in (STRAIGHT, STRAIGHTFLUSH):
                seq = POKER_SEQUENCES[_SEQUENCE_OF[frozenset(C.RANK[c] for c in combo.cards)]]
                top = poker_sequence_top(combo.cards)
                return T("Which sequence?"), T("{low}–{high} ({card} on top)", low=C.RANK_CODES[seq[0]],
                                                 high=C.RANK_CODES[seq[-1]], card=card_param(top))
            if kind == FLUSH:
                return T("Highest card"), card_label(combo.cards[-1])
            return T("Of which rank?"), RANK_LABELS[combo.top]
        return (T("Which card?") if kind == SINGLE else T("Highest card")), card_label(combo.main[-1])
    ranks = sorted({RANK_INDEX[c] for c in combo.main})
    per = len(combo.main) // len(ranks)
    if kind == SINGLE:
        return T("Which card?"), RANK_LABELS[ranks[0]]
    if kind in RUN_KINDS:
        return T("Which run?"), f"{RANK_LABELS[ranks[0]]}–{RANK_LABELS[ranks[-1]]}"
    return T("Which rank?"), " ".join([RANK_LABELS[ranks[0]]] * per)   # jokers are never more than one


def _length_label(combo: Combo) -> str:
    n = combo.units
    if combo.kind == STRAIGHT:
        return N("{n} card", "{n} cards", n)
    if combo.kind == PAIRS:
        return N("{n} pair", "{n} pairs", n)
    return N("{n} trips", "{n} trips", n)


def _spaced(parts: Sequence[str]) -> str:
    """Labels one after another ("9 J"); through the catalog when one of them is a joker's name."""
    if not any(isinstance(p, Text) for p in parts):
        return " ".join(parts)
    out = parts[0]
    for part in parts[1:]:
        out = T("{first} {next}", first=out, next=part)
    return out


def _components(rules: Rules, combo: Combo) -> tuple[list[str], str]:
    """The parts a card-choice step tells apart (highest first), and the whole choice's label."""
    if rules.suits:
        cards = list(combo.cards)
        return [card_label(c) for c in reversed(cards)], cards_label(cards)
    rest = list(combo.cards)
    for code in combo.main:
        rest.remove(code)
    ranks = [RANK_LABELS[RANK_INDEX[c]] for c in rest]
    if combo.kind in (TRIO2, PLANE2, QUAD2):
        parts = [ranks[i] * 2 for i in range(0, len(ranks), 2)]
    else:
        parts = ranks
    return list(reversed(parts)), T("+ {kickers}", kickers=_spaced(parts))


def _split(items: list[tuple[int, list[str], str]], question: str, detail: str,
           out: dict[int, list[tuple[str, str]]]) -> None:
    """Card-choice steps: all choices at once when at most 25, otherwise one part at a time."""
    if len(items) <= MAX_ANSWERS:
        for i, _parts, label in items:
            out[i].append((question, label))
        return
    depth, shortest = 0, min(len(p) for _, p, _ in items)
    while depth < shortest and len({tuple(p[:depth + 1]) for _, p, _ in items}) == 1:
        depth += 1
    if depth >= shortest:           # the same cards every time: nothing to tell apart here
        for i, _parts, label in items:
            out[i].append((question, label))
        return
    groups: dict[str, list[tuple[int, list[str], str]]] = {}
    for item in items:
        groups.setdefault(item[1][depth], []).append(item)
    for part, group in groups.items():
        if len(group) == 1:
            out[group[0][0]].append((detail, T("{part} …", part=part)))
            continue
        for i, _parts, _label in group:
            out[i].append((detail, part))
        _split([(i, p[depth + 1:], label) for i, p, label in group], question, detail, out)


def prompt_paths(rules: Rules, items: Sequence[tuple[Move, Combo | None, str]],
                 first_question: str = T("What will you play?")) -> list[tuple[tuple[str, str], ...]]:
    """Answer paths for moves: ``items`` are (move, its reading or None, and for non-play
    moves the label of the first answer, e.g. "Pass")."""
    paths: dict[int, list[tuple[str, str]]] = {i: [] for i in range(len(items))}
    families: dict[str, list[int]] = {}
    for i, (_move, combo, label) in enumerate(items):
        if combo is None:
            paths[i].append((first_question, label))
            continue
        fam = rules.family(combo.kind)
        paths[i].append((first_question, T("Five-card hand") if fam == FIVE else KIND_NAMES[combo.kind]))
        families.setdefault(fam, []).append(i)
    for fam, members in families.items():
        groups: dict[tuple, list[int]] = {}
        if fam == FIVE:
            for i in members:
                paths[i].append((T("Which hand?"), KIND_NAMES[items[i][1].kind]))
        if fam in RUN_KINDS and not (rules.poker and fam == STRAIGHT):
            lengths = {items[i][1].units for i in members}
            if len(lengths) > 1:
                for i in members:
                    paths[i].append((T("How long?"), _length_label(items[i][1])))
        single_reading = len(members) == 1 and fam in (ROCKET,)
        for i in members:
            if single_reading:
                continue
            paths[i].append(_key_step(rules, items[i][1]))
            groups.setdefault(tuple(paths[i]), []).append(i)
        for group in groups.values():
            if len(group) < 2:
                continue
            parts = {i: _components(rules, items[i][1]) for i in group}
            if len({parts[i][1] for i in group}) == 1:
                continue
            question = T("Which cards?") if rules.suits else T("Which kickers?")
            detail = T("Including which card?") if rules.suits else T("Including which kicker?")
            _split([(i, *parts[i]) for i in group], question, detail, paths)
    # the same path for two moves: the same cards read two ways
    seen: dict[tuple, list[int]] = {}
    for i, path in paths.items():
        seen.setdefault(tuple(path), []).append(i)
    for group in seen.values():
        if len(group) > 1:
            labels = [T("{kind}, {rank} high", kind=KIND_NAMES[items[i][1].kind], rank=RANK_LABELS[items[i][1].top])
                      if items[i][1] else items[i][2] for i in group]
            if len(set(labels)) < len(labels):
                labels = [T("{label} ({n})", label=label, n=n + 1) for n, label in enumerate(labels)]
            for i, label in zip(group, labels, strict=True):
                paths[i].append((T("Play as"), label))
    return [tuple(paths[i]) for i in range(len(items))]


def combo_cards(combo: Combo) -> Any:
    """A play's cards as a text's parameter, the main part first and any kickers after a "+"
    (Big Two's four of a kind is printed like the kicker kinds: "K♦ K♣ K♥ K♠ + 5♣")."""
    if combo.kind in KICKER_KINDS or combo.kind == FOURKIND:
        rest = list(combo.cards)
        for code in combo.main:
            rest.remove(code)
        return T("{main} + {kickers}", main=cards_param(combo.main), kickers=cards_param(rest))
    return cards_param(combo.cards)


def describe_combo(combo: Combo) -> Text:
    """A short sentence part: "pair 7♠ 7♥", "airplane + singles 3♠ 3♥ 3♦ 4♠ 4♥ 4♦ + 9♣ J♦",
    "four of a kind K♦ K♣ K♥ K♠ + 5♣"."""
    return T("{kind} {cards}", kind=KIND_WORDS[combo.kind], cards=combo_cards(combo))


def kind_order(kind: str) -> int:
    return _KIND_ORDER[kind]


# --- the game side: cached legal moves, refusals, prompts, a rollout policy ---------------------------

PASS_MOVE = Move("pass")


class Legal(NamedTuple):
    moves: tuple[Move, ...]          # the plays, in generation order (no pass)
    combos: dict[Move, Combo]        # each play's reading


@lru_cache(maxsize=1024)
def _legal(rules: Rules, hand: tuple[str, ...], table: tuple[str, ...], kind: str, key: tuple[int, ...],
           must: str) -> Legal:
    on = Combo(kind, table, key, table) if table else None
    combos = {combo_move(rules, c): c for c in plays(rules, hand, on, must or None)}
    return Legal(tuple(combos), combos)


def legal(rules: Rules, hand: Sequence[str], s: ClimbState) -> Legal:
    """The plays ``hand`` may make on the table of ``s`` (cached: search playouts ask often)."""
    return _legal(rules, tuple(hand), tuple(s.table), s.table_as, tuple(s.table_key), s.opening)


def _held(hand: Sequence[str], cards: Sequence[str]) -> bool:
    pool = list(hand)
    for code in cards:
        if code not in pool:
            return False
        pool.remove(code)
    return True


def refuse_play(rules: Rules, hand: Sequence[str], s: ClimbState, move: Move,
                opening: Any = None) -> tuple[Combo | None, Text | None]:
    """(the reading to play, None) for a legal play move, or (None, a reason to show).
    ``opening`` names the card the hand's first play must include (a text's parameter)."""
    if not move.args:
        return None, T("Say which cards to play, e.g. '{example}'.", example="play 3S 3H as=pair")
    if not all(C.is_card(a) for a in move.args):
        bad = next(a for a in move.args if not C.is_card(a))
        return None, T("'{word}' is not a card (try codes like {examples}).", word=bad,
                       examples="8S, 10D, QH, AC, JKR")
    cards = [C.card(a).code for a in move.args]
    if not _held(hand, cards):
        missing = next(c for c in cards if cards.count(c) > list(hand).count(c))
        return None, T("You do not hold {card}.", card=card_param(missing))
    unknown = [name for name, _v in move.params if name not in ("as", "top")]
    if unknown:
        return None, T("'{word}=' is not part of a play; use as=… to say how to read the cards.", word=unknown[0])
    readings = classify(rules, cards)
    if not readings:
        return None, T("{cards} is not a combination you can play.",
                       cards=cards_param(sorted(cards, key=rules.power.__getitem__)))
    chosen = move_readings(rules, Move(move.kind, tuple(cards), move.params))
    if not chosen:
        names = ", ".join(sorted({f"as={c.kind}" for c in readings}))
        return None, T("Those cards cannot be played as {kind}: they read as {readings}.",
                       kind=move.param("as"), readings=names)
    table = table_combo(s, rules)
    beating = [c for c in chosen if beats(rules, c, table)]
    if not beating:
        return None, _not_beating(rules, chosen[0], table)
    if s.opening and s.opening not in cards:
        return None, T("The first play of the hand must include {card}.", card=opening or card_param(s.opening))
    if len(beating) > 1:
        tops = ", ".join(f"top={C.RANK_CODES[GAME_ORDER[c.top]]}" for c in beating)
        return None, T("Those cards can be played more than one way: add one of {tops}.", tops=tops)
    return beating[0], None


def _shape(rules: Rules, table: Combo) -> Text:
    """What a play must be to go on ``table``, with its article: "a single", "a straight of
    5 cards", "3 pairs in a row", "a five-card hand"."""
    n, units = len(table.cards), table.units
    if rules.family(table.kind) == FIVE:
        return T("a five-card hand")
    kind = table.kind
    if kind == STRAIGHT:
        return T("a straight of {n} cards", n=n)
    if kind == PAIRS:
        return T("{n} pairs in a row", n=units)
    if kind == PLANE:
        return T("an airplane of {n} trips", n=units)
    if kind == PLANE1:                          # an airplane with wings: its size matters too
        return T("an airplane + singles of {n} cards", n=n)
    if kind == PLANE2:
        return T("an airplane + pairs of {n} cards", n=n)
    shapes = {SINGLE: T("a single"), PAIR: T("a pair"), TRIPLE: T("trips"), QUAD: T("four of a kind"),
              BOMB: T("a bomb")}
    return shapes.get(kind) or KIND_WORDS[kind]  # trips + single, four + two pairs, …


def _not_beating(rules: Rules, play: Combo, table: Combo) -> Text:
    """Why ``play`` may not go on ``table``: too low for the same shape, or the shape to play."""
    if table.kind == ROCKET:
        return T("Nothing beats the rocket: pass.")
    same_shape = rules.family(play.kind) == rules.family(table.kind) and len(play.cards) == len(table.cards)
    if same_shape or (table.kind != BOMB and rules.chops and is_chop(play)):
        return T("{kind} {cards} does not beat {table}.", kind=KIND_NAMES[play.kind], cards=combo_cards(play),
                 table=describe_combo(table))
    if table.kind == BOMB:
        return T("Only a higher bomb or the rocket beats the bomb {cards}.", cards=combo_cards(table))
    shown = describe_combo(table) if rules.family(table.kind) == FIVE else combo_cards(table)
    if BOMB in rules.kinds:
        return T("You must play {shape} higher than {table}, or a bomb or the rocket.",
                 shape=_shape(rules, table), table=shown)
    return T("You must play {shape} higher than {table}.", shape=_shape(rules, table), table=shown)


def prompt_choices(rules: Rules, pairs: Sequence[tuple[Move, Combo | None]], pass_label: str) -> tuple:
    """(move, path) for each move; non-play moves (None reading) get ``pass_label``."""
    items = [(m, c, "" if c is not None else pass_label) for m, c in pairs]
    return tuple(zip([m for m, _c in pairs], prompt_paths(rules, items), strict=True))


def rollout_pick(rules: Rules, hand: Sequence[str], options: Legal, can_pass: bool, rng,
                 danger: bool = False, hold_back: bool = False) -> Move:
    """A cheap playout policy: go out if you can; lead the longest play holding your lowest
    card; otherwise play the lowest play that beats, keeping bombs, rockets, chops and
    (when nobody is close to going out) 2s and jokers for later. ``danger``: an opponent
    is close to going out (spend power cards); ``hold_back``: rather pass (a partner's
    play is on the table)."""
    moves = options.moves
    if not moves:
        return PASS_MOVE
    if rng.random() < 0.08:
        pick = rng.randrange(len(moves) + (1 if can_pass else 0))
        return moves[pick] if pick < len(moves) else PASS_MOVE
    size = len(hand)
    best, best_key = None, None
    for m in moves:
        c = options.combos[m]
        if len(c.cards) == size:
            return m
        strong = c.kind in (BOMB, ROCKET) or (bool(rules.chops) and c.kind in CHOPS)
        high = c.top >= TWO
        if not can_pass:     # a lead: the longest play holding the lowest card, power saved
            key = (strong, high, RANK_INDEX[c.cards[0]], -len(c.cards), c.key)
        else:
            key = (strong, high and not danger, c.key)
        if best_key is None or key < best_key:
            best, best_key = m, key
    c = options.combos[best]
    if can_pass:
        strong = c.kind in (BOMB, ROCKET) or (bool(rules.chops) and c.kind in CHOPS)
        if hold_back or (strong and not danger) or (c.top >= TWO and not danger and rng.random() < 0.6):
            return PASS_MOVE
    return best


def open_lead(s: ClimbState, power: dict[str, int], by_winner: bool) -> list[Event]:
    """Who leads a new hand: the last hand's winner (``by_winner``), or whoever holds the
    lowest card in play, who must lead it."""
    if by_winner:
        s.turn, s.opening = s.last_winner, ""
        return [Event(T("{seat} won the last hand and leads.", seat=Seat(s.turn)))]
    lowest = min((c for h in s.hands for c in h), key=power.__getitem__)
    s.turn = next(i for i, h in enumerate(s.hands) if lowest in h)
    s.opening = lowest
    return [Event(T("{seat} holds the lowest card and leads with it.", seat=Seat(s.turn)))]
