"""What every store offers: the SQLite `bot.store.Store` and the PostgreSQL `bot.store_pg.PgStore`.

`TableStore` is the interface the rest of the bot can be typed against, so it never needs to know
which database it talks to. The records, `VersionConflict` and `MigrationError` live in
`bot.store` and are shared by both implementations.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from bot.store import ResultRow, SeatRecord, TableRecord


class DuplicateResults(sqlite3.IntegrityError):
    """A table's results were already recorded. A subclass of sqlite3.IntegrityError, which is what
    `Store.record_results` documents (and raises) for a second recording, so one ``except`` catches
    it from either store."""


@runtime_checkable
class TableStore(Protocol):
    """Tables, seats, the move log, results and per-server settings, with optimistic version checks."""

    async def close(self) -> None: ...

    async def __aenter__(self) -> TableStore: ...

    async def __aexit__(self, *exc_info: object) -> None: ...

    async def create_table(self, guild_id: int, channel_id: int, game: str, options: dict[str, Any],
                           host_id: int, seed: int, seats: list[SeatRecord],
                           meta: dict[str, Any] | None = None) -> TableRecord: ...

    async def set_message_id(self, table_id: int, message_id: int | None) -> None:
        """Note which message shows the table. Not a change of the table: its version stays."""

    async def set_meta(self, table_id: int, meta: dict[str, Any]) -> None:
        """Replace the table's meta (the front end's notes). Not a change of the table: its version stays."""

    async def save_table(self, record: TableRecord, expected_version: int) -> None:
        """Write every field of `record` and its seats, if the stored row is still at
        `expected_version`; otherwise raise VersionConflict and write nothing. The caller sets
        `record.version` (normally expected_version + 1) first. Sets `record.updated_at`."""

    async def append_move(self, record: TableRecord, seat: int, move: str, expected_version: int,
                          results: list[ResultRow] | None = None) -> None:
        """The per-move write: log `move` by `seat` as version `record.version` and store the
        record's state, status, version, meta and seats, all in one transaction guarded by
        `expected_version` (VersionConflict, nothing written, if the row has moved on). With
        `results` (the move ended the game), the results are stored in the same transaction.
        Sets `record.updated_at`. Other fields (message_id, options …) are not written here."""

    async def load_table(self, table_id: int) -> TableRecord | None: ...

    async def open_tables(self) -> list[TableRecord]:
        """Every table in the lobby or being played, by id (what to restore after a restart)."""

    async def moves(self, table_id: int) -> list[tuple[int, int, str]]:
        """The move log of a table: (version, seat, move) in version order."""

    async def record_results(self, record: TableRecord, rows: list[ResultRow]) -> None:
        """Store one result per seat: `rows` holds (user_id or None, placing, score) in seat
        order. Recording a table twice raises sqlite3.IntegrityError (`DuplicateResults` from
        PostgreSQL) and writes nothing."""

    async def forget_user(self, user_id: int) -> int:
        """Remove a member's personal data: their results become anonymous, their name leaves
        every closed table (open tables keep their seat: the member is playing there). Returns
        how many rows changed."""

    async def results(self, guild_id: int, user_id: int | None = None, game: str | None = None) -> list[dict]:
        """Results in a server, optionally only one user's and/or one game's, oldest first.
        Each is a dict with table_id, seat, game, user_id, placing, score and finished_at."""

    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any: ...

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store a JSON-serialisable value (it comes back as JSON would give it: tuples as
        lists, dict keys as strings)."""

    async def settings(self, guild_id: int) -> dict[str, Any]:
        """Every setting of a server, by key."""

    async def delete_settings(self, guild_id: int, keys: Iterable[str] | None = None) -> None:
        """Forget some settings of a server, or all of them (keys=None)."""
