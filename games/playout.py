"""Whether this thread is inside a computer's playouts (games/ai/search.py).

Moves played there are imagined and thrown away: nobody reads their lines (`games.text`
builds none) and no later redeal uses what they showed (`Game.determinize` always starts
from the real state), so a game may skip that bookkeeping (`imagined`). A playout stops at
the end of the hand it started in, so the next hand is never dealt there (`next_deal`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

_IMAGINED: ContextVar[bool] = ContextVar("imagined", default=False)

E = TypeVar("E")


def imagined() -> bool:
    """True inside `playouts` (in this thread or task only)."""
    return _IMAGINED.get()


@contextmanager
def playouts() -> Iterator[None]:
    token = _IMAGINED.set(True)
    try:
        yield
    finally:
        _IMAGINED.reset(token)


def next_deal(s: Any, deal: Callable[[Any], list[E]]) -> list[E]:
    """Deal the hand after one that is over and the match not: ``deal(s)``, which counts the hand
    in ``s.hand_no``. Inside `playouts` the hand is only counted: the search stops a playout at
    its hand's end and scores it by the standing the hand left (less, where the deal takes antes,
    the next hand's stakes), so the cards would be shuffled for nobody (a fifth to a third of the
    thinking time in Trash, Oh Hell!, Newmarket or Stop the Bus). What is left is no state to play on."""
    if imagined():
        s.hand_no += 1
        return []
    return deal(s)
