"""Card pictures drawn with Pillow: card faces, a hand, and the table, as PNG bytes.

Pure functions of a view (no Discord, no game state, no files): the table message
attaches ``table_picture(view(None), names)`` and a hand panel attaches
``hand_picture(view(seat).hand)``; the text of `bot.render` stays next to them for
screen readers and text-only servers. Since a picture is drawn from the view alone,
it can show nothing the view hides.

Everything is drawn here, nothing is downloaded: suits are polygons and ellipses
(so they look the same everywhere, whatever fonts a machine has). Ranks on card faces use
Pillow's built-in font (``ImageFont.load_default``); names and labels use DejaVu Sans, shipped
in ``bot/fonts`` (Latin, Greek, Cyrillic, Hebrew, Arabic, Vietnamese…), or the font `use_font` was
given (the ``PICTURE_FONT`` setting), and for what that font lacks (Chinese, Japanese, Korean)
Noto Sans CJK, from the ``noto-cjk-sans-otc`` package or Debian's ``fonts-noto-cjk``: its Japanese
face in Japanese pictures, its Simplified Chinese face in the others. Labels are catalog texts,
rendered in the picture's language (the table's, or the hand's reader's). A hand may be drawn
with a four-colour deck (♦ blue, ♣ green); the table always has two. A card face is drawn once per card code at
`CARD_W` × `CARD_H` and cached (with its shadow); shapes and text labels are cached
too, so a picture is mostly pastes plus a fast PNG encoding (see `png`).

Cached images (`card_face`, `card_back`) are shared: never draw on them.
"""

from __future__ import annotations

import io
import math
import struct
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from games import cards as C
from games.engine import COLUMN, POINTS, PileView, SeatView, View
from games.localize import ENGLISH_CODE, listed, render
from games.text import texts

T, N = texts("bot_pictures")

__all__ = ["CARD_H", "CARD_W", "MAX_WIDTH", "card_back", "card_face", "hand_image", "hand_picture",
           "png", "preload", "table_image", "table_picture", "use_font"]

CARD_W, CARD_H = 70, 100          # a card's size in pixels
MAX_WIDTH = 1000                   # the table picture is never wider
HAND_ROW = 13                      # cards per row of a hand picture before it wraps
HAND_STEP = 36                     # offset between overlapping cards of a hand
SPREAD_MAX = 4                     # piles of at most this many cards are laid side by side
SPREAD_STEP = CARD_W + 6
OVERLAP_STEP = 24                  # longer piles overlap, showing each card's corner index
MIN_STEP = 20                      # the tightest overlap (the corner index stays readable)
ROW_OVERLAP_STEP = 42              # rows of a very long pile overlap too, corners still visible
DOWN_STEP = 8                      # face-down cards of a tableau column, stacked close
COLUMN_STEP = 26                   # face-up cards of a tableau column, each one's corner index in sight
MARGIN, GAP = 12, 14
SS = 4                             # supersampling factor for antialiased shapes and faces

FELT = (26, 98, 62)
FELT_DARK = (17, 72, 45)
FELT_LINE = (74, 146, 106)
GOLD = (240, 196, 64)
WHITE = (255, 255, 255)
LABEL = (236, 244, 238)
MUTED = (178, 208, 188)
RED = (204, 30, 42)
BLACK = (22, 22, 28)
BLUE = (22, 84, 196)               # ♦ of the four-colour deck
GREEN = (18, 128, 58)              # ♣ of the four-colour deck
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}
BORDER = (120, 124, 134)
BACK_BLUE = (36, 66, 148)
BACK_LINE = (84, 118, 200)
COURT_TINT = {RED: (252, 232, 232), BLACK: (232, 236, 248), BLUE: (230, 238, 252), GREEN: (230, 246, 234)}
UNKNOWN_GREY = (110, 110, 120)

SUIT_CHARS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
DASHES = "‐‑‒–—―−"


# --- shapes ---------------------------------------------------------------------------------

def _heart_outline(n: int = 96) -> list[tuple[float, float]]:
    """The classic parametric heart, scaled to the unit square, point down."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        pts.append((16 * math.sin(t) ** 3,
                    13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / (x1 - x0), (y1 - y) / (y1 - y0)) for x, y in pts]


_HEART = _heart_outline()


def _draw_shape(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, size: float, fill) -> None:
    """Draw a suit (``S H D C``), a joker star (``*``) or a turn marker (``>``) in a square box."""
    def at(u: float, v: float) -> tuple[float, float]:
        return x + u * size, y + v * size

    def circle(u: float, v: float, r: float) -> None:
        draw.ellipse([*at(u - r, v - r), *at(u + r, v + r)], fill=fill)

    if kind == "H":
        draw.polygon([at(0.02 + 0.96 * u, 0.06 + 0.88 * v) for u, v in _HEART], fill=fill)
    elif kind == "D":
        draw.polygon([at(0.5, 0.0), at(0.88, 0.5), at(0.5, 1.0), at(0.12, 0.5)], fill=fill)
    elif kind == "S":
        draw.polygon([at(0.04 + 0.92 * u, 0.74 - 0.74 * v) for u, v in _HEART], fill=fill)
        draw.polygon([at(0.5, 0.5), at(0.66, 1.0), at(0.34, 1.0)], fill=fill)
    elif kind == "C":
        r = 0.215
        circle(0.5, 0.25, r)
        circle(0.27, 0.56, r)
        circle(0.73, 0.56, r)
        circle(0.5, 0.5, 0.13)
        draw.polygon([at(0.5, 0.5), at(0.66, 1.0), at(0.34, 1.0)], fill=fill)
    elif kind == "*":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            r = 0.5 if i % 2 == 0 else 0.2
            pts.append(at(0.5 + r * math.cos(a), 0.54 + r * math.sin(a)))
        draw.polygon(pts, fill=fill)
    elif kind == ">":
        draw.polygon([at(0.15, 0.1), at(0.9, 0.5), at(0.15, 0.9)], fill=fill)
    else:
        raise ValueError(f"no shape {kind!r}")


@cache
def _shape_mask(kind: str, size: int) -> Image.Image:
    """An antialiased mask (mode ``L``) of one shape, ``size`` × ``size`` pixels."""
    big = Image.new("L", (size * SS, size * SS), 0)
    _draw_shape(ImageDraw.Draw(big), kind, 0, 0, size * SS, 255)
    return big.resize((size, size), Image.Resampling.BOX)


@cache
def _rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    big = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(big).rounded_rectangle([0, 0, w * SS - 1, h * SS - 1], radius * SS, fill=255)
    return big.resize((w, h), Image.Resampling.BOX)


LIFT = (7, 5)                      # where a card lies in its image with a shadow (see `_lifted`)


@cache
def _shadow() -> Image.Image:
    """A card's soft shadow (black, translucent), in an image 16 px larger than a card,
    falling 1 px right and 3 px down of a card placed at `LIFT`."""
    mask = Image.new("L", (CARD_W + 16, CARD_H + 16), 0)
    mask.paste(_rounded_mask(CARD_W, CARD_H, 7).point(lambda a: a * 80 // 255), (8, 8))
    shadow = Image.new("RGBA", mask.size, BLACK + (0,))
    shadow.putalpha(mask.filter(ImageFilter.GaussianBlur(2.5)))
    return shadow


# --- text ------------------------------------------------------------------------------------

BUNDLED_FONT = str(Path(__file__).with_name("fonts") / "DejaVuSans.ttf")
DEBIAN_CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
CJK_FACE = {"ja": "JP"}            # the face of Noto Sans CJK by the picture's language…
DEFAULT_CJK_FACE = "SC"            # …Simplified Chinese for every other
_label_font_file = BUNDLED_FONT


def use_font(path: str | None) -> None:
    """Write names and labels with the TrueType/OpenType font at ``path`` (None: the bundled
    DejaVu Sans). Raises OSError when the file is not a font Pillow can read."""
    global _label_font_file
    path = path or BUNDLED_FONT
    if path == _label_font_file:
        return
    ImageFont.truetype(path, 14)
    _label_font_file = path
    for cached in (_font, _drawable, _in_label_font, _text_width, _text_mask):
        cached.cache_clear()


def cjk_face(language: str) -> str:
    """The face of Noto Sans CJK a picture in ``language`` writes Chinese and Japanese with."""
    return CJK_FACE.get(language, DEFAULT_CJK_FACE)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    """The font of names and labels."""
    return ImageFont.truetype(_label_font_file, size)


@cache
def _cjk_file() -> str | None:
    """Noto Sans CJK's collection: the noto-cjk-sans-otc package's, else Debian's; None without."""
    try:
        import noto_cjk_sans_otc
        path = str(noto_cjk_sans_otc.FONT_PATH)
    except ImportError:
        path = DEBIAN_CJK_FONT
    return path if Path(path).is_file() else None


@cache
def _cjk_faces() -> dict[str, int]:
    """The index of each face of the collection by its region ("JP", "SC"…), proportional ones."""
    path = _cjk_file()
    faces: dict[str, int] = {}
    for index in range(16 if path else 0):
        try:
            family = ImageFont.truetype(path, 14, index=index).getname()[0] or ""
        except OSError:
            break
        if "Mono" not in family:
            faces.setdefault(family.rsplit(" ", 1)[-1], index)
    return faces


@cache
def _cjk_font(size: int, face: str) -> ImageFont.FreeTypeFont | None:
    """The fallback font of labels for what the label font lacks; None when none is installed."""
    faces = _cjk_faces()
    if not faces:
        return None
    return ImageFont.truetype(_cjk_file(), size, index=faces.get(face, next(iter(faces.values()))))


@cache
def _face_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font of ranks on card faces."""
    return ImageFont.load_default(size=size)


def _glyph(font, ch: str) -> bytes:
    im = Image.new("L", (24, 24), 0)
    ImageDraw.Draw(im).text((2, 2), ch, font=font, fill=255)
    return im.tobytes()


def _has_glyph(font, ch: str) -> bool:
    return _glyph(font, ch) != _glyph(font, "\ue000")       # a private-use char: surely the "missing" box


@lru_cache(maxsize=4096)
def _in_label_font(ch: str) -> bool:
    return ch.isascii() or _has_glyph(_font(14), ch)


@lru_cache(maxsize=4096)
def _in_cjk_font(ch: str) -> bool:
    font = _cjk_font(14, DEFAULT_CJK_FACE)
    return font is not None and _has_glyph(font, ch)


@lru_cache(maxsize=4096)
def _drawable(ch: str) -> str:
    """``ch`` if the label font or its CJK fallback has it, else the closest text it has ('' to drop it)."""
    if ch in SUIT_CHARS or ch == " " or (ch.isascii() and ch.isprintable()):
        return ch
    if _in_label_font(ch) or _in_cjk_font(ch):
        return ch
    if ch in DASHES:
        return "-"
    if ch.isspace():
        return " "
    plain = "".join(x for x in unicodedata.normalize("NFKD", ch) if x.isascii() and x.isprintable())
    if plain:
        return plain
    return "?" if unicodedata.category(ch)[0] in "LN" else ""


def _clean(text: str) -> str:
    """Text the label fonts can draw: accents dropped where no font has them, emoji removed,
    spaces collapsed."""
    return " ".join("".join(_drawable(ch) for ch in text).split())


def _kind(ch: str) -> str:
    """How a character is drawn: "s" a suit shape, "t" with the label font, "c" with the CJK font."""
    if ch in SUIT_CHARS:
        return "s"
    return "c" if not _in_label_font(ch) and _in_cjk_font(ch) else "t"


def _runs(text: str) -> list[tuple[str, str]]:
    """Split text into ("t", words), ("c", CJK words) and ("s", suit letter) runs."""
    runs: list[tuple[str, str]] = []
    for ch in text:
        kind = _kind(ch)
        if kind == "s":
            runs.append(("s", SUIT_CHARS[ch]))
        elif runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + ch)
        else:
            runs.append((kind, ch))
    return runs


def _run_font(kind: str, size: int, face: str) -> ImageFont.FreeTypeFont:
    return (_cjk_font(size, face) if kind == "c" else None) or _font(size)


@lru_cache(maxsize=4096)
def _text_width(text: str, size: int, face: str = DEFAULT_CJK_FACE) -> int:
    width = 0.0
    for kind, part in _runs(text):
        width += _run_font(kind, size, face).getlength(part) if kind != "s" else round(size * 0.8) + 1
    return math.ceil(width)


@lru_cache(maxsize=1024)
def _text_mask(text: str, size: int, face: str = DEFAULT_CJK_FACE) -> Image.Image:
    """The text as a mask (mode ``L``), suits drawn as shapes; one line, ``size`` font, CJK
    characters in Noto Sans CJK's ``face`` on the same baseline."""
    font = _font(size)
    ascent, descent = font.getmetrics()
    mask = Image.new("L", (max(1, _text_width(text, size, face)), ascent + descent), 0)
    draw = ImageDraw.Draw(mask)
    x = 0.0
    suit = round(size * 0.8)
    for kind, part in _runs(text):
        if kind == "s":
            mask.paste(255, (round(x), ascent - suit + 1), _shape_mask(part, suit))
            x += suit + 1
        else:
            run_font = _run_font(kind, size, face)
            draw.text((x, ascent), part, font=run_font, fill=255, anchor="ls")
            x += run_font.getlength(part)
    return mask


def _fit(text: str, size: int, width: int, face: str = DEFAULT_CJK_FACE) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` pixels wide."""
    if _text_width(text, size, face) <= width:
        return text
    while text and _text_width(text + "…", size, face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _fitting_prefix(word: str, size: int, width: int, face: str) -> int:
    """How many of the first characters of ``word`` fit ``width`` pixels (at least one)."""
    cut = len(word)
    while cut > 1 and _text_width(word[:cut], size, face) > width:
        cut -= 1
    return cut


def _wrap(text: str, size: int, width: int, lines: int, face: str = DEFAULT_CJK_FACE) -> list[str]:
    """Word-wrap ``text`` into at most ``lines`` lines of ``width`` pixels (the last one cut)."""
    out: list[str] = []
    words = text.split(" ")
    while words and len(out) < lines - 1:
        line = words.pop(0)
        cut = _fitting_prefix(line, size, width, face)
        if cut < len(line):          # a word wider than a line (Chinese and Japanese have no spaces): break it
            words.insert(0, line[cut:])
            line = line[:cut]
        while words and _text_width(f"{line} {words[0]}", size, face) <= width:
            line += " " + words.pop(0)
        out.append(_fit(line, size, width, face))
    if words:
        out.append(_fit(" ".join(words), size, width, face))
    return out


def _put_text(im: Image.Image, xy: tuple[int, int], text: str, size: int, fill,
              face: str = DEFAULT_CJK_FACE) -> None:
    if text:
        im.paste(fill, xy, _text_mask(text, size, face))


# --- cards ------------------------------------------------------------------------------------

def _card_canvas(fill) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A supersampled card-sized RGB canvas with a border, and its drawing context."""
    big = Image.new("RGB", (CARD_W * SS, CARD_H * SS), BORDER)
    draw = ImageDraw.Draw(big)
    i = round(1.2 * SS)
    draw.rounded_rectangle([i, i, CARD_W * SS - 1 - i, CARD_H * SS - 1 - i], 7 * SS - i, fill=fill)
    return big, draw


def _finish(big: Image.Image) -> Image.Image:
    """Scale a supersampled canvas down to a card with transparent rounded corners."""
    small = big.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS).convert("RGBA")
    small.putalpha(_rounded_mask(CARD_W, CARD_H, 7))
    return small


def _centred(draw: ImageDraw.ImageDraw, cx: float, cy: float, text: str, size: int, fill) -> None:
    draw.text((cx, cy), text, font=_face_font(size), fill=fill, anchor="mm")


def _ink(card: C.Card, four_colour: bool):
    """The colour a card is printed in: red and black, or each suit its own (♦ blue, ♣ green)."""
    if four_colour and not card.is_joker:
        return FOUR_COLOURS[card.suit]
    return RED if card.red else BLACK


@lru_cache(maxsize=512)
def _face(code: str, four_colour: bool = False) -> Image.Image:
    if not C.is_card(code):
        big, draw = _card_canvas(WHITE)
        _centred(draw, CARD_W * SS / 2, CARD_H * SS / 2, _fit(_clean(code), 14 * SS, (CARD_W - 10) * SS),
                 14 * SS, UNKNOWN_GREY)
        return _finish(big)
    card = C.card(code)
    colour = _ink(card, four_colour)
    big, draw = _card_canvas(WHITE)
    s = SS
    if card.is_joker:
        for cx, cy in ((5, 5), (CARD_W - 19, CARD_H - 19)):
            _draw_shape(draw, "*", cx * s, cy * s, 14 * s, colour)
        _draw_shape(draw, "*", (CARD_W / 2 - 20) * s, 22 * s, 40 * s, colour)
        _centred(draw, CARD_W / 2 * s, 74 * s, "JOKER", 13 * s, colour)
        return _finish(big)
    # corner index: rank over a small suit, and the same turned upside down in the far corner
    rank = C.RANK_CODES[card.rank]
    index = Image.new("RGB", (20 * s, 40 * s), WHITE)
    idraw = ImageDraw.Draw(index)
    if rank == "10":   # two narrow digits, pulled together, so "10" fits the same corner
        idraw.text((10 * s - 0.4 * s, 11 * s), "1", font=_face_font(16 * s), fill=colour, anchor="rm",
                   stroke_width=s // 4, stroke_fill=colour)
        idraw.text((10 * s - 1.2 * s, 11 * s), "0", font=_face_font(16 * s), fill=colour, anchor="lm",
                   stroke_width=s // 4, stroke_fill=colour)
    else:
        idraw.text((10 * s, 11 * s), rank, font=_face_font(17 * s), fill=colour, anchor="mm",
                   stroke_width=s // 4, stroke_fill=colour)
    _draw_shape(idraw, card.suit, 3.5 * s, 21 * s, 13 * s, colour)
    big.paste(index, (3 * s, 3 * s))
    big.paste(index.rotate(180), ((CARD_W - 23) * s, (CARD_H - 43) * s))
    cx, cy = CARD_W / 2, CARD_H / 2
    if card.rank in (C.JACK, C.QUEEN, C.KING):
        draw.rounded_rectangle([22 * s, 14 * s, (CARD_W - 22) * s, (CARD_H - 14) * s], 4 * s,
                               fill=COURT_TINT[colour], outline=colour, width=s)
        _centred(draw, cx * s, (cy - 11) * s, rank, 26 * s, colour)
        _draw_shape(draw, card.suit, (cx - 8) * s, (cy + 8) * s, 16 * s, colour)
    else:
        size = 40 if card.rank == C.ACE else 30
        _draw_shape(draw, card.suit, (cx - size / 2) * s, (cy - size / 2) * s, size * s, colour)
    return _finish(big)


@lru_cache(maxsize=512)
def card_face(code: str, four_colour: bool = False) -> Image.Image:
    """The face of one card (RGBA, `CARD_W` × `CARD_H`), cached per code, in red and black or
    with the ``four_colour`` deck's blue diamonds and green clubs. A second deck's copy
    (``"8S.1"``) looks like the first; a text that is not a card code is written on a blank
    card. Shared: do not draw on it."""
    if not C.is_card(code):
        return _face(code)
    return _face(code.strip().upper().partition(".")[0], four_colour)


@cache
def card_back() -> Image.Image:
    """The back of a card (RGBA, `CARD_W` × `CARD_H`), cached. Shared: do not draw on it."""
    big, draw = _card_canvas(WHITE)
    s = SS
    inner = Image.new("RGB", big.size, BACK_BLUE)
    idraw = ImageDraw.Draw(inner)
    for k in range(-CARD_H, CARD_W + CARD_H, 7):
        idraw.line([(k * s, 0), ((k + CARD_H) * s, CARD_H * s)], fill=BACK_LINE, width=s)
        idraw.line([(k * s, CARD_H * s), ((k + CARD_H) * s, 0)], fill=BACK_LINE, width=s)
    frame = Image.new("L", big.size, 0)
    frame.paste(_rounded_mask((CARD_W - 10) * s, (CARD_H - 10) * s, 4 * s), (5 * s, 5 * s))
    big.paste(inner, (0, 0), frame)
    draw.ellipse([(CARD_W / 2 - 11) * s, (CARD_H / 2 - 11) * s, (CARD_W / 2 + 11) * s, (CARD_H / 2 + 11) * s],
                 fill=BACK_BLUE, outline=WHITE, width=2 * s)
    return _finish(big)


@cache
def _mini_back() -> Image.Image:
    return card_back().resize((12, 17), Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def _lifted(code: str | None, four_colour: bool = False) -> Image.Image:
    """A card face (``None``: its back, ``""``: a blank card) over its shadow, cached, so that
    a card costs one paste. Compositing is associative: the same pixels as shadow, then card."""
    im = _shadow().copy()
    face = card_back() if code is None else _edge() if code == "" else card_face(code, four_colour)
    im.alpha_composite(face, LIFT)
    return im


def _paste_card(canvas: Image.Image, code: str | None, x: int, y: int, four_colour: bool = False) -> None:
    """Put a card (see `_lifted`) with its top-left corner at (x, y), on an RGB or RGBA canvas."""
    im = _lifted(code, four_colour)
    if canvas.mode == "RGBA":
        canvas.alpha_composite(im, (x - LIFT[0], y - LIFT[1]))
    else:
        canvas.paste(im, (x - LIFT[0], y - LIFT[1]), im)


def preload() -> None:
    """Draw and cache every card of the French pack with jokers (the Italian pack is part of
    it), the back, and the fonts: a one-off 0.1–0.3 s that would otherwise fall on the first
    pictures. Optional; e.g. at start-up, in a thread."""
    for code in C.french_deck(jokers=2):
        _lifted(code)
    _lifted(None)
    _lifted("")
    _mini_back()
    _shape_mask(">", 14)
    for size in (12, 13, 14, 15):
        _text_mask("0123456789", size)


def _label(text: str, language: str, width: int = CARD_W - 6) -> str:
    """One of the pictures' own words in ``language``, as the label fonts can write it, within ``width``."""
    return _fit(_clean(render(text, language)), 12, width, cjk_face(language))


def _centred_label(canvas: Image.Image, x: int, y: int, text: str, language: str, fill) -> None:
    """A short label centred on a card-sized place whose top-left corner is (x, y)."""
    face = cjk_face(language)
    label = _label(text, language)
    w = _text_width(label, 12, face)
    _put_text(canvas, (x + (CARD_W - w) // 2, y + CARD_H // 2 - 8), label, 12, fill, face)


def _slot(canvas: Image.Image, x: int, y: int, language: str) -> None:
    """An empty place on the table."""
    ImageDraw.Draw(canvas).rounded_rectangle([x, y, x + CARD_W - 1, y + CARD_H - 1], 7, outline=FELT_LINE, width=2)
    _centred_label(canvas, x, y, T("empty"), language, FELT_LINE)


def _badge(canvas: Image.Image, cx: int, cy: int, number: int) -> None:
    """A number in a white pill, centred on (cx, cy)."""
    text = str(number)
    w = _text_width(text, 15)
    h = _text_mask(text, 15).height
    ImageDraw.Draw(canvas).rounded_rectangle([cx - w // 2 - 6, cy - h // 2 - 3, cx + w // 2 + 6, cy + h // 2 + 2],
                                             9, fill=WHITE, outline=BORDER)
    _put_text(canvas, (cx - w // 2, cy - h // 2), text, 15, BLACK)


# --- pictures --------------------------------------------------------------------------------

def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def png(image: Image.Image) -> bytes:
    """PNG bytes of an image, encoded for speed.

    RGB and RGBA images are written here with no per-row filter and zlib level 1: on these
    flat pictures that is about 2.5 times faster than Pillow's encoder (which tries five
    filters on every row, even at ``compress_level=0``) and the files come out no larger.
    Other modes go through Pillow with ``compress_level=1``."""
    if image.mode not in ("RGB", "RGBA"):
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=1)
        return out.getvalue()
    width, height = image.size
    raw = image.tobytes()
    stride = len(raw) // height
    rows = b"".join(b"\0" + raw[at:at + stride] for at in range(0, len(raw), stride))
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if image.mode == "RGB" else 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 1))
            + _chunk(b"IEND", b""))


def _hand_rows(n: int) -> list[int]:
    """How many cards go in each row of a hand of ``n`` cards (balanced rows of at most `HAND_ROW`)."""
    rows = max(1, -(-n // HAND_ROW))
    per_row = -(-n // rows) if n else 0
    return [min(per_row, n - i * per_row) for i in range(rows)]


def hand_image(cards: Sequence[str], language: str = ENGLISH_CODE, four_colour: bool = False) -> Image.Image:
    """A hand as overlapping cards in the given order, on a transparent background;
    more than `HAND_ROW` cards wrap into balanced rows. ``four_colour``: ♦ blue, ♣ green."""
    pad = 8
    if not cards:
        im = Image.new("RGBA", (CARD_W + 2 * pad, CARD_H + 2 * pad), (0, 0, 0, 0))
        draw = ImageDraw.Draw(im)
        draw.rounded_rectangle([pad, pad, pad + CARD_W - 1, pad + CARD_H - 1], 7, outline=BORDER, width=2)
        _centred_label(im, pad, pad, T("no cards"), language, BORDER)
        return im
    rows = _hand_rows(len(cards))
    width = 2 * pad + CARD_W + (max(rows) - 1) * HAND_STEP
    height = 2 * pad + len(rows) * CARD_H + (len(rows) - 1) * 8
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    at = 0
    for r, count in enumerate(rows):
        for i in range(count):
            _paste_card(im, cards[at], pad + i * HAND_STEP, pad + r * (CARD_H + 8), four_colour)
            at += 1
    return im


def hand_picture(cards: Sequence[str], language: str = ENGLISH_CODE, four_colour: bool = False) -> bytes:
    """PNG of a hand (e.g. ``view(seat).hand``), cards overlapping in the given order, for a
    reader of ``language`` (the empty hand's label), with the four-colour deck or not."""
    return png(hand_image(cards, language, four_colour))


_Draw = Callable[[Image.Image, int, int], None]


def _pile_block(pile: PileView, names: Sequence[str], width: int, language: str) -> tuple[int, int, _Draw]:
    """Lay out one pile (label over its cards) within ``width`` pixels: its size and how to draw it."""
    if pile.layout == COLUMN:
        return _column_block(pile, language)
    face = cjk_face(language)
    shown = list(pile.cards)
    hidden = max(0, pile.count - len(shown))
    name = _clean(render(pile.name, language, names)) or _clean(render(T("Pile"), language))
    if pile.owner is not None and f"{{p{pile.owner}}}" not in pile.name and pile.owner < len(names):
        name += f" · {names[pile.owner]}"      # e.g. who won the last trick
    label = f"{name} ({pile.count})" if hidden or len(shown) > SPREAD_MAX else name
    label_h = 20
    depth = min(2, hidden if shown else max(0, hidden - 1))   # cards peeking out under the top one
    extra = 3 * depth
    if not shown:
        cards_w, cards_h, rows, step = CARD_W, CARD_H, [], 0
    else:
        step = SPREAD_STEP if len(shown) <= SPREAD_MAX else OVERLAP_STEP
        room = width - extra - CARD_W
        if (len(shown) - 1) * step > room:
            step = max(MIN_STEP, room // (len(shown) - 1))
        per_row = max(1, room // step + 1)
        rows = [shown[i:i + per_row] for i in range(0, len(shown), per_row)]
        cards_w = CARD_W + (len(rows[0]) - 1) * step
        cards_h = CARD_H + (len(rows) - 1) * ROW_OVERLAP_STEP
    label = _fit(label, 13, width, face)
    w = min(width, max(cards_w + extra, _text_width(label, 13, face)))
    h = label_h + cards_h + extra

    def draw(canvas: Image.Image, x: int, y: int) -> None:
        _put_text(canvas, (x, y), label, 13, LABEL, face)
        y += label_h
        for k in range(depth, 0, -1):
            _paste_card(canvas, None if not shown else "", x + 3 * k, y + 3 * k)
        if not pile.count:
            _slot(canvas, x, y, language)
        elif not shown:
            _paste_card(canvas, None, x, y)
            _badge(canvas, x + CARD_W // 2, y + CARD_H // 2, pile.count)
        for r, row in enumerate(rows):
            for i, code in enumerate(row):
                _paste_card(canvas, code, x + i * step, y + r * ROW_OVERLAP_STEP)

    return w, h, draw


def _column_block(pile: PileView, language: str) -> tuple[int, int, _Draw]:
    """A tableau column: its label, then its face-down cards as backs stacked close, then its face-up cards
    overlapping downward, each one's corner index in sight; an empty column is an empty slot."""
    face = cjk_face(language)
    label = _fit(_clean(render(pile.name, language)), 13, CARD_W, face)
    down = max(0, pile.count - len(pile.cards))
    label_h = 20
    cards_h = CARD_H + down * DOWN_STEP + max(0, len(pile.cards) - 1) * COLUMN_STEP if pile.count else CARD_H

    def draw(canvas: Image.Image, x: int, y: int) -> None:
        _put_text(canvas, (x, y), label, 13, LABEL, face)
        y += label_h
        if not pile.count:
            _slot(canvas, x, y, language)
        for k in range(down):
            _paste_card(canvas, None, x, y + k * DOWN_STEP)
        for k, code in enumerate(pile.cards):
            _paste_card(canvas, code, x, y + down * DOWN_STEP + k * COLUMN_STEP)

    return CARD_W, label_h + cards_h, draw


@cache
def _edge() -> Image.Image:
    """A blank card: the cards of a pile under its visible ones, which the view does not show."""
    big, _ = _card_canvas((246, 246, 242))
    return _finish(big)


def _score(score: float, unit: tuple[str, str]) -> str:
    """A score with what it counts: "12 points", "1 hand won" (the unit's words are the game's)."""
    return T("{score} {unit}", score=score, unit=unit[0] if score == 1 else unit[1])


@lru_cache(maxsize=256)
def _card_count(n: int, language: str) -> str:
    return _clean(render(N("{n} card", "{n} cards", n), language))


def _seat_block(sv: SeatView, view: View, names: Sequence[str], unit: tuple[str, str],
                language: str) -> tuple[int, int, _Draw]:
    """A seat: turn marker and name, its card count (a small card back) and score, its notes."""
    pad, max_w = 8, 250
    face = cjk_face(language)
    turn = sv.seat in view.to_move
    name = names[sv.seat] if sv.seat < len(names) else _default_name(sv.seat, language)
    if view.seat == sv.seat:
        name = _clean(render(T("{name} (you)", name=name), language))
    name = _fit(name, 14, max_w - (18 if turn else 0), face)
    count = _card_count(sv.cards, language)
    score = "" if sv.score is None else _clean(render(_score(sv.score, unit), language))
    line2 = f"{count}  ·  {score}" if score else count
    notes = _wrap(_clean(listed([render(n, language, names) for n in sv.notes], language)), 12, max_w, 2, face)
    line_h, note_h = 19, 16
    inner_w = max((18 if turn else 0) + _text_width(name, 14, face), 17 + _text_width(line2, 13, face),
                  *(_text_width(line, 12, face) for line in notes))
    w = inner_w + 2 * pad
    h = 2 * pad + 2 * line_h + note_h * len(notes) - 2

    def draw(canvas: Image.Image, x: int, y: int) -> None:
        ImageDraw.Draw(canvas).rounded_rectangle([x, y, x + w - 1, y + h - 1], 8, fill=FELT_DARK,
                                                 outline=GOLD if turn else FELT_LINE, width=2 if turn else 1)
        tx, ty = x + pad, y + pad
        if turn:
            canvas.paste(GOLD, (tx, ty + 2), _shape_mask(">", 14))
            tx += 18
        _put_text(canvas, (tx, ty), name, 14, GOLD if turn else WHITE, face)
        ty += line_h
        canvas.paste(_mini_back(), (x + pad, ty), _mini_back())
        _put_text(canvas, (x + pad + 17, ty), line2, 13, LABEL, face)
        for i, line in enumerate(notes):
            _put_text(canvas, (x + pad, ty + line_h + i * note_h), line, 12, MUTED, face)

    return w, h, draw


def _flow(blocks: list[tuple[int, int, _Draw]], top: int, width: int) -> tuple[list[tuple[int, int, _Draw]], int, int]:
    """Place blocks left to right in rows no wider than ``width``: (x, y, draw) each, the used
    width and the bottom."""
    placed, x, y, row_h, used = [], MARGIN, top, 0, 0
    for w, h, draw in blocks:
        if x > MARGIN and x + w > MARGIN + width:
            x, y, row_h = MARGIN, y + row_h + GAP, 0
        placed.append((x, y, draw))
        used = max(used, x + w - MARGIN)
        x += w + GAP + 4
        row_h = max(row_h, h)
    return placed, used, y + row_h


@lru_cache(maxsize=256)
def _default_name(seat: int, language: str) -> str:
    return _clean(render(T("Seat {n}", n=seat + 1), language))


def _name(name: str, seat: int, language: str) -> str:
    """A seat's name as the label fonts can write it; "Seat N" when nothing of it is left."""
    text = _clean(name)
    return text if any(ch.isalnum() for ch in text) else _default_name(seat, language)


def table_image(view: View, names: Sequence[str] | None = None,
                unit: tuple[str, str] = POINTS, language: str = ENGLISH_CODE) -> Image.Image:
    """The table of a view: every seat (name, cards in hand, score, notes; a gold frame
    and marker for whoever must act) and every pile (its name, its visible cards, a card
    back with the count when nothing is shown, cards peeking out when some are not shown),
    on green felt, at most `MAX_WIDTH` pixels wide, its words in ``language``. ``names`` (by
    seat) fill the seats of pile names and notes; without them seats are "Seat 1"…"""
    if names is None:
        names = []
    names = [_name(n, i, language) for i, n in enumerate(names)]
    names += [_default_name(i, language) for i in range(len(names), max(10, len(view.seats)))]
    width = MAX_WIDTH - 2 * MARGIN
    seats, seats_w, bottom = _flow([_seat_block(sv, view, names, unit, language) for sv in view.seats],
                                   MARGIN, width)
    top = bottom + GAP + 4 if view.seats else MARGIN
    piles, piles_w, bottom = _flow([_pile_block(p, names, width, language) for p in view.piles], top, width)
    canvas = Image.new("RGB", (max(seats_w, piles_w, 120) + 2 * MARGIN, bottom + MARGIN + 4), FELT)
    for x, y, draw in seats + piles:
        draw(canvas, x, y)
    return canvas


def table_picture(view: View, names: Sequence[str] | None = None,
                  unit: tuple[str, str] = POINTS, language: str = ENGLISH_CODE) -> bytes:
    """PNG of the table of a view (normally ``view(None)``, what everyone may see) in the
    table's ``language``; ``unit`` is what the scores count (`Game.score_unit`)."""
    return png(table_image(view, names, unit, language))
