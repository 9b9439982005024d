"""/prefs: a member's own preferences, on every server (the language of their private messages,
and a four-colour deck for their hand, in pictures and text)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.languages import DISCORD, OR_DISCORDS
from bot.tables import FOUR_COLOURS, TWO_COLOURS, TableError, reason
from games.localize import LANGUAGES, render
from games.text import texts

T, N = texts("bot_cogs_prefs")

DECK_CHOICES = [app_commands.Choice(name="two colours (♠♣ black, ♥♦ red)", value=TWO_COLOURS),
                app_commands.Choice(name="four colours (♠ black, ♥ red, ♦ blue, ♣ green)", value=FOUR_COLOURS)]
DECK_SHOWN = {TWO_COLOURS: T("Your hand shows two colours."),
              FOUR_COLOURS:
              T("Your hand shows four colours: ♦ blue, ♣ green, in pictures and as badges by your cards (🔵 🟢).")}


class PrefsCog(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @app_commands.command(name="prefs", description="Your own settings: the language of your hand and private replies")
    @app_commands.describe(language="The language of your hand panel and private replies "
                                    "(Discord's: your Discord client's language)",
                           deck="The colours of the suits in your hand, in pictures and text")
    @app_commands.choices(language=OR_DISCORDS, deck=DECK_CHOICES)
    async def prefs(self, interaction: discord.Interaction, language: str | None = None,
                    deck: str | None = None) -> None:
        service = self.bot.service
        user_id = interaction.user.id
        try:
            if language is not None:
                await service.set_member_language(user_id, None if language == DISCORD else language)
            if deck is not None:
                await service.set_member_deck(user_id, deck)
        except TableError as e:
            reader = service.member_language(user_id, getattr(interaction.locale, "value", None))
            await interaction.response.send_message(render(reason(e), reader), ephemeral=True)
            return
        chosen = service.languages.get(user_id)
        reader = service.member_language(user_id, getattr(interaction.locale, "value", None))
        shown = LANGUAGES[reader]
        text = (T("Your hand and private replies are in {language} (your choice).", language=shown) if chosen else
                T("Your hand and private replies are in {language}, your Discord language.", language=shown))
        deck_text = DECK_SHOWN[service.member_deck(user_id)]
        await interaction.response.send_message(f"{render(text, reader)} {render(deck_text, reader)}", ephemeral=True)
