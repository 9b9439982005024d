"""The slash commands in every shipped language (bot/translator.py): names, descriptions, options
and choices translated, following Discord's rules, and sent to Discord when the commands sync."""

from __future__ import annotations

import pytest

from bot.translator import DOMAIN, NAME, NAMES, command_strings
from games.localize import DISCORD_LOCALES, ENGLISH_CODE, LANGUAGES, read_catalog

TRANSLATED = [lang for lang in LANGUAGES if lang != ENGLISH_CODE]


@pytest.fixture(scope="module")
def strings() -> list[tuple[str, str]]:
    import asyncio
    return asyncio.run(command_strings())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_command_text_is_translated_within_discords_rules(strings, language: str) -> None:
    """Every name and description the commands sync has a translation; a name is lowercase, without
    spaces, at most 32 characters (Discord refuses the whole sync otherwise), a description or a
    choice at most 100. python -m bot.translator keeps the catalog in step: nothing stale."""
    catalog = read_catalog(language, DOMAIN)
    problems = []
    for place, text in strings:
        found = catalog.get(text, place) if catalog else None
        if found is None or not found.string:
            problems.append(f"{place} {text!r} is not translated")
        elif place in NAMES and (not NAME.match(found.string) or found.string != found.string.lower()):
            problems.append(f"{place} {found.string!r} is not a name Discord takes")
        elif len(found.string) > 100:
            problems.append(f"{place} {found.string!r} is longer than 100")
    wanted = set(strings)
    problems += [f"stale: {m.context} {m.id!r}" for m in catalog if m.id and (m.context, m.id) not in wanted]
    assert not problems, "\n".join(problems[:30])


async def test_synced_commands_carry_every_language(simcord_env) -> None:
    """What a Vietnamese (or any shipped language's) client sees: every command's description in
    its language, /play's name too, from the localizations sent with the sync."""
    commands = list(simcord_env.backend.commands[None].values())
    assert {c["name"] for c in commands} >= {"play", "rules", "help", "config", "prefs"}
    locales = set(DISCORD_LOCALES) - {"en-US", "en-GB"}
    for command in commands:
        assert set(command.get("description_localizations") or {}) >= locales, command["name"]
    play = next(c for c in commands if c["name"] == "play")
    assert play["name_localizations"]["vi"] == "chơi" and play["name_localizations"]["es-419"] == "jugar"
    game = next(o for o in play["options"] if o["name"] == "game")
    assert game["name_localizations"]["zh-CN"] == "游戏"
