"""The hand panel turns a prompt into components within Discord's limits."""

from __future__ import annotations

from bot.store import SeatRecord, TableRecord
from bot.tables import Table
from bot.ui import AnswerButton, AnswerSelect, NavButton, panel_view, walk
from games import cards as C
from games.crazy_eights import ANY, GAME


def big_hand_table(cards: int) -> Table:
    s = GAME.start(2, {"decks": 2}, seed=1)
    plain = [c for c in C.french_deck(decks=2) if C.rank(c) != 8][:cards]
    s.hands[s.turn] = plain
    s.named = ANY  # a joker on top: every card may be played
    record = TableRecord(id=7, guild_id=1, channel_id=2, game=GAME.key, options=s.options, host_id=1, seed=1,
                         status="playing", version=3, seats=[SeatRecord(1, "a"), SeatRecord(2, "b")])
    return Table(record, GAME, s)


def parts(view, prefix: str):
    """The buttons/selects (as sent to Discord) whose custom id starts with ``prefix``, with their row."""
    return [dict(part, row=r) for r, row in enumerate(view.rows) for part in row
            if part["custom_id"].startswith(prefix)]


def test_up_to_twenty_answers_are_buttons_in_four_rows():
    table = big_hand_table(19)  # 19 cards + draw
    seat = table.state.turn
    step, _ = walk(table, seat, ())
    view = panel_view(table, seat, (), step, 0)
    buttons = parts(view, "cp:")
    assert len(buttons) == 20
    assert max(b["row"] for b in buttons) == 3
    assert all(len(b["custom_id"]) <= 100 for b in parts(view, "c"))
    assert all(len(row["components"]) <= 5 for row in view.to_components())


def test_more_answers_page_through_a_select_of_25():
    table = big_hand_table(40)  # 41 answers: two pages
    seat = table.state.turn
    step, _ = walk(table, seat, ())
    first = panel_view(table, seat, (), step, 0)
    selects = parts(first, "cs:")
    assert len(selects) == 1 and len(selects[0]["options"]) == 25
    nav = [c["custom_id"] for c in parts(first, "cn:")]
    assert any(":next:1" in n for n in nav) and not any(":prev:" in n for n in nav)
    second = panel_view(table, seat, (), step, 1)
    [select] = parts(second, "cs:")
    assert len(select["options"]) == 16 and select["options"][0]["value"] == "25"
    assert any(":prev:0" in c["custom_id"] for c in parts(second, "cn:"))


def test_component_classes_round_trip_their_ids():
    assert AnswerButton(7, 3, "0.1", 2).item.custom_id == "cp:7:3:0.1:2"
    assert AnswerSelect(7, 3, "", 1).item.custom_id == "cs:7:3::1"
    assert NavButton(7, 3, "0", "back").item.custom_id == "cn:7:3:0:back:0"
