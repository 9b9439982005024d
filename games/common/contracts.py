"""Contract choice: the owner of a kingdom picks, hand after hand, one of the contracts not
yet used in that kingdom; once every contract is used, the kingdom passes on (Trex).

A kingdom lives in a state as its owner (a seat) and the contracts used so far (a list of
names), so it is JSON-native. The helpers never change a state: the game stores what they
return. A contract may be chosen again only in the next kingdom; a hand that is abandoned
before it counts (Trex's 2s exposure) simply does not call `use`.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["kingdom_complete", "next_owner", "remaining", "use"]


def remaining(contracts: Sequence[str], used: Sequence[str]) -> list[str]:
    """The contracts the owner may still choose, in the game's order."""
    return [c for c in contracts if c not in used]


def use(contracts: Sequence[str], used: Sequence[str], contract: str) -> list[str]:
    """The used list once ``contract`` has been played; ValueError if it is not open."""
    if contract not in remaining(contracts, used):
        raise ValueError(f"{contract!r} is not open in this kingdom")
    return [*used, contract]


def kingdom_complete(contracts: Sequence[str], used: Sequence[str]) -> bool:
    """Whether every contract of the kingdom has been played."""
    return not remaining(contracts, used)


def next_owner(owner: int, players: int, direction: int) -> int:
    """Who owns the next kingdom: the seat after ``owner`` in ``direction`` (1 = to the
    left, the way play goes; -1 = to the right). Each seat owns one kingdom in a full round."""
    return (owner + direction) % players
