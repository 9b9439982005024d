"""The games by key. Adding a game means adding its module to `_MODULES`."""

from __future__ import annotations

from importlib import import_module

from games.engine import Game

_MODULES = ("crazy_eights", "oh_hell", "scopa")

GAMES: dict[str, Game] = {}
for _name in _MODULES:
    _game = import_module(f"games.{_name}").GAME
    GAMES[_game.key] = _game


def get(key: str) -> Game:
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"no game called {key!r} (games: {', '.join(sorted(GAMES))})") from None
