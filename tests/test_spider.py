"""Spider's rules, one test per decision and clarification of shared/rules/spider.md."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest

from bot.pictures import DOWN_STEP, table_image
from games import cards as C
from games.cli import render_view
from games.engine import COLUMN, Move
from games.localize import render
from games.spider import DEAL, GAME, TIMEOUT, daily_seed, stamped
from games.text import text_from
from tests.playthrough import assert_refused


def run_of(suit: str, high: int, low: int, copy: int = 0) -> list[str]:
    return [C.make(r, suit, copy) for r in range(high, low - 1, -1)]


def board(up: dict[int, list[str]], down: dict[int, list[str]] | None = None, stock: int = 50, **options):
    """A one-seat state with the given face-up (and face-down) cards per column (1-based); other columns hold
    one face-down 5♣ under a face-up K♣, the stock ``stock`` cards of Q♦."""
    s = GAME.start(1, options, 0)
    down = down or {}
    for col in range(10):
        s.up[0][col] = list(up.get(col + 1, ["KC"]))
        s.down[0][col] = list(down.get(col + 1, ["5C"] if col + 1 not in up else []))
    s.stock[0] = ["QD"] * stock
    return s


def test_deal_decision_54_cards_on_the_tableau_and_50_in_the_stock() -> None:
    """Decisions, Deal: columns 1–4 get 5 down + 1 up, columns 5–10 get 4 down + 1 up; 50 in the stock."""
    s = GAME.start(1, {}, 7)
    assert [len(d) for d in s.down[0]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert [len(u) for u in s.up[0]] == [1] * 10
    assert len(s.stock[0]) == 50


@pytest.mark.parametrize(("suits", "expected"), [(4, {"S", "H", "D", "C"}), (2, {"S", "H"}), (1, {"S"})])
def test_clarification_1_suits_option_makes_the_deck(suits: int, expected: set[str]) -> None:
    """Clarification 1: 104 cards; 2 suits = four copies of spades and hearts, 1 suit = eight of spades."""
    s = GAME.start(1, {"suits": suits}, 3)
    every = [c for z in GAME.zones(s) for c in z.cards]
    assert len(every) == 104
    by_card = Counter((C.rank(c), C.suit(c)) for c in every)
    assert {suit for _, suit in by_card} == expected
    assert set(by_card.values()) == {8 // len(expected)}


def test_move_onto_one_rank_higher_of_any_suit() -> None:
    """Decisions, Moves: a card goes onto a card one rank higher, any suit."""
    s = board({1: ["10D"], 2: ["9S"]})
    GAME.apply(s, 0, "move 2 1")
    assert s.up[0][0] == ["10D", "9S"]


def test_only_a_one_suit_run_moves_as_a_unit() -> None:
    """Decisions, Moves: J♥-10♦-9♠ moves only the 9; J♣-10♣-9♣ moves together onto a queen."""
    s = board({1: ["JH", "10D", "9S"], 2: ["QS"], 3: ["JC", "10C", "9C"], 4: ["10H"]})
    assert Move.parse("move 1 2") not in GAME.moves(s, 0)
    assert Move.parse("move 1 4") in GAME.moves(s, 0)     # the 9♠ alone onto the 10♥
    GAME.apply(s, 0, "move 3 2")
    assert s.up[0][1] == ["QS", "JC", "10C", "9C"]


def test_an_empty_column_takes_any_card_or_run_and_asks_the_length() -> None:
    """Decisions, Moves and input: an empty column takes any run; the run length is asked only there."""
    s = board({1: [], 2: ["8H", "7H", "6H"]}, down={2: ["2C"]})
    lengths = [m.param("n") for m in GAME.moves(s, 0) if m.args == ("2", "1")]
    assert lengths == ["3", "2", "1"]
    path = [c.path for c in GAME.prompt(s, 0).choices if c.move == Move.parse("move 2 1 n=2")][0]
    assert [q for q, _ in path] == ["Move from column", "to column", "Run length"]
    GAME.apply(s, 0, "move 2 1 n=2")
    assert s.up[0][0] == ["7H", "6H"]


def test_face_down_card_turns_up_when_exposed() -> None:
    """Decisions, Moves: the face-down card left on top turns over."""
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["4H"]})
    GAME.apply(s, 0, "move 2 1")
    assert s.up[0][1] == ["4H"] and s.down[0][1] == []


def test_clarification_2_dealing_needs_no_empty_column_and_is_allowed_with_moves_left() -> None:
    """Clarification 2: a deal puts one card on each column 1 to 10, also while moves remain; not with an
    empty column."""
    s = board({1: ["10D"], 2: ["9S"]})
    assert Move("deal") in GAME.moves(s, 0)
    s.stock[0] = [f"{r}H" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
    GAME.apply(s, 0, "deal")
    assert [u[-1] for u in s.up[0]] == ["10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H", "AH"]
    s = board({1: []})
    assert "empty column" in assert_refused(GAME, s, 0, "deal")


def test_clarification_3_completed_run_is_removed_at_once_and_uncovers_a_card() -> None:
    """Clarification 3 (decision 1): K to A of one suit leaves at once; the card under it turns up."""
    s = board({1: run_of("S", 13, 2), 2: ["AS"]}, down={1: ["7D"]})
    GAME.apply(s, 0, "move 2 1")
    assert s.up[0][0] == ["7D"] and len(s.done[0]) == 13
    assert s.scores[0] == 500 - 1 + 100


def test_clarification_3_one_deal_may_complete_several_runs() -> None:
    """Clarification 3: a deal completing two runs removes both."""
    s = board({1: run_of("S", 13, 2), 2: run_of("H", 13, 2)}, down={1: ["5C"], 2: ["5C"]})
    s.stock[0] = ["KD"] * 8 + ["AH", "AS"]     # column 1 gets A♠, column 2 A♥
    GAME.apply(s, 0, "deal")
    assert len(s.done[0]) == 26 and s.up[0][0] == ["5C"] and s.up[0][1] == ["5C"]


def test_clarification_4_score_counts_moves_and_undos_not_deals() -> None:
    """Clarification 4: 500 − moves (undo counts one) + 100 per run; deals count none; no floor."""
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["4H"]})
    GAME.apply(s, 0, "deal")
    assert s.scores[0] == 500
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["4H"]})
    GAME.apply(s, 0, "move 2 1")
    GAME.apply(s, 0, "undo")
    assert s.scores[0] == 498 and s.moves_made[0] == 2
    s.moves_made[0] = 700
    GAME.apply(s, 0, "move 2 1")
    assert s.scores[0] == -201


def test_clarification_5_time_runs_from_the_first_stamped_action_and_breaks_ties_only() -> None:
    """Clarification 5: time from the first action to the end; equal won/score, the shorter time places first."""
    s = GAME.start(2, {"race": True}, 1)
    GAME.apply(s, 0, stamped(Move("giveup"), 1000))
    GAME.apply(s, 1, stamped(Move("deal"), 1000))
    GAME.apply(s, 1, stamped(Move("giveup"), 1300))
    assert GAME.result_scores(s)[1]["seconds"] == 300
    assert GAME.outcome(s).placings == [1, 2]


def test_clarification_6_undo_restores_the_move_and_turns_the_card_face_down() -> None:
    """Clarification 6: undo one move at a time; the card it turned up goes face down again."""
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["4H"]})
    GAME.apply(s, 0, "move 2 1")
    GAME.apply(s, 0, "undo")
    assert s.up[0][0] == ["10D"] and s.up[0][1] == ["9S"] and s.down[0][1] == ["4H"]


def test_clarification_6_no_undo_past_a_deal_or_a_removed_run() -> None:
    """Clarification 6: deals and removals cannot be undone, nor the moves before them."""
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["4H"]})
    GAME.apply(s, 0, "move 2 1")
    GAME.apply(s, 0, "deal")
    assert "no move to undo" in assert_refused(GAME, s, 0, "undo")


def test_clarification_6_no_reveal_and_off_and_the_limit() -> None:
    """Clarification 6: undo=no_reveal stops at a move that turned a card up; undo=off; undo_limit."""
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["4H"]}, undo="no_reveal")
    GAME.apply(s, 0, "move 2 1")
    assert Move("undo") not in GAME.moves(s, 0)
    s = board({1: ["10D"], 2: ["9S"]}, undo="off")
    GAME.apply(s, 0, "move 2 1")
    assert "off" in assert_refused(GAME, s, 0, "undo")
    s = board({1: ["10D"], 2: ["9S"], 3: ["10H"]}, undo_limit=1)
    GAME.apply(s, 0, "move 2 1")
    GAME.apply(s, 0, "undo")
    GAME.apply(s, 0, "move 2 3")
    assert "used all your undos" in assert_refused(GAME, s, 0, "undo")


def test_clarification_7_eighth_run_wins() -> None:
    """Clarification 7: the game is won when the eighth run is removed."""
    s = board({1: run_of("S", 13, 2), 2: ["AS"]}, down={2: []}, stock=0)
    for col in range(2, 10):
        s.up[0][col], s.down[0][col] = [], []
    s.done[0] = ["QD"] * (13 * 7)
    GAME.apply(s, 0, "move 2 1")
    assert s.over and s.ended[0] == "won" and GAME.outcome(s).winners == [0]


def test_clarification_7_no_card_move_and_empty_stock_ends_the_game() -> None:
    """Clarification 7: lost at once when no card move is legal and the stock is empty; nothing after."""
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["KH"]}, stock=0)
    GAME.apply(s, 0, "move 2 1")
    assert s.over and s.ended[0] == "lost"
    assert "over" in assert_refused(GAME, s, 0, "undo")


def test_clarification_7_give_up_and_idle_time() -> None:
    """Clarification 7: Give up ends the game; an action after idle_minutes without one ends it as it stands."""
    s = board({1: ["10D"], 2: ["9S"]})
    GAME.apply(s, 0, "giveup")
    assert s.over and s.ended[0] == "gave up"
    s = board({1: ["10D"], 2: ["9S"]}, idle_minutes=10)
    GAME.apply(s, 0, stamped(Move("deal"), 1000))
    GAME.apply(s, 0, stamped(Move("timeout"), 1000 + 600))
    assert s.over and s.ended[0] == "timed out"


def test_clarification_8_places_rank_won_then_score_then_time() -> None:
    """Clarification 8: won first, then higher score, then shorter time; results carry won, score, moves, time."""
    s = GAME.start(3, {"race": True}, 2)
    s.ended = ["won", "gave up", "gave up"]
    s.scores = [450, 600, 600]
    s.first_at, s.last_at = [1, 1, 1], [500, 100, 200]
    s.over = True
    assert GAME.outcome(s).placings == [1, 2, 3]
    first = GAME.result_scores(s)[0]
    assert {k: first[k] for k in ("won", "score", "moves", "seconds")} == \
        {"won": True, "score": 450, "moves": 0, "seconds": 499}
    assert render(text_from(first["board"]), "en") == "4 suits", "a result ranks among games of its suit count"


def test_clarification_9_race_boards_share_one_shuffle_and_ties_share_a_place() -> None:
    """Clarification 9: every racer gets the same shuffle on their own board; equal results share a place;
    the race ends after race_minutes, unfinished boards as they stand."""
    s = GAME.start(3, {"race": True, "race_minutes": 5}, 9)
    same = [[C.text(c) for c in s.stock[i]] for i in range(3)]
    assert same[0] == same[1] == same[2]
    assert not set(s.stock[0]) & set(s.stock[1])
    GAME.apply(s, 0, stamped(Move("deal"), 100))
    GAME.apply(s, 1, stamped(Move("timeout"), 100 + 300))
    assert s.over and set(s.ended) == {"timed out"}
    assert GAME.outcome(s).placings[1] == GAME.outcome(s).placings[2]


def test_clarification_10_hint_names_a_move_and_changes_nothing() -> None:
    """Clarification 10: Hint shows one legal move (or the deal) and leaves the score alone."""
    s = board({1: ["10D"], 2: ["9S"]}, down={2: ["4H"]})
    before = s.to_json()
    assert "column 2 to column 1" in GAME.hint(s, 0)
    assert s.to_json() == before
    s = board({})
    assert "deal" in GAME.hint(s, 0)


def test_decision_6_give_up_is_always_offered() -> None:
    """Decision 6: a Give up button is always there while the board plays."""
    assert Move("giveup") in GAME.moves(GAME.start(1, {}, 4), 0)


def test_rendering_is_a_code_block_with_face_down_cards_as_hashes_under_2000_characters() -> None:
    """Rendering: a monospace code block, ten columns, face-down cards as ##, under Discord's 2,000."""
    s = GAME.start(1, {}, 5)
    text = GAME.board_text(s, 0)
    assert text.startswith("```") and text.count("##") == 44 and len(text) < 2000
    s.up[0][0] = run_of("S", 13, 1) + run_of("H", 13, 1)
    assert len(GAME.board_text(s, 0)) < 2000


def test_daily_deal_is_the_same_for_everyone_per_day_and_suit_count() -> None:
    """Issue 18, daily deal: one seed per date and suit count."""
    day = datetime.date(2026, 11, 24)
    assert GAME.daily_seed({"daily": True, "suits": 2}, day) == daily_seed(day, 2)
    assert daily_seed(day, 2) != daily_seed(day, 4) != daily_seed(day + datetime.timedelta(days=1), 4)
    assert GAME.daily_seed({"suits": 2}, day) is None


def test_a_solo_game_starts_alone_and_a_race_waits_for_racers() -> None:
    """Issue 18: /play starts a solo game at once; the race option asks for a lobby. No computer players."""
    assert GAME.starts_alone({}) and not GAME.starts_alone({"race": True})
    assert GAME.computers is False


def test_the_deadline_is_the_earlier_of_the_idle_limit_and_the_race_end() -> None:
    """Clarifications 7 and 9 on the front end's timer: each board's deadline is its idle limit or the race's
    end, whichever comes first; the timeout played there ends it, and an ended board has none."""
    s = GAME.start(2, {"race": True, "race_minutes": 30, "idle_minutes": 20}, 9)
    assert GAME.deadline(s, 0) is None, "no clock before the first stamped action"
    GAME.apply(s, 0, stamped(DEAL, 1000))
    assert GAME.deadline(s, 0) == GAME.deadline(s, 1) == 1000 + 20 * 60, "idle from the race's first action"
    GAME.apply(s, 0, stamped(DEAL, 1000 + 15 * 60))
    assert GAME.deadline(s, 0) == 1000 + 30 * 60, "the race ends before this board's idle limit"
    assert GAME.deadline_move(s, 1) == TIMEOUT and GAME.timeout_move(s, 1) is None   # a racer is waited for
    GAME.apply(s, 1, stamped(TIMEOUT, GAME.deadline(s, 1)))
    assert s.ended == ["", "timed out"] and GAME.deadline(s, 1) is None and not s.over


def test_issue_18_the_table_picture_shows_the_ten_columns_with_face_down_counts() -> None:
    """The public view of a solo board gives its ten columns as tableau piles (face-up cards, and a count
    that includes the face-down ones), drawn downward on the table picture; a race's public view shows
    only progress. The text message leaves them to the board block (no "1:" pile lines)."""
    s = GAME.start(1, {}, 7)
    columns = [p for p in GAME.view(s, None).piles if p.layout == COLUMN]
    assert [p.name for p in columns] == [str(n) for n in range(1, 11)]
    assert [p.count for p in columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert [p.cards for p in columns] == [s.up[0][col] for col in range(10)] and all(len(p.cards) == 1 for p in columns)
    deeper = table_image(GAME.view(s, None)).height
    s.down[0][0] += s.stock[0][:10]            # ten more face-down cards in column 1: a taller picture
    s.stock[0] = s.stock[0][10:]
    assert table_image(GAME.view(s, None)).height == deeper + 10 * DOWN_STEP
    assert "\n1:" not in render_view(GAME, GAME.view(s, None), ["alice"])
    race = GAME.start(2, {"race": "yes"}, 7)
    assert not [p for p in GAME.view(race, None).piles if p.layout == COLUMN]
