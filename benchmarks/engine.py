"""Engine benchmark: how fast the games run and how well the search player plays.

    python -m benchmarks.engine                 # every game, quick settings
    python -m benchmarks.engine --games 20 --iterations 1000 --seconds 0.9
    python -m benchmarks.engine --sections strength levels --iterations 100 --seconds 0.1 --minutes 45

The speed section (the default) prints, for every registered game,
* random play: games/s, median ms per game, moves/s; the baseline row is a bare
  shuffle-and-deal of 52 cards, measured in the same run, to tell the machine's speed;
* JSON: median and worst µs for ``to_json`` + ``from_json`` of the states met in
  those games, next to plain ``json.dumps``/``loads`` of the same dicts;
* the search player: median and worst ms per decision with the default budget
  (1000 playouts, at most 0.9 s), playouts per decision and per second;
* matches won by one search player against random players, next to the share a
  random player wins in its place (the baseline, same deals).

The strength section plays whole matches on seeded deals in worker processes, the tested seat
rotating round the table: the search player (``--iterations``/``--seconds``) against random and
against heuristic players, each next to a random or heuristic player in the same seat on the same deals, with 95 %
Wilson intervals; ``--matches auto`` adds matches until the interval is narrower than
±``--half-width`` (or ``--max-matches``). Targets (issue 19): against random players at least
1.5 × the random player's share and more than the heuristic player's; against heuristic players
more than a heuristic player's share. Each target is judged on the difference deal by deal (the
search's share of a deal less the baseline's on the same deal), whose 95 % interval is printed too;
``--against heuristic`` (or ``random``) plays only that half. The levels section plays two strength
levels (games/ai/levels.py) against each other, seated alternately; ``--players 2`` seats them head
to head, where a game's luck hides less of the difference.

The ceiling section plays a clairvoyant search against random players (and, unless ``--against random``,
against heuristic players), once seeing every hand and the stock's order, once every hand only: no fair
player does better than the first, so where even it stays under 1.5 × a random player's share, or barely
above a heuristic player's among heuristic players, that target is out of reach for the game, not for our
search; the second tells what reading the others' hands is worth.

The moves section times `moves()` per state (issue 15: p99 under 2 ms for the capture solver).

Targets (issue 2): Crazy Eights random game < 5 ms median with 4 players, any JSON
round trip < 0.5 ms, a search decision < 1 s, >= 80 % of 2-player Scopa matches
and clearly more than 1/4 of 4-player Crazy Eights against random players."""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
import traceback
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from importlib import import_module

from benchmarks.move_generation import states as move_states
from benchmarks.move_generation import timings as move_timings
from games.ai import RandomPlayer, SearchPlayer, make_player
from games.ai.levels import LEVELS, make_level
from games.engine import reseeded
from games.registry import GAMES

PLAYERS = {"crazy_eights": 4, "oh_hell": 4, "scopa": 2, "fan_tan": 4, "newmarket": 4, "trash": 4,
           "jack_change_it": 4, "last_one": 4, "page_one": 4, "thirteen": 4, "big_two": 4, "dou_dizhu": 3,
           "i_doubt_it": 4, "stop_the_bus": 4, "mattis": 4, "calabrasella": 3,
           "seven_rummy": 4, "canasta": 4, "triple_play": 4}
# Options for the strength matches where a whole match is too long to play many of with the search
# (Trex: 20 hands; one kingdom is 5 hands, one of each contract. Seven Rummy: a match to 200 points
# is a dozen hands and more between players who meld early and go out cheaply; three hands. Canasta: a
# match to 5000 is six hands and more; two. Triple Play: two deals of four)
MATCH_OPTIONS = {"trex": {"kingdoms": 1}, "seven_rummy": {"target": 0, "match_hands": 3},
                 "canasta": {"hands": 2}, "triple_play": {"deals": 2}}


def seats_for(key: str, players: int | None = None) -> int:
    """How many seats the benchmark deals ``key`` for: ``players`` if given (``--players``), or the
    nearest count the game allows (Dou Dizhu is for three: ``--players 2`` deals it for three); else
    its usual table (PLAYERS), else the fewest the game allows."""
    seats = GAMES[key].seats
    if players is None:
        return PLAYERS.get(key, seats.start)
    return min(max(players, seats.start), seats.stop - 1)


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


def match_wins(game, players: int, games: int, make_hero) -> float | None:
    """Share of matches won by seat 0 (ties split) with ``make_hero(seed)`` in it; None without matches."""
    if games <= 0:
        return None
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


# -- strength: whole matches in worker processes

# a player as plain data, so that a match can be sent to a worker process:
# ("search", iterations, seconds, trust), ("clairvoyant", iterations, seconds, "all" or "hands"),
# ("level", name, iterations, seconds),
# ("random",), ("heuristic",)
Spec = tuple
MATCH_SEED = 50_000
MATCH_PLIES = 20_000   # a match still going after this many moves is stuck (a bug): it is counted apart
STARTED = time.time()   # progress lines say how long the benchmark has run
PROGRESS_EVERY = 50   # a slow cell prints its share so far every this many matches,
PROGRESS_SECONDS = 60   # once it has gone this long without a line


class Clairvoyant:
    """A game as a cheat sees it: the search's imagined deal is the real one, only the shuffles still to come
    are its own. ``sees`` "all": every hand and the stock's order; "hands": every hand, while the cards
    nobody sees (the stock) are dealt anew. No fair player can do better than a search that sees everything,
    so its share is a ceiling for what a game's targets can ask; "hands" tells what reading the others'
    hands would be worth."""

    def __init__(self, game, sees: str) -> None:
        self._game = game
        self._sees = sees

    def __getattr__(self, name: str):
        return getattr(self._game, name)

    def determinize(self, s, seat, rng):
        twin = reseeded(s.clone(), rng)
        if self._sees == "hands":
            unseen = [z for z in self._game.zones(twin) if z.visible_to == "none"]
            pool = [c for z in unseen for c in z.cards]
            rng.shuffle(pool)
            for z in unseen:
                z.cards[:], pool = pool[:len(z.cards)], pool[len(z.cards):]
        return twin


class ClairvoyantPlayer(SearchPlayer):
    name = "clairvoyant"

    def __init__(self, sees: str, **budget) -> None:
        super().__init__(**budget)
        self.sees = sees

    def choose(self, game, state, seat):
        return super().choose(Clairvoyant(game, self.sees), state, seat)


def build_player(spec: Spec, seed: int):
    kind, *budget = spec
    if kind == "clairvoyant":
        iterations, seconds, sees = budget
        return ClairvoyantPlayer(sees, iterations=iterations, seconds=seconds, seed=seed, trust=0.0)
    if kind == "search":
        iterations, seconds, trust = budget
        return make_player("search", seed, iterations=iterations, seconds=seconds, trust=trust)
    if kind == "level":
        level, iterations, seconds = budget
        return make_level(level, seed, iterations, seconds)
    return make_player(kind, seed)


def heuristic_available() -> bool:
    try:
        make_player("heuristic", 0)
    except ValueError:
        return False
    return True


def play_match(key: str, players: int, n: int, specs: list[Spec], deadline: float | None,
               build: Callable[[Spec, int], object] = build_player):
    """Match ``n`` (its deal is seeded by ``n``) with ``build(specs[seat], seed)`` playing each seat. Returns each
    seat's share of the win (ties split), its longest decision in seconds and its number of decisions;
    None when the deadline passed before the match ended, "stuck" when it did not end in MATCH_PLIES."""
    game = GAMES[key]
    s = game.start(players, MATCH_OPTIONS.get(key, {}), MATCH_SEED + n)
    seats = [build(spec, n * 16 + i) for i, spec in enumerate(specs)]
    order = random.Random(n)   # who acts first when several seats may act (claims, challenges)
    longest = [0.0] * players
    decisions = [0] * players
    while not s.over:
        if deadline is not None and time.time() > deadline:
            return None
        if sum(decisions) >= MATCH_PLIES:
            return "stuck"
        movers = sorted(game.to_move(s))
        seat = movers[order.randrange(len(movers))]
        t = time.perf_counter()
        move = seats[seat].choose(game, s, seat)
        longest[seat] = max(longest[seat], time.perf_counter() - t)
        decisions[seat] += 1
        game.apply(s, seat, move)
    winners = game.outcome(s).winners
    return [1 / len(winners) if i in winners else 0.0 for i in range(players)], longest, decisions


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share (95 % by default); ties counted as half wins."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Paired:
    """A mean difference of two line-ups' shares over the same deals, with the half-width of its 95 % interval."""

    mean: float
    half: float
    n: int

    def verdict(self) -> str:
        """'yes' if the whole interval is above zero, 'yes?' if only the mean is, else 'no'."""
        return "yes" if self.mean - self.half > 0 else "yes?" if self.mean > 0 else "no"

    def __str__(self) -> str:
        return f"{self.mean * 100:+6.1f} ±{self.half * 100:4.1f}"


def paired_difference(these: dict[int, float], those: dict[int, float], weight: float = 1.0) -> Paired | None:
    """The mean of ``these[n] - weight * those[n]`` over the deals n both played, with its 95 % interval: each
    deal's luck weighs on both sides alike and drops out of the difference, and both sides' sampling noise is
    counted, where a share set against the other's mean counts neither. None: no deal in common."""
    diffs = [share - weight * those[n] for n, share in these.items() if n in those]
    if not diffs:
        return None
    spread = statistics.stdev(diffs) if len(diffs) > 1 else 1.0
    return Paired(statistics.fmean(diffs), 1.96 * spread / math.sqrt(len(diffs)), len(diffs))


@dataclass
class Cell:
    """One line-up of one game, played over seeded deals, the tested seat rotating round the table.
    ``tested`` is the set of seats counted as the tested side in the first match; match ``n`` turns
    the line-up round by ``n`` seats."""

    key: str
    players: int
    specs: list[Spec]
    tested: frozenset[int]
    wanted: int | None               # a fixed number of matches; None: until the interval is narrow enough
    half_width: float = 0.10
    cap: int = 200
    label: str = ""
    shares: list[float] = field(default_factory=list)
    by_match: dict[int, float] = field(default_factory=dict)   # match number -> the tested side's share
    longest: float = 0.0
    decisions: int = 0
    stuck: int = 0
    crashed: int = 0
    sent: int = 0
    shown_at: float = field(default_factory=time.time)   # when this cell last printed a line (or began)

    def line_up(self, n: int) -> tuple[list[Spec], frozenset[int]]:
        turn = n % self.players
        specs = [self.specs[(i - turn) % self.players] for i in range(self.players)]
        return specs, frozenset((i + turn) % self.players for i in self.tested)

    def record(self, n: int, result) -> None:
        shares, longest, decisions = result
        _, tested = self.line_up(n)
        self.shares.append(sum(shares[i] for i in tested))
        self.by_match[n] = self.shares[-1]
        self.longest = max([self.longest] + [longest[i] for i in tested])
        self.decisions += sum(decisions[i] for i in tested)

    @property
    def share(self) -> float:
        return sum(self.shares) / len(self.shares) if self.shares else float("nan")

    def interval(self) -> tuple[float, float]:
        return wilson(sum(self.shares), len(self.shares))

    def share_on(self, other: Cell) -> float:
        """This (baseline) cell's share over the deals ``other`` played, so that two line-ups are compared on
        the same deals, not on the luck of different ones; its share over all its deals if they share none."""
        common = [self.by_match[n] for n in other.by_match if n in self.by_match]
        return sum(common) / len(common) if common else self.share

    def paired(self, other: Cell, weight: float = 1.0) -> Paired | None:
        """This cell's share less ``weight`` × ``other``'s, deal by deal (`paired_difference`)."""
        return paired_difference(self.by_match, other.by_match, weight)

    @property
    def finished(self) -> int:
        """Matches sent and back, whatever their outcome."""
        return len(self.shares) + self.stuck + self.crashed

    def report_due(self, now: float) -> bool:
        """Whether to print this cell's line now: whenever every match sent is back, and on the way
        every `PROGRESS_EVERY` matches if the last line is `PROGRESS_SECONDS` old (a cell of 400 matches
        at the bot's budget takes an hour; a random player's takes seconds and needs no progress)."""
        if self.finished == self.sent:
            return True
        return self.finished % PROGRESS_EVERY == 0 and now - self.shown_at >= PROGRESS_SECONDS

    def batch(self) -> int:
        """How many more matches to send now (0: enough)."""
        limit = self.wanted if self.wanted is not None else self.cap
        if self.sent >= limit:
            return 0
        if self.wanted is None and self.shares:
            low, high = self.interval()
            if (high - low) / 2 < self.half_width:
                return 0
        if self.wanted is not None:
            return limit - self.sent
        step = self.players * math.ceil(12 / self.players)
        return min(step if self.sent else 2 * step, limit - self.sent)


class Record:
    """The run's record (``--record``): every finished match's result, rewritten to the file as matches come
    back (at most every ``every`` seconds) and once more at the end, so that a run stopped by hand or cut
    off keeps what it played. No file: nothing is written."""

    def __init__(self, path: str | None, argv: list[str], every: float = 30.0) -> None:
        self.path, self.argv, self.every = path, argv, every
        self.cells: list[Cell] = []
        self.saved_at = 0.0

    def track(self, cells: list[Cell]) -> None:
        self.cells += [c for c in cells if not any(c is known for known in self.cells)]

    def save(self, now: float | None = None, force: bool = False) -> None:
        now = time.time() if now is None else now
        if self.path is None or (not force and now - self.saved_at < self.every):
            return
        part = f"{self.path}.part"
        with open(part, "w", encoding="utf-8") as out:
            json.dump(record_of(self.cells, self.argv), out, indent=1)
        os.replace(part, self.path)     # a reader never sees half a file
        self.saved_at = now


def play_cells(cells: list[Cell], workers: int, deadline: float | None, first: int = 0,
               record: Record | None = None) -> None:
    """Play every cell's matches on ``workers`` processes, adding batches to 'auto' cells until
    their intervals are narrow enough, and print progress on stderr. Matches are numbered (their
    deal and line-up) from ``first``, so a later run can add fresh deals to an earlier one's.
    ``record`` gets every result as it comes back."""
    if record is not None:
        record.track(cells)
    # by its module's name, not __main__'s, so that workers find it however this file was started
    match = import_module("benchmarks.engine").play_match
    with ProcessPoolExecutor(workers) as pool:
        pending: dict = {}

        def send(cell: Cell) -> None:
            for _ in range(cell.batch()):
                n = first + cell.sent
                cell.sent += 1
                specs, _ = cell.line_up(n)
                pending[pool.submit(match, cell.key, cell.players, n, specs, deadline)] = (cell, n)

        for cell in cells:
            send(cell)
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                cell, n = pending.pop(future)
                try:
                    result = future.result()
                except Exception:   # a bug in a game or a player: counted and shown, the other matches go on
                    cell.crashed += 1
                    print(f"{cell.key} {cell.label} match {n} crashed:\n{traceback.format_exc()}",
                          file=sys.stderr, flush=True)
                    result = "crashed"
                if result is None:
                    continue
                if result == "stuck":
                    cell.stuck += 1
                elif result != "crashed":
                    cell.record(n, result)
                    if record is not None:
                        record.save()
                if cell.report_due(time.time()):
                    cell.shown_at = time.time()
                    low, high = cell.interval()
                    so_far = "" if cell.finished == cell.sent else f" (of {cell.sent}, so far)"
                    print(f"[{(time.time() - STARTED) / 60:5.1f} min] {cell.key:14} {cell.label:24} "
                          f"{len(cell.shares):>4} matches: {cell.share:5.1%} [{low:.1%}, {high:.1%}]{so_far}",
                          file=sys.stderr, flush=True)
                if cell.finished == cell.sent and (deadline is None or time.time() < deadline):
                    send(cell)


def interval_text(cell: Cell) -> str:
    if not cell.shares:
        return f"{'—':>23}"
    low, high = cell.interval()
    return f"{cell.share:>6.1%} [{low:>5.1%},{high:>6.1%}]"


def paired_verdict(paired: Paired | None) -> str:
    return "—" if paired is None else paired.verdict()


def paired_text(paired: Paired | None) -> str:
    return "—" if paired is None else str(paired)


def strength_cells(args, keys: list[str], heuristic: bool) -> dict[tuple[str, str], Cell]:
    search: Spec = ("search", args.iterations, args.seconds, args.trust)
    wanted = None if args.matches == "auto" else int(args.matches)

    def against(kind: str) -> int | None:   # a search cell left out by --against plays no match
        return wanted if kind in args.against else 0

    line_ups = {"search/random": (search, ("random",), against("random")),
                "random/random": (("random",), ("random",), None)}
    if heuristic:
        line_ups |= {"heuristic/random": (("heuristic",), ("random",), None),
                     "search/heuristic": (search, ("heuristic",), against("heuristic")),
                     "heuristic/heuristic": (("heuristic",), ("heuristic",), None)}
    cells = {}
    for key in keys:
        players = seats_for(key, args.players)
        for name, (tested, others, count) in line_ups.items():
            fixed = count if tested[0] == "search" else args.baseline_matches
            cells[key, name] = Cell(key, players, [tested] + [others] * (players - 1), frozenset({0}),
                                    fixed, args.half_width, args.max_matches, name)
    return cells


def strength_table(args, keys: list[str], deadline: float | None, record: Record) -> list[Cell]:
    heuristic = heuristic_available()
    cells = strength_cells(args, keys, heuristic)
    # the baselines first: they are cheap, and a deadline should cut the search matches short, not them;
    # then the games whose matches take the fewest decisions, so that a deadline leaves the most rows
    searching = [c for c in cells.values() if c.specs[0][0] == "search"]
    play_cells([c for c in cells.values() if c not in searching], args.workers, deadline, args.first, record)
    length = {key: cells[key, "random/random"].decisions / max(1, len(cells[key, "random/random"].shares))
              for key in keys}
    play_cells(sorted(searching, key=lambda c: length[c.key]), args.workers, deadline, args.first, record)
    budget = (f"{args.iterations} playouts" + ("" if args.seconds is None else f" / {args.seconds} s")
              + " per decision" + ("" if args.trust is None else f", trust in the rule of thumb {args.trust} SE"))
    print(f"strength: search player ({budget}) in the tested seat, rotating round the table; "
          f"win share of whole matches (ties split) with its 95 % Wilson interval")
    header = (f"{'game':14} {'pl':>2} │ {'n':>4} {'search vs random':>23} {'random':>6} {'ratio':>5} "
              f"{'heur.':>6} {'≥1.5×':>5} {'>heur':>5} │ {'n':>4} {'search vs heuristic':>23} {'heur.':>6} "
              f"{'>heur':>5} │ {'max ms':>6}")
    print(header)
    print("─" * len(header))
    pairs: dict[str, list[Paired | None]] = {}
    for key in keys:
        a = cells[key, "search/random"]
        randoms = cells[key, "random/random"]
        rand = randoms.share_on(a)
        ratio = f"{a.share / rand:>5.2f}" if a.shares and rand else f"{'—':>5}"
        pairs[key] = [a.paired(randoms, 1.5)]
        line = f"{key:14} {a.players:>2} │ {len(a.shares):>4} {interval_text(a)} {rand:>6.1%} {ratio} "
        if heuristic:
            b = cells[key, "search/heuristic"]
            thumbs, alike = cells[key, "heuristic/random"], cells[key, "heuristic/heuristic"]
            pairs[key] += [a.paired(thumbs), b.paired(alike)]
            line += (f"{thumbs.share_on(a):>6.1%} {paired_verdict(pairs[key][0]):>5} "
                     f"{paired_verdict(pairs[key][1]):>5} │ "
                     f"{len(b.shares):>4} {interval_text(b)} {alike.share_on(b):>6.1%} "
                     f"{paired_verdict(pairs[key][2]):>5} │ ")
            longest = max(a.longest, b.longest)
        else:
            line += f"{'—':>6} {paired_verdict(pairs[key][0]):>5} {'—':>5} │ heuristic player not available │ "
            longest = a.longest
        print(line + f"{longest * 1e3:>6.0f}", flush=True)
    print(f"\nrandom, heur.: a random or heuristic player in the tested seat against the same opponents, over "
          f"the deals the search's matches of that line played (of {args.baseline_matches} each); "
          f"ratio = search ÷ random.\n"
          f"Targets: search vs random ≥ 1.5 × random and > heuristic vs random; search vs heuristic > "
          f"heuristic vs heuristic, judged deal by deal (below). yes: the whole interval clears it; yes?: only "
          f"the mean does.\n"
          f"max ms: the search player's longest decision (its budget: {budget}).\n")
    print("paired: the search's share less the target's on each deal both played, mean in points with its 95 % "
          "interval")
    header = (f"{'game':14} │ {'n':>4} {'search − 1.5×random':>19} {'search − heur.':>14} │ {'n':>4} "
              f"{'search − heur.':>14}")
    print(header)
    print("─" * len(header))
    for key in keys:
        found = pairs[key] + [None] * (3 - len(pairs[key]))
        n_a = found[0].n if found[0] else 0
        n_b = found[2].n if found[2] else 0
        print(f"{key:14} │ {n_a:>4} {paired_text(found[0]):>19} {paired_text(found[1]):>14} │ {n_b:>4} "
              f"{paired_text(found[2]):>14}", flush=True)
    print()
    print_left_out(cells.values())
    return list(cells.values())


def print_left_out(cells) -> None:
    """The matches a table leaves out because they found a bug: stuck, or crashed (traceback on stderr)."""
    stuck = [f"{c.key} {c.label} {c.stuck}" for c in cells if c.stuck]
    crashed = [f"{c.key} {c.label} {c.crashed}" for c in cells if c.crashed]
    print(f"Stuck matches (not over after {MATCH_PLIES} moves, left out): {', '.join(stuck) or 'none'}")
    print(f"Crashed matches (an exception, left out): {', '.join(crashed) or 'none'}\n")


def ceiling_table(args, keys: list[str], deadline: float | None, record: Record) -> list[Cell]:
    """A clairvoyant search against random (or heuristic) players, next to such a player in its seat: how
    far above them any player can get (seeing everything), and how far reading the others' hands would take it."""
    wanted = None if args.matches == "auto" else int(args.matches)
    cells = {}
    for key in keys:
        players = seats_for(key, args.players)
        for opponent in args.against:
            line_ups = {f"{opponent}/{opponent}": ((opponent,), args.baseline_matches)}
            line_ups |= {f"sees {sees}/{opponent}": (("clairvoyant", args.iterations, args.seconds, sees), wanted)
                         for sees in args.sees}
            for name, (tested, count) in line_ups.items():
                cells[key, name] = Cell(key, players, [tested] + [(opponent,)] * (players - 1), frozenset({0}),
                                        count, args.half_width, args.max_matches, name)
    baselines = {f"{opponent}/{opponent}" for opponent in args.against}
    play_cells([c for c in cells.values() if c.label in baselines], args.workers, deadline, args.first, record)
    play_cells([c for c in cells.values() if c.label not in baselines], args.workers, deadline, args.first, record)
    for opponent in args.against:
        factor, target, words = CEILING_TARGETS[opponent]
        print(f"ceiling: a clairvoyant search ({args.iterations} playouts) against {opponent} players, seeing every "
              f"hand and the stock's order (all) or every hand (hands); win share of whole matches, 95 % Wilson "
              f"interval; '{opponent[:6]}': a {opponent} player in that seat (ratio and {target}: over the deals "
              f"the clairvoyant played)")
        header = (f"{'game':14} {'pl':>2} {opponent[:6]:>6} │ {'n':>4} {'sees all':>23} {'ratio':>5} {target:>5} │ "
                  f"{'n':>4} {'sees hands':>23} {'ratio':>5} {target:>5}")
        print(header)
        print("─" * len(header))
        for key in keys:
            alike = cells[key, f"{opponent}/{opponent}"]
            line = f"{key:14} {alike.players:>2} {alike.share:>6.1%}"
            for sees in ("all", "hands"):
                if (key, f"sees {sees}/{opponent}") not in cells:
                    line += f" │ {'not run':>39}"
                    continue
                a = cells[key, f"sees {sees}/{opponent}"]
                same = alike.share_on(a)
                ratio = a.share / same if same else float("nan")
                line += (f" │ {len(a.shares):>4} {interval_text(a)} {ratio:>5.2f} "
                         f"{paired_verdict(a.paired(alike, factor)):>5}")
            print(line, flush=True)
        print(f"{target}: the target against {opponent} players (issue 19), {words}, judged deal by deal; yes "
              "if the whole interval of the difference clears it, yes? if only its mean does, else no. Where the "
              "search that sees all stays under it, no fair player reaches it; where only the one that sees the "
              "stock does, the luck of the draw decides more than reading the others' hands could.\n")
    print_left_out(cells.values())
    return list(cells.values())


# issue 19's target against each kind of opponent: a factor of that player's share in its seat, column, words
CEILING_TARGETS = {"random": (1.5, "≥1.5×", "1.5 × that player's share"),
                   "heuristic": (1.0, ">heur", "above that player's share")}


LEVEL_PAIRS = [("strong", "normal"), ("strong", "easy"), ("normal", "easy")]


def levels_table(args, keys: list[str], deadline: float | None, record: Record) -> list[Cell]:
    """Two strength levels sit alternately round the table (the line-up turning match by match);
    a level's fair share of the wins is its share of the seats."""
    wanted = None if args.matches == "auto" else int(args.matches)
    pairs = [tuple(p.split(":")) for p in args.pairs]
    cells = {}
    for key in keys:
        players = seats_for(key, args.players)
        for high, low in LEVEL_PAIRS:
            specs = [("level", high if i % 2 == 0 else low, args.iterations, args.seconds) for i in range(players)]
            count = wanted if (high, low) in pairs else 0   # a pair left out by --pairs plays no match
            cells[key, high, low] = Cell(key, players, specs, frozenset(range(0, players, 2)), count,
                                         args.half_width, args.max_matches, f"{high} vs {low}")
    play_cells(list(cells.values()), args.workers, deadline, args.first, record)
    budget = f"{args.iterations} playouts" + ("" if args.seconds is None else f" / {args.seconds} s")
    shares = ", ".join(f"{k} {'no search' if v.slack + v.blunders >= 1 else f'{v.share:g}'}" for k, v in LEVELS.items())
    print(f"levels ({shares} of {budget}): the two levels of a "
          f"pair sit alternately; share of whole matches won by the first, with its 95 % Wilson interval")
    header = f"{'game':14} {'pl':>2} {'fair':>5} │ " + " │ ".join(f"{'n':>4} {f'{h} vs {lo}':>23}"
                                                                     for h, lo in LEVEL_PAIRS)
    print(header)
    print("─" * len(header))
    for key in keys:
        row = [cells[key, high, low] for high, low in LEVEL_PAIRS]
        fair = len(row[0].tested) / row[0].players
        print(f"{key:14} {row[0].players:>2} {fair:>5.0%} │ "
              + " │ ".join(f"{len(c.shares):>4} {interval_text(c)}" for c in row), flush=True)
    print()
    print_left_out(cells.values())
    return list(cells.values())


def strength_sections(args) -> None:
    keys = args.only or sorted(GAMES)
    deadline = None if args.minutes is None else time.time() + 60 * args.minutes
    record = Record(args.record, sys.argv[1:])
    if "strength" in args.sections:
        strength_table(args, keys, deadline, record)
    if "ceiling" in args.sections:
        ceiling_table(args, keys, deadline, record)
    if "levels" in args.sections:
        levels_table(args, keys, deadline, record)
    record.save(force=True)


def record_of(cells: list[Cell], argv: list[str]) -> dict:
    """What `benchmarks.compare` reads: each cell's share deal by deal, under '<game> <line-up>'. Seeded deals
    replay alike, so two records made with different code or settings compare deal by deal."""
    return {"argv": argv, "cells": {f"{c.key} {c.label}": {str(n): share for n, share in sorted(c.by_match.items())}
                                    for c in cells if c.by_match}}


def _share(share: float | None) -> str:
    return "—" if share is None else f"{share:.0%}"


def speed_table(args) -> None:
    baseline = deal_baseline(20000)
    print(f"baseline: {baseline:,.0f} bare shuffle-and-deals of 52 cards per second\n")
    header = (f"{'game':14} {'pl':>2} {'games/s':>8} {'med ms':>7} {'moves/s':>8} │ {'json µs':>8} {'max':>6} "
              f"{'plain':>6} │ {'search ms':>9} {'max':>6} {'playouts':>8} {'po/s':>6} │ {'won':>5} {'random':>6}")
    print(header)
    print("─" * len(header))
    for key in args.only or sorted(GAMES):
        game = GAMES[key]
        players = seats_for(key, args.players)
        times, moves, states = random_games(game, players, args.random_games)
        ours, plain = json_costs(states)
        stimes, playouts = search_times(game, players, args.decisions, 1000, 0.9)
        won = match_wins(game, players, args.games,
                         lambda seed: SearchPlayer(iterations=args.iterations, seconds=args.seconds, seed=seed))
        base = match_wins(game, players, args.games, lambda seed: RandomPlayer(seed + 77))
        print(f"{key:14} {players:>2} {len(times) / sum(times):>8.0f} {statistics.median(times) * 1e3:>7.2f} "
              f"{moves / sum(times):>8.0f} │ {statistics.median(ours) * 1e6:>8.0f} {max(ours) * 1e6:>6.0f} "
              f"{statistics.median(plain) * 1e6:>6.0f} │ {statistics.median(stimes) * 1e3:>9.0f} "
              f"{max(stimes) * 1e3:>6.0f} {statistics.median(playouts):>8.0f} {sum(playouts) / sum(stimes):>6.0f} │ "
              f"{_share(won):>5} {_share(base):>6}",
              flush=True)
    print(f"\nsearch: 1000 playouts / 0.9 s per decision; po/s = playouts per second of search."
          f"\nwin rates: {args.games} matches per game, search budget {args.iterations} playouts"
          f"{'' if args.seconds is None else f' / {args.seconds} s'}; 'random' = a random player in the same seat\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sections", nargs="*", default=["speed"],
                    choices=["speed", "moves", "strength", "ceiling", "levels"],
                    help="what to run (default: speed)")
    ap.add_argument("--random-games", type=int, default=300, help="random games per game")
    ap.add_argument("--decisions", type=int, default=8, help="search decisions timed per game")
    ap.add_argument("--games", type=int, default=10, help="matches per game for the win rate of the speed table")
    ap.add_argument("--iterations", type=int, default=200, help="search budget for the matches")
    ap.add_argument("--seconds", type=float, default=None, help="search time limit for the matches")
    ap.add_argument("--trust", type=float, default=None,
                    help="strength: the search's trust in the rule of thumb, in standard errors (default: each "
                         "game's heuristic_trust; 0: none)")
    ap.add_argument("--matches", default="auto",
                    help="strength and levels: matches per cell, or 'auto': until the 95%% interval is "
                         "narrower than ±--half-width or --max-matches")
    ap.add_argument("--half-width", type=float, default=0.10, help="'auto' stops below this half-width")
    ap.add_argument("--max-matches", type=int, default=200, help="'auto' stops at this many matches")
    ap.add_argument("--baseline-matches", type=int, default=400,
                    help="strength: matches for each baseline (no search: cheap)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes for the matches")
    ap.add_argument("--first", type=int, default=0,
                    help="strength, ceiling and levels: number of the first match (its deal), for fresh deals")
    ap.add_argument("--minutes", type=float, default=None,
                    help="strength and levels: stop after this long and report what finished")
    ap.add_argument("--only", nargs="*", default=None, help="game keys to run")
    ap.add_argument("--players", type=int, default=None,
                    help="seats at every table, or the nearest a game allows (default: each game's usual table, "
                         "PLAYERS); levels with 2: one level against the other, head to head")
    ap.add_argument("--against", nargs="*", default=["random", "heuristic"], choices=["random", "heuristic"],
                    help="strength and ceiling: whom the search plays (a line-up left out plays no match)")
    ap.add_argument("--pairs", nargs="*", default=[f"{h}:{lo}" for h, lo in LEVEL_PAIRS],
                    choices=[f"{h}:{lo}" for h, lo in LEVEL_PAIRS],
                    help="levels: which pairs play (a pair left out plays no match)")
    ap.add_argument("--record", default=None, metavar="FILE",
                    help="strength, ceiling and levels: write every match's result to FILE (JSON), for "
                         "python -m benchmarks.compare; rewritten as matches finish, so a stopped run keeps them")
    ap.add_argument("--sees", nargs="*", default=["all", "hands"], choices=["all", "hands"],
                    help="ceiling: what the clairvoyant search sees (every hand and the stock, or every hand)")
    args = ap.parse_args(argv)

    if "speed" in args.sections:
        speed_table(args)
    if "moves" in args.sections:
        moves_table(args)
    if {"strength", "ceiling", "levels"} & set(args.sections):
        strength_sections(args)


def moves_table(args) -> None:
    """How long `moves()` takes per state (p50, p99, worst; issue 15: the capture solver under 2 ms
    at p99 on the largest tables), over the states of random and heuristic games."""
    print(f"move generation: moves() per state over {args.games} random and {args.games} heuristic games, "
          "best of 3 timings each")
    print(f"{'game':14} {'pl':>2} │ {'states':>7} {'p50 ms':>7} {'p99 ms':>7} {'worst ms':>8} {'most moves':>10}")
    for key in args.only or sorted(GAMES):
        game = GAMES[key]
        players = seats_for(key, args.players)
        found = move_states(game, players, args.games)
        times = move_timings(game, found)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        most = max(len(game.moves(s, seat)) for s, seat in found)
        print(f"{key:14} {players:>2} │ {len(times):>7} {statistics.median(times) * 1e3:>7.3f} {p99 * 1e3:>7.3f} "
              f"{times[-1] * 1e3:>8.3f} {most:>10}", flush=True)
    print()


if __name__ == "__main__":
    main()
