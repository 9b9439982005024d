"""Building the bot: a factory, so every test and every run gets a fresh one."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time

import discord
from discord.ext import commands

from bot import pictures
from bot.clicks import SORRY, Clicks, client_language
from bot.cogs.config import ConfigCog
from bot.cogs.prefs import PrefsCog
from bot.cogs.stats import StatsCog
from bot.cogs.tables import TablesCog
from bot.replies import tell_privately
from bot.settings import Settings
from bot.store_base import TableStore
from bot.store_pg import open_store
from bot.tables import TableService
from bot.thinking import ProcessThinker, Thinker, ThreadThinker
from bot.translator import CatalogTranslator
from bot.ui import DYNAMIC_ITEMS, MENTION_USERS, Controller
from games.localize import render

log = logging.getLogger(__name__)
COGS = [TablesCog, ConfigCog, StatsCog, PrefsCog]

# The bot uses no voice: discord.py need not warn at start-up that PyNaCl and davey are missing.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False


class CardBot(commands.AutoShardedBot):
    """Sharded so several processes can split the guilds (SHARD_COUNT / SHARD_IDS); one
    process with no shard settings runs every shard Discord recommends."""

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # max_messages=None: no message cache; the bot reads no messages (each cached one holds its payload)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=MENTION_USERS, max_messages=None,
                         shard_count=settings.shard_count,
                         shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None)
        self.tree.on_error = self.on_command_error
        self.settings = settings
        self.store: TableStore | None = None
        self.service: TableService | None = None
        self.controller: Controller | None = None
        self.clicks = Clicks(DYNAMIC_ITEMS, reader=self.reader)
        self.thinker: Thinker = make_thinker(settings.ai_workers)
        self._warming: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        if os.environ.get(TRACE_ENV):
            trace_memory(os.environ[TRACE_ENV], float(os.environ.get(TRACE_EVERY_ENV) or 0))
        pictures.use_font(self.settings.picture_font)
        self.store = await open_store(self.settings.database_url or self.settings.database)
        self._warming = asyncio.get_running_loop().create_task(self.thinker.start())
        self.service = TableService(self.store, ai_iterations=self.settings.ai_iterations,
                                    ai_seconds=self.settings.ai_seconds, thinker=self.thinker)
        self.controller = Controller(self, self.service)
        loaded = await self.service.load()
        log.info("loaded %d open tables", loaded)
        self.controller.redraw_all()   # in the background: their messages may be out of date
        for cog in COGS:
            await self.add_cog(cog(self))
        await self.tree.set_translator(CatalogTranslator())
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.service.start_timers()

    def reader(self, interaction: discord.Interaction) -> str:
        """The language a member reads private lines in (their client's until the tables are loaded)."""
        return self.controller.reader(interaction) if self.controller is not None else client_language(interaction)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.clicks.dispatch(interaction)

    async def on_command_error(self, interaction: discord.Interaction,
                               error: discord.app_commands.AppCommandError) -> None:
        """A refused check has already answered the member; anything else is our bug: log it
        and tell the member instead of leaving the command unanswered."""
        if isinstance(error, discord.app_commands.CheckFailure) and interaction.response.is_done():
            return
        log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                  exc_info=error)
        await tell_privately(interaction, render(SORRY, self.reader(interaction)))

    async def close(self) -> None:
        """Stop taking work, let moves being written finish, then close the database."""
        if self.service is not None:
            await self.service.close()
        self.thinker.close()
        if self.controller is not None:
            await self.controller.close()
        if self.store is not None:
            await self.store.close()
        await super().close()


DEFAULT_MAX_WORKERS = 4   # each worker is a Python process with the games loaded (~30 MB)


def make_thinker(workers: int | None) -> Thinker:
    """Where computer players think: AI_WORKERS processes (default one per CPU, at most
    DEFAULT_MAX_WORKERS), or threads."""
    if workers is None:   # the CPUs this process may use (a container may have fewer than the host)
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        workers = min(cpus, DEFAULT_MAX_WORKERS)
    return ProcessThinker(workers) if workers > 0 else ThreadThinker()


TRACE_ENV = "CARDTABLE_TRACEMALLOC"              # a file: trace allocations, dump the top sites there
TRACE_EVERY_ENV = "CARDTABLE_TRACEMALLOC_EVERY"  # seconds between dumps (unset: on SIGUSR1 only)
TRACE_FRAMES = 8
TRACE_TOP = 20


def trace_memory(path: str, every: float) -> None:
    """For memory investigations only: trace allocations from now on and, on SIGUSR1 (and every
    ``every`` seconds), append to ``path`` the allocation sites still holding the most memory
    that grew since the first dump (``python -m benchmarks.discord_e2e --soak --tracemalloc``)."""
    import gc
    import tracemalloc

    tracemalloc.start(TRACE_FRAMES)
    first: list[tracemalloc.Snapshot] = []
    loop = asyncio.get_running_loop()

    def dump() -> None:
        with_garbage = tracemalloc.get_traced_memory()[0]
        garbage = gc.collect()   # what only the cycle collector would free is not held
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        first[:] = first or [snapshot]
        traced, peak = tracemalloc.get_traced_memory()
        with open(path, "a") as out:
            out.write(f"== {time.strftime('%H:%M:%S')} traced {traced / 1e6:.1f} MB (peak {peak / 1e6:.1f} MB; "
                      f"{with_garbage / 1e6:.1f} MB before a full collection freed {garbage} cyclic objects); "
                      f"{malloc_use()}; growth since the first dump, largest first, by line and by call chain:\n")
            for group in ("lineno", "traceback"):
                for stat in snapshot.compare_to(first[0], group)[:TRACE_TOP]:
                    sites = " < ".join(f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}" for f in reversed(stat.traceback))
                    out.write(f"{stat.size_diff / 1e3:+9.0f} kB {stat.count_diff:+8d} blocks "
                              f"(now {stat.size / 1e3:.0f} kB)  {sites}\n")

    def repeat() -> None:
        dump()
        loop.call_later(every, repeat)

    loop.add_signal_handler(signal.SIGUSR1, dump)
    if every > 0:
        loop.call_later(every, repeat)


def malloc_use() -> str:
    """What C's allocator (glibc) holds and what of it is in use: memory freed by Python but
    kept by malloc shows in RSS, not in tracemalloc."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                     "keepcost")]

    try:
        libc = ctypes.CDLL(None)
        libc.mallinfo2.restype = MallInfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return "malloc: no mallinfo2 here"
    return (f"malloc: {info.arena / 1e6:.1f} MB in its heaps, {info.uordblks / 1e6:.1f} MB of it in use, "
            f"{info.hblkhd / 1e6:.1f} MB mapped apart")


def create_bot(settings: Settings) -> CardBot:
    return CardBot(settings)
