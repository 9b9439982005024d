"""Message components as Discord's JSON, without building ``discord.ui`` objects.

Every button and select the bot sends is dispatched by the ``DynamicItem`` templates of
bot/ui.py (see bot/clicks.py), so a message never needs a live ``discord.ui.View``
behind it. Building one per redraw (items, weights, a stored view with a 15-minute timer
per ephemeral panel) cost more than the rest of a move, so the bot sends plain rows.

`Rows` has the few methods discord.py reads from a view when sending or editing a message
(`to_components`, `has_components_v2`, `is_finished`, `is_dispatchable`); being
"finished", it is never stored in discord.py's view store.
"""

from __future__ import annotations

from typing import Any

import discord

Component = dict[str, Any]

MAX_ROWS = 5
BUTTONS_PER_ROW = 5

PRIMARY = discord.ButtonStyle.primary.value
SECONDARY = discord.ButtonStyle.secondary.value
SUCCESS = discord.ButtonStyle.success.value
DANGER = discord.ButtonStyle.danger.value


def button(custom_id: str, label: str, style: int = SECONDARY, *, disabled: bool = False) -> Component:
    part: Component = {"type": 2, "style": style, "label": label[:80], "custom_id": custom_id}
    if disabled:
        part["disabled"] = True
    return part


def option(label: str, value: str, *, default: bool = False, emoji: dict[str, str] | None = None) -> dict[str, Any]:
    part = {"label": label[:100], "value": value, "default": default}
    if emoji:
        part["emoji"] = emoji
    return part


def select(custom_id: str, options: list[dict[str, Any]], *, placeholder: str | None = None,
           min_values: int = 1, max_values: int = 1) -> Component:
    part: Component = {"type": 3, "custom_id": custom_id, "options": options,
                       "min_values": min_values, "max_values": max_values}
    if placeholder:
        part["placeholder"] = placeholder[:150]
    return part


def _width(part: Component) -> int:
    return BUTTONS_PER_ROW if part["type"] != 2 else 1


class Rows:
    """Up to five action rows. `add` puts a component in the given row, or in the first
    row with room, as discord.py's views do."""

    def __init__(self) -> None:
        self.rows: list[list[Component]] = [[] for _ in range(MAX_ROWS)]

    def add(self, part: Component, row: int | None = None) -> Rows:
        candidates = [row] if row is not None else range(MAX_ROWS)
        for r in candidates:
            if sum(map(_width, self.rows[r])) + _width(part) <= BUTTONS_PER_ROW:
                self.rows[r].append(part)
                return self
        raise ValueError(f"no room for {part['custom_id']} in row {row}")

    @property
    def children(self) -> list[Component]:
        return [part for row in self.rows for part in row]

    def __len__(self) -> int:
        return len(self.children)

    # -- what discord.py reads from a view
    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": row} for row in self.rows if row]

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False
