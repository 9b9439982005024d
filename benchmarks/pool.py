"""Pool recorded strength or levels runs of the same line-ups on more deals and judge issue 19's targets over
all of them (for levels: whether the first level of each pair wins more than its share of the seats).

    python -m benchmarks.engine --sections strength --only page_one --iterations 1000 --matches 400 --record a.json
    python -m benchmarks.engine --sections strength --only page_one --iterations 1000 --first 400 --matches 400 \\
        --record b.json
    python -m benchmarks.pool a.json b.json

A run started at ``--first N`` plays fresh deals, so a verdict left at "yes?" (only the mean clears the target)
can be given more deals without replaying the first ones. The records must come from the same settings (the
same ``--iterations``, ``--seconds`` and ``--trust``): a deal played in two of them must have the same result,
or the code changed between them and pooling would mix two players."""

from __future__ import annotations

import argparse
import json
import math
import sys

from benchmarks.engine import Paired, paired_difference, seats_for, wilson

SETTINGS = ("--iterations", "--seconds", "--trust", "--players")
TARGETS = (   # (label, search line, baseline line, weight of the baseline)
    ("search − 1.5×random", "search/random", "random/random", 1.5),
    ("search − heur. (random)", "search/random", "heuristic/random", 1.0),
    ("search − heur. (heur.)", "search/heuristic", "heuristic/heuristic", 1.0),
)


class Mismatch(ValueError):
    """Records that cannot be pooled: different settings, or one deal with two results."""


def settings(argv: list[str]) -> dict[str, str]:
    return {flag: argv[i + 1] for i, flag in enumerate(argv[:-1]) if flag in SETTINGS}


def pooled(records: list[dict]) -> dict[str, dict[int, float]]:
    """Every line-up's results by deal, over all ``records`` (as written by ``--record``)."""
    first = settings(records[0]["argv"])
    lines: dict[str, dict[int, float]] = {}
    for record in records:
        if settings(record["argv"]) != first:
            raise Mismatch(f"different settings: {settings(record['argv'])} and {first}")
        for line, shares in record["cells"].items():
            pool = lines.setdefault(line, {})
            for n, share in shares.items():
                if pool.setdefault(int(n), share) != share:
                    raise Mismatch(f"{line}, deal {n}: {pool[int(n)]} in one record, {share} in another")
    return lines


def targets(lines: dict[str, dict[int, float]]) -> list[tuple[str, str, float, Paired | None]]:
    """Per game and target the search's share over its deals and its paired difference with the target."""
    rows = []
    for game in sorted({line.split()[0] for line in lines}):
        for label, mine, theirs, weight in TARGETS:
            search, baseline = lines.get(f"{game} {mine}"), lines.get(f"{game} {theirs}")
            if search and baseline:
                share = sum(search.values()) / len(search)
                rows.append((game, label, share, paired_difference(search, baseline, weight)))
    return rows


def level_pairs(lines: dict[str, dict[int, float]], players: int | None
                ) -> list[tuple[str, str, int, float, tuple[float, float], float]]:
    """Per game and pair of levels ('<game> strong vs normal'): the matches, the first level's share of the wins
    over all of them with its 95 % interval, and its fair share (its share of the seats: the two levels sit
    alternately, the first one at seat 0)."""
    rows = []
    for line, shares in sorted(lines.items()):
        game, label = line.split(" ", 1)
        if " vs " not in label:
            continue
        seats = seats_for(game, players)
        won = sum(shares.values())
        rows.append((game, label, len(shares), won / len(shares), wilson(won, len(shares)),
                     math.ceil(seats / 2) / seats))
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="records written by python -m benchmarks.engine --record")
    args = ap.parse_args(argv)
    records = []
    for path in args.records:
        with open(path, encoding="utf-8") as f:
            records.append(json.load(f))
    try:
        lines = pooled(records)
    except Mismatch as e:
        sys.exit(f"cannot pool these records: {e}")
    rows = targets(lines)
    players = settings(records[0]["argv"]).get("--players")
    levels = level_pairs(lines, None if players is None else int(players))
    if levels:
        print(f"{'game':14} {'pair':18} {'n':>5} {'share':>23} {'fair':>5}")
        for game, label, n, share, (low, high), fair in levels:
            print(f"{game:14} {label:18} {n:>5} {share:>6.1%} [{low:>5.1%}, {high:>6.1%}]{'+' if low > fair else ' '} "
                  f"{fair:>5.0%}")
        print("\nshare: the first level's share of the matches won, with its 95 % Wilson interval; +: the whole "
              "interval is above its fair share.\n")
    if not rows:
        return
    header = f"{'game':14} {'target':24} {'n':>5} {'search':>7} {'paired':>14} {'verdict':>7}"
    print(header)
    print("─" * len(header))
    for game, label, share, paired in rows:
        n, text, verdict = (paired.n, str(paired), paired.verdict()) if paired else (0, "—", "—")
        print(f"{game:14} {label:24} {n:>5} {share:>7.1%} {text:>14} {verdict:>7}")
    print("\nsearch: its share over all its deals; paired: its share less the target's deal by deal, in points, "
          "with its 95 % interval; yes: the whole interval clears the target, yes?: only the mean does.")


if __name__ == "__main__":
    main()
