"""Finding a game by any name players know it by: its key, its title in every shipped language,
and its other names (``Game.aliases``: "uno" and "mau mau" find Crazy Eights, "tien len" and
"tiến lên" Thirteen, "斗地主" Dou Dizhu). Accents, case, spaces and punctuation do not count."""

from __future__ import annotations

import unicodedata
from functools import cache

from games.localize import LANGUAGES, render
from games.registry import GAMES


def folded(text: str) -> str:
    """``"Tiến lên!"`` → ``"tienlen"``: lower case, no accents, letters and digits only."""
    plain = unicodedata.normalize("NFKD", text.casefold().replace("đ", "d"))
    return "".join(c for c in plain if c.isalnum() and not unicodedata.combining(c))


@cache
def names() -> dict[str, tuple[str, ...]]:
    """Each game's key → every name it is known by, folded."""
    out = {}
    for key, game in GAMES.items():
        known = {key, key.replace("_", " "), *game.aliases, *(render(game.title, lang) for lang in LANGUAGES)}
        out[key] = tuple(sorted({folded(n) for n in known} - {""}))
    return out


def matching(text: str) -> list[str]:
    """The keys of the games a search matches, those whose name is exactly it first."""
    needle = folded(text)
    if not needle:
        return sorted(GAMES)
    exact = [key for key, known in names().items() if needle in known]
    partial = [key for key, known in names().items() if key not in exact and any(needle in n for n in known)]
    return exact + partial
