"""Climbing games: legal-move generation speed for 20-card Dou Dizhu hands (target: p99 under
5 ms, so a search player runs thousands of playouts a second), and the search player's
results as landlord and as peasant against random players.

    python -m benchmarks.climbing                 # 2000 hands, 60 deals per player kind
    python -m benchmarks.climbing --hands 500 --deals 20 --iterations 200

Generation is timed for a free lead and for beating a random play from another hand, with
both kicker rules, next to a baseline measured in the same run (sorting the hand, which any
generator must at least do). Role results: seat 0 is the search player (or, for comparison,
a random player) and the other two play at random; one deal each, auction included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from games import cards as C
from games.ai import RandomPlayer, SearchPlayer
from games.common.climbing import combo_move, dou_dizhu_rules, plays
from games.registry import GAMES


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def generation(hands: int) -> None:
    deck = C.french_deck(jokers=2)
    rng = random.Random(1)
    print(f"legal plays of a 20-card Dou Dizhu hand, {hands} random hands (ms):")
    print(f"  {'case':34} {'p50':>7} {'p99':>7} {'max':>7} {'plays (median)':>15}")
    for kickers in ("strict", "relaxed"):
        rules = dou_dizhu_rules(kickers)
        for against in ("lead", "beat a random play"):
            times, counts, base = [], [], []
            for _ in range(hands):
                rng.shuffle(deck)
                hand, other = deck[:20], deck[20:37]
                table = None
                if against != "lead":
                    leads = plays(rules, other)
                    table = leads[rng.randrange(len(leads))]
                t = time.perf_counter()
                sorted(hand, key=C.sort_key)
                base.append(time.perf_counter() - t)
                t = time.perf_counter()
                found = [combo_move(rules, c) for c in plays(rules, hand, table)]
                times.append(time.perf_counter() - t)
                counts.append(len(found))
            print(f"  {kickers + ' kickers, ' + against:34} {quantile(times, .5) * 1e3:7.3f} "
                  f"{quantile(times, .99) * 1e3:7.3f} {max(times) * 1e3:7.3f} {statistics.median(counts):15.0f}"
                  f"   (baseline sort: p50 {quantile(base, .5) * 1e3:.4f})")
    print("  target: p99 < 5 ms")


def roles(deals: int, iterations: int) -> None:
    game = GAMES["dou_dizhu"]
    print(f"\nDou Dizhu, seat 0 against two random players, {deals} deals ({iterations}-playout search):")
    for name, make in (("search", lambda seed: SearchPlayer(iterations=iterations, seconds=None, seed=seed)),
                       ("random", lambda seed: RandomPlayer(seed + 99))):
        tally = {"landlord": [0, 0], "peasant": [0, 0]}
        for seed in range(deals):
            s = game.start(3, {"deals": 1}, seed)
            me, others = make(seed), RandomPlayer(seed)
            before = game.standing(s)[0]
            while not s.over:
                seat = sorted(game.to_move(s))[0]
                game.apply(s, seat, (me if seat == 0 else others).choose(game, s, seat))
            if s.landlord < 0:
                continue   # thrown in: nobody bid
            role = "landlord" if s.landlord == 0 else "peasant"
            tally[role][0] += game.standing(s)[0] > before
            tally[role][1] += 1
        print("  " + name + ": " + ", ".join(f"as {role} won {w}/{n} ({100 * w / max(n, 1):.0f}%)"
                                          for role, (w, n) in tally.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=100)
    args = parser.parse_args()
    generation(args.hands)
    roles(args.deals, args.iterations)


if __name__ == "__main__":
    main()
