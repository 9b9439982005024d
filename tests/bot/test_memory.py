"""Memory under sustained load: what the bot keeps of finished tables, hand panels and hand
pictures is bounded, and a table that left memory still answers every click by loading it
from the store (``python -m benchmarks.discord_e2e --soak`` measures the bot's RSS)."""

from __future__ import annotations

import gc
import random
import weakref
from types import SimpleNamespace

from bot import ui
from bot.panels import TOKEN_LIFE, Panels
from tests.bot.sim import custom_ids, fetch, table_id, text_of
from tests.bot.test_push import move_on, to_move, two_player_table
from tests.bot.test_tables import ALICE, BOB


async def test_a_finished_table_leaves_memory_once_its_end_is_shown_and_still_answers_every_click(simcord_env):
    """Once the game-over message is drawn the service no longer holds the table (nor its panels
    or its message editor); a late click on a panel and Rematch then load it from the store and
    get the same answers as before (both players pressing Rematch at once: the next test)."""
    env = simcord_env
    rng = random.Random(11)
    channel, members, tid, message, table = await two_player_table(env)
    panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response for uid, m in members.items()}
    for _ in range(2000):   # the deal is random (the table's seed): a long game must not fail the test
        if table.status != "playing":
            break
        mover = to_move(table, members)
        current = await fetch(env, channel, panels[mover.id].message.id)
        await move_on(mover, SimpleNamespace(message=current, content=current.content), table, rng)
    assert table.status == "finished"
    controller, service = env.bot.controller, env.bot.service
    await controller.flush()
    final = await fetch(env, channel, message.id)
    assert "game over" in text_of(final).lower() and f"ct:{tid}:rematch" in custom_ids(final)
    assert tid not in service.tables, "the finished table is still held after its end was shown"
    assert len(controller.panels) == 0 and not controller._editors

    alice = next(iter(members.values()))
    panel = await fetch(env, channel, panels[alice.id].message.id)
    answer = next((c for c in custom_ids(panel) if c.startswith("cn:")), None)
    late = await alice.click(panel, custom_id=answer)
    assert f"table #{tid}" in late.response.content and "wins!" in late.response.content
    again = await alice.click(final, custom_id=f"ct:{tid}:rematch")
    new = again.response.message
    assert table_id(new) != tid and "waiting for players" in text_of(new)
    await controller.flush()
    assert f"ct:{tid}:rematch" not in custom_ids(await fetch(env, channel, message.id)), "one rematch per game"
    assert tid not in service.tables and table_id(new) in service.tables


def test_panels_older_than_the_token_life_are_dropped_even_when_their_table_never_changes():
    """A table whose players walked away never changes again: its panels (each holding a whole
    interaction) go once their token can no longer edit them, when any other panel is drawn."""
    now = [0.0]
    panels = Panels(clock=lambda: now[0])
    panels.drawn(1, ALICE, object(), 3)
    panels.drawn(1, BOB, object(), 3)
    now[0] += TOKEN_LIFE / 2
    panels.drawn(2, ALICE, object(), 5)
    now[0] += TOKEN_LIFE / 2
    panels.drawn(3, BOB, object(), 1)
    assert len(panels) == 2, "panels past the token's life are still held"
    assert panels.stale(2, ALICE, 6) is not None and panels.stale(1, BOB, 4) is None
    now[0] += TOKEN_LIFE
    panels.drawn(4, ALICE, object(), 1)
    assert len(panels) == 1


def test_the_hand_picture_cache_holds_at_most_its_limit(monkeypatch):
    """Every hand ever opened is not kept: the picture cache stays at its limit."""
    monkeypatch.setattr(ui, "hand_picture", lambda hand, *look: b"png:" + " ".join(hand).encode())
    ui._hand_png.cache_clear()
    try:
        for i in range(ui.HAND_PICTURES_KEPT + 40):
            ui._hand_png((f"{i % 13 + 1}S", f"card{i}"))
        assert ui._hand_png.cache_info().currsize == ui.HAND_PICTURES_KEPT
    finally:
        ui._hand_png.cache_clear()



async def test_pictures_the_bot_sent_are_freed_at_once_not_left_to_the_cycle_collector(simcord_env, monkeypatch):
    """Every table edit and every My hand sends a picture: once sent, its bytes must go with
    reference counting. discord.py's File left each one in a reference cycle, which under load
    piled up hundreds of MB between full collections."""
    env = simcord_env
    sent: list[weakref.ref] = []
    make = ui.picture_file

    def recorded(png: bytes, name: str, **options):
        file = make(png, name, **options)
        sent.append(weakref.ref(file.fp))
        return file

    monkeypatch.setattr(ui, "picture_file", recorded)
    rng = random.Random(5)
    channel, members, tid, message, table = await two_player_table(env)
    gc.collect()
    gc.disable()
    try:
        panels = {uid: (await m.click(message, custom_id=f"ct:{tid}:hand")).response for uid, m in members.items()}
        for _ in range(4):
            mover = to_move(table, members)
            current = await fetch(env, channel, panels[mover.id].message.id)
            await move_on(mover, SimpleNamespace(message=current, content=current.content), table, rng)
        await env.bot.controller.flush()
        await env.settle()
        held = sum(ref() is not None for ref in sent)
    finally:
        gc.enable()
    assert len(sent) >= 6, "the table and hand pictures were not sent"
    assert held == 0, f"{held} of {len(sent)} pictures sent are still held"
