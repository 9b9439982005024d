"""Envite's negotiation against the clock (Clarification 4), through the table service with a fake clock:
an unanswered opening counts as Play, an unanswered challenge as Accept, and an unsent signal holds
nobody up; none of these is a strike against the player."""

from __future__ import annotations

import pytest

from bot.tables import PLAYING

GUILD, CHANNEL = 1, 2
USERS = [101, 102, 103, 104]


async def four_humans(service, store):
    await store.set_setting(GUILD, "timer", 30)
    t = await service.create(GUILD, CHANNEL, USERS[0], "u0", "envite", {})
    for i, user in enumerate(USERS[1:], 1):
        await service.join(t.id, user, f"u{i}")
    await service.start(t.id, USERS[0])
    return t


def user_of(table, seat: int) -> int:
    return table.record.seats[seat].user_id


async def test_unanswered_opening_counts_as_play_for_both_captains(service, store, clock):
    t = await four_humans(service, store)
    assert t.status == PLAYING and t.state.phase == "negotiate" and t.deadline is not None
    clock.now = t.deadline + 1
    await service.tick()
    await service.idle()
    assert t.state.phase == "play" and t.state.neg["level"] == 0, "both captains played at 2"
    assert not t.record.meta.get("timeouts"), "a fixed timeout answer is no strike"
    assert not any(seat.stand_in for seat in t.record.seats)


async def test_an_unanswered_challenge_counts_as_accept(service, store, clock):
    t = await four_humans(service, store)
    first, other = t.state.captains
    await service.act(t.id, user_of(t, first), t.version, "challenge")
    assert t.to_move() and other in t.to_move()
    clock.now = t.deadline + 1
    await service.tick()
    await service.idle()
    assert t.state.phase == "play" and t.state.neg["level"] == 1, "the challenge to 4 was accepted"
    assert "accepts" in " ".join(t.recent_lines())


async def test_a_team_of_computers_never_stalls_the_table(service, store):
    """Team B is two computers (captain included): every prompt of theirs is answered, and a short match
    ends with only the humans of team A clicking."""
    await store.set_setting(GUILD, "timer", 0)
    t = await service.create(GUILD, CHANNEL, USERS[0], "u0", "envite", {"stones": "3", "best_of": "1"})
    await service.add_computer(t.id, USERS[0])
    await service.join(t.id, USERS[1], "u1")
    await service.add_computer(t.id, USERS[0])
    await service.start(t.id, USERS[0])
    assert [s.computer for s in t.record.seats] == [False, True, False, True]
    for _ in range(500):
        await service.idle()
        if t.status != PLAYING:
            break
        humans = [s for s in t.to_move() if not t.computer_plays(s)]
        assert humans, "the computers left the table waiting"
        seat = humans[0]
        await service.act(t.id, user_of(t, seat), t.version, t.game.moves(t.state, seat)[0])
    assert t.status == "finished"


@pytest.mark.parametrize("seed", [0, 19, 34])
async def test_a_timeout_answers_only_the_question_that_ran_out(service, store, clock, seed):
    """When the opening runs out, the captains' answers start the play, and the player who is then to
    lead gets a fresh deadline: the same sweep must not also time out their first card (it did when
    they had been late for a signal; on these deals the lead then fell at once, or a trawl ended the hand)."""
    await store.set_setting(GUILD, "timer", 30)
    t = await service.create(GUILD, CHANNEL, USERS[0], "u0", "envite", {})
    for i, user in enumerate(USERS[1:], 1):
        await service.join(t.id, user, f"u{i}")
    t.record.seed = seed
    await service.start(t.id, USERS[0])
    clock.now = t.deadline + 1
    await service.tick()
    await service.idle()
    assert t.state.phase == "play" and t.state.neg["level"] == 0 and not t.state.trick, "no card was played"
    assert t.deadline == clock.now + 30, "the leader has the whole time to play"
