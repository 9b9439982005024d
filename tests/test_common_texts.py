"""The shared blocks' texts (games/common, engine, options, cli) read in the player's language."""

from __future__ import annotations

import json

from games.cli import main
from games.common import brag
from games.common.match import ChipsFormat, MatchFormat, match_outcome
from games.common.shedding import CATCH, LastCard, ShedState, draw_cards, score_hand, target_text
from games.common.table import draws, score_text
from games.engine import Event
from games.jack_change_it import _short_draw
from games.localize import render
from games.options import BadOption, Options, option
from games.text import text_from

NAMES = ["Ann", "Ben", "Cleo"]


def line(text: str, language: str) -> str:
    return Event(text).render(NAMES, language)


def test_a_shedding_draw_and_a_last_card_catch_read_in_spanish_and_chinese() -> None:
    s = ShedState(players=2, seed=1, options={}, hands=[["5S"], ["2D"]], stock=["3C", "4C"], discard=["9S"])
    public, private = draw_cards(s, 0, 2, _short_draw)
    assert line(public.text, "es") == "Ann roba 2 cartas."
    assert line(private.text, "zh_CN") == "你摸到了4♣ 3♣。"
    joined = draws(1).joined(draws(1))
    assert line(joined.text, "zh_CN") == "Ben摸了2张牌。"
    rules = LastCard("Last one", "catch", 2)
    assert line(rules.label(CATCH, 1), "it") == "Beccato! (Ben non ha dichiarato)"
    assert line(target_text("JKR", "QH"), "es") == "reina de corazones (elegida con el comodín)"


def test_a_blocked_hands_result_is_kept_as_data_and_shown_in_italian_after_json() -> None:
    s = ShedState(players=3, seed=1, options={}, hands=[["5S", "KD"], ["6S"], ["7S"]])
    s.last_result, s.hand_no, s.scores = "", 2, [0, 0, 0]
    events = score_hand(s, None, lambda c: 1, penalty=False)
    assert line(events[0].text, "it") == ("Nessuno può giocare: la mano è bloccata. Ben e Cleo si dividono "
                                          "la vittoria con meno carte.")
    stored = json.loads(json.dumps(s.last_result))
    assert line(text_from(stored), "it") == "Mano 2 vinta da Ben e Cleo"


def test_match_results_scores_and_brag_hands_read_in_japanese_and_greek() -> None:
    outcome = match_outcome(MatchFormat("race", 11), [11, 4])
    assert line(outcome.summary, "ja") == "Annの勝ち！"
    assert line(MatchFormat("wins", 3).describe(), "el") == "όποιος κερδίσει πρώτος 3 γύρους"
    assert line(ChipsFormat(5, "eliminate").describe(), "vi") == \
        "5 ván (ai hết phỉnh bị loại), ai nhiều phỉnh nhất thắng"
    assert line(score_text(12, MatchFormat("lowest", 50).unit), "ja") == "12失点"
    assert line(brag.describe(["3S", "3H", "3D"]), "zh_CN") == "豹子3"
    assert line(brag.describe(["7S", "7H", "AD"]), "es") == "pareja de sietes, kicker as"


def test_an_option_refusal_reads_in_portuguese() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Opts(Options):
        target: int = option(11, min=5, max=21, help="points to win")

    try:
        Opts.parse({"target": "40"})
    except BadOption as e:
        assert render(e.args[0], "pt_BR") == "a opção 'target' deve estar entre 5 e 21 (recebido '40')"
    else:
        raise AssertionError("40 is out of range")


def test_the_terminal_plays_a_whole_game_in_italian() -> None:
    out: list[str] = []
    code = main(["play", "crazy_eights", "--seat", "none", "--ai", "random", "--seed", "2", "--language", "it"],
                ask=lambda q: "1", say=out.append)
    text = "\n".join(out)
    assert code == 0 and "Classifica finale: " in text and "Final placings" not in text
    assert "carte" in text, "the seat lines count cards in Italian"


def test_seat_notes_are_listed_with_each_languages_comma():
    """Issue 14: a seat's notes ("dealer", "bid 3", "2 tricks") read as a list of the reader's
    language: Chinese and Japanese list with 、, not an English comma."""
    from games.localize import listed

    assert listed(["庄家", "叫 3"], "zh_CN") == "庄家、叫 3"
    assert listed(["親", "3回"], "ja") == "親、3回"
    assert listed(["dealer", "bid 3", "2 tricks"], "en") == "dealer, bid 3, 2 tricks"
    assert listed(["one"], "el") == "one"
