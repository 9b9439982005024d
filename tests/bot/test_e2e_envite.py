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


async def test_an_admin_picks_the_signal_list_for_the_server_with_config(simcord_env):
    """Options ("signal presets", admin-editable): /config option envite signals=simple is shown as
    the server's default and a new Envite table opens with it; a bad preset is refused."""
    from tests.bot.sim import table_id
    from tests.bot.test_commands import guild_with_admin, said
    env = simcord_env
    guild, channel, boss, alice, _ = guild_with_admin(env)
    assert "✅" in said(await boss.slash(channel, "config option", game="envite", name="signals", value="simple"))
    assert "`signals` = **simple** (server default)" in said(await boss.slash(channel, "config show", game="envite"))
    assert "option 'signals'" in said(await boss.slash(channel, "config option", game="envite", name="signals",
                                                        value="secret"))
    made = await alice.slash(channel, "play", game="envite")
    options = env.bot.service.tables[table_id(made.response.message)].record.options
    assert options["signals"] == "simple"
