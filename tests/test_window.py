"""The shared reaction-window rules (shared/rules/README.md, conventions 5 and 6)."""

import json

import pytest

from games.common.window import PASS, answer, complete, open_window, pending, ranked, reaction_id


def test_window_is_open_to_every_named_seat_until_each_has_answered() -> None:
    w = open_window("challenge", [0, 1, 2, 3], opener=1, serial=4)
    assert pending(w) == {0, 1, 2, 3} and not complete(w)
    for seat in (3, 0, 2):
        answer(w, seat, PASS)
    assert pending(w) == {1} and not complete(w)
    answer(w, 1, PASS)
    assert complete(w) and ranked(w, 4) == []


def test_a_seat_answers_once_and_only_if_named() -> None:
    w = open_window("melee", [0, 2], opener=0, serial=1)
    answer(w, 2, "claim")
    with pytest.raises(ValueError, match="already answered"):
        answer(w, 2, PASS)
    with pytest.raises(ValueError, match="no say"):
        answer(w, 1, "claim")


def test_claims_resolve_by_rule_priority_then_seat_order_from_the_opener_never_arrival() -> None:
    """Convention 6: rule priority, then seat order from the acting player."""
    w = open_window("claims", range(5), opener=2, serial=1)
    for seat, value in [(1, "call"), (4, "catch"), (0, "call"), (3, PASS), (2, "catch")]:
        answer(w, seat, value)
    # catches outrank calls; among equals, the seat nearest after the opener (2) comes first
    assert ranked(w, 5, {"catch": 0, "call": 1}) == [(4, "catch"), (2, "catch"), (0, "call"), (1, "call")]
    # the same answers arriving in another order resolve the same way
    w2 = open_window("claims", range(5), opener=2, serial=1)
    for seat, value in [(2, "catch"), (0, "call"), (4, "catch"), (1, "call"), (3, PASS)]:
        answer(w2, seat, value)
    assert ranked(w2, 5, {"catch": 0, "call": 1}) == ranked(w, 5, {"catch": 0, "call": 1})


def test_window_round_trips_through_json_and_has_a_stable_id() -> None:
    w = open_window("bid", [0, 1, 2], opener=0, serial=7, stake=3)
    answer(w, 1, "bid 2")
    again = json.loads(json.dumps(w))
    assert again == w and pending(again) == {0, 2}
    assert reaction_id(again) == reaction_id(w) == "bid:7" and reaction_id(None) is None
