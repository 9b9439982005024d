"""The private line a panel shows ("You drew 4♥") never names a card the seat cannot see now.

Whole games of every registered game are played through the table service (no Discord: the
clicks are tested in test_e2e.py), with random legal moves by every seat; after each move,
each seat's private line is checked against the cards hidden from that seat.
"""

from __future__ import annotations

import random

import pytest

from bot.store import Store
from bot.tables import PLAYING, TableService
from games import cards as C
from games.registry import GAMES
from tests.bot.sim import CARD

MOVES = 400


def hidden_from(table, seat: int) -> set[str]:
    """The texts of the cards hidden from ``seat``, but those that look like a card it sees (two packs)."""
    zones = table.game.zones(table.state)
    seen = {C.text(c) for z in zones if z.visible_to in ("all", seat) for c in z.cards}
    return {C.text(c) for z in zones if z.visible_to not in ("all", seat) for c in z.cards} - seen


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_private_lines_name_only_cards_the_seat_may_see(tmp_path, key):
    game = GAMES[key]
    store = await Store.open(str(tmp_path / "cards.sqlite3"))
    service = TableService(store)
    try:
        players = game.seats.start
        table = await service.create(1, 2, 100, "p0", key)
        for seat in range(1, players):
            await service.join(table.id, 100 + seat, f"p{seat}")
        if table.status != PLAYING:     # a game that starts alone (a solitaire) is running already
            await service.start(table.id, 100)
        rng = random.Random(key)
        for _ in range(MOVES):
            if table.status != PLAYING:
                break
            seat = rng.choice(table.to_move())
            move = rng.choice(game.moves(table.state, seat))
            await service.act(table.id, table.record.seats[seat].user_id, table.version, move)
            for s, line in table.private.items():
                shown = set(CARD.findall(line))
                assert not shown & hidden_from(table, s), f"seat {s} is told {line!r} after {move}"
    finally:
        await service.close()
        await store.close()


async def test_a_draw_that_ends_the_hand_leaves_no_private_line_about_it(tmp_path):
    """Last One's round limit ends a hand on the move that reached it, which may be a draw: the
    drawer's "You drew …" is about the hand just scored, and the new deal may give that card to
    someone else."""
    from games.last_one import PLAY

    store = await Store.open(str(tmp_path / "cards.sqlite3"))
    service = TableService(store)
    try:
        table = await service.create(1, 2, 100, "p0", "last_one")
        await service.join(table.id, 101, "p1")
        await service.start(table.id, 100)
        game, rng = table.game, random.Random(5)
        while not (table.state.phase == PLAY and any(m.kind == "draw" for m in game.moves(table.state,
                                                                                          table.to_move()[0]))):
            seat = table.to_move()[0]
            moves = [m for m in game.moves(table.state, seat) if m.kind != "draw"] or game.moves(table.state, seat)
            await service.act(table.id, 100 + seat, table.version, rng.choice(moves))
        hand = table.state.hand_no
        table.state.turns = table.state.options["round_limit"] * 2 - 1   # the next turn reaches the limit
        seat = table.to_move()[0]
        await service.act(table.id, 100 + seat, table.version, "draw")
        assert table.state.hand_no == hand + 1, "the round limit ended the hand"
        assert seat not in table.private, table.private
    finally:
        await service.close()
        await store.close()
