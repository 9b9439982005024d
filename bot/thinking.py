"""Where computer players think.

A search is pure Python: run in a thread of the bot's process it holds the GIL, and the event
loop waits for it every time it wants to run (with two searches thinking, answering a click took
about 100 ms instead of 1 ms; see ``benchmarks/thinking.py``). So the bot thinks in worker
processes: the player and the state go over pickled, the game is looked up by its key.
`ThreadThinker` keeps everything in one process (tests, tiny machines).

A search that runs far past its time budget (a bug: say, a game whose moves never run out) is
stopped inside its worker by an alarm, so the worker is free again for the next search; the bot
then plays a random legal move for that seat (`bot.tables.TableService._think`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from games.ai import SearchPlayer
from games.engine import Game, Move, State
from games.registry import GAMES

log = logging.getLogger(__name__)


class ThreadThinker:
    """Searches in a worker thread of this process."""

    async def choose(self, player: SearchPlayer, game: Game, state: State, seat: int) -> Move:
        return await asyncio.to_thread(player.choose, game, state, seat)

    async def start(self) -> None:
        pass

    def close(self) -> None:
        pass


def _start_worker(bot_pid: int) -> None:
    # Ctrl-C reaches the whole process group; the bot shuts its workers down itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(bot_pid,), daemon=True, name="watch-bot").start()


def _exit_with(bot_pid: int) -> None:
    """End this worker once the bot is gone: a bot killed outright (kill -9, out of memory)
    never tells its workers, and they would live on."""
    while os.getppid() == bot_pid:
        time.sleep(1.0)
    os._exit(0)


# a search may run this many times its own time budget before its worker stops it
OVERRUN_FACTOR = 10


class SearchOverran(RuntimeError):
    """A search ran far past its time budget and was stopped."""


def _overran(signum: int, frame: object) -> None:
    raise SearchOverran("the search ran far past its time budget and was stopped")


def _choose(player: SearchPlayer, game_key: str, state: State, seat: int) -> Move:
    game = GAMES[game_key]
    if player.seconds is None or not hasattr(signal, "setitimer"):
        return player.choose(game, state, seat)
    previous = signal.signal(signal.SIGALRM, _overran)
    signal.setitimer(signal.ITIMER_REAL, OVERRUN_FACTOR * player.seconds)
    try:
        return player.choose(game, state, seat)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _ready() -> None:
    pass


class ProcessThinker:
    """Searches in a pool of ``workers`` processes, started fresh ("spawn": the bot's own
    threads and open database are never copied into them)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("a process pool needs at least one worker")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker, initargs=(os.getpid(),))
        return self._pool

    async def start(self) -> None:
        """Start every worker now rather than on the first computer move (a worker takes a
        moment to import the games)."""
        loop = asyncio.get_running_loop()
        try:
            pool = self._executor()
            await asyncio.gather(*(loop.run_in_executor(pool, _ready) for _ in range(self.workers)))
        except (OSError, BrokenProcessPool) as e:   # they are started again with the first search
            log.warning("could not start the computer-player processes yet: %s", e)

    async def choose(self, player: SearchPlayer, game: Game, state: State, seat: int) -> Move:
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            try:
                return await loop.run_in_executor(self._executor(), _choose, player, game.key, state, seat)
            except BrokenProcessPool:
                # a worker died (killed, out of memory): start a fresh pool and think again
                log.warning("a computer-player process died; starting new ones (attempt %d)", attempt)
                self._discard_pool()
        return await asyncio.to_thread(player.choose, game, state, seat)

    def _discard_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        """Stop the workers; a search still running ends within its time limit."""
        self._discard_pool()


Thinker = ThreadThinker | ProcessThinker
