"""Where a click on one of the bot's buttons or menus goes.

The components are discord.py ``DynamicItem``s (bot/ui.py): their templates parse the custom
ids, which carry the table and its version, so a button keeps working after a restart. They
are dispatched here, from the ``interaction`` event, instead of being registered with
``Client.add_dynamic_items``: for every click, discord.py's own dispatch first rebuilds the
whole clicked message as a ``discord.ui.View`` (``View.from_message``) just to find the item
in it. For a hand panel of twenty buttons that took about 150 µs, more than a tenth of what
answering the click costs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.replies import tell_privately
from games.localize import language_of, render
from games.text import texts

log = logging.getLogger(__name__)
T, N = texts("bot_clicks")

SORRY = T("Something went wrong on our side; please try again.")
UNKNOWN = T("That button is not one the bot can answer. Press **My hand** on the table for your current hand.")

# component clicks, and the boxes (modals) the bot sends, by their custom ids; an item answers one kind
# (``interaction_type``, a component click unless it says otherwise)
ANSWERED = (discord.InteractionType.component, discord.InteractionType.modal_submit)
Reader = Callable[[discord.Interaction], str]   # the language a member reads private lines in


def client_language(interaction: discord.Interaction) -> str:
    """The language of the member's Discord client (for a bot that knows no /prefs choice)."""
    return language_of(getattr(interaction.locale, "value", None))


class BadClick(Exception):
    """A component id or value that none of the bot's own components sends (an altered
    client, or an id from another bot): refused, never acted on."""


class Clicks:
    """The bot's component templates, tried in order on every component interaction."""

    def __init__(self, items: Sequence[type], reader: Reader = client_language) -> None:
        self.items = [(item.__discord_ui_compiled_template__, item) for item in items]
        self.reader = reader

    async def dispatch(self, interaction: discord.Interaction) -> bool:
        """Answer a component click or a box's submit, ours or not (an unknown or malformed one
        with a short private refusal); False when the interaction is neither."""
        if interaction.type not in ANSWERED:
            return False
        custom_id = (interaction.data or {}).get("custom_id")
        try:
            item = await self._item(interaction, custom_id)
            await item.callback(interaction)
        except BadClick:
            log.info("refused a click on %.100r", custom_id)
            await self._tell(interaction, UNKNOWN)
        except Exception:
            log.exception("the click on %.100s failed", custom_id)
            await self._tell(interaction, SORRY)
        finally:
            _release(interaction)
        return True

    async def _item(self, interaction: discord.Interaction, custom_id: Any) -> discord.ui.DynamicItem:
        if isinstance(custom_id, str):
            for template, factory in self.items:
                if getattr(factory, "interaction_type", discord.InteractionType.component) is not interaction.type:
                    continue
                match = template.fullmatch(custom_id)
                if match is not None:
                    return await factory.from_custom_id(interaction, None, match)
        raise BadClick(custom_id)

    async def _tell(self, interaction: discord.Interaction, text: str) -> None:
        """Tell the member why nothing happened (in their language) rather than leave the click unanswered."""
        try:
            await tell_privately(interaction, render(text, self.reader(interaction)))
        except discord.HTTPException:
            log.warning("could not tell the member that their click was refused or failed")


def _release(interaction: discord.Interaction) -> None:
    """discord.py's ``Interaction`` and its ``InteractionResponse`` point at each other, so each
    click left its whole parsed payload (message, components, member: about 30 objects) to the
    cycle collector, whose young collections then paused every table for 60 ms or more every few
    seconds. Once the click is answered its response object is never used again (a panel kept
    for later edits uses the token), so the link is cut and reference counting frees it all."""
    interaction.response._parent = None
