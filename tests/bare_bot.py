"""A bare discord.py bot used to prove the Discord emulator (tests/discord_emulator.py).

It has one slash command, ``/ping [times]``, which replies ``pong`` with a counter button.
Clicking the button answers with UPDATE_MESSAGE (``interaction.response.edit_message``),
incrementing the counter. The button is a ``DynamicItem`` registered in ``setup_hook``, so a
restarted process still answers clicks on buttons sent by an earlier process.

Run it as ``python -m tests.bare_bot`` with ``DISCORD_TOKEN`` and, to point it at an
emulator, ``DISCORD_API_BASE=http://127.0.0.1:PORT/api/v10``. It also serves as the
baseline bot for benchmarks (how much the bare discord.py stack costs).

Two environment variables shape it for benchmarks (benchmarks/discord_e2e.py), both off by
default: ``BARE_BOT_PATCHES=N`` makes a click first edit the clicked message N times through
the channel route (``PATCH /channels/{c}/messages/{m}``, as the card bot edits its public table
message) before answering the click, so a click costs N + 1 REST calls; ``BARE_BOT_INTENTS=guilds``
connects with the guilds intent only (the card bot's intents) instead of the default ones.
``BARE_BOT_GC=tuned`` sets Python's cycle collector as the card bot does (bot/collector.py).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.collector import collect_less_often, freeze_startup_objects
from bot.discord_api import apply_api_base

COUNTER_ID = "bare:count:{n}"


def patches_per_click() -> int:
    return int(os.environ.get("BARE_BOT_PATCHES", "0") or 0)


def intents_from_env() -> discord.Intents:
    if os.environ.get("BARE_BOT_INTENTS", "").strip().lower() == "guilds":
        intents = discord.Intents.none()
        intents.guilds = True
        return intents
    return discord.Intents.default()


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bare:count:(?P<n>[0-9]+)"):
    """A button whose state (the click count) lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Clicked {n}", style=discord.ButtonStyle.primary, custom_id=COUNTER_ID.format(n=n))
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        n = self.n + 1
        patches = getattr(interaction.client, "patches", 0)
        if patches and interaction.message is not None:
            message = interaction.channel.get_partial_message(interaction.message.id)  # type: ignore[union-attr]
            for _ in range(patches):
                await message.edit(content=f"pong ({n} clicks)", view=counter_view(n))
        await interaction.response.edit_message(content=f"pong ({n} clicks)", view=counter_view(n))


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(n))
    return view


def create_bot(*, sync_commands: bool = True) -> commands.Bot:
    """Build the bot (never at import time: a Bot is bound to the event loop it first runs on)."""
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=intents_from_env(), help_command=None)
    bot.patches = patches_per_click()  # type: ignore[attr-defined]

    @bot.tree.command(name="ping", description="Answer with pong and a counter button")
    @app_commands.describe(times="How many pongs (1-5)")
    async def ping(interaction: discord.Interaction, times: app_commands.Range[int, 1, 5] = 1) -> None:
        await interaction.response.send_message(" ".join(["pong"] * times), view=counter_view(0))

    async def setup_hook() -> None:
        bot.add_dynamic_items(CounterButton)
        if sync_commands:
            await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]

    @bot.event
    async def on_ready() -> None:
        logging.getLogger("bare_bot").info("bare_bot ready as %s (%s)", bot.user, bot.user and bot.user.id)

    return bot


def main() -> None:
    token = os.environ["DISCORD_TOKEN"]
    base = os.environ.get("DISCORD_API_BASE", "").strip()
    if base:
        apply_api_base(base)
    if os.environ.get("BARE_BOT_GC", "").strip().lower() == "tuned":
        collect_less_often()
        bot = create_bot()

        async def start() -> None:
            async with bot:
                await bot.login(token)
                freeze_startup_objects()
                await bot.connect()

        discord.utils.setup_logging(level=logging.INFO, root=True)
        asyncio.run(start())
        return
    create_bot().run(token, log_level=logging.INFO, root_logger=True)


if __name__ == "__main__":
    main()
