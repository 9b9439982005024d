"""Trex's choices through SimCord (issue 16): the kingdom's owner picks a contract from one row of
at most five buttons, and in the doubling round a queen holder sees "Double Q♠" buttons while a
player without one sees Continue only, so the panel never tells who holds what."""

from __future__ import annotations

from games.trex import CHOOSE, DOUBLE
from tests.bot.sim import four_player_table, panel


def buttons(message) -> list[list[str]]:
    """The panel's button labels, row by row (rows without buttons left out)."""
    rows = []
    for row in message.components:
        labels = [child.label for child in row.children if getattr(child, "label", None)]
        if labels:
            rows.append(labels)
    return rows




async def test_the_owner_chooses_the_contract_from_one_row_of_five_buttons(simcord_env):
    table, message, by_seat = await four_player_table(simcord_env, "trex")
    s = table.state
    assert s.phase == CHOOSE
    shown = await panel(by_seat[s.owner], message, table.id)
    contracts = ["Diamonds", "Eltoosh", "Girls", "King of Hearts", "Trex"]
    assert contracts in buttons(shown.message)


async def test_doubling_holders_see_their_queens_and_the_others_continue_only(simcord_env):
    table, message, by_seat = await four_player_table(simcord_env, "trex")
    s = table.state.clone()
    s.contract, s.phase, s.asked, s.turn = "girls", DOUBLE, 0, s.dealer
    holder = s.dealer
    nxt = (holder + 1) % 4
    plain = [c for h in s.hands for c in h if c[0] != "Q"]
    s.hands[holder] = ["QS", "QH", *plain[:11]]
    s.hands[nxt] = plain[11:24]
    s.hands[(holder + 2) % 4] = ["QD", "QC", *plain[24:35]]
    s.hands[(holder + 3) % 4] = plain[35:48]
    table.state = s
    shown = await panel(by_seat[holder], message, table.id)
    labels = [label for row in buttons(shown.message) for label in row]
    assert "Double Q♠" in labels and "Double Q♥" in labels and "Continue" in labels
    await by_seat[holder].click(shown.message, custom_id=next(
        c.custom_id for row in shown.message.components for c in row.children if c.label == "Continue"))
    assert table.state.turn == nxt
    shown = await panel(by_seat[nxt], message, table.id)
    labels = [label for row in buttons(shown.message) for label in row]
    assert "Continue" in labels and not any(label.startswith("Double") for label in labels)
