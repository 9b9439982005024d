"""bot/store.py against a real SQLite file: what only SQLite has (WAL, connection settings,
migrations from old files, split_sql). The behaviour both stores share, ids up to 2**63-1
included, is tested once, for both, in tests/test_store_pg.py."""

import asyncio
import sqlite3

import pytest

from bot.store import MIGRATIONS, Store, split_sql


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "bot.db")


@pytest.fixture
async def store(path):
    s = await Store.open(path)
    yield s
    await s.close()


def raw(path):
    """A plain sqlite3 connection for looking behind the Store's back."""
    return sqlite3.connect(path)


# --- migrations --------------------------------------------------------------------------

async def test_migrations_from_empty_create_schema_in_wal_mode(path):
    async with await Store.open(path):
        pass
    with raw(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) >= 1
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")}
    assert {"tables", "seats", "moves", "guild_settings", "results"} <= names
    assert {"tables_status", "tables_channel", "results_game", "results_user"} <= names


async def test_connection_settings(store):
    db = store._db
    assert (await db.execute_fetchall("PRAGMA foreign_keys"))[0][0] == 1
    assert (await db.execute_fetchall("PRAGMA busy_timeout"))[0][0] == 5000
    assert (await db.execute_fetchall("PRAGMA synchronous"))[0][0] == 1   # NORMAL
    rows = await db.execute_fetchall("SELECT 1 AS one")
    assert isinstance(rows[0], sqlite3.Row) and rows[0]["one"] == 1
    with pytest.raises(sqlite3.IntegrityError):   # the foreign key is enforced
        await db.execute("INSERT INTO seats (table_id, seat, name) VALUES (999, 0, 'x')")


async def test_upgrading_a_version_1_database_keeps_its_tables_and_logs_moves(path):
    """Migration 2 (the move-logging trigger) applies to a database made by migration 1."""
    with raw(path) as db:
        db.executescript(MIGRATIONS[0])
        db.execute("PRAGMA user_version = 1")
        db.execute("INSERT INTO tables (guild_id, channel_id, game, host_id, seed, created_at, updated_at)"
                   " VALUES (1, 2, 'scopa', 3, 4, 0, 0)")
    async with await Store.open(path) as store:
        record = await store.load_table(1)
        assert record is not None and record.game == "scopa"
        record.version, record.state, record.status = 1, "{}", "playing"
        await store.append_move(record, 0, "play 7D", 0)
        assert await store.moves(1) == [(1, 0, "play 7D")]


async def test_stores_opening_a_new_file_at_once_all_succeed_in_wal_mode(tmp_path):
    # SQLite refuses the switch to WAL at once, without waiting, while another connection is
    # making it; before Store.open retried it, some new files failed to open.
    for attempt in range(60):
        path = str(tmp_path / f"bot{attempt}.db")
        stores = await asyncio.gather(*(Store.open(path) for _ in range(4)), return_exceptions=True)
        for s in stores:
            if isinstance(s, Store):
                await s.close()
        assert all(isinstance(s, Store) for s in stores), stores
        with raw(path) as db:
            assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_split_sql_respects_literals_comments_and_triggers():
    script = """
        CREATE TABLE a (x TEXT DEFAULT 'semi;colon'); -- a comment; with a semicolon
        CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE a SET x = 'y'; END;
        INSERT INTO a VALUES ('last')
    """
    parts = split_sql(script)
    assert len(parts) == 3
    assert parts[1].startswith("-- a comment") and parts[1].endswith("END;")
    assert parts[2] == "INSERT INTO a VALUES ('last')"
