"""No stuck tables: turn timers with a fake clock, timeout actions, stand-ins, idle tables,
and server settings applied to new tables (the service, no Discord)."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import CANCELLED, FINISHED, LOBBY_IDLE, PLAYING, PLAYING_IDLE, TableError, TableService

GUILD, CHANNEL = 1, 2
ALICE, BOB = 101, 102


async def two_player_game(service, key="crazy_eights", **options):
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", key, options)
    await service.join(t.id, BOB, "Bob")
    await service.start(t.id, ALICE)
    return t


def mover(table) -> int:
    [seat] = table.to_move()
    return seat


async def test_a_table_whose_player_never_acts_reaches_its_end(service, store, clock):
    """Every seat that must act has a deadline; when it passes the table moves on. Bob never
    clicks: the timer moves for him, then a computer takes his seat, and the game ends."""
    await store.set_setting(GUILD, "timer", 30)
    t = await two_player_game(service, hand_size="5")
    alice, bob = t.seat_of(ALICE), t.seat_of(BOB)
    for _ in range(2000):
        await service.idle()
        if t.status != PLAYING:
            break
        if mover(t) == alice:
            await service.act(t.id, ALICE, t.version, t.game.moves(t.state, alice)[0])
            continue
        assert t.deadline == pytest.approx(clock.now + 30) or t.computer_plays(bob)
        clock.now += 31
        await service.tick()
    assert t.status == FINISHED
    assert t.record.seats[bob].stand_in, "two timeouts in a row hand the seat to a computer"
    assert "Bob ran out of time" in " ".join(t.recent_lines()) or t.record.meta["timeouts"]
    assert len(await store.results(GUILD)) == 2


async def test_a_table_nobody_plays_is_closed_when_the_last_player_is_replaced(service, store, clock):
    await store.set_setting(GUILD, "timer", 30)
    t = await two_player_game(service, hands_to_win="10")
    for _ in range(20):
        if t.status != PLAYING:
            break
        clock.now += 31
        await service.tick()
        await service.idle()
    assert t.status == CANCELLED
    assert "No players are left" in " ".join(t.recent_lines())
    assert (await store.load_table(t.id)).status == CANCELLED


async def test_nothing_happens_before_the_deadline_and_the_deadline_survives_a_restart(service, store, clock):
    await store.set_setting(GUILD, "timer", 60)
    t = await two_player_game(service)
    version, deadline = t.version, t.deadline
    assert deadline == clock.now + 60
    clock.now += 59
    await service.tick()
    assert t.version == version
    # a new process on the same database knows the deadline
    again = TableService(store, ai_iterations=10, ai_seconds=None, clock=clock)
    await again.load()
    assert again.tables[t.id].deadline == deadline
    clock.now += 2
    await again.tick()
    await again.idle()
    assert again.tables[t.id].version > version
    await again.close()


async def test_first_timeout_makes_one_move_then_a_computer_takes_the_seat_and_it_can_be_taken_back(
        service, store, clock):
    await store.set_setting(GUILD, "timer", 30)
    t = await two_player_game(service, hands_to_win="10")   # a long match: no end in sight
    late = mover(t)
    user = t.record.seats[late].user_id
    clock.now += 31
    await service.tick()
    assert not t.record.seats[late].stand_in, "one timeout: a move is made, the seat stays the player's"
    assert t.record.meta["timeouts"][str(late)] == 1
    # the player acts on their next turn: the count starts again
    while mover(t) != late and t.status == PLAYING:
        other = mover(t)
        await service.act(t.id, t.record.seats[other].user_id, t.version, t.game.moves(t.state, other)[0])
    await service.act(t.id, user, t.version, t.game.moves(t.state, late)[0])
    assert str(late) not in t.record.meta.get("timeouts", {})
    # two timeouts in a row: a computer takes over
    for _ in range(2):
        while mover(t) != late and t.status == PLAYING:
            other = mover(t)
            await service.act(t.id, t.record.seats[other].user_id, t.version, t.game.moves(t.state, other)[0])
        clock.now += 31
        await service.tick()
        await service.idle()
    assert t.status == PLAYING and t.record.seats[late].stand_in
    with pytest.raises(TableError, match="Take my seat back"):
        await service.act(t.id, user, t.version, "draw")
    await service.take_back(t.id, user)
    assert not t.record.seats[late].stand_in
    assert "is back at the table" in t.recent_lines()[-1]


async def test_leaving_a_running_game_hands_the_seat_to_a_computer_and_the_last_leaver_closes_it(service):
    t = await two_player_game(service)
    await service.leave(t.id, BOB)
    bob = t.seat_of(BOB)
    assert t.record.seats[bob].stand_in and t.status == PLAYING
    await service.idle()
    assert bob not in t.to_move() or t.status != PLAYING, "the computer plays Bob's turns"
    with pytest.raises(TableError, match="already plays your seat"):
        await service.leave(t.id, BOB)
    await service.leave(t.id, ALICE)
    assert t.status == CANCELLED
    assert "No players are left" in t.recent_lines()[-1]


async def test_timeout_action_remove_hands_over_at_the_first_timeout(service, store, clock):
    await store.set_setting(GUILD, "timer", 30)
    await store.set_setting(GUILD, "timeout_action", "remove")
    t = await two_player_game(service)
    late = mover(t)
    clock.now += 31
    await service.tick()
    await service.idle()
    assert t.record.seats[late].stand_in


async def test_timeout_action_skip_passes_where_the_rules_allow(service, store, clock):
    await store.set_setting(GUILD, "timer", 30)
    await store.set_setting(GUILD, "timeout_action", "skip")
    t = await two_player_game(service, draw="one_then_pass")
    late = mover(t)
    user = t.record.seats[late].user_id
    await service.act(t.id, user, t.version, "draw")
    assert "pass" in {m.kind for m in t.game.moves(t.state, late)}
    clock.now += 31
    await service.tick()
    moves = await service.store.moves(t.id)
    assert moves[-1][1:] == (late, "pass")


async def test_a_lobby_nobody_starts_is_closed(service, clock):
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "scopa")
    clock.now = t.record.updated_at + LOBBY_IDLE + 1
    await service.tick()
    assert t.status == CANCELLED
    assert "long time without play" in t.recent_lines()[-1]


async def test_server_settings_apply_to_new_tables_only(service, store):
    await store.set_setting(GUILD, "options:scopa", {"target": "21"})
    await store.set_setting(GUILD, "timer", 45)
    first = await service.create(GUILD, CHANNEL, ALICE, "Alice", "scopa")
    assert first.record.options["target"] == 21 and first.record.meta["timer"] == 45
    await store.set_setting(GUILD, "options:scopa", {"target": "11"})
    await store.set_setting(GUILD, "timer", 90)
    assert first.record.options["target"] == 21 and first.record.meta["timer"] == 45
    # an option given on /play wins over the server's default
    second = await service.create(GUILD, CHANNEL + 1, BOB, "Bob", "scopa", {"target": "21"})
    assert second.record.options["target"] == 21 and second.record.meta["timer"] == 90


async def test_channel_list_table_limit_and_computer_ban(service, store):
    await store.set_setting(GUILD, "channels", [CHANNEL])
    with pytest.raises(TableError, match="can't be opened in this channel"):
        await service.create(GUILD, CHANNEL + 5, ALICE, "Alice", "scopa")
    await store.set_setting(GUILD, "max_tables", 1)
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "scopa")
    with pytest.raises(TableError, match="already has 1 open table"):
        await service.create(GUILD, CHANNEL, BOB, "Bob", "scopa")
    await store.set_setting(GUILD, "computers", False)
    await service.cancel(t.id, ALICE)
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "scopa")
    with pytest.raises(TableError, match="does not allow computer players"):
        await service.add_computer(t.id, ALICE)


async def test_a_reaction_window_never_waits_forever_and_lasts_the_same_for_everyone(service, store, clock):
    """Last One's melee window (a reaction window): it has one deadline for every seat in it,
    answering does not move that deadline, and when it passes the seats that did not answer
    pass (no strike, no seat handed over), so the table moves on."""
    import random

    from games.common.window import pending

    await store.set_setting(GUILD, "timer", 0)          # no turn timer: only the window is timed
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "last_one", {"melee_seconds": "8"})
    await service.join(t.id, BOB, "Bob")
    await service.start(t.id, ALICE)
    rng = random.Random(1)
    for _ in range(3000):                                # play until a melee window opens
        if t.game.reaction(t.state) is not None or t.status != PLAYING:
            break
        seat = t.to_move()[0]
        moves = t.game.moves(t.state, seat)
        await service.act(t.id, t.record.seats[seat].user_id, t.version, moves[rng.randrange(len(moves))])
    window = t.game.reaction(t.state)
    assert window is not None, "random play opened no melee"
    assert t.deadline == clock.now + 8 and set(t.to_move()) == set(pending(t.state.window))
    first = t.to_move()[0]
    clock.now += 5
    await service.act(t.id, t.record.seats[first].user_id, t.version, "pass")
    assert t.game.reaction(t.state) == window, "the other seat has not answered yet"
    assert t.deadline == clock.now - 5 + 8, "an answer does not move the window's deadline"
    clock.now += 4
    await service.tick()
    assert t.game.reaction(t.state) != window, "the window closed when its time ran out"
    assert not any(seat.stand_in for seat in t.record.seats)
    assert t.record.meta.get("timeouts", {}) == {}


async def test_the_timer_is_always_set_for_the_earliest_deadline(service, store, clock):
    """Timeouts fire on time whatever order deadlines are set in: a table with a short turn
    timer started after one with a long timer brings the pending timer forward, and a later
    deadline leaves it where it is (the bot arms one timer for all tables)."""
    await store.set_setting(GUILD, "timer", 600)
    await store.set_setting(GUILD + 1, "timer", 30)
    service.start_timers()
    loop = asyncio.get_running_loop()

    def seconds_until_timer() -> float:
        assert service._timer_handle is not None
        return service._timer_handle.when() - loop.time()

    await two_player_game(service)
    assert seconds_until_timer() == pytest.approx(600, abs=1)
    short = await service.create(GUILD + 1, CHANNEL, ALICE, "Alice", "crazy_eights", {})
    assert seconds_until_timer() == pytest.approx(600, abs=1), "the new lobby's idle limit is later"
    await service.join(short.id, BOB, "Bob")
    await service.start(short.id, ALICE)
    assert seconds_until_timer() == pytest.approx(30, abs=1)
    clock.now += 10
    await two_player_game(service)   # its deadline is 600 s away: the 30 s timer stays
    assert seconds_until_timer() == pytest.approx(30, abs=1)
    clock.now += 21
    await service.tick()
    assert short.record.meta.get("timeouts") or "ran out of time" in " ".join(short.recent_lines())


async def test_a_solitaire_board_nobody_touches_closes_after_its_idle_time(service, clock):
    """Spider's idle limit (Clarification 7) counts from the first action; a board never touched has no
    deadline, so the table closes after the same idle time instead of holding the channel for a week."""
    t = await service.create(GUILD, CHANNEL, ALICE, "Alice", "spider", {"idle_minutes": "30"})
    assert t.status == PLAYING and t.deadline is None
    assert service._next_due() == t.record.updated_at + 30 * 60, "a timer is set for it"
    clock.now = t.record.updated_at + 29 * 60
    await service.tick()
    assert t.status == PLAYING
    clock.now = t.record.updated_at + 30 * 60 + 1
    await service.tick()
    assert t.status == CANCELLED
    assert "long time without play" in t.recent_lines()[-1]


async def test_a_game_without_an_idle_limit_of_its_own_waits_the_front_ends(service, store, clock):
    """A running table waiting on nobody's clock (no turn timer) closes only after PLAYING_IDLE."""
    await store.set_setting(GUILD, "timer", 0)
    t = await two_player_game(service)
    assert t.deadline is None
    clock.now = t.record.updated_at + 2 * 24 * 3600
    await service.tick()
    assert t.status == PLAYING
    clock.now = t.record.updated_at + PLAYING_IDLE + 1
    await service.tick()
    assert t.status == CANCELLED
