"""A store that fails (a full disk, a locked database) and tables raced by many clicks at once:
nothing is lost, nothing is doubled, nothing stays stuck (the service, no Discord)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.store import Store
from bot.tables import CANNOT_SAVE, FINISHED, PLAYING, RematchOpen, StorageUnavailable, TableError, TableService
from games.text import text_data
from tests.bot.test_tables import ALICE, BOB, CLEO, finished_game

GUILD, CHANNEL = 1, 2
FLAKY = ("save_table", "append_move", "create_table")


class FlakyStore:
    """The store, whose writes fail like a full disk as often as a test asks."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.failures = dict.fromkeys(FLAKY, 0)

    def fail(self, method: str, times: int = 1) -> None:
        self.failures[method] = times

    def __getattr__(self, name: str):
        real = getattr(self.store, name)
        if name not in FLAKY:
            return real

        async def flaky(*args, **kwargs):
            if self.failures[name] > 0:
                self.failures[name] -= 1
                raise sqlite3.OperationalError("database or disk is full")
            return await real(*args, **kwargs)
        return flaky


@pytest.fixture
def flaky(store):
    return FlakyStore(store)


@pytest.fixture
async def service(flaky, clock):
    svc = TableService(flaky, ai_iterations=10, ai_seconds=None, clock=clock, retry_delay=0.001)
    yield svc
    await svc.close()


async def assert_memory_is_the_database(service, table) -> None:
    stored = await service.store.load_table(table.id)
    shown = table.record
    assert (shown.version, shown.status, shown.host_id, shown.state) == \
        (stored.version, stored.status, stored.host_id, stored.state)
    assert shown.seats == stored.seats and shown.meta == stored.meta
    assert [text_data(x) for x in table.recent] == stored.meta.get("recent", [])
    assert (table.state.to_json() if table.state else None) == stored.state


async def lobby_of_two(service):
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "crazy_eights", {"hand_size": "5"})
    await service.join(t.id, BOB, "Bob")
    return t


LOBBY_CLICKS = {
    "join": lambda s, t: s.join(t.id, CLEO, "Cleo"),
    "add a computer": lambda s, t: s.add_computer(t.id, BOB),
    "start": lambda s, t: s.start(t.id, ALICE),
    "leave (the host)": lambda s, t: s.leave(t.id, ALICE),
    "end": lambda s, t: s.cancel(t.id, ALICE),
}


@pytest.mark.parametrize("click", LOBBY_CLICKS.values(), ids=LOBBY_CLICKS.keys())
async def test_a_lobby_click_the_store_refuses_changes_nothing_and_the_next_one_works(service, flaky, click):
    """The member reads that the bot cannot save right now; the table is as the database has it,
    and the same click a moment later works (no "The table changed meanwhile")."""
    t = await lobby_of_two(service)
    flaky.fail("save_table")
    with pytest.raises(StorageUnavailable, match="can't save right now"):
        await click(service, t)
    assert str(StorageUnavailable()) == CANNOT_SAVE
    await assert_memory_is_the_database(service, t)
    version = t.version
    await click(service, t)
    assert t.version == version + 1
    await assert_memory_is_the_database(service, t)


async def test_leaving_a_running_game_the_store_refuses_keeps_the_seat(service, flaky):
    t = await lobby_of_two(service)
    await service.start(t.id, ALICE)
    flaky.fail("save_table")
    with pytest.raises(StorageUnavailable):
        await service.leave(t.id, BOB)
    assert not t.record.seats[1].stand_in
    await assert_memory_is_the_database(service, t)
    await service.leave(t.id, BOB)
    assert t.record.seats[1].stand_in


async def test_a_move_the_store_refuses_is_not_made_and_the_same_move_works_next(service, flaky, store):
    t = await lobby_of_two(service)
    await service.start(t.id, ALICE)
    seat = t.to_move()[0]
    user, version = t.record.seats[seat].user_id, t.version
    move = t.game.moves(t.state, seat)[0]
    flaky.fail("append_move")
    with pytest.raises(StorageUnavailable):
        await service.act(t.id, user, version, move)
    assert t.version == version
    await assert_memory_is_the_database(service, t)
    await service.act(t.id, user, version, move)
    assert t.version == version + 1 and len(await store.moves(t.id)) == 1


async def test_a_failed_rematch_leaves_no_lobby_behind_and_can_be_asked_again(store, flaky):
    service = TableService(flaky, ai_iterations=10, ai_seconds=None, retry_delay=0.001)
    try:
        t = await finished_game(service)
        flaky.fail("save_table")    # the old table cannot note its rematch
        with pytest.raises(StorageUnavailable):
            await service.rematch(t.id, ALICE, "Alice")
        assert service.channel_tables(CHANNEL) == []
        await assert_memory_is_the_database(service, t)
        new = await service.rematch(t.id, ALICE, "Alice")
        assert [x.id for x in service.channel_tables(CHANNEL)] == [new.id]
    finally:
        await service.close()


async def test_a_computer_whose_move_the_store_refused_twice_moves_once_it_works(service, flaky, caplog):
    """A full disk during a computer's move does not stop that computer for good: it tries again
    (with a pause that grows), logs each failure, and plays once the store works."""
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "crazy_eights", {"hand_size": "5"})
    await service.add_computer(t.id, ALICE)
    await service.start(t.id, ALICE)
    await service.idle()
    assert t.to_move() == [0]
    while not any(m.kind == "play" for m in t.game.moves(t.state, 0)):   # a draw would leave Alice to move
        await service.act(t.id, ALICE, t.version, "draw")
    await service.act(t.id, ALICE, t.version, next(m for m in t.game.moves(t.state, 0) if m.kind == "play"))
    flaky.fail("append_move", 2)    # the computer, about to move, finds the disk full twice
    version = t.version
    await service.idle()
    assert flaky.failures["append_move"] == 0
    assert t.status == FINISHED or t.to_move() == [0], "the computer must have played"
    assert t.version > version
    await assert_memory_is_the_database(service, t)
    assert caplog.text.count("database or disk is full") >= 2


async def test_a_timeout_the_store_refuses_is_tried_again_and_the_game_goes_on(service, flaky, store, clock):
    """Bob never clicks and the disk is full when his time runs out: nothing changes, and a later
    tick makes his timeout move once the store works again."""
    await store.set_setting(GUILD, "timer", 30)
    t = await lobby_of_two(service)
    await service.start(t.id, ALICE)
    version = t.version
    clock.now = t.deadline + 1
    flaky.fail("append_move")
    await service.tick()
    assert t.version == version and t.status == PLAYING and "timeouts" not in t.record.meta
    await assert_memory_is_the_database(service, t)
    clock.now += 120
    await service.tick()
    assert t.version == version + 1 and len(await store.moves(t.id)) == 1
    assert any("ran out of time" in line for line in t.recent_lines())
    await assert_memory_is_the_database(service, t)


async def test_five_tables_opened_at_once_in_a_channel_limited_to_three_open_three(store):
    await store.set_setting(GUILD, "max_tables", 3)
    service = TableService(store, ai_iterations=10, ai_seconds=None)
    try:
        outcome = await asyncio.gather(
            *(service.create(GUILD, CHANNEL, 200 + i, f"P{i}", "scopa") for i in range(5)),
            return_exceptions=True)
        made = [r for r in outcome if not isinstance(r, Exception)]
        refused = [r for r in outcome if isinstance(r, TableError)]
        assert len(made) == 3 and len(refused) == 2
        assert all("already has 3 open tables" in str(r) for r in refused)
        assert len(service.channel_tables(CHANNEL)) == 3
    finally:
        await service.close()


async def test_one_table_object_however_many_load_it_at_once(store):
    first = TableService(store, ai_iterations=10, ai_seconds=None)
    t = await finished_game(first)
    await first.close()
    second = TableService(store, ai_iterations=10, ai_seconds=None)
    try:
        a, b, c = await asyncio.gather(second.get(t.id), second.get(t.id), second.get(t.id))
        assert a is b is c is second.tables[t.id]
    finally:
        await second.close()


async def test_a_member_whose_click_the_store_refuses_reads_so_privately_and_can_click_again(simcord_env):
    """Through Discord: a Join and a move from the hand panel while the disk is full each tell the
    member privately, in plain words, that the bot cannot save; the same clicks work afterwards."""
    from tests.bot.sim import custom_ids, fetch, table_id, text_of

    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="scopa")).response.message
    tid = table_id(message)
    service = env.bot.service
    flaky = service.store = FlakyStore(service.store)

    flaky.fail("save_table")
    refused = await bob.click(message, custom_id=f"ct:{tid}:join")
    assert refused.ephemeral and refused.response.content == CANNOT_SAVE
    assert f"<@{bob.id}>" not in text_of(await fetch(env, channel, message.id))
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = service.tables[tid]
    assert [s.name for s in table.record.seats] == ["alice", "bob"] and table.status == PLAYING

    mover = alice if table.record.seats[table.to_move()[0]].user_id == alice.id else bob
    version = table.version
    opened = await mover.click(message, custom_id=f"ct:{tid}:hand")
    assert opened.ephemeral, "the hand panel, where the note shows, is private"
    panel = opened.response
    flaky.fail("append_move", 100)
    for _ in range(10):   # pick until the move is made (a card, then maybe what it takes)
        pick = next(c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:")))
        panel = (await mover.click(panel.message, custom_id=pick)).response
        if CANNOT_SAVE in panel.content:
            break
    assert CANNOT_SAVE in panel.content and table.version == version
    flaky.fail("append_move", 0)
    for _ in range(10):
        pick = next(c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:")))
        panel = (await mover.click(panel.message, custom_id=pick)).response
        if table.version != version:
            break
    assert table.version == version + 1 and "changed meanwhile" not in panel.content


async def test_a_finished_table_is_not_dropped_from_memory_while_its_rematch_is_being_opened(store):
    """The timer drops finished tables from memory; doing so while Alice's rematch is still being
    written let Bob's press load a second copy and open a second lobby."""
    service = TableService(store, ai_iterations=10, ai_seconds=None)
    try:
        t = await finished_game(service)
        writing, go_on = asyncio.Event(), asyncio.Event()
        create_table = store.create_table

        async def slow_create_table(*args, **kwargs):
            writing.set()
            await go_on.wait()
            return await create_table(*args, **kwargs)
        store.create_table = slow_create_table
        alice = asyncio.create_task(service.rematch(t.id, ALICE, "Alice"))
        await writing.wait()
        await service.tick()
        bob = asyncio.create_task(service.rematch(t.id, BOB, "Bob"))
        await asyncio.sleep(0.01)
        go_on.set()
        outcome = await asyncio.gather(alice, bob, return_exceptions=True)
        assert isinstance(outcome[1], RematchOpen) and outcome[1].table is outcome[0]
        assert [x.id for x in service.channel_tables(CHANNEL)] == [outcome[0].id]
    finally:
        await service.close()
