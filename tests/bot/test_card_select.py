"""P4 through SimCord: in the climbing games a play is made by selecting its cards in one
multi-select of the hand and pressing Play selected; Hint opens the step-by-step list."""

from __future__ import annotations

from games import cards as C
from tests.bot.sim import custom_ids, table_id


async def started(env, key: str = "thirteen"):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    made = await alice.slash(channel, "play", game=key)
    message, tid = made.response.message, table_id(made.response.message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    seat = table.to_move()[0]
    member = alice if table.record.seats[seat].user_id == alice.id else bob
    panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response
    return table, seat, member, panel


def component(message, prefix: str):
    for row in message.components:
        for child in row.children:
            if str(getattr(child, "custom_id", "")).startswith(prefix):
                return child
    raise AssertionError(f"no {prefix} component in {custom_ids(message)}")


async def test_select_cards_then_play_them(simcord_env):
    env = simcord_env
    table, seat, member, panel = await started(env)
    select = component(panel.message, "cm:")
    hand = table.game.selectable(table.state, seat)
    assert [o.label for o in select.options] == [C.text(c) for c in hand]
    assert component(panel.message, "cy:").disabled, "nothing selected yet: Play is disabled"
    legal = next(m for m in table.game.moves(table.state, seat) if m.kind == "play")
    picks = [str(hand.index(c)) for c in legal.args]
    chosen = (await member.select(panel.message, picks, custom_id=select.custom_id)).response
    assert "Selected:" in chosen.content and not component(chosen.message, "cy:").disabled
    version = table.version
    played = (await member.click(chosen.message, custom_id=component(chosen.message, "cy:").custom_id)).response
    assert table.version == version + 1
    logged = await env.bot.store.moves(table.id)
    assert logged[-1][1:] == (seat, str(legal))
    assert "Your hand (12)" in played.content


async def test_a_selection_that_is_no_play_is_refused_with_the_reason(simcord_env):
    env = simcord_env
    table, seat, member, panel = await started(env)
    hand = table.game.selectable(table.state, seat)
    # two cards of different ranks that are no combination (lowest and highest)
    picks = ["0", str(len(hand) - 1)]
    assert not table.game.moves_for(table.state, seat, [hand[0], hand[-1]])
    select = component(panel.message, "cm:")
    chosen = (await member.select(panel.message, picks, custom_id=select.custom_id)).response
    version = table.version
    refused = (await member.click(chosen.message, custom_id=component(chosen.message, "cy:").custom_id)).response
    assert table.version == version and "⚠️" in refused.content
    assert "not a combination" in refused.content or "cannot" in refused.content or "must" in refused.content


async def test_hint_lists_the_plays_step_by_step_and_goes_back_to_the_cards(simcord_env):
    env = simcord_env
    table, seat, member, panel = await started(env)
    hint = next(c for c in custom_ids(panel.message) if ":steps:" in c)
    steps = (await member.click(panel.message, custom_id=hint)).response
    assert any(c.startswith("cp:") for c in custom_ids(steps.message)), "the kinds of play, as buttons"
    back = next(c for c in custom_ids(steps.message) if ":cards:" in c)
    again = (await member.click(steps.message, custom_id=back)).response
    assert any(c.startswith("cm:") for c in custom_ids(again.message))
