"""Helpers for the climbing games' tests (Big Two, Thirteen, Dou Dizhu): a state in the middle
of a hand built from given hands and table play, and the legal moves as text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.common import climbing as K


def round_state(game, hands: Sequence[str], *, turn: int = 0, on: str = "", as_: str | None = None,
                by: int | None = None, passed: Sequence[bool] | None = None, opts: dict | None = None,
                scores: Sequence[int] | None = None, opening: str = "", seed: int = 7,
                finished: Sequence[int] = ()) -> K.ClimbState:
    """A state with the given hands (codes separated by spaces), ``turn`` to move and, with
    ``on``, that play on the table (read as ``as_`` when it reads several ways) made by ``by``
    (default: the seat before ``turn``). Nothing has been played yet; the caller accounts for
    the rest of the pack."""
    players = len(hands)
    s = game.start(players, opts or {}, seed)
    rules = game.rules_of(s)
    s.hands = [sorted(h.split(), key=rules.power.__getitem__) for h in hands]
    s.table = on.split()
    if on:
        (reading,) = [c for c in K.classify(rules, s.table) if as_ is None or c.kind == as_]
        s.table_as, s.table_key = reading.kind, list(reading.key)
        s.table_by = (turn - 1) % players if by is None else by
    else:
        s.table_as, s.table_key, s.table_by = "", [], -1
    s.played, s.finished = [], list(finished)
    s.turn, s.opening = turn, opening
    s.passed = list(passed) if passed else [False] * players
    if scores is not None:
        s.scores = list(scores)
    return s


def rest_of(pack: Counter[str], s: K.ClimbState, *held: Sequence[str]) -> list[str]:
    """The cards of ``pack`` that are neither in a hand, nor on the table, nor ``held``."""
    rest = pack.copy()
    rest.subtract(Counter(c for h in [*s.hands, *held] for c in h) + Counter(s.table))
    return list(rest.elements())


def assert_every_card_in_a_zone(game, s: K.ClimbState, pack: Counter[str]) -> None:
    assert Counter(c for z in game.zones(s) for c in z.cards) == pack
