"""Envite: the rules in shared/rules/envite.md, one rule per test (Decisions and Clarifications named)."""

import random

from games import cards as C
from games.engine import Move
from games.envite import GAME, LIE, NEGOTIATE, PLAY, extras
from games.localize import render
from tests.playthrough import assert_refused, play_random


def table(hands, *, dummy=(), trump="H", dealer=None, captains=(0, 1), phase=PLAY, level=0, options=None,
          stones=(0, 0), games=(0, 0), trick=(), leader=None):
    """A state with the given hands (seat order) and dummy, the turned card of suit ``trump``, every
    other card in the stub."""
    players = len(hands)
    s = GAME.start(players, options or {}, 7)
    places = players + (players % 2)
    held = {c for h in hands for c in h} | set(dummy) | set(trick)
    rest = [c for c in C.italian_deck() if c not in held]
    upcard = next(c for c in rest if C.suit(c) == trump and c not in extras(places))
    s.hands = [list(h) for h in hands]
    s.dummy = list(dummy)
    s.upcard, s.trump = [upcard], trump
    s.stub = [c for c in rest if c != upcard]
    s.trick, s.played, s.last_trick = list(trick), [], []
    s.captains = list(captains)
    s.dealer = (1 if dealer is None else dealer) % places
    s.leader = leader if leader is not None else (s.dealer - 1) % places
    s.turn = (s.leader - len(trick)) % places
    s.phase = phase
    s.neg = {"level": level, "ready": [phase != NEGOTIATE] * 2, "to_answer": -1, "last": -1}
    s.stones, s.games = list(stones), list(games)
    s.lying = -1
    s.heard = [s.round] * players     # nobody signals unless a test says so
    return s


def play(s, seat, move):
    return GAME.apply(s, seat, Move.parse(move) if isinstance(move, str) else move)


def moves(s, seat):
    return [str(m) for m in GAME.moves(s, seat)]


# --- teams, deal, order ---------------------------------------------------------------------

def test_teams_alternate_and_a_captain_is_drawn_for_each():
    """Decision 7 and Clarification 8: seats alternate by team; captains fixed for the match."""
    s = GAME.start(6, {}, 3)
    assert s.captains[0] % 2 == 0 and s.captains[1] % 2 == 1
    view = GAME.view(s, None)
    assert [str(sv.notes[0]) for sv in view.seats] == ["Team A", "Team B"] * 3


def test_forty_cards_three_each_and_the_turned_card_sets_trump():
    s = GAME.start(4, {}, 5)
    assert all(len(h) == 3 for h in s.hands) and len(s.upcard) == 1 and s.trump == C.suit(s.upcard[0])
    assert len(s.stub) == 40 - 12 - 1


def test_odd_count_deals_a_dummy_hand_to_the_short_team():
    """Decision 2 and Clarification 8: seven players, team B has three players and the dummy."""
    s = GAME.start(7, {}, 5)
    assert len(s.dummy) == 3 and len(s.stub) == 40 - 24 - 1
    zone = next(z for z in GAME.zones(s) if z.name == "dummy")
    assert zone.visible_to == s.captains[1]


def test_the_trump_ladder_grows_with_the_player_count():
    """Card ranking: 3♣ Q♣ J♦ with three a side, then 5♦, 2♦, A♦."""
    assert extras(4) == ()
    assert extras(6) == ("JD", "QC", "3C")
    assert extras(8) == ("JD", "QC", "3C", "5D")
    assert extras(10)[-1] == "2D" and extras(12)[-1] == "AD"


def test_a_turned_special_trump_keeps_its_printed_suit_as_trump():
    """Decision 3: the turned card's printed suit is trump even when it is an extra trump."""
    for seed in range(200):
        s = GAME.start(6, {}, seed)
        if s.upcard[0] in extras(6):
            assert s.trump == C.suit(s.upcard[0])
            return
    raise AssertionError("no deal turned an extra trump")


def test_play_goes_to_the_right_from_the_dealers_right():
    """Play to the right: the place right of the dealer leads, then the next to the right."""
    s = table([["KS", "2S", "3S"], ["KC", "2C", "3C"], ["KD", "2D", "3D"], ["QS", "4S", "5S"]], dealer=2)
    assert s.turn == 1
    play(s, 1, "play KC")
    assert s.turn == 0


def test_follow_suit_when_able():
    s = table([["KS", "2C", "3S"], ["KC", "4C", "3D"], ["KD", "2D", "QD"], ["QS", "4S", "5S"]], dealer=2)
    play(s, 1, "play KC")
    assert moves(s, 0) == ["play 2C"]
    assert_refused(GAME, s, 0, "play KS")


def test_highest_trump_wins_and_the_winner_leads():
    s = table([["KS", "2C", "3S"], ["KC", "4C", "3D"], ["KD", "2D", "QD"], ["4H", "4S", "5S"]], dealer=2)
    play(s, 1, "play KC")
    play(s, 0, "play 2C")
    play(s, 3, "play 4H")      # void in clubs: a trump
    play(s, 2, "play KD")
    assert s.tricks == [0, 1] and s.turn == 3 and s.leader == 3


def test_first_team_to_two_tricks_wins_the_hand_at_its_stake():
    """Winning a hand: the first team to two tricks scores the stake (2 by default)."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7S"]], dealer=2, trump="S")
    hand = s.hand_no
    for seat, card in [(1, "2S"), (0, "KS"), (3, "7S"), (2, "5S"), (1, "4C"), (0, "3C"), (3, "4S"), (2, "2D")]:
        play(s, seat, f"play {card}")
    assert s.hand_no == hand + 1 and s.stones == [0, 2]


# --- negotiation (Decision 1, 6; Clarifications 1–4) ----------------------------------------

def negotiating(**kw):
    return table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7S"]],
                 dealer=2, trump="S", phase=NEGOTIATE, **kw)


def test_both_captains_are_asked_at_once_and_both_play_starts_at_two():
    """Clarification 1: both captains get Play at 2 / Challenge together; both Play → stake 2."""
    s = negotiating()
    assert {0, 1} <= GAME.to_move(s)
    assert moves(s, 0) == ["play", "challenge"] and moves(s, 1) == ["play", "challenge"]
    play(s, 0, "play")
    assert 0 not in GAME.to_move(s) and s.phase == NEGOTIATE
    play(s, 1, "play")
    assert s.phase == PLAY and s.neg["level"] == 0


def test_a_challenge_takes_effect_at_once_and_the_other_captain_answers():
    """Clarification 1 and Decision 1: a challenge prompts Accept · Decline · Raise, even after Play."""
    s = negotiating()
    play(s, 0, "play")
    play(s, 1, "challenge")
    assert GAME.to_move(s) == {0} and moves(s, 0) == ["accept", "decline", "raise"]


def test_accept_starts_play_at_the_accepted_stake_and_nobody_raises_again():
    """Clarification 3: after Accept play starts; in pre_play mode no more raises that hand."""
    s = negotiating()
    play(s, 0, "challenge")
    play(s, 1, "accept")
    assert s.phase == PLAY and s.neg["level"] == 1
    assert all("raise" not in moves(s, c) for c in (0, 1))


def test_decline_values_are_the_step_below():
    """Decision 6: declining 4 gives the challenger 2, 7 gives 4, 9 gives 7, the game gives 9."""
    for raises, value in [(1, 2), (2, 4), (3, 7), (4, 9)]:
        s = negotiating()
        play(s, 0, "challenge")
        seat = 1
        for _ in range(raises - 1):
            play(s, seat, "raise")
            seat = 1 - seat
        challenger = 1 - seat
        play(s, seat, "decline")
        assert s.stones[challenger] == value and s.stones[seat] == 0


def test_raises_climb_to_the_game_which_can_only_be_accepted_or_declined():
    """Clarification 2: 4 → 7 → 9 → game; the game is only accepted or declined."""
    s = negotiating()
    for seat, move in [(0, "challenge"), (1, "raise"), (0, "raise"), (1, "raise")]:
        play(s, seat, move)
    assert moves(s, 0) == ["accept", "decline"]


def test_timeouts_play_the_opening_and_accept_a_challenge():
    """Clarification 4: an unanswered opening counts as Play, a challenge as Accept."""
    s = negotiating()
    assert str(GAME.timeout_move(s, 0)) == "play"
    play(s, 1, "challenge")
    assert str(GAME.timeout_move(s, 0)) == "accept"
    assert GAME.reaction(s) is not None       # the captains share one deadline


def test_challenges_during_play_option():
    """Clarification 5 (challenge_timing=in_play): a captain raises before a card of their team; the
    other answers; a decline gives the raising team the step below; not twice in a row."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7S"]],
              dealer=2, trump="S", options={"challenge_timing": "in_play"})
    assert s.turn == 1 and 1 in GAME.to_move(s) and "raise" in moves(s, 1)
    assert "raise" not in moves(s, 0)           # not the other team's card
    play(s, 1, "raise")
    assert GAME.to_move(s) == {0} and moves(s, 0) == ["accept", "decline", "raise"]
    play(s, 0, "accept")
    assert s.neg["level"] == 1 and "raise" not in moves(s, 1)   # the same team may not raise twice in a row
    play(s, 1, "play 2S")
    assert "raise" in moves(s, 0)
    play(s, 0, "raise")
    play(s, 1, "decline")
    assert s.stones == [4, 0]      # a raise from 4 to 7 declined: 4


def test_pre_play_mode_offers_no_raise_during_play():
    """Clarification 5's default: challenge_timing=pre_play."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7S"]], dealer=2, trump="S")
    assert "raise" not in moves(s, 1)


# --- trawling (Clarification 6, 7; Decision 4) ----------------------------------------------

def test_a_trawl_forces_trumps():
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7C"]], dealer=2, trump="S")
    play(s, 1, "play 2S")
    assert moves(s, 0) == ["play KS", "play QS"]


def test_a_player_without_a_trump_loses_the_hand_at_once_and_shows_the_hand():
    """Clarification 6: checked when the trump is led; the first place without a trump loses for their
    team; no further card; the value + 2 to the others; the cards are shown to everyone."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"]], dealer=2, trump="S")
    hand = s.hand_no
    events = play(s, 1, "play 2S")
    assert s.hand_no == hand + 1      # seat 0 holds trumps; seat 3, next, has none
    shown = [e for e in events if "no trump" in str(e.text)]
    assert shown and shown[0].to is None and "4♣ 6♣ 7♣" in str(shown[0].render(["a", "b", "c", "d"]))
    assert s.stones == [4, 0]       # seat 3 is team B: team A scores 2 + 2


def test_a_failed_trawl_while_the_losers_lie_down_gives_three_plus_two():
    """Decision 4: the losing side lying down → the opponents score 3 + 2."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"]], dealer=2, trump="S",
              stones=(0, 11))
    s.lying = 1
    play(s, 1, "play 2S")
    assert s.stones[0] == 5


def test_a_failed_trawl_against_a_lying_team_wins_them_the_game():
    """Decision 4: the winners lying down win the game."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"]], dealer=2, trump="S",
              stones=(11, 3))
    s.lying = 0
    play(s, 1, "play 2S")
    assert s.games == [1, 0] and s.stones == [0, 0]


def test_a_failed_trawl_at_the_game_stake_loses_the_game():
    """Clarification 7: a hand played for the game: the opponents win the game."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"]], dealer=2, trump="S",
              level=4)
    play(s, 1, "play 2S")
    assert s.games == [1, 0]


# --- lying down, games, match (Clarification 9) -----------------------------------------------

def test_scores_stop_at_eleven_lying_down():
    """Lying down: 8 + 4 = 11, the extra stone ignored."""
    s = negotiating(stones=(0, 8))
    play(s, 0, "challenge")
    play(s, 1, "raise")
    play(s, 0, "decline")
    assert s.stones == [0, 11]


def test_the_lying_captain_alone_decides_and_a_forfeit_gives_one():
    s = GAME.start(4, {}, 9)
    s.stones = [11, 5]
    s.dealer = (s.dealer + 1) % 4
    GAME._deal(s)
    assert s.phase == LIE and GAME.to_move(s) - {1, 3} - {0, 2} == frozenset()
    captain = s.captains[0]
    assert moves(s, captain) == ["play", "forfeit"] and s.captains[1] not in GAME.to_move(s)
    play(s, captain, "forfeit")
    assert s.stones == [11, 6]


def test_a_lying_team_that_plays_and_loses_gives_three_and_that_wins_wins_the_game():
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7S"]], dealer=2, trump="S",
              stones=(11, 4))
    s.lying = 0
    for seat, card in [(1, "2S"), (0, "KS"), (3, "7S"), (2, "5S"), (1, "4C"), (0, "3C"), (3, "4S"), (2, "2D")]:
        play(s, seat, f"play {card}")
    assert s.stones == [11, 7]
    s = table([["2S", "QS", "3C"], ["KS", "4S", "3D"], ["5S", "2D", "JS"], ["3S", "6S", "7S"]], dealer=2, trump="S",
              stones=(11, 4))
    s.lying = 0
    for seat, card in [(1, "KS"), (0, "2S"), (3, "7S"), (2, "5S"), (0, "QS"), (3, "6S"), (2, "JS"), (1, "4S")]:
        play(s, seat, f"play {card}")
    assert s.games == [1, 0]


def test_both_lying_down_the_hand_is_simply_played():
    s = GAME.start(4, {}, 9)
    s.stones = [11, 11]
    GAME._deal(s)
    assert s.phase == PLAY and s.lying == 2


def test_the_next_game_starts_at_zero_and_the_deal_keeps_passing_right():
    """Clarification 9: stones back to 0–0, nobody lying down, the deal passes on to the right."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"]], dealer=2, trump="S",
              level=4, stones=(5, 9))
    play(s, 1, "play 2S")
    assert s.stones == [0, 0] and s.lying == -1 and s.dealer == 1 and s.phase == NEGOTIATE


def test_best_of_three_games_wins_the_match():
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"]], dealer=2, trump="S",
              level=4, games=(1, 0))
    play(s, 1, "play 2S")
    out = GAME.outcome(s)
    assert s.over and out.winners == [0, 2] and out.placings == [1, 2, 1, 2]


# --- the dummy, signals, table message (Decisions 2, 5; Clarification 10) ------------------------

def seven():
    hands = [["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"],
             ["KC", "KD", "7D"], ["AH", "2H", "3H"], ["4H", "5H", "6H"]]
    return table(hands, dummy=["7H", "JH", "QH"], dealer=0, captains=(0, 1), trump="D")


def test_the_dummys_captain_plays_its_cards_on_its_turn():
    """Decision 2: the captain sees and plays the dummy's cards; on the dummy's turn the captain moves."""
    s = seven()
    assert s.turn == 7 and GAME.to_move(s) == {1}
    assert moves(s, 1) == ["play 7H", "play JH", "play QH"]
    assert "7♥" in str(GAME.prompt(s, 1).text)
    play(s, 1, "play 7H")
    assert s.dummy == ["JH", "QH"] and s.turn == 6


def test_only_the_dummys_captain_sees_its_cards():
    s = seven()
    assert any("J♥" in str(line) for line in GAME.view(s, 1).private)
    assert all(not GAME.view(s, seat).private for seat in (0, 2, 3))


def test_signals_reach_the_team_only_and_opponents_never_see_them():
    """Decision 5: a team-private signal; the captain's panel lists it; opponents see nothing."""
    s = negotiating(captains=(0, 1))
    s.heard = [-1] * 4
    assert {2, 3} <= GAME.to_move(s)
    events = play(s, 3, "signal two")
    assert sorted(e.to for e in events) == [1, 3]
    assert any("two trumps" in str(line) for line in GAME.view(s, 1).private)
    assert not GAME.view(s, 0).private and not GAME.view(s, 2).private
    assert "signal" not in str(GAME.view(s, None).to_dict())
    assert 3 not in GAME.to_move(s)           # one signal per round


def test_signals_never_hold_up_the_table():
    """Out-of-turn actions: a signal unanswered times out as no signal."""
    s = negotiating(captains=(0, 1))
    s.heard = [-1] * 4
    assert str(GAME.timeout_move(s, 2)) == "quiet"


def test_the_table_message_shows_stones_stake_trump_tricks_and_games():
    """Clarification 10."""
    s = negotiating(stones=(3, 5), games=(1, 0))
    facts = " | ".join(str(f) for f in GAME.view(s, None).facts)
    for part in ("3 stones", "5 stones", "Games won: 1 to 0", "Stake: 2 stones", "Trump", "Tricks this hand"):
        assert part in facts, part


def test_random_games_end_with_every_count():
    for players in (4, 7, 12):
        run = play_random(GAME, players, {"stones": 5, "best_of": 1}, players, checks=False)
        assert run.final.over


def test_computer_captains_challenge_with_strong_hands_and_play_with_weak_ones():
    s = negotiating()
    s.hands[0] = ["2S", "KS", "QS"]
    assert str(GAME.heuristic_move(s, 0, GAME.moves(s, 0), random.Random(1))) == "challenge"
    s.hands[0] = ["3C", "4D", "5H"]
    s.hands[1], s.hands[2] = s.hands[2], s.hands[1]
    assert str(GAME.heuristic_move(s, 0, GAME.moves(s, 0), random.Random(1))) == "play"


def test_computer_teammates_send_honest_signals_without_a_search():
    """Decision 5: bot teammates send honest signals (the search leaves signals to the rule of thumb)."""
    from games.ai import SearchPlayer
    s = negotiating(captains=(0, 1))
    s.heard = [-1] * 4
    s.hands[2] = ["5S", "2D", "QD"]       # one trump (spades)
    assert str(SearchPlayer(iterations=50, seconds=None, seed=1).choose(GAME, s, 2)) == "signal one"
    s.hands[1], s.hands[2] = ["3S", "4C", "3D"], ["2S", "2D", "QD"]       # the top trump
    assert str(SearchPlayer(iterations=50, seconds=None, seed=1).choose(GAME, s, 2)) == "signal top"


def test_a_player_on_turn_finds_the_signals_behind_one_button_next_to_the_cards():
    """Decision 5 (input): signals never crowd out the cards of a player to play."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7S"]], dealer=2, trump="S",
              captains=(0, 3))
    s.heard = [-1] * 4
    first = [label for label, _ in GAME.prompt(s, 1).step().answers]
    assert first == ["2♠", "4♣", "3♦", "Send a signal to your team"]


def test_the_table_shows_the_order_of_play_to_the_right_with_arrows():
    """Decision 7: seats alternate by team, play goes right, the table shows the order with arrows."""
    s = GAME.start(4, {}, 2)
    s.dealer = 2
    s.leader = s.turn = 1
    facts = [f for f in GAME.view(s, None).facts if "right" in str(f)]
    assert render(facts[0], "en", ["a", "b", "c", "d"]) == "Play goes to the right: b → a → d → c"


def test_a_computer_captain_deals_its_imagined_teammates_hands_true_to_their_signals():
    """Decision 5: a bot captain trusts the signals (its search imagines hands that match them)."""
    s = negotiating(captains=(0, 1))
    s.signals = [[2, "none"]]
    rng = random.Random(4)
    assert all(GAME.honest_signal(GAME.determinize(s, 0, rng), 2) == "none" for _ in range(20))


def test_random_games_with_challenges_during_play_keep_every_invariant():
    """Clarification 5's option through whole random games: cards conserved, JSON round trip, no leak."""
    for players in (5, 7):
        options = {"challenge_timing": "in_play", "stones": 5, "best_of": 1}
        assert play_random(GAME, players, options, players).final.over


# --- options from the decisions' list: signal presets, trawl penalty, lying down ------------------

def test_signal_preset_none_offers_no_signals_and_nobody_waits_for_them():
    """Decision 5 / Options ("signal presets"): signals=none, nobody may signal and only the
    captains are asked in the negotiation."""
    s = negotiating(captains=(0, 1), options={"signals": "none"})
    s.heard = [-1] * 4
    assert GAME.to_move(s) == {0, 1}
    assert moves(s, 2) == [] and moves(s, 3) == []
    assert_refused(GAME, s, 2, "signal top")


def test_signal_preset_simple_offers_a_strong_or_weak_hand_and_computers_say_it_honestly():
    """Decision 5 / Options ("signal presets"): signals=simple is the short list strong / weak; a
    computer teammate with two trumps says strong, with none weak; the captain reads it."""
    s = negotiating(captains=(0, 1), options={"signals": "simple"})
    s.heard = [-1] * 4
    assert moves(s, 2) == ["signal strong", "signal weak", "quiet"]
    s.hands[2] = ["5S", "6S", "QD"]
    assert str(GAME.heuristic_move(s, 2, GAME.moves(s, 2), random.Random(1))) == "signal strong"
    s.hands[3] = ["4C", "3D", "5D"]
    assert str(GAME.heuristic_move(s, 3, GAME.moves(s, 3), random.Random(1))) == "signal weak"
    play(s, 3, "signal weak")
    assert any("weak" in str(line) for line in GAME.view(s, 1).private)
    assert_refused(GAME, s, 2, "signal top")


def test_the_standard_signal_preset_is_the_default():
    s = negotiating(captains=(0, 1))
    s.heard = [-1] * 4
    assert moves(s, 2) == ["signal top", "signal two", "signal one", "signal none", "signal play", "signal fold",
                           "quiet"]


def test_without_the_trawl_penalty_a_player_without_a_trump_simply_plays_any_card():
    """Options ("trawl penalty on/off"): trawl_penalty=no, a trump lead loses nobody the hand;
    a player with trumps still answers with one, one without plays any card."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5C", "2D", "QD"], ["4C", "6C", "7C"]], dealer=2, trump="S",
              options={"trawl_penalty": False})
    hand = s.hand_no
    play(s, 1, "play 2S")
    assert s.hand_no == hand and s.stones == [0, 0]
    assert moves(s, 0) == ["play KS", "play QS"]
    play(s, 0, "play QS")
    assert moves(s, 3) == ["play 4C", "play 6C", "play 7C"]
    play(s, 3, "play 7C")
    assert s.turn == 2


def test_the_trawl_penalty_is_on_by_default():
    assert GAME.options_of(GAME.start(4, {}, 1)).trawl_penalty


def test_without_lying_down_stones_count_past_eleven_and_nobody_is_asked_to_lie_down():
    """Options ("lying-down rules on/off"): lying_down=no, no cap at 11, no lying-down decision;
    the hand is negotiated as usual."""
    s = negotiating(stones=(0, 8), options={"lying_down": False})
    play(s, 0, "challenge")
    play(s, 1, "raise")
    play(s, 0, "decline")         # 8 + 4 = 12 reaches the target: the game
    assert s.games == [0, 1] and s.stones == [0, 0]
    s = negotiating(stones=(0, 9), options={"lying_down": False, "stones": 14})
    play(s, 1, "challenge")
    play(s, 0, "decline")
    assert s.stones == [0, 11] and s.phase == NEGOTIATE and s.lying == -1
    play(s, 1, "challenge")
    play(s, 0, "decline")
    assert s.stones == [0, 13] and s.phase == NEGOTIATE
    assert not any("lying" in str(f) for f in GAME.view(s, None).facts)


def test_without_lying_down_reaching_the_target_with_a_hand_wins_the_game():
    """Options ("lying-down rules on/off"): with lying_down=no the stones simply count to the target."""
    s = table([["KS", "QS", "3C"], ["2S", "4C", "3D"], ["5S", "2D", "QD"], ["4S", "6S", "7S"]], dealer=2, trump="S",
              stones=(3, 11), options={"lying_down": False})
    for seat, card in [(1, "2S"), (0, "KS"), (3, "7S"), (2, "5S"), (1, "4C"), (0, "3C"), (3, "4S"), (2, "2D")]:
        play(s, seat, f"play {card}")
    assert s.games == [0, 1] and s.stones == [0, 0]


def test_random_games_with_every_option_switched_keep_every_invariant():
    """The options through whole random games: cards conserved, JSON round trip, no leak."""
    for players, options in [(4, {"signals": "none", "trawl_penalty": False, "lying_down": False}),
                             (5, {"signals": "simple", "lying_down": False}), (6, {"signals": "simple"})]:
        assert play_random(GAME, players, options | {"stones": 5, "best_of": 1}, players).final.over


# --- the computer captain weighs the stakes (issue 16: the search plays the challenge decisions) --------------

def test_a_searching_captain_declines_a_challenge_its_team_cannot_win_rather_than_raise():
    """Stakes ladder / decision 6: with no trump in its hand and its teammate signalling none, a
    computer captain challenged to 4 declines (the others score 2) instead of raising the stake
    of a hand it would lose (a search that only counts hands won raised every time)."""
    from games.ai import SearchPlayer
    for seed in range(4):
        s = negotiating()
        s.hands[0], s.hands[2] = ["3C", "4D", "5H"], ["6C", "7D", "QH"]
        s.signals = [[2, "none"]]
        play(s, 1, "challenge")
        assert str(SearchPlayer(iterations=100, seconds=None, seed=seed).choose(GAME, s, 0)) == "decline"


def test_the_search_counts_a_hand_won_for_more_stones_as_worth_more():
    """Stakes ladder: to the search a hand won for 7 is worth more than one won for 2, and losing
    the game worse than losing 2 stones; the chance to win the match is what it counts."""
    from games.envite import match_chance
    s = negotiating(stones=(3, 3))
    before = GAME.standing(s)

    def reward_for(stones, games=(0, 0)):
        end = negotiating(stones=stones, games=games)
        return GAME.search_rewards(before, end)[0]
    assert reward_for((5, 3)) < reward_for((10, 3)) < reward_for((0, 0), (1, 0)) <= 1.0
    assert 0.0 <= reward_for((0, 0), (0, 1)) < reward_for((3, 5)) < 0.5
    assert match_chance((0, 0), (0, 0), 12, True, 3) == 0.5
    assert match_chance((11, 5), (0, 0), 12, True, 3) > match_chance((9, 5), (0, 0), 12, True, 3) > 0.5


def test_nobody_signals_inside_a_search_playout():
    """Signals change no card: a search's imagined playouts skip them (decision 5's signals stay
    open to the players of the real table)."""
    from games.playout import playouts
    s = negotiating(captains=(0, 1))
    s.heard = [-1] * 4
    assert {2, 3} <= GAME.to_move(s)
    with playouts():
        assert GAME.to_move(s) == {0, 1}
