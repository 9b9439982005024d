"""Engine benchmark: how fast the games run and how well the search player plays.

    python -m benchmarks.engine                 # every game, quick settings
    python -m benchmarks.engine --games 20 --iterations 1000 --seconds 0.9

For every registered game it prints
* random play: games/s, median ms per game, moves/s; the baseline row is a bare
  shuffle-and-deal of 52 cards, measured in the same run, to tell the machine's speed;
* JSON: median and worst µs for ``to_json`` + ``from_json`` of the states met in
  those games, next to plain ``json.dumps``/``loads`` of the same dicts;
* the search player: median and worst ms per decision with the default budget
  (1000 playouts, at most 0.9 s), and playouts per decision;
* matches won by one search player against random players, next to the share a
  random player wins in its place (the baseline, same deals).

Targets (issue 2): Crazy Eights random game < 5 ms median with 4 players, any JSON
round trip < 0.5 ms, a search decision < 1 s, >= 80 % of 2-player Scopa matches
and clearly more than 1/4 of 4-player Crazy Eights against random players."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from games.ai import RandomPlayer, SearchPlayer
from games.registry import GAMES

PLAYERS = {"crazy_eights": 4, "oh_hell": 4, "scopa": 2, "fan_tan": 4, "newmarket": 4, "trash": 4,
           "jack_change_it": 4, "last_one": 4, "page_one": 4, "thirteen": 4, "big_two": 4, "dou_dizhu": 3,
           "i_doubt_it": 4, "stop_the_bus": 4}


def random_games(game, players: int, n: int):
    times, moves, states = [], 0, []
    for seed in range(n):
        rng = random.Random(seed)
        t = time.perf_counter()
        s = game.start(players, {}, seed)
        while not s.over:
            movers = sorted(game.to_move(s))
            seat = movers[rng.randrange(len(movers))]
            legal = game.moves(s, seat)
            game.apply(s, seat, legal[rng.randrange(len(legal))])
            moves += 1
            if rng.random() < 0.02:
                states.append(s.clone())
        times.append(time.perf_counter() - t)
    return times, moves, states


def deal_baseline(n: int) -> float:
    deck = [f"{r}{s}" for s in "SHDC" for r in range(13)]
    rng = random.Random(1)
    t = time.perf_counter()
    for _ in range(n):
        d = deck[:]
        rng.shuffle(d)
        [d[i::4] for i in range(4)]
    return n / (time.perf_counter() - t)


def json_costs(states) -> tuple[list[float], list[float]]:
    ours, plain = [], []
    for s in states:
        t = time.perf_counter()
        type(s).from_json(s.to_json())
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        json.loads(json.dumps(s.__dict__))
        plain.append(time.perf_counter() - t)
    return ours, plain


def search_times(game, players: int, decisions: int, iterations: int, seconds: float | None):
    times, playouts = [], []
    seed = 0
    while len(times) < decisions:
        s = game.start(players, {}, 1000 + seed)
        rng = random.Random(seed)
        seed += 1
        for _ in range(rng.randrange(1, 12)):
            if s.over:
                break
            seat = min(game.to_move(s))
            legal = game.moves(s, seat)
            game.apply(s, seat, legal[rng.randrange(len(legal))])
        if s.over:
            continue
        seat = min(game.to_move(s))
        if len(game.moves(s, seat)) < 2:
            continue
        player = SearchPlayer(iterations=iterations, seconds=seconds, seed=seed)
        t = time.perf_counter()
        player.choose(game, s, seat)
        times.append(time.perf_counter() - t)
        playouts.append(player.last_iterations)
    return times, playouts


def match_wins(game, players: int, games: int, make_hero) -> float:
    """Share of matches won by seat 0 (ties split) with ``make_hero(seed)`` in it."""
    won = 0.0
    for seed in range(games):
        s = game.start(players, {}, 5000 + seed)
        hero = make_hero(seed)
        others = RandomPlayer(seed)
        while not s.over:
            seat = min(game.to_move(s))
            game.apply(s, seat, (hero if seat == 0 else others).choose(game, s, seat))
        outcome = game.outcome(s)
        if 0 in outcome.winners:
            won += 1 / len(outcome.winners)
    return won / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--random-games", type=int, default=300, help="random games per game")
    ap.add_argument("--decisions", type=int, default=8, help="search decisions timed per game")
    ap.add_argument("--games", type=int, default=10, help="matches per game for the win rate")
    ap.add_argument("--iterations", type=int, default=200, help="search budget for the win-rate matches")
    ap.add_argument("--seconds", type=float, default=None, help="search time limit for the win-rate matches")
    ap.add_argument("--only", nargs="*", default=None, help="game keys to run")
    args = ap.parse_args()

    baseline = deal_baseline(20000)
    print(f"baseline: {baseline:,.0f} bare shuffle-and-deals of 52 cards per second\n")
    header = (f"{'game':14} {'pl':>2} {'games/s':>8} {'med ms':>7} {'moves/s':>8} │ {'json µs':>8} {'max':>6} "
              f"{'plain':>6} │ {'search ms':>9} {'max':>6} {'playouts':>8} │ {'won':>5} {'random':>6}")
    print(header)
    print("─" * len(header))
    for key in args.only or sorted(GAMES):
        game = GAMES[key]
        players = PLAYERS.get(key, game.seats.start)
        times, moves, states = random_games(game, players, args.random_games)
        ours, plain = json_costs(states)
        stimes, playouts = search_times(game, players, args.decisions, 1000, 0.9)
        won = match_wins(game, players, args.games,
                         lambda seed: SearchPlayer(iterations=args.iterations, seconds=args.seconds, seed=seed))
        base = match_wins(game, players, args.games, lambda seed: RandomPlayer(seed + 77))
        print(f"{key:14} {players:>2} {len(times) / sum(times):>8.0f} {statistics.median(times) * 1e3:>7.2f} "
              f"{moves / sum(times):>8.0f} │ {statistics.median(ours) * 1e6:>8.0f} {max(ours) * 1e6:>6.0f} "
              f"{statistics.median(plain) * 1e6:>6.0f} │ {statistics.median(stimes) * 1e3:>9.0f} "
              f"{max(stimes) * 1e3:>6.0f} {statistics.median(playouts):>8.0f} │ {won:>5.0%} {base:>6.0%}",
              flush=True)
    print(f"\nwin rates: {args.games} matches per game, search budget {args.iterations} playouts"
          f"{'' if args.seconds is None else f' / {args.seconds} s'}; 'random' = a random player in the same seat")


if __name__ == "__main__":
    main()
