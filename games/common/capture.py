"""Capture-by-sum for the fishing games (Scopa, Kontsina, Cassino, Diloti, Xeri).

A played card captures table cards in two ways:

* **pairing**: table cards of the same rank. ``pairing="one"`` (Scopa, Kontsina)
  offers each equal-rank card as a capture of its own; ``"all"`` takes every
  equal-rank card at once; ``"none"`` (or None) turns pairing off.
* **addition**: a set of ``min_addition`` or more table cards whose values add up
  to the played card's value.

With ``pairing_first`` (Scopa) a card that can pair may not add. Values come from
a map or function (card code → value); a card whose value is None or not
positive never takes part in a sum, and a played card without a value cannot add.

Options come back as lists of card codes in table order: pairings first, then
additions by size, then by the table positions they use. The search walks the
values in ascending order and stops a branch as soon as it overshoots or the
cards left cannot make up the rest, so large tables stay fast; ``limit`` caps the
number of additions searched for (the search stops once it has that many, so
with a limit the ones returned are not necessarily the smallest).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from games import cards as C

ValueOf = Mapping[str, int] | Callable[[str], "int | None"]


def _value_fn(values: ValueOf) -> Callable[[str], int | None]:
    if callable(values):
        return values
    return values.get


def sum_subsets(values: Sequence[int | None], target: int, min_size: int = 1,
                limit: int | None = None) -> list[tuple[int, ...]]:
    """Index tuples (ascending) of the items whose values add up to ``target``,
    with at least ``min_size`` items; items valued None or below 1 are skipped.
    Ordered by size, then by the indexes; ``limit`` stops the search early."""
    items = sorted((v, i) for i, v in enumerate(values) if v is not None and v > 0)
    if target <= 0 or not items:
        return []
    vals = [v for v, _ in items]
    idx = [i for _, i in items]
    n = len(items)
    suffix = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        suffix[k] = suffix[k + 1] + vals[k]
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def walk(start: int, remaining: int) -> bool:
        """False once ``limit`` subsets are found (stop searching)."""
        for k in range(start, n):
            v = vals[k]
            if v > remaining or suffix[k] < remaining:
                return True     # sorted: later values overshoot, or cannot make up the rest
            chosen.append(idx[k])
            if v == remaining:
                if len(chosen) >= min_size:
                    found.append(tuple(sorted(chosen)))
                    if limit is not None and len(found) >= limit:
                        return False
            elif not walk(k + 1, remaining - v):
                return False
            chosen.pop()
        return True

    walk(0, target)
    found.sort(key=lambda t: (len(t), t))
    return found


def capture_options(table: Sequence[str], played: str, values: ValueOf, *,
                    pairing: str | None = "one", pairing_first: bool = True,
                    min_addition: int = 2, limit: int | None = None) -> list[list[str]]:
    """Every capture ``played`` can make from ``table`` (card codes), as lists of
    table card codes in table order; empty when the card can only be trailed."""
    rank = C.rank(played)
    pairs: list[list[str]] = []
    if pairing == "one":
        pairs = [[c] for c in table if C.rank(c) == rank]
    elif pairing == "all":
        same = [c for c in table if C.rank(c) == rank]
        pairs = [same] if same else []
    elif pairing not in (None, "none"):
        raise ValueError(f"pairing must be 'one', 'all' or 'none' (got {pairing!r})")
    if pairs and pairing_first:
        return pairs
    value_of = _value_fn(values)
    target = value_of(played)
    if target is None or target <= 0:
        return pairs
    found = sum_subsets([value_of(c) for c in table], target, max(min_addition, 1), limit)
    return pairs + [[table[i] for i in subset] for subset in found]


def can_capture(table: Sequence[str], played: str, values: ValueOf, **rules) -> bool:
    """Whether ``played`` has any capture on ``table`` (same rules as `capture_options`)."""
    return bool(capture_options(table, played, values, limit=1, **rules))
