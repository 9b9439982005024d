"""The parts of the bot's component ids, bounded, and the checks every panel click passes
(bot/ui.py, bot/compose.py)."""

from __future__ import annotations

import discord

from bot.clicks import BadClick

# the parts of a component id, bounded (Discord allows 100 characters in all)
ID = r"\d{1,19}"                             # a table: a 64-bit database id
VER = r"\d{1,9}"                             # a table version
SMALL = r"\d{1,3}"                           # an answer, a page
PATH = r"(?:\d{1,3}(?:\.\d{1,3}){0,49})?"     # the answers chosen so far, "0.2"
WORD = r"[a-z]{1,10}"                        # an action


def table_number(text: str) -> int:
    """A table id from a component id; refused past what the database holds (64 bits)."""
    number = int(text)
    if number >= 2**63:
        raise BadClick(text)
    return number


def select_values(interaction: discord.Interaction) -> list[str]:
    """The values chosen in a select menu (text, as the bot wrote them in its options)."""
    values = (interaction.data or {}).get("values") or []
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise BadClick(values)
    return values


def on_panel(interaction: discord.Interaction) -> None:
    """A hand-panel component is answered by redrawing the message clicked, so that message
    must be the member's own private panel: never the public table message (an altered client
    could send a panel id from there, and the redraw would show their hand to everyone)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        raise BadClick("a panel component outside a private panel")
