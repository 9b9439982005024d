"""Rules of thumb shared by a family's heuristic players (`Game.heuristic_move`).

Each helper takes only what a seat sees: its own hand and the legal moves."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games import cards as C
from games.engine import Move


def call_or_catch(moves: Iterable[Move]) -> Move | None:
    """The last-card call one must make, or a catch one may make, when offered."""
    return next((m for m in moves if m.kind in ("call", "catch")), None)


def with_call(moves: list[Move]) -> list[Move]:
    """The moves without their uncalled twins: a play that leaves one card goes with its call."""
    called = [m for m in moves if m.param("call")]
    if not called:
        return moves
    calling = {(m.kind, m.args) for m in called}
    return [m for m in moves if m.param("call") or (m.kind, m.args) not in calling]


def most_held_suit(hand: Sequence[str], skip: Callable[[str], bool] = lambda code: False,
                   suits: Sequence[str] = C.SUITS) -> str:
    """The suit of ``suits`` one holds most of, not counting the ``skip`` cards."""
    return max(suits, key=lambda x: sum(1 for c in hand if not skip(c) and C.SUIT[c] == x))


def shed_pick(plays: Sequence[Move], hand: Sequence[str], points: Callable[[str], int],
              keep: Callable[[str], bool]) -> Move:
    """Matching-pile shedding: a card one need not ``keep`` (wild cards, jacks) before any
    kept one; among those, the suit one still holds most of (to match again next turn),
    then the highest penalty."""
    def worth(m: Move) -> tuple:
        top = m.args[-1]
        rest = [c for c in hand if c not in m.args]
        same = sum(1 for c in rest if C.SUIT[c] == C.SUIT[top])
        return not any(map(keep, m.args)), same, sum(map(points, m.args))
    return max(plays, key=worth)
