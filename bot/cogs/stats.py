"""/stats, /leaderboard and /forget-me."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.tables import game_autocomplete, reader
from bot.names import shown_name
from bot.stats import best_results, leaderboard, per_game
from games.engine import Game
from games.localize import render
from games.options import quoted
from games.registry import GAMES
from games.text import text_from, texts

T, N = texts("bot_cogs_stats")
MAX_BOARDS = 5   # fields of at most 1024 characters each, within an embed's 6000


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private answer in the member's language."""
    await interaction.response.send_message(render(text, reader(interaction)), ephemeral=True)


class StatsCog(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @property
    def store(self):
        return self.bot.store

    @app_commands.command(name="stats", description="A member's results on this server")
    @app_commands.describe(member="Whose results (default: yours)", game="Only this game")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    game: str | None = None) -> None:
        who = member or interaction.user
        name = shown_name(who.display_name)
        key = game.strip().lower() if game else None
        if key is not None and key not in GAMES:
            return await tell(interaction, T("There is no game called {game}.", game=quoted(game)))
        # ratings depend on everyone's games, so read the whole server's results of those games
        rows = await self.store.results(interaction.guild_id, game=key)
        mine = {g: recs[who.id] for g, recs in per_game(rows).items() if who.id in recs}
        if not mine:
            return await tell(interaction, T("{member} has no finished games of {game} here yet.", member=name,
                                             game=GAMES[key].title) if key
                              else T("{member} has no finished games here yet.", member=name))
        language = reader(interaction)
        lines = [render(T("**{game}**: {played} played, {won} won ({percent}%), average place {place}, "
                          "rating **{rating}**", game=GAMES[g].title if g in GAMES else g, played=r.played,
                          won=r.wins, percent=round(100 * r.wins / r.played), place=f"{r.average_placing:.2f}",
                          rating=r.rating), language)
                 for g, r in mine.items()]
        embed = discord.Embed(title=render(T("Stats of {member}", member=name), language)[:256],
                              description="\n".join(lines)[:4000], colour=discord.Colour.blurple())
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The best-rated players of a game on this server")
    @app_commands.describe(game="The game", daily="Only today's daily deal (games that have one)")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, daily: bool = False) -> None:
        key = game.strip().lower()
        if key not in GAMES:
            return await tell(interaction, T("There is no game called {game}.", game=quoted(game)))
        if daily and type(GAMES[key]).daily_seed is Game.daily_seed:
            return await tell(interaction, T("{game} has no daily deal.", game=GAMES[key].title))
        if daily or type(GAMES[key]).result_scores is not Game.result_scores:
            return await self._score_board(interaction, key, daily)
        best = leaderboard(await self.store.results(interaction.guild_id, game=key))
        if not best:
            return await tell(interaction, T("Nobody has finished a game of {game} here yet.", game=GAMES[key].title))
        # posted in the channel: in the server's language (its /config language, else its Discord locale)
        language = await self.bot.service.guild_language(interaction.guild_id,
                                                         getattr(interaction.guild_locale, "value", None))
        lines = [render(T("{place}. {member}: rating **{rating}** · {won}/{played} won", place=i,
                          member=f"<@{r.user_id}>", rating=r.rating, won=r.wins, played=r.played), language)
                 for i, r in enumerate(best, 1)]
        embed = discord.Embed(title=render(T("{game} leaderboard", game=GAMES[key].title), language),
                              description="\n".join(lines), colour=discord.Colour.gold())
        embed.set_footer(text=render(T("The rating accounts for opponents' strength (Plackett-Luce, like TrueSkill)."),
                                     language))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    async def _score_board(self, interaction: discord.Interaction, key: str, daily: bool) -> None:
        """The leaderboard of a game that scores its own results (a solitaire): each member's best game,
        won first, then score, then time; ``daily``: today's daily deal only."""
        day = self.bot.service.today().isoformat() if daily else None
        boards = best_results(await self.store.results(interaction.guild_id, game=key), day)
        title = GAMES[key].title
        if not boards:
            return await tell(interaction, T("Nobody has finished today's daily deal of {game} here yet.", game=title)
                              if daily else T("Nobody has finished a game of {game} here yet.", game=title))
        language = await self.bot.service.guild_language(interaction.guild_id,
                                                         getattr(interaction.guild_locale, "value", None))

        def lines(best: list) -> str:
            return "\n".join(render(T("{place}. {member}: **{score}** points · {time} · {result} · {n} played",
                                       place=i, member=f"<@{b.user_id}>", score=int(b.score),
                                       time=f"{b.seconds // 60}:{b.seconds % 60:02d}",
                                       result=T("won") if b.won else T("not won"), n=b.played), language)
                             for i, b in enumerate(best, 1))

        heading = T("{game}: daily deal of {day}", game=title, day=day) if daily else T("{game} leaderboard",
                                                                                         game=title)
        embed = discord.Embed(title=render(heading, language), colour=discord.Colour.gold())
        if len(boards) == 1 and boards[0][0] is None:
            embed.description = lines(boards[0][1])
        else:   # one ranking per board (a game's variants that must not rank together): a field each
            for board, best in boards[:MAX_BOARDS]:
                name = T("Earlier games") if board is None else text_from(board)
                embed.add_field(name=render(name, language)[:256], value=lines(best)[:1024], inline=False)
        embed.set_footer(text=render(T("Best game of each player: won first, then score, then time."), language))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="forget-me", description="Delete your results and your name from the bot's records")
    @app_commands.describe(confirm="Type yes to delete; this cannot be undone")
    async def forget_me(self, interaction: discord.Interaction, confirm: Literal["yes", "no"]) -> None:
        if confirm != "yes":
            return await tell(interaction, T("Nothing was deleted."))
        changed = await self.store.forget_user(interaction.user.id)
        await self.bot.service.forget_member(interaction.user.id)
        await tell(interaction, N("Done: your results are anonymous and your name is gone from every table "
                                  "({n} record). Games you play from now on are recorded again.",
                                  "Done: your results are anonymous and your name is gone from every table "
                                  "({n} records). Games you play from now on are recorded again.", changed))
