"""The store contract, held against both stores: the SQLite `Store` and the PostgreSQL `PgStore`.

Every test taking the `store` or `backend` fixture runs twice, once per store, so both implementations
are checked by the same tests. The PostgreSQL runs use a throwaway server (tests/pg_server.py) and are
skipped, with the reason in pytest's warnings summary, only when no server can be started.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import sqlite3
from dataclasses import dataclass

import pytest

from bot import store as store_module
from bot import store_pg
from bot.store import MigrationError, SeatRecord, Store, TableRecord, VersionConflict
from bot.store_base import DuplicateResults, TableStore
from bot.store_pg import PgStore, is_postgres_url, open_store
from tests import pg_server as pg_fixtures

pg_server = pg_fixtures.pg_server      # the fixtures: a server per session (per xdist worker) and
pg_dsn = pg_fixtures.pg_dsn            # a fresh schema per test

BIG = 2**63 - 1                 # the largest id both databases' 64-bit integers hold
GUILD = 1_234_567_890_123_456_789
CHANNEL = 987_654_321_098_765_432
HOST = 1_111_111_111_111_111_111
ANA = 222_222_222_222_222_222
BEN = 333_333_333_333_333_333


@dataclass
class Backend:
    """One database of one kind, and what the tests need to look behind the store's back."""

    kind: str            # "sqlite" or "postgres"
    url: str             # a file path or a postgresql:// DSN

    @property
    def module(self):
        return store_module if self.kind == "sqlite" else store_pg

    async def open(self) -> Store | PgStore:
        return await open_store(self.url)

    async def query(self, sql: str) -> list[tuple]:
        if self.kind == "sqlite":
            with sqlite3.connect(self.url) as db:
                return [tuple(r) for r in db.execute(sql).fetchall()]
        import asyncpg
        conn = await asyncpg.connect(self.url)
        try:
            return [tuple(r) for r in await conn.fetch(sql)]
        finally:
            await conn.close()

    async def schema_version(self) -> int:
        if self.kind == "sqlite":
            return (await self.query("PRAGMA user_version"))[0][0]
        return (await self.query("SELECT coalesce(max(version), 0) FROM schema_version"))[0][0]

    async def set_schema_version(self, version: int) -> None:
        if self.kind == "sqlite":
            await self.query(f"PRAGMA user_version = {version}")
        else:
            await self.query(f"INSERT INTO schema_version (version) VALUES ({version})")

    async def relations(self) -> set[str]:
        """Names of the tables and indexes."""
        if self.kind == "sqlite":
            sql = "SELECT name FROM sqlite_master WHERE type IN ('table', 'index')"
        else:
            sql = ("SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
                   " AND relkind IN ('r', 'i')")
        return {r[0] for r in await self.query(sql)}


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, tmp_path) -> Backend:
    if request.param == "sqlite":
        return Backend("sqlite", str(tmp_path / "bot.db"))
    return Backend("postgres", request.getfixturevalue("pg_dsn"))


@pytest.fixture
async def store(backend):
    s = await backend.open()
    yield s
    await s.close()


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


async def finish(store, rec, results, seat=0, move="last"):
    rec.status, rec.state, rec.version = "finished", '{"over":true}', rec.version + 1
    await store.append_move(rec, seat, move, rec.version - 1, results=results)
    return rec


# --- the interface -----------------------------------------------------------------------

def test_pg_store_has_the_sqlite_stores_methods_and_signatures():
    def public(cls):
        return {name for name, value in vars(cls).items()
                if callable(value) and (not name.startswith("_") or name in ("__aenter__", "__aexit__"))}

    assert public(Store) - {"open"} == public(PgStore) - {"open"}
    for name in public(Store) - {"open", "__aenter__"}:
        assert inspect.signature(getattr(Store, name)) == inspect.signature(getattr(PgStore, name)), name
    for name in public(Store) - {"open"}:
        assert inspect.iscoroutinefunction(getattr(PgStore, name)), name
    assert issubclass(DuplicateResults, sqlite3.IntegrityError)


async def test_both_stores_satisfy_the_interface(store):
    assert isinstance(store, TableStore)


@pytest.mark.parametrize(("url", "postgres"), [
    ("postgresql://u:p@db.example:5432/cards", True), ("postgres://db/cards", True),
    ("  POSTGRESQL://db/cards", True), ("cardtable.sqlite3", False), ("/var/lib/bot/cards.db", False),
    ("sqlite:///cards.db", False), ("postgresql.sqlite3", False),
])
def test_is_postgres_url(url, postgres):
    assert is_postgres_url(url) is postgres


async def test_open_store_opens_sqlite_for_paths_and_sqlite_urls(tmp_path, monkeypatch):
    async with await open_store(str(tmp_path / "a.db")) as s:
        assert type(s) is Store and s.path == str(tmp_path / "a.db")
    async with await open_store(f"sqlite:///{tmp_path / 'b.db'}") as s:     # sqlite:////absolute
        assert type(s) is Store and s.path == str(tmp_path / "b.db")
    monkeypatch.chdir(tmp_path)
    async with await open_store("sqlite:///c.db") as s:                      # sqlite:///relative
        assert type(s) is Store and s.path == "c.db"
    assert (tmp_path / "c.db").exists()
    with pytest.raises(ValueError, match="file path"):
        await open_store("sqlite://")


async def test_open_store_opens_postgres_for_postgres_urls(pg_dsn):
    async with await open_store(pg_dsn) as s:
        assert type(s) is PgStore and s.dsn == pg_dsn


# --- migrations --------------------------------------------------------------------------

async def test_migrations_from_empty_create_the_schema(backend):
    async with await backend.open():
        pass
    assert await backend.schema_version() == len(backend.module.MIGRATIONS) >= 1
    names = await backend.relations()
    assert {"tables", "seats", "moves", "guild_settings", "results"} <= names
    assert {"tables_status", "tables_channel", "results_game", "results_user"} <= names


async def test_reopening_keeps_data_and_applies_only_new_migrations(backend, monkeypatch):
    known = backend.module.MIGRATIONS
    async with await backend.open() as s:
        rec = await new_table(s)
    async with await backend.open() as s:        # nothing to apply: CREATE TABLE again would fail
        assert (await s.load_table(rec.id)).seats == rec.seats
    monkeypatch.setattr(backend.module, "MIGRATIONS", [*known, "CREATE TABLE extra (x INTEGER);"])
    async with await backend.open() as s:
        assert (await s.load_table(rec.id)).host_id == HOST
    assert await backend.schema_version() == len(known) + 1
    assert await backend.query("SELECT count(*) FROM extra") == [(0,)]


async def test_failed_migration_is_rolled_back(backend, monkeypatch):
    known = backend.module.MIGRATIONS
    async with await backend.open():
        pass
    monkeypatch.setattr(backend.module, "MIGRATIONS",
                        [*known, "CREATE TABLE half (x INTEGER); INSERT INTO nowhere VALUES (1);"])
    with pytest.raises(MigrationError, match=f"migration {len(known) + 1} failed"):
        await backend.open()
    assert await backend.schema_version() == len(known)
    assert "half" not in await backend.relations()
    monkeypatch.setattr(backend.module, "MIGRATIONS", known)
    async with await backend.open() as s:        # still usable by the code that knows it
        await new_table(s)


async def test_newer_schema_than_known_is_refused(backend):
    async with await backend.open():
        pass
    await backend.set_schema_version(len(backend.module.MIGRATIONS) + 1)
    with pytest.raises(MigrationError, match="newer"):
        await backend.open()


async def test_two_stores_opening_a_new_database_at_once(backend):
    stores = await asyncio.gather(*(backend.open() for _ in range(3)))
    for s in stores:
        await s.close()
    assert await backend.schema_version() == len(backend.module.MIGRATIONS)


# --- tables ------------------------------------------------------------------------------

async def test_create_and_load_round_trip(store):
    seats = [SeatRecord(BIG, "Ana"), SeatRecord(None, "Computer 1", computer=True), SeatRecord(BEN, "Ben")]
    options = {"target": 200, "draw_until_play": True, "names": ["a", "b"], "nested": {"k": None}, "f": 0.1}
    rec = await new_table(store, seats=seats, guild_id=BIG, channel_id=BIG - 1, host_id=BIG, seed=BIG,
                          options=options)
    assert rec.id >= 1 and rec.version == 0 and rec.status == "lobby"
    assert rec.created_at > 0 and rec.created_at == rec.updated_at
    loaded = await store.load_table(rec.id)
    assert loaded == rec
    assert loaded.guild_id == BIG and loaded.channel_id == BIG - 1 and loaded.host_id == BIG
    assert loaded.seed == BIG and loaded.options == options
    assert loaded.seats == seats and loaded.seats[1].computer is True and loaded.seats[1].user_id is None
    assert loaded.message_id is None and loaded.state is None and loaded.meta == {}
    assert await store.load_table(rec.id + 1) is None


async def test_a_table_is_created_with_what_it_keeps_of_the_servers_settings(store):
    meta = {"timer": 60, "pictures": False, "window": 5.0}
    rec = await new_table(store, meta=meta)
    assert rec.version == 0 and rec.meta == meta
    assert (await store.load_table(rec.id)).meta == meta


async def test_set_meta_replaces_the_notes_and_keeps_the_version(store):
    rec = await start(store, await new_table(store, meta={"timer": 60}))
    await store.set_meta(rec.id, {"timer": 60, "posting": {"token": "abc", "at": 1.5}})
    loaded = await store.load_table(rec.id)
    assert (loaded.meta["posting"], loaded.version, loaded.state) == ({"token": "abc", "at": 1.5}, rec.version,
                                                                      rec.state)
    rec.version, rec.state = rec.version + 1, '{"turn":1}'
    await store.append_move(rec, 0, "draw", rec.version - 1)       # a move after it is not refused


async def test_set_message_id_notes_the_message_and_keeps_the_version(store):
    rec = await start(store, await new_table(store))
    await store.set_message_id(rec.id, BIG)
    loaded = await store.load_table(rec.id)
    assert (loaded.message_id, loaded.version, loaded.state) == (BIG, rec.version, rec.state)
    await store.set_message_id(rec.id, None)
    assert (await store.load_table(rec.id)).message_id is None
    rec.version, rec.state = rec.version + 1, '{"turn":1}'
    await store.append_move(rec, 0, "draw", rec.version - 1)       # a move after it is not refused


async def test_every_field_round_trips_through_save_and_append(store):
    rec = await new_table(store)
    rec.version, rec.status, rec.message_id = 1, "playing", BIG
    rec.state = '{"hands": [["8S", "10D"]], "turn": 1}'          # kept byte for byte, spacing included
    rec.meta = {"deadline": 1_700_000_000.25, "timeouts": {"1": 2}, "events": ["Ana drew", "é ✓"], "n": None}
    rec.seats[1] = SeatRecord(ANA, "Ana", computer=False, stand_in=True)
    rec.options = {"target": 500}
    rec.game, rec.host_id, rec.seed, rec.guild_id, rec.channel_id = "scopa", ANA, 7, GUILD + 1, CHANNEL + 1
    await store.save_table(rec, 0)
    assert await store.load_table(rec.id) == rec
    loaded = await store.load_table(rec.id)
    assert loaded.seats[1].stand_in is True and loaded.seats[0].stand_in is False
    assert loaded.meta["timeouts"] == {"1": 2} and loaded.state == rec.state

    rec.version, rec.state = 2, '{"turn":0}'
    rec.meta = {"deadline": None, "events": []}
    rec.seats[1] = SeatRecord(ANA, "Ana")                          # the human takes the seat back
    await store.append_move(rec, 1, "take-back", 1)
    assert await store.load_table(rec.id) == rec
    assert (await store.open_tables()) == [rec]


async def test_table_ids_are_distinct(store):
    a, b = await asyncio.gather(new_table(store), new_table(store))
    assert a.id != b.id


async def test_save_table_bumps_version_and_replaces_seats(store):
    rec = await new_table(store)
    rec.version = 1
    rec.message_id = BIG
    rec.seats = [SeatRecord(HOST, "Host"), SeatRecord(None, "Computer", computer=True), SeatRecord(BEN, "Ben")]
    await store.save_table(rec, expected_version=0)
    loaded = await store.load_table(rec.id)
    assert loaded.version == 1 and loaded.message_id == BIG and loaded.seats == rec.seats
    assert loaded.updated_at == rec.updated_at >= loaded.created_at
    rec.version = 2
    rec.seats = [SeatRecord(HOST, "Host")]                         # seats can shrink too
    await store.save_table(rec, expected_version=1)
    assert (await store.load_table(rec.id)).seats == [SeatRecord(HOST, "Host")]
    rec.version, rec.seats = 3, []
    await store.save_table(rec, expected_version=2)
    assert (await store.load_table(rec.id)).seats == []


async def test_save_table_with_stale_version_conflicts_and_changes_nothing(store):
    rec = await new_table(store)
    stale = await store.load_table(rec.id)
    rec.version, rec.message_id = 1, 5
    await store.save_table(rec, 0)
    before = await store.load_table(rec.id)
    stale.version, stale.status, stale.seats = 1, "cancelled", []
    with pytest.raises(VersionConflict):
        await store.save_table(stale, 0)
    assert await store.load_table(rec.id) == before
    assert before.status == "lobby" and len(before.seats) == 2


async def test_save_table_of_missing_table_conflicts(store):
    ghost = TableRecord(id=999, guild_id=1, channel_id=1, game="g", options={}, host_id=1, seed=1, version=1)
    with pytest.raises(VersionConflict):
        await store.save_table(ghost, 0)
    with pytest.raises(VersionConflict):
        await store.append_move(ghost, 0, "draw", 0)


async def test_version_must_be_bumped_before_writing(store):
    rec = await new_table(store)
    with pytest.raises(ValueError, match="bump"):
        await store.save_table(rec, 0)
    with pytest.raises(ValueError, match="bump"):
        await store.append_move(rec, 0, "draw", 0)
    assert (await store.load_table(rec.id)).version == 0
    assert await store.moves(rec.id) == []


async def test_append_move_writes_log_and_state_together(store):
    rec = await start(store, await new_table(store))
    rec.state, rec.version = '{"turn":1}', 2
    await store.append_move(rec, 0, "play 8S suit=H", expected_version=1)
    rec.state, rec.status, rec.version = '{"turn":2}', "finished", 3
    await store.append_move(rec, 1, "draw", expected_version=2)
    loaded = await store.load_table(rec.id)
    assert (loaded.version, loaded.state, loaded.status) == (3, '{"turn":2}', "finished")
    assert loaded.updated_at == rec.updated_at
    assert await store.moves(rec.id) == [(2, 0, "play 8S suit=H"), (3, 1, "draw")]


async def test_append_move_does_not_write_message_id_or_options(store):
    rec = await start(store, await new_table(store))
    rec.version, rec.message_id, rec.options = 2, 77, {"changed": True}
    await store.append_move(rec, 0, "draw", 1)
    loaded = await store.load_table(rec.id)
    assert loaded.version == 2 and loaded.message_id is None and loaded.options == {"target": 100}


async def test_append_move_with_stale_version_writes_nothing(store):
    rec = await start(store, await new_table(store))
    rec.state, rec.version = '{"turn":1}', 2
    await store.append_move(rec, 0, "draw", 1)
    stale = TableRecord(**{**vars(rec), "state": '{"bad":1}', "version": 2, "seats": []})
    with pytest.raises(VersionConflict):
        await store.append_move(stale, 1, "pass", 1)
    loaded = await store.load_table(rec.id)
    assert (loaded.version, loaded.state, loaded.seats) == (2, '{"turn":1}', rec.seats)
    assert await store.moves(rec.id) == [(2, 0, "draw")]


async def test_append_move_stores_changed_seats(store):
    rec = await start(store, await new_table(store))
    rec.seats[1] = SeatRecord(None, "Computer (for Ana)", computer=True)   # e.g. a player replaced
    rec.version = 2
    await store.append_move(rec, 1, "draw", 1)
    assert (await store.load_table(rec.id)).seats[1] == SeatRecord(None, "Computer (for Ana)", True)


async def test_append_move_sees_seat_changes_made_by_another_store(backend, store):
    rec = await start(store, await new_table(store))          # `store` remembers the seats at v1
    async with await backend.open() as other:
        theirs = await other.load_table(rec.id)
        theirs.seats.append(SeatRecord(BEN, "Ben"))
        theirs.version = 2
        await other.save_table(theirs, 1)
    mine = await store.load_table(rec.id)
    mine.version = 3
    await store.append_move(mine, 0, "draw", 2)
    assert (await store.load_table(rec.id)).seats[-1] == SeatRecord(BEN, "Ben")


async def test_two_stores_racing_for_the_same_version(backend, store):
    """Two processes append a move on the same version at the same time: exactly one wins."""
    rec = await start(store, await new_table(store))
    async with await backend.open() as other:
        for round_ in range(10):
            mine = await store.load_table(rec.id)
            theirs = await other.load_table(rec.id)
            v = mine.version
            mine.version = theirs.version = v + 1
            mine.state, theirs.state = f'{{"by":"a{round_}"}}', f'{{"by":"b{round_}"}}'
            if round_ % 2:                       # and with changed seats (the multi-statement path)
                mine.meta = theirs.meta = {"round": round_}
                mine.seats[1].stand_in = theirs.seats[1].stand_in = not mine.seats[1].stand_in
            outcome = await asyncio.gather(store.append_move(mine, 0, f"a{round_}", v),
                                           other.append_move(theirs, 1, f"b{round_}", v),
                                           return_exceptions=True)
            winners = [i for i, r in enumerate(outcome) if r is None]
            assert len(winners) == 1, outcome
            assert isinstance(outcome[1 - winners[0]], VersionConflict)
            won = "ab"[winners[0]]
            loaded = await store.load_table(rec.id)
            assert loaded.version == v + 1 and loaded.state == f'{{"by":"{won}{round_}"}}'
            assert loaded.seats == (mine, theirs)[winners[0]].seats
            assert (await store.moves(rec.id))[-1] == (v + 1, winners[0], f"{won}{round_}")
    assert len(await store.moves(rec.id)) == 10


async def test_two_stores_saving_the_same_version(backend, store):
    rec = await new_table(store)
    async with await backend.open() as other:
        mine, theirs = await store.load_table(rec.id), await other.load_table(rec.id)
        mine.version = theirs.version = 1
        mine.status, theirs.status = "playing", "cancelled"
        outcome = await asyncio.gather(store.save_table(mine, 0), other.save_table(theirs, 0),
                                       return_exceptions=True)
    assert sorted(type(r).__name__ for r in outcome) == ["NoneType", "VersionConflict"]
    winner = (mine, theirs)[outcome.index(None)]
    assert (await store.load_table(rec.id)).status == winner.status


async def test_concurrent_writes_on_one_store_are_serialised(store):
    rec = await start(store, await new_table(store))
    copies = [await store.load_table(rec.id) for _ in range(5)]
    for i, c in enumerate(copies):
        c.version, c.state = 2, f'{{"n":{i}}}'
    outcome = await asyncio.gather(*(store.append_move(c, 0, f"m{i}", 1) for i, c in enumerate(copies)),
                                   return_exceptions=True)
    assert sum(r is None for r in outcome) == 1
    assert all(isinstance(r, VersionConflict) for r in outcome if r is not None)
    assert len(await store.moves(rec.id)) == 1


async def test_moves_of_many_tables_at_once_are_each_written_or_refused(store):
    """Moves at different tables arriving together (SQLite writes them in one statement): each
    is logged with its own state, and a stale one among them is refused without the others."""
    records = [await start(store, await new_table(store)) for _ in range(130)]   # more than one batch
    for i, rec in enumerate(records):
        rec.state, rec.version = f'{{"n":{i}}}', 2
    stale = records[7]
    stale.version, stale.state = 5, '{"bad":1}'
    outcome = await asyncio.gather(*(store.append_move(rec, i % 2, f"m{i}", 4 if rec is stale else 1)
                                     for i, rec in enumerate(records)), return_exceptions=True)
    assert isinstance(outcome[7], VersionConflict)
    assert all(r is None for i, r in enumerate(outcome) if i != 7)
    for i, rec in enumerate(records):
        loaded = await store.load_table(rec.id)
        if rec is stale:
            assert (loaded.version, loaded.state, await store.moves(rec.id)) == (1, '{"turn":0}', [])
        else:
            assert (loaded.version, loaded.state) == (2, f'{{"n":{i}}}')
            assert await store.moves(rec.id) == [(2, i % 2, f"m{i}")]


@pytest.mark.parametrize("delay", [0, 0.0005, 0.002])
async def test_cancelled_write_leaves_the_store_usable(store, delay):
    rec = await start(store, await new_table(store))
    for seats_changed in (False, True):
        rec = await store.load_table(rec.id)
        rec.version += 1
        if seats_changed:
            rec.seats.append(SeatRecord(BEN, "Ben"))
        task = asyncio.create_task(store.append_move(rec, 0, "draw", rec.version - 1))
        await asyncio.sleep(delay)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):     # after a delay it may have finished
            await task
        loaded = await store.load_table(rec.id)
        assert loaded.version in (rec.version - 1, rec.version)
        assert len(await store.moves(rec.id)) == loaded.version - 1     # all or nothing
        assert len(loaded.seats) == (3 if seats_changed and loaded.version == rec.version else 2)
        loaded.version += 1
        await store.append_move(loaded, 1, "pass", loaded.version - 1)  # no transaction left open
        assert (await store.load_table(rec.id)).version == loaded.version


async def test_open_tables_excludes_finished_and_cancelled(store):
    lobby = await new_table(store)
    playing = await start(store, await new_table(store))
    finished = await start(store, await new_table(store))
    cancelled = await new_table(store)
    finished.status, finished.version = "finished", finished.version + 1
    await store.save_table(finished, finished.version - 1)
    cancelled.status, cancelled.version = "cancelled", 1
    await store.save_table(cancelled, 0)
    opened = await store.open_tables()
    assert [t.id for t in opened] == [lobby.id, playing.id]
    assert [t.status for t in opened] == ["lobby", "playing"]
    assert opened[1].seats == playing.seats and opened[1].state == playing.state


async def test_lobby_without_seats_loads_with_empty_seats(store):
    rec = await new_table(store, seats=[])
    assert (await store.load_table(rec.id)).seats == []
    assert [t.seats for t in await store.open_tables()] == [[]]


async def test_data_survives_reopen(backend):
    async with await backend.open() as s:
        rec = await start(s, await new_table(s))
        rec.version, rec.state, rec.meta = 2, '{"x":1}', {"deadline": 12.5}
        await s.append_move(rec, 1, "draw", 1)
        await s.set_setting(GUILD, "k", [1, 2])
    async with await backend.open() as s:
        assert await s.load_table(rec.id) == rec
        assert await s.moves(rec.id) == [(2, 1, "draw")]
        assert await s.get_setting(GUILD, "k") == [1, 2]


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
                             "placing": 1, "score": 120.0, "finished_at": everything[0]["finished_at"],
                             "detail": "{}"}
    assert isinstance(everything[0]["finished_at"], float) and isinstance(everything[2]["score"], float)
    assert everything[1]["user_id"] is None and everything[1]["score"] == 80.5
    assert [(r["game"], r["placing"]) for r in await store.results(GUILD, user_id=ANA)] == [
        ("crazy_eights", 1), ("scopa", 2)]
    assert {r["user_id"] for r in await store.results(GUILD, game="scopa")} == {BEN, ANA}
    assert [r["table_id"] for r in await store.results(GUILD, user_id=ANA, game="scopa")] == [b.id]
    assert await store.results(GUILD, user_id=HOST) == []
    assert [r["table_id"] for r in await store.results(GUILD + 1)] == [c.id]


async def test_a_result_keeps_the_games_own_details(store):
    """A game that scores its own results (Spider: won, score, moves, time, the daily deal's date) has them
    stored with the placing, for its leaderboard."""
    a = await new_table(store, seats=[SeatRecord(ANA, "Ana")])
    detail = {"won": False, "score": 480, "moves": 20, "seconds": 95, "daily": "2026-11-24"}
    await store.record_results(a, [(ANA, 1, 480.0, detail)])
    [row] = await store.results(GUILD)
    assert json.loads(row["detail"]) == detail


async def test_record_results_is_per_seat_and_once(store):
    rec = await new_table(store)
    with pytest.raises(ValueError):
        await store.record_results(rec, [(HOST, 1, 10)])
    await store.record_results(rec, [(HOST, 1, 10), (ANA, 2, 5)])
    with pytest.raises(sqlite3.IntegrityError):
        await store.record_results(rec, [(HOST, 2, 0), (ANA, 1, 99)])
    assert [r["score"] for r in await store.results(GUILD)] == [10, 5]


async def test_final_move_and_its_results_are_one_transaction(store):
    rec = await start(store, await new_table(store))
    with pytest.raises(ValueError):                        # one row per seat, checked before writing
        await finish(store, await store.load_table(rec.id), [(HOST, 1, 10)])
    stale = await store.load_table(rec.id)
    await finish(store, rec, [(HOST, 1, 10), (ANA, 2, 5)], seat=1, move="go out")
    loaded = await store.load_table(rec.id)
    assert (loaded.status, loaded.version) == ("finished", 2)
    assert await store.moves(rec.id) == [(2, 1, "go out")]
    assert [(r["user_id"], r["placing"], r["score"]) for r in await store.results(GUILD)] == [
        (HOST, 1, 10), (ANA, 2, 5)]
    assert await store.open_tables() == []
    # a second finisher on the same version loses and writes no results
    with pytest.raises(VersionConflict):
        await finish(store, stale, [(HOST, 2, 0), (ANA, 1, 99)])
    assert len(await store.results(GUILD)) == 2


async def test_final_move_is_not_written_when_its_results_cannot_be(store):
    rec = await start(store, await new_table(store))
    await store.record_results(rec, [(HOST, 1, 10), (ANA, 2, 5)])          # already recorded
    with pytest.raises(sqlite3.IntegrityError):
        await finish(store, rec, [(HOST, 2, 1), (ANA, 1, 2)])
    loaded = await store.load_table(rec.id)
    assert (loaded.status, loaded.version) == ("playing", 1)                # the move rolled back too
    assert await store.moves(rec.id) == []
    assert [r["score"] for r in await store.results(GUILD)] == [10, 5]
    loaded.version, loaded.state = 2, '{"after":1}'
    await store.append_move(loaded, 0, "draw", 1)                           # and the store still works
    assert await store.moves(rec.id) == [(2, 0, "draw")]


async def test_a_rolled_back_transaction_takes_no_other_tables_moves_with_it(store):
    """Moves at other tables, written while a final move's transaction fails and rolls back,
    are all kept: no statement of theirs runs inside that transaction."""
    failing = await start(store, await new_table(store))
    await store.record_results(failing, [(HOST, 1, 10), (ANA, 2, 5)])     # so its final move fails
    others = [await start(store, await new_table(store)) for _ in range(20)]
    for i, rec in enumerate(others):
        rec.state, rec.version = f'{{"n":{i}}}', 2
    outcome = await asyncio.gather(finish(store, failing, [(HOST, 2, 1), (ANA, 1, 2)]),
                                   *(store.append_move(rec, 0, f"m{i}", 1) for i, rec in enumerate(others)),
                                   return_exceptions=True)
    assert isinstance(outcome[0], Exception) and not isinstance(outcome[0], VersionConflict)
    assert outcome[1:] == [None] * len(others)
    for i, rec in enumerate(others):
        assert (await store.load_table(rec.id)).state == f'{{"n":{i}}}'
        assert await store.moves(rec.id) == [(2, 0, f"m{i}")]
    assert (await store.load_table(failing.id)).version == 1


async def test_forget_user(store):
    open_table = await start(store, await new_table(store, seats=[SeatRecord(ANA, "Ana"), SeatRecord(BEN, "Ben")],
                                                    host_id=ANA))
    done = await start(store, await new_table(store, seats=[SeatRecord(ANA, "Ana"), SeatRecord(BEN, "Ben")],
                                              host_id=ANA))
    await finish(store, done, [(ANA, 1, 3), (BEN, 2, 1)])
    other_guild = await new_table(store, guild_id=GUILD + 1, seats=[SeatRecord(ANA, "Ana")])
    await store.record_results(other_guild, [(ANA, 1, 1)])

    changed = await store.forget_user(ANA)
    # two results, one seat of the finished table, its host
    assert changed == 4
    assert [r["user_id"] for r in await store.results(GUILD)] == [None, BEN]
    assert await store.results(GUILD, user_id=ANA) == [] and await store.results(GUILD + 1, user_id=ANA) == []
    forgotten = await store.load_table(done.id)
    assert forgotten.seats == [SeatRecord(None, "someone"), SeatRecord(BEN, "Ben")] and forgotten.host_id == 0
    kept = await store.load_table(open_table.id)          # still playing there: keeps the seat
    assert kept.seats[0] == SeatRecord(ANA, "Ana") and kept.host_id == ANA
    assert await store.forget_user(ANA) == 0
    # the open table still takes moves after the cache of seats was dropped
    kept.version += 1
    await store.append_move(kept, 0, "draw", kept.version - 1)
    assert (await store.load_table(kept.id)).version == kept.version


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
    await store.set_setting(GUILD, "tuple", (1, "a"))
    assert await store.get_setting(GUILD, "tuple") == [1, "a"]          # as JSON gives it back


async def test_settings_listing_and_deleting(store):
    assert await store.settings(GUILD) == {}
    for key, value in [("b", 2), ("a", {"x": [1]}), ("c", "three"), ("d", None)]:
        await store.set_setting(GUILD, key, value)
    await store.set_setting(GUILD + 1, "a", "elsewhere")
    assert list((await store.settings(GUILD)).items()) == [("a", {"x": [1]}), ("b", 2), ("c", "three"), ("d", None)]
    await store.delete_settings(GUILD, ["a", "c", "missing"])
    assert await store.settings(GUILD) == {"b": 2, "d": None}
    await store.delete_settings(GUILD, iter(["b"]))                     # any iterable
    await store.delete_settings(GUILD, [])
    assert await store.settings(GUILD) == {"d": None}
    await store.delete_settings(GUILD)
    assert await store.settings(GUILD) == {}
    assert await store.settings(GUILD + 1) == {"a": "elsewhere"}


# --- PostgreSQL only ---------------------------------------------------------------------

async def test_pg_schema_version_records_each_migration(pg_dsn):
    backend = Backend("postgres", pg_dsn)
    async with await PgStore.open(pg_dsn):
        pass
    rows = await backend.query("SELECT version FROM schema_version ORDER BY version")
    assert rows == [(i + 1,) for i in range(len(store_pg.MIGRATIONS))]


async def test_pg_pool_serves_concurrent_reads_and_writes(pg_dsn):
    async with await PgStore.open(pg_dsn, max_size=4) as store:
        tables = await asyncio.gather(*(new_table(store) for _ in range(12)))
        for rec in tables:
            rec.status, rec.version = "playing", 1
        await asyncio.gather(*(store.save_table(rec, 0) for rec in tables))
        for rec in tables:
            rec.version = 2
        await asyncio.gather(*(store.append_move(rec, 0, "draw", 1) for rec in tables),
                             *(store.load_table(rec.id) for rec in tables))
        assert [t.version for t in await store.open_tables()] == [2] * 12
        assert [await store.moves(rec.id) for rec in tables] == [[(2, 0, "draw")]] * 12


async def test_pg_open_releases_the_migration_lock(pg_dsn):
    async with await PgStore.open(pg_dsn, min_size=1, max_size=1) as first:     # its one connection migrated
        second = await asyncio.wait_for(PgStore.open(pg_dsn), 10)               # would wait for the lock
        await second.close()
        assert await first.open_tables() == []
