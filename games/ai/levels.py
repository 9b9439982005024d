"""The strength levels a server chooses for its computer players (``/config computers``).

One place says what each level means:

* strong: the search player with the full budget (playouts and seconds per decision);
* normal: the search with a fifth of it, and now and then (one move in five) a slip;
* easy: no search. It plays the game's rule of thumb (`Game.heuristic_move`, what a casual
  player would do), but every other move is a beginner's slip.

A slip is another move of the same sort as the rule of thumb's (another card played, another
bid, another suit named), never a different sort (drawing while it would play, clearing a meld
it was building, passing where it would bid, a signal where it would keep quiet), which would
look like a glitch rather than a mistake (`Game.slip_moves`; in Pirate's race, where the only
choice is when to act, a slip is a slower reaction: a chance let go). A level also plays its
rule of thumb where its budget is too thin for the number of moves (a 50-playout search over 40
moves is near random).

Where the luck of the deal outweighs most decisions (the shedding games), a table of four hides
most of the difference between levels; head to head it shows. The measured figures, game by game
and with the commands that made them, are in ``benchmarks/RESULTS.md``: the slips are what make a
weaker level weaker in every game. Where a game has few real choices (Jack Change It, Newmarket, Trash)
the search finds little the rule of thumb misses and only the slips keep the levels apart, so their
rates are far enough apart (none, one in five, one in two) for each pair to differ there too. A game
whose one choice that counts is of a sort of its own widens what a slip may be (Trash: declining a
swap). Strong beats easy head to head in ``tests/test_ai.py`` where cheap enough to show.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.search import SearchPlayer
from games.engine import Game, Move, State

FULL_ITERATIONS = 1000      # the full search budget: playouts per decision …
FULL_SECONDS = 0.9          # … and seconds per decision, whichever runs out first
MIN_ITERATIONS = 10
MIN_SECONDS_SHARE = 0.2     # a short think still gets this share of the full time
MIN_PLAYOUTS_PER_MOVE = 3   # a search thinner than this cannot tell its moves apart: the rule of thumb plays


@dataclass(frozen=True)
class Level:
    share: float        # of the full search budget
    slack: float        # chance of playing the rule-of-thumb move instead of searching
    blunders: float = 0.0   # chance of a slip: any legal move of the rule of thumb's sort


LEVELS: dict[str, Level] = {
    "easy": Level(share=0.05, slack=0.5, blunders=0.5),
    "normal": Level(share=0.2, slack=0.0, blunders=0.2),
    "strong": Level(share=1.0, slack=0.0),
}


class LevelPlayer(SearchPlayer):
    """A search player that, with probability ``blunders``, slips (any legal move of the sort the rule
    of thumb would play) and, with probability ``slack``, plays the rule-of-thumb move instead of
    searching; so it does when its budget is too small for the moves it has (the search would be
    little better than random).

    The rule of thumb is the game's `heuristic_move`, which reads only what the seat sees. Plain
    data: it is pickled to the bot's worker processes."""

    name = "level"

    def __init__(self, slack: float = 0.0, blunders: float = 0.0, **search) -> None:
        super().__init__(**search)
        self.slack = slack
        self.blunders = blunders

    def choose(self, game: Game, state: State, seat: int) -> Move:
        legal = game.moves(state, seat)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        roll = self.rng.random() if self.slack or self.blunders else 1.0
        if roll < self.blunders:
            self.last_iterations = 0
            alike = game.slip_moves(state, seat, self._rule_of_thumb(game, state, seat), legal) or legal
            return alike[self.rng.randrange(len(alike))]
        if roll < self.blunders + self.slack or self.iterations < MIN_PLAYOUTS_PER_MOVE * len(legal):
            self.last_iterations = 0
            return self._rule_of_thumb(game, state, seat)
        return super().choose(game, state, seat)

    def _rule_of_thumb(self, game: Game, state: State, seat: int) -> Move:
        return game.heuristic_move(state, seat, game.moves(state, seat), self.rng)


def make_level(level: str, seed: int = 0, iterations: int = FULL_ITERATIONS,
               seconds: float | None = FULL_SECONDS) -> LevelPlayer:
    """The computer player of ``level`` ("easy", "normal", "strong"), its budget a share of the
    full one (``iterations`` playouts, ``seconds`` per decision; ``seconds=None`` makes it
    reproducible)."""
    try:
        chosen = LEVELS[level]
    except KeyError:
        raise ValueError(f"no level called {level!r} ({', '.join(LEVELS)})") from None
    return LevelPlayer(slack=chosen.slack, blunders=chosen.blunders,
                       iterations=max(MIN_ITERATIONS, int(iterations * chosen.share)),
                       seconds=None if seconds is None else seconds * max(chosen.share, MIN_SECONDS_SHARE),
                       seed=seed)
