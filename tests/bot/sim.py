"""Helpers for SimCord tests: find a table's message and its buttons, and play."""

from __future__ import annotations

import re

import discord

CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|(?:Red|Black) 🃏")


def custom_ids(message) -> list[str]:
    out = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            cid = getattr(child, "custom_id", None)
            if cid:
                out.append(cid)
    return out


def button(message, prefix: str) -> str:
    for cid in custom_ids(message):
        if cid.startswith(prefix) or cid.endswith(prefix):
            return cid
    raise AssertionError(f"no component {prefix!r} in {custom_ids(message)}")


def table_id(message) -> int:
    for cid in custom_ids(message):
        if cid.startswith("ct:"):
            return int(cid.split(":")[1])
    raise AssertionError("not a table message")


def text_of(message: discord.Message) -> str:
    parts = [message.content or ""]
    for e in message.embeds:
        parts += [e.title or "", e.description or "", (e.footer.text or "") if e.footer else ""]
        parts += [f"{f.name} {f.value}" for f in e.fields]
    return "\n".join(parts)


async def fetch(env, channel, message_id: int) -> discord.Message:
    """The message as it is now (without walking the whole channel history)."""
    from simcord.results import to_discord_message

    return to_discord_message(env, env.backend.get_message(channel.id, message_id))
