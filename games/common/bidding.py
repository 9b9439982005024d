"""Bidding rounds before the play: who speaks next, and who won the auction.

Each kind of auction is a few pure functions over plain data kept in the game's
state (a list of calls as strings, seats as indexes), so states stay JSON and a
game only stores what was said. Auctions of other shapes sit next to these
(Oh Hell's numeric bids live in its module; Trex's contract choice and Envite's
stakes ladder belong here or in their own modules, written the same way).

Pass or play (Calabrasella): going round from a given seat, each player says
``pass`` or ``play``. The first ``play`` wins at once and the others are not
asked; when everyone passes, the hand is redealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine import Event, Move
from games.text import Seat, texts

T, N = texts("bidding")

PASS, PLAY = "pass", "play"
PASS_MOVE, PLAY_MOVE = Move("bid", (PASS,)), Move("bid", (PLAY,))
PASS_OR_PLAY = (PLAY_MOVE, PASS_MOVE)


def speaking_order(first: int, players: int, direction: int = 1) -> list[int]:
    """Every seat once, starting with ``first`` and going ``direction`` (1 = left)."""
    return [(first + direction * i) % players for i in range(players)]


@dataclass(frozen=True)
class PassPlayRound:
    """Where a pass/play round stands: ``to_speak`` the seat asked now (None once it is
    decided), ``winner`` the seat that said play, ``redeal`` when everyone passed."""

    to_speak: int | None
    winner: int | None = None
    redeal: bool = False

    @property
    def decided(self) -> bool:
        return self.to_speak is None


def pass_play(first: int, players: int, calls: Sequence[str], direction: int = 1) -> PassPlayRound:
    """The round after ``calls`` (in speaking order, from ``first``)."""
    order = speaking_order(first, players, direction)
    for seat, call in zip(order, calls, strict=False):
        if call == PLAY:
            return PassPlayRound(None, winner=seat)
    if len(calls) >= players:
        return PassPlayRound(None, redeal=True)
    return PassPlayRound(order[len(calls)])


def call_of(move: Move) -> str | None:
    """The call a ``bid`` move makes (``pass`` or ``play``), or None when it is no such move."""
    if move.kind == "bid" and len(move.args) == 1 and move.args[0] in (PASS, PLAY) and not move.params:
        return move.args[0]
    return None


def call_event(seat: int, call: str) -> Event:
    """The table log line for a call."""
    if call == PLAY:
        return Event(T("{seat} says play.", seat=Seat(seat)))
    return Event(T("{seat} passes.", seat=Seat(seat)))


def call_label(call: str) -> str:
    """A call as a button reads."""
    return T("Play") if call == PLAY else T("Pass")
