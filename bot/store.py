"""Persistent storage of tables, seats, the move log, server settings and results.

SQLite through aiosqlite (WAL mode). The schema is created by numbered
migrations tracked in ``PRAGMA user_version``. Every change to a table is one
transaction with an optimistic version check: a write names the version it was
based on and fails with `VersionConflict` if another writer got there first, so
two processes or two clicks can never both apply a move to the same version.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self, TypeVar

import aiosqlite

from games.jsontext import dumps


class VersionConflict(Exception):
    """The table changed since it was read; reload and try again."""


class DatabaseUnusable(Exception):
    """The SQLite file cannot be created or written; the message names the file and why."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot write the database at {os.path.abspath(path)}: {reason}")


def check_writable(path: str) -> None:
    """Raise `DatabaseUnusable` unless SQLite can create or write the file at ``path``, and its
    -wal and -shm files beside it."""
    file = Path(os.path.abspath(path))
    folder = file.parent
    try:
        if not folder.is_dir():
            raise DatabaseUnusable(path, f"{folder} is not a folder" if folder.exists()
                                   else f"the folder {folder} does not exist")
        if file.is_dir():
            raise DatabaseUnusable(path, "it is a folder")
    except OSError as e:
        raise DatabaseUnusable(path, e.strerror or str(e)) from None
    if file.exists() and not os.access(file, os.W_OK):
        raise DatabaseUnusable(path, "the file is read-only")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DatabaseUnusable(path, f"the folder {folder} is not writable")


async def _exec(db: aiosqlite.Connection, sql: str, params: Any = ()) -> list[sqlite3.Row]:
    """Run one statement to its end in one trip to the connection's thread, and give its rows
    (a write says what it changed with RETURNING). Its statement is done when this returns, so
    the next COMMIT never meets a statement still in progress."""
    return list(await db.execute_fetchall(sql, params))


async def _use_wal(db: aiosqlite.Connection) -> None:
    """Switch the file to WAL mode. SQLite fails this switch at once, without waiting out the
    busy timeout, while another connection holds the lock it needs (as when several processes
    open a new file together), so it is retried until BUSY_TIMEOUT has passed."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    delay = 0.005
    while True:
        try:
            await _exec(db, "PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.1)


T = TypeVar("T")
Work = Callable[[sqlite3.Connection], T]


def _rows(conn: sqlite3.Connection, sql: str, params: Any = ()) -> list[sqlite3.Row]:
    return conn.execute(sql, params).fetchall()


def _insert(conn: sqlite3.Connection, head: str, rows: list[tuple]) -> None:
    """``head`` (``INSERT INTO t (a, b)``) with all ``rows`` as one statement."""
    if rows:
        marks = "(" + ", ".join("?" * len(rows[0])) + ")"
        conn.execute(f"{head} VALUES {', '.join([marks] * len(rows))}", tuple(v for row in rows for v in row))


def _replace_seats(conn: sqlite3.Connection, table_id: int, seat_rows: list[tuple]) -> None:
    conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    _insert(conn, _INSERT_SEATS, seat_rows)


def _atomically(work: Work[T]) -> Work[T]:
    """``work`` as one write transaction, rolled back if it raises."""
    def transaction(conn: sqlite3.Connection) -> T:
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = work(conn)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return result
    return transaction



@dataclass
class SeatRecord:
    user_id: int | None          # None for a computer player
    name: str                    # display name at the time of joining
    computer: bool = False
    stand_in: bool = False       # a computer plays for this human (timed out or left) until they return


@dataclass
class TableRecord:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    host_id: int
    seed: int
    status: str = "lobby"        # lobby | playing | finished | cancelled
    message_id: int | None = None
    state: str | None = None     # the game state as JSON once started
    version: int = 0
    seats: list[SeatRecord] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)   # the front end's own: deadline, recent events …
    created_at: float = 0.0
    updated_at: float = 0.0


class MigrationError(RuntimeError):
    """The database schema cannot be brought to the version this code expects."""


# Numbered schema migrations: MIGRATIONS[i] takes a database from user_version i to i + 1.
# Each runs in its own transaction together with the user_version bump, so a failed migration
# leaves the database exactly as it was. Foreign keys are off while migrating (as SQLite
# recommends for table rebuilds) and checked with `PRAGMA foreign_key_check` before commit.
# Never edit a migration that has shipped: append a new one.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE tables (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER,
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}',
        host_id     INTEGER NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT    NOT NULL DEFAULT 'lobby',
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE INDEX tables_status ON tables (status);
    CREATE INDEX tables_channel ON tables (guild_id, channel_id);

    CREATE TABLE seats (
        table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        user_id     INTEGER,
        name        TEXT    NOT NULL,
        computer    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    ) WITHOUT ROWID;

    CREATE TABLE moves (
        table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        version     INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        move        TEXT    NOT NULL,
        created_at  REAL    NOT NULL,
        PRIMARY KEY (table_id, version)
    ) WITHOUT ROWID;

    CREATE TABLE guild_settings (
        guild_id    INTEGER NOT NULL,
        key         TEXT    NOT NULL,
        value       TEXT    NOT NULL,
        PRIMARY KEY (guild_id, key)
    ) WITHOUT ROWID;

    CREATE TABLE results (
        table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        user_id     INTEGER,
        placing     INTEGER NOT NULL,
        score       REAL    NOT NULL,
        finished_at REAL    NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX results_game ON results (guild_id, game);
    CREATE INDEX results_user ON results (guild_id, user_id);
    """,
    # 2: a move is written by one UPDATE of its table; this trigger appends it to the log
    # in the same statement, so the per-move write is a single atomic round trip.
    """
    ALTER TABLE tables ADD COLUMN last_seat INTEGER;
    ALTER TABLE tables ADD COLUMN last_move TEXT;
    CREATE TRIGGER tables_log_move AFTER UPDATE OF version ON tables
    WHEN NEW.last_move IS NOT NULL
    BEGIN
        INSERT INTO moves (table_id, version, seat, move, created_at)
        VALUES (NEW.id, NEW.version, NEW.last_seat, NEW.last_move, NEW.updated_at);
    END;
    """,
    # 3: what the front end keeps per table (deadline, timeouts, recent events) and seats a
    # computer plays for their human until the human takes them back.
    """
    ALTER TABLE tables ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE seats ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: a result's details as the game counts them (JSON: won, score, moves, seconds; the daily deal's date)
    """
    ALTER TABLE results ADD COLUMN detail TEXT NOT NULL DEFAULT '{}';
    """,
]

OPEN_STATUSES = ("lobby", "playing")
BUSY_TIMEOUT = 5.0  # seconds a writer waits for another connection's lock before failing

_TABLE_SELECT = """
    SELECT t.*, s.seat AS s_seat, s.user_id AS s_user_id, s.name AS s_name, s.computer AS s_computer,
           s.stand_in AS s_stand_in
    FROM tables AS t LEFT JOIN seats AS s ON s.table_id = t.id
"""
_INSERT_SEATS = "INSERT INTO seats (table_id, seat, user_id, name, computer, stand_in)"
_INSERT_RESULTS = ("INSERT INTO results (table_id, seat, guild_id, game, user_id, placing, score, finished_at,"
                   " detail)")
_UPDATE_TABLE = ("UPDATE tables SET guild_id = ?, channel_id = ?, message_id = ?, game = ?, options = ?,"
                 " host_id = ?, seed = ?, status = ?, state = ?, version = ?, updated_at = ?, meta = ?,"
                 " last_seat = NULL, last_move = NULL WHERE id = ? AND version = ? RETURNING id")
_UPDATE_MOVE = ("UPDATE tables SET state = ?, status = ?, version = ?, updated_at = ?, meta = ?,"
                " last_seat = ?, last_move = ? WHERE id = ? AND version = ? RETURNING id")
# user_id (None for a computer), placing, score, and optionally the game's details (`Game.result_scores`)
ResultRow = tuple[int | None, int, float] | tuple[int | None, int, float, dict]


def split_sql(script: str) -> list[str]:
    """Split an SQL script into single statements (``sqlite3.complete_statement`` knows about
    string literals, comments and trigger bodies, so semicolons inside them are safe)."""
    statements: list[str] = []
    start = 0
    for i, ch in enumerate(script):
        if ch == ";" and sqlite3.complete_statement(script[start:i + 1]):
            statements.append(script[start:i + 1].strip())
            start = i + 1
    rest = script[start:].strip()
    if rest and sqlite3.complete_statement(rest + ";"):
        statements.append(rest)
    return statements


def _dumps(value: Any) -> str:
    return dumps(value, sort_keys=True)


def _seat_key(seats: list[SeatRecord]) -> tuple[tuple[int | None, str, bool, bool], ...]:
    return tuple((s.user_id, s.name, bool(s.computer), bool(s.stand_in)) for s in seats)


MOVE_BATCH = 100      # rows per batched move statement (9 parameters each; SQLite allows 32766)


def _batched_move_update(rows: int) -> str:
    values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?)"] * rows)
    return ("UPDATE tables SET state = v.column1, status = v.column2, version = v.column3, updated_at = v.column4,"
            " meta = v.column5, last_seat = v.column6, last_move = v.column7"
            f" FROM (VALUES {values}) AS v WHERE tables.id = v.column8 AND tables.version = v.column9"
            " RETURNING tables.id")


class _MoveWriter:
    """Writes the per-move row updates of different tables in one statement (group commit).

    Moves that arrive while a statement is being written wait and go together in the next.
    The connection's thread needs the GIL a few times for every statement, and a busy event
    loop lets it have the GIL about once per turn, so one statement per move capped a busy bot
    at a few hundred moves/s and made every move wait in that queue. One statement is one
    transaction: the moves of a batch are all written or none (and all get the error); each
    row keeps its own version guard, and the trigger logs each move."""

    def __init__(self, run: Callable[[str, tuple], Awaitable[list[sqlite3.Row]]]) -> None:
        self._run = run
        self._queue: list[tuple[tuple, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task | None = None

    async def write(self, params: tuple) -> bool:
        """Queue one move's update (the `update` parameters of `Store.append_move`); True once
        written, False if the row was not at the expected version."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._queue.append((params, future))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_queued())
        return await future

    async def drain(self) -> None:
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)

    async def _write_queued(self) -> None:
        while self._queue:
            batch, rest, ids = [], [], set()
            for item in self._queue:   # a table at most once per statement; its later moves wait
                table_id = item[0][7]
                (rest if table_id in ids or len(batch) == MOVE_BATCH else batch).append(item)
                ids.add(table_id)
            self._queue = rest
            try:
                written = {row[0] for row in await self._run(_batched_move_update(len(batch)),
                                                                tuple(p for params, _ in batch for p in params))}
            except Exception as e:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(e)
                continue
            except BaseException:  # cancelled (shutdown): nobody may wait forever
                for _, future in batch + self._queue:
                    future.cancel()
                self._queue = []
                raise
            for params, future in batch:
                if not future.done():
                    future.set_result(params[7] in written)


class StoreCommon:
    """What the SQLite `Store` and the PostgreSQL `bot.store_pg.PgStore` do alike around their SQL:
    the checks before a write, the record it leaves, and the seats each open table was last
    known to have. The public methods are documented on `bot.store_base.TableStore`."""

    def __init__(self) -> None:
        # table id -> (version, seats) as last read or written by this store. Versions only
        # ever grow, so "the row is at version v" pins down its seats; append_move uses this to
        # skip rewriting unchanged seats on every move.
        self._known_seats: dict[int, tuple[int, tuple]] = {}

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def _created(self, table_id: int, guild_id: int, channel_id: int, game: str, options: dict[str, Any],
                 host_id: int, seed: int, seats: list[SeatRecord], now: float, meta: str) -> TableRecord:
        self._known_seats[table_id] = (0, _seat_key(seats))
        return TableRecord(id=table_id, guild_id=guild_id, channel_id=channel_id, game=game,
                           options=json.loads(_dumps(options)), host_id=host_id, seed=seed,
                           seats=seats, meta=json.loads(meta), created_at=now, updated_at=now)

    @contextmanager
    def _writing(self, record: TableRecord, expected_version: int) -> Iterator[float]:
        """Around one guarded write of `record`: gives the time to stamp it with. On
        VersionConflict the table's seats are forgotten; once written, `record.updated_at` is
        set and its seats noted."""
        _check_bump(record, expected_version)
        now = time.time()
        try:
            yield now
        except VersionConflict:
            self._known_seats.pop(record.id, None)
            raise
        record.updated_at = now
        self._remember_seats(record)

    def _seats_unchanged(self, record: TableRecord, expected_version: int) -> bool:
        return self._known_seats.get(record.id) == (expected_version, _seat_key(record.seats))

    def _remember_seats(self, record: TableRecord) -> None:
        if record.status in OPEN_STATUSES:
            self._known_seats[record.id] = (record.version, _seat_key(record.seats))
        else:
            self._known_seats.pop(record.id, None)

    def _records(self, rows: Iterable[Any]) -> list[TableRecord]:
        records = records_from_rows(rows)
        for rec in records:
            self._remember_seats(rec)
        return records

    @staticmethod
    def _result_rows(record: TableRecord, rows: list[ResultRow], now: float) -> list[tuple]:
        if len(rows) != len(record.seats):
            raise ValueError(f"{len(rows)} result rows for {len(record.seats)} seats")
        return [(record.id, seat, record.guild_id, record.game, row[0], row[1], float(row[2]), now,
                 json.dumps(row[3] if len(row) > 3 else {}, sort_keys=True))
                for seat, row in enumerate(rows)]


def results_query(guild_id: int, user_id: int | None, game: str | None,
                  mark: Callable[[int], str]) -> tuple[str, list[Any]]:
    """The query of `TableStore.results`, with `mark(n)` writing the n-th parameter."""
    sql = ('SELECT table_id, seat, game, user_id, "placing", score, finished_at, detail FROM results'
           f" WHERE guild_id = {mark(1)}")
    params: list[Any] = [guild_id]
    for column, value in (("user_id", user_id), ("game", game)):
        if value is not None:
            params.append(value)
            sql += f" AND {column} = {mark(len(params))}"
    return sql + " ORDER BY finished_at, table_id, seat", params


CLOSED_TABLES = "SELECT id FROM tables WHERE status NOT IN ('lobby', 'playing')"


class Store(StoreCommon):
    """One SQLite database behind one aiosqlite connection.

    Open with ``await Store.open(path)`` (or ``async with await Store.open(path) as store``).
    Every public method is safe to call from concurrent tasks. The connection's thread runs
    what it is given one at a time, in order, and a transaction (``BEGIN IMMEDIATE`` to
    ``COMMIT``) is given to it as one job (`_job`): no other task's statement can land inside
    it, and it costs one trip to that thread, so no lock is needed and nothing waits behind a
    transaction for more than its own run. Other processes on the same file see all of a
    transaction or none of it.
    """

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        super().__init__()
        self._db = db
        self.path = path
        self._moves = _MoveWriter(self._statement)

    # --- lifecycle -------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str) -> Store:
        """Connect, configure the connection and bring the schema up to date. A file SQLite cannot
        write (or that is not a database) raises `DatabaseUnusable`."""
        check_writable(path)
        try:
            return await cls._open(path)
        except sqlite3.Error as e:
            raise DatabaseUnusable(path, str(e)) from e

    @classmethod
    async def _open(cls, path: str) -> Store:
        db = await aiosqlite.connect(str(path), timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await _exec(db, f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            await _use_wal(db)
            await _exec(db, "PRAGMA synchronous = NORMAL")
            await _migrate(db)
            await _exec(db, "PRAGMA foreign_keys = ON")
        except BaseException:
            await db.close()
            raise
        return cls(db, str(path))

    async def close(self) -> None:
        await self._moves.drain()
        await self._db.close()   # queued behind every job already given to the thread

    async def _statement(self, sql: str, params: Any = ()) -> list[sqlite3.Row]:
        """One statement (a write is its own transaction), in one trip to the thread."""
        return list(await self._db.execute_fetchall(sql, params))

    async def _job(self, work: Work[T]) -> T:
        """Run ``work`` on the connection's thread as one job, in one trip. aiosqlite has no
        public call for this; ``Connection._execute`` is what its own methods use (the version
        is pinned in pyproject.toml, and every store test goes through here). Once queued, the
        job runs to its end even if the awaiting task is cancelled."""
        return await self._db._execute(work, self._db._conn)

    async def _transaction(self, work: Work[T]) -> T:
        return await self._job(_atomically(work))

    # --- tables ----------------------------------------------------------------------------

    async def create_table(self, guild_id: int, channel_id: int, game: str, options: dict[str, Any],
                           host_id: int, seed: int, seats: list[SeatRecord],
                           meta: dict[str, Any] | None = None) -> TableRecord:
        now = time.time()
        seats, meta_text = list(seats), _dumps(meta or {})

        def create(conn: sqlite3.Connection) -> int:
            [(table_id,)] = _rows(conn,
                "INSERT INTO tables (guild_id, channel_id, message_id, game, options, host_id, seed,"
                " status, state, version, created_at, updated_at, meta)"
                " VALUES (?, ?, NULL, ?, ?, ?, ?, 'lobby', NULL, 0, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, game, _dumps(options), host_id, seed, now, now, meta_text))
            _insert(conn, _INSERT_SEATS, self._seat_rows(table_id, seats))
            return table_id

        table_id = await self._transaction(create)
        return self._created(table_id, guild_id, channel_id, game, options, host_id, seed, seats, now, meta_text)

    async def set_message_id(self, table_id: int, message_id: int | None) -> None:
        await self._statement("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def set_meta(self, table_id: int, meta: dict[str, Any]) -> None:
        await self._statement("UPDATE tables SET meta = ? WHERE id = ?", (_dumps(meta), table_id))

    async def save_table(self, record: TableRecord, expected_version: int) -> None:
        with self._writing(record, expected_version) as now:
            params = (record.guild_id, record.channel_id, record.message_id, record.game,
                      _dumps(record.options), record.host_id, record.seed, record.status, record.state,
                      record.version, now, _dumps(record.meta), record.id, expected_version)
            if self._seats_unchanged(record, expected_version):   # one statement is its own transaction
                written = bool(await self._statement(_UPDATE_TABLE, params))
            else:
                seat_rows = self._seat_rows(record.id, record.seats)   # taken here, not in the thread

                def save(conn: sqlite3.Connection) -> bool:
                    if not _rows(conn, _UPDATE_TABLE, params):
                        return False
                    _replace_seats(conn, record.id, seat_rows)
                    return True
                written = await self._transaction(save)
            if not written:
                raise VersionConflict(f"table {record.id} is not at version {expected_version}")

    async def append_move(self, record: TableRecord, seat: int, move: str, expected_version: int,
                          results: list[ResultRow] | None = None) -> None:
        with self._writing(record, expected_version) as now:
            result_rows = self._result_rows(record, results, now) if results is not None else None
            params = (record.state, record.status, record.version, now, _dumps(record.meta), seat, move,
                      record.id, expected_version)
            seated = self._seats_unchanged(record, expected_version)
            if result_rows is None and seated:
                written = await self._moves.write(params)   # one statement, batched with other tables'
            else:
                seat_rows = None if seated else self._seat_rows(record.id, record.seats)

                def save(conn: sqlite3.Connection) -> bool:
                    if not _rows(conn, _UPDATE_MOVE, params):
                        return False
                    if seat_rows is not None:
                        _replace_seats(conn, record.id, seat_rows)
                    if result_rows is not None:
                        _insert(conn, _INSERT_RESULTS, result_rows)
                    return True
                written = await self._transaction(save)
            if not written:
                raise VersionConflict(f"table {record.id} is not at version {expected_version}")

    async def load_table(self, table_id: int) -> TableRecord | None:
        rows = await self._statement(_TABLE_SELECT + " WHERE t.id = ? ORDER BY s.seat", (table_id,))
        records = self._records(rows)
        return records[0] if records else None

    async def open_tables(self) -> list[TableRecord]:
        rows = await self._statement(_TABLE_SELECT + " WHERE t.status IN (?, ?) ORDER BY t.id, s.seat",
                                     OPEN_STATUSES)
        return self._records(rows)

    async def moves(self, table_id: int) -> list[tuple[int, int, str]]:
        rows = await self._statement("SELECT version, seat, move FROM moves WHERE table_id = ? ORDER BY version",
                                     (table_id,))
        return [(r["version"], r["seat"], r["move"]) for r in rows]

    # --- results ---------------------------------------------------------------------------

    async def record_results(self, record: TableRecord, rows: list[ResultRow]) -> None:
        result_rows = self._result_rows(record, rows, time.time())
        await self._transaction(lambda conn: _insert(conn, _INSERT_RESULTS, result_rows))

    async def forget_user(self, user_id: int) -> int:
        def forget(conn: sqlite3.Connection) -> int:
            a = _rows(conn, "UPDATE results SET user_id = NULL WHERE user_id = ? RETURNING 1", (user_id,))
            b = _rows(conn, f"UPDATE seats SET user_id = NULL, name = 'someone' WHERE user_id = ?"
                            f" AND table_id IN ({CLOSED_TABLES}) RETURNING 1", (user_id,))
            c = _rows(conn, f"UPDATE tables SET host_id = 0 WHERE host_id = ? AND id IN ({CLOSED_TABLES})"
                            " RETURNING 1", (user_id,))
            return len(a) + len(b) + len(c)

        forgotten = await self._transaction(forget)
        self._known_seats.clear()
        return forgotten

    async def results(self, guild_id: int, user_id: int | None = None, game: str | None = None) -> list[dict]:
        sql, params = results_query(guild_id, user_id, game, lambda n: "?")
        rows = await self._statement(sql, params)
        return [dict(r) for r in rows]

    # --- settings --------------------------------------------------------------------------

    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        rows = await self._statement("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?",
                                     (guild_id, key))
        return json.loads(rows[0]["value"]) if rows else default

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self._statement("INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
                              " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                              (guild_id, key, _dumps(value)))

    async def settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._statement("SELECT key, value FROM guild_settings WHERE guild_id = ? ORDER BY key",
                                     (guild_id,))
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def delete_settings(self, guild_id: int, keys: Iterable[str] | None = None) -> None:
        if keys is None:
            await self._statement("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
        else:
            pairs = [(guild_id, k) for k in keys]

            def delete(conn: sqlite3.Connection) -> None:
                conn.executemany("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", pairs)
            await self._transaction(delete)

    # --- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _seat_rows(table_id: int, seats: list[SeatRecord]) -> list[tuple]:
        return [(table_id, i, s.user_id, s.name, int(bool(s.computer)), int(bool(s.stand_in)))
                for i, s in enumerate(seats)]



def records_from_rows(rows: Iterable[Any]) -> list[TableRecord]:
    """Table records from the rows of a tables-join-seats query (one row per seat, seats in
    order, columns as in `_TABLE_SELECT`); rows of either database driver."""
    records: dict[int, TableRecord] = {}
    for r in rows:
        rec = records.get(r["id"])
        if rec is None:
            rec = records[r["id"]] = TableRecord(
                id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"], game=r["game"],
                options=json.loads(r["options"]), host_id=r["host_id"], seed=r["seed"],
                status=r["status"], message_id=r["message_id"], state=r["state"],
                version=r["version"], meta=json.loads(r["meta"]),
                created_at=r["created_at"], updated_at=r["updated_at"])
        if r["s_seat"] is not None:
            rec.seats.append(SeatRecord(r["s_user_id"], r["s_name"], bool(r["s_computer"]), bool(r["s_stand_in"])))
    return list(records.values())


def _check_bump(record: TableRecord, expected_version: int) -> None:
    if record.version <= expected_version:
        raise ValueError(f"record.version ({record.version}) must be greater than the expected "
                         f"version ({expected_version}); bump it before saving")


async def _migrate(db: aiosqlite.Connection) -> None:
    """Apply the migrations this database lacks, each in its own transaction. The version is
    re-read under the write lock, so two processes opening a new file at once are safe."""
    known = len(MIGRATIONS)
    [(current,)] = await db.execute_fetchall("PRAGMA user_version")
    if current > known:
        raise MigrationError(f"database schema version {current} is newer than this code knows ({known}); "
                             "upgrade the bot before opening this database")
    if current == known:
        return
    await _exec(db, "PRAGMA foreign_keys = OFF")
    while True:
        try:
            await _exec(db, "BEGIN IMMEDIATE")
            [(current,)] = await db.execute_fetchall("PRAGMA user_version")
            if current >= known:
                await _exec(db, "COMMIT")
                break
            try:
                for statement in split_sql(MIGRATIONS[current]):
                    await _exec(db, statement)
            except sqlite3.Error as exc:
                raise MigrationError(f"migration {current + 1} failed: {exc}") from exc
            broken = await db.execute_fetchall("PRAGMA foreign_key_check")
            if broken:
                raise MigrationError(f"migration {current + 1} broke foreign keys: {[tuple(r) for r in broken]}")
            await _exec(db, f"PRAGMA user_version = {current + 1}")
            await _exec(db, "COMMIT")
        except BaseException:
            await db.rollback()
            raise
    [(current,)] = await db.execute_fetchall("PRAGMA user_version")
    if current > known:
        raise MigrationError(f"database schema version {current} is newer than this code knows ({known})")
