"""Bad input through Discord (issue 13, items 9-12): names that look like placeholders or
carry markdown, input too long to echo, and component ids a real client would never send."""

from __future__ import annotations

import re

import discord

from bot.clicks import UNKNOWN
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
    their_line = table.recent_lines()[-1]
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


async def forged(member, message, custom_id: str, values: list[str] | None = None):
    """A click that only an altered client sends: any custom id (and select values) on any
    message the member can see. SimCord's own click refuses ids the message does not carry."""
    from simcord.actors import _component_interaction, _visible_message

    data = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        data["values"] = values
    return await _component_interaction(member, _visible_message(member, message), data)


def public(message) -> tuple:
    return message.content, [e.to_dict() for e in message.embeds], custom_ids(message)


async def panel_open(env):
    """A started Thirteen table whose player to move has their hand panel open."""
    channel, people, table, message = await started(env, key="thirteen")
    member = mover_of(table, people)
    panel = (await member.click(message, custom_id=f"ct:{table.id}:hand")).response
    return channel, member, table, message, panel


async def assert_refused_and_nothing_changed(env, channel, member, table, message, clicks) -> None:
    """Each forged click gets the short private refusal; the table and its public message stay
    as they were, and no hand is shown publicly."""
    ver, state = table.version, table.state.to_json()
    before = public(await fetch(env, channel, message.id))
    for clicked, custom_id, values in clicks:
        result = await forged(member, clicked, custom_id, values)
        assert result.ephemeral and result.response.content == UNKNOWN, (custom_id, values)
    await env.bot.controller.flush()
    assert table.version == ver and table.state.to_json() == state
    after = await fetch(env, channel, message.id)
    assert public(after) == before, "the public table message is as it was"
    assert "Your hand" not in text_of(after)


async def test_malformed_component_ids_get_a_short_private_refusal_and_change_nothing(simcord_env):
    """Unknown prefixes, missing parts, numbers past 64 bits or longer than any id the bot
    writes: each is answered privately with one short line, and nothing changes."""
    env = simcord_env
    channel, member, table, message, _ = await panel_open(env)
    tid, ver = table.id, table.version
    ids = ["zz:1:2", "", "x" * 100, f"ct:{tid}", "ct::hand", f"cp:{tid}:{ver}:", f"cp:{tid}:{ver}::",
           f"ct:{'9' * 20}:hand", f"ct:{2**64}:join", f"ct:{tid}:{'a' * 30}", f"cp:{tid}:{'9' * 30}::0",
           f"cy:{tid}:{ver}:{'f' * 40}:play", f"cy:{tid}:{ver}:1:as99"]
    await assert_refused_and_nothing_changed(env, channel, member, table, message,
                                             [(message, custom_id, None) for custom_id in ids])


async def test_a_panel_button_sent_from_the_public_table_message_shows_no_hand(simcord_env):
    """A hand panel's buttons and menus, sent from the public table message by an altered client,
    are refused: the public message is never redrawn as the clicker's hand."""
    env = simcord_env
    channel, member, table, message, _ = await panel_open(env)
    tid, ver = table.id, table.version
    ids = [f"cp:{tid}:{ver}::0", f"cn:{tid}:{ver}::refresh:0", f"cn:{tid}:{ver}::steps:0", f"cy:{tid}:{ver}:1:pass"]
    clicks = [(message, custom_id, None) for custom_id in ids]
    clicks += [(message, f"cs:{tid}:{ver}::0", ["0"]), (message, f"cm:{tid}:{ver}", ["0"])]
    await assert_refused_and_nothing_changed(env, channel, member, table, message, clicks)


async def test_select_values_no_menu_offers_are_refused_at_once(simcord_env):
    """A card menu value such as 400000000 (which would build a huge bit mask and hold the bot up)
    or any value the menu does not offer is refused before anything is worked out."""
    env = simcord_env
    channel, member, table, message, panel = await panel_open(env)
    card_select = next(c for c in custom_ids(panel.message) if c.startswith("cm:"))
    clicks = [(panel.message, card_select, values) for values in (["400000000"], ["25"], ["-1"], ["a"], ["1"] * 30)]
    answers = f"cs:{table.id}:{table.version}::0"
    clicks += [(panel.message, answers, values) for values in ([], ["0", "1"], ["99999"], ["-1"], [0])]
    await assert_refused_and_nothing_changed(env, channel, member, table, message, clicks)
