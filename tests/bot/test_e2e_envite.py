"""Envite's second end-to-end game (issue 16 asks for 4 and 7 players): seven seats, four humans and
three computers, so team B plays a dummy, through the same clicks as tests/bot/test_e2e.py."""

from __future__ import annotations

from tests.bot import test_e2e


async def test_a_whole_seven_player_game_with_a_dummy(simcord_env, monkeypatch):
    monkeypatch.setitem(test_e2e.E2E, "envite", (4, 3, "stones=3 best_of=1"))
    await test_e2e.test_a_whole_game_from_play_to_result(simcord_env, "envite", monkeypatch)
    table = await test_e2e.service(simcord_env).get(1)      # the played table (the rematch is #2)
    assert table.status == "finished"
    assert table.state.players == 7 and len(table.state.hands) == 7
