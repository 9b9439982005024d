"""/prefs: a member's own preferences, on every server (the language of their private messages)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.languages import DISCORD, OR_DISCORDS
from bot.tables import TableError
from games.localize import LANGUAGES


class PrefsCog(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @app_commands.command(name="prefs", description="Your own settings: the language of your hand and private replies")
    @app_commands.describe(language="The language of your hand panel and private replies "
                                    "(Discord's: your Discord client's language)")
    @app_commands.choices(language=OR_DISCORDS)
    async def prefs(self, interaction: discord.Interaction, language: str | None = None) -> None:
        service = self.bot.service
        user_id = interaction.user.id
        if language is not None:
            try:
                await service.set_member_language(user_id, None if language == DISCORD else language)
            except TableError as e:
                await interaction.response.send_message(str(e), ephemeral=True)
                return
        chosen = service.languages.get(user_id)
        shown = LANGUAGES[service.member_language(user_id, getattr(interaction.locale, "value", None))]
        text = (f"Your hand and private replies are in {shown} (your choice)." if chosen else
                f"Your hand and private replies are in {shown}, your Discord language.")
        await interaction.response.send_message(text, ephemeral=True)
