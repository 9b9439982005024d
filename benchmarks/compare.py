"""Compare two recorded benchmark runs deal by deal: did a change make the computer players stronger?

    python -m benchmarks.engine --sections strength --only trash --iterations 100 --matches 300 --record before.json
    # change the code (or a setting such as --trust), then the same command with --record after.json
    python -m benchmarks.compare before.json after.json

Matches are seeded by their number and the search runs without a time limit by default, so the same
command plays the same deals in both runs; only the change makes them differ. For every line-up both runs
played (a game and who sits where) it prints the share of each over the deals both played and the
difference after − before with its 95 % interval, and on how many deals the tested side did better or
worse. Deal by deal, the luck of the deals drops out of the difference: a change is judged far more
sharply than by two shares with their own intervals side by side. Two traps: run both from the same
options (``--iterations``, ``--seconds`` None), and do not let the two runs share a process in which a
setting of one could linger into the other (one run per command, as here, is safe)."""

from __future__ import annotations

import argparse
import json
import sys

from benchmarks.engine import Paired, paired_difference


def load(path: str) -> dict[str, dict[int, float]]:
    with open(path, encoding="utf-8") as f:
        record = json.load(f)
    return {line: {int(n): share for n, share in shares.items()} for line, shares in record["cells"].items()}


def compared(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]
             ) -> list[tuple[str, float, float, Paired, int, int]]:
    """Per line-up in both runs: its share before and after over their common deals, the paired difference,
    and how many of those deals went better and worse."""
    rows = []
    for line in sorted(before.keys() & after.keys()):
        old, new = before[line], after[line]
        common = sorted(old.keys() & new.keys())
        diff = paired_difference(new, old)
        if diff is None:
            continue
        better = sum(new[n] > old[n] for n in common)
        worse = sum(new[n] < old[n] for n in common)
        rows.append((line, sum(old[n] for n in common) / len(common), sum(new[n] for n in common) / len(common),
                     diff, better, worse))
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", help="a record written by python -m benchmarks.engine --record")
    ap.add_argument("after", help="the record of the changed code or settings")
    args = ap.parse_args(argv)
    rows = compared(load(args.before), load(args.after))
    header = f"{'line-up':36} {'n':>5} {'before':>7} {'after':>7} {'after − before':>15} {'better':>6} {'worse':>6}"
    print(header)
    print("─" * len(header))
    for line, old, new, diff, better, worse in rows:
        print(f"{line:36} {diff.n:>5} {old:>7.1%} {new:>7.1%} {str(diff):>15} {better:>6} {worse:>6}")
    if not rows:
        print("no line-up played the same deals in both runs", file=sys.stderr)
    print("\nafter − before: mean difference of the tested side's share deal by deal, in points, with its 95 % "
          "interval; better, worse: deals on which it did better or worse after the change.")


if __name__ == "__main__":
    main()
