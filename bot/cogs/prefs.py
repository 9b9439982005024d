"""/prefs: a member's own preferences, on every server (the language of their private messages)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.languages import DISCORD, OR_DISCORDS
from bot.tables import TableError, reason
from games.localize import LANGUAGES, render
from games.text import texts

T, N = texts("bot_cogs_prefs")


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
                reader = service.member_language(user_id, getattr(interaction.locale, "value", None))
                await interaction.response.send_message(render(reason(e), reader), ephemeral=True)
                return
        chosen = service.languages.get(user_id)
        reader = service.member_language(user_id, getattr(interaction.locale, "value", None))
        shown = LANGUAGES[reader]
        text = (T("Your hand and private replies are in {language} (your choice).", language=shown) if chosen else
                T("Your hand and private replies are in {language}, your Discord language.", language=shown))
        await interaction.response.send_message(render(text, reader), ephemeral=True)
