"""Turning texts into words for one reader: the languages, their catalogs and their names.

The catalogs are gettext ``.po`` files, one per language and domain (a game, ``common``
for the shared blocks, ``cards`` for card and suit names), under ``games/locales``. They
are read with Babel when first needed and compiled in memory (no ``.mo`` step at
install). ``python -m games.catalogs`` extracts the messages of the code into them.

``render(text, language)`` reads a `games.text.Text` in ``language``: its template from
the catalog (English where a message is not translated yet), its parameters in that
language's words (suits, ranks, lists). A plain ``str`` is returned as it is. Seats stay
``{p0}``…, for the front end to put names in (`games.engine.Event.render`).

``PSEUDO`` is a test language: every catalog message accented and a third longer, so a
test sees at once a text that did not pass through the catalog, or one that overflows.
"""

from __future__ import annotations

import gettext
import io
import string
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from games import cards as C
from games.text import ENGLISH, Text, Words, fill, placeholders

LOCALES = Path(__file__).with_name("locales")
ENGLISH_CODE = "en"
PSEUDO = "pseudo"
# the shipped languages: code (a folder of games/locales) → name in that language
LANGUAGES = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
    "el": "Ελληνικά",
    "vi": "Tiếng Việt",
    "zh_CN": "简体中文",
    "ja": "日本語",
}
# Discord's locale codes (discord.Locale values) → ours; any other reads English
DISCORD_LOCALES = {
    "en-US": "en", "en-GB": "en", "es-ES": "es", "es-419": "es", "pt-BR": "pt_BR", "it": "it",
    "el": "el", "vi": "vi", "zh-CN": "zh_CN", "ja": "ja",
}


def language_of(code: str | None) -> str:
    """Our language for a Discord locale (``"es-419"`` → ``"es"``) or one of ours; English
    for anything else."""
    if not code:
        return ENGLISH_CODE
    if code in LANGUAGES or code == PSEUDO:
        return code
    return DISCORD_LOCALES.get(code, ENGLISH_CODE)


def catalog_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(language: str, domain: str) -> Catalog | None:
    path = catalog_path(language, domain)
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=language)


@cache
def translations(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``language`` (English: none, the ids are English)."""
    if language == PSEUDO:
        return _Pseudo()
    catalog = read_catalog(language, domain) if language != ENGLISH_CODE else None
    if catalog is None:
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


class CatalogWords(Words):
    """Texts in a catalog's language: templates from the text's domain, suit names, rank
    letters and joker names from ``cards``, list joins from ``common``."""

    def __init__(self, language: str, names: Sequence[str] | None = None) -> None:
        super().__init__(names)
        self.language = language
        self._cards = translations(language, "cards")
        self._common = translations(language, "common")

    def template(self, text: Text) -> str:
        t = translations(self.language, text.domain)
        if text.plural:
            return t.ngettext(text.msgid, text.plural, int(text.params["n"]))
        return t.gettext(text.msgid)

    def card(self, code: str) -> str:
        if C.is_joker(code):
            return self._cards.pgettext("joker", C.text(code))
        rank = C.RANK_CODES[C.RANK[code]]
        return self._cards.pgettext("rank", rank) + C.SUIT_SYMBOLS[C.SUIT[code]]

    def suit(self, letter: str) -> str:
        return self._cards.gettext(C.SUIT_NAMES[letter])

    def rank(self, number: int) -> str:
        return self._cards.pgettext("rank", C.RANK_CODES[number])

    def comma_list(self, words: list[str]) -> str:
        head = words[0] if words else ""
        for word in words[1:]:
            head = fill(self._common.gettext("{first}, {next}"), {"first": head, "next": word}, ENGLISH)
        return head

    def and_list(self, words: list[str]) -> str:
        head = self.comma_list(words[:-1]) if len(words) > 1 else words[0]
        if len(words) == 1:
            return head
        return fill(self._common.gettext("{first} and {last}"), {"first": head, "last": words[-1]}, ENGLISH)


@cache
def _shared_words(language: str) -> Words:
    return ENGLISH if language == ENGLISH_CODE else CatalogWords(language)


def words(language: str, names: Sequence[str] | None = None) -> Words:
    """The words of ``language``; with ``names``, seats read as those names."""
    if names is None:
        return _shared_words(language)
    return Words(names) if language == ENGLISH_CODE else CatalogWords(language, names)


def listed(items: Sequence[str], language: str) -> str:
    """Items already in ``language`` as a list the way it writes one ("a, b"; "a、b")."""
    return words(language).comma_list(list(items))


def render(text: str, language: str, names: Sequence[str] | None = None) -> str:
    """``text`` in ``language``: a `Text` from its catalog, a plain ``str`` as it is. Seats read
    as ``names`` when given (also ``{p0}``… in a plain ``str``), else stay ``{p0}``…"""
    w = words(language, names)
    return w.text(text) if isinstance(text, Text) else w.plain(str(text))


# --- the pseudo-locale --------------------------------------------------------------------

_ACCENTED = str.maketrans("AEIOUYaeiouycnsz", "ÀÉÎÖÛÝàéîöûýçñšž")
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


def pseudo(template_: str) -> str:
    """A template accented and padded by a third, its placeholders kept: ``⟦Àñ éxàmplé ~~~⟧``."""
    out = []
    for literal, name, _, _ in string.Formatter().parse(template_):
        out.append(literal.translate(_ACCENTED))
        if name is not None:
            out.append("{" + name + "}")
    return PSEUDO_OPEN + "".join(out) + " " + "~" * max(2, round(0.35 * len(template_))) + PSEUDO_CLOSE


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return message if context == "rank" else pseudo(message)


def same_placeholders(msgid: str, translated: str) -> bool:
    """Whether a translation fills exactly the names its English template fills."""
    return placeholders(msgid) == placeholders(translated)
