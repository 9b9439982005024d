"""The games by key: every module of `games` that defines ``GAME`` is one."""

from __future__ import annotations

import pkgutil
from importlib import import_module
from pathlib import Path

from games.engine import Game

_NOT_GAMES = {"__main__", "cards", "cli", "engine", "options", "registry"}


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if info.ispkg or info.name in _NOT_GAMES or info.name.startswith("_"):
            continue
        game = getattr(import_module(f"games.{info.name}"), "GAME", None)
        if isinstance(game, Game):
            if game.key in found:
                raise RuntimeError(f"two games use the key {game.key!r}")
            found[game.key] = game
    return found


GAMES: dict[str, Game] = _discover()


def get(key: str) -> Game:
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"no game called {key!r} (games: {', '.join(sorted(GAMES))})") from None
