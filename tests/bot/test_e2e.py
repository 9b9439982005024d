"""The unmodified bot, discord.py included, against SimCord: whole games from
/play to the result, clicked through the real buttons, and every error case."""

from __future__ import annotations

import random

import pytest

from games import cards as C
from tests.bot.sim import CARD, button, custom_ids, fetch, table_id, text_of


async def setup_table(env, key: str, humans: int, computers: int, options: str | None = None):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in ["alice", "bob", "cleo", "dev"][:humans]]
    kwargs = {"game": key} | ({"options": options} if options else {})
    result = await members[0].slash(channel, "play", **kwargs)
    message = result.response.message
    tid = table_id(message)
    for m in members[1:]:
        await m.click(message, custom_id=f"ct:{tid}:join")
    for _ in range(computers):
        await members[0].click(message, custom_id=f"ct:{tid}:cpu")
    return guild, channel, members, tid, message


def service(env):
    return env.bot.service


def hidden_from(table, seat):
    game, s = table.game, table.state
    return {c for z in game.zones(s) if z.visible_to not in ("all", seat) for c in z.cards}


def assert_panel_private(table, seat, text: str) -> None:
    secret = {C.text(c) for c in hidden_from(table, seat)}
    shown = set(CARD.findall(text))
    assert not (secret & shown), f"seat {seat}'s panel shows hidden cards {secret & shown}"


async def play_turn(env, channel, member, message, tid, rng) -> None:
    """Open the hand panel and click answers until a move is made."""
    table = service(env).tables[tid]
    seat = table.seat_of(member.id)
    result = await member.click(message, custom_id=f"ct:{tid}:hand")
    panel = result.response
    assert panel.ephemeral
    version = table.version
    for _ in range(6):
        assert_panel_private(table, seat, panel.content)
        answers = [c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:"))]
        assert answers, f"no answers offered: {panel.content}"
        pick = answers[rng.randrange(len(answers))]
        if pick.startswith("cs:"):
            options = panel.message.components[0].children[0].options
            result = await member.select(panel.message, [rng.choice(options).value], custom_id=pick)
        else:
            result = await member.click(panel.message, custom_id=pick)
        panel = result.response
        if table.version != version:
            assert_panel_private(table, seat, panel.content)
            return
    raise AssertionError("no move was made after six clicks")


@pytest.mark.parametrize(("key", "humans", "computers"),
                         [("crazy_eights", 2, 1), ("oh_hell", 2, 1), ("scopa", 2, 0)])
async def test_a_whole_game_from_play_to_result(simcord_env, key, humans, computers, monkeypatch):
    env = simcord_env
    options = {"oh_hell": "schedule=fixed fixed_hands=2 start_size=3", "scopa": None,
               "crazy_eights": "hand_size=5"}[key]
    guild, channel, members, tid, message = await setup_table(env, key, humans, computers, options)
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = service(env).tables[tid]
    rng = random.Random(3)
    for turn in range(600):
        await service(env).idle()
        await env.bot.controller.flush()
        if turn % 3 == 2:
            # let interaction tokens expire: SimCord keeps a timer per interaction and
            # every settle scans them all, so a long game would slow to a crawl
            await env.advance_time(16 * 60)
        await env.settle()
        if table.status != "playing":
            break
        message = await fetch(env, channel, message.id)
        movers = [table.record.seats[s].user_id for s in table.to_move() if not table.record.seats[s].computer]
        assert movers, "a human must be to move when no computer is thinking"
        assert f"<@{movers[0]}>" in message.content, "the table message names whose turn it is"
        member = next(m for m in members if m.id == movers[0])
        await play_turn(env, channel, member, message, tid, rng)
    assert table.status == "finished"
    final = await fetch(env, channel, message.id)
    text = text_of(final)
    assert "game over" in text.lower()
    outcome = table.game.outcome(table.state)
    assert any(table.render(f"{{p{w}}}") in text for w in outcome.winners)
    assert button(final, "rematch")
    assert not (set(CARD.findall(text)) & {C.text(c) for c in hidden_from(table, None)}), \
        "the public message shows a hidden card"
    again = await members[0].click(final, custom_id=f"ct:{tid}:rematch")
    new = again.response.message
    assert not again.ephemeral and table_id(new) != tid
    assert "waiting for players" in text_of(new)
    rematch = service(env).tables[table_id(new)]
    assert [s.name for s in rematch.record.seats] == [s.name for s in table.record.seats]
