"""Move generation time of a game: p50/p99/worst of ``moves()`` over the states met in random and
heuristic games (issue 15 asks Cassino's p99 under 2 ms). Each state is timed as the best of a few
runs, so a busy machine's pauses do not count.

    python -m benchmarks.move_generation cassino --games 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from games.ai import make_player
from games.registry import GAMES


def states(game, players: int, games: int) -> list[tuple[object, int]]:
    """Every state met in ``games`` random games and as many heuristic ones, with the seat to move."""
    found = []
    for seed in range(games):
        for kind in ("random", "heuristic"):
            s = game.start(players, {}, seed)
            pickers = [make_player(kind, seed * 10 + i) for i in range(players)]
            rng = random.Random(seed)
            while not s.over:
                seat = sorted(game.to_move(s))[rng.randrange(len(game.to_move(s)))]
                found.append((s.clone(), seat))
                game.apply(s, seat, pickers[seat].choose(game, s, seat))
    return found


def timings(game, found, repeats: int = 3) -> list[float]:
    out = []
    for s, seat in found:
        best = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            game.moves(s, seat)
            best = min(best, time.perf_counter() - t)
        out.append(best)
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=0)
    args = parser.parse_args()
    game = GAMES[args.game]
    found = states(game, args.players or game.seats.start, args.games)
    times = timings(game, found)
    most = max(len(game.moves(s, seat)) for s, seat in found)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{args.game}: {len(times)} states, moves() p50 {statistics.median(times) * 1e3:.3f} ms, "
          f"p99 {p99 * 1e3:.3f} ms, worst {times[-1] * 1e3:.3f} ms; at most {most} legal moves")


if __name__ == "__main__":
    main()
