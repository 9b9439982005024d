"""Card pictures (bot/pictures.py): faces, hands and tables drawn from views only."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from bot import pictures as P
from games import cards as C
from games.engine import PileView, SeatView, View
from games.localize import render
from games.registry import GAMES


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def red_pixels(image: Image.Image) -> int:
    """Clearly red, visible pixels (the card reds, not the greys, blues or greens)."""
    data = image.convert("RGBA").tobytes()
    return sum(1 for i in range(0, len(data), 4)
               if data[i + 3] > 128 and data[i] > 150 and data[i + 1] < 100 and data[i + 2] < 100)


def random_state(game, players: int, seed: int, moves: int):
    rng = random.Random(seed)
    s = game.start(players, {}, seed)
    for _ in range(moves):
        if s.over:
            break
        movers = sorted(game.to_move(s))
        seat = movers[rng.randrange(len(movers))]
        legal = game.moves(s, seat)
        game.apply(s, seat, legal[rng.randrange(len(legal))])
    return s


# --- card faces -------------------------------------------------------------------------------

def test_card_face_is_cached_per_code_at_a_fixed_size():
    face = P.card_face("8S")
    assert face is P.card_face("8S")
    assert face.size == (P.CARD_W, P.CARD_H) and face.mode == "RGBA"
    assert P.card_face("8S.1") is face, "a second deck's copy looks the same"
    assert P.card_back() is P.card_back()
    assert P.card_back().size == (P.CARD_W, P.CARD_H)


def test_red_cards_have_red_pixels_and_black_cards_none():
    for code in C.french_deck(jokers=2):
        red = C.card(code).red
        count = red_pixels(P.card_face(code))
        assert (count > 30) if red else (count == 0), code
    assert red_pixels(P.card_back()) == 0


def test_every_card_looks_different_and_jokers_are_distinct():
    faces = {code: P.card_face(code).tobytes() for code in C.french_deck(jokers=2)}
    assert len(set(faces.values())) == len(faces)
    assert faces["JKR"] != faces["JKB"]
    assert P.card_back().tobytes() not in set(faces.values())


def test_the_italian_deck_uses_the_same_faces():
    for code in C.italian_deck():
        assert P.card_face(code).size == (P.CARD_W, P.CARD_H)


def test_a_text_that_is_not_a_card_still_gets_a_face():
    assert P.card_face("??").size == (P.CARD_W, P.CARD_H)


def test_preload_draws_every_card_once():
    P.preload()
    assert P.card_face("AS") is P.card_face("AS")


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_png_is_a_lossless_encoding(mode):
    image = P.table_image(View("test", None, [], [SeatView(0, 2, 3)], [PileView("Trick", ["AS", "QH"], 2)], ""))
    image = image.convert(mode)
    decoded = decode(P.png(image))
    assert decoded.mode == mode and decoded.size == image.size
    assert decoded.tobytes() == image.tobytes()


# --- hands ------------------------------------------------------------------------------------

def test_hand_picture_decodes_with_a_sensible_size():
    image = decode(P.hand_picture(["AS", "10H", "QD", "JKR"]))
    assert P.CARD_W * 2 < image.width < P.CARD_W * 5
    assert P.CARD_H < image.height < P.CARD_H * 1.5


def test_hand_picture_colours_follow_the_cards():
    assert red_pixels(decode(P.hand_picture(["QH"]))) > 0
    assert red_pixels(decode(P.hand_picture(["QS", "10C", "AS", "JKB"]))) == 0


def test_hand_pictures_grow_with_the_hand_and_wrap_into_rows():
    deck = C.french_deck(jokers=2)
    sizes = [decode(P.hand_picture(deck[:n])).size for n in range(1, 55)]
    one_row = sizes[:P.HAND_ROW]
    assert all(a[0] < b[0] for a, b in zip(one_row, one_row[1:], strict=False)), "one row grows wider"
    assert len({h for _, h in one_row}) == 1
    heights = [h for _, h in sizes]
    assert heights[P.HAND_ROW] > heights[P.HAND_ROW - 1], "the 14th card starts a second row"
    assert heights == sorted(heights)
    assert max(w for w, _ in sizes) == one_row[-1][0], "no row is longer than a full one"
    assert heights[-1] > 3 * P.CARD_H, "54 cards take five rows"


def test_an_empty_hand_still_gives_a_picture():
    image = decode(P.hand_picture([]))
    assert image.width >= P.CARD_W and image.height >= P.CARD_H


# --- tables -----------------------------------------------------------------------------------

@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_table_picture_of_every_game_renders(key):
    game = GAMES[key]
    for players in sorted({game.seats.start, game.seats.stop - 1}):
        for seed, moves in ((1, 0), (2, 7), (3, 25), (4, 10_000)):
            s = random_state(game, players, seed, moves)
            for seat in (None, 0):
                view = game.view(s, seat)
                image = decode(P.table_picture(view, [f"Player {i}" for i in range(players)]))
                assert 100 <= image.width <= P.MAX_WIDTH
                assert (P.CARD_H if view.piles else 40) < image.height < 3000
                if seat is not None:
                    decode(P.hand_picture(view.hand))


def test_a_crowded_table_stays_within_the_width():
    deck = C.french_deck(jokers=2, decks=2)
    view = View("test", None, [], [SeatView(i, 13, i * 1.5, ["dealer", "{p1} passed"]) for i in range(8)],
                [PileView("Stock", [], 60), PileView("Empty", [], 0), PileView("Discard pile", ["QH"], 30),
                 PileView("{p2}'s melds", deck[:9], 9, owner=2), PileView("Layout", deck, len(deck)),
                 PileView("Column", ["9S", "8H"], 7), PileView("Trick", ["AS", "KD", "10C", "JKB"], 4)],
                "status", to_move=[3])
    names = ["Ann", "Bénédicte 🎲", "Zoë", "Дмитрий", "A very long display name that goes on and on", "", "Gus", "H"]
    image = decode(P.table_picture(view, names))
    assert image.width <= P.MAX_WIDTH
    assert image.height > 4 * P.CARD_H


def test_the_table_picture_shows_the_cards_of_the_view():
    def view(top: str) -> View:
        return View("test", None, [], [SeatView(0, 5), SeatView(1, 5)],
                    [PileView("Discard pile", [top], 3), PileView("Stock", [], 20)], "status")
    assert red_pixels(decode(P.table_picture(view("QS")))) == 0
    assert red_pixels(decode(P.table_picture(view("QH")))) > 0


def test_the_picture_depends_on_nothing_but_the_view():
    """Two states that give the same view (hidden cards dealt anew) give byte-identical
    pictures, so a picture cannot show a card its view hides; drawing twice gives the same bytes."""
    rng = random.Random(5)
    for key in sorted(GAMES):
        game = GAMES[key]
        players = game.seats.start
        s = random_state(game, players, 11, 6)
        for seat in (None, 0):
            twin = game.determinize(s, seat, rng)
            view, twin_view = game.view(s, seat), game.view(twin, seat)
            assert view == twin_view, f"{key}: a determinized state must give the same view"
            assert P.table_picture(view) == P.table_picture(twin_view) == P.table_picture(copy.deepcopy(view))
            assert P.hand_picture(view.hand) == P.hand_picture(twin_view.hand)


def test_hidden_cards_really_differ_in_the_states_compared():
    game = GAMES["crazy_eights"]
    s = random_state(game, 4, 11, 6)
    twin = game.determinize(s, None, random.Random(1))
    assert twin.hands != s.hands
    assert P.table_picture(game.view(s, None)) == P.table_picture(game.view(twin, None))


def test_names_in_greek_cyrillic_hebrew_and_arabic_are_written_not_replaced():
    """A table picture names each seat: two different Cyrillic names give two different
    pictures (they used to both become "Seat 1")."""
    view = View("test", None, [], [SeatView(0, 5), SeatView(1, 5)], [PileView("Stock", [], 20)], "status")
    pictures = {P.table_picture(view, [name, "Bob"]) for name in ("Дмитрий", "Сергей", "Νίκος", "דוד", "سارة")}
    assert len(pictures) == 5


def test_a_name_with_nothing_the_font_can_write_becomes_seat_n():
    view = View("test", None, [], [SeatView(0, 5), SeatView(1, 5)], [PileView("Stock", [], 20)], "status")
    assert P.table_picture(view, ["🎲🎲", "Bob"]) == P.table_picture(view, ["Seat 1", "Bob"])


def test_use_font_refuses_a_file_that_is_not_a_font_and_keeps_the_one_it_had(tmp_path):
    view = View("test", None, [], [SeatView(0, 5)], [], "status")
    before = P.table_picture(view, ["Zoë"])
    bad = tmp_path / "notes.txt"
    bad.write_text("not a font")
    with pytest.raises(OSError):
        P.use_font(str(bad))
    assert P.table_picture(view, ["Zoë"]) == before


# --- languages and the four-colour deck (issue 14) ---------------------------------------------

def glyph_masks(text: str) -> dict[str, bytes]:
    """Each character of ``text`` as the picture's label font draws it."""
    return {ch: P._text_mask(ch, 13).tobytes() for ch in text if not ch.isspace()}


@pytest.mark.parametrize("name", ["王小明", "地主", "さくら", "たなか", "Νίκος", "Nguyễn Văn Tiến"])
def test_chinese_japanese_greek_and_vietnamese_names_draw_real_glyphs_not_boxes(name):
    """Every character draws its own glyph: boxes for missing glyphs would all look the same,
    and a name would have become "???" ("Seat 1" when nothing was left)."""
    masks = glyph_masks(P._clean(name))
    assert len(set(masks.values())) == len(set(name) - {" "}), f"{name!r} draws boxes"
    assert P._clean(name) == name


def test_two_chinese_names_give_two_different_table_pictures():
    view = View("test", None, [], [SeatView(0, 5), SeatView(1, 5)], [PileView("Stock", [], 20)], "status")
    pictures = {P.table_picture(view, [name, "Bob"], language="zh_CN") for name in ("王小明", "李小龙", "さくら")}
    assert len(pictures) == 3


@pytest.mark.parametrize("language", ["zh_CN", "ja", "el", "vi"])
def test_the_table_pictures_labels_are_in_the_tables_language_and_draw_as_glyphs(language):
    """A Stop the Bus table: its pile names (catalog texts) and the picture's own words (card
    counts, an empty place) are written in the table's language, each character a glyph."""
    game = GAMES["stop_the_bus"]
    view = game.view(game.start(3, {}, 1), None)
    english = P.table_picture(view, ["Ann", "Ben", "Cleo"], game.score_unit(game.start(3, {}, 1)))
    shown = P.table_picture(view, ["Ann", "Ben", "Cleo"], game.score_unit(game.start(3, {}, 1)), language)
    assert shown != english
    for pile in view.piles:
        label = render(pile.name, language)
        assert label != str(pile.name), "the pile name was not translated"
        masks = glyph_masks(P._clean(label))
        assert len(set(masks.values())) == len(masks), f"{label!r} draws boxes"
    empty = render(P.T("empty"), language)
    assert empty != "empty" and P._clean(empty) == empty


def blue_pixels(image: Image.Image) -> int:
    data = image.convert("RGBA").tobytes()
    return sum(1 for i in range(0, len(data), 4)
               if data[i + 3] > 128 and data[i + 2] > 150 and data[i] < 80 and data[i + 1] < 130)


def green_pixels(image: Image.Image) -> int:
    data = image.convert("RGBA").tobytes()
    return sum(1 for i in range(0, len(data), 4)
               if data[i + 3] > 128 and data[i + 1] > 100 and data[i] < 60 and data[i + 2] < 100)


def test_a_four_colour_hand_has_blue_diamonds_and_green_clubs_and_a_two_colour_one_does_not():
    four = decode(P.hand_picture(["QD", "10C"], four_colour=True))
    two = decode(P.hand_picture(["QD", "10C"]))
    assert blue_pixels(four) > 100 and green_pixels(four) > 100 and red_pixels(four) == 0
    assert blue_pixels(two) == 0 and green_pixels(two) == 0 and red_pixels(two) > 100
    hearts = decode(P.hand_picture(["QH", "AS"], four_colour=True))
    assert red_pixels(hearts) > 100 and blue_pixels(hearts) == 0 and green_pixels(hearts) == 0


def test_an_empty_hand_says_so_in_its_readers_language():
    assert P.hand_picture([], "ja") != P.hand_picture([])


def test_a_long_chinese_note_wraps_onto_a_second_line_instead_of_being_cut():
    """Chinese has no spaces between words: a note wider than the seat still uses both lines."""
    note = "本局由庄家先出牌，其他玩家依次跟牌，直到有人出完手中所有的牌为止"
    lines = P._wrap(note, 12, 250, 2)
    assert len(lines) == 2 and lines[0] + lines[1].rstrip("…") == note[:len(lines[0] + lines[1].rstrip("…"))]
    assert len(lines[0]) > 5
