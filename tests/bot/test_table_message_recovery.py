"""The public table message keeps up with the table through restarts and Discord's bad moments.

The real entry point (``python -m bot``) runs as a subprocess against the socket-level Discord
emulator, which injects the faults (``emu.fail`` answers a 503, ``emu.delay`` holds an answer back):

* after a kill -9 and a restart, every open table's message is redrawn without anyone clicking;
* a kill between the /play answer reaching Discord and its message id being stored leaves a
  table whose message, after the restart, is found again and follows the table; a table whose
  message cannot be found is posted anew;
* an edit that meets 503s is tried again until the message shows the table;
* everything the bot posts or edits lets it ping members only (never @everyone or a role).
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bot.test_restart import (
    CLICK_TIMEOUT,
    TEST_TIMEOUT,
    Table,
    db_rows,
    kill_bot,
    poll,
    start_bot,
)
from tests.bot_process import BotProcess
from tests.discord_emulator import Channel, Emulator, Member

REDRAW_TIMEOUT = 15.0   # a few back-offs (1 + 2 + 4 s) at most


@dataclass
class Room:
    emu: Emulator
    channels: list[Channel]
    alice: Member
    bob: Member
    database: Path
    log: Path
    tables: list[Table]
    bot: BotProcess | None = None

    def table(self, channel: Channel) -> Table:
        table = Table(self.emu, channel, [self.alice, self.bob], random.Random(1))
        table.database = self.database
        self.tables.append(table)
        return table

    async def start(self, run: int) -> BotProcess:
        """Start the bot (the `run`-th process on this database) for every table."""
        self.bot = await start_bot(self.emu, self.database, self.log, run=run)
        for table in self.tables:
            table.bot = self.bot
        return self.bot


@asynccontextmanager
async def room(tmp_path: Path, channels: int = 1) -> AsyncIterator[Room]:
    emu = await Emulator.start()
    guild = emu.add_guild("Card Room", channels=tuple(f"cards-{i}" for i in range(channels)))
    r = Room(emu, list(guild.channels.values()), emu.add_member(guild, "alice"), emu.add_member(guild, "bob"),
             tmp_path / "cards.sqlite3", tmp_path / "bot.log", [])
    try:
        async with asyncio.timeout(TEST_TIMEOUT):
            yield r
    finally:
        if r.bot is not None:
            await r.bot.kill()
        await emu.stop()


def table_of(emu: Emulator, message_id: int) -> int:
    return int(next(c for c in emu.message(message_id).custom_ids() if c.startswith("ct:")).split(":")[1])


def stored_message(database: Path, table_id: int) -> int | None:
    return db_rows(database, "SELECT message_id FROM tables WHERE id = ?", (table_id,))[0][0]


async def open_table(r: Room, table: Table, host: Member) -> None:
    """`host` runs /play in the table's channel; wait until the message id is stored."""
    play = await r.emu.slash(host, table.channel, "play", {"game": "crazy_eights"})
    posted = await table.bot.alive(play.responded())
    table.message_id, table.id = posted.message_id, table_of(r.emu, posted.message_id)
    await table.bot.alive(poll(lambda: stored_message(r.database, table.id), 5, "the message id in the database"))


def shows(table: Table, member: Member) -> bool:
    """The table message names `member` (the lobby lists its seats)."""
    message = table.message()
    return f"<@{member.id}>" in message.content + "".join(e.get("description", "") for e in message.embeds)


def edit_path(table: Table) -> str:
    return f"/channels/{table.channel.id}/messages/{table.message_id}"


def message_bodies(emu: Emulator) -> Iterator[tuple[Any, dict[str, Any]]]:
    """Every message the bot posted or edited, as it sent it: (call, message body)."""
    for call in emu.calls:
        if call.route in ("create_message", "edit_message", "followup", "webhook_edit_message"):
            yield call, call.json or {}
        elif call.route == "interaction_callback" and (call.json or {}).get("type") in (4, 7):
            yield call, call.json.get("data") or {}


def assert_pings_members_only(emu: Emulator) -> None:
    bodies = list(message_bodies(emu))
    assert bodies
    for call, body in bodies:
        assert (body.get("allowed_mentions") or {}).get("parse") == ["users"], (call, body.get("allowed_mentions"))


async def test_after_a_kill_9_every_open_table_message_is_redrawn_without_a_click(tmp_path: Path) -> None:
    """Two tables whose last edits never reached Discord (503s) when the process was killed: the
    next process brings both messages up to date at start-up, before anyone clicks."""
    async with room(tmp_path, channels=2) as r:
        first, second = r.table(r.channels[0]), r.table(r.channels[1])
        bot = await r.start(1)
        await open_table(r, first, r.alice)
        await open_table(r, second, r.bob)
        for table, joiner in ((first, r.bob), (second, r.alice)):
            r.emu.fail("PATCH", edit_path(table), 503, times=1000)
            mark = r.emu.mark()
            assert (await table.click(joiner, table.message_id, f"ct:{table.id}:join")).type == 6
            await bot.alive(r.emu.wait_for(lambda c, t=table: c.path == edit_path(t) and c.status == 503,
                                           CLICK_TIMEOUT, since=mark))
        assert not shows(first, r.bob) and not shows(second, r.alice), "the messages are out of date"

        await kill_bot(r.emu, bot)
        r.emu.faults.clear()
        clicks = len(r.emu.interactions)
        bot = await r.start(2)
        await bot.alive(r.emu.wait_until(lambda: shows(first, r.bob) and shows(second, r.alice),
                                         REDRAW_TIMEOUT, "both table messages to be redrawn"), REDRAW_TIMEOUT)
        assert len(r.emu.interactions) == clicks, "nobody clicked"
        r.emu.assert_clean()
        assert_pings_members_only(r.emu)


async def test_a_kill_before_the_play_message_id_is_stored_is_recovered_at_restart(tmp_path: Path) -> None:
    """The process dies after Discord created the /play answer but before the bot learned its id:
    the next process finds that message again (no second one is posted) and keeps it up to date.
    A table whose message cannot be found any more gets a new one."""
    async with room(tmp_path) as r:
        table = r.table(r.channels[0])
        channel = table.channel
        bot = await r.start(1)
        held = r.emu.delay("POST", r"/interactions/\d+/[^/]+/callback", 60)
        play = await r.emu.slash(r.alice, channel, "play", {"game": "crazy_eights"})
        original = await bot.alive(r.emu.wait_until(lambda: play.original, CLICK_TIMEOUT, "the /play answer"))
        table.message_id, table.id = original.id, table_of(r.emu, original.id)
        await kill_bot(r.emu, bot)
        held.release()
        assert stored_message(r.database, table.id) is None

        bot = await r.start(2)
        await bot.alive(poll(lambda: stored_message(r.database, table.id), REDRAW_TIMEOUT, "the found message id"))
        assert stored_message(r.database, table.id) == original.id
        assert (await table.click(r.bob, original.id, f"ct:{table.id}:join")).type == 6
        await bot.alive(r.emu.wait_until(lambda: shows(table, r.bob), CLICK_TIMEOUT, "bob's seat on the message"))
        assert [m.id for m in channel.history() if not m.ephemeral] == [original.id], "one table message"

        # the message id is lost again, and the answer's token is of no use: a new message is posted
        await kill_bot(r.emu, bot)
        con = sqlite3.connect(r.database)
        with con:
            meta = json.loads(con.execute("SELECT meta FROM tables WHERE id = ?", (table.id,)).fetchone()[0])
            meta.pop("posting", None)
            con.execute("UPDATE tables SET message_id = NULL, meta = ? WHERE id = ?", (json.dumps(meta), table.id))
        con.close()
        bot = await r.start(3)
        table.message_id = await bot.alive(poll(lambda: stored_message(r.database, table.id), REDRAW_TIMEOUT,
                                                "a new message id"))
        assert table.message_id != original.id and table.message().channel is channel
        assert shows(table, r.bob)
        assert (await table.click(r.bob, table.message_id, f"ct:{table.id}:leave")).type == 6
        await bot.alive(r.emu.wait_until(lambda: not shows(table, r.bob), CLICK_TIMEOUT, "bob to leave"))
        r.emu.assert_clean()
        assert "Traceback" not in bot.output(), bot.output()
        assert_pings_members_only(r.emu)


async def test_an_edit_that_meets_503s_is_tried_again_until_the_message_shows_the_table(tmp_path: Path) -> None:
    async with room(tmp_path) as r:
        table = r.table(r.channels[0])
        bot = await r.start(1)
        await open_table(r, table, r.alice)
        r.emu.fail("PATCH", edit_path(table), 503, times=2)
        mark = r.emu.mark()
        assert (await table.click(r.bob, table.message_id, f"ct:{table.id}:join")).type == 6
        await bot.alive(r.emu.wait_until(lambda: shows(table, r.bob), REDRAW_TIMEOUT, "bob's seat on the message"),
                        REDRAW_TIMEOUT)
        assert [c.status for c in r.emu.calls[mark:] if c.path == edit_path(table)] == [503, 503, 200]
        r.emu.assert_clean()


async def test_everything_the_bot_posts_pings_members_only(tmp_path: Path) -> None:
    """The /play answer, table-message edits, refusals, hand panels, their redraws and /end's
    answer all say which mentions may ping: members only, never @everyone or a role."""
    async with room(tmp_path) as r:
        table = r.table(r.channels[0])
        bot = await r.start(1)
        await open_table(r, table, r.alice)
        refused = await table.click(r.bob, table.message_id, f"ct:{table.id}:start")
        assert refused.ephemeral
        await table.click(r.bob, table.message_id, f"ct:{table.id}:join")
        await table.click(r.alice, table.message_id, f"ct:{table.id}:start")
        await table.play(await table.mover())
        end = await r.emu.slash(r.alice, table.channel, "end")
        assert (await bot.alive(end.responded())).ok
        await bot.alive(r.emu.wait_until(lambda: "closed" in table.title(), CLICK_TIMEOUT, "the table to close"))
        routes = {call.route for call, _ in message_bodies(r.emu)}
        assert {"interaction_callback", "edit_message"} <= routes
        assert_pings_members_only(r.emu)


async def test_sigterm_while_an_edit_waits_to_be_tried_again_still_stops_the_bot(tmp_path: Path) -> None:
    """Discord answers 503 to every edit of the table message: the bot keeps trying, but a
    SIGTERM still stops it at once and cleanly (a retry waiting for its turn is dropped)."""
    async with room(tmp_path) as r:
        table = r.table(r.channels[0])
        bot = await r.start(1)
        await open_table(r, table, r.alice)
        r.emu.fail("PATCH", edit_path(table), 503, times=1000)
        mark = r.emu.mark()
        await table.click(r.bob, table.message_id, f"ct:{table.id}:join")
        await bot.alive(r.emu.wait_for(lambda c: c.path == edit_path(table) and c.status == 503,
                                       CLICK_TIMEOUT, since=mark))
        bot.signal(signal.SIGTERM)
        await asyncio.wait_for(bot.proc.wait(), 15)
        assert bot.proc.returncode == 0, bot.output()
        assert "Traceback" not in bot.output(), bot.output()


async def test_a_play_whose_answer_fails_gets_its_table_message_posted_anyway(tmp_path: Path) -> None:
    """Discord answers 503 to the /play answer itself: the member is told something went wrong,
    and the table that was opened is not left without a message (counting against the channel's
    limit, unseen): the bot posts it in the channel, and it follows the table."""
    async with room(tmp_path) as r:
        table = r.table(r.channels[0])
        bot = await r.start(1)
        r.emu.fail("POST", r"/interactions/\d+/[^/]+/callback", 503, times=5)   # discord.py tries 5 times
        await r.emu.slash(r.alice, table.channel, "play", {"game": "crazy_eights"})
        table.id = 1
        opened = "SELECT message_id FROM tables WHERE id = 1"
        gives_up = 1 + 3 + 5 + 7   # seconds discord.py waits between its tries before the answer fails
        table.message_id = await bot.alive(poll(lambda: (db_rows(r.database, opened) or [(None,)])[0][0],
                                                gives_up + REDRAW_TIMEOUT, "the posted table message"),
                                           gives_up + REDRAW_TIMEOUT)
        assert not table.message().ephemeral and shows(table, r.alice)
        assert (await table.click(r.bob, table.message_id, f"ct:{table.id}:join")).type == 6
        await bot.alive(r.emu.wait_until(lambda: shows(table, r.bob), CLICK_TIMEOUT, "bob's seat on the message"))
        assert_pings_members_only(r.emu)
