"""The sign test of the strength checks, run sequentially: a check stops at the first deal after which
its record is significant, so a clearly stronger player shows it in a few deals and a close one still
gets the row's full count.

Looking after every deal gives a player no better than its rival more chances to look significant by
luck; `stopping_level` finds the p-value to stop at such that this chance, over the row's whole count
of deals, stays within the level the check names (computed exactly, deal by deal)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from functools import cache
from itertools import accumulate, islice
from math import comb, exp, lgamma, log

LN2 = log(2)


def sign_test_p(wins: int, losses: int) -> float:
    """One-sided p-value of at least ``wins`` wins out of ``wins + losses`` fair coin flips."""
    n = wins + losses
    return sum(comb(n, k) for k in range(wins, n + 1)) / 2 ** n


@cache
def _tails(n: int) -> tuple[float, ...]:
    """P(at least k heads in n fair flips) for k = 0..n, in floats (negligible tails round to 0)."""
    pmf = [exp(lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) - n * LN2) for k in range(n + 1)]
    return tuple(accumulate(reversed(pmf)))[::-1]


def _first_significant(n: int, p: float) -> int:
    """The fewest wins among n decisive deals whose p-value is at most ``p``."""
    tails = _tails(n)
    low = n // 2
    return low + bisect_left([-t for t in tails[low:]], -p)


def chance_of_stopping(deals: int, p: float) -> float:
    """The chance that a player exactly as good as its rival (each decisive deal a fair coin flip)
    reaches a p-value of at most ``p`` after some deal, within ``deals`` decisive deals."""
    alive = [1.0]          # by wins so far: the chance of being there without having stopped
    stopped = 0.0
    for n in range(1, deals + 1):
        spread = [0.5 * alive[0]] + [0.5 * (a + b) for a, b in zip(alive, alive[1:], strict=False)] + [0.5 * alive[-1]]
        cut = _first_significant(n, p)
        stopped += sum(spread[cut:])
        alive = spread[:cut] or [0.0]
    return stopped


@cache
def stopping_level(deals: int, level: float) -> float:
    """The largest p-value on a grid (``level`` halved in quarter steps) at which a sequential check over
    up to ``deals`` decisive deals may stop, keeping its overall chance of a false alarm within ``level``."""
    grid = [level * 2 ** (-k / 4) for k in range(64)]
    low, high = 0, len(grid) - 1          # grid[high] is safe; find the first safe one
    while low < high:
        mid = (low + high) // 2
        if chance_of_stopping(deals, grid[mid]) <= level:
            high = mid
        else:
            low = mid + 1
    return grid[low]


def sequential_sign(results: Iterable[int], deals: int, level: float) -> tuple[int, int, float]:
    """Wins and losses over the first of ``deals`` results (+1 a win, -1 a loss, 0 a tie) after which the
    record is significant by `stopping_level`, or over all of them; and that stopping p-value."""
    stop = stopping_level(deals, level)
    wins = losses = 0
    for result in islice(results, deals):
        wins += result > 0
        losses += result < 0
        if result and sign_test_p(wins, losses) <= stop:
            break
    return wins, losses, stop
