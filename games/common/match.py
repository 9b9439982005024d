"""The match ledger: hands add up to a match, dealers rotate, someone wins.

Formats used by the games (see shared rules, convention 3):

* ``race``: highest score wins once someone reaches ``target`` (Scopa 11).
* ``lowest``: scores are penalties; once someone reaches ``target`` the lowest
  total wins (Crazy Eights' penalty scoring, Big Two).
* ``fixed``: a set number of hands, highest score wins (Oh Hell's schedule).
* ``wins``: scores count hands won; first to ``target`` hand wins (``target`` 1
  is a single hand).
* chips (`ChipsFormat`): scores are chip counts moved by payments between
  seats and pots; a set number of hands, ended early or not when someone runs
  out of chips (Fan Tan, Newmarket).

`DealtMatch` runs a match hand after hand for a Game class, and `match_outcome`
names its winners by a format.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from games.common.table import winners_text
from games.engine import POINTS, Event, Outcome, State, placings_from
from games.playout import next_deal
from games.text import Seats, Text, texts

T, N = texts("match")

Kind = Literal["race", "lowest", "fixed", "wins"]
S = TypeVar("S", bound=State)


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

    @property
    def unit(self) -> tuple[str, str]:
        """What the scores count (`Game.score_unit`)."""
        if self.kind == "wins":
            return (T("hand won"), T("hands won"))
        if self.kind == "lowest":
            return (T("penalty point"), T("penalty points"))
        return POINTS

    def describe(self) -> Text:
        n = self.target
        if self.kind == "race":
            return N("first to {n} point", "first to {n} points", n)
        if self.kind == "lowest":
            return T("lowest score when someone reaches {n}", n=n)
        if self.kind == "fixed":
            return N("{n} hand, highest score wins", "{n} hands, highest score wins", n)
        return N("a single hand", "first to win {n} hands", n)


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


Summary = Callable[[list[int]], Text]   # the winners -> the outcome's summary


def winners_summary(winners: Sequence[int]) -> Text:
    """``{p0} wins!`` or ``{p0} and {p2} share the win!``."""
    return N("{seats} wins!", "{seats} share the win!", len(winners), seats=Seats(tuple(winners)))


def match_outcome(fmt: MatchFormat | ChipsFormat, scores: Sequence[int],
                  tail: Summary | str = winners_summary) -> Outcome:
    """The outcome of a match that is over: placings by ``fmt``'s standing, its leaders
    winning, and a summary naming them: ``tail(winners)``, by default "{p0} wins!". (A str
    ``tail``, as games wrote it before catalogs, ends the English `winners_text`.)"""
    winners = fmt.leaders(scores)
    summary = tail(winners) if callable(tail) else winners_text(winners) + tail
    return Outcome(placings_from(fmt.standing(scores)), [float(x) for x in scores], winners, summary)


class DealtMatch:
    """For Game classes whose match is played hand after hand, each dealt by the game's
    ``_deal(s)`` (which returns its events): the first dealer is drawn at random, and after
    each hand the match is over or the deal passes on (`pass_deal`: to the left)."""

    def first_deal(self, s: S) -> S:
        """Draw the first dealer of the new state ``s`` and deal the first hand."""
        s.dealer = first_dealer(s.rng(), s.players)
        self._deal(s)  # type: ignore[attr-defined]
        return s

    def pass_deal(self, s: State) -> int:
        """The dealer of the next hand."""
        return next_dealer(s.dealer, s.players)

    def after_hand(self, s: State, events: list[Event], finished: bool) -> list[Event]:
        """After a hand that gave ``events``: when the match is ``finished`` it is over (the
        outcome's summary is the last event), else the deal passes on and the next hand is dealt."""
        if finished:
            s.over = True
            events.append(Event(self.outcome(s).summary))  # type: ignore[attr-defined]
            return events
        s.dealer = self.pass_deal(s)
        return events + next_deal(s, self._deal)  # type: ignore[attr-defined]


# --- chips and stakes (Fan Tan, Newmarket, ...) ------------------------------------------------

Broke = Literal["end", "negative", "eliminate"]


def next_active(seat: int, out: Sequence[bool], direction: int = 1) -> int:
    """The next seat after ``seat`` that is still in the match (``out[i]`` marks the
    seats knocked out); ``seat`` itself when nobody else is left."""
    players = len(out)
    for k in range(1, players + 1):
        candidate = (seat + direction * k) % players
        if not out[candidate]:
            return candidate
    return seat


def round_from(seat: int, out: Sequence[bool]) -> list[int]:
    """The seats still in the match, from ``seat``'s left round to ``seat`` (its deal order)."""
    order = []
    for _ in range(len(out) - sum(out)):
        seat = next_active(seat, out)
        order.append(seat)
    return order


@dataclass(frozen=True)
class ChipsFormat:
    """A match played for chips: scores are chip counts, every payment moves chips
    from a seat to another seat or to a pot, and the most chips wins.

    It ends after ``hands`` hands, or earlier as ``broke`` says:

    * ``"end"``: a seat pays at most the chips it has; the match ends after a hand
      that leaves someone with no chips.
    * ``"negative"``: payments are always made in full, counts may go below zero,
      and every one of the ``hands`` is played.
    * ``"eliminate"``: a seat pays at most the chips it has; after a hand, seats
      left with no chips drop out, and the match ends when one seat is left.
    """

    hands: int
    broke: Broke = "end"

    def take(self, chips: list[int], seat: int, amount: int) -> int:
        """Take ``amount`` chips from ``seat`` (towards a pot): all of it when counts may
        go negative, else no more than it has. Returns the chips taken."""
        if amount <= 0:
            return 0
        if self.broke != "negative":
            amount = min(amount, max(chips[seat], 0))
        chips[seat] -= amount
        return amount

    def pay(self, chips: list[int], payer: int, payee: int, amount: int) -> int:
        """``payer`` pays ``payee`` (as `take` allows). Returns the chips that moved."""
        paid = self.take(chips, payer, amount)
        chips[payee] += paid
        return paid

    def can_spend(self, chips: Sequence[int], seat: int) -> int:
        """The most ``seat`` can spend of its own free will (a bid): the chips it has."""
        return max(chips[seat], 0)

    def knock_out(self, chips: Sequence[int], out: list[bool]) -> list[int]:
        """At the end of a hand, with ``broke="eliminate"``: mark seats left with no
        chips as out and return them (none in the other modes)."""
        if self.broke != "eliminate":
            return []
        gone = [i for i, c in enumerate(chips) if not out[i] and c <= 0]
        for i in gone:
            out[i] = True
        return gone

    def finished(self, chips: Sequence[int], hands_played: int, out: Sequence[bool] | None = None) -> bool:
        if hands_played >= self.hands:
            return True
        live = [i for i in range(len(chips)) if not (out and out[i])]
        if self.broke == "end":
            return any(chips[i] <= 0 for i in live)
        if self.broke == "eliminate":
            return len(live) < 2
        return False

    def standing(self, chips: Sequence[int]) -> list[float]:
        return [float(x) for x in chips]

    def leaders(self, chips: Sequence[int]) -> list[int]:
        best = max(chips)
        return [seat for seat, value in enumerate(chips) if value == best]

    def describe(self) -> Text:
        n = self.hands
        if self.broke == "end":
            return N("{n} hand (or until someone runs out of chips), most chips wins",
                     "{n} hands (or until someone runs out of chips), most chips wins", n)
        if self.broke == "eliminate":
            return N("{n} hand (players out of chips drop out), most chips wins",
                     "{n} hands (players out of chips drop out), most chips wins", n)
        return N("{n} hand, most chips wins", "{n} hands, most chips wins", n)
