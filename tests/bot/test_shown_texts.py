"""Everything a member reads, in every game: no seat placeholder left unfilled ("{p0}"), no
"1 cards", no Python values ("True", "None"), and a footer that lists only changed options.

Whole games are played through the table service with random legal moves (no Discord: the
clicks themselves are tested in test_e2e.py); after each move the table message and every
seat's hand panel (its text, buttons, menus and their first sub-step) are rendered.
"""

from __future__ import annotations

import random
import re

import pytest

from bot.render import table_message
from bot.store import Store
from bot.tables import LOBBY, PLAYING, TableService
from bot.ui import Controller, walk
from games.registry import GAMES

MOVES = 250
# games with options that put seat names into answers or widen the texts
# (a game that starts alone skips the lobby this test passes through: Spider is played as a race)
VARIANTS = [(key, {}) for key in sorted(GAMES) if not GAMES[key].starts_alone({})] + [
    ("page_one", {"call_mode": "catch"}), ("last_one", {"call_mode": "catch"}),
    ("thirteen", {"decks": 2, "scoring": "wins", "hands_to_win": 2}), ("fan_tan", {"fines": True}),
    ("spider", {"race": True}),
]
WRONG = [re.compile(p) for p in (r"\{p\d+\}", r"(?<!\d)1 cards", r"\bNone\b(?!:)", r"\b(True|False)\b",
                                 r"· score -?\d")]   # a seat line says what its score counts


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(str(tmp_path / "cards.sqlite3"))
    service = TableService(store)
    yield service
    await service.close()
    await store.close()


def controller_for(service: TableService) -> Controller:
    controller = Controller.__new__(Controller)   # the panels only: no Discord client
    controller.service = service
    return controller


def texts_of(rows) -> list[str]:
    out = []
    for part in rows.children:
        out += [part.get("label") or "", part.get("placeholder") or ""]
        out += [o["label"] for o in part.get("options", [])]
    return out


def assert_readable(texts: list[str], where: str) -> None:
    for text in texts:
        for wrong in WRONG:
            assert not wrong.search(text), f"{where}: {wrong.pattern!r} in {text!r}"


@pytest.mark.parametrize(("key", "options"), VARIANTS, ids=[f"{k}-{'-'.join(o) or 'default'}" for k, o in VARIANTS])
async def test_what_members_read_is_filled_in_and_plain(service, key, options):
    game = GAMES[key]
    controller = controller_for(service)
    players = 3 if 3 in game.seats else game.seats.start
    if options.get("decks") == 2:
        players = 7
    table = await service.create(1, 2, 100, "Ann", key, {k: str(v).lower() for k, v in options.items()})
    for seat in range(1, players):
        await service.join(table.id, 100 + seat, f"P{seat}")
    assert table.status == LOBBY
    footer = table_message(table)[1].footer.text
    assert ("options: defaults" in footer) == (not options), footer
    if options.get("fines"):
        assert "fines=yes" in footer
    await service.start(table.id, 100)
    rng = random.Random(key)
    for _ in range(MOVES):
        if table.status != PLAYING:
            break
        content, embed = table_message(table)
        assert_readable([content, embed.title, embed.description, embed.footer.text], f"{key} table message")
        for seat in range(players):
            text, rows = controller.panel(table, seat, ())
            assert_readable([text, *texts_of(rows)], f"{key} panel of seat {seat}")
            step, _ = walk(table, seat, ())
            if step is not None and step.answers and step.answers[0][1] is None:
                text, rows = controller.panel(table, seat, (0,))
                assert_readable([text, *texts_of(rows)], f"{key} sub-step of seat {seat}")
        seat = rng.choice(table.to_move())
        await service.act(table.id, table.record.seats[seat].user_id, table.version,
                          rng.choice(game.moves(table.state, seat)))


async def started(service: TableService, key: str, players: int):
    table = await service.create(1, 2, 100, "Ann", key)
    for seat in range(1, players):
        await service.join(table.id, 100 + seat, f"P{seat}")
    await service.start(table.id, 100)
    return table, controller_for(service)


@pytest.mark.parametrize(("key", "options", "players", "unit"), [
    ("stop_the_bus", {}, 3, "3 tokens"),
    ("fan_tan", {}, 3, " chips"),
    ("dou_dizhu", {}, 3, "0 chips"),
    ("big_two", {}, 4, "0 penalty points"),
    ("crazy_eights", {}, 2, "0 hands won"),
    ("crazy_eights", {"scoring": "penalty"}, 2, "0 penalty points"),
    ("oh_hell", {}, 3, "0 points"),
    ("trash", {}, 2, "0 hands won"),
])
async def test_seat_lines_say_what_the_scores_count(service, key, options, players, unit):
    """Tokens (lives) in Stop the Bus, chips in the stakes games, penalty points where lower is
    better: a bare "score 3" left players guessing."""
    table = await service.create(1, 2, 100, "Ann", key, options)
    for seat in range(1, players):
        await service.join(table.id, 100 + seat, f"P{seat}")
    await service.start(table.id, 100)
    lines = table_message(table)[1].description.split("\n")
    seat_lines = [line for line in lines if line.lstrip("▶ ").startswith("<@")]
    assert len(seat_lines) == players and all(unit in line for line in seat_lines), seat_lines


async def test_two_pack_thirteen_tells_the_copies_of_a_card_apart_in_hand_and_menu(service):
    """Thirteen with two packs: the second copy of a card ranks higher, so the hand and the
    card menu write it 5♥², as the log does, and no two menu entries read the same."""
    table, controller = await started(service, "thirteen", 7)
    seat = table.to_move()[0]
    text, rows = controller.panel(table, seat, ())
    hand = table.state.hands[seat]
    menu = [o["label"] for part in rows.children for o in part.get("options", [])]
    assert len(menu) == len(hand) and len(set(menu)) == len(menu)
    seconds = [c for c in hand if "²" in table.game.card_text(c)]
    assert all(table.game.card_text(c) in text for c in seconds)
    assert any("²" in t for seat in range(7) for t in [controller.panel(table, seat, ())[0]])


async def test_the_pass_button_of_the_card_menu_uses_the_games_word(service):
    """Thirteen calls passing "knocking": the card menu's button says so, as the hint steps do."""
    table, controller = await started(service, "thirteen", 2)
    opener = table.to_move()[0]
    lead = next(m for m in table.game.moves(table.state, opener) if m.kind != "pass")
    await service.act(table.id, table.record.seats[opener].user_id, table.version, lead)
    seat = table.to_move()[0]
    _, rows = controller.panel(table, seat, ())
    labels = [part.get("label") for part in rows.children]
    assert "Knock (pass)" in labels and "Pass" not in labels


async def test_a_tables_own_seat_limits_fill_the_lobby(service):
    """I Doubt It's max_players: the lobby says how many may sit and refuses one more."""
    from bot.tables import TableError

    table = await service.create(1, 2, 100, "Ann", "i_doubt_it", {"max_players": "3"})
    await service.join(table.id, 101, "Bob")
    await service.join(table.id, 102, "Cy")
    assert "(3, 3 players)" in table_message(table)[1].description
    with pytest.raises(TableError, match=r"full \(3 players\)"):
        await service.join(table.id, 103, "Dee")
    with pytest.raises(TableError, match=r"full \(3 players\)"):
        await service.add_computer(table.id, 100)
    await service.start(table.id, 100)
    assert table.status == PLAYING


async def test_a_finished_panel_says_the_result_once(service):
    table, controller = await started(service, "crazy_eights", 2)
    rng = random.Random(3)
    while table.status == PLAYING:
        seat = table.to_move()[0]
        await service.act(table.id, table.record.seats[seat].user_id, table.version,
                          rng.choice(table.game.moves(table.state, seat)))
    text, _ = controller.panel(table, 0, ())
    result = table.render(table.view(0).result)
    assert text.count(result) == 1
