"""What each kind of decision is worth to the rule of thumb, and so how much a search could gain over it.

    python -m benchmarks.choices --only trash --matches 1000
    python -m benchmarks.choices --only crazy_eights --against heuristic --matches 400 --workers 2

A decision's kind is the set of move kinds it offers: in Trash ``place`` alone is where a jack goes, ``discard``
and ``place`` together is whether to swap a card for a jack. The rule of thumb plays the tested seat, which
turns round the table match by match as in the strength section, among random (or heuristic) players; then,
on the same deals, once more for each kind of decision it met, choosing that kind at random and every other
by the rule. The difference deal by deal is what the rule's choice of that kind is worth against a random
one. Where it is level, that choice sways a match less than the deals can show, and a search that only makes
it better has little to gain over the rule of thumb."""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from benchmarks.engine import Paired, build_player, paired_difference, play_match, seats_for
from games.ai.heuristic import HeuristicPlayer
from games.engine import Move
from games.registry import GAMES

EVERY = 10   # a kind of decision is tried at random if the rule met it at least once per this many matches


def kind_of(moves: list[Move]) -> frozenset[str]:
    return frozenset(m.kind for m in moves)


def label(kind: frozenset[str]) -> str:
    return "/".join(sorted(kind))


class PartlyRandom(HeuristicPlayer):
    """The rule of thumb, except that decisions of the kind ``at_random`` are taken at random; it counts the
    kinds of the decisions it met (more than one legal move) in ``met``."""

    name = "partly random"

    def __init__(self, at_random: frozenset[str] | None, met: Counter, seed: int = 0) -> None:
        super().__init__(seed)
        self.at_random = at_random
        self.met = met

    def choose(self, game, state, seat) -> Move:
        moves = game.moves(state, seat)
        if len(moves) > 1:
            kind = kind_of(moves)
            self.met[kind] += 1
            if kind == self.at_random:
                return self.rng.choice(moves)
        return super().choose(game, state, seat)


def one_match(key: str, players: int, n: int, at_random: frozenset[str] | None, opponent: str
              ) -> tuple[int, float, Counter]:
    """Match ``n`` with the partly random rule in seat ``n % players``: its share and the kinds it met."""
    met: Counter = Counter()
    tested = n % players

    def build(spec, seed):
        return PartlyRandom(at_random, met, seed) if spec == ("thumb",) else build_player(spec, seed)

    specs = [("thumb",) if seat == tested else (opponent,) for seat in range(players)]
    shares, _, _ = play_match(key, players, n, specs, None, build)
    return n, shares[tested], met


def play_deals(pool, key: str, players: int, deals: range, at_random, opponent: str
               ) -> tuple[dict[int, float], Counter]:
    shares, met = {}, Counter()
    jobs = [(key, players, n, at_random, opponent) for n in deals]
    results = pool.map(one_match, *zip(*jobs, strict=True)) if pool else (one_match(*job) for job in jobs)
    for n, share, kinds in results:
        shares[n] = share
        met.update(kinds)
    return shares, met


def worth(pool, key: str, players: int, deals: range, opponent: str
          ) -> tuple[dict[int, float], list[tuple[frozenset[str], float, dict[int, float], Paired | None]]]:
    """The rule's shares on ``deals``, and per kind of decision it met often enough: how often per match, the
    shares with that kind chosen at random, and their difference from the rule's, deal by deal."""
    thumb, met = play_deals(pool, key, players, deals, None, opponent)
    rows = []
    for kind, count in met.most_common():
        if count * EVERY >= len(deals):
            shares, _ = play_deals(pool, key, players, deals, kind, opponent)
            rows.append((kind, count / len(deals), shares, paired_difference(shares, thumb)))
    return thumb, rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="+", required=True, choices=sorted(GAMES), metavar="GAME")
    ap.add_argument("--matches", type=int, default=400, help="deals per line-up")
    ap.add_argument("--first", type=int, default=0, help="number of the first deal, for fresh deals")
    ap.add_argument("--against", choices=("random", "heuristic"), default="random")
    ap.add_argument("--players", type=int, default=None, help="seats (default: the game's usual table)")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    deals = range(args.first, args.first + args.matches)
    print(f"choices: the rule of thumb in the tested seat among {args.against} players, then each kind of "
          f"decision it met (once per {EVERY} matches or more) chosen at random instead, on the same deals")
    header = f"{'game':14} {'pl':>2} {'decision':24} {'per match':>9} {'n':>5} {'share':>6} {'vs the rule':>12}"
    print(header)
    print("─" * len(header))
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for key in args.only:
            players = seats_for(key, args.players)
            thumb, rows = worth(pool, key, players, deals, args.against)
            print(f"{key:14} {players:>2} {'(the rule of thumb)':24} {'':>9} {len(thumb):>5} "
                  f"{sum(thumb.values()) / len(thumb):>6.1%}")
            for kind, per_match, shares, paired in rows:
                print(f"{key:14} {players:>2} {label(kind):24} {per_match:>9.1f} {len(shares):>5} "
                      f"{sum(shares.values()) / len(shares):>6.1%} {str(paired) if paired else '—':>12}", flush=True)
    finally:
        if pool:
            pool.shutdown()
    print("\ndecision: the move kinds it offers; per match: how often the rule met it in the tested seat; vs the "
          "rule: the share less the rule's, deal by deal, in points with its 95 % interval.")


if __name__ == "__main__":
    main()
