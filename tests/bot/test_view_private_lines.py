"""A game's private view lines (View.private: a team's signals, a dummy's cards) reach only their
seat's hand panel, through the real buttons in SimCord."""

from __future__ import annotations

from bot.tables import PLAYING
from games import cards as C
from tests.bot.sim import custom_ids, table_id
from tests.bot.test_e2e import assert_panel_private, service, setup_table


async def open_panel(member, message, tid):
    return (await member.click(message, custom_id=f"ct:{tid}:hand")).response


async def test_a_signal_shows_on_the_teams_panels_and_never_on_the_opponents(simcord_env):
    env = simcord_env
    guild, channel, members, tid, message = await setup_table(env, "envite", 4, 0)
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = service(env).tables[tid]
    assert table.status == PLAYING
    state = table.state
    sender = next(seat for seat in range(4) if seat not in state.captains)
    member = next(m for m in members if table.seat_of(m.id) == sender)
    panel = await open_panel(member, message, tid)
    labels = {child.custom_id: child.label for row in panel.message.components for child in row.children
              if getattr(child, "custom_id", None)}
    chosen = next(c for c in custom_ids(panel.message) if "I hold" in (labels.get(c) or ""))
    await member.click(panel.message, custom_id=chosen)
    await service(env).idle()
    said = labels[chosen]
    for m in members:
        seat = table.seat_of(m.id)
        text = (await open_panel(m, message, tid)).content
        if seat % 2 == sender % 2:
            assert said in text, f"seat {seat} of the signalling team does not see the signal: {text}"
        else:
            assert said not in text and "signals" not in text, f"opponent seat {seat} sees the signal: {text}"


async def test_the_dummys_cards_show_on_its_captains_panel_only(simcord_env):
    """Seven players: team B's captain reads the dummy's hand on their panel; nobody else does."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    await env.bot.store.set_setting(guild.id, "timer", 0)
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(7)]
    message = (await members[0].slash(channel, "play", game="envite")).response.message
    tid = table_id(message)
    for m in members[1:]:
        await m.click(message, custom_id=f"ct:{tid}:join")
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = service(env).tables[tid]
    dummy = [C.text(c) for c in table.state.dummy]
    for m in members:
        seat = table.seat_of(m.id)
        panel = await open_panel(m, message, tid)
        assert_panel_private(table, seat, panel.content, panel.message)
        if seat == table.state.captains[1]:
            assert all(card in panel.content for card in dummy), panel.content
        else:
            assert "dummy's hand" not in panel.content
