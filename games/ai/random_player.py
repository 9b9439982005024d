"""A player that picks uniformly among the legal moves: the baseline opponent."""

from __future__ import annotations

import random

from games.engine import Game, Move, State


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, state: State, seat: int) -> Move:
        moves = game.moves(state, seat)
        return moves[self.rng.randrange(len(moves))]
