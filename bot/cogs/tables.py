"""Slash commands: /play, /rules, /table, /end, /help."""

from __future__ import annotations

import textwrap

import discord
from discord import app_commands
from discord.ext import commands

from bot.languages import LANGUAGE_CHOICES
from bot.tables import LOBBY, PLAYING, Table, TableError
from bot.ui import is_manager
from games.options import BadOption, quoted, value_text
from games.registry import GAMES

FIELD_LIMIT = 1024   # characters in an embed field's value


def player_range(key: str) -> str:
    seats = GAMES[key].seats
    low, high = seats.start, seats.stop - 1
    return f"{low} players" if low == high else f"{low}–{high} players"


def parse_options(text: str | None) -> dict[str, str]:
    """``"target=21 jokers=2"`` (commas also separate) → a dict; BadOption when malformed."""
    options: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        name, eq, value = part.partition("=")
        if not eq or not name or not value:
            raise BadOption(f"write options as name=value, separated by spaces (got {quoted(part)})")
        options[name.strip().lower()] = value.strip()
    return options


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    needle = current.lower().strip()
    choices = [app_commands.Choice(name=f"{g.title} ({player_range(k)})", value=k)
               for k, g in sorted(GAMES.items(), key=lambda kv: kv[1].title)
               if needle in k or needle in g.title.lower()]
    return choices[:25]


HOW_TO_PLAY = (
    "**/play** `game` opens a table in this channel: others press **Join** (or the host "
    "**Add computer**), then the host presses **Start**. Press **My hand** to see your cards: only "
    "you see them, and your moves are buttons there. The table message shows whose turn it is.",
    "**/rules** `game`: how a game is played and its options (give them to /play as `name=value`).",
    "**/table**: post the table again if it scrolled away. **/end**: end it (host or server managers).",
    "**/stats**, **/leaderboard** `game`: results and ratings. **/forget-me**: drop your results.",
    "**/config**: this server's settings (members with Manage Server).",
)


def help_embed() -> discord.Embed:
    """How to play here, and every game with its players and one line about it."""
    embed = discord.Embed(title="Card tables", description="\n".join(HOW_TO_PLAY), colour=discord.Colour.blurple())
    games = [f"**{g.title}** ({player_range(k)}): {g.summary}"
             for k, g in sorted(GAMES.items(), key=lambda kv: kv[1].title)]
    add_line_fields(embed, "Games", games)
    return embed


def add_line_fields(embed: discord.Embed, name: str, lines: list[str]) -> None:
    """Lines as embed fields of at most 1024 characters each, cut between lines (a line too
    long by itself is shortened); the first field is ``name``, the others "(more)"."""
    chunks: list[list[str]] = [[]]
    for line in [textwrap.shorten(line, FIELD_LIMIT, placeholder=" …") for line in lines]:
        if chunks[-1] and len("\n".join([*chunks[-1], line])) > FIELD_LIMIT:
            chunks.append([])
        chunks[-1].append(line)
    for n, chunk in enumerate(chunks):
        embed.add_field(name=f"{name} (more)" if n else name, value="\n".join(chunk) or "none", inline=False)


class TablesCog(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    @property
    def controller(self):
        return self.bot.controller

    @app_commands.command(name="play", description="Open a table for a card game in this channel")
    @app_commands.describe(game="The game to play", options="Options as name=value, e.g. target=21 jokers=2",
                           language="The language of the table's messages (default: the server's)")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, game: str, options: str | None = None,
                   language: str | None = None) -> None:
        key = game.strip().lower()
        if key not in GAMES:
            matches = [k for k, g in GAMES.items() if g.title.lower() == key]
            if not matches:
                await interaction.response.send_message(
                    f"There is no game called {quoted(game)}. Games: {', '.join(sorted(GAMES))}.", ephemeral=True)
                return
            key = matches[0]
        try:
            parsed = parse_options(options)
            table = await self.service.create(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                              interaction.user.display_name, key, parsed, language=language,
                                              guild_locale=getattr(interaction.guild_locale, "value", None))
        except BadOption as e:
            await interaction.response.send_message(f"Bad option: {e}.", ephemeral=True)
            return
        except TableError as e:
            await interaction.response.send_message(str(e), ephemeral=True)
            return
        await self.controller.post_table(interaction, table)

    @app_commands.command(name="rules", description="How a game is played, and its options")
    @app_commands.describe(game="The game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        g = GAMES.get(game.strip().lower())
        if g is None:
            await interaction.response.send_message(
                f"There is no game called {quoted(game)}. Games: {', '.join(sorted(GAMES))}.", ephemeral=True)
            return
        embed = discord.Embed(title=f"{g.title} ({player_range(g.key)})", description=g.rules[:4000],
                              colour=discord.Colour.blurple())
        lines = [f"`{i.name}` = {value_text(i.default)} ({i.allowed}): {i.help}" for i in g.Options.describe()]
        add_line_fields(embed, "Options (/play … options:name=value)", lines)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="help", description="The games, and how to play them here")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=help_embed(), ephemeral=True)

    def _channel_table(self, interaction: discord.Interaction) -> Table | None:
        tables = self.service.channel_tables(interaction.channel_id)
        if not tables:
            return None
        mine = [t for t in tables if t.seat_of(interaction.user.id) is not None]
        return (mine or tables)[-1]

    @app_commands.command(name="table", description="Post this channel's table again (if it scrolled away)")
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        table = self._channel_table(interaction)
        if table is None:
            await interaction.response.send_message("There is no open table in this channel. Start one with /play.",
                                                    ephemeral=True)
            return
        await self.controller.post_table(interaction, table)

    @app_commands.command(name="end", description="End this channel's table (host or server managers)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        table = self._channel_table(interaction)
        if table is None or table.status not in (LOBBY, PLAYING):
            await interaction.response.send_message("There is no open table in this channel.", ephemeral=True)
            return
        try:
            await self.service.cancel(table.id, interaction.user.id, is_admin=is_manager(interaction))
        except TableError as e:
            await interaction.response.send_message(str(e), ephemeral=True)
            return
        await interaction.response.send_message(f"Table #{table.id} ({table.game.title}) was ended.")
