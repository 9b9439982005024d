"""Statistics from the results table: per-member records and a rating that accounts for
opponents (openskill's Plackett-Luce model, a maintained TrueSkill-like rating).

Ratings are recomputed from the results in the order games finished, per server and
game, so they never drift from what is stored and forgetting a member is exact.
Computer players (and forgotten members) take part as fresh, unrated opponents.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DISPLAY_SCALE = 40          # shown rating = 1000 + 40 × ordinal (ordinal = mu − 3σ; 0 for a newcomer)


@dataclass
class Record:
    user_id: int
    played: int = 0
    wins: int = 0
    placings: list[int] = field(default_factory=list)
    rating: float = 1000.0

    @property
    def average_placing(self) -> float:
        return sum(self.placings) / len(self.placings) if self.placings else 0.0


def records(results: list[dict]) -> dict[int, Record]:
    """Every member's record in ``results`` (rows of one server and one game, or several:
    each game is rated on its own and `rating` is the last game's in the rows' order)."""
    out: dict[int, Record] = {}
    ratings: dict[tuple[str, int], object] = {}
    rows = sorted(results, key=lambda r: (r["finished_at"], r["table_id"], r["seat"]))
    for _, table_rows in groupby(rows, key=lambda r: r["table_id"]):
        table_rows = list(table_rows)
        game = table_rows[0]["game"]
        teams = [[ratings.get((game, r["user_id"])) or MODEL.rating()] if r["user_id"] is not None
                 else [MODEL.rating()] for r in table_rows]
        if len(table_rows) > 1:
            teams = MODEL.rate(teams, ranks=[r["placing"] for r in table_rows])
        for r, (rating,) in zip(table_rows, teams, strict=True):
            uid = r["user_id"]
            if uid is None:
                continue
            ratings[(game, uid)] = rating
            rec = out.setdefault(uid, Record(uid))
            rec.played += 1
            rec.wins += won(r)
            rec.placings.append(r["placing"])
            rec.rating = round(1000 + DISPLAY_SCALE * rating.ordinal())
    return out


def won(row: dict) -> bool:
    """Whether a result is a win: first place, or the game's own word when it keeps one (a solitaire's
    board is always first of one)."""
    detail = json.loads(row.get("detail") or "{}")
    return bool(detail["won"]) if "won" in detail else row["placing"] == 1


def per_game(results: list[dict]) -> dict[str, dict[int, Record]]:
    by_game: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        by_game[r["game"]].append(r)
    return {game: records(rows) for game, rows in sorted(by_game.items())}


def leaderboard(results: list[dict], limit: int = 10) -> list[Record]:
    """The best-rated members in one game's results; ties by games won."""
    ranked = sorted(records(results).values(), key=lambda r: (-r.rating, -r.wins, r.user_id))
    return ranked[:limit]


@dataclass
class Best:
    """A member's best game by the game's own result (`Game.result_scores`)."""

    user_id: int
    won: bool
    score: float
    seconds: int
    played: int


def best_results(results: list[dict], daily: str | None = None, limit: int = 10) -> list[tuple[Any, list[Best]]]:
    """Members ranked by their best game: won first, then the higher score, then the shorter time; with
    ``daily`` (a date), only that day's daily deals count. One ranking per board (the game's "board" in its
    result details: Spider's suit counts never rank together), boards in a fixed order, results without
    a board first."""
    games: dict[str, dict[int, list[Best]]] = defaultdict(lambda: defaultdict(list))
    labels: dict[str, Any] = {}
    for r in results:
        detail = json.loads(r.get("detail") or "{}")
        uid = r["user_id"]
        if uid is None or "score" not in detail or (daily is not None and detail.get("daily") != daily):
            continue
        key = json.dumps(detail.get("board"), sort_keys=True)
        labels[key] = detail.get("board")
        games[key][uid].append(Best(uid, bool(detail.get("won")), float(detail["score"]),
                                    int(detail.get("seconds", 0)), 0))
    boards = []
    for key in sorted(games, key=lambda k: (labels[k] is not None, k)):
        best = [min(mine, key=_rank) for mine in games[key].values()]
        for b in best:
            b.played = len(games[key][b.user_id])
        boards.append((labels[key], sorted(best, key=_rank)[:limit]))
    return boards


def _rank(b: Best) -> tuple:
    return (not b.won, -b.score, b.seconds, b.user_id)
