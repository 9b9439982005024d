"""Spider through SimCord (issue 18): a solo game starts at /play without a lobby and shows its board, a
race of two plays one deal on two boards and shows both racers' progress, Hint answers privately and changes
nothing, computer players are refused, moves carry the time, and the daily deal is the same for everyone."""

from __future__ import annotations

import pytest

from bot.tables import TableError
from tests.bot.sim import custom_ids, fetch, table_id, text_of
from tests.bot.test_compose import labelled


def labels(message) -> list[str]:
    return [getattr(child, "label", None) or "" for row in message.components for child in row.children]


async def solo(env, options: str | None = None):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    member = guild.add_member(env.create_user("alice"))
    kwargs = {"game": "spider"} | ({"options": options} if options else {})
    message = (await member.slash(channel, "play", **kwargs)).response.message
    return channel, member, message, env.bot.service.tables[table_id(message)]


async def test_solo_spider_starts_at_once_without_a_lobby_and_shows_the_board(simcord_env):
    """/play game:spider: the game is running at once (no Start button), the board is a code block with ##."""
    channel, member, message, table = await solo(simcord_env)
    assert table.status == "playing"
    await simcord_env.settle()
    text = text_of(await fetch(simcord_env, channel, message.id))
    assert "```" in text and "##" in text
    assert f"ct:{table.id}:start" not in custom_ids(await fetch(simcord_env, channel, message.id))


async def test_a_move_is_two_clicks_from_column_to_column_and_carries_the_time(simcord_env):
    """Input: pick the column to move from, then the column it goes to; the stored move has its time."""
    channel, member, message, table = await solo(simcord_env)
    s = table.state
    s.up[0][0], s.up[0][1], s.down[0][1] = ["10D"], ["9S"], ["4H"]
    panel = (await member.click(message, custom_id=f"ct:{table.id}:hand")).response
    panel = (await member.click(panel.message, custom_id=labelled(panel.message, "Column 2 (9♠)"))).response
    assert all("Column" in label for label in labels(panel.message) if label.startswith("Column"))
    await member.click(panel.message, custom_id=labelled(panel.message, "Column 1: 9♠ onto 10♦"))
    seat, move = (await simcord_env.bot.store.moves(table.id))[-1][1:]
    assert move.startswith("move 2 1 at=") and table.state.up[0][0] == ["10D", "9S"]


async def test_hint_is_private_and_changes_nothing(simcord_env):
    """Hint (Clarification 10): the answer is in the member's own panel, the score and moves stay as they were."""
    channel, member, message, table = await solo(simcord_env)
    s = table.state
    s.up[0][0], s.up[0][1], s.down[0][1] = ["10D"], ["9S"], ["4H"]
    before, version = s.to_json(), table.version
    panel = (await member.click(message, custom_id=f"ct:{table.id}:hand")).response
    hint = next(c for c in custom_ids(panel.message) if c.startswith("cn:") and c.split(":")[4] == "tip")
    answer = (await member.click(panel.message, custom_id=hint)).response
    assert answer.ephemeral and "Hint: move" in answer.content
    assert table.state.to_json() == before and table.version == version


async def test_a_race_of_two_plays_one_deal_on_two_boards_and_shows_both(simcord_env):
    """Race (Clarification 9): the race waits in a lobby; both boards have the same shuffle and the table shows
    each racer's progress; computer players are refused."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="spider", options="race=yes")).response.message
    tid = table_id(message)
    with pytest.raises(TableError, match="no computer players"):   # a stale Add computer click
        await env.bot.service.add_computer(tid, alice.id)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    s = table.state
    assert [c.split(".")[0] for c in s.stock[0]] == [c.split(".")[0] for c in s.stock[1]]
    await env.settle()
    text = text_of(await fetch(env, channel, message.id))
    assert "alice: 0/8 runs" in text and "bob: 0/8 runs" in text
    panel = (await bob.click(message, custom_id=f"ct:{tid}:hand")).response
    assert panel.ephemeral and "```" in panel.content and "##" in panel.content, "a racer sees their own board"


async def test_the_daily_deal_is_the_same_for_two_members(simcord_env):
    """Daily deal: two members who ask for it the same day get the same shuffle."""
    *_, first = await solo(simcord_env, "daily=yes suits=2")
    *_, second = await solo(simcord_env, "daily=yes suits=2")
    assert first.record.seed == second.record.seed
    assert first.state.stock[0] == second.state.stock[0]


async def finish(env, member, channel, options: str) -> None:
    """A solo game played to its end: one move, then Give up."""
    message = (await member.slash(channel, "play", game="spider", options=options)).response.message
    table = env.bot.service.tables[table_id(message)]
    moves = table.game.moves(table.state, 0)
    await env.bot.service.act(table.id, member.id, table.version, moves[0])
    if table.status == "playing":
        await env.bot.service.act(table.id, member.id, table.version, "giveup")
    assert table.status == "finished"


async def test_leaderboard_ranks_the_best_game_by_score_and_daily_only_the_days_daily_deals(simcord_env):
    """Clarification 8 and the daily leaderboard: /leaderboard game:spider ranks each member's best game (won,
    then score, then time), one ranking per suit count (a 1-suit game is far easier); daily:yes counts only
    today's daily deals."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    await finish(env, alice, channel, "daily=yes")
    await finish(env, bob, channel, "suits=1")
    await finish(env, carol, channel, "suits=4")
    board = (await bob.slash(channel, "leaderboard", game="spider")).response.embeds[0]
    rankings = {f.name: f.value for f in board.fields}
    assert list(rankings) == ["1 suit", "4 suits"]
    assert f"<@{bob.id}>" in rankings["1 suit"] and "points" in rankings["1 suit"]
    assert f"<@{alice.id}>" in rankings["4 suits"] and f"<@{carol.id}>" in rankings["4 suits"]
    assert f"<@{bob.id}>" not in rankings["4 suits"], "a 1-suit game never ranks with the 4-suit ones"
    daily = (await bob.slash(channel, "leaderboard", game="spider", daily=True)).response.embeds[0]
    shown = "\n".join(f.value for f in daily.fields)
    assert f"<@{alice.id}>" in shown and f"<@{bob.id}>" not in shown and f"<@{carol.id}>" not in shown
    assert [f.name for f in daily.fields] == ["4 suits"]
    assert "daily deal" in daily.title
    refused = await bob.slash(channel, "leaderboard", game="crazy_eights", daily=True)
    assert "no daily deal" in refused.response.content
    stats = (await alice.slash(channel, "stats", game="spider")).response
    shown = stats.content or "\n".join(e.description or "" for e in stats.embeds)
    assert "1 played" in shown and "0 won" in shown, "a board given up is no win in /stats"


async def test_a_race_lobby_offers_no_add_computer_button(simcord_env):
    """A race's lobby shows Join, Leave, Start and Cancel but no Add computer: Spider has no computer players
    (a lobby of a game with computers still offers it)."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    race = (await alice.slash(channel, "play", game="spider", options="race=yes")).response.message
    shown = custom_ids(await fetch(env, channel, race.id))
    tid = table_id(race)
    assert f"ct:{tid}:join" in shown and f"ct:{tid}:start" in shown
    assert f"ct:{tid}:cpu" not in shown and "Add computer" not in labels(await fetch(env, channel, race.id))
    other = (await alice.slash(channel, "play", game="crazy_eights")).response.message
    assert f"ct:{table_id(other)}:cpu" in custom_ids(await fetch(env, channel, other.id))


async def test_a_solo_board_idle_past_its_limit_ends_on_the_timer_and_is_recorded(simcord_env, clock):
    """Clarification 7 on the bot's timer: idle_minutes after the last action, with nobody clicking, the board
    ends as it stands, the table message says the game is over and the result is on record."""
    env = simcord_env
    env.bot.service.clock = clock
    channel, member, message, table = await solo(env, "idle_minutes=10")
    first = table.game.moves(table.state, 0)[0]     # a card move, or the deal when the board offers none
    await env.bot.service.act(table.id, member.id, table.version, first)
    assert table.deadline == int(clock.now) + 600, "the board's idle limit is the table's deadline"
    clock.now += 599
    await env.bot.service.tick()
    assert table.status == "playing"
    clock.now += 1
    await env.bot.service.tick()
    assert table.status == "finished" and table.state.ended == ["timed out"]
    rows = await env.bot.store.results(channel.guild.id, game="spider")
    score = 500 - (first.kind == "move")     # Clarification 4: a card move costs a point, a deal none
    assert [(r["user_id"], r["placing"], r["score"]) for r in rows] == [(member.id, 1, score)]
    await env.bot.controller.flush()
    assert "time is up" in text_of(await fetch(env, channel, message.id))


async def test_a_race_ends_at_race_minutes_with_places_on_record(simcord_env, clock):
    """Clarification 9 on the bot's timer: race_minutes after the race's first action every unfinished board
    ends as it stands, and the places (higher score first) are recorded."""
    env = simcord_env
    service = env.bot.service
    service.clock = clock
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="spider", options="race=yes race_minutes=5")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = service.tables[tid]
    await service.act(tid, alice.id, table.version, table.game.moves(table.state, 0)[0])
    clock.now += 4 * 60
    await service.act(tid, bob.id, table.version, "deal")
    assert table.deadline == table.state.started_at + 5 * 60
    clock.now += 60
    await service.tick()
    assert table.status == "finished" and table.state.ended == ["timed out", "timed out"]
    rows = await env.bot.store.results(guild.id, game="spider")
    assert {r["user_id"]: (r["placing"], r["score"]) for r in rows} == {bob.id: (1, 500), alice.id: (2, 499)}
    await env.bot.controller.flush()
    assert "bob wins the race" in text_of(await fetch(env, channel, message.id))
