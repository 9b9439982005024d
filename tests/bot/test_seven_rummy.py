"""Seven Rummy's turn through SimCord (issue 17): after the draw, cards are selected in one
multi-select of the hand; a lone 7 asks "set or sequence" (one Play as button each), a lay-off
names its target meld ("Play as Lay off · 7♦ · bob: 4♦ 5♦ 6♦"), one card alone is discarded."""

from __future__ import annotations

from bot.tables import TableService
from games import cards as C
from tests.bot.sim import custom_ids, table_id


def component(message, prefix: str):
    for row in message.components:
        for child in row.children:
            if str(getattr(child, "custom_id", "")).startswith(prefix):
                return child
    raise AssertionError(f"no {prefix} component in {custom_ids(message)}")


def labels(message) -> list[str]:
    return [getattr(child, "label", "") or "" for row in message.components for child in row.children]


async def drawn_table(env):
    """Two humans, no pon window; the player to move has drawn and holds 7♥ 7♦ 2♣ 3♣ 9♠ 10♦ J♥ K♣,
    and the other player's meld 4♦ 5♦ 6♦ is on the table."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    made = await alice.slash(channel, "play", game="seven_rummy", options="pon_window=0")
    message, tid = made.response.message, table_id(made.response.message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    seat = table.to_move()[0]
    s = table.state.clone()
    mine = ["7H", "7D", "2C", "3C", "9S", "10D", "JH", "KC"]
    meld = ["4D", "5D", "6D"]
    rest = [c for c in C.french_deck() if c not in mine + meld]
    s.hands[seat], s.hands[1 - seat] = C.sorted_hand(mine), C.sorted_hand(rest[:7])
    s.discard, s.stock = [rest[7]], rest[8:]
    s.melds = [{"kind": "seq", "cards": meld, "owner": 1 - seat}]
    s.phase, s.drew = "play", [True, True]
    table.state = s
    member = alice if table.record.seats[seat].user_id == alice.id else bob
    panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response
    return table, seat, member, panel


async def select_and_play(member, panel, hand, cards):
    select = component(panel.message, "cm:")
    chosen = (await member.select(panel.message, [str(hand.index(c)) for c in cards],
                                  custom_id=select.custom_id)).response
    return (await member.click(chosen.message, custom_id=component(chosen.message, "cy:").custom_id)).response


async def test_a_lone_seven_asks_set_or_sequence_and_melds_as_chosen(simcord_env):
    table, seat, member, panel = await drawn_table(simcord_env)
    hand = table.game.selectable(table.state, seat)
    assert hand == table.state.hands[seat]
    asked = await select_and_play(member, panel, hand, ["7H"])
    shown = labels(asked.message)
    assert "Play as Meld · 7♥ · Sequence" in shown and "Play as Meld · 7♥ · Set" in shown
    assert "Play as Discard · 7♥" in shown
    version = table.version
    pick = next(c for c in asked.message.components for c in c.children
                if getattr(c, "label", "") == "Play as Meld · 7♥ · Sequence")
    await member.click(asked.message, custom_id=pick.custom_id)
    assert table.version == version + 1
    assert table.state.melds[-1] == {"kind": "seq", "cards": ["7H"], "owner": seat}


async def test_a_lay_off_names_the_target_meld_with_its_owner(simcord_env):
    table, seat, member, panel = await drawn_table(simcord_env)
    hand = table.game.selectable(table.state, seat)
    asked = await select_and_play(member, panel, hand, ["7D"])
    owner = table.record.seats[1 - seat].name
    wanted = f"Play as Lay off · 7♦ · {owner}: 4♦ 5♦ 6♦"
    assert wanted in labels(asked.message)
    pick = next(c for c in asked.message.components for c in c.children if getattr(c, "label", "") == wanted)
    await member.click(asked.message, custom_id=pick.custom_id)
    assert table.state.melds[0]["cards"] == ["4D", "5D", "6D", "7D"]


async def test_one_card_that_fits_nowhere_is_discarded_at_once(simcord_env):
    table, seat, member, panel = await drawn_table(simcord_env)
    hand = table.game.selectable(table.state, seat)
    version = table.version
    await select_and_play(member, panel, hand, ["KC"])
    assert table.version == version + 1 and table.state.discard[-1] == "KC" and table.state.turn == 1 - seat



async def test_an_unanswered_pon_window_closes_when_its_time_runs_out(store, clock):
    """The window lasts ``pon_window`` seconds whoever answers; a human who does not answer passes
    when it runs out (no strike), and the next player draws (the service with a fake clock)."""
    service = TableService(store, ai_iterations=10, ai_seconds=None, clock=clock)
    try:
        await store.set_setting(1, "timer", 0)                 # no turn timer: only the window is timed
        t = await service.create(1, 2, 101, "Alice", "seven_rummy", {"pon_window": "9"})
        await service.join(t.id, 102, "Bob")
        await service.start(t.id, 101)
        seat = t.to_move()[0]
        user = t.record.seats[seat].user_id
        await service.act(t.id, user, t.version, "draw")
        await service.act(t.id, user, t.version, f"discard {t.state.hands[seat][0]}")
        assert t.state.window and t.deadline == clock.now + 9
        clock.now += 8
        await service.tick()
        assert t.state.window, "not yet"
        clock.now += 2
        await service.tick()
        assert not t.state.window and t.to_move() == [1 - seat] and t.state.phase == "draw"
        assert not t.record.meta.get("timeouts"), "letting a pon window pass is no strike"
    finally:
        await service.close()
