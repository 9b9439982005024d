"""What every card table shows and reads the same way: a seat's view (its own hand,
who is to move, the result once the game is over), the hands as zones, seats and
winners named in text, and the one card a play names.

The helpers take a state with ``hands`` (one list of card codes per seat), as
every game using them has."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from games import cards as C
from games.engine import Event, Game, Move, PileView, SeatView, State, View, Zone, and_list
from games.text import Card, Seat, Seats, Text, texts

T, N = texts("table")
S = TypeVar("S", bound=State)
__all__ = ["and_list", "card_to_play", "draws", "hand_zones", "plural", "score_text", "seat_names", "table_view",
           "winners_text"]


def table_view(game: Game[S], s: S, seat: int | None, *, seats: list[SeatView], piles: list[PileView],
               status: str, facts: list[str]) -> View:
    """``seat``'s view of ``s``: its own hand (none for an onlooker, ``seat`` None), who is
    to move, and the outcome's summary once the game is over."""
    hands: list[list[str]] = s.hands  # type: ignore[attr-defined]
    return View(
        game=game.key, seat=seat,
        hand=list(hands[seat]) if seat is not None else [],
        seats=seats, piles=piles, status=status, facts=facts,
        to_move=sorted(game.to_move(s)), over=s.over,
        result=game.outcome(s).summary if s.over else None,
    )


def hand_zones(hands: list[list[str]]) -> list[Zone]:
    """Each seat's hand, seen by that seat only."""
    return [Zone(f"hand {i}", h, i) for i, h in enumerate(hands)]


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``words`` for an irregular plural. English only: a text in
    the catalog says its counts with ``N("{n} card", "{n} cards", n)`` instead."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def draws(seat: int, n: int = 1) -> Event:
    """"{p1} draws a card." (or n cards), told as one line with the draws that follow it."""
    text = N("{seat} draws a card.", "{seat} draws {n} cards.", n, seat=Seat(seat))
    return Event(text, count=n, many=text)


def score_text(score: float, unit: str | tuple[str, str]) -> Text:
    """A score with what it counts: ``12 points``, ``1 hand won``, ``-3 chips``, ``2.5 points``.
    ``unit`` is what `Game.score_unit` gives: singular and plural (texts or words), or one text."""
    if isinstance(unit, tuple):
        unit = unit[0] if score == 1 else unit[1]
    return T("{number} {unit}", number=score, unit=unit)


def seat_names(seats: Sequence[int]) -> Text:
    """Seats for a line of text: ``{p0}``, ``{p0} and {p2}``, ``{p0}, {p1} and {p2}`` (new
    code passes ``Seats(...)`` as a parameter instead)."""
    return and_list([Seat(i) for i in seats])


def winners_text(winners: Sequence[int]) -> Text:
    """``{p0} wins`` or ``{p0} and {p2} share the win``."""
    return N("{seats} wins", "{seats} share the win", len(winners), seats=Seats(tuple(winners)))


def card_to_play(move: Move, hand: Sequence[str], example: str, *, params: bool = True) -> tuple[str, str | None]:
    """The card a one-card ``move`` plays, as ``(code, None)``; or ``("", why)`` when it does
    not name exactly one card, or one not in ``hand``. ``example`` is a card code for the
    hint; without ``params`` a move with parameters names no card either."""
    if len(move.args) != 1 or (move.params and not params) or not C.is_card(move.args[0]):
        return "", T("Say which one card to play, e.g. '{move}'.", move=f"play {example}")
    code = C.card(move.args[0]).code
    if code not in hand:
        return "", T("You do not hold {card}.", card=Card(code))
    return code, None
