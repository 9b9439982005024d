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


FOUR = ("alice", "bob", "cleo", "dev")


async def four_player_table(env, game: str):
    """Four members at a started table of ``game``: the table, its message and the members by seat."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in FOUR]
    message = (await members[0].slash(channel, "play", game=game)).response.message
    tid = table_id(message)
    for m in members[1:]:
        await m.click(message, custom_id=f"ct:{tid}:join")
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    by_seat = {i: next(m for m in members if m.id == table.record.seats[i].user_id) for i in range(4)}
    return table, message, by_seat


async def panel(member, message, tid):
    """The member's hand panel, opened from the table message."""
    return (await member.click(message, custom_id=f"ct:{tid}:hand")).response


async def press(member, shown, label: str):
    """Click the panel button labelled ``label``; the updated panel."""
    labels = [c.label for row in shown.message.components for c in row.children if getattr(c, "label", None)]
    assert label in labels, f"no {label!r} among {labels}"
    pick = next(c for row in shown.message.components for c in row.children if getattr(c, "label", None) == label)
    return (await member.click(shown.message, custom_id=pick.custom_id)).response
