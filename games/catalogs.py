"""Keep the message catalogs in step with the code: ``python -m games.catalogs``.

Extracts every ``T(...)``/``N(...)`` message (`games.text.texts`) with Babel, by domain:
a module of ``games/`` has its own (its name: ``crazy_eights``, ``shedding``, ``engine``),
one of ``bot/`` too (``bot_tables``, ``bot_cogs_config``); ``cards`` holds the card and
suit names (`CARD_MESSAGES`), ``common`` the list joins (`LIST_MESSAGES`); the slash
commands' texts are ``bot_commands`` (``python -m bot.translator``). Each language's
``.po`` file of a domain is then updated: new messages added untranslated, messages the
code no longer has dropped, translations kept. Translators fill the ``msgstr`` lines; `tests/test_catalogs.py`
fails while one is missing or fills other placeholders than the English.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from games import cards as C
from games.localize import ENGLISH_CODE, LANGUAGES, catalog_path, read_catalog

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"T": None, "N": (1, 2)}
STAMP = datetime(2026, 11, 24, tzinfo=UTC)   # fixed: a run that changes no message changes no file

# (context, message): the names the cards domain translates (`games.localize.CatalogWords`)
CARD_MESSAGES = ([("rank", C.RANK_CODES[r]) for r in range(1, 14)]
                 + [(None, C.SUIT_NAMES[s]) for s in C.SUITS]
                 + [("joker", C.text(C.RED_JOKER)), ("joker", C.text(C.BLACK_JOKER))])
# the list joins `games.localize.CatalogWords.and_list` asks the common domain for
LIST_MESSAGES = ("{first}, {next}", "{first} and {last}")


def domain_of(path: Path) -> str:
    """A module of games/ by its name (``crazy_eights``, ``shedding``, ``engine``), one of bot/ by
    its path (``bot_tables``, ``bot_cogs_config``): one catalog per module, so that two modules'
    messages can be worked on apart."""
    rel = path.relative_to(ROOT).with_suffix("")
    return "_".join(rel.parts) if rel.parts[0] == "bot" else rel.name


def sources() -> Iterator[Path]:
    for folder in ("games", "bot"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def _template() -> Catalog:
    return Catalog(locale=ENGLISH_CODE, project="cardtable", creation_date=STAMP, revision_date=STAMP)


def extracted() -> dict[str, Catalog]:
    """Every message of the code, as one template catalog per domain."""
    out: dict[str, Catalog] = {"cards": _template()}
    for context, message in CARD_MESSAGES:
        out["cards"].add(message, context=context)
    out["common"] = _template()
    for message in LIST_MESSAGES:
        out["common"].add(message)
    for path in sources():
        for lineno, message, comments, context in extract_from_file("python", str(path), keywords=KEYWORDS):
            domain = domain_of(path)
            catalog = out.setdefault(domain, _template())
            catalog.add(message, locations=[(str(path.relative_to(ROOT)), lineno)],
                        auto_comments=comments, context=context)
    return out


def update(templates: dict[str, Catalog] | None = None) -> list[Path]:
    """Bring every language's catalogs of ``templates`` (by domain; default: every message of
    the code) in step with them; the files written."""
    written = []
    for domain, template in (extracted() if templates is None else templates).items():
        for language in LANGUAGES:
            if language == ENGLISH_CODE:
                continue
            catalog = read_catalog(language, domain) or Catalog(
                locale=language, domain=domain, project="cardtable", fuzzy=False, creation_date=STAMP,
                revision_date=STAMP, language_team=LANGUAGES[language], last_translator="cardtable")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            catalog.revision_date = STAMP
            path = catalog_path(language, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)
            written.append(path)
    return written


if __name__ == "__main__":
    for p in update():
        print(p.relative_to(ROOT), file=sys.stderr)
