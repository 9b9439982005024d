"""Issue 16: the long matches (Trex's four kingdoms of five hands, Envite's best of three games,
Calabrasella's six deals) survive a restart in the middle of the match, as every game does: the
table comes back from the store with the same state and version, and play goes on to later hands
and to the end of the match."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.tables import FINISHED, PLAYING, TableService
from games.engine import State

USERS = [101, 102, 103, 104]

# game, players, options, "far enough into the match" (past its first hand or game)
LONG_MATCHES: list[tuple[str, int, dict, Callable[[State], bool]]] = [
    ("trex", 4, {}, lambda s: s.kingdom >= 2),                   # the second kingdom (hand 6 of 20)
    ("envite", 4, {"stones": "3"}, lambda s: sum(s.games) >= 1),  # the second game of three
    ("calabrasella", 3, {}, lambda s: s.hand_no >= 2),            # the third deal of six
]


async def play_until(service: TableService, table, done: Callable[[State], bool], limit: int = 5000) -> None:
    """Whoever is to move plays their first legal move until ``done`` or the match ends."""
    for _ in range(limit):
        if table.status != PLAYING or done(table.state):
            return
        seat = table.to_move()[0]
        user = table.record.seats[seat].user_id
        await service.act(table.id, user, table.version, table.game.moves(table.state, seat)[0])
    raise AssertionError("the match did not get there")


@pytest.mark.parametrize(("key", "players", "options", "midway"), LONG_MATCHES, ids=[m[0] for m in LONG_MATCHES])
async def test_a_long_match_survives_a_restart_midway_and_plays_on_to_its_end(store, key, players, options, midway):
    first = TableService(store, ai_iterations=10, ai_seconds=None)
    t = await first.create(1, 2, USERS[0], "Ann", key, options)
    for user in USERS[1:players]:
        await first.join(t.id, user, f"P{user}")
    await first.start(t.id, USERS[0])
    await play_until(first, t, midway)
    assert t.status == PLAYING and midway(t.state), "the match ended before the restart"
    hand, state, version = t.state.hand_no, t.state.to_json(), t.version
    await first.close()

    second = TableService(store, ai_iterations=10, ai_seconds=None)
    try:
        assert await second.load() == 1
        again = second.tables[t.id]
        assert again.state.to_json() == state and again.version == version
        await play_until(second, again, lambda s: s.hand_no > hand)
        assert again.state.hand_no > hand, "a later hand is dealt after the restart"
        await play_until(second, again, lambda s: False)
        assert again.status == FINISHED
        assert len(await store.results(1)) == players
    finally:
        await second.close()
