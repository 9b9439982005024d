"""games/common/stakes.py: the stakes ladder between two captains, and lying down."""

from games.common import stakes as K


def test_the_ladder_is_2_4_7_9_then_the_game():
    assert [K.stake(i) for i in range(4)] == [2, 4, 7, 9] and K.is_game(4)


def test_declining_scores_the_step_below_for_the_challenger():
    """Envite decision 6: 4 → 2, 7 → 4, 9 → 7, game → 9."""
    assert [K.decline_value(i) for i in range(1, 5)] == [2, 4, 7, 9]


def test_the_game_can_only_be_accepted_or_declined():
    """Envite Clarification 2."""
    assert K.answers(3) == (K.ACCEPT, K.DECLINE, K.RAISE)
    assert K.answers(4) == (K.ACCEPT, K.DECLINE)


def test_a_challenge_passes_the_answer_to_the_other_side_and_a_raise_back():
    neg = K.open_negotiation()
    K.challenge(neg, 0)
    assert neg["level"] == 1 and neg["to_answer"] == 1
    assert not K.may_challenge(neg, 1)          # answer first (a raise is an answer)
    K.challenge(neg, 1)
    assert neg["level"] == 2 and neg["to_answer"] == 0
    K.accept(neg)
    assert neg["to_answer"] == -1 and not K.may_challenge(neg, 1)   # not twice in a row
    assert K.may_challenge(neg, 0)


def test_timeouts_play_at_the_opening_and_accept_a_challenge():
    """Envite Clarification 4."""
    neg = K.open_negotiation()
    assert K.timeout_answer(neg) == "play"
    K.challenge(neg, 1)
    assert K.timeout_answer(neg) == K.ACCEPT


def test_both_play_opens_the_hand_at_the_first_stake():
    neg = K.open_negotiation()
    neg["ready"][0] = True
    assert not K.opening_done(neg)
    neg["ready"][1] = True
    assert K.opening_done(neg) and K.stake(neg["level"]) == 2


def test_stones_stop_one_short_of_the_target_lying_down():
    """Envite lying down: 8 + 4 is 11 of 12, the extra stone ignored."""
    assert K.add_stones(8, 4, 12) == 11 and K.lying_down(11, 12) and not K.lying_down(10, 12)
