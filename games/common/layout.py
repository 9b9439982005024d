"""Layouts of the stops games: suit rows built out from a start rank, and runs
played by whoever holds the next card.

**Rows** (`Rows`): Fan Tan/Parliament (start rank 7, aces low) and Trex's
"Trex" contract (start rank jack, aces high). A row of a suit is begun by its
start card, then grows one card at a time at either end, down to the lowest rank
of the order and up to the highest. Any start card may be played at any time
(each begins its own row). Play is compulsory in these games, so the helper
answers which cards of a hand may go down now; a game adds its own pass rules.

Rows live in a state as ``{"S": [...], "H": [...], "D": [...], "C": [...]}``:
each list holds the row's card codes from its lowest to its highest card (so it
is JSON-native and can be listed as a zone as it is). An empty list is a row not
begun.

**Runs** (`Chain`): Newmarket/Michigan. A run starts with the lowest card a
player holds in a suit; the next-higher card of that suit is then played by
whoever holds it. The run stops when the top of the order has been played or the
next card is not in any live hand (dead hand, widow, or already played). The
player who played last then starts a new run in a suit of the opposite colour
(see `Chain.restart` for what happens when they hold none).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games import cards as C
from games.common.tricks import ACES_HIGH, ACES_LOW

__all__ = ["ACES_HIGH", "ACES_LOW", "Chain", "Rows", "opposite_suits"]

_RED = {"H": True, "D": True, "S": False, "C": False}


def opposite_suits(suit: str) -> tuple[str, ...]:
    """The suits of the other colour, in the usual suit order (♠ ♥ ♦ ♣)."""
    return tuple(x for x in C.SUITS if _RED[x] != _RED[suit])


class _Order:
    """Rank order helpers shared by rows and runs (built once per order)."""

    def __init__(self, order: Sequence[int]) -> None:
        self.order = tuple(order)
        self.pos = {r: i for i, r in enumerate(self.order)}
        # card code at (position in the order, suit), for every position and suit
        self.code = {(i, x): C.make(r, x) for i, r in enumerate(self.order) for x in C.SUITS}
        self.card_pos = {self.code[k]: k[0] for k in self.code}

    def place_of(self, code: str) -> int:
        return self.card_pos[code]


class Rows:
    """Suit rows growing down and up from ``start`` along ``order`` (lowest rank
    first): ``Rows(7, ACES_LOW)`` for Fan Tan, ``Rows(C.JACK, ACES_HIGH)`` for Trex."""

    def __init__(self, start: int = 7, order: Sequence[int] = ACES_LOW) -> None:
        self._o = _Order(order)
        if start not in self._o.pos:
            raise ValueError(f"the start rank {start} is not in the rank order")
        self.start = start
        self.order = self._o.order
        self._start_at = self._o.pos[start]
        self._top = len(self.order) - 1
        self.starters = tuple(self._o.code[self._start_at, x] for x in C.SUITS)

    # -- the layout
    @staticmethod
    def new() -> dict[str, list[str]]:
        """An empty layout: no row begun."""
        return {x: [] for x in C.SUITS}

    def ends(self, rows: dict[str, list[str]], suit: str) -> list[str]:
        """The cards that may be played to ``suit``'s row now: its start card while
        the row is not begun, else the card below its lowest and the card above its
        highest (each while the row is not complete at that end)."""
        row = rows[suit]
        code = self._o.code
        if not row:
            return [code[self._start_at, suit]]
        out = []
        lo = self._o.card_pos[row[0]]
        if lo > 0:
            out.append(code[lo - 1, suit])
        hi = self._o.card_pos[row[-1]]
        if hi < self._top:
            out.append(code[hi + 1, suit])
        return out

    def wanted(self, rows: dict[str, list[str]]) -> set[str]:
        """Every card that may be played to the layout now."""
        out: set[str] = set()
        for x in C.SUITS:
            out.update(self.ends(rows, x))
        return out

    def playable(self, rows: dict[str, list[str]], code: str) -> bool:
        return code in self.ends(rows, C.SUIT[code]) if code in self._o.card_pos else False

    def playable_cards(self, rows: dict[str, list[str]], hand: Iterable[str]) -> list[str]:
        """The cards of ``hand`` that may be played now, in hand order."""
        wanted = self.wanted(rows)
        return [c for c in hand if c in wanted]

    def place(self, rows: dict[str, list[str]], code: str) -> None:
        """Put ``code`` on its row (at the right end); ValueError if it does not fit."""
        if not self.playable(rows, code):
            raise ValueError(f"{C.text(code)} does not fit the layout now")
        row = rows[C.SUIT[code]]
        if row and self._o.card_pos[code] < self._o.card_pos[row[0]]:
            row.insert(0, code)
        else:
            row.append(code)

    def complete(self, rows: dict[str, list[str]], suit: str | None = None) -> bool:
        """Whether ``suit``'s row (or, without a suit, every row) holds all its cards."""
        suits = C.SUITS if suit is None else (suit,)
        return all(len(rows[x]) == len(self.order) for x in suits)

    def opens(self, rows: dict[str, list[str]], code: str) -> list[str]:
        """The cards that placing ``code`` (playable now) would make playable:
        both neighbours of a start card, else the next card outwards."""
        pos = self._o.card_pos[code]
        suit = C.SUIT[code]
        at = self._o.code
        if pos == self._start_at:
            return [at[p, suit] for p in (pos - 1, pos + 1) if 0 <= p <= self._top]
        step = -1 if pos < self._start_at else 1
        nxt = pos + step
        return [at[nxt, suit]] if 0 <= nxt <= self._top else []

    def beyond(self, code: str) -> tuple[str, ...]:
        """The cards further out than ``code`` along its row (on both sides of a start
        card): those that can only follow once ``code`` is down."""
        pos = self._o.card_pos[code]
        at, suit = self._o.code, C.SUIT[code]
        if pos == self._start_at:
            spots = [p for p in range(len(self.order)) if p != pos]
        elif pos < self._start_at:
            spots = list(range(pos))
        else:
            spots = list(range(pos + 1, len(self.order)))
        return tuple(at[p, suit] for p in spots)

    def gap(self, rows: dict[str, list[str]], code: str) -> list[str]:
        """The cards that must be placed before ``code`` can be (nearest first);
        empty when ``code`` is playable now or already placed."""
        suit = C.SUIT[code]
        row = rows[suit]
        pos = self._o.card_pos[code]
        at = self._o.code
        if row:
            lo, hi = self._o.card_pos[row[0]], self._o.card_pos[row[-1]]
            if lo <= pos <= hi:
                return []
            if pos < lo:
                return [at[p, suit] for p in range(lo - 1, pos, -1)]
            return [at[p, suit] for p in range(hi + 1, pos)]
        step = -1 if pos < self._start_at else 1
        return [at[p, suit] for p in range(self._start_at, pos, step)]

    def row_text(self, rows: dict[str, list[str]], suit: str) -> str:
        """A row as ``♠ 5 … 7 … 9`` (lowest, start, highest), ``♠ 7``, or ``♠ –`` when
        not begun. Ranks only, so it never reads as a pretty card code."""
        row = rows[suit]
        symbol = C.SUIT_SYMBOLS[suit]
        if not row:
            return f"{symbol} –"
        names = [C.RANK_CODES[C.RANK[row[0]]], C.RANK_CODES[self.start], C.RANK_CODES[C.RANK[row[-1]]]]
        shown = [n for i, n in enumerate(names) if i == 0 or n != names[i - 1]]
        return f"{symbol} " + " … ".join(shown)


class Chain:
    """Runs in a suit along ``order`` (aces high by default, as in Newmarket)."""

    def __init__(self, order: Sequence[int] = ACES_HIGH) -> None:
        self._o = _Order(order)
        self.order = self._o.order
        self._top = len(self.order) - 1

    def power(self, code: str) -> int:
        """The card's place in the order (0 = lowest)."""
        return self._o.card_pos[code]

    def lowest(self, hand: Iterable[str], suit: str) -> str | None:
        """The lowest card of ``suit`` in ``hand``, or None when it holds none."""
        best, best_pos = None, len(self.order)
        pos = self._o.card_pos
        for code in hand:
            if C.SUIT[code] == suit and pos[code] < best_pos:
                best, best_pos = code, pos[code]
        return best

    def leads(self, hand: Iterable[str], suits: Iterable[str] = C.SUITS) -> list[str]:
        """The lowest card of each of ``suits`` that ``hand`` holds, in suit order."""
        hand = list(hand)
        wanted = set(suits)
        out = []
        for x in C.SUITS:
            if x in wanted:
                code = self.lowest(hand, x)
                if code is not None:
                    out.append(code)
        return out

    def next_card(self, code: str) -> str | None:
        """The next-higher card of the same suit, or None after the top card."""
        pos = self._o.card_pos[code]
        return None if pos == self._top else self._o.code[pos + 1, C.SUIT[code]]

    @staticmethod
    def holder(hands: Sequence[Sequence[str]], code: str) -> int | None:
        """The seat holding ``code``, or None when it is in no hand."""
        for seat, hand in enumerate(hands):
            if code in hand:
                return seat
        return None

    def follow(self, hands: Sequence[Sequence[str]], played: str) -> tuple[str, int] | None:
        """After ``played``: the next card and the seat that must play it, or None
        when the run stops (the top card was played, or the next card is in no hand)."""
        nxt = self.next_card(played)
        if nxt is None:
            return None
        seat = self.holder(hands, nxt)
        return None if seat is None else (nxt, seat)

    def restart(self, hands: Sequence[Sequence[str]], last: int, suit: str) -> tuple[int, list[str]]:
        """Who starts the next run after a run of ``suit`` stopped with ``last`` having
        played last, and the cards they may lead (their lowest in each allowed suit).

        ``last`` leads in a suit of the opposite colour. Holding none, the first seat
        to the left of ``last`` that holds one does. When nobody does, ``last`` leads
        in any suit it holds. ``last`` must still hold a card (else the hand is over)."""
        other = opposite_suits(suit)
        n = len(hands)
        for k in range(n):
            seat = (last + k) % n
            options = self.leads(hands[seat], other)
            if options:
                return seat, options
        return last, self.leads(hands[last])
