"""The languages a table or a member can choose (``/play language:``, ``/config language``,
``/prefs language``), as slash-command choices: the shipped ones (games/localize.py) and,
where a choice can be undone, Discord's own (the server's or the member's client language)."""

from __future__ import annotations

from discord import app_commands

from games.localize import LANGUAGES

DISCORD = "discord"
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
OR_DISCORDS = [*LANGUAGE_CHOICES, app_commands.Choice(name="Discord's language", value=DISCORD)]
