"""Calabrasella's declarer exchange through SimCord (issue 16): four steps, one panel each: say play,
name a card (buttons), give a card back (buttons), discard 1–4 blind in a multi-select of the hand, take
as many from the turned-up widow in a multi-select; the third player never sees the returned card."""

from __future__ import annotations

from games import cards as C
from tests.bot.sim import custom_ids, fetch, table_id, text_of
from tests.bot.test_compose import labelled


def component(message, prefix: str):
    for row in message.components:
        for child in row.children:
            if str(getattr(child, "custom_id", "")).startswith(prefix):
                return child
    raise AssertionError(f"no {prefix} component in {custom_ids(message)}")


async def exchange_table(env):
    """Three humans; the first to speak holds 4♠ among low cards, the next seat holds 3♥, the
    widow is 2♥ A♥ K♥ 4♥."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    message = (await members[0].slash(channel, "play", game="calabrasella")).response.message
    tid = table_id(message)
    for m in members[1:]:
        await m.click(message, custom_id=f"ct:{tid}:join")
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    first = table.to_move()[0]
    holder, third = (first + 1) % 3, (first + 2) % 3
    s = table.state.clone()
    widow = ["2H", "AH", "KH", "4H"]
    low = [c for c in C.italian_deck() if c not in widow and c != "3H" and C.rank(c) in (4, 5, 6, 7)]
    mine = low[:12]
    rest = [c for c in C.italian_deck() if c not in widow + mine + ["3H"]]
    s.hands = [[], [], []]
    s.hands[first], s.hands[holder], s.hands[third] = mine, ["3H"] + rest[:11], rest[11:23]
    s.widow = widow
    table.state = s
    member = {i: next(m for m in members if m.id == table.record.seats[i].user_id) for i in range(3)}
    return env, channel, message, table, first, holder, third, member


async def panel_of(member, message, table):
    return (await member.click(message, custom_id=f"ct:{table.id}:hand")).response


async def test_the_declarer_exchange_takes_four_panels_and_hides_the_returned_card(simcord_env):
    env, channel, message, table, first, holder, third, member = await exchange_table(simcord_env)
    declarer = member[first]
    panel = await panel_of(declarer, message, table)
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "Play"))).response
    assert table.state.declarer == first
    # step 1: name a card, one button per 3 the declarer lacks
    named = [b for b in ("3♠", "3♥", "3♦", "3♣") if any(b in (getattr(c, "label", "") or "")
                                                        for row in panel.message.components for c in row.children)]
    assert len(named) == 4
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "3♥"))).response
    assert "Ask for this card?" in panel.content and table.state.phase == "call"
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "Ask for 3♥"))).response
    assert "3H" in table.game.view(table.state, first).hand
    # step 2: give a card back: one button per card but the one received
    assert "received 3♥" in panel.content
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, C.text("4S")))).response
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "Give 4♠ back"))).response
    assert "4S" in table.state.hands[holder]
    public = text_of(await fetch(env, channel, message.id))
    assert "4♠" not in public, "the returned card is not on the table message"
    third_panel = await panel_of(member[third], message, table)
    assert "4♠" not in third_panel.content
    holder_panel = await panel_of(member[holder], message, table)
    assert "4♠" in holder_panel.content, "the receiver is told which card came back"
    # step 3: the blind discard, a multi-select of the hand
    panel = await panel_of(declarer, message, table)
    select = component(panel.message, "cm:")
    hand = table.game.selectable(table.state, first)
    assert len(select.options) == 12 and "2♥" not in text_of(await fetch(env, channel, message.id))
    picks = [str(hand.index(c)) for c in hand if c != "3H"][:2]
    chosen = (await declarer.select(panel.message, picks, custom_id=select.custom_id)).response
    panel = (await declarer.click(chosen.message, custom_id=component(chosen.message, "cy:").custom_id)).response
    assert len(table.state.discards) == 2
    # step 4: take exactly two of the turned-up widow, a multi-select of its cards
    assert "2♥" in text_of(await fetch(env, channel, message.id)), "the widow is turned up for all"
    panel = await panel_of(declarer, message, table)
    select = component(panel.message, "cm:")
    widow = table.game.selectable(table.state, first)
    assert [o.label for o in select.options] == [C.text(c) for c in widow]
    one = [str(widow.index("AH"))]
    chosen = (await declarer.select(panel.message, one, custom_id=select.custom_id)).response
    refused = (await declarer.click(chosen.message, custom_id=component(chosen.message, "cy:").custom_id)).response
    assert "exactly 2" in refused.content and table.state.phase == "take"
    two = [str(widow.index("AH")), str(widow.index("2H"))]
    chosen = (await declarer.select(refused.message, two, custom_id=select.custom_id)).response
    await declarer.click(chosen.message, custom_id=component(chosen.message, "cy:").custom_id)
    assert table.state.phase == "play" and table.to_move() == [(first + 1) % 3]
    assert (await simcord_env.bot.store.moves(table.id))[-1][1:] == (first, "take 2H AH")


async def test_back_before_confirming_the_call_or_the_card_given_back_plays_nothing(simcord_env):
    """Naming a card and giving one back each ask to confirm: Back returns to the choice with
    nothing played, the confirm button ("Ask for 3♥", "Give 5♠ back") plays the card picked."""
    env, channel, message, table, first, holder, third, member = await exchange_table(simcord_env)
    declarer = member[first]
    panel = await panel_of(declarer, message, table)
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "Play"))).response
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "3♥"))).response
    assert "Ask for this card?" in panel.content and table.state.phase == "call"
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "Back"))).response
    assert "Name a card" in panel.content and table.state.phase == "call" and not table.state.called
    labelled(panel.message, "3♠")   # the choice is offered again
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "3♥"))).response
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "Ask for 3♥"))).response
    assert table.state.called == "3H" and table.state.phase == "give"
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, C.text("4S")))).response
    assert "Give this card back?" in panel.content and labelled(panel.message, "Give 4♠ back")
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, "Back"))).response
    assert table.state.phase == "give" and "4S" not in table.state.hands[holder]
    assert "Give a card back" in panel.content
    panel = (await declarer.click(panel.message, custom_id=labelled(panel.message, C.text("5S")))).response
    await declarer.click(panel.message, custom_id=labelled(panel.message, "Give 5♠ back"))
    assert table.state.phase == "discard" and "5S" in table.state.hands[holder]


async def test_the_discard_and_widow_selects_say_discard_and_take_not_play(simcord_env):
    """The blind discard's multi-select asks for cards to discard with a Discard button, and the
    widow's for cards to take with a Take from the widow button: no "Play selected" in either."""
    env, channel, message, table, first, holder, third, member = await exchange_table(simcord_env)
    declarer = member[first]
    for move in ("bid play", "call 3H", "give 4S"):
        await env.bot.service.act(table.id, declarer.id, table.version, move)
    panel = await panel_of(declarer, message, table)
    select = component(panel.message, "cm:")
    assert select.placeholder == "Select the cards to discard"
    assert "Select 1 to 4 cards to discard face down, then press Discard." in panel.content
    assert "Play selected" not in panel.content
    hand = table.game.selectable(table.state, first)
    picks = [str(hand.index("5S")), str(hand.index("6S"))]
    chosen = (await declarer.select(panel.message, picks, custom_id=select.custom_id)).response
    button = component(chosen.message, "cy:")
    assert button.label == "Discard" and "Discard 5♠ 6♠ face down? Press Discard." in chosen.content
    await declarer.click(chosen.message, custom_id=button.custom_id)
    assert table.state.discards == ["5S", "6S"]
    panel = await panel_of(declarer, message, table)
    assert component(panel.message, "cm:").placeholder == "Select the widow cards to take"
    assert component(panel.message, "cy:").label == "Take from the widow"
    assert "Select 2 cards of the widow, then press Take from the widow." in panel.content
