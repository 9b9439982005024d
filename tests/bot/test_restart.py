"""A kill -9 in the middle of a game, and a restart on the same database.

The real entry point (``python -m bot``) runs as a subprocess against the socket-level Discord
emulator (tests/discord_emulator.py). Two members play Crazy Eights by clicking the real
buttons: the table message's **My hand** opens an ephemeral hand panel, answer buttons on the
panel make the moves. A move counts as *acknowledged* once the bot answered its click with the
redrawn panel and the version in the panel's custom ids moved on.

Claims checked:

* every acknowledged move is in the ``moves`` table (read with the stdlib ``sqlite3``) after a
  SIGKILL, and a move whose table-message edit the emulator saw is there even if its click was
  never answered (commit comes before anything is told about the move);
* after a restart, buttons sent by the dead process are answered: the table message's My hand,
  an old panel drawn for the current version (its move is applied), and a panel drawn for an
  older version (redrawn with a "moved on" note, nothing applied);
* the game can then be finished by clicking (status ``finished`` in the database, "game over"
  on the table message), and the move log holds exactly the moves that were made;
* the bot used no route the emulator does not know, no click went unanswered, and the bot
  logged no traceback.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
import re
import signal
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tests.bot_process import BotProcess
from tests.discord_emulator import Callback, Emulator, Member
from tests.discord_emulator import Interaction as EmuInteraction

STARTUP_TIMEOUT = 20.0
CLICK_TIMEOUT = 15.0
MENTION = re.compile(r"<@(\d+)>")
T = TypeVar("T")

TEST_TIMEOUT = 60.0


def is_command_sync(call: Any) -> bool:
    return call.method == "PUT" and call.path.endswith("/commands")


async def spawn_bot(emu: Emulator, database: Path, log: Path) -> BotProcess:
    return await BotProcess.spawn("bot", {
        "DISCORD_TOKEN": "test", "DISCORD_API_BASE": emu.api_base, "DATABASE_PATH": str(database),
        "AI_ITERATIONS": "10", "AI_SECONDS": "0.05", "LOG_LEVEL": "WARNING", "DEV_GUILD_ID": ""}, log)


def db_rows(database: Path, sql: str, params: tuple = ()) -> list[tuple]:
    """Read the bot's database with the stdlib driver, as any other process would."""
    con = sqlite3.connect(database, timeout=5)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


async def poll(condition: Any, timeout: float, what: str) -> Any:
    """Wait for something outside the emulator (the database) to become true."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (result := condition()):
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(0.01)
    return result


def db_moves(database: Path, table: int) -> dict[int, int]:
    """version → seat of every logged move of `table`."""
    return dict(db_rows(database, "SELECT version, seat FROM moves WHERE table_id = ? ORDER BY version", (table,)))


def panel_version(payload: dict[str, Any]) -> int:
    """The table version a hand panel was drawn for (every panel has a refresh button)."""
    for comp in _components(payload):
        cid = comp.get("custom_id") or ""
        if cid.startswith(("cp:", "cs:", "cn:")):
            return int(cid.split(":")[2])
    raise AssertionError(f"not a hand panel: {payload.get('content')!r}")


def _components(payload: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for row in payload.get("components") or []:
        out += row.get("components") or [row]
    return out


def answers(payload: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in _components(payload) if (c.get("custom_id") or "").startswith(("cp:", "cs:"))]


@dataclass
class Move:
    version: int      # the table version the move created (= moves.version)
    seat: int
    acked: bool       # the click was answered with the redrawn panel


class Table:
    """Two members at one table, clicking through the emulator."""

    def __init__(self, emu: Emulator, channel: Any, members: list[Member], rng: random.Random) -> None:
        self.emu, self.channel, self.members, self.rng = emu, channel, members, rng
        self.bot: BotProcess | None = None
        self.id = 0
        self.message_id = 0
        self.moves: list[Move] = []
        self.database: Path | None = None

    def seat(self, member: Member) -> int:
        return self.members.index(member)

    def message(self) -> Any:
        return self.emu.message(self.message_id)

    def title(self) -> str:
        embeds = self.message().embeds
        return embeds[0].get("title", "") if embeds else ""

    async def mover(self) -> Member:
        """Whose turn it is, as the table message names it (the game must not be over)."""
        member = await self.mover_or_none()
        assert member is not None, "the game ended too soon for this test"
        return member

    async def mover_or_none(self) -> Member | None:
        """Whose turn it is, or None once the game is over. The table message is edited behind
        the clicks, so wait until it names the seat the stored game says is to play, or, once the
        stored table is finished, until the message says game over."""
        assert self.bot is not None and self.database is not None
        over = -1

        def named() -> int | None:
            status, state = db_rows(self.database, "SELECT status, state FROM tables WHERE id = ?", (self.id,))[0]
            if status == "finished":
                return over if "game over" in self.title().lower() else None
            ids = [int(x) for x in MENTION.findall(self.message().content)]
            turn = json.loads(state)["turn"]
            return ids[0] if ids == [self.members[turn].id] else None

        user = await self.bot.alive(poll(named, CLICK_TIMEOUT, "the table message to name the player to move"))
        return None if user == over else next(m for m in self.members if m.id == user)

    async def click(self, member: Member, message_id: int, custom_id: str, value: str | None = None) -> Callback:
        """Click a button (or pick `value` in a select); the bot must answer, and the emulator accept it."""
        assert self.bot is not None
        if value is None:
            it = await self.emu.click(member, message_id, custom_id)
        else:
            it = await self.emu.select(member, message_id, custom_id, [value])
        return await self.bot.alive(it.responded(CLICK_TIMEOUT), CLICK_TIMEOUT)

    async def open_panel(self, member: Member) -> int:
        """Press My hand on the table message: an ephemeral panel; its message id."""
        cb = await self.click(member, self.message_id, f"ct:{self.id}:hand")
        assert cb.type == 4 and cb.ephemeral, cb
        assert cb.message is not None and answers(cb.message), f"no answers offered: {cb.message['content']!r}"
        return cb.message_id

    def pick(self, payload: dict[str, Any]) -> tuple[str, str | None]:
        """A random answer, preferring to play a card (games end sooner): custom id and select value."""
        comps = answers(payload)
        plays = [c for c in comps if c.get("type") != 2 or not c.get("label", "").startswith(("Draw", "Pass"))]
        comp = self.rng.choice(plays or comps)
        if comp.get("type") == 2:
            return comp["custom_id"], None
        return comp["custom_id"], self.rng.choice(comp["options"])["value"]

    async def answer(self, member: Member, panel: int) -> Callback:
        """Click a random answer on `panel`; the panel is redrawn (UPDATE_MESSAGE)."""
        cid, value = self.pick(self.emu.message(panel).payload)
        cb = await self.click(member, panel, cid, value)
        assert cb.type == 7 and cb.message is not None and cb.message_id == panel, cb
        return cb

    async def play(self, member: Member, panel: int | None = None) -> Move:
        """Click answers on `panel` (a new one if None) until a move is made; return it."""
        panel = panel or await self.open_panel(member)
        before = panel_version(self.emu.message(panel).payload)
        edit_path = f"/channels/{self.channel.id}/messages/{self.message_id}"
        for _ in range(6):
            mark = self.emu.mark()
            cb = await self.answer(member, panel)
            assert "⚠️" not in cb.message["content"], f"unexpected note: {cb.message['content']!r}"
            after = panel_version(cb.message)
            if after != before:
                assert after == before + 1, (before, after)
                # the bot edits the public table message right after answering the click
                await self.bot.alive(self.emu.wait_for(
                    lambda c: c.method == "PATCH" and c.path == edit_path, CLICK_TIMEOUT, since=mark))
                move = Move(after, self.seat(member), acked=True)
                self.moves.append(move)
                return move
        raise AssertionError("no move after six clicks")

    async def click_until_announced(self, member: Member, panel: int) -> EmuInteraction:
        """Click answers on `panel` until one makes the bot edit the table message (a move);
        return that click's interaction as soon as the edit reached the emulator, answered or not."""
        assert self.bot is not None
        edit_path = f"/channels/{self.channel.id}/messages/{self.message_id}"
        for _ in range(6):
            cid, value = self.pick(self.emu.message(panel).payload)
            mark = self.emu.mark()
            it = await (self.emu.click(member, panel, cid) if value is None
                        else self.emu.select(member, panel, cid, [value]))

            drawn = panel_version(self.emu.message(panel).payload)

            def edited(it: EmuInteraction = it, mark: int = mark, drawn: int = drawn) -> str:
                if any(c.method == "PATCH" and c.path == edit_path for c in self.emu.calls[mark:]):
                    return "edited"
                if not it.callbacks:
                    return ""
                message = it.callbacks[0].message
                if message is not None and panel_version(message) != drawn:
                    return ""  # a move was answered first; its table edit follows
                return "answered"

            if await self.bot.alive(self.emu.wait_until(edited, CLICK_TIMEOUT, "the click's effect")) == "edited":
                return it
            assert it.callbacks[0].type == 7  # a first step (an 8 asks for a suit): click again
        raise AssertionError("no move after six clicks")

    async def play_turns(self, n: int) -> None:
        for _ in range(n):
            assert "game over" not in self.title().lower(), "the game ended too soon for this test"
            await self.play(await self.mover())


async def start_bot(emu: Emulator, database: Path, log: Path, run: int) -> BotProcess:
    """`python -m bot` on `database`, once it has synced its commands and got READY (run: how many
    processes have connected so far, this one included)."""
    since = emu.mark()
    bot = await spawn_bot(emu, database, log)
    try:
        await bot.alive(emu.wait_for(is_command_sync, since=since, timeout=STARTUP_TIMEOUT), STARTUP_TIMEOUT)
        await bot.alive(emu.wait_ready(count=run, timeout=STARTUP_TIMEOUT), STARTUP_TIMEOUT)
    except BaseException:
        await bot.kill()
        raise
    return bot


async def kill_bot(emu: Emulator, bot: BotProcess) -> None:
    bot.signal(signal.SIGKILL)
    await asyncio.wait_for(bot.proc.wait(), 10)
    assert bot.proc.returncode == -signal.SIGKILL
    assert "Traceback" not in bot.output(), bot.output()
    await emu.wait_until(lambda: not emu.connected, 5, "the gateway to notice the dead bot")


def assert_logged(database: Path, table: Table) -> dict[int, int]:
    """Every acknowledged move is in the move log with its seat, and no move nobody made."""
    logged = db_moves(database, table.id)
    for move in table.moves:
        if move.acked:
            assert logged.get(move.version) == move.seat, (
                f"acknowledged move v{move.version} (seat {move.seat}) missing from the log {logged}")
    known = {m.version for m in table.moves}
    assert set(logged) <= known, f"moves nobody made: {sorted(set(logged) - known)}; log {logged}, made {table.moves}"
    return logged


async def test_kill_9_mid_game_and_restart(tmp_path: Path) -> None:
    database, log = tmp_path / "cards.sqlite3", tmp_path / "bot.log"
    emu = await Emulator.start()
    guild = emu.add_guild("Card Room", channels=("cards",))
    channel = next(iter(guild.channels.values()))
    alice, bob = emu.add_member(guild, "alice"), emu.add_member(guild, "bob")
    table = Table(emu, channel, [alice, bob], random.Random(7))
    try:
        async with asyncio.timeout(TEST_TIMEOUT):
            await scenario(emu, table, database, log)
    finally:
        if table.bot is not None:
            await table.bot.kill()  # every process this test started, whatever happened
        await emu.stop()


async def scenario(emu: Emulator, table: Table, database: Path, log: Path) -> None:
    table.database = database
    channel = table.channel
    alice, bob = table.members

    # -- first process: open a table, join, start, play --------------------------------------
    bot = table.bot = await start_bot(emu, database, log, run=1)
    # draw=one_then_pass: drawing until playable makes one hand in fifty last over 250 moves
    play = await emu.slash(alice, channel, "play", {"game": "crazy_eights",
                                                    "options": "hand_size=5 draw=one_then_pass"})
    posted = await bot.alive(play.responded())
    assert posted.type == 4 and posted.message is not None and not posted.ephemeral
    table.message_id = posted.message_id
    table.id = int(next(c for c in emu.message(table.message_id).custom_ids() if c.startswith("ct:")).split(":")[1])
    await bot.alive(play.wait_calls(1))  # the callback carries the new message's id
    await bot.alive(poll(
        lambda: db_rows(database, "SELECT message_id FROM tables WHERE id = ?", (table.id,))[0][0],
        5, "the table's message id in the database"))

    assert (await table.click(bob, table.message_id, f"ct:{table.id}:join")).type == 6
    assert (await table.click(alice, table.message_id, f"ct:{table.id}:start")).type == 6
    await bot.alive(emu.wait_until(lambda: "Your move" in table.message().content, 5, "the game to start"))
    start_version = db_rows(database, "SELECT version FROM tables WHERE id = ?", (table.id,))[0][0]

    await table.play_turns(3)

    # Two panels for the player to move: one becomes stale when they play from the other.
    p = await table.mover()
    stale_panel = await table.open_panel(p)
    await table.play(p, await table.open_panel(p))
    stale_version = panel_version(emu.message(stale_panel).payload)
    assert stale_version < table.moves[-1].version
    # The next player opens a panel and is killed while looking at it.
    q = await table.mover()
    current_panel = await table.open_panel(q)
    current_version = panel_version(emu.message(current_panel).payload)
    assert current_version == table.moves[-1].version

    # -- kill -9 between clicks ------------------------------------------------------------
    await kill_bot(emu, bot)
    logged = assert_logged(database, table)
    assert max(logged) == current_version and min(logged) == start_version + 1

    # -- second process on the same database: old buttons still work ------------------------
    bot = table.bot = await start_bot(emu, database, log, run=2)
    # The table message (sent by the dead process): My hand opens a fresh panel.
    fresh = await table.open_panel(q)
    assert panel_version(emu.message(fresh).payload) == current_version
    # A panel drawn for an older version: answered, redrawn with a note, nothing applied.
    cid, value = table.pick(emu.message(stale_panel).payload)
    cb = await table.click(p, stale_panel, cid, value)
    assert cb.type == 7 and "moved on" in cb.message["content"], cb.message["content"]
    assert panel_version(cb.message) == current_version
    assert max(db_moves(database, table.id)) == current_version
    # A panel drawn by the dead process for the current version: its move is applied.
    move = await table.play(q, current_panel)
    assert move.version == current_version + 1
    assert_logged(database, table)
    await table.play_turns(2)

    # -- kill -9 with a move in flight: committed, maybe never acknowledged ------------------
    m = await table.mover()
    inflight_panel = await table.open_panel(m)
    before = panel_version(emu.message(inflight_panel).payload)
    it = await table.click_until_announced(m, inflight_panel)
    bot.signal(signal.SIGKILL)  # the move is announced, so committed; its answer may not be sent
    await kill_bot(emu, bot)
    acked = bool(it.callbacks) and it.callbacks[0].ok
    table.moves.append(Move(before + 1, table.seat(m), acked=acked))
    logged = assert_logged(database, table)
    assert logged.get(before + 1) == table.seat(m), "the announced move is not in the log"

    # -- third process: the old panel is answered, the game is finished ---------------------
    bot = table.bot = await start_bot(emu, database, log, run=3)
    old = copy.deepcopy(emu.message(inflight_panel).payload)  # the emulator edits payloads in place
    if answers(old):
        cid, value = table.pick(old)
        cb = await table.click(m, inflight_panel, cid, value)
        assert cb.type == 7
        if panel_version(old) == before:  # drawn before the move that was applied
            assert "moved on" in cb.message["content"], cb.message["content"]
            assert max(db_moves(database, table.id)) == before + 1
        else:  # the redraw after the move reached the emulator: it is current, and may act
            assert panel_version(cb.message) >= panel_version(old)
            if panel_version(cb.message) > panel_version(old):
                table.moves.append(Move(panel_version(cb.message), table.seat(m), acked=True))

    for _ in range(1000):  # TEST_TIMEOUT bounds the time
        # the move that ends the game may be one whose table edit has not arrived yet
        if (member := await table.mover_or_none()) is None:
            break
        await table.play(member)
    else:
        raise AssertionError("the game did not end")

    status, version = db_rows(database, "SELECT status, version FROM tables WHERE id = ?", (table.id,))[0]
    assert status == "finished"
    logged = assert_logged(database, table)
    assert sorted(logged) == list(range(start_version + 1, version + 1)), "the move log has gaps"
    assert sorted(logged) == sorted(m.version for m in table.moves)
    assert db_rows(database, "SELECT COUNT(*) FROM results WHERE table_id = ?", (table.id,))[0][0] == 2
    final = table.message()
    assert "game over" in table.title().lower() and f"ct:{table.id}:rematch" in final.custom_ids()

    emu.assert_clean()
    assert all(i.callbacks for i in emu.interactions.values() if i.sent_at is not None and i is not it), \
        "an interaction went unanswered"
    assert all(cb.ok for i in emu.interactions.values() for cb in i.callbacks)
    everything = log.read_text(errors="replace")
    assert "Traceback" not in everything and "ERROR" not in everything, everything[-4000:]


async def test_deadlines_and_computer_turns_resume_after_a_kill_9(tmp_path: Path) -> None:
    """A table with a short turn timer and a computer player: the process is killed while a
    human must act. The next process, started after the deadline has passed, makes the
    timeout move itself (nobody clicks), and the computer's turns go on from there."""
    database, log = tmp_path / "cards.sqlite3", tmp_path / "bot.log"
    emu = await Emulator.start()
    guild = emu.add_guild("Card Room", channels=("cards",))
    channel = next(iter(guild.channels.values()))
    alice = emu.add_member(guild, "alice")
    table = Table(emu, channel, [alice], random.Random(3))
    timer = 4
    try:
        async with asyncio.timeout(TEST_TIMEOUT):
            bot = table.bot = await start_bot(emu, database, log, run=1)
            con = sqlite3.connect(database)   # the server's setting, as /config timer would store it
            with con:   # a short timer, and no seat handed to a computer for timing out
                con.executemany("INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)",
                                [(guild.id, "timer", str(timer)), (guild.id, "replace_after", "100")])
            con.close()
            # after drawing one card a player plays it or passes: a timed-out turn always ends
            play = await emu.slash(alice, channel, "play", {"game": "crazy_eights",
                                                            "options": "hand_size=5 draw=one_then_pass"})
            posted = await bot.alive(play.responded())
            table.message_id = posted.message_id
            table.id = int(next(c for c in emu.message(table.message_id).custom_ids()
                                if c.startswith("ct:")).split(":")[1])
            await bot.alive(play.wait_calls(1))
            await table.click(alice, table.message_id, f"ct:{table.id}:cpu")
            await table.click(alice, table.message_id, f"ct:{table.id}:start")
            # the computer (if it leads) moves, then it is Alice's turn with a deadline
            await bot.alive(poll(lambda: db_rows(database, "SELECT meta FROM tables WHERE id = ?",
                                                 (table.id,))[0][0].count('"deadline"'), 10, "a deadline"))
            await kill_bot(emu, bot)
            before = db_rows(database, "SELECT version FROM tables WHERE id = ?", (table.id,))[0][0]
            await asyncio.sleep(timer + 0.5)       # the deadline passes while no process runs
            bot = table.bot = await start_bot(emu, database, log, run=2)

            def after_kill() -> list[int]:
                logged = db_moves(database, table.id)
                return [logged[v] for v in sorted(logged) if v > before]

            await bot.alive(poll(lambda: 1 in after_kill() or None, 3 * timer + 10,
                                 "the timeout move, then the computer's turn"), 3 * timer + 15)
            assert after_kill()[0] == 0, "the new process made Alice's timed-out move"
            status = db_rows(database, "SELECT status FROM tables WHERE id = ?", (table.id,))[0][0]
            assert status == "playing"
            assert "Traceback" not in bot.output(), bot.output()
            emu.assert_clean()
    finally:
        if table.bot is not None:
            await table.bot.kill()
        await emu.stop()


async def test_sigterm_finishes_and_closes_the_database(tmp_path: Path) -> None:
    """`docker stop` sends SIGTERM: the bot exits on its own (code 0, no traceback), and the
    moves it acknowledged are in the database, which it closed (SQLite removes the WAL file
    when the last connection closes)."""
    database, log = tmp_path / "cards.sqlite3", tmp_path / "bot.log"
    emu = await Emulator.start()
    guild = emu.add_guild("Card Room", channels=("cards",))
    channel = next(iter(guild.channels.values()))
    alice, bob = emu.add_member(guild, "alice"), emu.add_member(guild, "bob")
    table = Table(emu, channel, [alice, bob], random.Random(5))
    table.database = database
    try:
        async with asyncio.timeout(TEST_TIMEOUT):
            bot = table.bot = await start_bot(emu, database, log, run=1)
            play = await emu.slash(alice, channel, "play", {"game": "crazy_eights"})
            posted = await bot.alive(play.responded())
            table.message_id = posted.message_id
            table.id = int(next(c for c in emu.message(table.message_id).custom_ids()
                                if c.startswith("ct:")).split(":")[1])
            await bot.alive(play.wait_calls(1))
            await table.click(bob, table.message_id, f"ct:{table.id}:join")
            await table.click(alice, table.message_id, f"ct:{table.id}:start")
            await table.play_turns(2)
            bot.signal(signal.SIGTERM)
            await asyncio.wait_for(bot.proc.wait(), 15)
            assert bot.proc.returncode == 0, bot.output()
            assert "Traceback" not in bot.output(), bot.output()
            assert not Path(f"{database}-wal").exists(), "the database was not closed"
            assert_logged(database, table)
    finally:
        if table.bot is not None:
            await table.bot.kill()
        await emu.stop()
