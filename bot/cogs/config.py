"""/config: a server's settings, for members with Manage Server."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.tables import game_autocomplete, reader
from bot.config import (
    MAX_TABLES_RANGE,
    STRENGTHS,
    TIMEOUT_ACTIONS,
    TIMER_RANGE,
    ConfigError,
    GuildConfig,
    check_game,
    check_option,
    check_option_name,
    check_range,
    dropped_text,
    reset_option,
)
from bot.languages import OR_DISCORDS
from bot.tables import reason
from bot.ui import is_manager
from games.localize import LANGUAGES, render
from games.text import Text, texts

T, N = texts("bot_cogs_config")
REFUSAL = T("Only members with the **Manage Server** permission can change this server's card table settings.")


@app_commands.default_permissions(manage_guild=True)   # Discord shows /config only to these; allowed() still checks
class ConfigCog(commands.GroupCog, group_name="config", group_description="Card table settings for this server"):
    def __init__(self, bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def store(self):
        return self.bot.store

    @staticmethod
    async def allowed(interaction: discord.Interaction) -> bool:
        """Answer a member who may not change settings (every command asks this first)."""
        if interaction.guild_id is None:
            await ConfigCog._say(interaction, T("Settings belong to a server: use /config there."))
            return False
        if not is_manager(interaction):
            await ConfigCog._say(interaction, REFUSAL)
            return False
        return True

    async def _config(self, guild_id: int) -> GuildConfig:
        return GuildConfig.from_settings(await self.store.settings(guild_id))

    @staticmethod
    async def _say(interaction: discord.Interaction, text: str) -> None:
        """A private answer in the member's language."""
        await interaction.response.send_message(render(text, reader(interaction)), ephemeral=True)

    async def _done(self, interaction: discord.Interaction, text: Text) -> None:
        await self._say(interaction, T("✅ {change} New tables use it; open tables keep their settings.", change=text))

    async def _refuse(self, interaction: discord.Interaction, error: Exception) -> None:
        await self._say(interaction, T("❌ {error}", error=reason(error)))

    async def _allowed_with_game(self, interaction: discord.Interaction, game: str | None) -> tuple[bool, str | None]:
        """Whether the command may go on (the member may configure, and `game`, if given, is
        one of ours: both refused with a message otherwise), and the game's key."""
        if not await self.allowed(interaction):
            return False, None
        try:
            return True, check_game(game) if game else None
        except ConfigError as e:
            await self._refuse(interaction, e)
            return False, None

    @app_commands.command(name="show", description="Show this server's settings, or one game's option defaults")
    @app_commands.describe(game="A game, to see its option defaults and timer")
    @app_commands.autocomplete(game=game_autocomplete)
    async def show(self, interaction: discord.Interaction, game: str | None = None) -> None:
        go_on, key = await self._allowed_with_game(interaction, game)
        if not go_on:
            return
        config = await self._config(interaction.guild_id)
        language = reader(interaction)
        title = T("Card table settings: {game}", game=key) if key else T("Card table settings")
        embed = discord.Embed(title=render(title, language),
                              description="\n".join(render(line, language) for line in config.lines(key))[:4000],
                              colour=discord.Colour.blurple())
        embed.set_footer(text=render(T("Change with /config …; /config reset restores the defaults."), language))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="option", description="Set the default of a game's option for new tables")
    @app_commands.describe(game="The game", name="The option's name (see /rules)",
                           value="The new default, or 'default' to use the game's own")
    @app_commands.autocomplete(game=game_autocomplete)
    async def option(self, interaction: discord.Interaction, game: str, name: str, value: str) -> None:
        if not await self.allowed(interaction):
            return
        gid = interaction.guild_id
        try:
            key = check_game(game)
            current = (await self._config(gid)).options.get(key, {})
            if value.strip().lower() == "default":
                merged = reset_option(key, name, current)
            else:
                merged = check_option(key, name, value, current)
        except ConfigError as e:
            return await self._refuse(interaction, e)
        await self.store.set_setting(gid, f"options:{key}", merged)
        shown = " ".join(f"{k}={v}" for k, v in sorted(merged.items()))
        dropped = dropped_text(current, merged, check_option_name(key, name))
        if not shown:
            done = T("{game} now starts with the game's defaults.", game=key)
        else:
            done = T("{game} now starts with {options}.", game=key, options=shown)
        await self._done(interaction, T("{done} {dropped}", done=done, dropped=dropped) if dropped else done)

    @app_commands.command(name="timer", description="Seconds each player has per decision (0 = no timer)")
    @app_commands.describe(seconds="Seconds per decision, 0 for no timer", game="Only for this game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def timer(self, interaction: discord.Interaction, seconds: int, game: str | None = None) -> None:
        if not await self.allowed(interaction):
            return
        try:
            check_range(T("The timer"), seconds, TIMER_RANGE)
            if 0 < seconds < 10:
                raise ConfigError(T("The timer must be at least 10 seconds (or 0 for no timer)."))
            key = check_game(game) if game else None
        except ConfigError as e:
            return await self._refuse(interaction, e)
        await self.store.set_setting(interaction.guild_id, f"timer:{key}" if key else "timer", seconds)
        if not seconds:
            done = T("No turn timer.")
        elif key:
            done = T("Turn timer for {game}: {n} seconds.", game=key, n=seconds)
        else:
            done = T("Turn timer: {n} seconds.", n=seconds)
        await self._done(interaction, done)

    @app_commands.command(name="window", description="Seconds a reaction window (challenge, claim) stays open")
    async def window(self, interaction: discord.Interaction, seconds: app_commands.Range[int, 5, 120]) -> None:
        if not await self.allowed(interaction):
            return
        await self.store.set_setting(interaction.guild_id, "window", seconds)
        await self._done(interaction, T("Reaction windows last {n} seconds.", n=seconds))

    @app_commands.command(name="timeout", description="What happens when a player runs out of time")
    @app_commands.describe(action="computer: a computer moves for them; skip: they pass where the rules allow; "
                                  "remove: a computer takes their seat",
                           strikes="Timeouts in a row before a computer takes the seat (default 2)")
    async def timeout(self, interaction: discord.Interaction, action: Literal["computer", "skip", "remove"],
                      strikes: app_commands.Range[int, 1, 10] | None = None) -> None:
        if not await self.allowed(interaction):
            return
        await self.store.set_setting(interaction.guild_id, "timeout_action", action)
        if strikes is not None:
            await self.store.set_setting(interaction.guild_id, "replace_after", strikes)
        meaning = TIMEOUT_ACTIONS[action]
        await self._done(interaction, T("On timeout: {meaning}. After {n} in a row a computer takes the seat.",
                                        meaning=meaning, n=strikes) if strikes
                         else T("On timeout: {meaning}.", meaning=meaning))

    @app_commands.command(name="channel", description="Allow or forbid tables in a channel")
    @app_commands.describe(mode="allow: add the channel to the list; forbid: remove it; everywhere: clear the list",
                           channel="The channel (default: this one)")
    async def channel(self, interaction: discord.Interaction, mode: Literal["allow", "forbid", "everywhere"],
                      channel: discord.TextChannel | None = None) -> None:
        if not await self.allowed(interaction):
            return
        gid = interaction.guild_id
        cid = channel.id if channel is not None else interaction.channel_id
        allowed = list((await self._config(gid)).channels)
        if mode == "everywhere":
            allowed = []
        elif mode == "allow" and cid not in allowed:
            allowed.append(cid)
        elif mode == "forbid":
            if not allowed:
                return await self._refuse(interaction, ConfigError(
                    T("Tables are allowed everywhere; /config channel allow the channels that may host them instead.")))
            if cid in allowed:
                allowed.remove(cid)
        await self.store.set_setting(gid, "channels", allowed)
        await self._done(interaction, T("Tables may be opened in: {channels}.",
                                        channels=", ".join(f"<#{c}>" for c in allowed)) if allowed
                         else T("Tables may be opened in: every channel."))

    @app_commands.command(name="tables", description="How many open tables one channel may have")
    async def tables(self, interaction: discord.Interaction, count: int) -> None:
        if not await self.allowed(interaction):
            return
        try:
            check_range(T("The number of tables"), count, MAX_TABLES_RANGE)
        except ConfigError as e:
            return await self._refuse(interaction, e)
        await self.store.set_setting(interaction.guild_id, "max_tables", count)
        await self._done(interaction, N("At most {n} open table per channel.", "At most {n} open tables per channel.",
                                        count))

    @app_commands.command(name="computers", description="Whether computer players may sit down, and how well they play")
    @app_commands.describe(allowed="May tables add computer players?",
                           strength="easy, normal or strong (strong thinks the longest)")
    async def computers(self, interaction: discord.Interaction, allowed: bool,
                        strength: Literal["easy", "normal", "strong"] | None = None) -> None:
        if not await self.allowed(interaction):
            return
        await self.store.set_setting(interaction.guild_id, "computers", allowed)
        if strength is not None:
            assert strength in STRENGTHS
            await self.store.set_setting(interaction.guild_id, "strength", strength)
        if strength:
            done = (T("Computer players are allowed, strength {strength}.", strength=strength) if allowed
                    else T("Computer players are not allowed, strength {strength}.", strength=strength))
        else:
            done = T("Computer players are allowed.") if allowed else T("Computer players are not allowed.")
        await self._done(interaction, done)

    @app_commands.command(name="pictures", description="Show card pictures, or text only")
    async def pictures(self, interaction: discord.Interaction, on: bool) -> None:
        if not await self.allowed(interaction):
            return
        await self.store.set_setting(interaction.guild_id, "pictures", on)
        await self._done(interaction, T("Card pictures are on.") if on else T("Text only: no card pictures."))

    @app_commands.command(name="language", description="The language of new tables' messages")
    @app_commands.describe(language="A language, or Discord's: the server's own Discord language")
    @app_commands.choices(language=OR_DISCORDS)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        if not await self.allowed(interaction):
            return
        if language in LANGUAGES:
            await self.store.set_setting(interaction.guild_id, "language", language)
            return await self._done(interaction, T("New tables speak {language}.", language=LANGUAGES[language]))
        await self.store.delete_settings(interaction.guild_id, ["language"])
        await self._done(interaction, T("New tables speak the server's Discord language."))

    @app_commands.command(name="reset", description="Restore the default settings (all, or one game's)")
    @app_commands.describe(game="Only this game's option defaults and timer")
    @app_commands.autocomplete(game=game_autocomplete)
    async def reset(self, interaction: discord.Interaction, game: str | None = None) -> None:
        go_on, key = await self._allowed_with_game(interaction, game)
        if not go_on:
            return
        await self.store.delete_settings(interaction.guild_id, [f"options:{key}", f"timer:{key}"] if key else None)
        await self._done(interaction, T("{game}'s settings are back to the defaults.", game=key) if key
                         else T("Every setting is back to its default."))
