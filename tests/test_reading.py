"""The shared block that reads the others' plays (games/common/reading.py)."""

import random
from collections import Counter

from games.common.reading import _redeal, drew_unseen_cards, saw_play
from games.crazy_eights import GAME
from games.engine import Move
from games.playout import playouts


def test_a_play_is_kept_until_the_seat_draws_and_never_in_a_playout():
    s = GAME.start(3, {}, seed=2)
    saw_play(s, 1, Move("play", ("8D",), (("suit", "H"),)), ["5S", ""])
    assert s.seen_plays[1] == ["play 8D suit=H", ["8D"], ["5S", ""]]
    with playouts():
        saw_play(s, 1, Move("play", ("9S",)), ["5S", ""])
    assert s.seen_plays[1][1] == ["8D"], "an imagined play is no play anyone saw"
    drew_unseen_cards(s, 1)
    assert s.seen_plays == [[], [], []]


def test_a_play_is_read_without_its_last_card_call():
    s = GAME.start(3, {}, seed=2)
    saw_play(s, 0, Move("play", ("3H",), (("call", "yes"),)), [])
    assert s.seen_plays[0][0] == "play 3H"


def test_a_hand_dealt_again_keeps_every_card_and_its_size_and_avoids_what_it_lacks():
    rng = random.Random(4)
    for _ in range(50):
        hand, stock = ["2H", "3H", "4H"], ["5S", "6S", "7S", "8S", "KD"]
        before = Counter(hand + stock)
        _redeal(hand, [stock], {"2H", "3H", "4H", "KD"}, rng)
        assert Counter(hand + stock) == before and len(hand) == 3 and len(stock) == 5
        assert not {"2H", "3H", "4H", "KD"} & set(hand)
    hands = Counter()
    for _ in range(200):
        hand, stock = ["2H", "3H", "4H"], ["5S", "6S", "KD"]
        _redeal(hand, [stock], {"2H", "3H", "4H", "KD"}, rng)
        hands[sum(c in ("5S", "6S") for c in hand)] += 1
    assert hands == Counter({2: 200}), "too few cards it may hold: all of them, then a lacked one"
    tops = Counter()
    for _ in range(300):
        hand, stock = ["2H"], ["5S", "6S", "7S", "KD"]
        _redeal(hand, [stock], {"KD"}, rng)
        tops[stock[-1]] += 1
    assert tops["KD"] > 40, "a lacked card is not left on top of the stock"
