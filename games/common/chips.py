"""The Game-class side of a match played for chips (Fan Tan, Newmarket): the chips
ledger is `games.common.match.ChipsFormat`; this is how such a game runs it hand
after hand and shows it."""

from __future__ import annotations

from typing import Any

from games.common.match import ChipsFormat, DealtMatch, match_outcome, next_active
from games.common.table import seat_names
from games.engine import Event, Outcome


def chips_text(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


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
            events.append(Event(f"{seat_names(gone)} {'is' if len(gone) == 1 else 'are'} "
                                f"out of chips and out of the match."))
        return self.after_hand(s, events, fmt.finished(s.scores, s.hand_no, s.out))

    def score_unit(self, s: Any) -> tuple[str, str]:
        return ("chip", "chips")

    def seat_notes(self, s: Any, seat: int) -> list[str]:
        """The notes every chips game shows on a seat: dealer, out of the match."""
        notes = []
        if seat == s.dealer:
            notes.append("dealer")
        if s.out[seat]:
            notes.append("out of the match")
        return notes

    def match_fact(self, s: Any) -> str:
        fmt = self.match_format(s)
        return f"Match: {fmt.describe()}"   # the status says which hand it is

    def outcome(self, s: Any) -> Outcome | None:
        """The most chips wins; equal counts share the win."""
        if not s.over:
            return None
        return match_outcome(self.match_format(s), s.scores, f" with {chips_text(max(s.scores))}!")
