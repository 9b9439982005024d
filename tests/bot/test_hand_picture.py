"""The hand picture stays on every hand panel: after the player's own move it shows the new hand,
a panel the bot brings up to date when the turn comes round carries it, and a click that leaves
the hand as it was keeps the picture already there instead of uploading it again. Text-only
servers get none."""

from __future__ import annotations

import random

from tests.bot.sim import fetch, table_id
from tests.bot.test_e2e import drawn_for
from tests.bot.test_push import hand_over, hand_png, move_on, picture_of, to_move, two_player_table


async def test_after_a_move_the_panel_shows_the_new_hand(simcord_env):
    env = simcord_env
    channel, members, tid, message, table = await two_player_table(env)
    mover = to_move(table, members)
    panel = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    before = hand_png(env, await fetch(env, channel, panel.message.id))
    assert before == picture_of(table, mover)
    panel = await move_on(mover, panel, table, random.Random(2))
    after = hand_png(env, await fetch(env, channel, panel.message.id))
    assert after is not None, "the picture was dropped by the move"
    assert after == picture_of(table, mover) and after != before


async def test_a_click_that_keeps_the_hand_keeps_the_picture_without_uploading_it(simcord_env):
    env = simcord_env
    channel, members, tid, message, table = await two_player_table(env)
    mover = to_move(table, members)
    panel = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    [shown] = (await fetch(env, channel, panel.message.id)).attachments
    refreshed = (await mover.click(panel.message, custom_id=f"cn:{tid}:{table.version}::refresh:0")).response
    [kept] = (await fetch(env, channel, refreshed.message.id)).attachments
    assert kept.id == shown.id, "the same picture was uploaded again"


async def test_a_pushed_panel_carries_the_picture_of_the_hand_it_lists(simcord_env):
    env = simcord_env
    channel, members, tid, message, table = await two_player_table(env)
    panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response for uid, m in members.items()}
    mover = to_move(table, members)
    await hand_over(mover, panels[mover.id], table, members, random.Random(1))
    waiting = to_move(table, members)
    pushed = await fetch(env, channel, panels[waiting.id].message.id)
    assert drawn_for(pushed) == table.version, "the panel was not pushed"
    assert hand_png(env, pushed) == picture_of(table, waiting)


async def test_a_text_only_server_sends_no_hand_picture(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    await env.bot.store.set_setting(guild.id, "pictures", False)
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="crazy_eights", options="hand_size=5")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table, members = env.bot.service.tables[tid], {alice.id: alice, bob.id: bob}
    panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response for uid, m in members.items()}
    mover = to_move(table, members)
    assert not (await fetch(env, channel, panels[mover.id].message.id)).attachments
    await hand_over(mover, panels[mover.id], table, members, random.Random(1))
    waiting = to_move(table, members)
    assert drawn_for(await fetch(env, channel, panels[waiting.id].message.id)) == table.version
    for panel in panels.values():
        assert not (await fetch(env, channel, panel.message.id)).attachments
