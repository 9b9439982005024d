"""The scripted phase runner (games/common/phases.py): steps in order, seats asked in turn, passes."""

import json

from games.common.phases import ACROSS, LEFT, RIGHT, Script, Step, pass_step

DISCARD = Step("discard", (0, 1, 2, 3))


def test_a_step_asks_its_seats_in_turn_from_the_base_seat() -> None:
    script = Script((DISCARD,), 4)
    cursor = script.start(base=2)
    asked = []
    while not script.finished(cursor):
        (seat,) = script.actors(cursor)
        asked.append(seat)
        script.act(cursor, seat)
    assert asked == [2, 3, 0, 1]
    assert script.actors(cursor) == [] and script.step(cursor) is None


def test_passes_go_left_across_and_right_of_each_giver() -> None:
    script = Script((pass_step(LEFT, 4), pass_step(ACROSS, 4), pass_step(RIGHT, 4)), 4)
    cursor = script.start(base=1)
    seen = []
    while not script.finished(cursor):
        (seat,) = script.actors(cursor)
        seen.append((script.step(cursor).kind, seat, script.receiver(cursor, seat)))
        script.act(cursor, seat)
    assert seen[:4] == [("pass", 1, 2), ("pass", 2, 3), ("pass", 3, 0), ("pass", 0, 1)]
    assert [(g, r) for _, g, r in seen[4:8]] == [(1, 3), (2, 0), (3, 1), (0, 2)]
    assert [(g, r) for _, g, r in seen[8:]] == [(1, 0), (2, 1), (3, 2), (0, 3)]


def test_a_together_step_asks_everyone_left_at_once() -> None:
    """A Hearts-like pass: all four choose at once, in any order; the step ends with the last."""
    script = Script((pass_step(LEFT, 4, together=True), DISCARD), 4)
    cursor = script.start(base=0)
    assert script.actors(cursor) == [0, 1, 2, 3]
    assert not script.act(cursor, 2)
    assert script.actors(cursor) == [0, 1, 3]
    assert script.receiver(cursor, 3) == 0
    for seat in (3, 0):
        script.act(cursor, seat)
    assert script.act(cursor, 1)
    assert script.step(cursor) == DISCARD and script.actors(cursor) == [0]


def test_a_step_can_start_from_another_base_and_end_early() -> None:
    """Dingo's hunts ask the three seats after the dingo's player, and stop once nothing is left to play."""
    hunt = Step("hunt", (1, 2, 3), arg="5")
    script = Script((DISCARD, hunt, Step("hunt", (1, 2, 3), arg="6")), 4)
    cursor = script.start(base=0)
    for seat in range(4):
        script.act(cursor, seat)
    script.begin(cursor, 2)
    assert script.step(cursor).arg == "5" and script.actors(cursor) == [3]
    assert script.asked_after(cursor, 3) == [0, 1]
    script.act(cursor, 3)
    script.end_step(cursor)
    assert script.step(cursor).arg == "6" and cursor["done"] == []


def test_the_cursor_goes_through_json_unchanged() -> None:
    script = Script((DISCARD, pass_step(LEFT, 4)), 4)
    cursor = script.start(base=3)
    script.act(cursor, 3)
    twin = json.loads(json.dumps(cursor))
    assert twin == cursor and script.actors(twin) == [0]
