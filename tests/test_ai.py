"""Computer players: legal, blind to hidden cards, and clearly stronger than random."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from itertools import count
from types import SimpleNamespace

import pytest

from games.ai import RandomPlayer, SearchPlayer, make_player
from games.ai import search as search_module
from games.ai.levels import LEVELS, LevelPlayer, make_level
from games.ai.search import rank_rewards
from games.cards import french_deck
from games.playout import playouts
from games.registry import GAMES
from tests.climbing_states import round_state
from tests.playthrough import hidden_from
from tests.sign_test import sequential_sign, sign_test_p
from tests.table_helpers import laid_out


def midgame(game, players: int, seed: int, plies: int):
    """A state some random moves into a game, with a seat to move (moves that would end the game, such as
    a solitaire's Give up, are passed over)."""
    s = game.start(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = sorted(game.to_move(s))[0]
        moves = game.moves(s, seat)
        pick = moves[rng.randrange(len(moves))]
        for move in [pick, *moves]:
            twin = s.clone()
            game.apply(twin, seat, move)
            if not twin.over:
                break
        s = twin
    return s


@pytest.mark.parametrize("key", sorted(GAMES))
def test_determinize_keeps_what_the_seat_sees_and_reshuffles_the_rest(key: str) -> None:
    game = GAMES[key]
    players = game.seats.start
    s = midgame(game, players, seed=11, plies=5)
    seat = sorted(game.to_move(s))[0]
    changed = False
    for n in range(10):
        d = game.determinize(s, seat, random.Random(n))
        assert game.view(d, seat) == game.view(s, seat)
        assert sorted(hidden_from(game, d, seat)) == sorted(hidden_from(game, s, seat))
        assert game.moves(d, seat) == game.moves(s, seat)
        changed |= [z.cards for z in game.zones(d)] != [z.cards for z in game.zones(s)]
    assert changed, "hidden cards were never redealt"


# A deal that takes stakes (each seat's ante into the pot) lowers the standing the hand left
ANTES = {"fan_tan", "newmarket"}
# Their next deal is cheap, and the standing the playout scores reads the hand it clears (Pirate's ships,
# Envite's tricks): they deal it in a playout too
DEALT_IN_PLAYOUTS = {"envite", "pirate"}
# Options for a match of several hands where a game's default is one hand
SEVERAL_HANDS = {"crazy_eights": {"scoring": "penalty"}, "jack_change_it": {"scoring": "penalty"},
                 "page_one": {"scoring": "penalty"}, "i_doubt_it": {"hands_to_win": 3}, "dingo": {"games": 3},
                 "mattis": {"games": 3}, "pirate": {"match_wins": 3}}


def hand_ends(game, players: int, options: dict, seed: int, wanted: int, max_moves: int = 4000) -> Iterator[tuple]:
    """(the state before a random move that ends a hand and not the match, that move, its seat), up to
    ``wanted`` of them in a random match from ``seed``."""
    s = game.start(players, options, seed)
    rng = random.Random(seed)
    found = 0
    for _ in range(max_moves):
        if s.over or found == wanted:
            return
        seat = min(game.to_move(s))
        moves = game.moves(s, seat)
        move = moves[rng.randrange(len(moves))]
        before = s.clone()
        game.apply(s, seat, move)
        if s.hand_no != before.hand_no and not s.over:
            found += 1
            yield before, move, seat


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_hand_that_ends_in_a_playout_is_scored_as_it_is_at_the_table_without_the_next_deal(key: str) -> None:
    """The search stops a playout when its hand ends (games.playout.next_deal), so the next hand is
    not dealt there: the playout must still see the hand over and the standing the hand left, which
    the real deal changes at most by the antes it takes."""
    game = GAMES[key]
    checked = 0
    for seed in range(3):
        for before, move, seat in hand_ends(game, game.seats.start, SEVERAL_HANDS.get(key, {}), seed, wanted=2):
            real = before.clone()
            game.apply(real, seat, move)
            with playouts():
                game.apply(before, seat, move)
            assert before.hand_no == real.hand_no and not before.over
            if key not in DEALT_IN_PLAYOUTS:
                assert [z.cards for z in game.zones(before)] != [z.cards for z in game.zones(real)], \
                    "the playout dealt the next hand"
            if key in ANTES:
                assert all(a >= b for a, b in zip(game.standing(before), game.standing(real), strict=True))
            else:
                assert game.standing(before) == game.standing(real)
            checked += 1
    if key != "spider":     # a solitaire deals once
        assert checked, "no random match ended a hand before the match"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_searchs_imagined_game_does_not_foresee_the_real_games_shuffles(key: str) -> None:
    """A redeal or a reshuffled stock in a search's copy must not be the real game's next one
    (Calabrasella's search passed good hands because the copy's all-pass redeal was the real one)."""
    game = GAMES[key]
    s = midgame(game, game.seats.start, seed=11, plies=5)
    seat = sorted(game.to_move(s))[0]
    real = s.clone().rng().getrandbits(64)
    futures = {game.determinize(s, seat, random.Random(n)).rng().getrandbits(64) for n in range(5)}
    assert real not in futures and len(futures) == 5


@pytest.mark.parametrize("key", sorted(GAMES))
def test_search_player_never_reads_hidden_cards(key: str) -> None:
    """Two deals that look the same to the searching seat, but have other hidden
    cards, must lead to exactly the same choice."""
    game = GAMES[key]
    for seed in range(3):
        s = midgame(game, game.seats.start, seed=seed, plies=3 + seed)
        seat = sorted(game.to_move(s))[0]
        twin = game.determinize(s, seat, random.Random(1000 + seed))
        assert twin != s and game.view(twin, seat) == game.view(s, seat)
        first = SearchPlayer(iterations=60, seconds=None, seed=7).choose(game, s, seat)
        second = SearchPlayer(iterations=60, seconds=None, seed=7).choose(game, twin, seat)
        assert first == second


LINEUPS = {
    "search and random": lambda seat: (make_player("search", seed=seat, iterations=20, seconds=None) if seat == 0
                                       else make_player("random", seat)),
    # an easy computer searches or takes its rule of thumb (asked on a deal of what it cannot see)
    "easy computers": lambda seat: make_level("easy", seed=seat, iterations=100, seconds=None),
}


@pytest.mark.parametrize("lineup", sorted(LINEUPS))
@pytest.mark.parametrize("key", sorted(GAMES))
def test_computer_players_only_choose_legal_moves(key: str, lineup: str) -> None:
    game = GAMES[key]
    s = game.start(game.seats.start, {}, 5)
    players = [LINEUPS[lineup](seat) for seat in range(s.players)]
    for _ in range(80):
        if s.over:
            break
        seat = sorted(game.to_move(s))[0]
        move = players[seat].choose(game, s, seat)
        assert move in game.moves(s, seat)
        game.apply(s, seat, move)


def test_search_player_respects_its_iteration_budget() -> None:
    game = GAMES["scopa"]
    s = game.start(2, {}, 3)
    seat = sorted(game.to_move(s))[0]
    player = SearchPlayer(iterations=37, seconds=None)
    player.choose(game, s, seat)
    assert player.last_iterations in (0, 37)


def test_search_player_does_not_start_a_playout_that_would_end_past_its_time(monkeypatch) -> None:
    """A decision keeps to its time budget: the search stops when its playouts so far say the next one
    would end after the deadline (here each playout takes 0.25 s of a 0.9 s budget: three, ending at 0.75 s,
    where waiting for the clock to pass the deadline would have run a fourth, to 1.0 s)."""
    clock = count(0.0, 0.25)
    monkeypatch.setattr(search_module, "time", SimpleNamespace(perf_counter=lambda: next(clock)))
    game = GAMES["crazy_eights"]
    s = game.start(4, {}, 3)
    seat = next(seat for seat in range(4) if seat in game.to_move(s))
    while len(game.moves(s, seat)) < 2 or game.heuristic_decides(s, seat):
        game.apply(s, seat, game.moves(s, seat)[0])
        seat = min(game.to_move(s))
    player = SearchPlayer(iterations=1000, seconds=0.9)
    player.choose(game, s, seat)
    assert player.last_iterations == 3


def test_rank_rewards_share_out_by_gain() -> None:
    assert rank_rewards([0, 0, 0], [3, 1, 1]) == [1.0, 0.25, 0.25]
    assert rank_rewards([5, 5], [5, 5], progress=[-3, -7]) == [1.0, 0.0]


def test_far_behind_in_a_one_hand_match_the_search_still_passes_a_two_on_instead_of_drawing() -> None:
    """Jack Change It, a single hand: seat 0 holds seven cards against two each and owes the
    2 just played on it. Passing it on with its own 2 is plainly better than drawing, but the
    hand is almost always won by someone else either way; every loser then gains the same
    in the match, so the search must also see how close each loser came to going out
    (hand_progress), or its choice is close to a coin toss."""
    game = GAMES["jack_change_it"]
    hands = [["2C", "3D", "5D", "7S", "9S", "10H", "KC"], ["4C", "6D"], ["3S", "9D"], ["5C", "10S"]]
    s = laid_out(game, hands, french_deck(), discard=["2H"])
    s.turn, s.owed, s.owed_stack = 0, 2, 2
    assert [str(m) for m in game.moves(s, 0)] == ["play 2C", "draw"]
    picks = [str(SearchPlayer(iterations=100, seconds=None, seed=seed).choose(game, s, 0)) for seed in range(10)]
    assert picks == ["play 2C"] * 10


def test_a_search_that_cannot_tell_its_moves_apart_plays_the_rule_of_thumb() -> None:
    """Crazy Eights, two players: five hearts and an 8 fit the 5 of hearts, and 200 playouts cannot
    tell which heart is best to shed. Rather than a near-random pick (one in seven), the search mostly
    keeps to the rule of thumb (shed the costly king of the long suit, keep the 8) unless it is sure of
    better (the game's heuristic_trust)."""
    game = GAMES["crazy_eights"]
    s = game.start(2, {}, 1)
    seat = s.turn
    s.hands[seat], s.discard[-1], s.named = ["8S", "KH", "3H", "JH", "6D", "5C", "7H", "9C", "2S"], "5H", ""
    assert heuristic_choice(game, s, seat) == "play KH"
    picks = [str(SearchPlayer(iterations=200, seconds=None, seed=seed).choose(game, s, seat)) for seed in range(12)]
    assert picks.count("play KH") >= 8, picks


def test_a_search_sure_of_a_better_move_overrules_the_rule_of_thumb(monkeypatch) -> None:
    """Jack Change It: owing the 2 just played, passing it on with one's own 2 is plainly better
    than drawing. Even when the rule of thumb says draw and the search trusts it, it plays the 2."""
    game = GAMES["jack_change_it"]
    hands = [["2C", "3D", "5D", "7S", "9S", "10H", "KC"], ["4C", "6D"], ["3S", "9D"], ["5C", "10S"]]
    s = laid_out(game, hands, french_deck(), discard=["2H"])
    s.turn, s.owed, s.owed_stack = 0, 2, 2
    monkeypatch.setattr(type(game), "heuristic_move", lambda self, s, seat, moves, rng: moves[-1])
    assert [str(m) for m in game.moves(s, 0)] == ["play 2C", "draw"]
    trusting = [SearchPlayer(iterations=300, seconds=None, seed=seed, trust=1.0) for seed in range(10)]
    picks = [str(player.choose(game, s, 0)) for player in trusting]
    assert picks == ["play 2C"] * 10


def test_the_search_never_branches_where_the_rule_of_thumb_decides(monkeypatch) -> None:
    """Canasta: the search weighs taking the pile against drawing, but the draft a take starts is
    melded in its imagined games as the rule of thumb would meld it, never by trying each addition,
    clear or undo in turn (which would price a take by the worst ways of finishing it)."""
    game = GAMES["canasta"]
    branched = []
    plain = type(game).search_moves

    def spy(self, d, actor, moves):
        branched.append(game.heuristic_decides(d, actor))
        return plain(self, d, actor, moves)

    monkeypatch.setattr(type(game), "search_moves", spy)
    s = game.start(4, {}, 5)
    rng = random.Random(5)
    searched = 0
    while searched < 3:
        seat = min(game.to_move(s))
        moves = game.moves(s, seat)
        if len(moves) > 1 and not game.heuristic_decides(s, seat):
            game.play(s, seat, SearchPlayer(iterations=30, seconds=None, seed=searched).choose(game, s, seat))
            searched += 1
        else:
            game.play(s, seat, game.heuristic_move(s, seat, moves, rng))
    assert branched and not any(branched)


def test_make_player_refuses_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="random, search"):
        make_player("genius")


# game, players, most deals, search iterations: cheap seeded runs in which the search shows its edge over
# random players within about two thirds of the most deals (CI stops each at its first significant deal);
# the longer comparisons (win shares over whole matches, the production budget) are python -m benchmarks.engine.
# Two-handed Jack Change It is mostly luck (the search, keeping to its rule of thumb unless sure, wins about
# 70 % of first hands, at 30 playouts as at 200), and Envite's search weighs stakes, declining a challenge it
# would likely lose, so it wins fewer first hands than it gains stones by (about 58 % at 50 playouts): each
# needs many deals. Page One's deals are slow to search: many cheap ones (10 playouts) rather than few dear.
# games that offer computer players (a solitaire such as Spider offers none: `Game.computers`)
OFFERED = {key for key, game in GAMES.items() if game.computers}
STRENGTH = [("crazy_eights", 2, 30, 25), ("oh_hell", 3, 24, 75), ("scopa", 2, 45, 25),
            ("fan_tan", 3, 36, 25), ("newmarket", 3, 200, 25), ("trash", 4, 1000, 15),
            ("jack_change_it", 2, 400, 15), ("last_one", 2, 30, 50), ("page_one", 2, 200, 10),
            ("thirteen", 2, 20, 50), ("big_two", 2, 16, 25), ("dou_dizhu", 3, 150, 30),
            ("stop_the_bus", 2, 30, 25), ("i_doubt_it", 3, 14, 10), ("xeri", 2, 30, 25),
            ("kontsina", 2, 30, 25), ("cassino", 2, 21, 25), ("diloti", 2, 30, 10),
            ("dingo", 4, 40, 25), ("mattis", 3, 40, 4), ("envite", 4, 450, 50),
            ("calabrasella", 3, 120, 10), ("trex", 4, 100, 20), ("seven_rummy", 2, 30, 10),
            ("canasta", 2, 21, 10), ("triple_play", 4, 30, 6),
            ("pirate", 2, 30, 1)]   # Pirate: the heuristic decides every tick (Pirate.heuristic_decides)
# Calabrasella: a first hand is decisive between seats 0 and 1 only when one of them declares (two defenders
# gain alike), and a random declarer often wins on cards alone: 120 cheap deals rather than few deep ones


@pytest.mark.parametrize(("key", "players", "hands", "iterations"), STRENGTH)
def test_search_player_beats_random_players(key: str, players: int, hands: int, iterations: int) -> None:
    """Seat 0 searches, the others play at random. Over the first hand of seeded deals, seat 0 gains
    more than the random seat 1 far more often than chance allows (a sequential sign test, stopping once
    significant, p < 0.01 overall; the seats are otherwise alike)."""
    assert {k for k, *_ in STRENGTH} == OFFERED, "every game with computer players needs a strength test"
    wins, losses, stop = sequential_sign(first_hand_results(key, players, iterations, "random"), hands, 0.01)
    assert sign_test_p(wins, losses) <= stop, f"{key}: search won {wins}, lost {losses}"


HAND_PLIES = 5000   # far more moves than any first hand takes: a hand still going is a bug, not a slow test


def first_hand_results(key: str, players: int, iterations: int, others: str) -> Iterator[int]:
    """Seat 0 searches with ``iterations`` playouts, the other seats are ``others`` players. Deal after
    seeded deal: 1 when seat 0 gained more than seat 1 over the first hand, -1 when less, 0 on a tie."""
    game = GAMES[key]
    for seed in count():
        s = game.start(players, {}, seed)
        search = SearchPlayer(iterations=iterations, seconds=None, seed=seed)
        other = make_player(others, seed)
        before, hand = game.standing(s), s.hand_no
        for _ in range(HAND_PLIES):
            if s.over or s.hand_no != hand:
                break
            seat = sorted(game.to_move(s))[0]
            game.apply(s, seat, (search if seat == 0 else other).choose(game, s, seat))
        else:
            raise AssertionError(f"{key}: the first hand of deal {seed} has not ended after {HAND_PLIES} moves")
        after = game.standing(s)
        yield sign(after[0] - before[0] - (after[1] - before[1]))


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_heuristic_player_only_chooses_legal_moves(key: str) -> None:
    """Heuristic players in every seat play a game through (or 300 moves) with legal moves only."""
    game = GAMES[key]
    for players in sorted({game.seats.start, game.seats.stop - 1}):
        s = game.start(players, {}, 5)
        heuristic = [make_player("heuristic", seed) for seed in range(players)]
        for _ in range(300):
            if s.over:
                break
            seat = sorted(game.to_move(s))[-1]
            move = heuristic[seat].choose(game, s, seat)
            assert move in game.moves(s, seat)
            game.apply(s, seat, move)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_heuristic_player_never_reads_hidden_cards(key: str) -> None:
    """Two deals that look the same to a seat, but have other hidden cards, lead to the
    same choice of the heuristic player, at every other point of a few random games."""
    game = GAMES[key]
    for seed in range(3):
        s = game.start(game.seats.start, {}, seed)
        rng = random.Random(seed)
        for ply in range(120):
            if s.over:
                break
            movers = sorted(game.to_move(s))
            for seat in movers if ply % 2 else ():
                twin = game.determinize(s, seat, random.Random(ply))
                assert game.view(twin, seat) == game.view(s, seat)
                first = make_player("heuristic", ply).choose(game, s, seat)
                second = make_player("heuristic", ply).choose(game, twin, seat)
                assert first == second, f"{key}: seat {seat} chose {first} and {second}"
            seat = movers[rng.randrange(len(movers))]
            moves = game.moves(s, seat)
            game.apply(s, seat, moves[rng.randrange(len(moves))])


# game, players, hands: about one and a half times the seeded first hands after which the heuristic player
# is ahead of the random one with p < 1e-4 (most games' heuristic is their rollout policy, which may change)
HEURISTIC_STRENGTH = [("crazy_eights", 2, 30), ("oh_hell", 3, 120), ("scopa", 2, 150), ("fan_tan", 3, 100),
                      ("newmarket", 3, 200), ("trash", 4, 600), ("jack_change_it", 2, 350), ("last_one", 2, 30),
                      ("page_one", 2, 80), ("thirteen", 2, 30), ("big_two", 2, 30), ("dou_dizhu", 3, 90),
                      ("stop_the_bus", 2, 30), ("i_doubt_it", 3, 30), ("xeri", 2, 30),
                      ("kontsina", 2, 30), ("cassino", 2, 70), ("diloti", 2, 70), ("dingo", 4, 60),
                      ("mattis", 3, 60), ("envite", 4, 1500), ("calabrasella", 3, 120),
                      ("trex", 4, 200), ("seven_rummy", 2, 40), ("pirate", 2, 30), ("canasta", 2, 30),
                      ("triple_play", 4, 60)]


@pytest.mark.parametrize(("key", "players", "hands"), HEURISTIC_STRENGTH)
def test_heuristic_player_beats_random_players(key: str, players: int, hands: int) -> None:
    """Seat 0 plays by the game's rule of thumb, the others at random. Over the first
    hand of many seeded deals, seat 0 gains more than the random seat 1 far more often
    than chance allows (the sequential sign test, p < 0.001 overall)."""
    assert {k for k, *_ in HEURISTIC_STRENGTH} == OFFERED, (
        "every game with computer players needs a heuristic strength test")
    wins, losses, stop = sequential_sign(heuristic_results(key, players), hands, 0.001)
    assert sign_test_p(wins, losses) <= stop, f"{key}: heuristic won {wins}, lost {losses}"


def heuristic_results(key: str, players: int) -> Iterator[int]:
    """Seat 0 plays by the rule of thumb, the others at random: deal after seeded deal, the sign of what
    seat 0 gained over the first hand less what seat 1 gained."""
    game = GAMES[key]
    for seed in count():
        s = game.start(players, {}, seed)
        heuristic, rand = make_player("heuristic", seed), RandomPlayer(seed)
        before, hand = game.standing(s), s.hand_no
        while not s.over and s.hand_no == hand:
            seat = sorted(game.to_move(s))[0]
            game.apply(s, seat, (heuristic if seat == 0 else rand).choose(game, s, seat))
        after = game.standing(s)
        yield sign(after[0] - before[0] - (after[1] - before[1]))


def heuristic_choice(game, s, seat: int) -> str:
    return str(make_player("heuristic").choose(game, s, seat))


def test_heuristic_sheds_the_highest_card_of_its_longest_suit_and_keeps_the_eight() -> None:
    """Crazy Eights: with K♥, 3♥ and 2♣ matching a 5♥, the heuristic throws the king (hearts are its
    long suit, the king the costliest card) and keeps its 8; with only the 8 to play it names clubs,
    the suit it holds most."""
    game = GAMES["crazy_eights"]
    s = game.start(2, {}, 1)
    seat = s.turn
    s.hands[seat], s.discard[-1], s.named = ["8S", "KH", "3H", "2C", "5C"], "5H", ""
    assert heuristic_choice(game, s, seat) == "play KH"
    s.hands[seat] = ["8S", "2C", "4C", "9D"]
    assert heuristic_choice(game, s, seat) == "play 8S suit=C"


def test_heuristic_climbs_low_without_breaking_sets_and_keeps_its_twos() -> None:
    """Thirteen: leading, the heuristic plays its lowest pair whole; against a single 7 it beats with
    the 9 rather than split its pair of 8s; against a single king it keeps its 2 and passes."""
    game = GAMES["thirteen"]
    hands = ["4S 4H 8D 8C 9S JD QH 2H", "3S 5S 6S 7S 10S JS QS KS"]
    assert heuristic_choice(game, round_state(game, hands), 0) == "play 4S 4H as=pair"
    assert heuristic_choice(game, round_state(game, hands, on="7H"), 0) == "play 9S as=single"
    assert heuristic_choice(game, round_state(game, hands, on="KH"), 0) == "pass"


def test_heuristic_calls_page_one_with_its_play() -> None:
    """Page One: playing down to one card, the heuristic makes the call with the play."""
    game = GAMES["page_one"]
    s = game.start(2, {}, 1)
    seat = s.turn
    s.hands[seat], s.trick = ["5S", "KH"], []
    assert make_player("heuristic").choose(game, s, seat).param("call")


# --- strength levels (games/ai/levels.py): the /config computers setting --------------------------------

def first_hand_gains(game, players: int, seed: int, seated) -> tuple[float, float]:
    """What seats 0 and 1 gain over the first hand of deal ``seed``, ``seated[i]`` playing seat i."""
    s = game.start(players, {}, seed)
    before, hand = game.standing(s), s.hand_no
    while not s.over and s.hand_no == hand:
        seat = sorted(game.to_move(s))[0]
        move = seated[seat].choose(game, s, seat)
        assert move in game.moves(s, seat), f"{seated[seat].name} chose the illegal {move}"
        game.apply(s, seat, move)
    after = game.standing(s)
    return after[0] - before[0], after[1] - before[1]


def level_duel(key: str, players: int, budget: int, better: str, worse: str) -> Iterator[int]:
    """The sign of ``better``'s gain over ``worse``'s in the first hand of each seeded deal, played twice
    with the two seats swapped; further seats play ``worse``. ``budget`` is the full budget."""
    game = GAMES[key]
    for seed in count():
        for flip in (False, True):
            kinds = [worse, better] if flip else [better, worse]
            kinds += [worse] * (players - 2)
            seated = [make_level(k, seed=seed * 10 + i, iterations=budget, seconds=None) for i, k in enumerate(kinds)]
            first, second = first_hand_gains(game, players, seed, seated)
            yield sign(second - first if flip else first - second)


def test_levels_are_the_config_setting_and_go_to_worker_processes_whole() -> None:
    """Every /config computers strength names a level, and a level's player survives pickling (the
    bot thinks in worker processes) with its budget and slack."""
    assert set(LEVELS) == {"easy", "normal", "strong"}
    easy = pickle.loads(pickle.dumps(make_level("easy", seed=4, iterations=1000, seconds=0.9)))
    strong = make_level("strong", seed=4, iterations=1000, seconds=0.9)
    assert (easy.iterations, easy.slack) == (50, LEVELS["easy"].slack) and easy.slack > 0
    assert (strong.iterations, strong.seconds, strong.slack) == (1000, 0.9, 0.0)
    with pytest.raises(ValueError, match="easy, normal, strong"):
        make_level("genius")


def test_an_easy_computers_slip_is_a_poor_choice_of_the_right_sort_not_a_glitch() -> None:
    """Crazy Eights lets a player draw instead of playing (its default ``draw`` option), which no one does
    holding five fitting cards. An easy computer's slips (here every move is one) pick another card to
    play, never a draw: a worse card, not a move that looks broken."""
    game = GAMES["crazy_eights"]
    s = game.start(2, {}, 1)
    seat = s.turn
    s.hands[seat], s.discard[-1], s.named = ["8S", "KH", "3H", "JH", "6D", "5C", "7H", "9C", "2S"], "5H", ""
    assert "draw" in {m.kind for m in game.moves(s, seat)}
    slipping = LevelPlayer(blunders=1.0, iterations=50, seconds=None, seed=3)
    picks = [slipping.choose(game, s, seat) for _ in range(60)]
    assert {m.kind for m in picks} == {"play"}
    assert len({m.args for m in picks}) >= 4, "a slip is not the rule of thumb's own card every time"


# game, players, deals (each played twice, seats swapped), full budget: seeded runs that show strong beating
# easy (a sequential sign test, p < 0.05 overall). Left out, because a run CI can afford does not show it: a
# hand's luck outweighs the gap where strong wins only 55-65 % of hands (over 12 deals at 60 playouts: Scopa
# 16-7, Fan Tan 15-8, Last One 15-9, Big Two 13-11, Dou Dizhu 10-7; Crazy Eights 17-7 but 25 s; Oh Hell 30-23
# over 60 at 150 playouts; Trash 66-54 over 60 at 100, where a slip that declines a swap costs whole matches
# more than first hands), or not at all (Newmarket 56-63 over 60 deals); Page
# One and Jack Change It, whose search is being reworked; I Doubt It, whose deals cost minutes.
LEVEL_DUELS = [("thirteen", 2, 30, 100), ("stop_the_bus", 2, 150, 60)]


@pytest.mark.parametrize(("key", "players", "deals", "budget"), LEVEL_DUELS)
def test_strong_computers_beat_easy_ones(key: str, players: int, deals: int, budget: int) -> None:
    """Head to head over the first hand of seeded deals, each dealt twice with the two seats swapped, a
    strong computer gains more than an easy one far more often than less (sequential sign test, p < 0.05)."""
    wins, losses, stop = sequential_sign(level_duel(key, players, budget, "strong", "easy"), 2 * deals, 0.05)
    assert sign_test_p(wins, losses) <= stop, f"{key}: strong won {wins}, lost {losses}"
