"""Finding a game by the names players know it by (bot/game_names.py): /play's autocomplete and
a typed game name."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.cogs.tables import game_autocomplete
from bot.game_names import matching
from tests.bot.sim import table_id


@pytest.mark.parametrize(("typed", "key"), [
    ("uno", "crazy_eights"), ("mau mau", "crazy_eights"), ("Ocho loco", "crazy_eights"),
    ("tien len", "thirteen"), ("tiến lên", "thirteen"), ("Tien-Len", "thirteen"),
    ("doudizhu", "dou_dizhu"), ("斗地主", "dou_dizhu"), ("锄大地", "big_two"), ("dubito", "i_doubt_it"),
])
def test_a_game_is_found_by_its_local_names_and_common_aliases(typed: str, key: str) -> None:
    """The issue's examples: `uno` and `mau mau` find Crazy Eights, `tien len` and `tiến lên`
    Thirteen, `doudizhu` and `斗地主` Dou Dizhu; accents, case and hyphens do not matter."""
    assert matching(typed)[0] == key


async def test_autocomplete_titles_the_games_in_the_members_language() -> None:
    """A Vietnamese client typing "tien" sees Thirteen under its Vietnamese name."""
    interaction = SimpleNamespace(client=SimpleNamespace(), locale=discord.Locale.vietnamese,
                                  user=SimpleNamespace(id=1))
    choices = await game_autocomplete(interaction, "tien")
    assert choices and choices[0].value == "thirteen" and choices[0].name.startswith("Tiến lên")


async def test_play_takes_a_game_by_another_name(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    message = (await alice.slash(channel, "play", game="mau mau")).response.message
    assert env.bot.service.tables[table_id(message)].game.key == "crazy_eights"
