"""The contract choice block (games/common/contracts.py): a kingdom's owner picks the
contracts not yet used; the kingdom passes on once all are used."""

import pytest

from games.common.contracts import kingdom_complete, next_owner, remaining, use

FIVE = ("diamonds", "eltoosh", "girls", "king", "trex")


def test_the_owner_may_choose_only_contracts_not_yet_used():
    used = use(FIVE, [], "girls")
    assert remaining(FIVE, used) == ["diamonds", "eltoosh", "king", "trex"]
    with pytest.raises(ValueError):
        use(FIVE, used, "girls")


def test_the_kingdom_is_complete_once_every_contract_is_played():
    used: list[str] = []
    for contract in ("trex", "king", "diamonds", "eltoosh"):
        used = use(FIVE, used, contract)
        assert not kingdom_complete(FIVE, used)
    assert kingdom_complete(FIVE, use(FIVE, used, "girls"))


def test_the_kingdom_passes_right_or_left_and_every_seat_owns_one():
    assert [next_owner(2, 4, -1), next_owner(2, 4, 1)] == [1, 3]
    owners, seat = [], 1
    for _ in range(4):
        owners.append(seat)
        seat = next_owner(seat, 4, -1)
    assert sorted(owners) == [0, 1, 2, 3]
