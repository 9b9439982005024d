"""The beating engine: shedding by beating everything on the table (Mattis phase 2, Skitgubbe, Koira).

A **play** is one card or a **run**: two or more cards of one suit with consecutive ranks,
aces high (K-A is consecutive, A-2 is not). A play is a list of card codes, lowest first.
The table holds the plays of the current trick in the order they were made; each beat the
one before it, so a new play has to beat only the last one (beating is transitive).

* `beats`: P beats T when P is trump and T is not, or both share a suit and P's lowest
  card ranks above T's highest card (the length of a run does not matter).
* `beating_plays`: every play of a hand that beats the table's last play (every play of
  the hand when the table is empty), singles and every run; `maximal_runs` for hints.
* `lowest_play`: the play a player who cannot (or will not) beat picks up: the earliest
  one on the table, since each later play beat it.
* `trick_complete`: a trick ends when it holds as many plays as players were in when it
  started (`trick_size`); a pickup takes a play away again.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from games import cards as C
from games.common.tricks import ACES_HIGH, power

Play = list[str]
ORDER = ACES_HIGH


@cache
def card_key(code: str) -> tuple[int, int]:
    """(suit index, rank power with aces high): the order plays are listed in."""
    return C.SUITS.index(C.suit(code)), power(code, ORDER)


def rank_power(code: str) -> int:
    return card_key(code)[1]


def sort_run(cards: Sequence[str]) -> Play:
    """``cards`` lowest first, by suit then rank (aces high)."""
    return sorted(cards, key=card_key)


def is_play(cards: Sequence[str]) -> bool:
    """One card, or a run: two or more cards of one suit with consecutive ranks (K-A yes, A-2 no)."""
    if not cards:
        return False
    if len({C.suit(c) for c in cards}) != 1:
        return False
    ranks = sorted(rank_power(c) for c in cards)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def beats(play: Sequence[str], target: Sequence[str], trump: str | None) -> bool:
    """Whether ``play`` beats ``target``: a trump play on a non-trump one, or the same suit with
    the play's lowest card above the target's highest."""
    mine, theirs = C.suit(play[0]), C.suit(target[0])
    if mine != theirs:
        return bool(trump) and mine == trump
    return min(rank_power(c) for c in play) > max(rank_power(c) for c in target)


def beats_table(play: Sequence[str], table: Sequence[Sequence[str]], trump: str | None) -> bool:
    """Whether ``play`` may be made on ``table``: anything leads, otherwise it beats the last play."""
    return not table or beats(play, table[-1], trump)


def suit_runs(hand: Sequence[str]) -> list[Play]:
    """The hand split into its maximal runs (single cards included), by suit, lowest first."""
    runs: list[Play] = []
    for code in sort_run(hand):
        last = runs[-1] if runs else None
        if last and card_key(code) == (card_key(last[-1])[0], card_key(last[-1])[1] + 1):
            last.append(code)
        else:
            runs.append([code])
    return runs


def maximal_runs(hand: Sequence[str]) -> list[Play]:
    """The hand's maximal runs of two or more cards (the longest sheds, for hints)."""
    return [run for run in suit_runs(hand) if len(run) > 1]


def _sub_runs(run: Play) -> list[Play]:
    return [run[start:end] for start in range(len(run)) for end in range(start + 1, len(run) + 1)]


def all_plays(hand: Sequence[str]) -> list[Play]:
    """Every play the hand holds: each card, and every run inside each maximal run."""
    return [play for run in suit_runs(hand) for play in _sub_runs(run)]


def beating_plays(hand: Sequence[str], table: Sequence[Sequence[str]], trump: str | None) -> list[Play]:
    """Every play of ``hand`` that may be made on ``table`` (all of them when it is empty): the
    trump runs on a non-trump play, and in the play's suit the runs above its highest card."""
    if not table:
        return all_plays(hand)
    target = table[-1]
    suit, high = C.suit(target[0]), max(rank_power(c) for c in target)
    plays: list[Play] = []
    for run in suit_runs(hand):
        run_suit = C.suit(run[0])
        if run_suit == suit:
            plays += _sub_runs([c for c in run if rank_power(c) > high])
        elif trump and run_suit == trump:
            plays += _sub_runs(run)
    return plays


def extensions(hand: Sequence[str], first: str) -> list[Play]:
    """The plays of ``hand`` starting at ``first``: the card alone, then each longer run upwards."""
    run = next(r for r in suit_runs(hand) if first in r)
    return [run[run.index(first):end] for end in range(run.index(first) + 1, len(run) + 1)]


def lowest_play(table: Sequence[Sequence[str]]) -> int:
    """The index of the play a player who does not beat picks up: the earliest on the table."""
    if not table:
        raise ValueError("nothing on the table to pick up")
    return 0


def trick_size(in_game: Sequence[bool]) -> int:
    """The plays a trick needs: the players still in when it starts (players without cards who
    have not dropped out included)."""
    return sum(1 for x in in_game if x)


def trick_complete(table: Sequence[Sequence[str]], size: int) -> bool:
    """Whether the plays on the table (after pickups) reach the trick's size."""
    return len(table) >= size
