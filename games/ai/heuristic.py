"""A player that follows each game's rule of thumb: the second baseline opponent.

It has no search: it asks the game for its `heuristic_move` (the family's rule of
thumb, see `games.common.thumb`), which reads only what the seat may see."""

from __future__ import annotations

import random

from games.engine import Game, Move, State


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, state: State, seat: int) -> Move:
        moves = game.moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        return game.heuristic_move(state, seat, moves, self.rng)
