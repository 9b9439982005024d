"""Building the bot: a factory, so every test and every run gets a fresh one."""

from __future__ import annotations

import asyncio
import logging
import os

import discord
from discord.ext import commands

from bot import pictures
from bot.clicks import SORRY, Clicks
from bot.cogs.config import ConfigCog
from bot.cogs.stats import StatsCog
from bot.cogs.tables import TablesCog
from bot.replies import tell_privately
from bot.settings import Settings
from bot.store_base import TableStore
from bot.store_pg import open_store
from bot.tables import TableService
from bot.thinking import ProcessThinker, Thinker, ThreadThinker
from bot.ui import DYNAMIC_ITEMS, MENTION_USERS, Controller

log = logging.getLogger(__name__)

# The bot uses no voice: discord.py need not warn at start-up that PyNaCl and davey are missing.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False


class CardBot(commands.AutoShardedBot):
    """Sharded so several processes can split the guilds (SHARD_COUNT / SHARD_IDS); one
    process with no shard settings runs every shard Discord recommends."""

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=MENTION_USERS,
                         shard_count=settings.shard_count,
                         shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None)
        self.tree.on_error = self.on_command_error
        self.settings = settings
        self.store: TableStore | None = None
        self.service: TableService | None = None
        self.controller: Controller | None = None
        self.clicks = Clicks(DYNAMIC_ITEMS)
        self.thinker: Thinker = make_thinker(settings.ai_workers)
        self._warming: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        pictures.use_font(self.settings.picture_font)
        self.store = await open_store(self.settings.database_url or self.settings.database)
        self._warming = asyncio.get_running_loop().create_task(self.thinker.start())
        self.service = TableService(self.store, ai_iterations=self.settings.ai_iterations,
                                    ai_seconds=self.settings.ai_seconds, thinker=self.thinker)
        self.controller = Controller(self, self.service)
        loaded = await self.service.load()
        log.info("loaded %d open tables", loaded)
        self.controller.redraw_all()   # in the background: their messages may be out of date
        await self.add_cog(TablesCog(self))
        await self.add_cog(ConfigCog(self))
        await self.add_cog(StatsCog(self))
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.service.start_timers()

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
        await tell_privately(interaction, SORRY)

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


def create_bot(settings: Settings) -> CardBot:
    return CardBot(settings)
