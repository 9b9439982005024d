"""The fishing games' shared scoring and sweep-up (games/common/fishing.py)."""

from games import cards as C
from games.common.fishing import (
    EachCard,
    Haul,
    MostCards,
    MostOfSuit,
    NamedCard,
    PointsWords,
    Sweeps,
    next_turn,
    noisy_best,
    points_text,
    score_hand,
    sides,
    table_zones,
    take_rest,
    totals,
)
from games.localize import render
from games.text import texts

_, N = texts("fishing")


def test_partners_sit_opposite_and_share_a_side_only_with_four_players():
    """Kontsina clarification 3, Diloti: seats 0 and 2 against 1 and 3."""
    assert sides(4, True) == [0, 1, 0, 1]
    assert sides(4, False) == [0, 1, 2, 3]
    assert sides(3, True) == [0, 1, 2]


def test_the_last_capturer_takes_the_rest_and_with_no_capture_it_counts_for_nobody():
    """Xeri clarification 7, Kontsina 5, Cassino 11: nobody captured, the table stays unscored."""
    piles, table = [["AS"], []], ["5H", "KD"]
    assert take_rest(piles, table, 1) == ["5H", "KD"] and piles[1] == ["5H", "KD"] and table == []
    piles, table = [[], []], ["5H"]
    assert take_rest(piles, table, None) == [] and piles == [[], []] and table == ["5H"]


def test_a_tie_for_most_cards_or_most_of_a_suit_scores_nothing():
    """Xeri decision 1 (26–26: nobody gets the 3), Kontsina decision 3 (tie for most clubs)."""
    even = [Haul(["AC", "2D"]), Haul(["3C", "4D"])]
    assert score_hand([MostCards(3), MostOfSuit("C", 1)], even) == []
    uneven = [Haul(["AC", "2C", "5H"]), Haul(["3C", "4D"])]
    awards = score_hand([MostCards(3), MostOfSuit("C", 1)], uneven)
    assert [(side, points) for side, points, _ in awards] == [(0, 3), (0, 1)]
    assert render(awards[1][2], "el") == "περισσότερα σπαθιά (2)"


def test_named_cards_each_card_points_and_sweeps_add_up_per_side():
    """Xeri scoring: 1 for each A, K, Q, J, 10; 10♦ one more; 2♣ 1; a xeri 10 (a jack xeri 20)."""
    high = frozenset({1, C.KING, C.QUEEN, C.JACK, 10})
    categories = [EachCard(high, 1, lambda n: N("{n} high card", "{n} high cards", n)),
                  NamedCard("10D", 1), NamedCard("2C", 1), Sweeps(xeri=True)]
    hauls = [Haul(["10D", "AS", "3H"], sweeps=[10, 20]), Haul(["2C", "KH"])]
    awards = score_hand(categories, hauls)
    assert totals(awards, 2) == [2 + 1 + 30, 1 + 1]
    assert render(awards[-1][2], "el") == "2 ξερές"


def test_points_text_words_each_award_in_order_with_the_games_sentences():
    """Scopa, Kontsina, Cassino and Diloti word a hand's points one way: each award by the game's
    ``point``, joined in order; no awards, the game's "no points"."""
    words = PointsWords(none=lambda hand: f"Hand {hand}: none", then=lambda points, point: f"{points}; {point}",
                        hand=lambda hand, points: f"Hand {hand}: {points}")
    point = lambda side, n, reason: f"p{side} {reason} ({n})"  # noqa: E731
    assert points_text(3, [], point, words) == "Hand 3: none"
    assert points_text(3, [(1, 2, "aces"), (0, 3, "cards")], point, words) == "Hand 3: p1 aces (2); p0 cards (3)"


def test_the_turn_passes_left_and_empty_hands_get_new_cards_or_end_the_hand():
    """Every fishing game passes the turn one way: new cards while the stock lasts, then the hand's end."""
    from types import SimpleNamespace

    s = SimpleNamespace(players=3, turn=2, hands=[["2C"], [], []], stock=["5H"])
    assert next_turn(s, 2, lambda: ["new cards"], lambda: ["end"]) == [] and s.turn == 0
    s.hands = [[], [], []]
    assert next_turn(s, 0, lambda: ["new cards"], lambda: ["end"]) == ["new cards"] and s.turn == 1
    s.stock = []
    assert next_turn(s, 1, lambda: ["new cards"], lambda: ["end"]) == ["end"] and s.turn == 2


def test_the_rollouts_pick_the_move_worth_most_with_less_than_a_point_of_noise():
    """Every fishing game's rollout picks one way: worth plus a random 0–1, so a move worth a point more
    always wins, equal ones are drawn between, and a lone move is played without drawing."""
    import random

    rng = random.Random(5)
    worth = {"a": 0.0, "b": 1.0, "c": 1.0}.__getitem__
    assert {noisy_best(["a", "b"], worth, rng) for _ in range(50)} == {"b"}
    assert {noisy_best(["a", "b", "c"], worth, rng) for _ in range(200)} == {"b", "c"}
    state = rng.getstate()
    assert noisy_best(["a"], worth, rng) == "a" and rng.getstate() == state


def test_every_card_of_a_fishing_table_is_in_one_zone_seen_by_the_right_seats():
    """The property tests and the search read a fishing game's cards one way: hands by their holders,
    the stock by nobody, the table, its piles and the captured cards by everybody, in that order."""
    from games.common.piles import Pile, pile_zones

    builds = [Pile("b1", 15, [["7D", "8H"]], 0).to_data()]
    zones = table_zones([["2C"], ["3D"]], ["4H"], ["5S"], [["6C"], []], table_name="board",
                        piles=pile_zones(builds, "build"))
    assert [(z.name, z.cards, z.visible_to) for z in zones] == [
        ("hand 0", ["2C"], 0), ("hand 1", ["3D"], 1), ("stock", ["4H"], "none"), ("board", ["5S"], "all"),
        ("build b1", ["7D", "8H"], "all"), ("captures 0", ["6C"], "all"), ("captures 1", [], "all")]
