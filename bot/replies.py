"""Answers to clicks that never ask Discord for the message back.

discord.py's ``InteractionResponse.send_message`` / ``edit_message`` ask Discord to return the
message the answer created or edited (``?with_response=1``) and parse it, and
``Interaction.edit_original_response`` parses the edited message Discord returns. The bot reads
none of these messages when it draws a hand panel, the answer to nearly every click, so these
helpers make the same calls through discord.py's own webhook adapter without the round trip
of a message it would throw away (a panel of twenty buttons took longer to parse than to draw).

Only what the hand panels use is covered: content, plain component rows, ephemeral flag,
files and attachments. Errors are discord.py's own (``discord.HTTPException`` and its kin).
`tell_privately` is the one way the bot sends a member a private line (a refusal, an apology).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord.http import Route
from discord.interactions import InteractionResponded
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.components import Rows

CHANNEL_MESSAGE = discord.InteractionResponseType.channel_message
MESSAGE_UPDATE = discord.InteractionResponseType.message_update


async def send_private(interaction: discord.Interaction, content: str, view: Rows,
                       files: Sequence[discord.File] = ()) -> None:
    """Answer with a new ephemeral message (``response.send_message(..., ephemeral=True)``)."""
    flags = discord.MessageFlags._from_value(0)
    flags.ephemeral = True
    await _respond(interaction, CHANNEL_MESSAGE, content=content, view=view, flags=flags,
                   files=list(files) if files else MISSING)


async def update_clicked(interaction: discord.Interaction, content: str, view: Rows,
                         attachments: Sequence[Any] | None = None) -> None:
    """Answer a click by editing the message clicked (``response.edit_message``); with
    ``attachments=[]`` its files are removed, with None they stay."""
    await _respond(interaction, MESSAGE_UPDATE, content=content, view=view,
                   attachments=MISSING if attachments is None else attachments)


async def _respond(interaction: discord.Interaction, kind: discord.InteractionResponseType, **fields: Any) -> None:
    response = interaction.response
    if response.is_done():
        raise InteractionResponded(interaction)
    state = interaction._state
    params = interaction_message_response_params(type=kind.value, previous_allowed_mentions=state.allowed_mentions,
                                                 **fields)
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                  webhook_id=interaction.id, webhook_token=interaction.token)
    try:
        await async_context.get().request(route, interaction._session, payload=params.payload,
                                          multipart=params.multipart, files=params.files,
                                          proxy=state.http.proxy, proxy_auth=state.http.proxy_auth)
    finally:
        for file in params.files or ():
            file.close()
    response._response_type = kind   # what response.is_done() reads


async def tell_privately(interaction: discord.Interaction, text: str) -> None:
    """A line only the member sees: the answer to their interaction, or a follow-up once it
    has been answered."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def edit_original(interaction: discord.Interaction, content: str, view: Rows,
                        attachments: Sequence[Any] | None = None) -> None:
    """Edit the message that answered ``interaction`` (``edit_original_response``), as long as
    its token lasts (15 minutes); with ``attachments=[]`` its files are removed, with None they stay."""
    state = interaction._state
    with discord.http.handle_message_parameters(content=content, view=view,
                                                attachments=MISSING if attachments is None else list(attachments),
                                                previous_allowed_mentions=state.allowed_mentions) as params:
        await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, session=interaction._session,
            proxy=state.http.proxy, proxy_auth=state.http.proxy_auth,
            payload=params.payload, multipart=params.multipart, files=params.files)
