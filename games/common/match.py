"""The match ledger: hands add up to a match, dealers rotate, someone wins.

Formats used by the games (see shared rules, convention 3):

* ``race``: highest score wins once someone reaches ``target`` (Scopa 11).
* ``lowest``: scores are penalties; once someone reaches ``target`` the lowest
  total wins (Crazy Eights' penalty scoring, Big Two).
* ``fixed``: a set number of hands, highest score wins (Oh Hell's schedule).
* ``wins``: scores count hands won; first to ``target`` hand wins (``target`` 1
  is a single hand).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Kind = Literal["race", "lowest", "fixed", "wins"]


def first_dealer(rng: random.Random, players: int) -> int:
    """The rules rarely say who deals first, so it is drawn at random."""
    return rng.randrange(players)


def next_seat(seat: int, players: int, direction: int = 1) -> int:
    return (seat + direction) % players


def next_dealer(dealer: int, players: int, direction: int = 1) -> int:
    """The deal passes left (``direction`` 1) or right (-1); with two players it alternates."""
    return next_seat(dealer, players, direction)


@dataclass(frozen=True)
class MatchFormat:
    kind: Kind
    target: int

    def finished(self, scores: Sequence[int], hands_played: int) -> bool:
        if self.kind == "fixed":
            return hands_played >= self.target
        return max(scores) >= self.target

    def standing(self, scores: Sequence[int]) -> list[float]:
        """Scores turned so that higher is better."""
        return [float(-x) if self.kind == "lowest" else float(x) for x in scores]

    def leaders(self, scores: Sequence[int]) -> list[int]:
        standing = self.standing(scores)
        best = max(standing)
        return [seat for seat, value in enumerate(standing) if value == best]

    def describe(self) -> str:
        return {
            "race": f"first to {self.target} points",
            "lowest": f"lowest score when someone reaches {self.target}",
            "fixed": f"{self.target} hands, highest score wins",
            "wins": "a single hand" if self.target == 1 else f"first to win {self.target} hands",
        }[self.kind]


def award_in_order(scores: list[int], awards: Sequence[tuple[int, int, str]],
                   target: int) -> list[tuple[int, int, str]]:
    """Add ``(seat, points, reason)`` awards one point at a time, in order, and stop
    the moment a seat reaches ``target`` (Scopa counts its categories this way).
    Changes ``scores`` and returns the awards that were (wholly or partly) counted."""
    counted = []
    for seat, points, reason in awards:
        given = 0
        while given < points and max(scores) < target:
            scores[seat] += 1
            given += 1
        if given:
            counted.append((seat, given, reason))
        if max(scores) >= target:
            break
    return counted
