"""Starting the bot (``python -m bot`` as a process): what an admin sees when Discord is
unreachable or the database cannot be written, and what members see of the commands."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from bot.store import DatabaseUnusable, Store
from tests.bot.test_restart import STARTUP_TIMEOUT, spawn_bot, start_bot
from tests.bot_process import BotProcess
from tests.discord_emulator import Emulator

UNREACHABLE = "Discord is unreachable ("


def closed_port() -> int:
    """A local port nothing listens on: connecting to it is refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def wait_output(bot: BotProcess, condition, what: str, timeout: float = STARTUP_TIMEOUT) -> None:
    async def printed() -> None:
        while not condition(bot.output()):
            await asyncio.sleep(0.05)
    try:
        await bot.alive(printed(), timeout)
    except AssertionError as e:
        raise AssertionError(f"waiting for {what}: {e}") from None


async def test_discord_unreachable_at_start_is_one_line_and_retried(tmp_path: Path) -> None:
    """With nothing listening where Discord should be, the bot says so in one line per attempt,
    keeps trying (the process stays up) and prints no traceback; SIGTERM still stops it."""
    api = f"http://127.0.0.1:{closed_port()}/api/v10"
    bot = await BotProcess.spawn("bot", {"DISCORD_TOKEN": "test", "DISCORD_API_BASE": api, "LOG_LEVEL": "WARNING",
                                         "DATABASE_PATH": str(tmp_path / "cards.sqlite3")}, tmp_path / "bot.log")
    try:
        await wait_output(bot, lambda out: out.count(UNREACHABLE) >= 2, "two attempts")
        assert bot.proc.returncode is None
        out = bot.output()
        assert "Traceback" not in out, out
        lines = [line for line in out.splitlines() if line.strip()]
        assert len(lines) == out.count(UNREACHABLE), out
        assert lines[0].endswith("; retrying in 1 s") and lines[1].endswith("; retrying in 5 s"), out
    finally:
        await bot.stop(graceful=True)
    assert bot.proc.returncode == 0, bot.output()


async def test_first_start_hides_config_from_members_and_prints_no_voice_warning(tmp_path: Path) -> None:
    """Members without Manage Server do not get /config in their command list (Discord hides a
    command whose default permissions they lack); the other commands are for everyone. The bot,
    which uses no voice, does not warn that voice libraries are missing."""
    emu = await Emulator.start()
    bot = None
    try:
        bot = await start_bot(emu, tmp_path / "cards.sqlite3", tmp_path / "bot.log", run=1)
        permissions = {c["name"]: c.get("default_member_permissions") for c in emu.global_commands}
        assert str(permissions.pop("config")) == "32"   # the Manage Server bit
        assert permissions and set(permissions.values()) == {None}, permissions
        out = bot.output()
        assert "PyNaCl" not in out and "davey" not in out and "voice" not in out, out
    finally:
        if bot is not None:
            await bot.kill()
        await emu.stop()


async def test_discord_outage_after_start_is_retried(tmp_path: Path) -> None:
    """Discord going away while the bot runs is not fatal: the bot keeps trying, saying so in one
    line per attempt (no traceback), and is back once Discord answers again on the same address."""
    emu = await Emulator.start()
    port, bot = emu.port, None
    try:
        bot = await start_bot(emu, tmp_path / "cards.sqlite3", tmp_path / "bot.log", run=1)
        await emu.stop()
        await asyncio.sleep(2)   # the bot's first attempts to reconnect are refused
        assert bot.proc.returncode is None, bot.output()
        emu = await Emulator.start(port=port)
        await bot.alive(emu.wait_ready(timeout=60), 60)
        out = bot.output()
        assert "Attempting a reconnect for shard ID 0 in " in out and "Traceback" not in out, out
        assert all("Discord is unreachable (" in line for line in out.splitlines() if "reconnect" in line), out
    finally:
        if bot is not None:
            await bot.kill()
        await emu.stop()


async def test_an_unwritable_database_is_one_line_naming_it(tmp_path: Path) -> None:
    """A DATABASE_PATH in a folder that does not exist stops the bot at start-up with one line
    that names the file and says what to do (exit code 2, no traceback)."""
    emu = await Emulator.start()
    database = tmp_path / "missing" / "cards.sqlite3"
    try:
        bot = await spawn_bot(emu, database, tmp_path / "bot.log")
        try:
            await asyncio.wait_for(bot.proc.wait(), STARTUP_TIMEOUT)
        finally:
            await bot.kill()
    finally:
        await emu.stop()
    assert bot.proc.returncode == 2, bot.output()
    assert bot.output().strip() == (f"error: cannot write the database at {database}: the folder {database.parent} "
                                    "does not exist. Set DATABASE_PATH to a writable file.")


@pytest.mark.parametrize("where, reason", [
    ("a file/cards.sqlite3", "{tmp}/a file is not a folder"),
    ("a folder", "it is a folder"),
    ("not a database", "file is not a database"),
])
async def test_a_database_path_sqlite_cannot_write_says_why(tmp_path: Path, where: str, reason: str) -> None:
    """The reasons a database file cannot be used, as the start-up line gives them."""
    (tmp_path / "a file").write_text("x")
    (tmp_path / "a folder").mkdir()
    (tmp_path / "not a database").write_bytes(b"card table " * 100)
    with pytest.raises(DatabaseUnusable) as caught:
        await Store.open(str(tmp_path / where))
    assert str(caught.value) == f"cannot write the database at {tmp_path / where}: {reason.format(tmp=tmp_path)}"
