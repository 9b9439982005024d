"""Texts as catalog messages (games/text.py) and their rendering for a reader (games/localize.py)."""

from __future__ import annotations

import json
import pickle
import threading

import pytest

from games.localize import PSEUDO, language_of, pseudo, render
from games.playout import playouts
from games.text import AndList, Card, Cards, Rank, Seat, Seats, Suit, Text, text_data, text_from, texts

T, N = texts("tests")


def test_a_text_reads_as_the_english_line_it_replaces() -> None:
    line = T("{seat} plays {card} and names {suit}.", seat=Seat(2), card=Card("8S"), suit=Suit("H"))
    assert line == "{p2} plays 8♠ and names hearts."
    assert isinstance(line, str) and line.msgid == "{seat} plays {card} and names {suit}."


def test_plural_texts_choose_their_form_by_n() -> None:
    assert N("{seat} draws a card.", "{seat} draws {n} cards.", 1, seat=Seat(0)) == "{p0} draws a card."
    assert N("{seat} draws a card.", "{seat} draws {n} cards.", 3, seat=Seat(0)) == "{p0} draws 3 cards."


def test_a_text_missing_a_parameter_is_refused_when_written() -> None:
    with pytest.raises(KeyError):
        T("{seat} plays {card}.", seat=Seat(1))


def test_a_parameter_is_filled_once_even_when_it_reads_like_a_placeholder() -> None:
    assert T("{who} wins.", who="{card}") == "{card} wins."


def test_texts_survive_json_and_pickle_with_their_parameters() -> None:
    inner = T("the named suit, {suit}", suit=Suit("C"))
    line = T("{seats} play {cards} on {target}.", seats=Seats((0, 2)), cards=Cards(("8S", "JKR")),
             target=AndList((inner, Card("2C"), 3)))
    back = text_from(json.loads(json.dumps(text_data(line))))
    assert back == line and back.params == line.params and back.domain == "tests"
    again = pickle.loads(pickle.dumps(line))
    assert again.params == line.params and again == line
    assert text_from("a plain line") == "a plain line"


def test_discord_locales_map_to_the_shipped_languages() -> None:
    assert [language_of(x) for x in ("es-419", "es-ES", "pt-BR", "zh-CN", "ja", "en-GB", "fr", None)] == \
        ["es", "es", "pt_BR", "zh_CN", "ja", "en", "en", "en"]


def test_the_pseudo_locale_accents_and_lengthens_every_catalog_text_and_keeps_placeholders() -> None:
    line = T("{seat} plays {card}.", seat=Seat(1), card=Card("QH"))
    shown = render(line, PSEUDO)
    assert shown.startswith("⟦{p1} plàýš Q♥.") and shown.endswith("⟧")
    assert len(shown) >= len(line) * 1.3
    assert render("not from the catalog", PSEUDO) == "not from the catalog"
    assert pseudo("{n} cards") .count("{n}") == 1


def test_a_message_not_yet_translated_reads_in_english() -> None:
    assert render(T("{seat} passes.", seat=Seat(3)), "it") == "{p3} passes."


def test_seats_read_as_names_filled_once_even_a_name_that_looks_like_a_placeholder() -> None:
    names = ["{p1}", "bob"]
    line = T("{seat} passes to {other}.", seat=Seat(0), other=Seat(1))
    assert render(line, "en", names) == "{p1} passes to bob."
    assert render(line, PSEUDO, names).startswith("⟦{p1} pàššéš tö bob.")
    assert render("{p0} passes to {p1}.", "en", names) == "{p1} passes to bob.", "a line not from the catalog"
    assert render(T("{result}!", result="{p1} wins"), "en", names) == "bob wins!", "an older helper's line inside"


def test_a_computers_playouts_build_no_texts_and_leave_other_threads_theirs() -> None:
    """Inside `playouts` (the search's imagined moves) T and N give their bare template, cheaply; the bot's
    own thread, meanwhile, still gets whole texts."""
    seen = {}
    with playouts():
        assert type(T("{seat} passes.", seat=Seat(1))) is str
        other = threading.Thread(target=lambda: seen.setdefault("t", T("{seat} passes.", seat=Seat(1))))
        other.start()
        other.join()
    assert isinstance(seen["t"], Text) and seen["t"] == "{p1} passes."
    assert isinstance(T("{seat} passes.", seat=Seat(1)), Text)


def test_a_rank_reads_as_its_index_in_the_readers_language_and_survives_json() -> None:
    """Rank (Canasta's rank groups, "K ×3"): read as the rank of a card is, in every language."""
    line = T("{rank} ×{n}", rank=Rank(13), n=3)
    assert str(line) == "K ×3"
    assert text_from(json.loads(json.dumps(text_data(line)))) == line
    for language in ("es", "el", "ja"):
        assert render(T("{rank}", rank=Rank(12)), language) == render(T("{card}", card=Card("QS")), language)[:-1]
