"""What the fishing games share once the cards are captured (Scopa, Xeri, Kontsina, Cassino, Diloti).

* **Sides**: alone, every seat is its own side; in partnerships (four players) partners sit
  opposite, seats 0 and 2 against 1 and 3, and share one captured pile (`sides`).
* **The sweep-up**: at the end of a hand the last side to capture takes what is left on the
  table; if nobody captured at all, it counts for nobody (`take_rest`).
* **Scoring categories as data**: each game lists its own (`MostCards(3)`, `MostOfSuit("C", 1)`,
  `NamedCard("10D", 2)`, `EachCard(ranks, 1)`, `Sweeps(10)`…) and `score_hand` turns the sides'
  hauls into awards ``(side, points, reason)`` in the order the game listed them. "Most" of
  anything scores only for one side alone at the top: a tie scores nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from games import cards as C
from games.common.match import next_seat
from games.common.table import hand_zones
from games.engine import Event, Move, Zone
from games.text import Card, Text, texts

T, N = texts("fishing")

Award = tuple[int, int, Text]   # (side, points, reason)


@dataclass
class Haul:
    """What one side captured this hand: its cards, and the points of each sweep (or xeri) it made
    in the order it made them."""

    cards: list[str] = field(default_factory=list)
    sweeps: list[int] = field(default_factory=list)


class Category(Protocol):
    def awards(self, hauls: Sequence[Haul]) -> list[Award]: ...


def sides(players: int, partnerships: bool) -> list[int]:
    """Each seat's side: partners (four players) sit opposite and share a side."""
    return [seat % 2 for seat in range(players)] if partnerships and players == 4 else list(range(players))


def sole_best(values: Sequence[float]) -> int | None:
    """The index of the strictly highest value, or None on a tie for the top."""
    top = max(values)
    leaders = [i for i, v in enumerate(values) if v == top]
    return leaders[0] if len(leaders) == 1 else None


def take_rest(piles: list[list[str]], table: list[str], last_capturer: int | None) -> list[str]:
    """Move what is left on ``table`` to the last capturer's pile and return it; with no capture
    in the whole hand (``last_capturer`` None or negative) the cards stay where they are and
    count for nobody."""
    if last_capturer is None or last_capturer < 0 or not table:
        return []
    rest = list(table)
    piles[last_capturer] += rest
    table.clear()
    return rest


class Dealt(Protocol):
    """What `next_turn` reads of a fishing game's state."""

    players: int
    turn: int
    hands: list[list[str]]
    stock: list[str]


def next_turn(s: Dealt, seat: int, new_cards: Callable[[], list[Event]],
              end_hand: Callable[[], list[Event]]) -> list[Event]:
    """Pass the turn on from ``seat``; once every hand is empty, deal ``new_cards`` from the stock,
    or with the stock out, ``end_hand``."""
    s.turn = next_seat(seat, s.players)
    if any(s.hands):
        return []
    return new_cards() if s.stock else end_hand()


def table_zones(hands: list[list[str]], stock: list[str], table: list[str], captured: list[list[str]], *,
                table_name: str = "table", captured_name: str = "captures", piles: Sequence[Zone] = ()) -> list[Zone]:
    """Every card of a fishing game with who sees it: each hand its holder, the stock nobody, the
    table, its ``piles`` and each side's captured cards everybody."""
    return (hand_zones(hands) + [Zone("stock", stock, "none"), Zone(table_name, table, "all"), *piles]
            + [Zone(f"{captured_name} {i}", p, "all") for i, p in enumerate(captured)])


def noisy_best(moves: Sequence[Move], worth: Callable[[Move], float], rng: random.Random) -> Move:
    """The rollouts' greedy choice with a little noise: the move whose ``worth`` plus a random 0–1 is
    highest (the first of equals); a lone move without drawing."""
    if len(moves) == 1:
        return moves[0]
    best, best_score = moves[0], -1e9
    for m in moves:
        score = rng.random() + worth(m)
        if score > best_score:
            best, best_score = m, score
    return best


def _most(hauls: Sequence[Haul], count: Callable[[list[str]], int], points: int,
          reason: Callable[[int], Text]) -> list[Award]:
    counts = [count(h.cards) for h in hauls]
    leader = sole_best(counts)
    return [] if leader is None else [(leader, points, reason(counts[leader]))]


_MOST_OF_SUIT: dict[str, Callable[[int], Text]] = {
    "S": lambda n: T("most spades ({n})", n=n),
    "H": lambda n: T("most hearts ({n})", n=n),
    "D": lambda n: T("most diamonds ({n})", n=n),
    "C": lambda n: T("most clubs ({n})", n=n),
}


@dataclass(frozen=True)
class MostCards:
    points: int

    def awards(self, hauls: Sequence[Haul]) -> list[Award]:
        return _most(hauls, len, self.points, lambda n: T("most cards ({n})", n=n))


@dataclass(frozen=True)
class MostOfSuit:
    """``name`` overrides the suit's usual words (Scopa's Italian says "denari" for diamonds)."""

    suit: str
    points: int
    name: Callable[[int], Text] | None = None

    def awards(self, hauls: Sequence[Haul]) -> list[Award]:
        return _most(hauls, lambda cards: sum(1 for c in cards if C.SUIT[c] == self.suit), self.points,
                     self.name or _MOST_OF_SUIT[self.suit])


@dataclass(frozen=True)
class NamedCard:
    """Points for whoever captured ``card``; ``name`` is what players call it (the settebello,
    big cassino), else the card itself is shown."""

    card: str
    points: int
    name: Text | None = None

    def awards(self, hauls: Sequence[Haul]) -> list[Award]:
        reason = self.name or T("the {card}", card=Card(self.card))
        return [(side, self.points, reason) for side, h in enumerate(hauls) if self.card in h.cards]


@dataclass(frozen=True)
class EachCard:
    """Points for every captured card of ``ranks`` (aces; or A, K, Q, J and 10); ``name`` says
    which, with the count: ``lambda n: N("{n} ace", "{n} aces", n)``."""

    ranks: frozenset[int]
    points: int
    name: Callable[[int], Text]

    def awards(self, hauls: Sequence[Haul]) -> list[Award]:
        out = []
        for side, h in enumerate(hauls):
            n = sum(1 for c in h.cards if C.RANK[c] in self.ranks)
            if n:
                out.append((side, n * self.points, self.name(n)))
        return out


@dataclass(frozen=True)
class Sweeps:
    """The sweeps (xeris) each side made, each worth the points recorded when it was made;
    ``xeri`` names them as the Greek games do."""

    xeri: bool = False

    def awards(self, hauls: Sequence[Haul]) -> list[Award]:
        out = []
        for side, h in enumerate(hauls):
            if h.sweeps:
                n = len(h.sweeps)
                reason = N("{n} xeri", "{n} xeris", n) if self.xeri else N("{n} sweep", "{n} sweeps", n)
                out.append((side, sum(h.sweeps), reason))
        return out


def score_hand(categories: Sequence[Category], hauls: Sequence[Haul]) -> list[Award]:
    """Every category's awards for one hand, in the order the categories are listed."""
    return [award for category in categories for award in category.awards(hauls)]


@dataclass(frozen=True)
class PointsWords:
    """A game's own sentences for a hand's points (`points_text`)."""

    none: Callable[[int], Text]                    # the hand's number
    then: Callable[[Text, Text], Text]             # the points so far, the next one
    hand: Callable[[int, Text], Text]              # the hand's number, its points


def points_text(hand: int, awards: Sequence[Award], point: Callable[[int, int, Text], Text],
                words: PointsWords) -> Text:
    """A hand's points in the order they were awarded, each worded by ``point(side, points, reason)``:
    "Hand 3: {p0} 2 aces (2); {p1} big cassino (2)"."""
    if not awards:
        return words.none(hand)
    points: Text | None = None
    for side, n, reason in awards:
        one = point(side, n, reason)
        points = one if points is None else words.then(points, one)
    return words.hand(hand, points)  # type: ignore[arg-type]


def totals(awards: Sequence[Award], count: int) -> list[int]:
    """Each side's points from ``awards``."""
    points = [0] * count
    for side, p, _ in awards:
        points[side] += p
    return points
