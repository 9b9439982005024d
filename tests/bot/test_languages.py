"""Who reads what in which language (issue 14): a table's messages speak the table's language
(/play language:, else the server's /config language, else the server's Discord locale), a
member's private replies their own (/prefs language, else their Discord client's)."""

from __future__ import annotations

import discord
import pytest
import simcord.interactions

from bot.tables import TableService
from tests.bot.sim import fetch, table_id, text_of


@pytest.fixture
def locales(monkeypatch):
    """Discord clients in other languages: user id → the ``locale`` of their interactions, and
    ``"guild"`` → the server's ``guild_locale`` (SimCord sends en-US for both)."""
    chosen: dict = {}
    original = simcord.interactions.base_payload

    def payload(*args, user_id: int, **kwargs):
        record, data = original(*args, user_id=user_id, **kwargs)
        data["locale"] = chosen.get(user_id, data["locale"])
        if "guild_locale" in data:
            data["guild_locale"] = chosen.get("guild", data["guild_locale"])
        return record, data

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)
    return chosen


async def open_table(env, **play):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="crazy_eights", **play)).response.message
    return guild, channel, alice, bob, table_id(message), message


async def test_a_table_opened_in_italian_tells_its_events_in_italian(simcord_env):
    env = simcord_env
    _, channel, alice, bob, tid, message = await open_table(env, language="it")
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    await bob.click(message, custom_id=f"ct:{tid}:leave")
    shown = text_of(await fetch(env, channel, message.id))
    assert "bob se n'è andato; il computer gioca al suo posto." in shown


async def test_without_a_choice_the_table_speaks_the_servers_setting_then_its_discord_language(simcord_env, locales):
    env = simcord_env
    locales["guild"] = "vi"
    guild, channel, alice, bob, tid, _ = await open_table(env)
    assert env.bot.service.tables[tid].language == "vi", "the server's Discord locale"
    boss_role = guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("boss"), roles=[boss_role])
    answer = (await admin.slash(channel, "config language", language="es")).response.content
    assert "Español" in answer
    later = table_id((await alice.slash(channel, "play", game="crazy_eights")).response.message)
    assert env.bot.service.tables[later].language == "es", "the server's /config language wins over its locale"
    chosen = table_id((await alice.slash(channel, "play", game="crazy_eights", language="ja")).response.message)
    assert env.bot.service.tables[chosen].language == "ja", "/play language: wins over both"


async def test_prefs_language_is_kept_across_a_restart_and_can_follow_discord_again(simcord_env, locales):
    env = simcord_env
    _, channel, alice, bob, tid, _ = await open_table(env)
    locales[bob.id] = "pt-BR"
    answer = (await bob.slash(channel, "prefs")).response.content
    assert "Português (Brasil)" in answer and "Discord language" in answer
    answer = (await bob.slash(channel, "prefs", language="el")).response.content
    assert "Ελληνικά" in answer and "your choice" in answer
    store = env.bot.service.store
    again = TableService(store, ai_iterations=10, ai_seconds=None)
    await again.load()
    assert again.member_language(bob.id, "pt-BR") == "el"
    await bob.slash(channel, "prefs", language="discord")
    assert env.bot.service.member_language(bob.id, "pt-BR") == "pt_BR"


async def test_a_table_in_italian_shows_each_member_their_hand_in_their_own_language(simcord_env, locales):
    """The issue's case: a table opened in Italian, where Bob's Discord client is Vietnamese and Cleo's
    Spanish: the table message reads Italian, Bob's hand panel Vietnamese, Cleo's Spanish, Alice's
    (an American client) English."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob, cleo = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cleo"))
    locales.update({bob.id: "vi", cleo.id: "es-ES"})
    message = (await alice.slash(channel, "play", game="fan_tan", language="it")).response.message
    tid = table_id(message)
    for member in (bob, cleo):
        await member.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    shown = text_of(await fetch(env, channel, message.id))
    status = table.view(None).status
    assert table.render(status, language="it") in shown and table.render(status, language="en") not in shown
    for member, language in ((alice, "en"), (bob, "vi"), (cleo, "es")):
        seat = table.seat_of(member.id)
        panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response.content
        mine, *others = (table.render(table.view(seat).status, language=x)
                         for x in (language, *({"en", "vi", "es", "it"} - {language})))
        assert mine in panel and not any(other in panel for other in others), (language, panel)
