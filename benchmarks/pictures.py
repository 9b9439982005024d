"""Picture benchmark: what drawing the table and hand pictures adds to a move.

    python -m benchmarks.pictures                 # every game, 200 mid-game states each
    python -m benchmarks.pictures --states 500 --only crazy_eights

For random mid-game states of each registered game it times, per move:
* the baseline without pictures, measured in the same run: applying a random legal move
  and building the two views the front end shows after it (``view(None)`` for the table
  message, ``view(seat)`` for the mover's hand panel);
* ``table_picture(view(None))`` and ``hand_picture(view(seat).hand)``, alone and together
  (the rendering overhead of a move), in wall-clock time and in CPU time of the thread (the
  latter is what rendering costs when other processes compete for the cores);
* the table picture split into drawing and PNG encoding (CPU time);
and prints median and p99 per call in milliseconds, the median hand size and PNG sizes.
Card faces are drawn once and cached; their one-off cost is printed first ("cold").

Target (issue 4): a move's median overhead from rendering (table + hand) under 10 ms,
e.g. for a Crazy Eights view with about 8 cards in hand.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from bot import pictures
from games.registry import GAMES

PLAYERS = {"crazy_eights": 4, "oh_hell": 4, "scopa": 2}
NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo"]
COLUMNS = ("base", "table", "hand", "both", "cpu", "draw", "encode", "cards", "tbytes", "hbytes")


def players_for(game) -> int:
    return PLAYERS.get(game.key, min(max(4, game.seats.start), game.seats.stop - 1))


def mid_game_states(game, players: int, n: int, seed: int = 0):
    """``n`` states reached by random moves from fresh deals, none of them over."""
    rng = random.Random(seed)
    states = []
    deal = 0
    while len(states) < n:
        s = game.start(players, {}, seed * 100_000 + deal)
        deal += 1
        for _ in range(rng.randrange(1, 60)):
            movers = sorted(game.to_move(s))
            seat = movers[rng.randrange(len(movers))]
            legal = game.moves(s, seat)
            game.apply(s, seat, legal[rng.randrange(len(legal))])
            if s.over:
                break
        if not s.over:
            states.append(s)
    return states


def ms(values: list[float], q: float = 0.5) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3


def measure(game, players: int, n: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {k: [] for k in COLUMNS}
    rng = random.Random(7)
    for s in mid_game_states(game, players, n):
        seat = min(game.to_move(s))
        legal = game.moves(s, seat)
        move = legal[rng.randrange(len(legal))]
        t0 = time.perf_counter()
        game.apply(s, seat, move)                         # the move and its two views: no pictures
        public, own = game.view(s, None), game.view(s, seat)
        t1, c1 = time.perf_counter(), time.thread_time()
        table = pictures.table_picture(public, NAMES)
        t2 = time.perf_counter()
        hand = pictures.hand_picture(own.hand)
        t3, c3 = time.perf_counter(), time.thread_time()
        image = pictures.table_image(public, NAMES)      # the same table picture, split in drawing/encoding
        c4 = time.thread_time()
        pictures.png(image)
        c5 = time.thread_time()
        out["base"].append(t1 - t0)
        out["table"].append(t2 - t1)
        out["hand"].append(t3 - t2)
        out["both"].append(t3 - t1)
        out["cpu"].append(c3 - c1)
        out["draw"].append(c4 - c3)
        out["encode"].append(c5 - c4)
        out["cards"].append(len(own.hand))
        out["tbytes"].append(len(table))
        out["hbytes"].append(len(hand))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--states", type=int, default=200, help="mid-game states per game")
    ap.add_argument("--only", nargs="*", default=None, help="game keys to run")
    args = ap.parse_args()

    print(f"load average before the run: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    t = time.perf_counter()
    pictures.preload()
    print(f"cold: pictures.preload() (the 54 card faces and the back, drawn once and cached) took "
          f"{(time.perf_counter() - t) * 1e3:.0f} ms\n")

    header = (f"{'game':14} {'pl':>2} {'hand':>4} │ {'no render':>9} {'p99':>6} │ {'table':>6} {'p99':>6} │ "
              f"{'hand':>6} {'p99':>6} │ {'table+hand':>10} {'p99':>6} │ {'cpu':>5} {'p99':>6} │ "
              f"{'draw':>5} {'png':>5} │ {'KB tbl':>6} {'hand':>5}")
    print(header)
    print("─" * len(header))
    typical = ""
    for key in args.only or sorted(GAMES):
        game = GAMES[key]
        players = players_for(game)
        r = measure(game, players, args.states)
        print(f"{key:14} {players:>2} {statistics.median(r['cards']):>4.0f} │ "
              f"{ms(r['base']):>9.2f} {ms(r['base'], 0.99):>6.2f} │ "
              f"{ms(r['table']):>6.2f} {ms(r['table'], 0.99):>6.2f} │ "
              f"{ms(r['hand']):>6.2f} {ms(r['hand'], 0.99):>6.2f} │ "
              f"{ms(r['both']):>10.2f} {ms(r['both'], 0.99):>6.2f} │ "
              f"{ms(r['cpu']):>5.2f} {ms(r['cpu'], 0.99):>6.2f} │ "
              f"{ms(r['draw']):>5.2f} {ms(r['encode']):>5.2f} │ "
              f"{statistics.median(r['tbytes']) / 1024:>6.1f} {statistics.median(r['hbytes']) / 1024:>5.1f}",
              flush=True)
        eight = [i for i, n in enumerate(r["cards"]) if n == 8]
        if key == "crazy_eights" and eight:
            typical = (f"  (the target's typical case, Crazy Eights with 8 cards in hand, {len(eight)} views: "
                       f"table+hand median {ms([r['both'][i] for i in eight]):.2f} ms, "
                       f"cpu {ms([r['cpu'][i] for i in eight]):.2f} ms)")
    if typical:
        print(typical)
    print("\nms per call: median and p99, wall clock; 'no render' = a move plus its two views, without pictures;\n"
          "'table+hand' = a move's rendering overhead (target: median < 10 ms); 'cpu' = the same in CPU time;\n"
          "'draw'/'png' = the table picture's drawing and PNG encoding (CPU medians); PNG sizes are medians.")


if __name__ == "__main__":
    main()
