"""The strength benchmark's arithmetic (benchmarks/engine.py): its tables are how issue 19's targets are
judged, so the interval, the same-deals baseline, the rotation of the tested seat and the stopping rule
must be right."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from benchmarks.choices import PartlyRandom, kind_of, worth
from benchmarks.compare import compared, load
from benchmarks.compare import main as compare_main
from benchmarks.engine import Cell, Record, play_match, record_of, seats_for, wilson
from benchmarks.engine import main as engine_main
from benchmarks.pool import Mismatch, level_pairs, pooled, targets
from games.ai.heuristic import HeuristicPlayer
from games.registry import GAMES


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


def cells_with(search: list[float], baseline: list[float]) -> tuple[Cell, Cell]:
    """A search cell and a random baseline in Scopa, the tested seat winning ``search[n]`` and ``baseline[n]``
    of deal n."""
    made = []
    for first, shares in ((("search", 100, None, None), search), (("random",), baseline)):
        cell = Cell("scopa", 2, [first, ("random",)], frozenset({0}), len(shares), label=f"{first[0]}/random")
        for n, share in enumerate(shares):
            cell.record(n, result_with(cell, n, share))
        made.append(cell)
    return made[0], made[1]


def test_a_lead_kept_on_every_deal_is_shown_where_the_same_shares_on_unrelated_deals_would_not_be() -> None:
    """The targets are judged deal by deal: a search that wins every deal its baseline wins and one in ten
    more (40 of 100 against 30) is shown above it, since the deals' luck drops out of the difference; the
    same 40 against 30 with no deal in common to both would leave the intervals overlapping."""
    baseline = [1.0] * 30 + [0.0] * 70
    search = [1.0] * 40 + [0.0] * 60
    a, b = cells_with(search, baseline)
    paired = a.paired(b)
    assert paired.n == 100 and paired.mean == pytest.approx(0.10)
    assert paired.verdict() == "yes" and paired.mean - paired.half > 0.04
    assert wilson(40, 100)[0] < wilson(30, 100)[1], "apart, the two shares' intervals overlap"


def test_a_lead_that_swaps_deals_at_random_is_not_shown() -> None:
    """40 % against 30 % where the search wins other deals than its baseline: the difference's interval
    spans zero, so the verdict rests on the mean only ('yes?'); a search behind on the mean is 'no'."""
    baseline = [1.0, 0.0, 0.0] * 10 + [0.0] * 10              # 10 of 40
    search = [0.0, 1.0, 1.0, 0.0] * 5 + [0.0, 1.0] * 3 + [0.0] * 14   # 13 of 40
    a, b = cells_with(search, baseline)
    paired = a.paired(b)
    assert paired.mean == pytest.approx(3 / 40) and paired.mean - paired.half < 0 < paired.mean
    assert paired.verdict() == "yes?"
    assert b.paired(a).verdict() == "no"


def test_the_random_target_weighs_the_baseline_by_one_and_a_half_and_only_shared_deals_count() -> None:
    a, b = cells_with([1.0, 1.0, 0.0, 1.0], [1.0, 0.0, 0.0])
    paired = a.paired(b, 1.5)
    assert paired.n == 3, "deal 3 has no baseline"
    assert paired.mean == pytest.approx((1 - 1.5 + 1 + 0) / 3)
    lone = Cell("scopa", 2, [("random",), ("random",)], frozenset({0}), 1)
    assert a.paired(lone) is None


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


def test_two_recorded_runs_compare_deal_by_deal(tmp_path, capsys) -> None:
    """A change recorded before and after (`--record`, `benchmarks.compare`): only the deals both runs played
    count, and a change that wins two more deals of four and loses none shows as +50 points, 2 better, 0 worse."""
    before, _ = cells_with([1.0, 0.0, 0.0, 1.0, 1.0], [0.0])
    after, _ = cells_with([1.0, 1.0, 1.0, 1.0], [0.0])
    for cell, name in ((before, "before.json"), (after, "after.json")):
        (tmp_path / name).write_text(json.dumps(record_of([cell], ["--only", "scopa"])))
    rows = compared(load(str(tmp_path / "before.json")), load(str(tmp_path / "after.json")))
    ((line, old, new, diff, better, worse),) = rows
    assert line == "scopa search/random" and diff.n == 4
    assert (old, new, diff.mean, better, worse) == (0.5, 1.0, 0.5, 2, 0)
    compare_main([str(tmp_path / "before.json"), str(tmp_path / "after.json")])
    assert "scopa search/random" in capsys.readouterr().out


def test_a_record_is_rewritten_as_matches_finish_so_a_stopped_run_keeps_them(tmp_path) -> None:
    """A run at the bot's budget takes an hour: its record file holds what finished at most ``every`` seconds
    ago, not only what a run that reached its end wrote (a run stopped by hand lost every match)."""
    path = tmp_path / "run.json"
    cell = Cell("scopa", 2, [("random",), ("random",)], frozenset({0}), 3, label="random/random")
    record = Record(str(path), ["--only", "scopa"], every=30)
    record.track([cell])
    cell.record(0, result_with(cell, 0, 1.0))
    record.save(now=1000.0)
    assert load(str(path)) == {"scopa random/random": {0: 1.0}}
    cell.record(1, result_with(cell, 1, 0.0))
    record.save(now=1010.0)                         # too soon: the file stays as it was
    assert load(str(path)) == {"scopa random/random": {0: 1.0}}
    record.save(now=1031.0)
    assert load(str(path)) == {"scopa random/random": {0: 1.0, 1: 0.0}}
    assert not (tmp_path / "run.json.part").exists()


def test_a_levels_run_records_every_match_it_played(tmp_path) -> None:
    path = tmp_path / "levels.json"
    engine_main(["--sections", "levels", "--only", "last_one", "--players", "2", "--iterations", "20",
                 "--pairs", "strong:easy", "--matches", "3", "--workers", "1", "--record", str(path)])
    assert {line: sorted(shares) for line, shares in load(str(path)).items()} == {
        "last_one strong vs easy": [0, 1, 2]}


def test_a_slow_cell_reports_its_share_so_far_every_fifty_matches() -> None:
    """A cell of 400 matches at the bot's budget runs for an hour: once a minute has passed since its last
    line it shows its share so far at the next fiftieth match, and its whole line once every match sent is
    back (one second a match: every hundred). A quick cell shows only its whole line."""
    for pace, wanted_lines in ((1.0, [100, 200, 300, 310]), (0.01, [310])):
        cell = Cell("scopa", 2, [("random",), ("random",)], frozenset({0}), 310, shown_at=0.0)
        cell.sent = cell.batch()
        lines = []
        for n in range(cell.sent):
            cell.record(n, result_with(cell, n, 1.0))
            now = (n + 1) * pace
            if cell.report_due(now):
                cell.shown_at = now
                lines.append(cell.finished)
        assert lines == wanted_lines


def scopa_record(first: int, search: list[float], baseline: list[float], argv: list[str]) -> dict:
    """A record of a Scopa run from deal ``first`` on: the search and a random player in the tested seat."""
    cells = []
    for spec, shares in ((("search", 100, None, None), search), (("random",), baseline)):
        cell = Cell("scopa", 2, [spec, ("random",)], frozenset({0}), len(shares), label=f"{spec[0]}/random")
        for n, share in enumerate(shares, start=first):
            cell.record(n, result_with(cell, n, share))
        cells.append(cell)
    return record_of(cells, argv)


def test_runs_on_fresh_deals_pool_into_one_verdict_and_mismatched_runs_are_refused() -> None:
    """`benchmarks.pool`: a second run from ``--first 4`` adds its deals to the first run's, and the 1.5 × random
    target is judged over all eight; a deal with two results, or other settings, means two different players."""
    argv = ["--only", "scopa", "--iterations", "1000"]
    a = scopa_record(0, [1.0, 1.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0], argv)
    b = scopa_record(4, [1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0], argv)
    lines = pooled([a, b])
    assert sorted(lines["scopa search/random"]) == list(range(8))
    ((game, label, share, paired),) = targets(lines)
    assert (game, label, paired.n) == ("scopa", "search − 1.5×random", 8)
    assert share == 0.75 and paired.mean == pytest.approx(0.75 - 1.5 * 0.25)
    with pytest.raises(Mismatch, match="deal 3"):
        pooled([a, scopa_record(3, [0.0], [0.0], argv)])
    with pytest.raises(Mismatch, match="settings"):
        pooled([a, scopa_record(4, [1.0], [0.0], ["--only", "scopa", "--iterations", "100"])])


def test_levels_runs_on_fresh_deals_pool_and_are_judged_against_the_share_of_the_seats() -> None:
    """Two levels runs of Dou Dizhu (three seats, the first level holding two: fair share two thirds) pool into
    one share over all their deals; 3 wins in 4 is not shown above two thirds, 59 in 75 is."""
    argv = ["--sections", "levels", "--players", "2", "--iterations", "100"]

    def run(first: int, wins: list[float]) -> dict:
        return {"argv": argv, "cells": {"dou_dizhu strong vs normal": {str(first + i): w for i, w in enumerate(wins)}}}

    ((game, pair, n, share, (low, _), fair),) = level_pairs(pooled([run(0, [1.0, 1.0, 0.0, 1.0])]), 2)
    assert (game, pair, n, share, fair) == ("dou_dizhu", "strong vs normal", 4, 0.75, pytest.approx(2 / 3))
    assert low < fair
    ((*_, n, share, (low, _), fair),) = level_pairs(pooled([run(0, [1.0, 1.0, 0.0, 1.0] * 5),
                                                           run(20, [1.0, 1.0, 1.0, 1.0, 0.0] * 11)]), 2)
    assert (n, share) == (75, 59 / 75) and low > fair


def a_trash_swap(seed: int = 0):
    """A Trash state where the seat to move chooses between swapping a card for its jack and discarding it."""
    game = GAMES["trash"]
    s = game.start(4, {}, seed)
    rule = HeuristicPlayer(seed)
    while True:
        (seat,) = game.to_move(s)
        if kind_of(game.moves(s, seat)) == {"place", "discard"}:
            return game, s, seat
        game.apply(s, seat, rule.choose(game, s, seat))


def test_the_partly_random_rule_takes_only_its_kind_of_decision_at_random_and_counts_what_it_met() -> None:
    """`benchmarks.choices`: with Trash's swap taken at random the player sometimes discards (the rule of thumb
    always swaps); with only the jack's spot at random it swaps like the rule."""
    game, s, seat = a_trash_swap()
    swap = frozenset({"place", "discard"})
    met: Counter = Counter()
    at_random = {PartlyRandom(swap, met, seed).choose(game, s, seat).kind for seed in range(20)}
    assert at_random == {"place", "discard"} and met == {swap: 20}
    by_rule = {PartlyRandom(frozenset({"place"}), Counter(), seed).choose(game, s, seat) for seed in range(20)}
    assert by_rule == {HeuristicPlayer(0).choose(game, s, seat)} and next(iter(by_rule)).kind == "place"


def test_the_rule_of_thumbs_line_is_the_strength_sections_heuristic_player_deal_for_deal() -> None:
    """The baseline the choices are judged against is the same player on the same deals as the strength
    section's heuristic player in the tested seat; every kind tried is compared on all the deals."""
    thumb, rows = worth(None, "trash", 4, range(3, 6), "random")
    for n in range(3, 6):
        specs = [("heuristic",) if seat == n % 4 else ("random",) for seat in range(4)]
        assert thumb[n] == play_match("trash", 4, n, specs, None)[0][n % 4]
    assert {kind for kind, *_ in rows} >= {frozenset({"place"})}
    assert all(paired.n == 3 and sorted(shares) == [3, 4, 5] for _, _, shares, paired in rows)


def test_a_run_against_heuristic_players_only_leaves_the_random_columns_blank(capsys) -> None:
    """`--against heuristic` plays no search match among random players, so there is no ratio to print
    (it printed "nan")."""
    engine_main(["--sections", "strength", "--only", "last_one", "--iterations", "2", "--matches", "2",
                 "--baseline-matches", "2", "--against", "heuristic", "--workers", "1"])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("last_one"))
    n, search, _random_share, ratio, *_ = row.split("│")[1].split()
    assert "nan" not in row and (n, search, ratio) == ("0", "—", "—")
