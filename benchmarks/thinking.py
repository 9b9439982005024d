"""Does the bot keep answering while computer players think?

    python -m benchmarks.thinking                 # 0, 2 and 6 searches; 6 s each
    python -m benchmarks.thinking --searches 0 4 --seconds 10

Tables of Crazy Eights are played through the table service (a move, the mover's panel and
the table message rendered, as a click does) while K computer players think without pause,
each search with the bot's default budget (1000 playouts, at most 0.9 s). It prints the
latency of those clicks with the searches in threads of the same process, then in worker
processes (bot/thinking.py); the baseline is the same clicks with no search running, measured
in the same run. The issue's requirement: the bot keeps answering while computers think.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time

from bot.render import table_message
from bot.store import Store
from bot.tables import PLAYING, TableService
from bot.thinking import ProcessThinker, Thinker, ThreadThinker
from bot.ui import Controller, walk
from games.ai import SearchPlayer
from games.registry import GAMES

TABLES = 20


async def think_without_pause(thinker: Thinker, stop_at: float, seed: int) -> int:
    game = GAMES["oh_hell"]
    n = 0
    while time.monotonic() < stop_at:
        s = game.start(4, {}, seed * 1000 + n)
        seat = min(game.to_move(s))
        await thinker.choose(SearchPlayer(iterations=1000, seconds=0.9, seed=n), game, s, seat)
        n += 1
    return n


async def new_table(service: TableService, n: int):
    t = await service.create(1, 1000 + n, 101 + 2 * n, "Ann", "crazy_eights", {})
    await service.join(t.id, 102 + 2 * n, "Bob")
    await service.start(t.id, 101 + 2 * n)
    t.record.message_id = 1
    return t


async def click(service: TableService, controller: Controller, rng: random.Random, tables: list) -> None:
    """One move by the player to move at a random table: what a click costs the event loop."""
    i = rng.randrange(len(tables))
    t = tables[i]
    if t.status != PLAYING:     # a finished game: another table opens in its place
        tables[i] = await new_table(service, i)
        return
    [seat] = t.to_move()
    controller.panel(t, seat, ())
    step, _ = walk(t, seat, ())
    pick = rng.randrange(len(step.answers))
    move, path = step.answers[pick][1], (pick,)
    while move is None:     # a move chosen in steps: take the first answer of each further step
        step, _ = walk(t, seat, path)
        move, path = step.answers[0][1], (*path, 0)
    await service.act(t.id, t.record.seats[seat].user_id, t.version, move)
    controller.panel(t, seat, ())
    table_message(t)


async def measure(searches: int, mode: str, seconds: float) -> tuple[list[float], int]:
    folder = tempfile.mkdtemp()
    store = await Store.open(os.path.join(folder, "bench.sqlite3"))
    service = TableService(store, ai_iterations=10, ai_seconds=None)
    controller = Controller.__new__(Controller)
    controller.service = service
    tables = [await new_table(service, i) for i in range(TABLES)]
    thinker: Thinker = ProcessThinker(searches) if mode == "processes" else ThreadThinker()
    await thinker.start()
    stop_at = time.monotonic() + seconds + 1.5
    thinking = [asyncio.create_task(think_without_pause(thinker, stop_at, k)) for k in range(searches)]
    await asyncio.sleep(0.5)
    rng = random.Random(1)
    latencies = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        await click(service, controller, rng, tables)
        for _ in range(3):       # the awaits of the click's REST calls
            await asyncio.sleep(0)
        latencies.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(0.005)   # players do not click back to back
    done = sum(await asyncio.gather(*thinking))
    thinker.close()
    await store.close()
    return sorted(latencies), done


def percentile(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(len(values) * p))]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--searches", type=int, nargs="+", default=[2, 6], help="searches running at once")
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds per run")
    args = parser.parse_args()
    print(f"{TABLES} Crazy Eights tables, one click every 5 ms plus its own time, {os.cpu_count()} CPUs")
    print(f"{'searches':>8} {'where':>10} {'clicks':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'decisions':>9}")
    runs = [(0, "none")] + [(k, mode) for k in args.searches if k for mode in ("threads", "processes")]
    for k, mode in runs:
        lat, decisions = await measure(k, mode, args.seconds)
        print(f"{k:>8} {mode:>10} {len(lat):>7} {statistics.median(lat):>7.1f} {percentile(lat, 0.99):>7.1f}"
              f" {lat[-1]:>7.0f} {decisions:>9}", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
