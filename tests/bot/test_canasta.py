"""Canasta through SimCord (issue 17): the meld draft is built step by step in the panel (rank, natural
cards, wild cards), is private, survives a refresh of the panel and is committed as one move; the hand
reads grouped by rank; "May I go out?" reaches the partner, who answers in their own panel."""

from __future__ import annotations

from tests.bot.sim import four_player_table, panel, press
from tests.test_canasta import KINGS7
from tests.test_canasta import table as canasta_state


def set_state(table, hands, melds):
    """Seat 0 to meld (it has drawn) with ``hands``; side 0 holds ``melds``."""
    s = canasta_state(hands, phase="meld", melds=melds)
    s.fresh = False
    table.state = s


async def test_a_draft_is_built_in_steps_survives_a_refresh_and_commits_as_one(simcord_env):
    table, message, by_seat = await four_player_table(simcord_env, "canasta")
    set_state(table, [["9S", "9H", "9D", "5C", "6D", "KC"], ["6C"], ["7C"], ["8C"]], ({13: KINGS7[:3]}, {}))
    alice = by_seat[0]
    shown = await panel(alice, message, table.id)
    assert "9 ×3" in shown.content                     # the hand grouped by rank
    for label in ("Add to the draft", "9 ×3", "3", "no wild card"):
        shown = await press(alice, shown, label)
    assert "Draft: 9♠ 9♥ 9♦ as a new meld" in shown.content
    assert table.state.draft and not table.state.melds[0].get("9")
    other = await panel(by_seat[1], message, table.id)
    assert "Draft" not in other.content and "to meld and discard" in other.content   # private to the mover
    shown = await panel(alice, message, table.id)                                 # a refresh
    assert "Draft: 9♠ 9♥ 9♦ as a new meld" in shown.content
    shown = await press(alice, shown, "Commit the draft")
    assert sorted(table.state.melds[0]["9"]) == ["9D", "9H", "9S"] and not table.state.draft
    assert sorted(table.state.hands[0]) == ["5C", "6D", "KC"]


async def test_may_i_go_out_is_answered_by_the_partner_in_their_own_panel(simcord_env):
    table, message, by_seat = await four_player_table(simcord_env, "canasta")
    set_state(table, [["9S", "9H", "9D", "9C", "5C"], ["6C"], ["7C"], ["8C"]], ({13: KINGS7}, {}))
    alice, cleo = by_seat[0], by_seat[2]
    shown = await panel(alice, message, table.id)
    await press(alice, shown, "Ask partner: may I go out?")
    assert table.game.to_move(table.state) == frozenset({2})
    asked = await panel(cleo, message, table.id)
    assert "asks: may I go out?" in asked.content
    await press(cleo, asked, "No")
    assert table.state.asked == "no" and table.state.turn == 0
    shown = await panel(alice, message, table.id)
    assert "Your partner said no" in shown.content
    labels = [c.label for row in shown.message.components for c in row.children if getattr(c, "label", None)]
    assert "Ask partner: may I go out?" not in labels
