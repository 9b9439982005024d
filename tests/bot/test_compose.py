"""Composed moves through SimCord (P7, issue 15): besides the suggested moves, a Scopa player builds a
move in two steps (the hand card, then the board cards it takes) and confirms the reading the panel
shows, or types it in the Type move box."""

from __future__ import annotations

import pytest

from bot.compose import ComposeButton, TargetSelect
from bot.ui import panel_view, walk
from games import cards as C
from games.engine import Move, Step
from tests.bot.sim import custom_ids, fetch, table_id, text_of
from tests.bot.test_panel import big_hand_table
from tests.bot.test_pseudo_locale import check, pseudo_clients  # noqa: F401 (a fixture, used by name)


async def scopa_table(env, hand=("7D", "KS", "2S"), board=("3C", "4H", "5S", "JH")):
    """A started Scopa table whose player to move holds ``hand`` with ``board`` on the table,
    and that player's hand panel."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    message = (await alice.slash(channel, "play", game="scopa")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    seat = table.to_move()[0]
    table.state = arranged(table.state, seat, list(hand), list(board))
    member = alice if table.record.seats[seat].user_id == alice.id else bob
    panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response
    return channel, message, table, seat, member, panel


def arranged(state, seat: int, hand: list[str], board: list[str]):
    """A copy of a Scopa state with ``hand`` and ``board`` as given; every other card of the pack
    is dealt to the other hand (three) and the stock."""
    twin = state.clone()
    rest = [c for c in C.italian_deck() if c not in hand and c not in board]
    twin.hands[seat], twin.board = hand, board
    twin.hands[1 - seat], twin.stock = rest[:3], rest[3:]
    return twin


def ids(message, prefix: str) -> list[str]:
    return [c for c in custom_ids(message) if c.startswith(prefix)]


def labelled(message, label: str) -> str:
    for row in message.components:
        for child in row.children:
            if label in (getattr(child, "label", None) or ""):
                return child.custom_id
    raise AssertionError(f"no {label!r} in {custom_ids(message)}")


def target_values(message, *labels: str) -> list[str]:
    [menu] = [child for row in message.components for child in row.children
              if str(getattr(child, "custom_id", "")).startswith("kt:")]
    return [o.value for o in menu.options if o.label in labels]


async def build(member, panel, card: str, *targets: str):
    """Build a move (or Back to the hand cards), pick ``card``, select ``targets``: the panel showing
    the selection's readings."""
    to_hand = next(c for c in ids(panel.message, "kb:") if c.endswith(":build"))
    panel = (await member.click(panel.message, custom_id=to_hand)).response
    panel = (await member.click(panel.message, custom_id=labelled(panel.message, C.text(card)))).response
    if targets:
        values = target_values(panel.message, *map(C.text, targets))
        panel = (await member.select(panel.message, values, custom_id=ids(panel.message, "kt:")[0])).response
    return panel


async def test_a_capture_built_in_two_steps_is_shown_then_played_on_confirm(simcord_env):
    env = simcord_env
    channel, message, table, seat, member, panel = await scopa_table(env)
    assert "Your hand (3)" in panel.content and ids(panel.message, "cp:"), "the suggested moves stay"
    chosen = await build(member, panel, "7D", "3C", "4H")
    assert "7♦ takes 3♣ + 4♥" in chosen.content, "the selection's reading is shown before anything is played"
    version = table.version
    confirm = labelled(chosen.message, "7♦ takes 3♣ + 4♥")
    played = (await member.click(chosen.message, custom_id=confirm)).response
    assert table.version == version + 1
    assert (await env.bot.store.moves(table.id))[-1][1:] == (seat, "play 7D take=3C+4H")
    assert sorted(table.state.board) == ["5S", "JH"] and "Your hand (2)" in played.content
    await env.bot.controller.flush()
    assert "takes 3♣ + 4♥" in text_of(await fetch(env, channel, message.id)), "the table shows the capture"


async def test_an_illegal_selection_shows_the_reason_and_changes_nothing(simcord_env):
    env = simcord_env
    _, _, table, _seat, member, panel = await scopa_table(env)
    state, version = table.state.to_json(), table.version
    refused = await build(member, panel, "7D", "3C", "5S")   # 3 + 5 is 8, not 7
    assert "⚠️" in refused.content and "adds up to 8, not 7" in refused.content
    assert not [c for c in ids(refused.message, "kb:") if ":ok" in c], "nothing to confirm"
    lay = await build(member, panel, "7D")
    assert "can capture, so it may not just go on the board" in lay.content
    assert table.version == version and table.state.to_json() == state


async def test_a_card_that_takes_nothing_goes_on_the_board_from_an_empty_selection(simcord_env):
    env = simcord_env
    _, _, table, seat, member, panel = await scopa_table(env, hand=("2S", "KS", "6C"))
    chosen = await build(member, panel, "2S")
    assert "2♠ goes on the board" in chosen.content
    await member.click(chosen.message, custom_id=labelled(chosen.message, "2♠ goes on the board"))
    assert (await env.bot.store.moves(table.id))[-1][1:] == (seat, "play 2S")


async def test_back_leads_from_the_targets_to_the_hand_and_to_the_suggested_moves(simcord_env):
    env = simcord_env
    *_, member, panel = await scopa_table(env)
    chosen = await build(member, panel, "7D")
    hand = (await member.click(chosen.message, custom_id=labelled(chosen.message, "Back"))).response
    assert "which card do you play" in hand.content and labelled(hand.message, "7♦")
    root = (await member.click(hand.message, custom_id=labelled(hand.message, "Back"))).response
    assert ids(root.message, "cp:") and labelled(root.message, "Build a move")


async def test_type_move_plays_a_legal_text(simcord_env):
    env = simcord_env
    _, _, table, seat, member, panel = await scopa_table(env)
    box = await member.click(panel.message, custom_id=labelled(panel.message, "Type move"))
    assert box.modal is not None
    version = table.version
    played = await member.submit_modal(box, {"move": "7d take 4h+3c"})
    assert table.version == version + 1
    assert (await env.bot.store.moves(table.id))[-1][1:] == (seat, "play 7D take=3C+4H")
    assert "Your hand (2)" in played.response.content


async def test_type_move_with_a_bad_text_answers_privately_and_changes_nothing(simcord_env):
    env = simcord_env
    _, _, table, _seat, member, panel = await scopa_table(env)
    state, version = table.state.to_json(), table.version
    for text, why in (("7D take 3C+5S", "adds up to 8, not 7"), ("9Z", "is not a card"),
                      ("7D", "can capture"), ("5C", "do not hold")):
        box = await member.click(panel.message, custom_id=labelled(panel.message, "Type move"))
        answer = await member.submit_modal(box, {"move": text})
        assert why in answer.response.content and "⚠️" in answer.response.content, text
        assert answer.response.message.flags.ephemeral, "the reason is told on the private panel"
    assert table.version == version and table.state.to_json() == state


async def test_a_stale_build_panel_and_a_stale_type_box_are_refused(simcord_env):
    env = simcord_env
    _, message, table, seat, member, panel = await scopa_table(env)
    chosen = await build(member, panel, "7D", "3C", "4H")
    other = (await member.click(message, custom_id=f"ct:{table.id}:hand")).response
    box = await member.click(other.message, custom_id=labelled(other.message, "Type move"))
    await env.bot.service.act(table.id, member.id, table.version, "play 7D take=3C+4H")   # the table moves on
    state = table.state.to_json()
    refused = (await member.click(chosen.message, custom_id=labelled(chosen.message, "takes"))).response
    assert "moved on" in refused.content
    typed = await member.submit_modal(box, {"move": "KS"})
    assert "moved on" in typed.response.content
    assert table.state.to_json() == state, "a stale click or text must not play"


async def test_more_than_25_targets_page_and_the_selection_is_kept_across_pages(simcord_env):
    env = simcord_env
    board = [c for c in C.italian_deck() if c not in ("7D", "KS", "2S")][:30]
    *_, table, seat, member, panel = await scopa_table(env, board=tuple(board))
    chosen = await build(member, panel, "7D")
    [menu] = [child for row in chosen.message.components for child in row.children
              if str(getattr(child, "custom_id", "")).startswith("kt:")]
    assert len(menu.options) == 25 and "(1/2)" in menu.placeholder
    first = board[0]
    chosen = (await member.select(chosen.message, [target_values(chosen.message, C.text(first))[0]],
                                  custom_id=menu.custom_id)).response
    second = (await member.click(chosen.message, custom_id=labelled(chosen.message, "Next"))).response
    [menu] = [child for row in second.message.components for child in row.children
              if str(getattr(child, "custom_id", "")).startswith("kt:")]
    assert len(menu.options) == 5 and "(2/2)" in menu.placeholder
    back = (await member.click(second.message, custom_id=labelled(second.message, "Previous"))).response
    [menu] = [child for row in back.message.components for child in row.children
              if str(getattr(child, "custom_id", "")).startswith("kt:")]
    assert [o.label for o in menu.options if o.default] == [C.text(first)], "the choice of page 1 is kept"
    assert all(len(o.label) <= 100 for o in menu.options)


def test_a_game_without_composed_moves_offers_no_build_or_type_button():
    table = big_hand_table(5)
    seat = table.state.turn
    step, _ = walk(table, seat, ())
    assert not [p for row in panel_view(table, seat, (), step, 0).rows for p in row
                if p["custom_id"].startswith("kb:")]


def test_compose_ids_stay_within_discords_limit():
    biggest = 2**63 - 1, 10**9 - 1, 999, 2**100 - 1, 999
    assert len(ComposeButton.id_for(*biggest, "ok10")) <= 100
    assert len(TargetSelect.id_for(*biggest)) <= 100


@pytest.mark.usefixtures("pseudo_clients")
async def test_the_build_and_type_path_passes_through_the_catalog(simcord_env):
    """In the pseudo-locale every text of Build a move (hand step, targets, readings, reasons) is a
    catalog message, and within Discord's limits."""
    env = simcord_env
    _, _, table, _seat, member, panel = await scopa_table(env)
    assert table.language == "pseudo"
    problems: list[str] = []
    check(panel.message, "panel", problems)
    hand = (await member.click(panel.message, custom_id=ids(panel.message, "kb:")[0])).response
    check(hand.message, "hand step", problems)
    card = next(c for c in ids(hand.message, "kb:") if c.endswith(":card"))
    targets = (await member.click(hand.message, custom_id=card)).response
    check(targets.message, "targets step", problems)
    menu = ids(targets.message, "kt:")[0]
    values = [o.value for row in targets.message.components for child in row.children
              for o in (getattr(child, "options", None) or [])]
    for picked in ([values[0]], values[:2]):
        shown = (await member.select(targets.message, picked, custom_id=menu)).response
        check(shown.message, "readings", problems)
        menu = ids(shown.message, "kt:")[0]
    assert not problems, "\n".join(problems)


def test_suggested_moves_beyond_25_page_and_long_labels_fit_discord():
    """The usual prompt (the suggested moves) with 30 long answers: a select of 25, then 5 on a
    second page, every option label within Discord's 100 characters."""
    table = big_hand_table(5)
    seat = table.state.turn
    step = Step("Which?", [(f"capture {i} " + "7♦ + 3♣ + " * 20, Move("play", (str(i),))) for i in range(30)])
    for page, count in ((0, 25), (1, 5)):
        view = panel_view(table, seat, (), step, page)
        [menu] = [p for row in view.rows for p in row if p["custom_id"].startswith("cs:")]
        assert len(menu["options"]) == count and all(len(o["label"]) <= 100 for o in menu["options"])
