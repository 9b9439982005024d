"""Capture-by-sum for the fishing games (Scopa, Kontsina, Cassino, Diloti, Xeri).

A played card captures table cards in two ways:

* **pairing**: table cards of the same rank. ``pairing="one"`` (Scopa, Kontsina)
  offers each equal-rank card as a capture of its own; ``"all"`` takes every
  equal-rank card at once; ``"none"`` (or None) turns pairing off.
* **addition**: a set of ``min_addition`` or more table cards whose values add up
  to the played card's value.

With ``pairing_first`` (Scopa) a card that can pair may not add. Values come from
a map or function (card code → value); a card whose value is None or not
positive never takes part in a sum, and a played card without a value cannot add.

Options come back as lists of card codes in table order: pairings first, then
additions by size, then by the table positions they use. The search walks the
values in ascending order and stops a branch as soon as it overshoots or the
cards left cannot make up the rest, so large tables stay fast; ``limit`` caps the
number of additions searched for (the search stops once it has that many, so
with a limit the ones returned are not necessarily the smallest).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games import cards as C
from games.common.table import card_to_play
from games.engine import Move
from games.text import Card, Cards, Text, texts

T, N = texts("capture")

ValueOf = Mapping[str, int] | Callable[[str], "int | None"]


def _value_fn(values: ValueOf) -> Callable[[str], int | None]:
    if callable(values):
        return values
    return values.get


def numeral_value(code: str) -> int | None:
    """A card's value for adding up in the French-suited fishing games (Kontsina, Cassino,
    Diloti): ace 1, numerals their pips; court cards have none (they only pair)."""
    rank = C.RANK[code]
    return rank if rank <= 10 else None


def table_key(code: str) -> tuple[int, int]:
    """Loose table cards are kept in rank order, then suit, so captures list low cards first."""
    return (C.RANK[code], C.SUITS.index(C.SUIT[code]))


def lay_card(table: list[str], code: str) -> None:
    """Lay ``code`` on the table, which stays in table order (`table_key`)."""
    table.append(code)
    table.sort(key=table_key)


def sum_text(codes: Sequence[str]) -> Text:
    """Cards added up: "3♣ + 4♥" (one card: just that card)."""
    text = T("{card}", card=Card(codes[0]))
    for code in codes[1:]:
        text = T("{cards} + {card}", cards=text, card=Card(code))
    return text


def captures_text(options: Sequence[Sequence[str]], most: int = 4) -> Text:
    """A card's captures: "7♥ or 3♣ + 4♥" (at most ``most``, then how many more)."""
    text = sum_text(options[0])
    for taken in options[1:most]:
        text = T("{captures} or {capture}", captures=text, capture=sum_text(taken))
    if len(options) > most:
        more = len(options) - most
        text = N("{captures} (or {n} more)", "{captures} (or {n} more)", more, captures=text)
    return text


def sum_subsets(values: Sequence[int | None], target: int, min_size: int = 1,
                limit: int | None = None) -> list[tuple[int, ...]]:
    """Index tuples (ascending) of the items whose values add up to ``target``,
    with at least ``min_size`` items; items valued None or below 1 are skipped.
    Ordered by size, then by the indexes; ``limit`` stops the search early."""
    items = sorted((v, i) for i, v in enumerate(values) if v is not None and v > 0)
    if target <= 0 or not items:
        return []
    vals = [v for v, _ in items]
    idx = [i for _, i in items]
    n = len(items)
    suffix = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        suffix[k] = suffix[k + 1] + vals[k]
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def walk(start: int, remaining: int) -> bool:
        """False once ``limit`` subsets are found (stop searching)."""
        for k in range(start, n):
            v = vals[k]
            if v > remaining or suffix[k] < remaining:
                return True     # sorted: later values overshoot, or cannot make up the rest
            chosen.append(idx[k])
            if v == remaining:
                if len(chosen) >= min_size:
                    found.append(tuple(sorted(chosen)))
                    if limit is not None and len(found) >= limit:
                        return False
            elif not walk(k + 1, remaining - v):
                return False
            chosen.pop()
        return True

    walk(0, target)
    found.sort(key=lambda t: (len(t), t))
    return found


def capture_options(table: Sequence[str], played: str, values: ValueOf, *,
                    pairing: str | None = "one", pairing_first: bool = True,
                    min_addition: int = 2, limit: int | None = None) -> list[list[str]]:
    """Every capture ``played`` can make from ``table`` (card codes), as lists of
    table card codes in table order; empty when the card can only be trailed."""
    rank = C.rank(played)
    pairs: list[list[str]] = []
    if pairing == "one":
        pairs = [[c] for c in table if C.rank(c) == rank]
    elif pairing == "all":
        same = [c for c in table if C.rank(c) == rank]
        pairs = [same] if same else []
    elif pairing not in (None, "none"):
        raise ValueError(f"pairing must be 'one', 'all' or 'none' (got {pairing!r})")
    if pairs and pairing_first:
        return pairs
    value_of = _value_fn(values)
    target = value_of(played)
    if target is None or target <= 0:
        return pairs
    found = sum_subsets([value_of(c) for c in table], target, max(min_addition, 1), limit)
    return pairs + [[table[i] for i in subset] for subset in found]


def can_capture(table: Sequence[str], played: str, values: ValueOf, **rules) -> bool:
    """Whether ``played`` has any capture on ``table`` (same rules as `capture_options`)."""
    return bool(capture_options(table, played, values, limit=1, **rules))


# --- one capture a play, named with take= (Scopa, Kontsina) ----------------------------------------

@dataclass(frozen=True)
class TakeWords:
    """A game's own sentences for refusing a ``play CARD [take=A+B]`` move (`refuse_take`); each is
    called with the parameters its sentence names."""

    not_a_move: Callable[[str], Text]                      # the move, as written
    not_part: Callable[[str], Text]                        # a parameter other than take=
    must_capture: Callable[[Card, Text, str], Text]        # the card, its captures, an example move
    cannot_capture: Callable[[Card], Text]
    not_cards: Callable[[str], Text]                       # the take= text
    repeated: Callable[[], Text]
    not_on_table: Callable[[Card], Text]
    wrong_capture: Callable[[str, list[str], list[list[str]]], Text]   # card, cards taken, its captures


def refuse_take(move: Move, hand: Sequence[str], table: Sequence[str], captures: Callable[[str], list[list[str]]],
                words: TakeWords, *, may_lay: bool) -> Text | None:
    """Why ``move`` (a card, alone or with ``take=`` the table cards it captures) may not be played,
    or None. ``captures`` lists a card's captures; ``may_lay``: a card that can capture may still be
    laid on the table."""
    if move.kind != "play":
        return words.not_a_move(str(move))
    code, why = card_to_play(move, hand, "7D")
    if why:
        return why
    extra = [name for name, _ in move.params if name != "take"]
    if extra:
        return words.not_part(extra[0])
    options = captures(code)
    take = move.param("take")
    if take is None:
        if options and not may_lay:
            return words.must_capture(Card(code), captures_text(options), f"play {code} take={'+'.join(options[0])}")
        return None
    if not options:
        return words.cannot_capture(Card(code))
    parts = take.split("+")
    if not all(C.is_card(p) for p in parts):
        return words.not_cards(take)
    taken = [C.card(p).code for p in parts]
    if len(set(taken)) != len(taken):
        return words.repeated()
    missing = next((t for t in taken if t not in table), None)
    if missing is not None:
        return words.not_on_table(Card(missing))
    if set(taken) in [set(o) for o in options]:
        return None
    return words.wrong_capture(code, taken, options)


# --- many combinations at once (Cassino, Diloti) ---------------------------------------------------

Capture = tuple[list[str], list[str]]    # (loose cards taken, in table order; piles taken, by id)
PileValues = Sequence[tuple[str, int]]   # the piles on the table: (id, value)


def _pairings(loose: Sequence[str], played: str, pairing: str) -> list[list[str]]:
    """The choices of same-rank loose cards: ``"all"`` all of them or none, ``"one"`` one of them
    or none."""
    same = [c for c in loose if C.rank(c) == C.rank(played)]
    if not same:
        return [[]]
    if pairing == "all":
        return [[], same]
    if pairing == "one":
        return [[]] + [[c] for c in same]
    raise ValueError(f"pairing must be 'all' or 'one' (got {pairing!r})")


def multi_captures(loose: Sequence[str], played: str, values: ValueOf, piles: PileValues = (), *,
                   pairing: str = "all", limit: int | None = 400) -> list[Capture]:
    """Every capture ``played`` can make in one play: any non-empty combination of the loose
    cards of its rank (as ``pairing`` says), any number of disjoint sets of two or more loose
    valued cards adding up to its value, and any piles of its value (atoms). Captures taking
    the same cards are one. Most cards first; ``limit`` caps the number of combinations of
    sets searched (None: all), so the largest tables stay fast."""
    value_of = _value_fn(values)
    target = value_of(played)
    rank = C.rank(played)
    adders = [i for i, c in enumerate(loose) if C.rank(c) != rank]
    unions: list[int] = [0]
    if target is not None and target > 0:
        sets = sum_subsets([value_of(loose[i]) for i in adders], target, 2)
        reached = {0: None}
        for found in sets:
            if limit is not None and len(reached) >= limit:
                break
            mask = 0
            for k in found:
                mask |= 1 << adders[k]
            for m in list(reached):
                if not m & mask and (limit is None or len(reached) < limit):
                    reached.setdefault(m | mask)
        unions = list(reached)
    pile_ids = [pid for pid, v in piles if target is not None and v == target]
    pile_choices = [[pid for k, pid in enumerate(pile_ids) if chosen >> k & 1] for chosen in range(1 << len(pile_ids))]
    out: list[Capture] = []
    for pair in _pairings(loose, played, pairing):
        for union in unions:
            cards = set(pair) | {loose[k] for k in range(len(loose)) if union >> k & 1}
            taken = [c for c in loose if c in cards]
            out += [(taken, chosen) for chosen in pile_choices if taken or chosen]
    out.sort(key=lambda cap: -(len(cap[0]) + 4 * len(cap[1])))
    return out


def multi_capture_fault(loose: Sequence[str], played: str, values: ValueOf, taken: Sequence[str],
                        taken_piles: PileValues = (), *, pairing: str = "all") -> str | None:
    """Why taking the loose cards ``taken`` and the piles ``taken_piles`` with ``played`` is not
    a capture (`multi_captures`' rules), as a reason code the game words: ``"empty"``,
    ``"not_on_table"``, ``"pairing_all"`` (some but not all of the rank), ``"pairing_one"``,
    ``"pile_value"``, ``"no_value"`` (a card without value cannot add), ``"sums"`` (the rest does not
    split into sets of two or more adding up to the played card). None when it is a capture."""
    from games.common.piles import partition  # piles builds on this module's sum_subsets

    if not taken and not taken_piles:
        return "empty"
    if any(c not in loose for c in taken) or len(set(taken)) != len(taken):
        return "not_on_table"
    value_of = _value_fn(values)
    target = value_of(played)
    if any(v != target or target is None for _, v in taken_piles):
        return "pile_value"
    same = [c for c in loose if C.rank(c) == C.rank(played)]
    paired = [c for c in taken if C.rank(c) == C.rank(played)]
    if pairing == "all" and paired and len(paired) != len(same):
        return "pairing_all"
    if pairing == "one" and len(paired) > 1:
        return "pairing_one"
    rest = [c for c in taken if C.rank(c) != C.rank(played)]
    if not rest:
        return None
    if target is None or target <= 0 or any((value_of(c) or 0) <= 0 for c in rest):
        return "no_value"
    if partition([value_of(c) for c in rest], target, 1, 2) is None:
        return "sums"
    return None


@dataclass(frozen=True)
class CaptureWords:
    """A game's own sentences for refusing a capture of `multi_captures`' kind (`multi_capture_refusal`):
    they name its piles (builds, declarations) and its court cards its way."""

    pairing_all: Callable[[Card, Cards], Text]     # the card, every loose card of its rank
    pairing_one: Callable[[Card], Text]
    pile_value: Callable[[Card], Text]
    no_value: Callable[[], Text]
    sums: Callable[[Cards, int], Text]             # the cards that do not split, the card's value
    unsaid: Callable[[Card], Text]                 # nothing taken, or what is not on the table


def multi_capture_refusal(loose: Sequence[str], played: str, values: ValueOf, taken: Sequence[str],
                          taken_piles: PileValues, words: CaptureWords, *, pairing: str = "all") -> Text | None:
    """Why taking ``taken`` and ``taken_piles`` with ``played`` is not a capture, in the game's
    ``words`` (`multi_capture_fault`'s rules); None when it is one."""
    fault = multi_capture_fault(loose, played, values, taken, taken_piles, pairing=pairing)
    if fault is None:
        return None
    card, rank = Card(played), C.rank(played)
    if fault == "pairing_all":
        return words.pairing_all(card, Cards(tuple(c for c in loose if C.rank(c) == rank)))
    if fault == "pairing_one":
        return words.pairing_one(card)
    if fault == "pile_value":
        return words.pile_value(card)
    if fault == "no_value":
        return words.no_value()
    if fault == "sums":
        rest = tuple(c for c in taken if C.rank(c) != rank)
        return words.sums(Cards(rest), _value_fn(values)(played) or 0)
    return words.unsaid(card)
