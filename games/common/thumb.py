"""Rules of thumb shared by a family's heuristic players (`Game.heuristic_move`).

Each helper takes only what a seat sees: its own hand and the legal moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from games import cards as C
from games.common.climbing import BOMB, CHOPS, PASS_MOVE, RANK_INDEX, ROCKET, TWO, Combo, Legal, Rules
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


def climb_pick(rules: Rules, hand: Sequence[str], legal: Legal, can_pass: bool, danger: bool,
               hold_back: bool = False) -> Move:
    """Climbing: go out when one can; lead the longest play holding one's lowest card,
    breaking no set of equal ranks; beat with the lowest play that does. Bombs, rockets,
    chops and 2s (or jokers) wait until an opponent is close to going out (``danger``) or
    one's own hand is short; rather pass than spend them, break a set, or beat a
    partner's play (``hold_back``)."""
    if not legal.moves:
        return PASS_MOVE
    held = Counter(RANK_INDEX[c] for c in hand)
    spend = danger or len(hand) <= 5

    def power(c: Combo) -> bool:
        return c.kind in (BOMB, ROCKET) or (bool(rules.chops) and c.kind in CHOPS) or c.top >= TWO

    def breaks(c: Combo) -> bool:
        return any(held[r] > n for r, n in Counter(RANK_INDEX[x] for x in c.cards).items())

    for m in legal.moves:
        if len(legal.combos[m].cards) == len(hand):
            return m
    if not can_pass:
        return min(legal.moves, key=lambda m: (power(c := legal.combos[m]), RANK_INDEX[c.cards[0]], breaks(c),
                                               -len(c.cards), c.key))
    best = min(legal.moves, key=lambda m: (power(c := legal.combos[m]) and not spend, breaks(c), c.key))
    c = legal.combos[best]
    if hold_back or (not spend and (power(c) or breaks(c))):
        return PASS_MOVE
    return best
