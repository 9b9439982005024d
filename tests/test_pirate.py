"""Pirate's rules: each test names the decision or clarification of shared/rules/pirate.md it checks."""

from __future__ import annotations

import pytest

from games import cards as C
from games.ai.levels import make_level
from games.engine import IllegalMove
from games.localize import render
from games.pirate import AUTO, CLAIM, DONE, GAME, GO_ON, HOLD, IDLE_TICKS, PLAY, PirateState


def race(low: int = 0, stocks: tuple[list[str], list[str]] = ([], []), **options) -> PirateState:
    """A game whose stocks are exactly ``stocks`` (the first card listed is turned first), the
    other cards set aside as sunk, so each test sees only the cards it names; no tick opened yet."""
    s = GAME.start(2, options, 1)
    s.low = low
    s.stock = [list(reversed(stocks[0])), list(reversed(stocks[1]))]
    s.waste = [[], []]
    s.turned = ["", ""]
    s.sunk = sorted(set(C.french_deck(decks=2)) - set(stocks[0]) - set(stocks[1]))
    s.ships_sunk = 0
    return s


def tick(s: PirateState, *presses: tuple[int, object]) -> list:
    """Turn the next cards, make the presses, then both seats are done."""
    if not any(s.turned):
        GAME._open_tick(s)
    for seat, move in presses:
        GAME.apply(s, seat, move)
    events = []
    for seat in sorted(GAME.to_move(s)):
        events += GAME.apply(s, seat, DONE)
    return events


def build(s: PirateState, suit: str, seat: int, ranks: range, copy: int | None = None) -> None:
    copy = seat if copy is None else copy
    s.halves[suit][seat] = [C.make(r, suit, copy) for r in ranks]
    for code in s.halves[suit][seat]:
        if code in s.sunk:
            s.sunk.remove(code)


def test_clarification_1_cut_lower_rank_is_low_and_equal_ranks_recut() -> None:
    """Clarification 1: the cut compares ranks with the ace low; the lower card's seat is low; never a tie."""
    for seed in range(40):
        s = GAME.start(2, {}, seed)
        ranks = [C.RANK[c] for c in s.cut]
        assert ranks[0] != ranks[1]
        assert s.low == (0 if ranks[0] < ranks[1] else 1)
        assert s.cut[0] in C.french_deck() and s.cut[1].endswith(".1"), "each seat cuts its own deck"


def test_setup_two_separate_decks_one_card_turned_each_tick() -> None:
    """Setup and tick mode: each seat has its own 52-card deck, and each tick turns one card per seat."""
    s = GAME.start(2, {}, 3)
    assert len(s.stock[0]) == len(s.stock[1]) == 51 and len(s.waste[0]) == len(s.waste[1]) == 1
    assert all("." not in c for c in s.stock[0]) and all(c.endswith(".1") for c in s.stock[1])
    tick(s, (0, AUTO), (1, AUTO))   # autopilots off: nothing but keels leaves the wastes
    assert len(s.stock[0]) + len(s.waste[0]) + sum(len(h[0]) for h in s.halves.values()) == 52
    assert s.tick == 2 and all(s.turned)


def test_decision_1_only_the_card_just_turned_may_be_played() -> None:
    """Decision 1: a held card stays on the waste and cannot be played in a later tick."""
    s = race(0, (["2S", "9D"], ["QH.1"]))
    build(s, "S", 0, range(1, 2))
    GAME._open_tick(s)
    assert PLAY in GAME.moves(s, 0)
    tick(s, (0, HOLD))
    assert s.waste[0][-2:] == ["2S", "9D"] and PLAY not in GAME.moves(s, 0)
    assert s.halves["S"][0] == ["AS"]


def test_waste_turns_over_unshuffled_when_the_stock_runs_out() -> None:
    """Decisions, play: the waste goes back to stock unshuffled."""
    s = race(0, (["5S", "9D", "7C"], ["QH.1", "JH.1", "10H.1", "9H.1", "8H.1", "7H.1"]))
    for _ in range(3):
        tick(s)
    assert s.turned[0] == "5S" and s.stock[0] == ["7C", "9D"]


def test_clarification_4_keels_are_laid_whatever_was_pressed() -> None:
    """Clarification 4: the low seat's ace and the high seat's king are laid as keels even when held
    or with the autopilot off; the high seat's ace is an ordinary card that does not fit."""
    s = race(0, (["AS", "KH"], ["KS.1", "AH.1"]))
    tick(s, (0, AUTO), (1, AUTO))
    assert s.halves["S"] == [["AS"], ["KS.1"]]
    tick(s)
    assert s.halves["H"] == [[], []], "the low seat's king and the high seat's ace are no keels on a first ship"


def test_clarification_4_second_ship_swaps_the_keels() -> None:
    """Clarification 4 and Decisions, later ships: on a suit's second ship the high seat lays the ace
    and the low seat the king."""
    s = race(0, (["KS"], ["AS.1"]))
    s.ship_no["S"] = 1
    tick(s)
    assert s.halves["S"] == [["KS"], ["AS.1"]]
    assert GAME.up_seat(s, "S") == 1


def test_clarification_5_autopilot_plays_and_hold_keeps_the_card_for_that_tick_only() -> None:
    """Clarification 5: without a press autopilot on plays the fitting card; Hold keeps it; autopilot off
    does nothing; Play with autopilot off plays."""
    s = race(0, (["2S", "3S", "4S", "5S"], ["9H.1", "8H.1", "7H.1", "6H.1"]))
    build(s, "S", 0, range(1, 2))
    tick(s)
    assert s.halves["S"][0] == ["AS", "2S"]
    tick(s, (0, HOLD))
    assert s.halves["S"][0] == ["AS", "2S"] and s.auto[0] and s.waste[0] == ["3S", "4S"]
    s.halves["S"][0].append(s.waste[0].pop(0))   # as if the 3 had gone on, so the 4 just turned fits
    tick(s, (0, AUTO))
    assert s.halves["S"][0] == ["AS", "2S", "3S"] and not s.auto[0], "autopilot off does nothing"
    s.halves["S"][0].append(s.waste[0].pop(0))
    tick(s, (0, PLAY))
    assert s.halves["S"][0] == ["AS", "2S", "3S", "4S", "5S"]


def test_clarification_5_the_last_press_counts() -> None:
    """Clarification 5: pressing Hold, then Play, plays the card."""
    s = race(0, (["2S"], ["9H.1"]))
    build(s, "S", 0, range(1, 2))
    GAME._open_tick(s)
    GAME.apply(s, 0, HOLD)
    GAME.apply(s, 0, PLAY)
    tick(s)
    assert s.halves["S"][0] == ["AS", "2S"]


def test_clarification_2_the_tick_is_checked_against_its_start() -> None:
    """Clarification 2: both seats' cards are checked against the position at the start of the tick:
    two sixes both fit the gap of a ship A-5 / 7-K, and both go on (the ship then sinks)."""
    s = race(0, (["6S"], ["6S.1"]))
    build(s, "S", 0, range(1, 6))
    build(s, "S", 1, range(13, 6, -1))
    tick(s)
    assert s.ships_sunk == 1 and "6S" in s.sunk and "6S.1" in s.sunk


def test_clarification_3_completing_a_ship_captures_it() -> None:
    """Clarification 3: the seat whose card completes the ship captures it."""
    s = race(0, (["7S"], ["2D.1"]))
    build(s, "S", 0, range(1, 7))
    build(s, "S", 1, range(13, 7, -1))
    events = tick(s)
    assert s.ships == [1, 0] and len(s.won[0]) == 13 and s.ship_no["S"] == 1
    assert s.halves["S"] == [[], []]
    assert any("captures" in render(e.text, "en") for e in events)


def test_clarification_3_both_putting_a_card_on_a_completed_ship_sinks_it() -> None:
    """Clarification 3: both seats put a card on the ship in the tick that completes it: it sinks, even
    when neither card alone would have completed it."""
    s = race(0, (["6S"], ["7S.1"]))
    build(s, "S", 0, range(1, 6))
    build(s, "S", 1, range(13, 7, -1))
    tick(s)
    assert s.ships == [0, 0] and s.ships_sunk == 1 and s.ship_no["S"] == 1
    assert "6S" in s.sunk and "7S.1" in s.sunk


def test_clarification_3_one_half_of_thirteen_cards_is_complete() -> None:
    """Clarification 3: a half that reaches 13 cards alone completes the ship."""
    s = race(0, (["KS"], ["2D.1"]))
    build(s, "S", 0, range(1, 13))
    tick(s)
    assert s.ships == [1, 0]


def test_clarification_6_a_watcher_claims_the_card_the_other_turned() -> None:
    """Clarification 6 and Observing: a seat with no stock and no waste may claim the other's turned
    card when it extends a half the watcher started."""
    s = race(0, ([], ["5S.1", "9D.1"]))
    build(s, "S", 0, range(1, 5))
    GAME._open_tick(s)
    assert GAME.watching(s, 0) and CLAIM in GAME.moves(s, 0)
    tick(s, (0, CLAIM))
    assert s.halves["S"][0][-1] == "5S.1" and "5S.1" not in s.waste[1]


def test_clarification_6_no_claim_of_a_keel_and_unclaimed_cards_stay() -> None:
    """Clarification 6: a keel cannot be claimed; a card neither played nor claimed stays on the
    other's waste."""
    s = race(0, ([], ["AS.1", "3D.1"]))
    GAME._open_tick(s)
    assert CLAIM not in GAME.moves(s, 0)
    tick(s)
    assert s.waste[1][0] == "AS.1" and s.halves["S"] == [[], []]
    tick(s)
    assert "3D.1" in s.waste[1]


def test_observing_a_capturing_claim_and_play_in_one_tick_sink_the_ship() -> None:
    """Decisions, observer claims: the claim and the other's own play of a capturing card in one tick
    sink the ship."""
    s = race(0, ([], ["7S.1"]))
    build(s, "S", 0, range(1, 7))
    build(s, "S", 1, range(13, 7, -1))   # the gap is only the 7
    GAME._open_tick(s)
    assert CLAIM in GAME.moves(s, 0) and PLAY in GAME.moves(s, 1)
    tick(s, (0, CLAIM), (1, PLAY))
    assert s.ships == [0, 0] and s.ships_sunk == 1


def test_observing_a_claimed_capturing_card_wins_the_ship() -> None:
    """Observing: a claim of the card that completes a ship captures it when the other does not play it."""
    s = race(0, ([], ["7S.1"]))
    build(s, "S", 0, range(1, 7))
    build(s, "S", 1, range(13, 7, -1))
    tick(s, (0, CLAIM), (1, HOLD))
    assert s.ships == [1, 0]


@pytest.mark.parametrize(("sunk", "target"), [(0, 5), (1, 4), (2, 4), (3, 3)])
def test_clarification_7_winning_threshold(sunk: int, target: int) -> None:
    """Clarification 7 (Decision 4): ⌊(8 − sunk) / 2⌋ + 1 ships win at once."""
    s = race(0, (["7S", "2D"], ["2H.1", "3H.1"]))
    s.ships_sunk = sunk
    s.ships = [target - 1, 0]
    build(s, "S", 0, range(1, 7))
    build(s, "S", 1, range(13, 7, -1))
    tick(s)
    assert GAME.target(s) == target and s.over
    assert GAME.outcome(s).winners == [0]


def test_clarification_7_all_ships_finished_equal_ships_is_a_draw() -> None:
    """Clarification 7: when all eight ships are finished, more ships wins and equal ships is a draw."""
    s = race(0, (["7S", "2D"], ["2H.1", "3H.1"]))
    s.ship_no = {"S": 1, "H": 2, "D": 2, "C": 2}
    s.ships, s.ships_sunk = [2, 3], 2
    build(s, "S", 0, range(1, 7))
    build(s, "S", 1, range(13, 7, -1))
    tick(s)
    assert s.over and GAME.outcome(s).winners == [0, 1]


def test_clarification_8_stalemate_after_a_full_cycle_without_a_card_played() -> None:
    """Clarification 8: the game ends after as many ticks without a play as the largest stock plus waste
    of the seats still turning cards; more ships wins."""
    s = race(0, (["5D", "9D", "7C"], ["QH.1", "JH.1"]))
    s.ships = [1, 0]
    for _ in range(2):
        tick(s)
        assert not s.over
    tick(s)
    assert s.over and GAME.outcome(s).winners == [0]


def test_clarification_10_auto_mode_replays_the_autopilots_race_five_ticks_a_step() -> None:
    """Clarification 10: in mode auto nobody presses anything but Next; each step of the replay plays
    five ticks of both autopilots, and the race is the same whatever the steps' timing."""
    s = GAME.start(2, {"mode": "auto"}, 4)
    assert GAME.moves(s, 0) == [DONE] and GAME.moves(s, 1) == [DONE] and s.auto == [True, True]
    assert GAME.window_seconds(s) == 2
    GAME.apply(s, 0, DONE)
    assert s.tick == 1
    GAME.apply(s, 1, DONE)
    assert s.tick == 6
    while not s.over:
        for seat in sorted(GAME.to_move(s)):
            GAME.apply(s, seat, DONE)
    plain = GAME.start(2, {}, 4)
    while not plain.over:   # the same race in tick mode, both autopilots on (Go on after each pause)
        for seat in sorted(GAME.to_move(plain)):
            GAME.apply(plain, seat, GAME.rollout_move(plain, seat, GAME.moves(plain, seat), None))
    assert (s.ships, s.ships_sunk, s.tick) == (plain.ships, plain.ships_sunk, plain.tick)
    assert GAME.outcome(s).winners == GAME.outcome(plain).winners
    assert any("tick" in render(f, "en") for f in GAME.view(s, None).facts), "the ships' ends with their ticks"


def test_clarification_11_match_to_two_game_wins() -> None:
    """Clarification 11: with match_wins 2 a new game (new cut) follows until a seat has won two."""
    s = GAME.start(2, {"match_wins": 2}, 2)
    games = set()
    while not s.over:
        games.add(s.hand_no)
        for seat in sorted(GAME.to_move(s)):
            GAME.apply(s, seat, GAME.rollout_move(s, seat, GAME.moves(s, seat), None))
    assert max(s.scores) == 2 and len(games) >= 2
    assert GAME.outcome(s).winners == [s.scores.index(2)]


def test_idle_race_pauses_and_go_on_resumes() -> None:
    """[rec] After IDLE_TICKS ticks without a press of Play, Claim or Auto (a computer's Holds do not keep
    the race going) the race pauses until a player presses Go on."""
    s = GAME.start(2, {}, 6)
    for _ in range(IDLE_TICKS):
        tick(s, *([(1, HOLD)] if HOLD in GAME.moves(s, 1) else []))
        assert not s.over
    assert s.paused and GAME.moves(s, 0) == [GO_ON] and GAME.reaction(s) is None
    GAME.apply(s, 1, GO_ON)
    assert not s.paused and all(s.turned) and GAME.reaction(s) is not None


def test_a_done_seat_cannot_press_again_and_moves_say_why() -> None:
    """A seat done with the tick waits for the other; illegal presses are refused."""
    s = GAME.start(2, {}, 7)
    GAME.apply(s, 0, DONE)
    with pytest.raises(IllegalMove):
        GAME.apply(s, 0, HOLD)
    assert GAME.to_move(s) == {1}


def test_the_computer_player_misses_some_chances_by_its_reaction_delay() -> None:
    """Issue 18: the computer opponent plays with its own reaction delay: it lets a fifth of its chances
    go by (Hold, then Done), and takes the rest (Done: its autopilot plays)."""
    import random

    s = race(0, (["2S"], ["9H.1"]))
    build(s, "S", 0, range(1, 2))
    GAME._open_tick(s)
    choices = [GAME.heuristic_move(s, 0, GAME.moves(s, 0), random.Random(n)) for n in range(400)]
    assert 40 <= choices.count(HOLD) <= 120 and choices.count(HOLD) + choices.count(DONE) == 400
    GAME.apply(s, 0, HOLD)
    assert GAME.heuristic_move(s, 0, GAME.moves(s, 0), random.Random(0)) == DONE, "a missed chance stays missed"


def test_the_levels_differ_by_reaction_an_easy_computer_lets_more_chances_go() -> None:
    """[rec] The levels of a race: a weaker computer's slip is a slower reaction (Hold where its autopilot
    would have played), so easy lets about half of its chances go, normal more than strong's fifth."""
    s = race(0, (["2S"], ["9H.1"]))
    build(s, "S", 0, range(1, 2))
    GAME._open_tick(s)
    held = {}
    for level in ("easy", "normal", "strong"):
        players = [make_level(level, seed=n, iterations=100, seconds=None) for n in range(300)]
        held[level] = sum(p.choose(GAME, s.clone(), 0) == HOLD for p in players)
    assert held["easy"] > held["normal"] > held["strong"]
    assert 120 <= held["easy"] <= 190 and 30 <= held["strong"] <= 95
