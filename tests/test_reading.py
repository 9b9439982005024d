"""The shared block that reads the others' plays (games/common/reading.py)."""

import random
from collections import Counter

from games.common.reading import _redeal, drew_unseen_cards, rule_chance, saw_play
from games.crazy_eights import GAME
from games.engine import Move
from games.playout import playouts


def test_a_play_is_kept_until_the_seat_draws_and_never_in_a_playout():
    s = GAME.start(3, {}, seed=2)
    saw_play(GAME, s, 1, Move("play", ("8D",), (("suit", "H"),)), ["5S", ""], GAME._as_it_was)
    assert s.seen_plays[1] == ["play 8D suit=H", ["8D"], ["5S", ""]]
    with playouts():
        saw_play(GAME, s, 1, Move("play", ("9S",)), ["5S", ""], GAME._as_it_was)
    assert s.seen_plays[1][1] == ["8D"], "an imagined play is no play anyone saw"
    drew_unseen_cards(s, 1)
    assert s.seen_plays == [[], [], []]


def test_a_play_is_read_without_its_last_card_call():
    s = GAME.start(3, {}, seed=2)
    saw_play(GAME, s, 0, Move("play", ("3H",), (("call", "yes"),)), ["5H", ""], GAME._as_it_was)
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


def test_a_seat_playing_at_random_is_soon_no_longer_read_as_one_playing_by_the_rule_of_thumb():
    """Crazy Eights, seats 0 and 2 play by the rule of thumb, 1 and 3 at random: after one hand the
    table's reading of the first is still that they do, of the others that they do not (so the search
    stops dealing their hands to fit their plays)."""
    thumb, chance = [], []
    for seed in range(10):
        s = GAME.start(4, {}, seed)
        rng = random.Random(seed)
        while not s.over and s.hand_no == 1:
            seat = min(GAME.to_move(s))
            moves = GAME.moves(s, seat)
            GAME.apply(s, seat, GAME.heuristic_move(s, seat, moves, rng) if seat % 2 == 0 else rng.choice(moves))
        thumb += [rule_chance(s, 0), rule_chance(s, 2)]
        chance += [rule_chance(s, 1), rule_chance(s, 3)]
    assert sum(thumb) / len(thumb) > 0.85 and sum(chance) / len(chance) < 0.3, (thumb, chance)
