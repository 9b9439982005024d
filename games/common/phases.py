"""A scripted phase runner: a fixed list of steps played in order, each asking a fixed
order of seats (Dingo's discards and three pass patterns, then its hunts; a Hearts-like
pass where everyone chooses at once).

A `Step` names its kind (``"discard"``, ``"pass"``, ``"hunt"``… the game decides what
a kind means), the seats it asks as offsets from the step's *base* seat (the dealer for a
pass round, the dingo's player for a hunt), and for a pass each asker's receiver as an
offset from the asker. The `Cursor` says which step runs, from which base seat, and which
of its seats have acted: it is a plain dict, so it lives in the game state and goes
through JSON as it is. `Script` answers who acts now and moves the cursor on.

A step asks its seats one after another, or all at once (``together``: everyone still
to act is asked, in any order). Delivering passed cards is the game's business: a game
that hands each card over at once lets a later seat see what it received before passing
(Dingo); one that holds them until the step is over does not (Hearts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

LEFT, ACROSS, RIGHT = 1, 2, -1   # receivers of a four-seat pass, as offsets from the giver


@dataclass(frozen=True)
class Step:
    kind: str
    order: tuple[int, ...]          # the seats asked, as offsets from the base seat, in turn
    to: tuple[int, ...] = ()        # a pass: each asker's receiver, as an offset from that asker
    arg: str = ""                   # what the step is about, e.g. the rank hunted
    together: bool = False          # every seat of ``order`` is asked at once


def pass_step(direction: int, players: int, together: bool = False) -> Step:
    """Everyone, from the base seat round, passes one way (``LEFT``, ``ACROSS``, ``RIGHT``)."""
    return Step("pass", tuple(range(players)), (direction,) * players, together=together)


class Cursor(TypedDict):
    step: int        # index into the script's steps; len(steps) once it is over
    base: int        # the seat the step's offsets count from
    done: list[int]  # positions in the step's ``order`` that have acted


@dataclass(frozen=True)
class Script:
    steps: tuple[Step, ...]
    players: int

    def start(self, base: int) -> Cursor:
        return {"step": 0, "base": base, "done": []}

    def step(self, cursor: Cursor) -> Step | None:
        """The step running now, or None when the script is over."""
        return self.steps[cursor["step"]] if cursor["step"] < len(self.steps) else None

    def finished(self, cursor: Cursor) -> bool:
        return cursor["step"] >= len(self.steps)

    def seat_at(self, cursor: Cursor, position: int) -> int:
        step = self.steps[cursor["step"]]
        return (cursor["base"] + step.order[position]) % self.players

    def actors(self, cursor: Cursor) -> list[int]:
        """The seats asked now: the next seat of the step, or every seat left in a ``together`` step."""
        step = self.step(cursor)
        if step is None:
            return []
        left = [i for i in range(len(step.order)) if i not in cursor["done"]]
        if not step.together:
            left = left[:1]
        return [self.seat_at(cursor, i) for i in left]

    def position(self, cursor: Cursor, seat: int) -> int:
        """Where ``seat`` is asked in the running step (the first not yet acted)."""
        step = self.steps[cursor["step"]]
        for i in range(len(step.order)):
            if i not in cursor["done"] and self.seat_at(cursor, i) == seat:
                return i
        raise ValueError(f"seat {seat} is not asked in step {cursor['step']}")

    def receiver(self, cursor: Cursor, seat: int) -> int:
        """Who the card ``seat`` passes now goes to."""
        step = self.steps[cursor["step"]]
        return (seat + step.to[self.position(cursor, seat)]) % self.players

    def asked_after(self, cursor: Cursor, seat: int) -> list[int]:
        """The seats still to be asked in the running step after ``seat``'s turn."""
        step = self.steps[cursor["step"]]
        at = self.position(cursor, seat)
        return [self.seat_at(cursor, i) for i in range(at + 1, len(step.order)) if i not in cursor["done"]]

    def act(self, cursor: Cursor, seat: int) -> bool:
        """``seat`` has acted in the running step. True when that ended the step (the cursor is
        then at the next step, from the same base seat until `begin` says otherwise)."""
        cursor["done"].append(self.position(cursor, seat))
        if len(cursor["done"]) < len(self.steps[cursor["step"]].order):
            return False
        self.end_step(cursor)
        return True

    def end_step(self, cursor: Cursor) -> None:
        """End the running step now (the seats not yet asked are skipped)."""
        cursor["step"] += 1
        cursor["done"] = []

    def begin(self, cursor: Cursor, base: int) -> None:
        """Count the running step's seats from ``base``."""
        cursor["base"] = base
