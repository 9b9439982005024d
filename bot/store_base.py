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
                           host_id: int, seed: int, seats: list[SeatRecord]) -> TableRecord: ...

    async def save_table(self, record: TableRecord, expected_version: int) -> None: ...

    async def append_move(self, record: TableRecord, seat: int, move: str, expected_version: int,
                          results: list[ResultRow] | None = None) -> None: ...

    async def load_table(self, table_id: int) -> TableRecord | None: ...

    async def open_tables(self) -> list[TableRecord]: ...

    async def moves(self, table_id: int) -> list[tuple[int, int, str]]: ...

    async def record_results(self, record: TableRecord, rows: list[ResultRow]) -> None: ...

    async def forget_user(self, user_id: int) -> int: ...

    async def results(self, guild_id: int, user_id: int | None = None, game: str | None = None) -> list[dict]: ...

    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any: ...

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None: ...

    async def settings(self, guild_id: int) -> dict[str, Any]: ...

    async def delete_settings(self, guild_id: int, keys: Iterable[str] | None = None) -> None: ...
