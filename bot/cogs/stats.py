"""/stats, /leaderboard and /forget-me."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.tables import game_autocomplete
from bot.names import shown_name
from bot.stats import leaderboard, per_game
from games.options import quoted
from games.registry import GAMES


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
            await interaction.response.send_message(f"There is no game called {quoted(game)}.", ephemeral=True)
            return
        # ratings depend on everyone's games, so read the whole server's results of those games
        rows = await self.store.results(interaction.guild_id, game=key)
        mine = {g: recs[who.id] for g, recs in per_game(rows).items() if who.id in recs}
        if not mine:
            await interaction.response.send_message(
                f"{name} has no finished games{f' of {GAMES[key].title}' if key else ''} here yet.",
                ephemeral=True)
            return
        lines = [f"**{GAMES[g].title if g in GAMES else g}**: {r.played} played, {r.wins} won "
                 f"({100 * r.wins / r.played:.0f}%), average place {r.average_placing:.2f}, rating **{r.rating:g}**"
                 for g, r in mine.items()]
        embed = discord.Embed(title=f"Stats of {name}", description="\n".join(lines)[:4000],
                              colour=discord.Colour.blurple())
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The best-rated players of a game on this server")
    @app_commands.describe(game="The game")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        key = game.strip().lower()
        if key not in GAMES:
            await interaction.response.send_message(f"There is no game called {quoted(game)}.", ephemeral=True)
            return
        best = leaderboard(await self.store.results(interaction.guild_id, game=key))
        if not best:
            await interaction.response.send_message(f"Nobody has finished a game of {GAMES[key].title} here yet.",
                                                    ephemeral=True)
            return
        lines = [f"{i}. <@{r.user_id}>: rating **{r.rating:g}** · {r.wins}/{r.played} won"
                 for i, r in enumerate(best, 1)]
        embed = discord.Embed(title=f"{GAMES[key].title} leaderboard", description="\n".join(lines),
                              colour=discord.Colour.gold())
        embed.set_footer(text="The rating accounts for opponents' strength (Plackett-Luce, like TrueSkill).")
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="forget-me", description="Delete your results and your name from the bot's records")
    @app_commands.describe(confirm="Type yes to delete; this cannot be undone")
    async def forget_me(self, interaction: discord.Interaction, confirm: Literal["yes", "no"]) -> None:
        if confirm != "yes":
            await interaction.response.send_message("Nothing was deleted.", ephemeral=True)
            return
        changed = await self.store.forget_user(interaction.user.id)
        await interaction.response.send_message(
            f"Done: your results are anonymous and your name is gone from every table ({changed} records). "
            "Games you play from now on are recorded again.", ephemeral=True)
