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

S = TypeVar("S", bound=State)


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
    """``1 card``, ``2 cards``; ``words`` for an irregular plural."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def draws(seat: int, n: int = 1) -> Event:
    """"{p1} draws a card." (or n cards), told as one line with the draws that follow it."""
    many = f"{{p{seat}}} draws {{n}} cards."
    return Event(f"{{p{seat}}} draws a card." if n == 1 else many.replace("{n}", str(n)), count=n, many=many)


def score_text(score: float, unit: tuple[str, str]) -> str:
    """A score with what it counts: ``12 points``, ``1 hand won``, ``-3 chips``, ``2.5 points``."""
    number = f"{score:g}" if isinstance(score, float) else str(score)
    return f"{number} {unit[0] if score == 1 else unit[1]}"


def seat_names(seats: Sequence[int]) -> str:
    """Seats for a line of text: ``{p0}``, ``{p0} and {p2}``, ``{p0}, {p1} and {p2}``."""
    return and_list([f"{{p{i}}}" for i in seats])


def winners_text(winners: Sequence[int]) -> str:
    """``{p0} wins`` or ``{p0} and {p2} share the win``."""
    return f"{seat_names(winners)} {'wins' if len(winners) == 1 else 'share the win'}"


def card_to_play(move: Move, hand: Sequence[str], example: str, *, params: bool = True) -> tuple[str, str | None]:
    """The card a one-card ``move`` plays, as ``(code, None)``; or ``("", why)`` when it does
    not name exactly one card, or one not in ``hand``. ``example`` is a card code for the
    hint; without ``params`` a move with parameters names no card either."""
    if len(move.args) != 1 or (move.params and not params) or not C.is_card(move.args[0]):
        return "", f"Say which one card to play, e.g. 'play {example}'."
    code = C.card(move.args[0]).code
    if code not in hand:
        return "", f"You do not hold {C.text(code)}."
    return code, None
