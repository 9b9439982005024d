"""The message catalogs (games/locales): complete in every shipped language and in step with the code."""

from __future__ import annotations

import re

import pytest

from games.catalogs import ROOT, domain_of, extracted, sources
from games.localize import ENGLISH_CODE, LANGUAGES, read_catalog, render
from games.text import Card, Cards, Seats, Suit, placeholders, texts

TRANSLATED = [lang for lang in LANGUAGES if lang != ENGLISH_CODE]
TEMPLATES = extracted()


def forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_placeholders_of_the_english(language: str) -> None:
    """Each message id of the code has a translation in every shipped language, not marked fuzzy,
    each plural form filled; a translation fills the English placeholders, no others (a plural
    form may leave out {n}, as English "a card" does)."""
    problems = []
    for domain, template in TEMPLATES.items():
        catalog = read_catalog(language, domain)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id, message.context) if catalog else None
            name = f"{domain}: {message.id!r}"
            if found is None or not all(forms(found)) or found.fuzzy:
                problems.append(f"{name} is not translated")
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            english = set().union(*map(placeholders, ids))
            for form in forms(found):
                have = placeholders(form)
                if have - english or (english - {"n"}) - have:
                    problems.append(f"{name}: {form!r} fills {sorted(have)}, the English {sorted(english)}")
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_catalog_holds_messages_the_code_no_longer_has(language: str) -> None:
    """python -m games.catalogs keeps the catalogs in step: a message dropped from the code is dropped."""
    stale = []
    for domain, template in TEMPLATES.items():
        catalog = read_catalog(language, domain)
        for message in catalog or ():
            if message.id and template.get(message.id, message.context) is None:
                stale.append(f"{domain}: {message.id!r}")
    assert not stale, "run python -m games.catalogs:\n" + "\n".join(stale[:30])


def test_each_module_writes_its_texts_in_its_own_catalog() -> None:
    """A module's ``T, N = texts("…")`` names the domain its messages are extracted to (games/catalogs.py)."""
    wrong = []
    for path in sources():
        for domain in re.findall(r'^\w[\w, ]*= texts\("(\w+)"\)', path.read_text(encoding="utf-8"), re.M):
            if domain != domain_of(path):
                wrong.append(f"{path.relative_to(ROOT)}: texts({domain!r}), extracted to {domain_of(path)!r}")
    assert not wrong, "\n".join(wrong)


T, _ = texts("tests")


@pytest.mark.parametrize(("language", "suit", "cards", "seats"), [
    ("es", "corazones", "8♠ Comodín rojo 🃏", "{p0}, {p1} y {p2}"),
    ("it", "cuori", "8♠ Jolly rosso 🃏", "{p0}, {p1} e {p2}"),
    ("zh_CN", "红桃", "8♠ 大王 🃏", "{p0}、{p1}和{p2}"),
    ("en", "hearts", "8♠ Red 🃏", "{p0}, {p1} and {p2}"),
])
def test_suits_jokers_and_lists_read_in_the_language(language: str, suit: str, cards: str, seats: str) -> None:
    line = T("{seats}|{cards}|{suit}", seats=Seats((0, 1, 2)), cards=Cards(("8S", "JKR")), suit=Suit("H"))
    assert render(line, language).split("|") == [seats, cards, suit]
    assert render(T("{card}", card=Card("QC")), language) == "Q♣"
