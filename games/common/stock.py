"""Stock handling shared by shedding games: drawing, and turning the discard
pile over into a new stock when the stock runs out (the top card stays)."""

from __future__ import annotations

import random

from games.engine import Event
from games.text import texts

T, N = texts("stock")


def can_draw(stock: list[str], discard: list[str]) -> bool:
    """A card can be drawn if the stock has one or the discard pile can be recycled."""
    return bool(stock) or len(discard) > 1


def recycle(stock: list[str], discard: list[str], rng: random.Random) -> bool:
    """If the stock is empty, shuffle every discard but the top one into it.
    Returns whether a recycle happened."""
    if stock or len(discard) < 2:
        return False
    stock[:] = discard[:-1]
    del discard[:-1]
    rng.shuffle(stock)
    return True


def restock(stock: list[str], discard: list[str], rng: random.Random) -> Event | None:
    """`recycle`, told to the table: the event saying how many discards make the new stock, or None
    when the stock was not empty or there was nothing to shuffle."""
    if not recycle(stock, discard, rng):
        return None
    return Event(N("The stock is empty: {n} discard is shuffled into a new stock.",
                   "The stock is empty: {n} discards are shuffled into a new stock.", len(stock)))
