"""What the public table message says, drawn from a table without Discord."""

from __future__ import annotations

from bot.render import table_message
from bot.store import SeatRecord, TableRecord
from bot.tables import Table
from bot.ui import panel_view, walk
from games.i_doubt_it import GAME as I_DOUBT_IT
from games.page_one import GAME as PAGE_ONE
from tests.test_page_one import table as page_one_state


def playing(game, state, players: int) -> Table:
    record = TableRecord(id=7, guild_id=1, channel_id=2, game=game.key, options=state.options, host_id=11, seed=1,
                         status="playing", version=3,
                         seats=[SeatRecord(11 + i, f"p{i}") for i in range(players)])
    return Table(record, game, state)


def test_your_move_pings_the_player_to_move_not_those_who_may_only_catch():
    s = page_one_state([["5S", "KD"], ["4S", "7C", "8C"], ["9S", "2D"]], options={"call_mode": "catch"})
    PAGE_ONE.apply(s, 0, "play 5S")
    assert PAGE_ONE.to_move(s) == {0, 1, 2}, "seat 0 may call, seat 2 may catch, seat 1 is to play"
    content, _ = table_message(playing(PAGE_ONE, s, 3))
    assert content.startswith("Your move: <@12>") and "<@11>" not in content and "<@13>" not in content


def test_a_reaction_window_pings_everyone_who_may_answer():
    s = I_DOUBT_IT.start(3, {}, seed=1)
    seat = s.turn
    I_DOUBT_IT.apply(s, seat, I_DOUBT_IT.moves(s, seat)[0])
    while not s.window:      # a declaration may take more than one step
        I_DOUBT_IT.apply(s, seat, I_DOUBT_IT.moves(s, seat)[-1])
    content, _ = table_message(playing(I_DOUBT_IT, s, 3))
    for other in I_DOUBT_IT.to_move(s):
        assert f"<@{11 + other}>" in content


def test_names_are_escaped_in_the_message_text_but_written_as_typed_on_buttons():
    """Buttons show plain text: a name there keeps its underscores, where the panel's markdown
    text escapes them (so "john_doe" never reads "john\\_doe" on a button)."""
    s = page_one_state([["5S", "KD"], ["4S", "7C", "8C"], ["9S", "2D"]], options={"call_mode": "catch"})
    PAGE_ONE.apply(s, 0, "play 5S")
    table = playing(PAGE_ONE, s, 3)
    table.record.seats[0].name = "john_doe"
    step, _ = walk(table, 2, ())
    labels = [b["label"] for row in panel_view(table, 2, (), step, 0).to_components() for b in row["components"]]
    assert "Catch! (john_doe has not called)" in labels
    assert table.render("{p0} has not called") == "john\\_doe has not called"


def test_draws_in_a_row_show_as_one_line_and_the_result_once():
    """Four single draws read "p0 draws 4 cards."; at the end "p0 wins!" is the status, not again a
    recent line."""
    from bot.tables import TableService
    from games.crazy_eights import GAME as CRAZY_EIGHTS
    from tests.test_crazy_eights import table as crazy_eights_state

    s = crazy_eights_state([["KD", "3C"], ["2D", "3D"]], ["9S"], stock=["AH", "JS", "5H", "4H", "2C"])
    t = playing(CRAZY_EIGHTS, s, 2)
    for _ in range(4):
        TableService._log_events(t, 0, CRAZY_EIGHTS.apply(s, 0, "draw"))
    _, embed = table_message(t)
    assert "• p0 draws 4 cards." in embed.description and "draws a card" not in embed.description
    s.hands = [["JS"], ["2D", "3D"]]
    t._drawn = (None, {})
    TableService._log_events(t, 0, CRAZY_EIGHTS.apply(s, 0, "play JS"))
    _, embed = table_message(t)
    assert s.over and embed.description.startswith("**p0 wins!**")
    assert embed.description.count("p0 wins!") == 1


def test_a_greek_table_counts_cards_and_names_a_stand_in_in_greek():
    """The bot's own parts of the table message follow the table's language, with Greek plurals:
    "1 φύλλο" but "2 φύλλα", and a computer standing in for a member."""
    s = page_one_state([["5S"], ["4S", "7C"], ["9S", "2D"]])
    table = playing(PAGE_ONE, s, 3)
    table.record.meta["language"] = "el"
    table.record.seats[1].stand_in = True
    content, embed = table_message(table)
    assert content.startswith("Σειρά σου: <@11>")
    assert "<@11> · 1 φύλλο" in embed.description and "🤖 υπολογιστής για <@12> · 2 φύλλα" in embed.description
    assert "Πάτησε **Το χέρι μου** για να δεις τα φύλλα σου και να παίξεις." in embed.description
    assert embed.footer.text.startswith("Τραπέζι #7 · page_one · επιλογές:")
