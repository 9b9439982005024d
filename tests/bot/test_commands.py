"""The server admin and statistics commands through SimCord: /config (with permission
refusals and bad values), /stats, /leaderboard, /forget-me, and a turn timer in Discord."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.errors import SetupError

from tests.bot.sim import fetch, table_id, text_of


def guild_with_admin(env):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    boss_role = guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[boss_role])
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return guild, channel, boss, alice, bob


def said(result) -> str:
    assert result.ephemeral, "settings answers are private"
    r = result.response
    return r.content or "\n".join(e.description or "" for e in r.embeds)


async def test_config_needs_manage_server_and_refuses_bad_values(simcord_env):
    """/config is hidden from members without Manage Server; one a server shows it to anyway
    (Server Settings → Integrations) is still refused by the bot and changes nothing."""
    env = simcord_env
    guild, channel, boss, alice, _ = guild_with_admin(env)
    with pytest.raises(SetupError, match="not visible to this user"):
        await alice.slash(channel, "config show")
    config = env.backend.find_command("config", guild.id)
    guild.set_command_permissions(int(config["id"]), {alice: True})
    for command, options in [("config show", {}), ("config timer", {"seconds": 60}),
                             ("config computers", {"allowed": False}),
                             ("config reset", {}), ("config option", {"game": "scopa", "name": "target",
                                                                     "value": "21"})]:
        assert "Manage Server" in said(await alice.slash(channel, command, **options))
    assert await env.bot.store.settings(guild.id) == {}, "a refused command changes nothing"
    assert "no option 'goal'" in said(await boss.slash(channel, "config option", game="scopa", name="goal",
                                                        value="3"))
    assert "option 'target'" in said(await boss.slash(channel, "config option", game="scopa", name="target",
                                                       value="12"))
    assert "no game called 'poker'" in said(await boss.slash(channel, "config timer", seconds=60, game="poker"))
    assert "no game called 'poker'" in said(await boss.slash(channel, "config show", game="poker"))
    assert "no game called 'poker'" in said(await boss.slash(channel, "config reset", game="poker"))
    assert "between 0 and 86400" in said(await boss.slash(channel, "config timer", seconds=-5))
    assert "at least 10 seconds" in said(await boss.slash(channel, "config timer", seconds=3))
    assert "between 1 and 25" in said(await boss.slash(channel, "config tables", count=0))
    assert await env.bot.store.settings(guild.id) == {}


async def test_config_values_show_and_apply_to_new_tables_and_reset(simcord_env):
    env = simcord_env
    guild, channel, boss, alice, bob = guild_with_admin(env)
    assert "✅" in said(await boss.slash(channel, "config option", game="scopa", name="target", value="21"))
    assert "✅" in said(await boss.slash(channel, "config timer", seconds=90, game="scopa"))
    assert "✅" in said(await boss.slash(channel, "config computers", allowed=False, strength="easy"))
    shown = said(await boss.slash(channel, "config show", game="scopa"))
    assert "**21** (server default)" in shown and "Turn timer: 90 s" in shown
    general = said(await boss.slash(channel, "config show"))
    assert "not allowed, strength easy" in general and "scopa: target=21" in general
    # flags read yes/no, as /play and /rules take them
    assert "✅" in said(await boss.slash(channel, "config option", game="fan_tan", name="fines", value="yes"))
    assert "`fines` = **yes** (server default)" in said(await boss.slash(channel, "config show", game="fan_tan"))
    assert "fan_tan: fines=yes" in said(await boss.slash(channel, "config show"))
    assert "`widow_reveal` = yes (game default)" in said(await boss.slash(channel, "config show", game="dou_dizhu"))

    made = await alice.slash(channel, "play", game="scopa")
    message = made.response.message
    assert "target=21" in text_of(message)
    tid = table_id(message)
    refused = await alice.click(message, custom_id=f"ct:{tid}:cpu")
    assert refused.ephemeral and "does not allow computer players" in refused.response.content

    # a table keeps what it was opened with
    assert "✅" in said(await boss.slash(channel, "config reset", game="scopa"))
    assert env.bot.service.tables[tid].record.options["target"] == 21
    shown = said(await boss.slash(channel, "config show", game="scopa"))
    assert "(game default)" in shown and "server default)" in shown  # timer back to the server's
    assert "✅" in said(await boss.slash(channel, "config reset"))
    assert await env.bot.store.settings(guild.id) == {}


async def test_config_channels_and_table_limit(simcord_env):
    env = simcord_env
    guild, channel, boss, alice, _ = guild_with_admin(env)
    other = guild.create_text_channel("other")
    assert "✅" in said(await boss.slash(channel, "config channel", mode="allow", channel=other))
    refused = await alice.slash(channel, "play", game="scopa")
    assert refused.ephemeral and "can't be opened in this channel" in refused.response.content
    assert "✅" in said(await boss.slash(channel, "config channel", mode="everywhere"))
    assert "✅" in said(await boss.slash(channel, "config tables", count=1))
    first = await alice.slash(channel, "play", game="scopa")
    assert not first.ephemeral
    second = await alice.slash(channel, "play", game="crazy_eights")
    assert second.ephemeral and "already has 1 open table" in second.response.content


async def play_out(env, tid: int) -> None:
    """The seated members play (through the service: the clicks are tested elsewhere),
    always a card when they can, until the game is over."""
    service = env.bot.service
    table = service.tables[tid]
    for _ in range(2000):
        await service.idle()
        if table.status != "playing":
            return
        seat = next(s for s in table.to_move() if not table.computer_plays(s))
        moves = table.game.moves(table.state, seat)
        move = next((m for m in moves if m.kind == "play"), moves[0])
        await service.act(tid, table.record.seats[seat].user_id, table.version, move)
    raise AssertionError("the game did not end")


async def test_stats_leaderboard_and_forget_me(simcord_env):
    env = simcord_env
    guild, channel, boss, alice, bob = guild_with_admin(env)
    await env.bot.store.set_setting(guild.id, "timer", 0)
    assert "no finished games" in said(await alice.slash(channel, "stats"))
    assert "Nobody has finished" in said(await alice.slash(channel, "leaderboard", game="crazy_eights"))
    made = await alice.slash(channel, "play", game="crazy_eights", options="hand_size=5")
    message, tid = made.response.message, table_id(made.response.message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    await play_out(env, tid)
    await env.bot.controller.flush()
    await env.settle()
    table = await env.bot.service.get(tid)
    winner = table.record.seats[table.game.outcome(table.state).winners[0]].user_id
    mine = said(await alice.slash(channel, "stats"))
    assert "Crazy Eights**: 1 played" in mine and "rating" in mine
    board = await bob.slash(channel, "leaderboard", game="crazy_eights")
    lines = board.response.embeds[0].description.splitlines()
    assert lines[0].startswith(f"1. <@{winner}>"), "the winner is rated first"
    assert "Stats of bob" in (await alice.slash(channel, "stats", member=bob)).response.embeds[0].title
    assert "Nothing was deleted" in said(await alice.slash(channel, "forget-me", confirm="no"))
    assert "Done" in said(await alice.slash(channel, "forget-me", confirm="yes"))
    assert "no finished games" in said(await alice.slash(channel, "stats"))
    assert all(r["user_id"] != alice.id for r in await env.bot.store.results(guild.id))
    assert "1 played" in said(await bob.slash(channel, "stats"))


async def test_a_turn_timer_in_discord_shows_the_time_left_and_moves_on(simcord_env):
    env = simcord_env
    env.bot.service.clock = lambda: env.now().timestamp()   # the bot's clock follows SimCord's time
    guild, channel, boss, alice, bob = guild_with_admin(env)
    await boss.slash(channel, "config timer", seconds=30)
    made = await alice.slash(channel, "play", game="crazy_eights")
    message, tid = made.response.message, table_id(made.response.message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    await env.bot.controller.flush()
    await env.settle()
    table = env.bot.service.tables[tid]
    shown = await fetch(env, channel, message.id)
    assert f"<t:{int(table.deadline)}:R>" in shown.content, "the table shows the time left"
    version = table.version
    await env.advance_time(29)
    await env.bot.service.idle()
    assert table.version == version, "nothing happens before the deadline"
    await env.advance_time(2)
    await env.bot.service.idle()
    await env.bot.controller.flush()
    await env.settle()
    assert table.version > version, "the timer moved for the player who did not act"
    shown = await fetch(env, channel, message.id)
    assert "ran out of time" in text_of(shown)


async def test_a_server_default_gives_way_to_a_contradicting_play_option_and_config_says_what_it_drops(simcord_env):
    env = simcord_env
    guild, channel, boss, alice, _ = guild_with_admin(env)
    assert "✅" in said(await boss.slash(channel, "config option", game="crazy_eights", name="hands_to_win",
                                         value="3"))
    switched = said(await boss.slash(channel, "config option", game="crazy_eights", name="scoring",
                                     value="penalty"))
    assert "scoring=penalty" in switched and "Removed hands_to_win=3" in switched
    assert await env.bot.store.settings(guild.id) == {"options:crazy_eights": {"scoring": "penalty"}}
    target = said(await boss.slash(channel, "config option", game="crazy_eights", name="penalty_target",
                                   value="50"))
    assert "✅" in target and "penalty_target=50" in target
    # the member's hands_to_win opens the table: the server's penalty scoring no longer applies
    made = await alice.slash(channel, "play", game="crazy_eights", options="hands_to_win=2")
    options = env.bot.service.tables[table_id(made.response.message)].record.options
    assert (options["scoring"], options["hands_to_win"], options["penalty_target"]) == ("wins", 2, 100)
