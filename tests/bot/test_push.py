"""P1: when the game waits for a player, the bot brings their open hand panel up to date
(through the token of the interaction that last drew it), so they need not press Refresh."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.panels import TOKEN_LIFE
from bot.pictures import hand_picture
from tests.bot.sim import custom_ids, fetch, table_id, text_of
from tests.bot.test_e2e import assert_panel_private, choose, drawn_for


async def two_player_table(env, key="crazy_eights", options="hand_size=5"):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game=key, options=options)).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    return channel, {alice.id: alice, bob.id: bob}, tid, message, env.bot.service.tables[tid]


def hand_png(env, message) -> bytes | None:
    """The bytes of the panel's hand picture, None if it has none."""
    found = [a for a in message.attachments if a.filename == "hand.png"]
    assert len(found) <= 1, "one hand picture per panel"
    return env.backend.cdn.get(found[0].url) if found else None


def picture_of(table, member) -> bytes:
    return hand_picture(table.view(table.seat_of(member.id)).hand)


def to_move(table, members):
    [seat] = table.to_move()
    return members[table.record.seats[seat].user_id]


async def move_on(member, panel, table, rng):
    """Click answers on ``panel`` until the table moves on; the panel as it is then."""
    version = table.version
    for _ in range(8):
        answers = [c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:"))]
        assert answers, panel.content
        pick = choose(panel.message, answers, rng)
        if pick.startswith("cs:"):
            options = panel.message.components[0].children[0].options
            panel = (await member.select(panel.message, [rng.choice(options).value], custom_id=pick)).response
        else:
            panel = (await member.click(panel.message, custom_id=pick)).response
        assert "moved on" not in panel.content, "an up-to-date panel was refused as stale"
        if table.version != version:
            return panel
    raise AssertionError("no move after eight clicks")


async def hand_over(member, panel, table, members, rng):
    """Play ``member``'s moves (a draw may leave them to move) until someone else is to move."""
    for _ in range(60):
        panel = await move_on(member, panel, table, rng)
        if table.status != "playing" or to_move(table, members) is not member:
            return
    raise AssertionError("the turn never passed")


async def test_the_player_to_move_finds_their_open_panel_current(simcord_env):
    env = simcord_env
    channel, members, tid, message, table = await two_player_table(env)
    panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response for uid, m in members.items()}
    mover = to_move(table, members)
    await hand_over(mover, panels[mover.id], table, members, random.Random(1))
    waiting = to_move(table, members)
    assert waiting is not mover
    pushed = await fetch(env, channel, panels[waiting.id].message.id)
    assert drawn_for(pushed) == table.version, "the waiting player's panel was not brought up to date"
    assert_panel_private(table, table.seat_of(waiting.id), pushed.content, pushed)
    assert "Your turn" in pushed.content


async def test_a_whole_game_played_on_the_panels_the_bot_keeps_current(simcord_env):
    """Each player opens My hand once; every later turn is played on the panel as the bot left
    it, and no pushed panel ever shows a card hidden from its player."""
    env = simcord_env
    rng = random.Random(7)
    channel, members, tid, message, table = await two_player_table(env)
    panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response.message.id
              for uid, m in members.items()}
    for _ in range(2000):   # the deal is random (the table's seed): a long game must not fail the test
        if table.status != "playing":
            break
        mover = to_move(table, members)
        current = await fetch(env, channel, panels[mover.id])
        assert drawn_for(current) == table.version
        assert_panel_private(table, table.seat_of(mover.id), current.content, current)
        assert hand_png(env, current) == picture_of(table, mover), "the pushed panel's picture shows its hand"
        await move_on(mover, SimpleNamespace(message=current, content=current.content), table, rng)
    assert table.status == "finished"
    assert "game over" in text_of(await fetch(env, channel, message.id)).lower()
    assert len(env.bot.controller.panels) == 0, "a finished table's panels are forgotten"


async def test_a_panel_whose_token_is_about_to_expire_is_left_alone(simcord_env):
    """Discord's tokens last 15 minutes: an older panel is not edited; the table message's
    mention tells the player, and My hand opens a fresh panel."""
    env = simcord_env
    channel, members, tid, message, table = await two_player_table(env)
    now = [0.0]
    env.bot.controller.panels.clock = lambda: now[0]
    panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response for uid, m in members.items()}
    mover = to_move(table, members)
    waiting = next(m for m in members.values() if m is not mover)
    now[0] += TOKEN_LIFE   # the waiting player's panel is that old; the mover's is redrawn by each click
    await hand_over(mover, panels[mover.id], table, members, random.Random(3))
    assert to_move(table, members) is waiting
    old = await fetch(env, channel, panels[waiting.id].message.id)
    assert drawn_for(old) != table.version, "a panel past the token's life was edited"
    assert f"<@{waiting.id}>" in (await fetch(env, channel, message.id)).content
    assert len(env.bot.controller.panels) == 1, "the expired panel is forgotten"


async def test_a_dismissed_panel_is_forgotten_and_the_game_goes_on(simcord_env):
    """A player may dismiss an ephemeral panel: the edit fails, the bot stops trying, and
    the table message still pings them."""
    env = simcord_env
    channel, members, tid, message, table = await two_player_table(env)
    panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response for uid, m in members.items()}
    mover = to_move(table, members)
    waiting = next(m for m in members.values() if m is not mover)
    env.backend.delete_message(channel.id, panels[waiting.id].message.id)
    await hand_over(mover, panels[mover.id], table, members, random.Random(5))
    assert to_move(table, members) is waiting and table.status == "playing"
    assert f"<@{waiting.id}>" in (await fetch(env, channel, message.id)).content
    assert len(env.bot.controller.panels) == 1, "the dismissed panel is forgotten"
    fresh = (await waiting.click(message, custom_id=f"ct:{tid}:hand")).response
    assert drawn_for(fresh.message) == table.version
