"""Computer players think in worker processes (bot/thinking.py): the same moves as in a thread,
a dead worker replaced, and no worker outliving a bot killed outright."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from bot.thinking import ProcessThinker, SearchOverran, ThreadThinker
from games.ai import SearchPlayer
from games.registry import GAMES


def mid_game(game, moves: int, seed: int):
    """A state some random moves into a game, and a seat to move in it."""
    rng = random.Random(seed)
    s = game.start(game.seats.start, {}, seed)
    for _ in range(moves):
        if s.over:
            break
        seat = min(game.to_move(s))
        game.apply(s, seat, rng.choice(game.moves(s, seat)))
    if s.over:
        s = game.start(game.seats.start, {}, seed)
    return s, min(game.to_move(s))


def player(seed: int) -> SearchPlayer:
    """A search that stops after a number of playouts, not a time: its choice is reproducible."""
    return SearchPlayer(iterations=30, seconds=None, seed=seed)


async def test_every_game_thinks_the_same_move_in_a_process_as_in_a_thread():
    thinker = ProcessThinker(1)
    try:
        for n, (key, game) in enumerate(sorted(GAMES.items())):
            s, seat = mid_game(game, 5, n)
            here = await ThreadThinker().choose(player(n), game, s.clone(), seat)
            there = await thinker.choose(player(n), game, s.clone(), seat)
            assert there == here, key
            assert there in game.moves(s, seat), key
    finally:
        thinker.close()


async def test_a_killed_worker_is_replaced_and_the_computer_still_moves(caplog):
    game = GAMES["crazy_eights"]
    s, seat = mid_game(game, 3, 1)
    thinker = ProcessThinker(1)
    try:
        await thinker.start()
        for pid in list(thinker._executor()._processes):
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        move = await thinker.choose(SearchPlayer(iterations=20, seconds=None), game, s.clone(), seat)
        assert move in game.moves(s, seat)
        assert "process died" in caplog.text
    finally:
        thinker.close()


class Stuck(SearchPlayer):
    """A search with a bug: it never ends (the worker process imports it from this module)."""

    def choose(self, game, state, seat):
        while True:
            pass


async def test_a_search_stuck_far_past_its_budget_is_stopped_and_its_worker_serves_the_next():
    game = GAMES["crazy_eights"]
    s, seat = mid_game(game, 3, 1)
    thinker = ProcessThinker(1)
    try:
        await thinker.start()
        workers = set(thinker._executor()._processes)
        started = time.monotonic()
        with pytest.raises(SearchOverran):
            await asyncio.wait_for(thinker.choose(Stuck(iterations=10, seconds=0.05), game, s.clone(), seat), 10)
        assert time.monotonic() - started < 5        # 10 × its 0.05 s budget, not for ever
        move = await thinker.choose(SearchPlayer(iterations=20, seconds=None), game, s.clone(), seat)
        assert move in game.moves(s, seat)
        assert set(thinker._executor()._processes) == workers   # the same worker, not a new pool
    finally:
        thinker.close()


def test_workers_end_when_the_bot_is_killed(tmp_path):
    """kill -9 of the bot gives its workers no word; they notice and end by themselves."""
    script = textwrap.dedent("""
        import asyncio, os, sys, time
        from bot.thinking import ProcessThinker
        async def main():
            thinker = ProcessThinker(2)
            await thinker.start()
            print(*thinker._executor()._processes, flush=True)
            time.sleep(60)
        asyncio.run(main())
    """)
    bot = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                           env=os.environ | {"PYTHONPATH": os.getcwd()})
    try:
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert len(workers) == 2 and all(alive(pid) for pid in workers)
    finally:
        bot.kill()
        bot.wait()
    deadline = time.monotonic() + 20
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a worker that ended but is not reaped yet is a zombie: gone for our purpose
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.parametrize("workers", ["-1", "two"])
def test_ai_workers_setting_is_checked(tmp_path, workers):
    from bot.settings import Settings, SettingsError
    with pytest.raises(SettingsError, match="AI_WORKERS"):
        Settings.load({"DISCORD_TOKEN": "x", "AI_WORKERS": workers}, tmp_path / "none.env")
