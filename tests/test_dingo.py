"""Dingo's rules (shared/rules/dingo.md): each test names the rule, decision or clarification it checks."""

import random

import pytest

from games import cards as C
from games.dingo import EXCHANGE_STEPS, GAME, SCRIPT, keep_value, points
from games.engine import IllegalMove, Move


def new(seed: int = 1, **options) -> object:
    return GAME.start(4, options, seed)


def at_hunt(hands: list[list[str]], rank: int, dealer: int = 0, discards: tuple[str, ...] = ()):
    """A state at the start of the hunt of ``rank`` (1: the ace hunt), the dingo already played."""
    s = new()
    s.dealer = dealer
    s.hands = [list(h) for h in hands]
    s.discards = list(discards)
    s.rabbits = [C.make(r, "D") for r in range(rank if rank > 1 else 14, 14)]
    s.cursor = {"step": EXCHANGE_STEPS + (rank - 2 if rank > 1 else 12), "base": dealer, "done": []}
    s.hunt, s.hunters = [], []
    GAME._next_steps(s)
    return s


def play(s, *moves: str) -> list:
    events = []
    for text in moves:
        (seat,) = GAME.to_move(s)
        events += GAME.apply(s, seat, text)
    return events


def test_setup_rabbits_face_up_two_on_top_and_forty_cards_dealt_ten_each() -> None:
    s = new()
    assert s.rabbits == [C.make(r, "D") for r in range(2, 14)]
    assert GAME.view(s, None).piles[0].cards == ["2D"]
    assert [len(h) for h in s.hands] == [10] * 4
    dealt = {c for h in s.hands for c in h}
    assert len(dealt) == 40 and "AD" in dealt and not dealt & set(s.rabbits)


def test_exchange_order_discards_and_passes_left_across_right_from_the_dealer() -> None:
    """The exchange phase in the file's order: D1, Pass 1 left, D2, Pass 2 across, D3, Pass 3 right, D4."""
    s = new(seed=3)
    d = s.dealer
    seen = []
    while GAME.step(s).kind in ("discard", "pass"):
        (seat,) = GAME.to_move(s)
        move = GAME.moves(s, seat)[0]
        to = SCRIPT.receiver(s.cursor, seat) if move.kind == "give" else None
        seen.append((move.kind, (seat - d) % 4, None if to is None else (to - d) % 4))
        GAME.apply(s, seat, move)
    discard = [("discard", i, None) for i in range(4)]
    assert seen == (discard + [("give", 0, 1), ("give", 1, 2), ("give", 2, 3), ("give", 3, 0)]
                    + discard + [("give", 0, 2), ("give", 1, 3), ("give", 2, 0), ("give", 3, 1)]
                    + discard + [("give", 0, 3), ("give", 1, 0), ("give", 2, 1), ("give", 3, 2)] + discard)
    assert len(s.discards) == 16 and sum(map(len, s.hands)) + len(s.hunt) == 24   # six cards each


def test_who_sees_a_received_card_before_passing_follows_the_texts_order() -> None:
    """Pass 1: everyone but the dealer has received a card before passing; Pass 2: the players across
    from and right of the dealer; Pass 3 (to the right): only the dealer's right. A received card may
    itself be passed on (Clarification 4)."""
    s = new(seed=4)
    d = s.dealer
    received_first = {1: set(), 3: set(), 5: set()}
    while GAME.step(s).kind in ("discard", "pass"):
        (seat,) = GAME.to_move(s)
        step = s.cursor["step"]
        if GAME.step(s).kind == "pass":
            got = [c for g, to, c, st in s.passes if to == seat and st == step]
            if got:
                if step in received_first:
                    received_first[step].add((seat - d) % 4)
                assert Move("give", (got[0],)) in GAME.moves(s, seat)
        GAME.apply(s, seat, GAME.moves(s, seat)[0])
    assert received_first == {1: {1, 2, 3}, 3: {2, 3}, 5: {3}}


def test_decision_1_aces_may_be_passed_but_never_discarded() -> None:
    s = new()
    s.hands[s.dealer] = ["AS", "AH", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"]
    assert all(C.RANK[m.args[0]] != C.ACE for m in GAME.moves(s, s.dealer))
    with pytest.raises(IllegalMove, match="Aces may not be discarded"):
        GAME.apply(s, s.dealer, "discard AS")
    for _ in range(4):
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, GAME.moves(s, seat)[0])
    assert Move("give", ("AS",)) in GAME.moves(s, s.dealer)
    GAME.apply(s, s.dealer, "give AS")
    assert "AS" in s.hands[(s.dealer + 1) % 4]


def test_decision_2_a_discarded_dingo_lets_the_rabbit_escape_and_nobody_scores() -> None:
    s = at_hunt([["5S", "AH"], ["5C"], [], []], rank=5, discards=("5H",))
    assert "5D" in s.escaped and all(not w for w in s.won) and all(not p for p in s.penalty)
    assert "5S" in s.hands[0] and "5C" in s.hands[1]


def test_the_dingo_is_played_at_once_by_its_holder_and_the_three_after_are_asked() -> None:
    """Decision 4: the wolf turns go to the three seats after the dingo's player, clockwise."""
    s = at_hunt([["AH"], ["7H"], ["7S"], ["7C"]], rank=7)
    assert s.hunt == ["7H"] and s.hunters == [1] and "7H" not in s.hands[1]
    assert GAME.to_move(s) == {2}
    play(s, "pass")
    assert GAME.to_move(s) == {3}


def test_clarification_5_a_seat_without_a_wolf_is_still_asked_and_sees_only_pass() -> None:
    s = at_hunt([["7S", "AH"], ["7H"], ["2C"], ["7C"]], rank=7)
    assert GAME.to_move(s) == {2}
    assert GAME.moves(s, 2) == [Move("pass")]
    assert "no wolf" in str(GAME.prompt(s, 2).text)


def test_one_wolf_takes_the_wolf_and_rabbit_and_the_dingo_player_scores_the_dingo() -> None:
    s = at_hunt([["AH"], ["7H"], ["7S"], []], rank=7)
    play(s, "wolf 7S", "pass", "pass")
    assert sorted(s.won[2]) == ["7D", "7S"] and s.won[1] == ["7H"]


def test_two_wolves_the_second_takes_the_rabbit_the_dingo_player_keeps_the_first() -> None:
    s = at_hunt([["7C", "AH"], ["7H"], ["7S"], []], rank=7)
    play(s, "wolf 7S", "pass", "wolf 7C")
    assert sorted(s.won[0]) == ["7C", "7D"] and sorted(s.won[1]) == ["7H", "7S"] and not s.won[2]


def test_no_wolf_the_rabbit_escapes_and_the_dingo_is_a_penalty() -> None:
    s = at_hunt([["7C", "AH"], ["7H"], ["7S"], []], rank=7)
    play(s, "pass", "pass", "pass")
    assert "7D" in s.escaped and s.penalty[1] == ["7H"] and s.hands[0][0] == "7C"


def test_decision_3_a_player_holding_both_wolves_plays_only_one() -> None:
    s = at_hunt([["AH"], ["7H"], ["7S", "7C"], []], rank=7)
    assert GAME.moves(s, 2) == [Move("wolf", ("7S",)), Move("wolf", ("7C",)), Move("pass")]
    play(s, "wolf 7S", "pass", "pass")
    assert "7C" in s.hands[2] and sorted(s.won[2]) == ["7D", "7S"]


def test_once_both_wolves_are_down_the_hunt_ends() -> None:
    s = at_hunt([["AH"], ["7H"], ["7S"], ["7C"]], rank=7)
    play(s, "wolf 7S", "wolf 7C")
    assert "7D" in s.won[3] and s.hunt == ["AH"]


def test_ace_hunt_the_dingo_player_has_the_last_turn() -> None:
    s = at_hunt([["AH"], ["AS"], ["AD"], ["AC"]], rank=1)
    assert s.hunt == ["AH"]
    order = []
    for _ in range(3):
        (seat,) = GAME.to_move(s)
        order.append(seat)
        GAME.apply(s, seat, "pass")
    assert order == [1, 2, 3] and GAME.to_move(s) == {0}


def test_ace_hunt_one_player_may_play_both_black_aces() -> None:
    s = at_hunt([["AH"], ["AS", "AC"], ["AD"], []], rank=1)
    assert Move("wolf", ("AS", "AC")) in GAME.moves(s, 1)
    play(s, "wolf AS AC")
    assert GAME.moves(s, 2) == [Move("play", ("AD",))]
    play(s, "play AD")
    assert sorted(s.won[1]) == ["AC", "AS"] and s.won[2] == ["AD"] and s.won[0] == ["AH"]


def test_clarification_1_the_rabbit_is_played_with_the_wolves_that_free_it() -> None:
    """The A♦'s holder playing the second black ace plays the A♦ with it."""
    s = at_hunt([["AH"], ["AS"], ["AC", "AD"], []], rank=1)
    play(s, "wolf AS", "wolf AC")
    assert s.won[2] == ["AC", "AD"] and "AD" not in s.hands[2]


def test_clarification_1_a_holder_who_would_first_play_their_own_wolf_may_pass() -> None:
    s = at_hunt([["AH"], ["AS"], ["AC", "AD"], []], rank=1)
    play(s, "wolf AS")
    assert Move("pass") in GAME.moves(s, 2)
    play(s, "pass", "pass", "pass")
    assert s.penalty[2] == ["AD"] and s.won[0] == ["AH"]


def test_ace_hunt_an_unplayed_rabbit_is_a_penalty_worth_three() -> None:
    assert points("AD") == 10 and points("AD", penalty=True) == 3
    s = at_hunt([["AH", "AS"], ["AD"], ["AC"], []], rank=1)
    play(s, "pass", "pass", "pass", "pass")
    assert s.penalty[1] == ["AD"] and s.penalty[0] == ["AH"]
    assert GAME.game_points(s)[1] == -3


def test_clarification_2_a_wolf_from_the_dingo_players_last_turn_saves_the_dingo() -> None:
    s = at_hunt([["AH", "AS"], ["AD"], ["AC"], []], rank=1)
    play(s, "pass", "pass", "pass", "wolf AS")
    assert sorted(s.won[0]) == ["AH", "AS"] and s.penalty[1] == ["AD"]


def test_scoring_card_values_and_score_pile_less_penalty_pile() -> None:
    assert [points(c) for c in ("AS", "KC", "10S", "JH", "9C", "2H")] == [3, 2, 2, 2, 1, 1]
    s = new()
    s.won = [["AD", "KD", "5S"], [], [], []]
    s.penalty = [["QH"], [], [], []]
    assert GAME.game_points(s)[0] == 10 + 2 + 1 - 2


def finish(s, won: list[list[str]]) -> None:
    s.won = won
    s.penalty = [[] for _ in range(4)]
    s.hunt, s.hunters = [], []
    s.cursor = {"step": len(SCRIPT.steps), "base": 0, "done": []}
    GAME._next_steps(s)


def test_clarification_3_a_tie_goes_to_the_highest_rabbit_in_the_score_pile() -> None:
    s = new()
    finish(s, [["5D", "9S", "3C"], ["KD", "2S"], ["3S"], []])
    assert s.over and s.scores[:2] == [3, 3] and GAME.outcome(s).winners == [1]
    assert "highest rabbit" in str(GAME.outcome(s).summary)
    assert GAME.outcome(s).placings[:2] == [2, 1]


def test_clarification_3_tied_players_without_rabbits_share_the_win() -> None:
    s = new()
    finish(s, [["2S", "3S"], ["4S", "5S"], ["3D"], []])
    assert GAME.outcome(s).winners == [0, 1]


def test_clarification_7_several_games_add_up_with_the_deal_passing_left() -> None:
    s = new(games=2)
    dealer = s.dealer
    finish(s, [["KD", "2S"], ["5D", "9S"], [], []])
    assert not s.over and s.hand_no == 2 and s.dealer == (dealer + 1) % 4 and s.scores == [3, 2, 0, 0]
    finish(s, [[], ["3S"], [], []])
    assert s.over and s.scores == [3, 3, 0, 0] and GAME.outcome(s).winners == [0, 1]


def test_clarification_6_the_discard_pile_shows_only_its_top_card_and_the_piles_are_public() -> None:
    s = new()
    for _ in range(3):
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, GAME.moves(s, seat)[0])
    piles = {p.name.msgid if hasattr(p.name, "msgid") else p.name: p for p in GAME.view(s, None).piles}
    assert piles["Discards"].cards == s.discards[-1:] and piles["Discards"].count == 3
    s = at_hunt([["AH"], ["7H"], ["7S"], []], rank=7)
    play(s, "pass", "pass", "pass")
    view = GAME.view(s, 3)
    assert any(p.cards == ["7H"] and p.owner == 1 for p in view.piles)
    assert view.seats[1].score == -1


def test_decision_6_nobody_ends_a_game_holding_a_red_card() -> None:
    rng = random.Random(2)
    for seed in range(20):
        s = new(seed)
        while GAME.step(s) is not None and not s.over:
            (seat,) = GAME.to_move(s)
            moves = GAME.moves(s, seat)
            GAME.apply(s, seat, moves[rng.randrange(len(moves))])
        assert s.over
        assert not any(C.suit(c) in "HD" for h in s.hands for c in h)


def test_determinize_keeps_a_passed_card_with_its_receiver() -> None:
    s = new(seed=5)
    for _ in range(5):
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, GAME.moves(s, seat)[0])
    giver, to, card, _ = s.passes[0]
    for k in range(20):
        twin = GAME.determinize(s, giver, random.Random(k))
        assert card in twin.hands[to] and twin.hands[giver] == s.hands[giver]


def test_determinize_lets_a_passed_card_go_once_its_receiver_passes_in_the_same_round() -> None:
    """Decision: a guess keeps a passed card with its receiver only until the receiver passes. In the
    pass left the dealer's left neighbour passes after the dealer, so a card passed on at once is not
    theirs any more (a guess that kept it there broke once that player's hand ran out)."""
    s = new(seed=5)
    for _ in range(4):
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, GAME.moves(s, seat)[0])
    (giver,) = GAME.to_move(s)
    card = GAME.moves(s, giver)[0].args[0]
    GAME.apply(s, giver, Move("give", (card,)))
    (to,) = GAME.to_move(s)
    assert to == (giver + 1) % 4
    GAME.apply(s, to, Move("give", (card,)))
    holders = {next(i for i, h in enumerate(GAME.determinize(s, giver, random.Random(k)).hands) if card in h)
               for k in range(40)}
    assert holders == {i for i in range(4) if i != giver}
    s.hands[to] = []
    for k in range(20):
        twin = GAME.determinize(s, giver, random.Random(k))
        assert twin.hands[to] == []


def test_computer_plays_the_second_wolf_and_keeps_a_first_wolf_back_when_another_may_follow() -> None:
    rng = random.Random(0)
    s = at_hunt([["7C", "AH"], ["7H"], ["7S"], []], rank=7)
    assert GAME.heuristic_move(s, 2, GAME.moves(s, 2), rng) == Move("pass")
    s = at_hunt([["7C", "AH"], ["7H"], ["7S"], []], rank=7)
    play(s, "wolf 7S", "pass")
    assert GAME.heuristic_move(s, 0, GAME.moves(s, 0), rng) == Move("wolf", ("7C",))


def test_computer_discards_a_heart_whose_wolves_it_holds_before_a_useful_wolf() -> None:
    hand = ["5H", "5S", "5C", "9S", "AS"]
    assert keep_value(hand, [], "5H") < keep_value(hand, [], "9S")
