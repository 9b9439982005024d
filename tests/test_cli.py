"""The terminal front end walks the same prompts the Discord front end will use."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys

import pytest

from games.cli import main
from games.registry import GAMES


def run(argv, answers=None, last=False):
    """Run the CLI with ``answers`` (default: always the first answer; with ``last``, always the last one)."""
    out: list[str] = []
    feed = iter(answers) if answers is not None else itertools.repeat("1")
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        if last:
            return re.search(r"Choose 1–(\d+)", question).group(1) if "Choose 1–" in question else "1"
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None  # what input() does at the end of input

    code = main(argv, ask=ask, say=out.append)
    return code, "\n".join(out), asked


@pytest.mark.parametrize("key", sorted(GAMES))
def test_watching_computer_players_reaches_the_final_placings(key: str) -> None:
    code, out, asked = run(["play", key, "--seat", "none", "--ai", "random", "--seed", "2"])
    assert code == 0 and not asked
    assert "Final placings:" in out
    assert "Your hand" not in out, "an onlooker has no hand"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_person_always_taking_the_first_answer_finishes_a_game(key: str) -> None:
    # a solitaire's player may move cards to and fro for ever; there the person gives up (the last answer)
    code, out, asked = run(["play", key, "--seat", "0", "--ai", "random", "--seed", "4"],
                           last=GAMES[key].seats.start == 1)
    assert code == 0 and asked
    assert "Final placings:" in out and "Ann (you)" in out
    assert "Your hand:" in out


def test_back_and_bad_answers_are_handled_without_moving() -> None:
    answers = itertools.chain(["x", "99"], itertools.repeat("1"))
    code, out, _ = run(["play", "crazy_eights", "--seat", "0", "--ai", "random", "--seed", "1"], answers)
    assert code == 0
    assert out.count("Please type one of the numbers shown.") >= 2


def test_going_back_from_a_second_step() -> None:
    from games import cli
    from games.crazy_eights import GAME

    s = GAME.start(2, {}, 3)
    seat = s.turn
    s.hands[seat] = ["8S", "4H"]
    s.discard = ["KC"]
    s.named = ""
    answers = iter(["1", "b", "1", "2"])
    shown: list[str] = []
    move = cli.ask_move(GAME, s, seat, ["A", "B"], lambda q: next(answers), shown.append)
    assert str(move) == "play 8S suit=H"
    assert shown.count("Name a suit:") == 2


def test_quitting_and_end_of_input_stop_cleanly() -> None:
    code, out, _ = run(["play", "scopa", "--seat", "0", "--seed", "1", "--ai", "random"], ["q"])
    assert code == 0 and out.endswith("Bye.")
    code, out, _ = run(["play", "scopa", "--seat", "0", "--seed", "1", "--ai", "random"], [])
    assert code == 0 and out.endswith("Bye.")


def test_bad_options_and_seats_are_refused_with_a_reason() -> None:
    code, out, _ = run(["play", "scopa", "--seat", "none", "-o", "target=12"])
    assert code == 2 and "option 'target'" in out
    code, out, _ = run(["play", "oh_hell", "--players", "3", "--seat", "5"])
    assert code == 2 and "--seat" in out


def test_list_and_rules() -> None:
    code, out, _ = run(["list"])
    assert code == 0 and all(key in out for key in GAMES)
    code, out, _ = run(["rules", "oh_hell"])
    assert code == 0 and "dealer_rule" in out and "Options" in out


def test_entry_point_runs_as_a_module() -> None:
    result = subprocess.run([sys.executable, "-m", "games", "list"], capture_output=True, text=True, check=True)
    assert "crazy_eights" in result.stdout


def test_the_readme_games_table_has_a_row_for_every_game() -> None:
    from pathlib import Path

    from games.registry import GAMES

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    missing = [key for key in GAMES if f"| `{key}` |" not in readme]
    assert not missing, f"README's games table lacks {missing}"
