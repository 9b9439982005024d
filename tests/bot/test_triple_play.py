"""Triple Play through SimCord (issue 17): a 60-card hand reads grouped by rank and its panel stays within
Discord's limits; "May I go out?" reaches the partner, who answers in their own panel; the knee and foot
show on the table."""

from __future__ import annotations

from tests.bot.sim import four_player_table, panel, press
from tests.test_triple_play import BOOK, HANDS4, of_rank
from tests.test_triple_play import table as triple_state


def labels_of(shown) -> list[str]:
    return [c.label for row in shown.message.components for c in row.children if getattr(c, "label", None)]



def within_discord_limits(shown) -> None:
    assert len(shown.content) <= 2000
    rows = shown.message.components
    assert len(rows) <= 5 and all(len(row.children) <= 5 for row in rows)
    for row in rows:
        for child in row.children:
            assert len(getattr(child, "options", None) or ()) <= 25
            assert len(getattr(child, "label", None) or "") <= 80


async def test_a_sixty_card_hand_is_grouped_and_its_panel_fits_discord(simcord_env):
    """Hand panels group cards by rank at the largest hands; every step of building a meld fits Discord."""
    table, message, by_seat = await four_player_table(simcord_env, "triple_play")
    big = of_rank("K", 12) + of_rank("Q", 12) + of_rank("9", 12) + of_rank("4", 12, 4) + of_rank("JK", 6) \
        + of_rank("2", 6) + of_rank("A", 6)
    table.state = triple_state([big, *HANDS4[1:]], phase="meld", melds=({8: of_rank("8", 3)}, {}))
    alice = by_seat[0]
    shown = await panel(alice, message, table.id)
    assert "**Your hand (66):** A ×6, K ×12, Q ×12, 9 ×12, 4 ×12, 2 ×6, Joker ×6" in shown.content
    within_discord_limits(shown)
    shown = await press(alice, shown, "Add to the draft")
    within_discord_limits(shown)


async def test_may_i_go_out_is_answered_by_the_partner_in_their_own_panel(simcord_env):
    """Clarification 10 through Discord: the player on the foot asks, the partner answers No in their panel,
    and the question is not offered again that turn."""
    table, message, by_seat = await four_player_table(simcord_env, "triple_play")
    table.state = triple_state([["9S", "9H", "9D", "4C"], ["6C"], ["4H"], ["6D"]], phase="meld",
                               closed=(BOOK, []), stage=[2, 0, 0, 0])
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
    assert "Ask partner: may I go out?" not in labels_of(shown)
