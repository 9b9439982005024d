"""The score leaderboard (`bot.stats.best_results`): each member's best game, one ranking per board."""

import json

from bot.stats import best_results


def result(user: int, score: float, won: bool = False, board=None, seconds: int = 60, daily=None) -> dict:
    detail = {"won": won, "score": score, "seconds": seconds}
    if board is not None:
        detail["board"] = board
    if daily is not None:
        detail["daily"] = daily
    return {"user_id": user, "detail": json.dumps(detail)}


def test_a_members_best_game_ranks_won_first_then_score_then_time() -> None:
    boards = best_results([result(1, 900), result(1, 300, won=True), result(2, 500, won=True, seconds=30),
                           result(3, 500, won=True, seconds=90)])
    [(board, best)] = boards
    assert board is None
    assert [(b.user_id, b.score, b.played) for b in best] == [(2, 500, 1), (3, 500, 1), (1, 300, 2)]


def test_results_of_different_boards_never_rank_together() -> None:
    """A board (Spider's suit count) is its own ranking; results stored before boards existed stand apart."""
    one, four = {"m": "{n} suit", "n": 1}, {"m": "{n} suit", "n": 4}
    boards = best_results([result(1, 1200, won=True, board=one), result(2, 400, board=four),
                           result(1, 300, board=four), result(3, 50)])
    assert [board for board, _ in boards] == [None, one, four]
    assert [[b.user_id for b in best] for _, best in boards] == [[3], [1], [2, 1]]
    assert [b.played for b in boards[2][1]] == [1, 1], "a member's games count per board"


def test_daily_keeps_only_that_days_daily_deals() -> None:
    boards = best_results([result(1, 10, daily="2026-11-25"), result(2, 99, daily="2026-11-24"), result(3, 99)],
                          daily="2026-11-25")
    assert [[b.user_id for b in best] for _, best in boards] == [[1]]
