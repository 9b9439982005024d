"""A stakes ladder negotiated between two captains (Envite, and the Truc family), and lying down.

A hand starts at the ladder's first step. Either captain may challenge to the next step; the
challenged captain accepts (the hand is played at that step), declines (the challenger's side
wins the hand at the step below) or raises to the step after, which the other captain answers
the same way. The last step ("the game": the hand decides the whole game) can only be accepted
or declined.

The negotiation is a JSON-native dict kept in the game's state:

* ``level``: index of the stake on the ladder (the hand's stake once play starts);
* ``ready``: per side, whether its captain chose to play at the opening stake;
* ``to_answer``: the side that must answer a challenge or raise (-1: none);
* ``last``: the side that raised last (-1: none), which may not raise again in a row.

Lying down: scores stop one stone short of the target (`add_stones`); a side that sits there is
"lying down" and the ordinary negotiation gives way to its captain's choice (`LYING_*`).
"""

from __future__ import annotations

from typing import Any

GAME = -1   # the stake "this hand decides the game"
LADDER: tuple[int, ...] = (2, 4, 7, 9, GAME)

# Lying down: the opponents' stones when the lying side forfeits the hand, or plays it and loses
LYING_FORFEIT = 1
LYING_LOSS = 3

ACCEPT, DECLINE, RAISE = "accept", "decline", "raise"

Negotiation = dict[str, Any]


def open_negotiation(sides: int = 2) -> Negotiation:
    return {"level": 0, "ready": [False] * sides, "to_answer": -1, "last": -1}


def stake(level: int, ladder: tuple[int, ...] = LADDER) -> int:
    """The stones the step is worth (`GAME` for the last step of the default ladder)."""
    return ladder[level]


def is_game(level: int, ladder: tuple[int, ...] = LADDER) -> bool:
    return ladder[level] == GAME


def top(level: int, ladder: tuple[int, ...] = LADDER) -> bool:
    return level >= len(ladder) - 1


def decline_value(level: int, ladder: tuple[int, ...] = LADDER) -> int:
    """What the challenger's side scores when a challenge or raise to ``level`` is declined:
    the step below (4 → 2, 7 → 4, 9 → 7, game → 9)."""
    return ladder[level - 1]


def answers(level: int, ladder: tuple[int, ...] = LADDER) -> tuple[str, ...]:
    """What the challenged captain may answer to a challenge to ``level``."""
    return (ACCEPT, DECLINE) if top(level, ladder) else (ACCEPT, DECLINE, RAISE)


def challenge(neg: Negotiation, side: int, sides: int = 2) -> None:
    """``side`` raises the stake one step; the other side must answer."""
    neg["level"] += 1
    neg["last"] = side
    neg["to_answer"] = (side + 1) % sides


def may_challenge(neg: Negotiation, side: int, ladder: tuple[int, ...] = LADDER) -> bool:
    return neg["to_answer"] == -1 and neg["last"] != side and not top(neg["level"], ladder)


def accept(neg: Negotiation) -> None:
    neg["to_answer"] = -1


def opening_done(neg: Negotiation) -> bool:
    """Both captains chose to play at the opening stake."""
    return all(neg["ready"])


def timeout_answer(neg: Negotiation) -> str:
    """What a captain who lets the time run out answers: Accept a pending challenge, otherwise
    Play (at the stake as it stands)."""
    return ACCEPT if neg["to_answer"] != -1 else "play"


def add_stones(score: int, stones: int, target: int) -> int:
    """``score`` plus ``stones``, stopping one short of ``target`` (lying down); winning the game
    is decided by the rules (a lying side winning a hand, or a hand played for the game)."""
    return min(score + stones, target - 1)


def lying_down(score: int, target: int) -> bool:
    return score >= target - 1
