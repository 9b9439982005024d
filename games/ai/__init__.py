"""Computer players. Each has ``choose(game, state, seat) -> Move``."""

from games.ai.heuristic import HeuristicPlayer
from games.ai.random_player import RandomPlayer
from games.ai.search import SearchPlayer

__all__ = ["HeuristicPlayer", "RandomPlayer", "SearchPlayer", "make_player"]


def make_player(kind: str, seed: int = 0, **budget):
    """``"random"``, ``"search"`` or ``"heuristic"`` (keyword arguments set the search budget)."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        return HeuristicPlayer(seed)
    if kind == "search":
        return SearchPlayer(seed=seed, **budget)
    raise ValueError(f"no computer player called {kind!r} (random, search, heuristic)")
