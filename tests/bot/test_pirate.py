"""Pirate's ticks on the table service's clock (issue 18), with a fake clock: the ticks advance when
their time runs out, presses on the hand panel count for the tick, a restart resumes the ticks where
they were, a tick's time starts only once the table message showing it has gone out, and mode auto
replays the race on the clock."""

from __future__ import annotations

import pytest

from bot.tables import FINISHED, PLAYING, TableService
from tests.bot.sim import custom_ids, fetch, table_id, text_of

GUILD, CHANNEL = 1, 2
ALICE, BOB = 101, 102


async def pirate_table(service, **options):
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "pirate", options)
    await service.join(t.id, BOB, "Bob")
    await service.start(t.id, ALICE)
    return t


async def run_out(service, clock, table) -> None:
    """Let the tick's time run out."""
    clock.now = table.deadline + 0.5
    await service.tick()
    await service.idle()


async def test_ticks_advance_when_their_time_runs_out_without_a_strike(service, clock):
    t = await pirate_table(service, tick_seconds="4")
    assert t.state.tick == 1 and t.deadline == pytest.approx(clock.now + 4)
    for n in range(2, 6):
        await run_out(service, clock, t)
        assert t.state.tick == n and t.deadline == pytest.approx(clock.now + 4)
    assert not t.record.meta.get("timeouts"), "a tick running out is no strike"
    assert not any(seat.stand_in for seat in t.record.seats)
    assert t.state.waste[0] and len(t.state.stock[0]) + len(t.state.waste[0]) <= 52


async def test_a_press_counts_for_its_tick_and_the_tick_still_lasts_its_time(service, clock):
    t = await pirate_table(service)
    alice = t.seat_of(ALICE)
    await service.act(t.id, ALICE, t.version, "auto")
    await service.act(t.id, ALICE, t.version, "done")
    assert t.state.tick == 1 and not t.state.auto[alice], "Bob has not answered: the tick goes on"
    await run_out(service, clock, t)
    assert t.state.tick == 2 and not t.state.auto[alice], "autopilot off is a standing setting"


async def test_every_player_done_ends_the_tick_early(service, clock):
    """Shared convention 5: the window closes early when every human has answered."""
    t = await pirate_table(service)
    for user in (ALICE, BOB):
        await service.act(t.id, user, t.version, "done")
    assert t.state.tick == 2


async def test_a_restart_resumes_the_ticks_where_they_were(store, clock):
    first = TableService(store, ai_iterations=10, ai_seconds=None, clock=clock)
    t = await pirate_table(first)
    await run_out(first, clock, t)
    await run_out(first, clock, t)
    tick, deadline, tid = t.state.tick, t.deadline, t.id
    await first.close()
    again = TableService(store, ai_iterations=10, ai_seconds=None, clock=clock)
    try:
        await again.load()
        t = await again.get(tid)
        assert t.state.tick == tick and t.deadline == deadline, "the tick and its deadline were stored"
        await run_out(again, clock, t)
        assert t.state.tick == tick + 1 and t.status == PLAYING
    finally:
        await again.close()


async def test_a_tick_starts_when_the_table_showing_it_has_gone_out(service, clock):
    """Clarification 9: an edit held back (a rate limit) delays the tick instead of shortening it."""
    t = await pirate_table(service)
    reaction = t.record.meta["reaction"]
    clock.now += 2.5                       # the edit showing tick 1 took 2.5 s to go out
    service.shown(t, reaction)
    assert t.deadline == pytest.approx(clock.now + 3)
    clock.now += 1
    service.shown(t, reaction)             # a later edit (a press) does not restart the tick
    assert t.deadline == pytest.approx(clock.now + 2)


async def test_mode_auto_replays_on_the_clock_and_records_the_result_at_its_end(service, store, clock):
    """Clarification 10: the replay steps five ticks every two seconds on the service's clock (no
    strikes), and the result is recorded when it reaches the end."""
    t = await pirate_table(service, mode="auto")
    assert t.deadline == pytest.approx(clock.now + 2)
    await run_out(service, clock, t)
    assert t.state.tick == 6 and t.deadline == pytest.approx(clock.now + 2)
    for _ in range(400):
        if t.status != PLAYING:
            break
        assert not await store.results(GUILD)
        await run_out(service, clock, t)
    assert t.status == FINISHED and not t.record.meta.get("timeouts")
    rows = await store.results(GUILD)
    assert len(rows) == 2 and {r["user_id"] for r in rows} == {ALICE, BOB}


async def test_a_race_against_a_computer_through_discord(simcord_env, clock):
    """Through SimCord: the table message shows each tick's cards, the hand panel offers the tick's
    buttons, and ticks advance on the service's (fake) clock until the race is over."""
    env = simcord_env
    service = env.bot.service
    service.clock = clock
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    made = await alice.slash(channel, "play", game="pirate", options="tick_seconds=2")
    message = made.response.message
    tid = table_id(message)
    await alice.click(message, custom_id=f"ct:{tid}:cpu")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = service.tables[tid]
    await env.bot.controller.flush()
    assert "tick 1" in text_of(await fetch(env, channel, message.id))
    panel = (await alice.click(message, custom_id=f"ct:{tid}:hand")).response
    labels = [getattr(c, "label", "") for row in panel.message.components for c in row.children]
    assert "Done" in labels and "Autopilot off" in labels, custom_ids(panel.message)
    done = next(c.custom_id for row in panel.message.components for c in row.children
                if getattr(c, "label", "") == "Done")
    await alice.click(panel.message, custom_id=done)
    assert table.state.tick == 2, "the computer answers at once, so Alice's Done ends the tick"
    for _ in range(3000):
        if table.status != PLAYING:
            break
        await env.bot.controller.flush()
        clock.now = table.deadline + 0.5
        await service.tick()
        await service.idle()
        if table.state.paused:
            await service.act(tid, alice.id, table.version, "go_on")
    assert table.status == FINISHED
    await env.bot.controller.flush()
    assert "game over" in text_of(await fetch(env, channel, message.id)).lower()


async def test_a_slow_table_edit_delays_the_next_tick_through_discord(simcord_env, clock):
    """Clarification 9 through SimCord: when the edit showing a tick takes 5 s to go out (Discord's
    rate limit holding it back), the tick's 3 s start once it is out, not when the tick opened."""
    env = simcord_env
    service, controller = env.bot.service, env.bot.controller
    service.clock = clock
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    message = (await alice.slash(channel, "play", game="pirate")).response.message
    tid = table_id(message)
    await alice.click(message, custom_id=f"ct:{tid}:cpu")
    await controller.flush()
    edit = controller.update_table_message
    out: list[float] = []

    async def held_back(table, post=False):
        if not out:
            clock.now += 5
        drawn = await edit(table, post)
        out.append(clock.now)
        return drawn

    controller.update_table_message = held_back
    await alice.click(message, custom_id=f"ct:{tid}:start")
    await controller.flush()
    del controller.update_table_message
    table = service.tables[tid]
    opened = table.state.tick
    assert opened == 1, "the first tick was not cut short by its late edit"
    assert out and table.deadline == pytest.approx(out[0] + 3), "3 s from when the first edit went out"
    clock.now = table.deadline - 0.5
    await service.tick()
    assert table.state.tick == opened, "the tick's time runs from when its table went out"
    clock.now += 1
    await service.tick()
    await service.idle()
    assert table.state.tick == opened + 1
