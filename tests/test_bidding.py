"""The shared bidding block: a pass/play round (Calabrasella's auction)."""

from games.common import bidding as B
from games.engine import Move


def test_the_round_starts_with_the_given_seat_and_goes_left():
    assert B.pass_play(1, 3, []).to_speak == 1
    assert B.pass_play(1, 3, ["pass"]).to_speak == 2
    assert B.pass_play(1, 3, ["pass", "pass"]).to_speak == 0, "after the last seat it wraps to seat 0"


def test_the_round_can_go_right():
    assert B.speaking_order(1, 4, direction=-1) == [1, 0, 3, 2]
    assert B.pass_play(1, 4, ["pass"], direction=-1).to_speak == 0


def test_the_first_play_wins_at_once_and_nobody_else_is_asked():
    result = B.pass_play(2, 3, ["pass", "play"])
    assert result.decided and result.winner == 0 and not result.redeal
    assert B.pass_play(2, 3, ["play"]).winner == 2


def test_all_pass_means_a_redeal():
    result = B.pass_play(0, 3, ["pass", "pass", "pass"])
    assert result.decided and result.redeal and result.winner is None


def test_the_calls_are_moves_read_back_exactly():
    assert B.call_of(Move.parse("bid play")) == "play"
    assert B.call_of(Move.parse("bid pass")) == "pass"
    assert B.call_of(Move.parse("bid 3")) is None
    assert B.call_of(Move.parse("play 3H")) is None
