"""Texts a person reads, as catalog messages: an English template and its parameters.

A game never writes words in a language; it writes ``Text`` values::

    T = texts("crazy_eights")
    Event(T("{seat} plays {card}.", seat=Seat(2), card=Card("8S")))

The template is the message id of the game's gettext catalog (``games/locales``); the
parameters keep what the words are about: a seat (its player's name is filled in by
the front end), a card or cards as codes, a suit, a number, another ``Text``, a list
of those (``AndList``). A front
end turns a ``Text`` into words for one reader with ``games.localize.render``.

A ``Text`` is also a ``str``: its value is the English text, with ``{p2}`` where a seat's
name goes, exactly as every line read before catalogs existed. So code and tests that
read English keep working, and a text that was never made a ``Text`` (a plain ``str``)
still shows in English: the pseudo-locale tests find such texts.

Plural messages (``N``) choose their form by the parameter ``n``. ``to_data`` and
``from_data`` keep a text in JSON (a table's log survives a restart in every language).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import orjson

from games import cards as C
from games.playout import imagined


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat, shown as its player's name."""

    index: int


@dataclass(frozen=True, slots=True)
class Seats:
    """Seats, shown as their names joined with "and"."""

    indexes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """A card, shown with its rank and suit symbol in the reader's language."""

    code: str


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards, shown one after another."""

    codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank (1 ace … 13 king), shown as its index in the reader's language ("K", "R" in Spanish)."""

    number: int


@dataclass(frozen=True, slots=True)
class Suit:
    """A suit (``S``, ``H``, ``D``, ``C``), shown as its name, "spades"."""

    letter: str


@dataclass(frozen=True, slots=True)
class AndList:
    """Several parameters (texts, cards, seats…), shown joined: "A, B and C"."""

    items: tuple[Any, ...]


Param = Any   # Seat, Seats, Card, Cards, Suit, int, float, a Text or a str shown as it is


_SEAT = re.compile(r"\{p(\d{1,2})\}")


class Words:
    """How texts and their parameters read in one language, for one table: English is this
    base class, the catalogs' languages override it (see games.localize). With ``names``,
    seats read as those names (filled in the same pass, so a name is never read as a
    placeholder); without, as ``{p0}``… for a later `games.engine.Event.render`."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = names

    def template(self, text: Text) -> str:
        """The template of ``text`` in this language."""
        return text.plural if text.plural and text.params["n"] != 1 else text.msgid

    def text(self, text: Text) -> str:
        if self is ENGLISH:      # a Text is its own English reading, filled when it was made
            return str.__str__(text)
        return fill(self.template(text), text.params, self)

    def plain(self, line: str) -> str:
        """A ``str`` not from the catalog (older code, a stored line): its ``{p0}``… filled."""
        if self.names is None or "{" not in line:
            return line
        names = self.names
        return _SEAT.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], line)

    def seat(self, index: int) -> str:
        if self.names is not None and index < len(self.names):
            return self.names[index]
        return f"{{p{index}}}"

    def seats(self, indexes: Iterable[int]) -> str:
        return self.and_list([self.seat(i) for i in indexes])

    def card(self, code: str) -> str:
        return C.text(code)

    def cards(self, codes: Iterable[str]) -> str:
        return " ".join(self.card(c) for c in codes)

    def suit(self, letter: str) -> str:
        return C.SUIT_NAMES[letter]

    def rank(self, number: int) -> str:
        return C.RANK_CODES[number]

    def number(self, value: float) -> str:
        return f"{value:g}" if isinstance(value, float) else str(value)

    def comma_list(self, words: list[str]) -> str:
        return ", ".join(words)

    def and_list(self, words: list[str]) -> str:
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    def param(self, value: Param) -> str:
        kind = type(value)
        if kind is Text:
            return self.text(value)
        show = _SHOW.get(kind)
        if show is not None:
            return show(self, value)
        if isinstance(value, bool):
            raise TypeError("a yes/no is not a text parameter")
        if isinstance(value, int | float):
            return self.number(value)
        if isinstance(value, Text):
            return self.text(value)
        return self.plain(value)


_SHOW: dict[type, Callable[[Words, Any], str]] = {
    Seat: lambda w, v: w.seat(v.index),
    Seats: lambda w, v: w.seats(v.indexes),
    Card: lambda w, v: w.card(v.code),
    Cards: lambda w, v: w.cards(v.codes),
    Suit: lambda w, v: w.suit(v.letter),
    Rank: lambda w, v: w.rank(v.number),
    AndList: lambda w, v: w.and_list([w.param(x) for x in v.items]),
    str: lambda w, v: w.plain(v),
}
ENGLISH = Words()
_FORMATTER = string.Formatter()


@lru_cache(maxsize=8192)
def _parsed(template: str) -> tuple[tuple[str, str | None], ...]:
    """A template as (literal, placeholder name or None) pieces, parsed once."""
    return tuple((literal, name) for literal, name, _, _ in _FORMATTER.parse(template))


@lru_cache(maxsize=8192)
def placeholders(template: str) -> frozenset[str]:
    """The names a template fills in (``{seat} plays {card}.`` → ``{"seat", "card"}``)."""
    return frozenset(name for _, name in _parsed(template) if name is not None)


def fill(template: str, params: Mapping[str, Param], words: Words) -> str:
    """``template`` with each ``{name}`` replaced by its parameter in ``words``' language. Only
    names, in one pass: a parameter that reads ``{p0}`` or ``{card}`` is not filled again."""
    out = []
    for literal, name in _parsed(template):
        out.append(literal)
        if name is not None:
            out.append(words.param(params[name]))
    return "".join(out)


class Text(str):
    """A message of catalog ``domain``: English template ``msgid`` (and ``plural`` with the
    number ``params["n"]``), read as its English text wherever a ``str`` is expected."""

    domain: str
    msgid: str
    plural: str
    params: dict[str, Param]

    def __new__(cls, domain: str, msgid: str, params: Mapping[str, Param] | None = None,
                plural: str = "") -> Text:
        params = dict(params or {})
        missing = placeholders(msgid).difference(params)
        if missing or (plural and "n" not in params):
            raise KeyError(f"{msgid!r} needs {sorted(missing or {'n'})}")
        english = plural if plural and params["n"] != 1 else msgid
        self = super().__new__(cls, fill(english, params, ENGLISH))
        self.domain, self.msgid, self.plural, self.params = domain, msgid, plural, params
        return self

    def with_params(self, **changes: Param) -> Text:
        """The same message with some parameters changed (a joined line's new ``n``)."""
        return Text(self.domain, self.msgid, {**self.params, **changes}, self.plural)

    def __reduce__(self):
        return (Text, (self.domain, self.msgid, self.params, self.plural))

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"d": self.domain, "m": self.msgid}
        if self.plural:
            data["pl"] = self.plural
        if self.params:
            data["a"] = {k: _param_data(v) for k, v in self.params.items()}
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Text:
        params = {k: _param_from(v) for k, v in data.get("a", {}).items()}
        return cls(data["d"], data["m"], params, data.get("pl", ""))


_TAGS: dict[str, tuple[type, Callable[[Any], Any], Callable[[Any], Any]]] = {
    "seat": (Seat, lambda p: p.index, Seat),
    "seats": (Seats, lambda p: list(p.indexes), lambda v: Seats(tuple(v))),
    "card": (Card, lambda p: p.code, Card),
    "cards": (Cards, lambda p: list(p.codes), lambda v: Cards(tuple(v))),
    "suit": (Suit, lambda p: p.letter, Suit),
    "rank": (Rank, lambda p: p.number, Rank),
    "and": (AndList, lambda p: [_param_data(v) for v in p.items], lambda v: AndList(tuple(map(_param_from, v)))),
}


def _param_data(value: Param) -> Any:
    if isinstance(value, Text):
        return {"text": value.to_data()}
    for tag, (kind, out, _) in _TAGS.items():
        if isinstance(value, kind):
            return {tag: out(value)}
    return value


def _param_from(data: Any) -> Param:
    if isinstance(data, dict):
        ((tag, value),) = data.items()
        return Text.from_data(value) if tag == "text" else _TAGS[tag][2](value)
    return data


def text_data(text: str) -> Any:
    """A text for JSON: a ``Text`` as its data, a plain string as it is."""
    return text.to_data() if isinstance(text, Text) else text


def text_from(data: Any) -> str:
    """The inverse of `text_data`."""
    return _text_from(orjson.dumps(data)) if isinstance(data, dict) else data


@lru_cache(maxsize=4096)
def _text_from(serialized: bytes) -> Text:
    """A stored text made once however often views read it (a hand's result, a history line)."""
    return Text.from_data(orjson.loads(serialized))


def texts(domain: str) -> tuple[Callable[..., Text], Callable[..., Text]]:
    """The two helpers a module writes its texts with, for its catalog ``domain``::

        T, N = texts("crazy_eights")
        T("{seat} passes.", seat=Seat(1))
        N("{seat} draws a card.", "{seat} draws {n} cards.", 3, seat=Seat(1))
    """

    def T(msgid: str, **params: Param) -> Text:  # noqa: N802 - the name message extraction looks for
        if imagined():   # a computer's playout: nobody reads it
            return msgid  # type: ignore[return-value]
        return Text(domain, msgid, params)

    def N(singular: str, plural: str, n: int, **params: Param) -> Text:  # noqa: N802
        if imagined():
            return plural  # type: ignore[return-value]
        return Text(domain, singular, {**params, "n": n}, plural)

    return T, N
