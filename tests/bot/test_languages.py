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
    assert "Português (Brasil)" in answer and "o idioma do seu Discord" in answer, "told in Portuguese"
    answer = (await bob.slash(channel, "prefs", language="el")).response.content
    assert "Ελληνικά" in answer and "δική σου επιλογή" in answer, "told in Greek, the language just chosen"
    store = env.bot.service.store
    again = TableService(store, ai_iterations=10, ai_seconds=None)
    await again.load()
    assert again.member_language(bob.id, "pt-BR") == "el"
    await bob.slash(channel, "prefs", language="discord")
    assert env.bot.service.member_language(bob.id, "pt-BR") == "pt_BR"


def labels(message) -> list[str]:
    return [getattr(c, "label", None) or getattr(c, "placeholder", None) or ""
            for row in message.components for c in getattr(row, "children", [row])]


async def test_the_bots_own_table_message_speaks_the_tables_language(simcord_env):
    """An Italian table: its title, lobby text, footer and buttons are the bot's lines in Italian."""
    env = simcord_env
    _, channel, alice, bob, tid, message = await open_table(env, language="it")
    shown = await fetch(env, channel, message.id)
    assert "in attesa di giocatori" in shown.embeds[0].title
    assert "Premi **Unisciti** per sederti." in shown.embeds[0].description
    assert shown.embeds[0].footer.text.startswith(f"Tavolo #{tid} · crazy_eights · opzioni:")
    assert labels(shown) == ["Unisciti", "Esci", "Aggiungi computer", "Inizia", "Annulla"]
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    shown = await fetch(env, channel, message.id)
    assert "Premi **La mia mano** per vedere le tue carte e giocare." in shown.embeds[0].description
    assert "La mia mano" in labels(shown)


async def test_panels_and_refusals_speak_the_clicking_members_language(simcord_env, locales):
    """On an English table, a Spanish member's refusals, hand panel and its buttons are in Spanish,
    a Japanese onlooker's refusal in Japanese, and the English host's panel stays English."""
    env = simcord_env
    guild, channel, alice, bob, tid, message = await open_table(env)
    cleo = guild.add_member(env.create_user("cleo"))
    locales[bob.id], locales[cleo.id] = "es-ES", "ja"
    await bob.click(message, custom_id=f"ct:{tid}:join")
    refused = await bob.click(message, custom_id=f"ct:{tid}:start")
    assert refused.ephemeral and refused.response.content == "Solo el anfitrión puede empezar la partida."
    await alice.click(message, custom_id=f"ct:{tid}:start")
    panel = (await bob.click(message, custom_id=f"ct:{tid}:hand")).response
    assert "**Tu mano (" in panel.content and "↻ Actualizar" in labels(panel.message)
    assert "**Your hand (" in (await alice.click(message, custom_id=f"ct:{tid}:hand")).response.content
    outsider = await cleo.click(message, custom_id=f"ct:{tid}:hand")
    assert outsider.response.content == "このテーブルでプレイしていません。"
    assert labels(await fetch(env, channel, message.id))[0] == "My hand", "the table message stays English"


async def test_help_rules_config_and_stats_answer_in_the_members_language(simcord_env, locales):
    """/help in Greek, /rules' option list in Chinese, /config show and a refused setting in
    Vietnamese, /stats in Japanese: each member reads the bot's answers in their own language."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob, cleo = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cleo"))
    boss = guild.add_member(env.create_user("boss"), roles=[
        guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True))])
    locales[alice.id], locales[bob.id], locales[boss.id], locales[cleo.id] = "el", "zh-CN", "vi", "ja"
    help_embed = (await alice.slash(channel, "help")).response.embeds[0]
    assert help_embed.title == "Τραπέζια χαρτιών" and help_embed.fields[0].name == "Παιχνίδια"
    rules = (await bob.slash(channel, "rules", game="crazy_eights")).response.embeds[0]
    assert rules.fields[0].name == "选项（/play … options:name=value）"
    shown = (await boss.slash(channel, "config show")).response.embeds[0]
    assert shown.title == "Cài đặt bàn chơi bài" and "Thời gian mỗi lượt: 5 phút" in shown.description
    refused = (await boss.slash(channel, "config timer", seconds=5)).response.content
    assert refused == "❌ Thời gian phải từ 10 giây trở lên (hoặc 0 để không giới hạn)."
    assert "まだゲームを最後まで遊んでいません" in (await cleo.slash(channel, "stats")).response.content


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


async def test_forget_me_also_forgets_a_members_preferences(simcord_env):
    """/forget-me deletes what the bot keeps of a member: their /prefs language and deck too."""
    env = simcord_env
    _, channel, alice, bob, tid, _ = await open_table(env)
    await bob.slash(channel, "prefs", language="el", deck="four")
    service = env.bot.service
    assert service.languages.get(bob.id) == "el" and service.four_colour(bob.id)
    await bob.slash(channel, "forget-me", confirm="yes")
    assert bob.id not in service.languages and not service.four_colour(bob.id)
    assert not [k for k in await service.store.settings(0) if k.endswith(f":{bob.id}")]
