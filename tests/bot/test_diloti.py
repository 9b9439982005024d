"""Diloti's composed moves through SimCord (issue 15): the Bravo example (raise an opponent's 7 to 9 with
the 2♣ and group it with a loose 9♣) built in two steps, and typed in the Type move box."""

from __future__ import annotations

from games import cards as C
from games.common.piles import Pile
from tests.bot.sim import table_id
from tests.bot.test_compose import ids, labelled


async def bravo_table(env):
    """A started two-player Diloti table: the player to move holds 2♣, 9♠ and 7♥; the table holds
    9♣, 7♠, K♦ and the opponent's declaration of 7 (3♠ + 4♦, id b1)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="diloti")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    seat = table.to_move()[0]
    s = table.state.clone()
    hand, loose, decl = ["2C", "9S", "7H"], ["7S", "9C", "KD"], ["3S", "4D"]
    rest = [c for c in C.french_deck() if c not in hand + loose + decl]
    s.hands[seat], s.hands[1 - seat], s.stock = hand, rest[:3], rest[3:]
    s.table, s.plays = loose, 2
    s.decls = [Pile("b1", 7, [decl], 1 - seat).to_data()]
    table.state = s
    member = alice if table.record.seats[seat].user_id == alice.id else bob
    panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response
    return table, seat, member, panel


async def test_the_bravo_group_is_built_in_two_steps_and_played_on_confirm(simcord_env):
    table, seat, member, panel = await bravo_table(simcord_env)
    to_hand = next(c for c in ids(panel.message, "kb:") if c.endswith(":build"))
    panel = (await member.click(panel.message, custom_id=to_hand)).response
    panel = (await member.click(panel.message, custom_id=labelled(panel.message, C.text("2C")))).response
    [menu] = [child for row in panel.message.components for child in row.children
              if str(getattr(child, "custom_id", "")).startswith("kt:")]
    labels = {o.label: o.value for o in menu.options}
    declaration = next(label for label in labels if label.startswith("Declaration of 7 (b1)"))
    chosen = (await member.select(panel.message, [labels["9♣"], labels[declaration]],
                                  custom_id=menu.custom_id)).response
    assert "group of 9s with 9♣ and the declaration of 7. You must keep a card of value 9." in chosen.content
    await member.click(chosen.message, custom_id=labelled(chosen.message, "group of 9s"))
    assert (await simcord_env.bot.store.moves(table.id))[-1][1:] == (seat, "play 2C group=9 with=9C+b1")
    assert table.state.decls[0]["owner"] == seat and table.state.decls[0]["extra"] == {"group": True}


async def test_a_typed_declaration_plays_and_a_typed_raise_past_ten_is_refused_with_the_reason(simcord_env):
    table, seat, member, panel = await bravo_table(simcord_env)
    box = await member.click(panel.message, custom_id=labelled(panel.message, "Type move"))
    refused = await member.submit_modal(box, {"move": "7H raise b1"})
    assert "at most 10" in refused.response.content
    box = await member.click(panel.message, custom_id=labelled(panel.message, "Type move"))
    await member.submit_modal(box, {"move": "2c declare 9 7s"})
    assert (await simcord_env.bot.store.moves(table.id))[-1][1:] == (seat, "play 2C declare=9 with=7S")
