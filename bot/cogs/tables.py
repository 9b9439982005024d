"""Slash commands: /play, /rules, /table, /end, /help."""

from __future__ import annotations

import textwrap

import discord
from discord import app_commands
from discord.ext import commands

from bot.game_names import folded, matching, names
from bot.languages import LANGUAGE_CHOICES
from bot.tables import LOBBY, PLAYING, Table, TableError, reason
from bot.ui import is_manager
from games.engine import players_text
from games.localize import language_of, render
from games.options import BadOption, quoted, value_text
from games.registry import GAMES
from games.text import Text, texts

T, N = texts("bot_cogs_tables")
FIELD_LIMIT = 1024   # characters in an embed field's value


def player_range(key: str) -> Text:
    return players_text(GAMES[key].seats)


def reader(interaction: discord.Interaction) -> str:
    """The language the member reads private answers in (/prefs, else their Discord client's)."""
    service = getattr(interaction.client, "service", None)
    locale = getattr(interaction.locale, "value", None)
    return service.member_language(interaction.user.id, locale) if service is not None else language_of(locale)


def no_such_game(game: str) -> Text:
    return T("There is no game called {game}. Games: {games}.", game=quoted(game), games=", ".join(sorted(GAMES)))


def parse_options(text: str | None) -> dict[str, str]:
    """``"target=21 jokers=2"`` (commas also separate) → a dict; BadOption when malformed."""
    options: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        name, eq, value = part.partition("=")
        if not eq or not name or not value:
            raise BadOption(T("write options as name=value, separated by spaces (got {part})", part=quoted(part)))
        options[name.strip().lower()] = value.strip()
    return options


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games matching what the member typed, by any name they know (bot/game_names.py), titled
    in their language."""
    language = reader(interaction)
    found = matching(current)
    if not current.strip():
        found.sort(key=lambda k: render(GAMES[k].title, language).casefold())
    choices = []
    for k in found[:25]:
        g = GAMES[k]
        name = render(T("{game} ({players})", game=g.title, players=player_range(k)), language)
        choices.append(app_commands.Choice(name=name[:100], value=k))
    return choices


HOW_TO_PLAY = (
    T("**/play** `game` opens a table in this channel: others press **Join** (or the host "
      "**Add computer**), then the host presses **Start**. Press **My hand** to see your cards: only "
      "you see them, and your moves are buttons there. The table message shows whose turn it is."),
    T("**/rules** `game`: how a game is played and its options (give them to /play as `name=value`)."),
    T("**/table**: post the table again if it scrolled away. **/end**: end it (host or server managers)."),
    T("**/stats**, **/leaderboard** `game`: results and ratings. **/forget-me**: drop your results."),
    T("**/config**: this server's settings (members with Manage Server)."),
)


def help_embed(language: str = "en") -> discord.Embed:
    """How to play here, and every game with its players and one line about it, in ``language``."""
    embed = discord.Embed(title=render(T("Card tables"), language),
                          description="\n".join(render(line, language) for line in HOW_TO_PLAY),
                          colour=discord.Colour.blurple())
    games = [render(T("**{game}** ({players}): {summary}", game=g.title, players=player_range(k), summary=g.summary),
                    language)
             for k, g in sorted(GAMES.items(), key=lambda kv: kv[1].title)]
    add_line_fields(embed, T("Games"), games, language)
    return embed


def add_line_fields(embed: discord.Embed, name: Text, lines: list[str], language: str = "en") -> None:
    """Lines as embed fields of at most 1024 characters each, cut between lines (a line too
    long by itself is shortened); the first field is ``name``, the others "(more)"."""
    chunks: list[list[str]] = [[]]
    for line in [textwrap.shorten(line, FIELD_LIMIT, placeholder=" …") for line in lines]:
        if chunks[-1] and len("\n".join([*chunks[-1], line])) > FIELD_LIMIT:
            chunks.append([])
        chunks[-1].append(line)
    for n, chunk in enumerate(chunks):
        title = render(T("{name} (more)", name=name) if n else name, language)
        embed.add_field(name=title[:256], value="\n".join(chunk) or render(T("none"), language), inline=False)


class TablesCog(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    @property
    def controller(self):
        return self.bot.controller

    async def tell(self, interaction: discord.Interaction, text: str) -> None:
        """A private answer, in the member's language."""
        await interaction.response.send_message(render(text, reader(interaction)), ephemeral=True)

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
            exact = [k for k in matching(game) if folded(game) in names()[k]]
            if len(exact) != 1:
                return await self.tell(interaction, no_such_game(game))
            key = exact[0]
        try:
            parsed = parse_options(options)
            table = await self.service.create(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                              interaction.user.display_name, key, parsed, language=language,
                                              guild_locale=getattr(interaction.guild_locale, "value", None))
        except BadOption as e:
            return await self.tell(interaction, T("Bad option: {error}.", error=reason(e)))
        except TableError as e:
            return await self.tell(interaction, reason(e))
        await self.controller.post_table(interaction, table)

    @app_commands.command(name="rules", description="How a game is played, and its options")
    @app_commands.describe(game="The game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        g = GAMES.get(game.strip().lower())
        if g is None:
            return await self.tell(interaction, no_such_game(game))
        language = reader(interaction)
        title = render(T("{game} ({players})", game=g.title, players=player_range(g.key)), language)
        embed = discord.Embed(title=title[:256], description=render(g.rules, language)[:4000],
                              colour=discord.Colour.blurple())
        lines = [render(T("`{name}` = {value} ({allowed}): {help}", name=i.name, value=value_text(i.default),
                          allowed=i.allowed, help=i.help), language) for i in g.Options.describe()]
        add_line_fields(embed, T("Options (/play … options:name=value)"), lines, language)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="help", description="The games, and how to play them here")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=help_embed(reader(interaction)), ephemeral=True)

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
            return await self.tell(interaction, T("There is no open table in this channel. Start one with /play."))
        await self.controller.post_table(interaction, table)

    @app_commands.command(name="end", description="End this channel's table (host or server managers)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        table = self._channel_table(interaction)
        if table is None or table.status not in (LOBBY, PLAYING):
            return await self.tell(interaction, T("There is no open table in this channel."))
        try:
            await self.service.cancel(table.id, interaction.user.id, is_admin=is_manager(interaction))
        except TableError as e:
            return await self.tell(interaction, reason(e))
        await interaction.response.send_message(   # public: in the table's language
            table.render(T("Table #{table} ({game}) was ended.", table=table.id, game=table.game.title)))
