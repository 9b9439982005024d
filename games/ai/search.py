"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Every iteration starts from ``game.determinize(state, seat, rng)``: a copy in
which everything the searching seat cannot see is dealt anew at random. That is
the only way the search touches the real state, so it never uses hidden
information. Moves are keyed by their text so one tree is shared by all
determinizations; a child's *availability* counts the iterations in which it was
legal, as ISMCTS requires.

A playout runs to the end of the current hand with the game's cheap
``rollout_move`` policy, or for at most ``max_playout`` moves. Each seat's reward
is the share of opponents whose standing it gained more than during that hand
(ties count half), so rewards stay in [0, 1] for any game and any scoring. While
the playout is still in the hand it started in (cut short, or ending the match
there), the game's ``hand_progress`` breaks ties in standing: in a match won by
winning a hand, every seat but the winner gains nothing, and without it a seat
left one card from going out would count the same as one that drew ten, so
against several opponents a move's reward would hardly depend on the move.

The search's pick is the most visited move. In games of much luck a few hundred
playouts often cannot tell two moves apart, and picking the more visited one is
then close to a coin toss, which lost to the plain rule of thumb in Stop the Bus,
Crazy Eights, Fan Tan, Newmarket, Trash and I Doubt It. There the game sets a
``heuristic_trust``: where its rule of thumb (``heuristic_move``) differs from the
pick, the rule of thumb stands unless the pick's mean reward is higher by that
many standard errors of the difference. Where the search does see a difference it
plays its own move. Even a weak rule of thumb gains from it: in Jack Change It, whose
rule of thumb wins little more than a random player, the two together beat random
players more often than either alone (``python -m benchmarks.engine --sections strength``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from games.engine import Game, Move, State
from games.playout import playouts


class _Node:
    __slots__ = ("parent", "move", "actor", "children", "visits", "avail", "total", "squares")

    def __init__(self, parent: _Node | None = None, move: Move | None = None, actor: int = -1) -> None:
        self.parent = parent
        self.move = move
        self.actor = actor
        self.children: dict[tuple[int, Move], _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0


def rank_rewards(before: Sequence[float], after: Sequence[float],
                 progress: Sequence[float] | None = None) -> list[float]:
    gains: list = [a - b for a, b in zip(after, before, strict=True)]
    if len(gains) < 2:    # a solitaire: a gain of its own score is all there is to reward
        return [1.0 if gains and gains[0] > 0 else 0.5]
    if progress is not None:
        gains = list(zip(gains, progress, strict=True))
    n = len(gains)
    out = []
    for i, mine in enumerate(gains):
        beaten = sum(1.0 if mine > other else 0.5 if mine == other else 0.0
                     for j, other in enumerate(gains) if j != i)
        out.append(beaten / (n - 1))
    return out


def playout_rewards(game: Game, d: State, before: Sequence[float], hand: int) -> list[float]:
    """Each seat's reward for a playout that started in hand ``hand`` with standing ``before``
    and stopped at ``d`` (see the module doc). Once another hand is dealt its progress says
    nothing of the hand played, so only the standing counts."""
    custom = game.search_rewards(before, d)
    if custom is not None:
        return custom
    progress = game.hand_progress(d) if d.hand_no == hand else None
    return rank_rewards(before, game.standing(d), progress)


def _clearly_better(a: _Node, b: _Node, z: float) -> bool:
    """Whether ``a``'s mean reward exceeds ``b``'s by more than ``z`` standard errors of the
    difference. Each move's rewards count two more, a 0 and a 1, so that a move tried once or
    twice with a lucky result is not taken for a sure thing."""
    def mean_and_error(n: _Node) -> tuple[float, float]:
        count = n.visits + 2
        mean = (n.total + 1.0) / count
        spread = max((n.squares + 1.0) / count - mean * mean, 0.0)
        return mean, spread / count
    (ma, va), (mb, vb) = mean_and_error(a), mean_and_error(b)
    return ma - mb > z * math.sqrt(va + vb)


class SearchPlayer:
    """ISMCTS within a budget of ``iterations`` playouts and ``seconds`` of time
    (whichever runs out first; ``seconds=None`` makes a choice reproducible). ``trust`` (see the
    module doc) overrides the game's `heuristic_trust`: the game's rule-of-thumb move stands
    unless the search is that many standard errors sure of a better one."""

    name = "search"

    def __init__(self, iterations: int = 1000, seconds: float | None = 0.9,
                 exploration: float = 0.7, max_playout: int = 200, seed: int = 0, trust: float | None = None) -> None:
        self.iterations = iterations
        self.trust = trust
        self.max_playout = max_playout
        self.seconds = seconds
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.last_iterations = 0

    def choose(self, game: Game, state: State, seat: int) -> Move:
        legal = game.moves(state, seat)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if game.heuristic_decides(state, seat):
            self.last_iterations = 0
            return game.heuristic_move(state, seat, legal, self.rng)
        rng = self.rng
        root = _Node()
        hand = state.hand_no
        before = game.standing(state)
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + self.seconds
        c = self.exploration
        cap = game.playout_plies(state)
        max_playout = self.max_playout if cap is None else min(cap, self.max_playout)
        with playouts():   # imagined moves: no texts, no bookkeeping for later redeals
            done = 0
            while done < self.iterations:
                done += 1
                d = game.determinize(state, seat, rng)
                node = root
                # selection and expansion
                while not d.over and d.hand_no == hand:
                    actor = self._actor(game, d, seat, node is root, rng)
                    moves = game.moves(d, actor)
                    if game.heuristic_decides(d, actor):
                        game.play(d, actor, game.heuristic_move(d, actor, moves, rng))
                        continue
                    moves = game.search_moves(d, actor, moves)
                    untried = []
                    available = []
                    for m in moves:
                        child = node.children.get((actor, m))
                        if child is None:
                            untried.append(m)
                        else:
                            child.avail += 1
                            available.append(child)
                    if untried:
                        m = untried[rng.randrange(len(untried))]
                        child = _Node(node, m, actor)
                        child.avail = 1
                        node.children[(actor, m)] = child
                        game.play(d, actor, m)
                        node = child
                        break
                    node = max(available, key=lambda ch: ch.total / ch.visits
                               + c * math.sqrt(math.log(ch.avail) / ch.visits))
                    game.play(d, actor, node.move)
                # playout
                plies = 0
                while not d.over and d.hand_no == hand and plies < max_playout:
                    game.rollout_play(d, self._actor(game, d, seat, False, rng), rng)
                    plies += 1
                rewards = playout_rewards(game, d, before, hand)
                while node is not root:
                    node.visits += 1
                    r = rewards[node.actor]
                    node.total += r
                    node.squares += r * r
                    node = node.parent
                if deadline is not None:
                    now = time.perf_counter()
                    if now + (now - started) / done > deadline:   # the next playout would end too late
                        break
        self.last_iterations = done
        mine = {m: ch for (actor, m), ch in root.children.items() if actor == seat and m in legal}
        best = max(mine.values(), key=lambda ch: (ch.visits, ch.total), default=None)
        if best is None:
            return legal[0]
        trust = game.heuristic_trust if self.trust is None else self.trust
        if trust:
            thumb = game.heuristic_move(state, seat, legal, rng)
            if thumb != best.move and not _clearly_better(best, mine.get(thumb) or _Node(), trust):
                return thumb
        return best.move

    @staticmethod
    def _actor(game: Game, d: State, seat: int, at_root: bool, rng: random.Random) -> int:
        actors = sorted(game.to_move(d))
        if at_root and seat in actors:
            return seat
        return actors[0] if len(actors) == 1 else actors[rng.randrange(len(actors))]
