"""The slash commands in each member's language, through discord.py's `app_commands.Translator`.

discord.py asks the translator for every command and group name and description, option
name and description and choice name, in every Discord locale, when the commands are synced;
the answers become the commands' ``name_localizations`` and ``description_localizations``, so a
Vietnamese client shows Vietnamese commands. The texts live in the ``bot_commands`` catalog,
one message per string with its place (``command_name``, ``parameter_description`` …) as
context: a name must follow Discord's rules for names (`NAME`), a description fit 100 characters.

``python -m bot.translator`` collects every string the commands ask for (`command_strings`) into
the catalogs (games/catalogs.py); tests/bot/test_command_languages.py checks they are complete.
"""

from __future__ import annotations

import asyncio
import re
import sys

import discord
from babel.messages.catalog import Catalog
from discord import app_commands
from discord.ext import commands

from games.catalogs import ROOT, STAMP, update
from games.localize import ENGLISH_CODE, language_of, translations

DOMAIN = "bot_commands"
NAME = re.compile(r"^[-_\w]{1,32}$")   # Discord: lowercase letters of any script, digits, - and _
NAMES = {"command_name", "group_name", "parameter_name"}


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = language_of(locale.value)
        if language == ENGLISH_CODE:
            return None
        found = translations(language, DOMAIN).pgettext(context.location.name, string.message)
        return None if found == string.message else found


class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.strings: dict[tuple[str, str], None] = {}

    async def translate(self, string, locale, context) -> None:
        self.strings[(context.location.name, string.message)] = None


async def command_strings(cogs: list[type[commands.Cog]] | None = None) -> list[tuple[str, str]]:
    """(place, English text) of every string the bot's slash commands have, in order."""
    if cogs is None:
        from bot.app import COGS  # noqa: PLC0415 - bot.app imports this module
        cogs = COGS
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in cogs:
        await bot.add_cog(cog(bot))
    recorder = _Recorder()
    for command in bot.tree.get_commands():
        await command.get_translated_payload(bot.tree, recorder)
    return list(recorder.strings)


def commands_template(strings: list[tuple[str, str]]) -> Catalog:
    template = Catalog(locale=ENGLISH_CODE, project="cardtable", creation_date=STAMP, revision_date=STAMP)
    for place, text in strings:
        comment = ["A Discord name: lowercase, no spaces, at most 32 characters"] if place in NAMES else []
        template.add(text, context=place, auto_comments=comment)
    return template


if __name__ == "__main__":
    for path in update({DOMAIN: commands_template(asyncio.run(command_strings()))}):
        print(path.relative_to(ROOT), file=sys.stderr)
