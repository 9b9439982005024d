"""Piles on a fishing table: Cassino's builds, Diloti's declarations and groups.

A pile is a set of table cards that can only be captured as a unit, by a card of its value.
It is made of *sets*, each adding up to that value (a lone card of the value is a set too):

* **pairing**: every set is a single card (so all of one rank): "building eights";
* **single**: one set of two or more cards: "building nine" (4 + 5);
* **multiple**: two or more sets, not all single cards (4 + 5 and a 9).

Its **owner** (who last made, increased or added to it) must keep a card of its value in hand
(`keeps_capturer`); while the owner holds only one such card, that card is *reserved*
(`reserved_cards`): it may only capture the pile. Some games also forbid the owner to trail
(`may_trail`).

The **partition validator** (`partition`) answers: can these items (cards, or existing piles
as atoms with their value) be split into at least ``k`` sets each adding up to ``V``, every item
used? `build_unions` lists which loose cards a played card can be combined with into sets of
one value (the build moves a card can make). Both are exact (depth-first search) and bounded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from games import cards as C
from games.common.capture import sum_subsets
from games.engine import IllegalMove, Move, Zone
from games.text import Text

PAIRING, SINGLE, MULTIPLE = "pairing", "single", "multiple"


def build_kind(sets: Sequence[Sequence[Any]]) -> str:
    """The kind of a pile made of ``sets``."""
    if all(len(group) == 1 for group in sets):
        return PAIRING
    return SINGLE if len(sets) == 1 else MULTIPLE


@dataclass
class Pile:
    """A build (declaration, group) lying on the table."""

    id: str
    value: int
    sets: list[list[str]]
    owner: int
    extra: dict[str, Any] = field(default_factory=dict)   # a game's own facts about the pile

    @property
    def cards(self) -> list[str]:
        return [c for group in self.sets for c in group]

    @property
    def kind(self) -> str:
        return build_kind(self.sets)

    def to_data(self) -> dict[str, Any]:
        """JSON-native form, for states."""
        data: dict[str, Any] = {"id": self.id, "value": self.value, "sets": [list(g) for g in self.sets],
                                "owner": self.owner}
        if self.extra:
            data["extra"] = dict(self.extra)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Pile:
        return cls(data["id"], data["value"], [list(g) for g in data["sets"]], data["owner"],
                   dict(data.get("extra", {})))


def next_pile_id(piles: Iterable[Pile | dict[str, Any]], prefix: str = "b") -> str:
    """A fresh id ("b1", "b2"...) not used by ``piles``."""
    used = {(p.id if isinstance(p, Pile) else p["id"]) for p in piles}
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


def named_items(items: Sequence[str], table: Sequence[str], piles: Sequence[dict[str, Any]], *,
                unknown: Callable[[str], Text], repeated: Callable[[], Text]) -> tuple[tuple[str, ...], ...]:
    """The table items a move names (card codes, pile ids): its loose cards and its piles' ids, each in
    table order. IllegalMove with the game's sentence ``unknown`` for an item that is neither,
    ``repeated`` for one named twice."""
    ids = {p["id"] for p in piles}
    loose, named = set(), set()
    for item in items:
        if item.lower() in ids:
            named.add(item.lower())
        elif C.is_card(item) and C.card(item).code in table:
            loose.add(C.card(item).code)
        else:
            raise IllegalMove(unknown(item))
    if len(loose) + len(named) != len(items):
        raise IllegalMove(repeated())
    return tuple(c for c in table if c in loose), tuple(p["id"] for p in piles if p["id"] in named)


def take_from_table(table: list[str], piles: list[dict[str, Any]], loose: Sequence[str],
                    ids: Sequence[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """Take the ``loose`` cards and the piles ``ids`` off the table: the cards taken (the loose ones,
    then each pile's) and the piles' data, in the order ``ids`` names them."""
    for code in loose:
        table.remove(code)
    taken_piles = [next(p for p in piles if p["id"] == pid) for pid in ids]
    for pile in taken_piles:
        piles.remove(pile)
    return list(loose) + [c for pile in taken_piles for c in Pile.from_data(pile).cards], taken_piles


def pile_zones(piles: Sequence[dict[str, Any]], name: str) -> list[Zone]:
    """Each pile's cards, seen by everybody, as zones named after the pile ("build b1")."""
    return [Zone(f"{name} {p['id']}", Pile.from_data(p).cards, "all") for p in piles]


def table_cards(table: Sequence[str], piles: Sequence[dict[str, Any]]) -> list[str]:
    """Every card on the table: the loose ones, then each pile's."""
    return list(table) + [c for pile in piles for c in Pile.from_data(pile).cards]


# --- the owner's obligations -------------------------------------------------------------------

def keeps_capturer(hand: Sequence[str], played: str, value: int, value_of: Callable[[str], int | None]) -> bool:
    """Whether ``hand`` still holds a card of ``value`` once ``played`` has left it."""
    rest = list(hand)
    rest.remove(played)
    return any(value_of(c) == value for c in rest)


def reserved_cards(hand: Sequence[str], owned_values: Iterable[int],
                   value_of: Callable[[str], int | None]) -> dict[str, int]:
    """The owner's reserved cards, each with the value of the pile it must capture: for every
    owned pile's value of which the hand holds exactly one card, that card."""
    out = {}
    for value in set(owned_values):
        holding = [c for c in hand if value_of(c) == value]
        if len(holding) == 1:
            out[holding[0]] = value
    return out


def may_trail(owns_pile: bool, trail_with_pile: bool) -> bool:
    """Whether a player may trail: not while owning a pile, unless the game allows it."""
    return trail_with_pile or not owns_pile


class LayWhenStuck:
    """Moves and refusals where owning a pile binds (Cassino, Diloti): the legal moves are the game's
    `_regular_moves`; a player left without any (only in the search's imagined deals, where an owner
    lacks the capturing card) may lay any card. The game reads a move into a play with an ``action``
    (`read`, IllegalMove for a wrong form), says why a play is not legal (`_fault`) and names the
    action of laying a card (``lay_action``)."""

    lay_action: str

    def moves(self, s: Any, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        return self._regular_moves(s, seat) or [Move("play", (code,)) for code in s.hands[seat]]

    def refuse(self, s: Any, seat: int, move: Move) -> str | None:
        try:
            play = self.read(s, seat, move)
        except IllegalMove as e:
            return str(e)
        why = self._fault(s, seat, play)
        if why and play.action == self.lay_action and not self._regular_moves(s, seat):
            return None
        return why

    def _regular_moves(self, s: Any, seat: int) -> list[Move]:
        raise NotImplementedError

    def read(self, s: Any, seat: int, move: Move) -> Any:
        raise NotImplementedError

    def _fault(self, s: Any, seat: int, play: Any) -> Text | None:
        raise NotImplementedError


# --- the partition validator ---------------------------------------------------------------------

def partition(values: Sequence[int | None], target: int, min_sets: int = 1,
              min_size: int = 1) -> list[list[int]] | None:
    """A split of every item (by index) into at least ``min_sets`` sets of at least ``min_size``
    items, each adding up to ``target``; None when there is none. Items valued None or below 1
    (court cards) never fit. Exact: a depth-first search that places the largest free item
    first and remembers the dead ends."""
    if target <= 0 or any(v is None or v <= 0 or v > target for v in values):
        return None
    total = sum(values)  # type: ignore[arg-type]
    if not values or total % target or total // target < min_sets:
        return None
    return _partition(tuple(values), target, min_size)  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _partition(values: tuple[int, ...], target: int, min_size: int) -> list[list[int]] | None:
    order = sorted(range(len(values)), key=lambda i: -values[i])
    vals = [values[i] for i in order]
    n = len(vals)
    dead: set[int] = set()

    def place(used: int) -> list[list[int]] | None:
        if used == (1 << n) - 1:
            return []
        if used in dead:
            return None
        first = next(k for k in range(n) if not used >> k & 1)
        for group in _completions(first, used, target - vals[first]):
            if len(group) < min_size:
                continue
            mask = used
            for k in group:
                mask |= 1 << k
            rest = place(mask)
            if rest is not None:
                return [group, *rest]
        dead.add(used)
        return None

    def _completions(first: int, used: int, remaining: int):
        """Groups holding ``first`` and free items after it that make up ``remaining``."""
        chosen = [first]

        def walk(start: int, left: int):
            if left == 0:
                yield list(chosen)
                return
            last = None
            for k in range(start, n):
                if used >> k & 1 or vals[k] > left or vals[k] == last:
                    continue
                last = vals[k]      # equal values are interchangeable here: try one of them
                chosen.append(k)
                yield from walk(k + 1, left - vals[k])
                chosen.pop()

        yield from walk(first + 1, remaining)

    found = place(0)
    if found is None:
        return None
    return [sorted(order[k] for k in group) for group in found]


def split_into_sets(cards: Sequence[str], target: int, value_of: Callable[[str], int | None]) -> list[list[str]]:
    """``cards`` split into sets each adding up to ``target`` (a move already checked to be legal:
    they can be); no cards, no sets."""
    if not cards:
        return []
    found = partition([value_of(c) for c in cards], target)
    if found is None:
        raise ValueError(f"{list(cards)} do not split into sets of {target}")
    return [[cards[k] for k in group] for group in found]


def build_unions(played_value: int, loose: Sequence[int | None], target: int, *, need_loose: bool = True,
                 limit: int = 500) -> list[tuple[int, ...]]:
    """Which loose items (index tuples, ascending) the played card can take with it so that
    together they split into sets each adding up to ``target`` (the played card in one of them).
    ``need_loose``: at least one loose item (a new build). At most ``limit`` are returned, fewest
    items first."""
    if played_value is None or not 0 < played_value <= target:
        return []
    if played_value == target:
        starts = [0]
    else:
        starts = [_mask(t) for t in sum_subsets(loose, target - played_value, 1)]
    others = [_mask(t) for t in sum_subsets(loose, target, 1)]
    reached = dict.fromkeys(starts)
    for other in others:
        if len(reached) >= limit * 4:
            break
        for mask in list(reached):
            if not mask & other and len(reached) < limit * 4:
                reached.setdefault(mask | other)
    unions = [m for m in reached if m or not need_loose]
    unions.sort(key=lambda m: (m.bit_count(), m))
    return [tuple(k for k in range(len(loose)) if m >> k & 1) for m in unions[:limit]]


def _mask(indexes: Iterable[int]) -> int:
    mask = 0
    for k in indexes:
        mask |= 1 << k
    return mask
