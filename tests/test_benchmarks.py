"""The strength benchmark's arithmetic (benchmarks/engine.py): its tables are how issue 19's targets are
judged, so the interval, the same-deals baseline, the rotation of the tested seat and the stopping rule
must be right."""

from __future__ import annotations

import pytest

from benchmarks.engine import Cell, play_match, seats_for, verdict, wilson


def result_with(cell: Cell, n: int, share: float) -> tuple[list[float], list[float], list[int]]:
    """Match ``n``'s result as `play_match` gives it, the tested seat (it turns match by match) winning ``share``."""
    (seat,) = cell.line_up(n)[1]
    others = (1 - share) / (cell.players - 1)
    return [share if i == seat else others for i in range(cell.players)], [0.0] * cell.players, [1] * cell.players


def test_wilson_interval_matches_the_published_values() -> None:
    """The 95 % Wilson score interval of 50 in 100 is [40.4 %, 59.6 %]; of 0 in 24 it starts at 0 and
    ends at 13.8 % (where a plain normal interval would be empty); no matches tell nothing."""
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=5e-4)
    low, high = wilson(0, 24)
    assert low == 0.0 and high == pytest.approx(0.1380, abs=5e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_tested_seat_turns_round_the_table_match_by_match() -> None:
    cell = Cell("crazy_eights", 4, [("search", 100, None, None)] + [("random",)] * 3, frozenset({0}), 8)
    seats = []
    for n in range(8):
        specs, tested = cell.line_up(n)
        (seat,) = tested
        assert specs[seat][0] == "search" and sum(s[0] == "search" for s in specs) == 1
        seats.append(seat)
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_baseline_is_judged_on_the_deals_the_search_played() -> None:
    """A random player's share next to the search's is its share over the search's deals, not over all of its
    own (the luck of different deals would decide the comparison)."""
    baseline = Cell("scopa", 2, [("random",), ("random",)], frozenset({0}), 4)
    search = Cell("scopa", 2, [("search", 100, None, None), ("random",)], frozenset({0}), 2)
    for n, share in enumerate([1.0, 1.0, 0.0, 0.0]):
        baseline.record(n, result_with(baseline, n, share))
    for n in (0, 1):
        search.record(n, result_with(search, n, 1.0))
    assert baseline.share == 0.5
    assert baseline.share_on(search) == 1.0


def test_auto_cells_stop_once_the_interval_is_narrow_enough_or_at_the_cap() -> None:
    cell = Cell("scopa", 2, [("random",), ("random",)], frozenset({0}), None, half_width=0.10, cap=200)
    assert cell.batch() == 24   # a first batch of whole rounds of the table
    cell.sent = 24
    for n in range(24):
        cell.record(n, result_with(cell, n, n % 2))
    assert cell.batch() == 12   # 50 % over 24: ±19 points, more wanted
    cell.shares, cell.sent = [0.5] * 100, 100
    assert cell.batch() == 0    # ±9.7 points over 100
    capped = Cell("scopa", 2, [("random",), ("random",)], frozenset({0}), None, cap=30)
    capped.sent, capped.shares = 30, [1.0, 0.0] * 15
    assert capped.batch() == 0


def test_verdict_says_yes_only_when_the_whole_interval_clears_the_target() -> None:
    cell = Cell("scopa", 2, [("random",), ("random",)], frozenset({0}), 100)
    cell.shares = [1.0] * 60 + [0.0] * 40       # 60 % [50.2 %, 69.1 %]
    assert verdict(cell, 0.45) == "yes"
    assert verdict(cell, 0.55) == "yes?"
    assert verdict(cell, 0.65) == "no"


def test_a_match_gives_out_the_whole_win_and_counts_every_decision() -> None:
    """One whole seeded match of random players: the seats' shares of the win add up to one (ties split),
    and the same match number replays the same deal and play."""
    shares, longest, decisions = play_match("crazy_eights", 4, 3, [("random",)] * 4, None)
    assert sum(shares) == pytest.approx(1.0) and all(s in (0.0, 1 / 4, 1 / 3, 1 / 2, 1.0) for s in shares)
    assert sum(decisions) > 4 and len(longest) == 4
    again, _, decided = play_match("crazy_eights", 4, 3, [("random",)] * 4, None)
    assert (again, decided) == (shares, decisions), "match 3 is the same seeded deal and play every time"


def test_games_are_dealt_for_their_usual_table_or_the_nearest_count_allowed() -> None:
    assert seats_for("crazy_eights") == 4 and seats_for("dou_dizhu") == 3
    assert seats_for("dou_dizhu", 2) == 3 and seats_for("scopa", 4) == 2
    assert seats_for("crazy_eights", 2) == 2 and seats_for("crazy_eights", 12) == 8
