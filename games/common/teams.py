"""Two or more teams seated in alternation, each with a captain, and a dummy hand for a team one
player short (Envite).

Places are the positions around the table in turn order: place ``p`` belongs to team
``p % teams``. Real seats take places 0…players-1 (seat ``i`` sits at place ``i``); when the
players do not fill a whole number of rounds, the places left over at the end of the alternation
are dummies, each played by its team's captain. So with seven players and two teams, team 0 holds
seats 0, 2, 4, 6 and team 1 seats 1, 3, 5 and the dummy at place 7.

A team message is one `Event` per teammate (`team_events`), since an event has one reader.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.engine import Event


@dataclass(frozen=True)
class Teams:
    players: int
    count: int = 2

    @property
    def places(self) -> int:
        """Places around the table: the players rounded up to whole rounds of the alternation."""
        return -(-self.players // self.count) * self.count

    def team_of(self, place: int) -> int:
        return place % self.count

    def is_dummy(self, place: int) -> bool:
        return place >= self.players

    def dummies(self) -> list[int]:
        return list(range(self.players, self.places))

    def members(self, team: int) -> list[int]:
        """The real seats of ``team``, in turn order."""
        return [seat for seat in range(self.players) if seat % self.count == team]

    def teammates(self, seat: int) -> list[int]:
        """The other real seats of ``seat``'s team."""
        return [other for other in self.members(self.team_of(seat)) if other != seat]

    def draw_captains(self, rng: random.Random) -> list[int]:
        """A captain per team, drawn at random among its players."""
        return [rng.choice(self.members(team)) for team in range(self.count)]

    def spread(self, values: Sequence[int]) -> list[int]:
        """Per seat, its team's value (team scores shown on every member's seat)."""
        return [values[self.team_of(seat)] for seat in range(self.players)]


def controller(teams: Teams, captains: Sequence[int], place: int) -> int:
    """The seat that plays ``place``: itself, or its team's captain for a dummy."""
    return captains[teams.team_of(place)] if teams.is_dummy(place) else place


def team_events(text: str, seats: Iterable[int]) -> list[Event]:
    """One line that only ``seats`` may read (a team-private message)."""
    return [Event(text, seat) for seat in seats]
