"""Mattis phase 2 input through SimCord (issue 16): a hand of 30 cards, filtered by suit, then the
first and the last card of a run, each step a short list of buttons or a select of at most 25."""

from __future__ import annotations

from games import cards as C
from games.mattis import GAME, SHED, hand_sorted
from tests.bot.sim import table_id
from tests.bot.test_compose import labelled


async def shedding_table(env):
    """A started three-player Mattis table in phase 2 (spades trump): the seat to lead holds 30 cards,
    among them the hearts 2 to 8; the others hold the rest but for ten discarded cards."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    message = (await members[0].slash(channel, "play", game="mattis")).response.message
    tid = table_id(message)
    for member in members[1:]:
        await member.click(message, custom_id=f"ct:{tid}:join")
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    seat = table.to_move()[0]
    s = table.state.clone()
    deck = C.french_deck()
    hand = [c for c in deck if C.suit(c) == "H" and 2 <= C.rank(c) <= 8] + [c for c in deck if C.suit(c) != "H"][:23]
    rest = [c for c in deck if c not in hand]
    others = [(seat + 1) % 3, (seat + 2) % 3]
    s.phase, s.trump, s.maker, s.trump_card = SHED, "S", seat, ["2S"]
    s.hands = [[] for _ in range(3)]
    s.hands[seat], s.hands[others[0]], s.hands[others[1]] = hand_sorted(hand), rest[:6], rest[6:12]
    s.known, s.won, s.stock, s.pot, s.plays, s.queue = [[], [], []], [[], [], []], [], [], [], []
    s.discard = rest[12:]
    s.out, s.held, s.blue = [False] * 3, [True] * 3, [False] * 3
    GAME._lead(s, seat)
    table.state = s
    member = next(m for m in members if m.id == table.record.seats[seat].user_id)
    panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response
    return table, seat, member, panel


async def test_a_run_from_a_thirty_card_hand_is_played_by_suit_then_first_then_last_card(simcord_env):
    table, seat, member, panel = await shedding_table(simcord_env)
    assert len(table.state.hands[seat]) == 30
    suits = [child.label for row in panel.message.components for child in row.children
             if any(x in (getattr(child, "label", None) or "") for x in "♠♥♦♣")]
    assert len(suits) == 3, "the first step offers the suits held (no clubs in this hand)"
    panel = (await member.click(panel.message, custom_id=labelled(panel.message, "♥"))).response
    panel = (await member.click(panel.message, custom_id=labelled(panel.message, C.text("4H")))).response
    labels = [getattr(child, "label", "") for row in panel.message.components for child in row.children]
    assert any("4♥" in (label or "") and "alone" in label for label in labels), "the card alone is offered"
    assert not any("3♥" in (label or "") for label in labels), "To lists only runs upwards from 4♥"
    await member.click(panel.message, custom_id=labelled(panel.message, "up to " + C.text("7H")))
    assert (await simcord_env.bot.store.moves(table.id))[-1][1:] == (seat, "play 4H 5H 6H 7H")
    assert table.state.table == [["4H", "5H", "6H", "7H"]]
