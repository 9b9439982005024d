"""bot/store.py against a real SQLite file: what only SQLite has (WAL, migrations from old files,
split_sql, ids up to 2**63-1). The behaviour both stores share is tested once, for both, in
tests/test_store_pg.py."""

import asyncio
import sqlite3

import pytest

from bot import store as store_module
from bot.store import MIGRATIONS, MigrationError, SeatRecord, Store, TableRecord, VersionConflict, split_sql

BIG = 2**63 - 1                 # the largest id SQLite's INTEGER holds
GUILD = 1_234_567_890_123_456_789
CHANNEL = 987_654_321_098_765_432
HOST = 1_111_111_111_111_111_111
ANA = 222_222_222_222_222_222
BEN = 333_333_333_333_333_333


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


async def new_table(store, seats=None, **kw):
    args = dict(guild_id=GUILD, channel_id=CHANNEL, game="crazy_eights", options={"target": 100},
                host_id=HOST, seed=42,
                seats=seats if seats is not None else [SeatRecord(HOST, "Host"), SeatRecord(ANA, "Ana")])
    args.update(kw)
    return await store.create_table(**args)


async def start(store, rec, state='{"turn":0}'):
    rec.status, rec.state, rec.version = "playing", state, rec.version + 1
    await store.save_table(rec, rec.version - 1)
    return rec


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


async def test_reopening_keeps_data_and_applies_only_new_migrations(path, monkeypatch):
    async with await Store.open(path) as s:
        rec = await new_table(s)
    # Reopening with the same migrations must not run them again (CREATE TABLE would fail).
    async with await Store.open(path) as s:
        assert (await s.load_table(rec.id)).seats == rec.seats
    # One new migration: only it is applied, on top of the existing data.
    monkeypatch.setattr(store_module, "MIGRATIONS", [*MIGRATIONS, "CREATE TABLE extra (x INTEGER);"])
    async with await Store.open(path) as s:
        assert (await s.load_table(rec.id)).host_id == HOST
    with raw(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 1
        assert db.execute("SELECT count(*) FROM extra").fetchone()[0] == 0


async def test_failed_migration_is_rolled_back(path, monkeypatch):
    async with await Store.open(path):
        pass
    monkeypatch.setattr(store_module, "MIGRATIONS",
                        [*MIGRATIONS, "CREATE TABLE half (x INTEGER); INSERT INTO nowhere VALUES (1);"])
    with pytest.raises(MigrationError, match=f"migration {len(MIGRATIONS) + 1} failed"):
        await Store.open(path)
    with raw(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'half'").fetchone() is None


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


async def test_newer_schema_than_known_is_refused(path):
    async with await Store.open(path):
        pass
    with raw(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(MigrationError, match="newer"):
        await Store.open(path)


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


# --- tables ------------------------------------------------------------------------------

async def test_create_and_load_round_trip(store):
    seats = [SeatRecord(BIG, "Ana"), SeatRecord(None, "Computer 1", computer=True), SeatRecord(BEN, "Ben")]
    options = {"target": 200, "draw_until_play": True, "names": ["a", "b"], "nested": {"k": None}}
    rec = await new_table(store, seats=seats, guild_id=BIG, channel_id=BIG - 1, host_id=BIG, seed=BIG,
                          options=options)
    assert rec.id >= 1 and rec.version == 0 and rec.status == "lobby"
    assert rec.created_at > 0 and rec.created_at == rec.updated_at
    loaded = await store.load_table(rec.id)
    assert loaded == rec
    assert loaded.guild_id == BIG and loaded.channel_id == BIG - 1 and loaded.host_id == BIG
    assert loaded.seed == BIG and loaded.options == options
    assert loaded.seats == seats and loaded.seats[1].computer is True and loaded.seats[1].user_id is None
    assert loaded.message_id is None and loaded.state is None
    assert await store.load_table(rec.id + 1) is None


async def test_save_table_bumps_version_and_replaces_seats(store):
    rec = await new_table(store)
    rec.version = 1
    rec.message_id = BIG
    rec.seats = [SeatRecord(HOST, "Host"), SeatRecord(None, "Computer", computer=True), SeatRecord(BEN, "Ben")]
    await store.save_table(rec, expected_version=0)
    loaded = await store.load_table(rec.id)
    assert loaded.version == 1 and loaded.message_id == BIG and loaded.seats == rec.seats
    assert loaded.updated_at == rec.updated_at >= loaded.created_at
    # Seats can shrink too (someone leaves the lobby).
    rec.version = 2
    rec.seats = [SeatRecord(HOST, "Host")]
    await store.save_table(rec, expected_version=1)
    assert (await store.load_table(rec.id)).seats == [SeatRecord(HOST, "Host")]


async def test_save_table_of_missing_table_conflicts(store):
    ghost = TableRecord(id=999, guild_id=1, channel_id=1, game="g", options={}, host_id=1, seed=1, version=1)
    with pytest.raises(VersionConflict):
        await store.save_table(ghost, 0)


async def test_append_move_sees_seat_changes_made_by_another_store(path, store):
    rec = await start(store, await new_table(store))          # `store` remembers the seats at v1
    async with await Store.open(path) as other:
        theirs = await other.load_table(rec.id)
        theirs.seats.append(SeatRecord(BEN, "Ben"))
        theirs.version = 2
        await other.save_table(theirs, 1)
    mine = await store.load_table(rec.id)
    mine.version = 3
    await store.append_move(mine, 0, "draw", 2)
    assert (await store.load_table(rec.id)).seats[-1] == SeatRecord(BEN, "Ben")


async def test_two_stores_racing_for_the_same_version(path, store):
    rec = await start(store, await new_table(store))
    async with await Store.open(path) as other:
        for round_ in range(10):
            mine = await store.load_table(rec.id)
            theirs = await other.load_table(rec.id)
            v = mine.version
            mine.version = theirs.version = v + 1
            mine.state, theirs.state = f'{{"by":"a{round_}"}}', f'{{"by":"b{round_}"}}'
            outcome = await asyncio.gather(store.append_move(mine, 0, f"a{round_}", v),
                                           other.append_move(theirs, 1, f"b{round_}", v),
                                           return_exceptions=True)
            winners = [i for i, r in enumerate(outcome) if r is None]
            assert len(winners) == 1, outcome
            assert isinstance(outcome[1 - winners[0]], VersionConflict)
            won = "ab"[winners[0]]
            loaded = await store.load_table(rec.id)
            assert loaded.version == v + 1 and loaded.state == f'{{"by":"{won}{round_}"}}'
            assert (await store.moves(rec.id))[-1] == (v + 1, winners[0], f"{won}{round_}")
    assert len(await store.moves(rec.id)) == 10


async def test_cancelled_write_leaves_the_store_usable(store):
    rec = await start(store, await new_table(store))
    rec.version = 2
    task = asyncio.create_task(store.append_move(rec, 0, "draw", 1))
    await asyncio.sleep(0)        # let it queue BEGIN IMMEDIATE
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    loaded = await store.load_table(rec.id)
    assert loaded.version in (1, 2)
    assert len(await store.moves(rec.id)) == loaded.version - 1     # all or nothing
    loaded.version += 1
    await store.append_move(loaded, 1, "pass", loaded.version - 1)  # no transaction left open
    assert (await store.load_table(rec.id)).version == loaded.version


# --- results -----------------------------------------------------------------------------

async def test_results_filters(store):
    a = await new_table(store, seats=[SeatRecord(ANA, "Ana"), SeatRecord(None, "CPU", True)])
    b = await new_table(store, game="scopa", seats=[SeatRecord(BEN, "Ben"), SeatRecord(ANA, "Ana")])
    c = await new_table(store, guild_id=GUILD + 1, seats=[SeatRecord(ANA, "Ana")])
    await store.record_results(a, [(ANA, 1, 120.0), (None, 2, 80.5)])
    await store.record_results(b, [(BEN, 1, 11), (ANA, 2, 7)])
    await store.record_results(c, [(ANA, 1, 1)])

    everything = await store.results(GUILD)
    assert len(everything) == 4
    assert everything[0] == {"table_id": a.id, "seat": 0, "game": "crazy_eights", "user_id": ANA,
                             "placing": 1, "score": 120.0, "finished_at": everything[0]["finished_at"]}
    assert everything[1]["user_id"] is None and everything[1]["score"] == 80.5
    assert [(r["game"], r["placing"]) for r in await store.results(GUILD, user_id=ANA)] == [
        ("crazy_eights", 1), ("scopa", 2)]
    assert {r["user_id"] for r in await store.results(GUILD, game="scopa")} == {BEN, ANA}
    assert [r["table_id"] for r in await store.results(GUILD, user_id=ANA, game="scopa")] == [b.id]
    assert await store.results(GUILD, user_id=HOST) == []
    assert [r["table_id"] for r in await store.results(GUILD + 1)] == [c.id]


# --- settings ----------------------------------------------------------------------------

async def test_settings_default_upsert_and_scope(store):
    assert await store.get_setting(GUILD, "turn_timeout") is None
    assert await store.get_setting(GUILD, "turn_timeout", 300) == 300
    await store.set_setting(GUILD, "turn_timeout", 60)
    await store.set_setting(GUILD, "games", {"canasta": {"target": 5000}, "list": [1, 2]})
    assert await store.get_setting(GUILD, "turn_timeout", 300) == 60
    await store.set_setting(GUILD, "turn_timeout", 90)
    assert await store.get_setting(GUILD, "turn_timeout") == 90
    assert await store.get_setting(GUILD, "games") == {"canasta": {"target": 5000}, "list": [1, 2]}
    assert await store.get_setting(GUILD + 1, "turn_timeout", "other") == "other"
    await store.set_setting(GUILD, "off", None)
    assert await store.get_setting(GUILD, "off", "default") is None     # a stored null is a value


async def test_data_survives_reopen(path):
    async with await Store.open(path) as s:
        rec = await start(s, await new_table(s))
        rec.version, rec.state = 2, '{"x":1}'
        await s.append_move(rec, 1, "draw", 1)
        await s.set_setting(GUILD, "k", [1, 2])
    async with await Store.open(path) as s:
        assert await s.load_table(rec.id) == rec
        assert await s.moves(rec.id) == [(2, 1, "draw")]
        assert await s.get_setting(GUILD, "k") == [1, 2]
