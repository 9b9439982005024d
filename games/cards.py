"""Playing cards as compact text codes.

Game states hold cards as short codes so that a state is plain JSON:

* ``"8S"``, ``"10D"``, ``"QH"``, ``"AC"``: rank then suit (S, H, D, C);
* ``"JKR"`` and ``"JKB"``: the red and the black joker;
* ``"8S.1"``: the same card from a second deck. Copy 0 has no suffix, so
  single-deck games never see one, while multi-deck games keep every card a
  distinct object.

`card(code)` parses a code into a `Card` (cached, so it is cheap on hot paths),
`Card.code` formats it back and `Card.text` is the pretty form (``8♠``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_CODES = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
              10: "10", 11: "J", 12: "Q", 13: "K"}
RANK_BY_CODE = {v: k for k, v in RANK_CODES.items()}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

RED_JOKER, BLACK_JOKER = "JKR", "JKB"
JOKER_COLOURS = {RED_JOKER: "red", BLACK_JOKER: "black"}


class BadCard(ValueError):
    """A text that is not a card code."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` is 1 (ace) to 13 (king), 0 for a joker; ``suit`` is
    one of `SUITS`, or ``"R"``/``"B"`` (the colour) for a joker."""

    rank: int
    suit: str
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def code(self) -> str:
        base = f"JK{self.suit}" if self.is_joker else f"{RANK_CODES[self.rank]}{self.suit}"
        return f"{base}.{self.copy}" if self.copy else base

    @property
    def text(self) -> str:
        if self.is_joker:
            return f"{'Red' if self.suit == 'R' else 'Black'} 🃏"
        return f"{RANK_CODES[self.rank]}{SUIT_SYMBOLS[self.suit]}"

    @property
    def red(self) -> bool:
        return self.suit in ("H", "D", "R")

    def __str__(self) -> str:
        return self.code


@cache
def card(code: str) -> Card:
    """Parse a card code (case-insensitive); raises `BadCard` with a readable message."""
    text = code.strip().upper()
    base, dot, copy_text = text.partition(".")
    copy = 0
    if dot:
        if not (copy_text.isascii() and copy_text.isdigit()):
            raise BadCard(f"{code!r} is not a card (the copy number after '.' must be a number)")
        copy = int(copy_text)
    if base in JOKER_COLOURS:
        return Card(0, base[2], copy)
    rank_text, suit = base[:-1], base[-1:]
    if suit not in SUITS or rank_text not in RANK_BY_CODE:
        raise BadCard(f"{code!r} is not a card (try codes like 8S, 10D, QH, AC or JKR)")
    return Card(RANK_BY_CODE[rank_text], suit, copy)


class _Lookup(dict):
    """A per-attribute cache: ``RANK["8S"]`` is a plain dict lookup after the first time."""

    def __init__(self, attribute: str) -> None:
        super().__init__()
        self.attribute = attribute

    def __missing__(self, code: str):
        value = getattr(card(code), self.attribute)
        self[code] = value
        return value


RANK: dict[str, int] = _Lookup("rank")
SUIT: dict[str, str] = _Lookup("suit")
TEXT: dict[str, str] = _Lookup("text")


def is_card(code: str) -> bool:
    try:
        card(code)
    except BadCard:
        return False
    return True


def rank(code: str) -> int:
    return RANK[code]


def suit(code: str) -> str:
    return SUIT[code]


def is_joker(code: str) -> bool:
    return RANK[code] == 0


def text(code: str) -> str:
    """Pretty form of one card code: ``"8S"`` → ``"8♠"``."""
    return TEXT[code]


def texts(codes: list[str] | tuple[str, ...], sep: str = " ") -> str:
    return sep.join(text(c) for c in codes)


def make(rank_: int, suit_: str, copy: int = 0) -> str:
    return Card(rank_, suit_, copy).code


@cache
def sort_key(code: str) -> tuple[int, int, int]:
    """Suit-then-rank order used to show hands (aces low, jokers last)."""
    c = card(code)
    suit_index = SUITS.index(c.suit) if not c.is_joker else len(SUITS)
    return (suit_index, c.rank, c.copy)


def sorted_hand(codes: list[str]) -> list[str]:
    return sorted(codes, key=sort_key)


# --- deck builders -----------------------------------------------------------------

def french_deck(jokers: int = 0, decks: int = 1) -> list[str]:
    """The 52-card pack, ``decks`` times, plus ``jokers`` jokers per deck
    (alternating red and black, so two jokers per deck are distinguishable)."""
    if not 0 <= jokers <= 2:
        raise ValueError("a deck holds 0, 1 or 2 jokers")
    cards = []
    for copy in range(decks):
        cards += [Card(r, s, copy).code for s in SUITS for r in range(1, 14)]
        cards += [Card(0, colour, copy).code for colour in ("R", "B")[:jokers]]
    return cards


ITALIAN_RANKS = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)


def italian_deck() -> list[str]:
    """The 40-card Italian/Spanish pack: A–7 and the three court cards of each suit
    (the French pack without 8s, 9s and 10s)."""
    return [Card(r, s).code for s in SUITS for r in ITALIAN_RANKS]
