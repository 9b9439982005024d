"""Bad input through Discord (issue 13, items 9-12): names that look like placeholders or
carry markdown, input too long to echo, and component ids a real client would never send."""

from __future__ import annotations

import re

import discord

from bot.names import shown_name
from tests.bot.sim import custom_ids, fetch, table_id, text_of

MARKDOWN_NAME = "```a*b*_c_ ~~d~~ ||e|| [x](http://y) @everyone"


async def started(env, names=("alice", "bob"), key="crazy_eights"):
    """A started two-player table: the channel, the members, the table, its message."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    await env.bot.store.set_setting(guild.id, "timer", 0)
    people = [guild.add_member(env.create_user(n)) for n in names]
    message = (await people[0].slash(channel, "play", game=key)).response.message
    tid = table_id(message)
    await people[1].click(message, custom_id=f"ct:{tid}:join")
    await people[0].click(message, custom_id=f"ct:{tid}:start")
    return channel, people, env.bot.service.tables[tid], await fetch(env, channel, message.id)


def mover_of(table, people):
    seat = table.to_move()[0]
    return next(p for p in people if p.id == table.record.seats[seat].user_id)


async def play_one_move(env, table, member, message):
    """``member`` opens their hand and clicks the first answers until a move is made; the last panel."""
    panel = (await member.click(message, custom_id=f"ct:{table.id}:hand")).response
    version = table.version
    while table.version == version:
        pick = next(c for c in custom_ids(panel.message) if c.startswith("cp:"))
        panel = (await member.click(panel.message, custom_id=pick)).response
    await env.bot.controller.flush()
    return panel


async def test_a_member_named_like_a_placeholder_is_shown_by_their_own_name(simcord_env):
    """A member named "{p0}" plays: the table message shows "{p0}" where their name belongs,
    never seat 0's name in its place (impersonation)."""
    env = simcord_env
    channel, people, table, message = await started(env, names=("alice", "{p0}"))
    impostor = people[1]
    while mover_of(table, people) is not impostor:
        await play_one_move(env, table, mover_of(table, people), message)
    waiting = text_of(await fetch(env, channel, message.id))
    assert "**Hand 1. {p0} to play" in waiting, "their turn, under their own name"
    await play_one_move(env, table, impostor, message)
    their_line = table.recent[-1]
    assert their_line.startswith("{p0} "), "their move, under their own name"
    assert f"• {their_line}" in text_of(await fetch(env, channel, message.id))


async def test_markdown_in_a_name_is_shown_escaped_everywhere(simcord_env):
    """A name full of markdown and @everyone reads as itself in the table message and the hand
    panel: escaped, so it formats nothing and pings nobody."""
    env = simcord_env
    channel, people, table, message = await started(env, names=("alice", MARKDOWN_NAME))
    odd = people[1]
    escaped = shown_name(MARKDOWN_NAME)
    assert escaped.startswith("\\`\\`\\`a\\*b\\*\\_c\\_ \\~\\~d\\~\\~ \\|\\|e\\|\\| \\[x\\](http://y) @\u200beveryone")
    while mover_of(table, people) is not odd:
        await play_one_move(env, table, mover_of(table, people), message)
    # the other player's panel says whose turn it is
    other = (await people[0].click(message, custom_id=f"ct:{table.id}:hand")).response.content
    assert f"{escaped} to play" in other and MARKDOWN_NAME not in other
    await play_one_move(env, table, odd, message)
    shown = (await fetch(env, channel, message.id)).embeds[0].description
    assert f"• {escaped}" in shown, "their move in Recent, under their escaped name"
    unescaped = re.sub(r"\\.", "", shown).replace("**", "")   # what Discord would read as markup
    assert not set("`*_~|[") & set(unescaped), unescaped
    assert "@everyone" not in shown
    assert table.raw_names[1] == MARKDOWN_NAME, "the stored name (and pictures) keep the raw text"
    stats = (await odd.slash(channel, "stats")).response.content
    assert stats.startswith(f"{escaped} has no finished games"), "/stats names them escaped too"


LONG = 3000   # characters: past what any message may hold (Discord: 2,000 in a message)


def refusal(result) -> str:
    """A private answer that fits in a Discord message and is not the apology for a failure."""
    assert result.ephemeral
    text = result.response.content or "\n".join(e.description or "" for e in result.response.embeds)
    assert "Something went wrong" not in text and len(text) <= 2000, text[:200]
    return text


async def test_long_input_is_quoted_back_shortened(simcord_env):
    """Three thousand characters in any command option get a clear refusal that quotes the
    input shortened, instead of a reply too long to send ("Something went wrong")."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    boss = guild.add_member(env.create_user("boss"), roles=[
        guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True))])
    x, nine = "x" * LONG, "9" * LONG
    cut = f"'{'x' * 59}…'"
    assert f"no game called {cut}" in refusal(await boss.slash(channel, "play", game=x))
    assert f"name=value, separated by spaces (got {cut})" in refusal(
        await boss.slash(channel, "play", game="scopa", options=x))
    assert f"unknown option {cut}" in refusal(await boss.slash(channel, "play", game="scopa", options=f"{x}=1"))
    assert f"option 'target' must be one of 11, 21 (got '{'9' * 59}…')" in refusal(
        await boss.slash(channel, "play", game="scopa", options=f"target={nine}"))
    assert f"must be yes or no (got {cut})" in refusal(
        await boss.slash(channel, "play", game="scopa", options=f"kings_redeal={x}"))
    assert f"no game called {cut}" in refusal(await boss.slash(channel, "rules", game=x))
    assert f"no game called {cut}" in refusal(await boss.slash(channel, "stats", game=x))
    assert f"no game called {cut}" in refusal(await boss.slash(channel, "leaderboard", game=x))
    assert f"no game called {cut}" in refusal(await boss.slash(channel, "config show", game=x))
    assert f"no option {cut}" in refusal(await boss.slash(channel, "config option", game="scopa", name=x, value="1"))
    assert f"(got {cut})" in refusal(
        await boss.slash(channel, "config option", game="scopa", name="kings_redeal", value=x))
    assert await env.bot.store.settings(guild.id) == {}, "nothing refused was kept"
    # a long way of writing a good value is kept, and repeated, as the value itself
    done = refusal(await boss.slash(channel, "config option", game="scopa", name="target", value="0" * LONG + "21"))
    assert "scopa now starts with target=21." in done
    assert (await env.bot.store.settings(guild.id))["options:scopa"] == {"target": "21"}
