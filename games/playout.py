"""Whether this thread is inside a computer's playouts (games/ai/search.py).

Moves played there are imagined and thrown away: nobody reads their lines (`games.text`
builds none) and no later redeal uses what they showed (`Game.determinize` always starts
from the real state), so a game may skip that bookkeeping (`imagined`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_IMAGINED: ContextVar[bool] = ContextVar("imagined", default=False)


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
