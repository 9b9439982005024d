"""The table service without Discord: lobby rules, moves, versions, computers, restarts."""

from __future__ import annotations

import asyncio

import pytest

from bot import tables as tables_module
from bot.tables import FINISHED, PLAYING, RematchOpen, StaleMove, TableError, TableService
from bot.thinking import ThreadThinker
from games.ai.levels import make_level
from games.engine import Move

ALICE, BOB, CLEO = 101, 102, 103


@pytest.fixture
async def service(store):
    svc = TableService(store, ai_iterations=10, ai_seconds=None)
    yield svc
    await svc.close()


async def lobby(service, key="scopa", **options):
    return await service.create(1, 2, ALICE, "Alice", key, options)


async def test_unknown_game_and_bad_options_are_refused_with_a_reason(service):
    with pytest.raises(TableError, match="no game called 'poker'"):
        await service.create(1, 2, ALICE, "Alice", "poker")
    with pytest.raises(TableError, match="option 'target'"):
        await lobby(service, target="12")


async def test_joining_twice_a_full_table_and_too_few_players(service):
    t = await lobby(service)
    with pytest.raises(TableError, match="needs at least 2 players"):
        await service.start(t.id, ALICE)
    with pytest.raises(TableError, match="already at this table"):
        await service.join(t.id, ALICE, "Alice")
    await service.join(t.id, BOB, "Bob")
    with pytest.raises(TableError, match="full"):
        await service.join(t.id, CLEO, "Cleo")
    with pytest.raises(TableError, match="full"):
        await service.add_computer(t.id, ALICE)


async def test_only_the_host_starts_and_only_seated_players_add_computers(service):
    t = await lobby(service, "crazy_eights")
    await service.join(t.id, BOB, "Bob")
    with pytest.raises(TableError, match="Only the host"):
        await service.start(t.id, BOB)
    with pytest.raises(TableError, match="Only players at the table"):
        await service.add_computer(t.id, CLEO)
    await service.add_computer(t.id, BOB)
    assert [s.name for s in t.record.seats] == ["Alice", "Bob", "Computer 1"]


async def test_host_leaving_passes_the_table_on_and_last_one_out_closes_it(service):
    t = await lobby(service)
    await service.join(t.id, BOB, "Bob")
    await service.leave(t.id, ALICE)
    assert t.record.host_id == BOB
    await service.leave(t.id, BOB)
    assert t.status == "cancelled"
    with pytest.raises(TableError, match="closed"):
        await service.join(t.id, CLEO, "Cleo")


async def test_moves_check_seat_turn_version_and_legality(service):
    t = await lobby(service)
    await service.join(t.id, BOB, "Bob")
    await service.start(t.id, ALICE)
    assert t.status == PLAYING
    seat = t.to_move()[0]
    mover, other = (ALICE, BOB) if seat == 0 else (BOB, ALICE)
    move = t.game.moves(t.state, seat)[0]
    with pytest.raises(TableError, match="not playing"):
        await service.act(t.id, CLEO, t.version, move)
    with pytest.raises(TableError, match="not your turn"):
        await service.act(t.id, other, t.version, move)
    with pytest.raises(StaleMove):
        await service.act(t.id, mover, t.version - 1, move)
    with pytest.raises(TableError, match="Say which one card"):
        await service.act(t.id, mover, t.version, "play 7Z")
    before = t.version
    await service.act(t.id, mover, t.version, move)
    assert t.version == before + 1
    with pytest.raises(StaleMove):
        await service.act(t.id, other, before, t.game.moves(t.state, t.to_move()[0])[0])


async def test_every_acknowledged_move_survives_a_restart(store, tmp_path):
    first = TableService(store, ai_iterations=10, ai_seconds=None)
    t = await first.create(1, 2, ALICE, "Alice", "crazy_eights", {})
    await first.join(t.id, BOB, "Bob")
    await first.start(t.id, ALICE)
    for _ in range(5):
        seat = t.to_move()[0]
        user = t.record.seats[seat].user_id
        await first.act(t.id, user, t.version, t.game.moves(t.state, seat)[0])
    state, version = t.state.to_json(), t.version
    await first.close()
    second = TableService(store, ai_iterations=10, ai_seconds=None)
    assert await second.load() == 1
    again = second.tables[t.id]
    assert again.state.to_json() == state and again.version == version
    log = await store.moves(t.id)
    assert len(log) == 5


async def alice_plays_against_computers(service, t, moves: int = 500) -> None:
    """Alice plays the first legal move whenever it is her turn; the computers must never leave
    the game waiting on them."""
    for _ in range(moves):
        await service.idle()
        if t.status != PLAYING:
            return
        seat = t.to_move()[0]
        assert not t.record.seats[seat].computer, "the game waits on a computer"
        await service.act(t.id, ALICE, t.version, t.game.moves(t.state, seat)[0])


async def test_computers_play_their_turns_to_the_end(service):
    t = await lobby(service, "crazy_eights", hand_size="5")
    await service.add_computer(t.id, ALICE)
    await service.add_computer(t.id, ALICE)
    await service.start(t.id, ALICE)
    await alice_plays_against_computers(service, t)
    assert t.status == FINISHED
    assert len(await service.store.results(1)) == 3


async def test_cancel_by_host_or_manager_only_and_rematch_after_the_end(service):
    t = await lobby(service)
    await service.join(t.id, BOB, "Bob")
    with pytest.raises(TableError, match="host or a server manager"):
        await service.cancel(t.id, BOB)
    await service.cancel(t.id, BOB, is_admin=True)
    assert t.status == "cancelled"
    with pytest.raises(TableError, match="rematch"):
        await service.rematch(t.id, ALICE, "Alice")


class BrokenThinker:
    """A search that fails (a bug in a game's search code), never answers (a lost worker), or
    answers a move the rules refuse (a bug: thinking again would choose it again)."""

    def __init__(self, how: str) -> None:
        self.how = how
        self.asked = 0

    async def choose(self, player, game, state, seat):
        self.asked += 1
        if self.how == "hang":
            await asyncio.Event().wait()
        if self.how == "illegal":
            return Move("play", ("JK1",))
        raise RuntimeError("search failed")


@pytest.mark.parametrize("how", ["fail", "hang", "illegal"],
                         ids=["search fails", "search never answers", "search answers an illegal move"])
async def test_a_computer_whose_search_breaks_still_moves_and_the_game_goes_on(store, monkeypatch, caplog, how):
    monkeypatch.setattr(tables_module, "THINK_QUEUE_SECONDS", 0.0)
    thinker = BrokenThinker(how)
    service = TableService(store, ai_iterations=10, ai_seconds=0.01, thinker=thinker)
    try:
        t = await lobby(service, "crazy_eights", hand_size="5")
        await service.add_computer(t.id, ALICE)
        await service.start(t.id, ALICE)
        await alice_plays_against_computers(service, t)
        assert t.status == FINISHED
        assert thinker.asked > 0 and "plays a random legal move" in caplog.text
    finally:
        await service.close()


class RecordingThinker(ThreadThinker):
    """Thinks as the bot does, noting each computer player it is given."""

    def __init__(self) -> None:
        self.players = []

    async def choose(self, player, game, state, seat):
        self.players.append(player)
        return await super().choose(player, game, state, seat)


@pytest.mark.parametrize("strength", ["easy", "normal", "strong"])
async def test_computers_think_at_the_level_the_server_chose(store, strength):
    """/config computers strength=…: a table opened afterwards gets computers of that level (easy
    searches the least and sometimes just plays its rule of thumb; strong searches the whole budget)."""
    await store.set_setting(1, "strength", strength)
    thinker = RecordingThinker()
    service = TableService(store, ai_iterations=200, ai_seconds=None, thinker=thinker)
    try:
        t = await lobby(service, "crazy_eights", hand_size="5")
        await service.add_computer(t.id, ALICE)
        await service.start(t.id, ALICE)
        await alice_plays_against_computers(service, t)
        expected = make_level(strength, iterations=200, seconds=None)
        assert thinker.players and all((p.iterations, p.slack) == (expected.iterations, expected.slack)
                                       for p in thinker.players)
    finally:
        await service.close()


async def finished_game(service):
    """A finished Crazy Eights game of Alice, Bob and a computer."""
    t = await service.create(1, 2, ALICE, "Alice", "crazy_eights", {"hand_size": "5"})
    await service.join(t.id, BOB, "Bob")
    await service.add_computer(t.id, ALICE)
    await service.start(t.id, ALICE)
    while t.status == PLAYING:
        await service.idle()
        if t.status != PLAYING:
            break
        seat = t.to_move()[0]
        user = t.record.seats[seat].user_id
        await service.act(t.id, user, t.version, t.game.moves(t.state, seat)[0])
    assert t.status == FINISHED
    return t


@pytest.mark.parametrize("where", ["in memory", "dropped from memory", "after a restart"])
async def test_one_rematch_per_game_however_many_ask_at_once(store, where):
    """Both players pressing Rematch open one new table, not two; the second is told where it is.
    Also when the finished game has left memory (closed tables are kept only in the store) or the
    bot restarted: the two presses load it at once and must share one table and its lock."""
    service = TableService(store, ai_iterations=10, ai_seconds=None)
    try:
        t = await finished_game(service)
        if where == "dropped from memory":
            service.drop_closed(t)
        elif where == "after a restart":
            await service.close()
            service = TableService(store, ai_iterations=10, ai_seconds=None)
            await service.load()
        assert (t.id in service.tables) == (where == "in memory")
        outcome = await asyncio.gather(service.rematch(t.id, ALICE, "Alice"), service.rematch(t.id, BOB, "Bob"),
                                       return_exceptions=True)
        made = [r for r in outcome if not isinstance(r, Exception)]
        refused = [r for r in outcome if isinstance(r, RematchOpen)]
        assert len(made) == 1 and len(refused) == 1 and refused[0].table is made[0]
        assert [x.id for x in service.tables.values() if x.status == "lobby"] == [made[0].id]
        assert (await store.load_table(t.id)).meta["rematch"] == made[0].id
    finally:
        await service.close()


async def test_a_rematch_seats_the_same_players_with_the_asker_as_host(store):
    """Whoever asks for the rematch hosts it from the first seat; the others keep their order,
    computers included, and the new lobby is in the database as shown."""
    first = TableService(store, ai_iterations=10, ai_seconds=None)
    t = await finished_game(first)
    again = await first.rematch(t.id, BOB, "Bob")
    seated = [(s.name, s.computer) for s in again.record.seats]
    assert seated == [("Bob", False), ("Alice", False), ("Computer 1", True)]
    assert again.record.host_id == BOB and again.status == "lobby"
    await first.close()
    second = TableService(store, ai_iterations=10, ai_seconds=None)
    await second.load()
    assert [(s.name, s.computer) for s in second.tables[again.id].record.seats] == seated
    await second.close()


async def test_draws_in_a_row_are_told_as_one_line_even_across_a_restart(store):
    """Four single draws show as "Alice draws 4 cards." in the table's recent lines, not four lines."""
    first = TableService(store, ai_iterations=10, ai_seconds=None)
    t = await first.create(1, 2, ALICE, "Alice", "crazy_eights", {})
    await first.join(t.id, BOB, "Bob")
    await first.start(t.id, ALICE)
    s = t.state.clone()
    s.hands, s.discard, s.turn, s.named, s.drawn = [["KD", "3C"], ["2D", "3D"]], ["9S"], 0, "", ""
    s.stock = [c for c in t.game.start(2, {}, 1).stock if c not in ("KD", "3C", "2D", "3D", "9S",
                                                                      "AH", "JS", "4H", "2C", "5H")]
    s.stock += ["AH", "JS", "5H", "4H", "2C"]
    t.state = s
    for _ in range(2):
        await first.act(t.id, ALICE, t.version, "draw")
    assert t.recent_lines()[-1] == "Alice draws 2 cards."
    await first.close()
    second = TableService(store, ai_iterations=10, ai_seconds=None)
    await second.load()
    t = second.tables[t.id]
    for _ in range(2):
        await second.act(t.id, ALICE, t.version, "draw")
    lines = t.recent_lines()
    assert lines[-1] == "Alice draws 4 cards." and not any("draws a card" in line for line in lines)
    await second.act(t.id, ALICE, t.version, "play JS")
    await second.act(t.id, BOB, t.version, "draw")
    assert t.recent_lines()[-2:] == ["Alice plays J♠.", "Bob draws a card."]
    await second.close()
