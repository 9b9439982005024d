"""The Game-class side of a match played for chips (Fan Tan, Newmarket): the chips
ledger is `games.common.match.ChipsFormat`; this is how such a game runs it hand
after hand and shows it."""

from __future__ import annotations

from typing import Any

from games.common.match import ChipsFormat, DealtMatch, match_outcome, next_active
from games.engine import Event, Outcome
from games.text import Seats, Text, texts

T, N = texts("chips")


def chips_text(n: int) -> Text:
    return N("{n} chip", "{n} chips", n)


class ChipsMatch(DealtMatch):
    """For the Game classes of chips games. The state has ``scores`` (chip counts) and
    ``out`` (per seat: knocked out of the match); the options' ``match(players)`` gives
    the `ChipsFormat`. The deal passes left among the seats still in."""

    def match_format(self, s: Any) -> ChipsFormat:
        return self.options_of(s).match(s.players)  # type: ignore[attr-defined]

    def pass_deal(self, s: Any) -> int:
        return next_active(s.dealer, s.out)

    def next_hand(self, s: Any, events: list[Event]) -> list[Event]:
        """After a hand that gave ``events``: seats out of chips drop out (as ``broke`` says),
        then the match ends or the next hand is dealt."""
        fmt = self.match_format(s)
        gone = fmt.knock_out(s.scores, s.out)
        if gone:
            events.append(Event(N("{seats} is out of chips and out of the match.",
                                  "{seats} are out of chips and out of the match.", len(gone),
                                  seats=Seats(tuple(gone)))))
        return self.after_hand(s, events, fmt.finished(s.scores, s.hand_no, s.out))

    def score_unit(self, s: Any) -> tuple[str, str]:
        return (T("chip"), T("chips"))

    def seat_notes(self, s: Any, seat: int) -> list[str]:
        """The notes every chips game shows on a seat: dealer, out of the match."""
        notes = []
        if seat == s.dealer:
            notes.append(T("dealer"))
        if s.out[seat]:
            notes.append(T("out of the match"))
        return notes

    def match_fact(self, s: Any) -> Text:
        return T("Match: {format}", format=self.match_format(s).describe())   # the status says which hand it is

    def outcome(self, s: Any) -> Outcome | None:
        """The most chips wins; equal counts share the win."""
        if not s.over:
            return None
        chips = chips_text(max(s.scores))
        return match_outcome(self.match_format(s), s.scores, lambda winners: N(
            "{seats} wins with {chips}!", "{seats} share the win with {chips}!", len(winners),
            seats=Seats(tuple(winners)), chips=chips))
