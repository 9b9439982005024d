"""End table and the lobby's Cancel end everything for everyone, so they ask first: a private
"End the game for everyone?" with Yes / No. Who may not end the table is refused at once."""

from __future__ import annotations

import discord

from tests.bot.sim import custom_ids, fetch, text_of
from tests.bot.test_e2e_errors import lobby, started_scopa


def asked(result, question: str) -> discord.Message:
    """The private question End table / Cancel answered with."""
    assert result.ephemeral, "the question is private"
    assert result.response.content == question
    return result.response.message


async def test_end_table_asks_privately_and_changes_nothing(simcord_env):
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    version, state = table.version, table.state.to_json()
    question = asked(await alice.click(message, custom_id=f"ct:{tid}:end"), "End the game for everyone?")
    labels = [c.label for row in question.components for c in row.children]
    assert labels == ["Yes, end it", "No, keep playing"]
    assert custom_ids(question) == [f"ce:{tid}:yes", f"ce:{tid}:no"]
    assert table.status == "playing" and table.version == version and table.state.to_json() == state
    assert custom_ids(await fetch(env, channel, message.id)), "the table message still has its buttons"


async def test_no_keeps_the_game_going(simcord_env):
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    question = asked(await alice.click(message, custom_id=f"ct:{tid}:end"), "End the game for everyone?")
    answer = (await alice.click(question, custom_id=f"ce:{tid}:no")).response
    assert "Nothing changed" in answer.content and not custom_ids(answer.message)
    assert table.status == "playing"
    await env.bot.controller.flush()
    assert "closed" not in text_of(await fetch(env, channel, message.id))


async def test_yes_ends_the_game_and_the_table_message_shows_it_closed(simcord_env):
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    question = asked(await alice.click(message, custom_id=f"ct:{tid}:end"), "End the game for everyone?")
    answer = (await alice.click(question, custom_id=f"ce:{tid}:yes")).response
    assert f"ended table #{tid}" in answer.content and not custom_ids(answer.message)
    assert table.status == "cancelled"
    await env.bot.controller.flush()
    final = await fetch(env, channel, message.id)
    assert "closed" in text_of(final) and not custom_ids(final)


async def test_a_server_manager_may_end_it_and_a_second_yes_is_told_it_is_closed(simcord_env):
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    guild = channel.guild
    boss_role = guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[boss_role])
    hosts = asked(await alice.click(message, custom_id=f"ct:{tid}:end"), "End the game for everyone?")
    bosses = asked(await boss.click(message, custom_id=f"ct:{tid}:end"), "End the game for everyone?")
    await boss.click(bosses, custom_id=f"ce:{tid}:yes")
    assert table.status == "cancelled"
    late = (await alice.click(hosts, custom_id=f"ce:{tid}:yes")).response
    assert late.content == "This table is already closed." and not custom_ids(late.message)


async def test_who_may_not_end_the_table_is_refused_at_once(simcord_env):
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    refused = await bob.click(message, custom_id=f"ct:{tid}:end")
    assert refused.ephemeral and "Only the host or a server manager" in refused.response.content
    assert not custom_ids(refused.response.message), "no question to answer"
    assert table.status == "playing"


async def test_the_lobby_cancel_asks_the_same_way(simcord_env):
    env = simcord_env
    _, channel, (alice, bob, _), tid, message = await lobby(env)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    table = env.bot.service.tables[tid]
    assert "Only the host" in (await bob.click(message, custom_id=f"ct:{tid}:cancel")).response.content
    question = asked(await alice.click(message, custom_id=f"ct:{tid}:cancel"), "Cancel this table for everyone?")
    assert table.status == "lobby"
    await alice.click(question, custom_id=f"ce:{tid}:no")
    assert table.status == "lobby"
    question = asked(await alice.click(message, custom_id=f"ct:{tid}:cancel"), "Cancel this table for everyone?")
    await alice.click(question, custom_id=f"ce:{tid}:yes")
    assert table.status == "cancelled"
    await env.bot.controller.flush()
    final = await fetch(env, channel, message.id)
    assert "closed" in text_of(final) and not custom_ids(final)
