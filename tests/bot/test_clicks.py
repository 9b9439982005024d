"""What answering a click leaves behind."""

from __future__ import annotations

import gc

import discord

from tests.bot.sim import custom_ids, fetch, table_id


async def test_an_answered_click_leaves_nothing_for_the_cycle_collector(simcord_env):
    """A click's parsed payload is freed when it is answered, not left to the cycle collector:
    under load that garbage made its collections pause every table for tens of milliseconds."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="crazy_eights")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    message = await fetch(env, channel, message.id)
    table = env.bot.service.tables[tid]
    mover = alice if table.record.seats[table.to_move()[0]].user_id == alice.id else bob

    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        panel = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
        for _ in range(3):
            pick = next(c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:", "cn:")))
            panel = (await mover.click(panel.message, custom_id=pick)).response
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, discord.Interaction | discord.InteractionResponse)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left == []
