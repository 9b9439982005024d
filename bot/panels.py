"""Which hand panels the bot may still edit, so it can bring them up to date (pattern P1).

A hand panel is an ephemeral message: only the interaction that drew it (**My hand**, or the
last click on it) can edit it again, and only while that interaction's token lives (15 minutes).
The controller records that interaction whenever it draws a panel; when the game then waits for
the player, it redraws their panel through the token if it is under `TOKEN_LIFE` old, so a
player whose turn comes round finds their hand current without pressing **Refresh**. An older
panel is left alone: the public table message pings the player, and **My hand** opens a fresh one.
A redraw carries the hand picture; it is uploaded again only when the hand it shows changed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

TOKEN_LIFE = 14 * 60  # seconds; Discord's tokens last 15 minutes, keep a margin


@dataclass
class Panel:
    interaction: Any   # the discord.Interaction whose token edits the panel
    drawn_at: float    # clock time it was recorded
    version: int       # the table version the panel shows
    picture: str | None = None   # the alt text of its hand picture (which hand it shows), if it has one


class Panels:
    """The last panel of each member at each table, while it can still be edited.

    Panels are kept in the order they were drawn, so those past `TOKEN_LIFE` (each holds its
    interaction's whole parsed payload) are dropped from the front whenever one is drawn, also
    those of tables that never change again."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._open: dict[tuple[int, int], Panel] = {}   # (table id, member id) → panel, oldest first
        self._members: dict[int, set[int]] = {}          # table id → members with a panel there

    def drawn(self, table_id: int, user_id: int, interaction: Any, version: int, picture: str | None = None) -> None:
        key = (table_id, user_id)
        self._open.pop(key, None)   # to the back: the newest
        self._open[key] = Panel(interaction, self.clock(), version, picture)
        self._members.setdefault(table_id, set()).add(user_id)
        self._drop_expired()

    def _drop_expired(self) -> None:
        now = self.clock()
        while self._open:
            key, oldest = next(iter(self._open.items()))
            if now - oldest.drawn_at < TOKEN_LIFE:
                return
            self.forget(*key)

    def stale(self, table_id: int, user_id: int, version: int) -> Panel | None:
        """The member's panel if it shows an older version and can still be edited."""
        panel = self._open.get((table_id, user_id))
        if panel is None:
            return None
        if self.clock() - panel.drawn_at >= TOKEN_LIFE:
            self.forget(table_id, user_id)
            return None
        return panel if panel.version != version else None

    def forget(self, table_id: int, user_id: int | None = None) -> None:
        """Drop one member's panel (it cannot be edited), or every panel of a table that ended."""
        members = self._members.get(table_id, set())
        for member in [user_id] if user_id is not None else list(members):
            self._open.pop((table_id, member), None)
            members.discard(member)
        if not members:
            self._members.pop(table_id, None)

    def __len__(self) -> int:
        return len(self._open)
