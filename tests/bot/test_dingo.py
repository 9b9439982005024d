"""Dingo's input through SimCord (issue 16): a discard is one click on a card of the hand (aces not
offered), a hunt offers Play wolf and Pass buttons, and a player without a wolf sees only Pass."""

from __future__ import annotations

from games import cards as C
from games.dingo import EXCHANGE_STEPS
from tests.bot.sim import fetch, table_id, text_of
from tests.bot.test_compose import labelled


def labels(message) -> list[str]:
    return [getattr(child, "label", None) or "" for row in message.components for child in row.children]


async def four_at_a_table(env):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cleo", "dev")]
    message = (await members[0].slash(channel, "play", game="dingo")).response.message
    tid = table_id(message)
    for m in members[1:]:
        await m.click(message, custom_id=f"ct:{tid}:join")
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    return channel, table, message, {table.record.seats[i].user_id: i for i in range(4)}, members


async def test_a_discard_is_one_click_on_a_card_and_aces_are_not_offered(simcord_env):
    channel, table, message, seats, members = await four_at_a_table(simcord_env)
    seat = table.to_move()[0]
    table.state.hands[seat] = ["AS", "AH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    member = next(m for m in members if seats[m.id] == seat)
    panel = (await member.click(message, custom_id=f"ct:{table.id}:hand")).response
    shown = labels(panel.message)
    assert C.text("2C") in shown and not {C.text("AS"), C.text("AH")} & set(shown)
    await member.click(panel.message, custom_id=labelled(panel.message, C.text("9C")))
    assert (await simcord_env.bot.store.moves(table.id))[-1][1:] == (seat, "discard 9C")
    await simcord_env.settle()
    assert C.text("9C") in text_of(await fetch(simcord_env, channel, message.id))


async def test_a_hunt_offers_play_wolf_and_pass_and_a_player_without_a_wolf_only_pass(simcord_env):
    channel, table, message, seats, members = await four_at_a_table(simcord_env)
    s = table.state.clone()
    s.hands = [["AH"], ["7H", "2S"], ["3S"], ["7S", "4S"]]
    s.rabbits = [C.make(r, "D") for r in range(7, 14)]
    s.cursor = {"step": EXCHANGE_STEPS + 5, "base": 0, "done": []}
    s.hunt, s.hunters = [], []
    table.game._next_steps(s)
    table.state = s
    by_seat = {seats[m.id]: m for m in members}
    panel = (await by_seat[2].click(message, custom_id=f"ct:{table.id}:hand")).response
    assert [x for x in labels(panel.message) if x in ("Pass", "Play wolf 7♠")] == ["Pass"]
    await by_seat[2].click(panel.message, custom_id=labelled(panel.message, "Pass"))
    panel = (await by_seat[3].click(message, custom_id=f"ct:{table.id}:hand")).response
    assert {"Play wolf 7♠", "Pass"} <= set(labels(panel.message))
    await by_seat[3].click(panel.message, custom_id=labelled(panel.message, "Play wolf 7♠"))
    assert (await simcord_env.bot.store.moves(table.id))[-1][1:] == (3, "wolf 7S")
    panel = (await by_seat[0].click(message, custom_id=f"ct:{table.id}:hand")).response
    await by_seat[0].click(panel.message, custom_id=labelled(panel.message, "Pass"))
    assert sorted(table.state.won[3]) == ["7D", "7S"] and table.state.won[1] == ["7H"]
