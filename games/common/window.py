"""Reaction windows: a moment when several seats may answer at once (a challenge, a
claim, a melee, a sealed bid).

Rules every window follows (shared/rules/README.md, conventions 5 and 6):

* It is open to every seat the game names, eligible or not, so who may act never
  leaks: an ineligible seat is offered only "pass".
* Answers are sealed: a game's view shows that a seat has answered (a seat note or a
  fact, not a log line), never what, until the window closes.
* It closes when every seat has answered; the front end's timer answers "pass"
  for whoever has not (see `Game.timeout_move`).
* Competing answers are resolved by rule priority, then by seat order from the
  seat that opened the window, never by arrival order.

A window is a plain dict kept in the game state, so it round-trips through JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

PASS = "pass"


def open_window(kind: str, seats: Iterable[int], opener: int, serial: int, **data: Any) -> dict[str, Any]:
    """A new window of ``kind`` for ``seats``, opened by ``opener``'s action. ``serial``
    tells windows apart (a game counts them), so a front end can time each one."""
    return {"kind": kind, "seats": sorted(seats), "opener": opener, "serial": serial,
            "answers": {}, "data": data}


def pending(window: Mapping[str, Any] | None) -> frozenset[int]:
    """The seats that have not answered yet."""
    if not window:
        return frozenset()
    return frozenset(s for s in window["seats"] if str(s) not in window["answers"])


def answer(window: dict[str, Any], seat: int, value: str) -> None:
    if seat not in window["seats"]:
        raise ValueError(f"seat {seat} has no say in this window")
    if str(seat) in window["answers"]:
        raise ValueError(f"seat {seat} has already answered")
    window["answers"][str(seat)] = value


def complete(window: Mapping[str, Any] | None) -> bool:
    return bool(window) and not pending(window)


def ranked(window: Mapping[str, Any], players: int,
           priority: Mapping[str, int] | None = None) -> list[tuple[int, str]]:
    """The answers other than "pass", best first: lower ``priority`` value first (answers
    missing from ``priority`` rank after those in it), then seat order starting from
    the seat after the opener."""
    opener = window["opener"]
    rank = priority or {}
    out = [(int(seat), value) for seat, value in window["answers"].items() if value != PASS]
    out.sort(key=lambda sv: (rank.get(sv[1], len(rank)), (sv[0] - opener - 1) % players))
    return out


def reaction_id(window: Mapping[str, Any] | None) -> str | None:
    """A name for the window that stays the same while it is open (see `Game.reaction`)."""
    return f"{window['kind']}:{window['serial']}" if window else None
