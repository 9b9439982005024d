"""The statistics of the strength checks (tests/sign_test.py): a player no better than its rival stops a
sequential check early no more often than the check's level says."""

from itertools import product

from tests.sign_test import chance_of_stopping, sequential_sign, sign_test_p, stopping_level


def brute_chance_of_stopping(deals: int, p: float) -> float:
    """Every sequence of ``deals`` fair decisive deals, counted: how many reach p ≤ ``p`` at some point."""
    hits = 0
    for flips in product((1, -1), repeat=deals):
        wins = losses = 0
        for f in flips:
            wins, losses = wins + (f > 0), losses + (f < 0)
            if sign_test_p(wins, losses) <= p:
                hits += 1
                break
    return hits / 2 ** deals


def test_the_chance_of_a_false_alarm_is_counted_exactly() -> None:
    for deals, p in ((10, 0.02), (14, 0.005), (12, 0.06)):
        assert abs(chance_of_stopping(deals, p) - brute_chance_of_stopping(deals, p)) < 1e-12


def test_looking_after_every_deal_costs_a_stricter_stop_within_the_level() -> None:
    for deals, level in ((16, 0.001), (40, 0.001), (40, 0.01), (300, 0.001)):
        stop = stopping_level(deals, level)
        assert stop <= level and chance_of_stopping(deals, stop) <= level
        assert chance_of_stopping(deals, stop * 2 ** 0.25) > level, "the stop is the largest safe one on its grid"


def test_a_sequential_check_stops_at_the_first_significant_deal_and_ignores_ties() -> None:
    wins, losses, stop = sequential_sign(iter([1, 0, 1, -1] + [1] * 100), 60, 0.001)
    assert sign_test_p(wins, losses) <= stop < sign_test_p(wins - 1, losses)
    assert (wins, losses) == (16, 1)
    assert sequential_sign(iter([1, -1] * 50), 40, 0.001)[:2] == (20, 20)
