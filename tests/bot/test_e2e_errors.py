"""Every error a player can run into through Discord, and the small commands."""

from __future__ import annotations

import discord

from bot.cogs.tables import player_range
from games.registry import GAMES
from tests.bot.sim import custom_ids, fetch, table_id, text_of


async def lobby(env, key="scopa", members=("alice", "bob", "cleo")):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    people = [guild.add_member(env.create_user(n)) for n in members]
    result = await people[0].slash(channel, "play", game=key)
    message = result.response.message
    return guild, channel, people, table_id(message), message


async def started_scopa(env):
    """A started two-player Scopa table, and which of the two is to move."""
    _, channel, (alice, bob, _), tid, message = await lobby(env)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    mover = alice if table.record.seats[table.to_move()[0]].user_id == alice.id else bob
    return channel, (alice, bob), tid, await fetch(env, channel, message.id), table, mover


def reply(result) -> str:
    assert result.ephemeral, "errors are private"
    return result.response.content


async def test_lobby_errors_are_private_and_change_nothing(simcord_env):
    env = simcord_env
    _, channel, (alice, bob, cleo), tid, message = await lobby(env)
    svc = env.bot.service
    assert "needs at least 2 players" in reply(await alice.click(message, custom_id=f"ct:{tid}:start"))
    assert "already at this table" in reply(await alice.click(message, custom_id=f"ct:{tid}:join"))
    assert "not at this table" in reply(await bob.click(message, custom_id=f"ct:{tid}:leave"))
    assert "Only players at the table" in reply(await bob.click(message, custom_id=f"ct:{tid}:cpu"))
    await bob.click(message, custom_id=f"ct:{tid}:join")
    assert "full" in reply(await cleo.click(message, custom_id=f"ct:{tid}:join"))
    assert "Only the host" in reply(await bob.click(message, custom_id=f"ct:{tid}:start"))
    table = svc.tables[tid]
    assert [s.name for s in table.record.seats] == ["alice", "bob"] and table.status == "lobby"
    shown = text_of(await fetch(env, channel, message.id))
    assert f"<@{alice.id}>" in shown and f"<@{bob.id}>" in shown and f"<@{cleo.id}>" not in shown


async def test_a_member_not_seated_changes_nothing(simcord_env):
    env = simcord_env
    _, channel, (alice, bob, cleo), tid, message = await lobby(env)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    version, state = table.version, table.state.to_json()
    assert "not playing" in reply(await cleo.click(message, custom_id=f"ct:{tid}:hand"))
    assert "host or a server manager" in reply(await cleo.click(message, custom_id=f"ct:{tid}:end"))
    assert table.version == version and table.state.to_json() == state and table.status == "playing"


async def test_a_stale_panel_is_redrawn_not_played(simcord_env):
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    first = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    second = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    # play a whole move on the first panel
    panel = first
    version = table.version
    while table.version == version:
        pick = next(c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:")))
        panel = (await mover.click(panel.message, custom_id=pick)).response
    state = table.state.to_json()
    stale = next(c for c in custom_ids(second.message) if c.startswith("cp:"))
    result = await mover.click(second.message, custom_id=stale)
    assert "moved on" in result.response.content
    assert table.state.to_json() == state, "a stale click must not play"


async def test_cancelled_and_finished_tables_refuse_moves(simcord_env):
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    panel = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    question = (await alice.click(message, custom_id=f"ct:{tid}:end")).response
    await alice.click(question.message, custom_id=f"ce:{tid}:yes")
    assert table.status == "cancelled"
    final = await fetch(env, channel, message.id)
    assert "closed" in text_of(final) and not custom_ids(final)
    pick = next(c for c in custom_ids(panel.message) if c.startswith("cp:"))
    result = await mover.click(panel.message, custom_id=pick)
    assert "closed" in result.response.content


async def test_play_command_errors(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    assert "no game called 'poker'" in reply(await alice.slash(channel, "play", game="poker"))
    assert "option 'target'" in reply(await alice.slash(channel, "play", game="scopa", options="target=12"))
    assert "unknown option 'colour'" in reply(await alice.slash(channel, "play", game="scopa", options="colour=red"))
    assert "name=value" in reply(await alice.slash(channel, "play", game="scopa", options="target"))
    assert not env.bot.service.tables


async def test_play_with_contradictory_options_is_refused_privately_naming_both(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    refused = reply(await alice.slash(channel, "play", game="crazy_eights",
                                      options="scoring=penalty hands_to_win=3"))
    assert refused == ("Bad option: option 'hands_to_win' only counts with scoring=wins; "
                       "you chose scoring=penalty.")
    assert not env.bot.service.tables


async def test_autocomplete_lists_games_with_player_counts(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    choices = await alice.autocomplete(channel, "play", "game", "")
    names = {c["value"]: c["name"] for c in choices}
    assert names["scopa"] == "Scopa (2 players)" and names["oh_hell"] == "Oh Hell! (3–7 players)"
    assert [c["value"] for c in await alice.autocomplete(channel, "play", "game", "hell")] == ["oh_hell"]


async def test_rules_table_and_end_commands(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    boss_role = guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(env.create_user("alice"))
    boss = guild.add_member(env.create_user("boss"), roles=[boss_role])
    rules = await alice.slash(channel, "rules", game="oh_hell")
    assert rules.ephemeral
    embed = rules.response.embeds[0]
    assert "Oh Hell!" in embed.title and "dealer_rule" in embed.fields[0].value
    assert "no open table" in reply(await alice.slash(channel, "table"))
    made = await alice.slash(channel, "play", game="crazy_eights")
    tid = table_id(made.response.message)
    again = await alice.slash(channel, "table")
    assert not again.ephemeral and table_id(again.response.message) == tid
    assert env.bot.service.tables[tid].record.message_id == again.response.id
    ended = await boss.slash(channel, "end")
    assert "was ended" in ended.response.content
    assert (await env.bot.service.get(tid)).status == "cancelled"


async def play_one_move(mover, panel, table):
    """Click the first answers on ``panel`` until a move is made (each click must be taken)."""
    version = table.version
    while table.version == version:
        pick = next(c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:")))
        panel = (await mover.click(panel.message, custom_id=pick)).response
        assert "moved on" not in panel.content, panel.content


async def test_posting_the_table_again_keeps_open_hands_playable(simcord_env):
    """/table mid-game moves the table message, not the game: a hand panel opened before it
    still plays (it is not refused as drawn for an older position)."""
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    panel = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    version = table.version
    again = await alice.slash(channel, "table")
    assert table_id(again.response.message) == tid and table.record.message_id == again.response.id
    assert table.version == version
    await play_one_move(mover, panel, table)
    assert table.version == version + 1


async def table_message_deleted_mid_game(env, **channel_options):
    """A started Scopa table whose message a moderator deleted, with its first mover's open
    hand panel; the mover moves on that panel. The channel, the table, the deleted message,
    the mover and the other player."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards", **channel_options)
    mod = guild.add_member(env.create_user("mod"), roles=[
        guild.create_role("Mod", permissions=discord.Permissions(manage_messages=True))])
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="scopa")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    mover, other = (alice, bob) if table.record.seats[table.to_move()[0]].user_id == alice.id else (bob, alice)
    panel = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    await mod.delete(message)
    await play_one_move(mover, panel, table)
    await env.bot.controller.flush()
    assert table.version == 3 and table.status == "playing"     # join, start, the move
    return channel, table, message, mover, other


async def test_a_deleted_table_message_is_posted_again_at_the_next_change(simcord_env):
    env = simcord_env
    channel, table, message, mover, other = await table_message_deleted_mid_game(env)
    assert table.record.message_id not in (None, message.id)
    posted = await fetch(env, channel, table.record.message_id)
    assert f"<@{other.id}>" in posted.content and f"ct:{table.id}:hand" in custom_ids(posted)
    assert (await env.bot.store.load_table(table.id)).message_id == posted.id
    panel = (await other.click(posted, custom_id=f"ct:{table.id}:hand")).response
    await play_one_move(other, panel, table)
    await env.bot.controller.flush()
    assert table.record.message_id == posted.id                   # edited in place from then on
    assert f"<@{mover.id}>" in (await fetch(env, channel, posted.id)).content


async def test_a_deleted_table_message_where_the_bot_may_not_post_leaves_the_game_going(simcord_env):
    """Without Send Messages the bot cannot post the table again by itself: the game goes on,
    and /table (an answer to a command, which needs no such permission) shows it again."""
    env = simcord_env
    channel, table, _, _, other = await table_message_deleted_mid_game(
        env, overwrites={env.bot.user: discord.PermissionOverwrite(send_messages=False)})
    assert table.record.message_id is None
    again = await other.slash(channel, "table")
    assert table_id(again.response.message) == table.id and table.record.message_id == again.response.id


async def test_help_lists_every_game_with_its_players_and_the_commands(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "help")
    assert result.ephemeral
    embed = result.response.embeds[0]
    for command in ("/play", "/rules", "/table", "/end", "/stats", "/config"):
        assert command in embed.description
    listed = "\n".join(field.value for field in embed.fields)
    for game in GAMES.values():
        assert f"**{game.title}** ({player_range(game.key)}): {game.summary}" in listed
    assert len(embed) <= 6000 and all(len(field.value) <= 1024 for field in embed.fields)


async def test_rules_list_every_option_of_every_game_one_per_line(simcord_env):
    """Option lists are cut between lines into fields of at most 1024 characters, never
    run together or cut short (I Doubt It's list is longer than one field)."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    for key, game in GAMES.items():
        embed = (await alice.slash(channel, "rules", game=key)).response.embeds[0]
        assert embed.description == game.rules
        lines = [line for field in embed.fields for line in field.value.split("\n")]
        assert [line.split("`")[1] for line in lines] == [i.name for i in game.Options.describe()], key
        assert all(len(field.value) <= 1024 for field in embed.fields) and len(embed) <= 6000
        assert "True" not in "".join(lines) and "False" not in "".join(lines)


async def test_a_click_that_fails_on_our_side_is_answered_and_logged(simcord_env, monkeypatch, caplog):
    """A bug behind a button must not leave the member's click spinning until Discord gives up:
    they are told, privately, and the log says which click failed."""
    env = simcord_env
    _, channel, (alice, bob, _), tid, message = await lobby(env)

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(env.bot.controller, "table_click", broken)
    result = await bob.click(message, custom_id=f"ct:{tid}:join")
    assert "Something went wrong" in reply(result)
    assert f"the click on ct:{tid}:join failed" in caplog.text and "a bug" in caplog.text
    assert [s.name for s in env.bot.service.tables[tid].record.seats] == ["alice"]


async def test_a_failure_after_the_panel_was_redrawn_is_told_in_a_follow_up(simcord_env, monkeypatch):
    """The panel answer counts as the click's answer: the apology then comes as a follow-up."""
    env = simcord_env
    channel, (alice, bob), tid, message, table, mover = await started_scopa(env)
    panel = (await mover.click(message, custom_id=f"ct:{tid}:hand")).response
    redraw = env.bot.controller.redraw

    async def redraw_then_fail(*args, **kwargs):
        await redraw(*args, **kwargs)
        raise RuntimeError("a bug after the answer")

    monkeypatch.setattr(env.bot.controller, "redraw", redraw_then_fail)
    refresh = next(c for c in custom_ids(panel.message) if c.startswith("cn:") and ":refresh:" in c)
    result = await mover.click(panel.message, custom_id=refresh)
    assert result.response is not None and "Something went wrong" not in result.response.content
    assert [f.content for f in result.followups] == ["Something went wrong on our side; please try again."]
