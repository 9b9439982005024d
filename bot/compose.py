"""Composed moves (P7, the fishing games): a hand card, then the table items it plays with.

Besides the game's usual prompt (its suggested moves), a seat whose game has composed moves
(`Game.targets` is not None) gets **Build a move** on its hand panel: pick the hand card, then
select its targets (loose cards and piles) in a multi-select paged by 25, and the panel says
how the selection reads (`Game.preview`, one confirm button per reading) or why it is no move
(`Game.why_not_composed`). **Type move** (when `Game.typed_example` is not None) opens a box for a
move in the game's short grammar, read by `Game.parse_typed`.

Component ids keep the whole state of the path, so a click needs no server-side memory and a
stale panel is refused like any other (the table version):

* ``kb:{table}:{version}:{card}:{mask}:{page}:{action}``: a button (``build``: the hand cards,
  page ``page``; ``card``: hand card ``card`` chosen; ``page``: that card's targets, page
  ``page``; ``ok3``: confirm the fourth reading; ``home``: back to the usual prompt; ``type``:
  open the Type move box);
* ``kt:{table}:{version}:{card}:{mask}:{page}``: the targets multi-select of one page;
* ``km:{table}:{version}``: the Type move box when it is sent.

``card`` is the card's place in the hand and ``mask`` (hex) the targets chosen so far, by their
place in `Game.targets`, across pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.clicks import BadClick
from bot.components import BUTTONS_PER_ROW, MAX_ROWS, PRIMARY, SECONDARY, SUCCESS, Rows, button, option, select
from bot.deck_colours import BUTTON_STYLES, suit_of
from bot.ids import ID, SMALL, VER, on_panel, select_values, table_number
from bot.render import clip, panel_text
from bot.tables import Table, reason
from games.engine import IllegalMove, Move
from games.localize import render
from games.text import Card, texts

T, N = texts("bot_compose")

MASK = r"[0-9a-f]{1,25}"
MOST_TARGETS = 100            # what a mask of 25 hex digits holds
TARGET_PAGE = 25              # options in a select
HAND_PAGE = 20                # hand-card buttons: four rows, the fifth holds navigation
MOST_READINGS = 10            # confirm buttons: two rows
ACTIONS = r"build|card|page|home|type|ok\d{1,2}"
TEXT_INPUT = "move"
CONTENT_LIMIT = 2000
TITLE_LIMIT, LABEL_LIMIT, PLACEHOLDER_LIMIT = 45, 45, 100   # a modal's title, a text input's label and placeholder

BUILD = T("🧩 Build a move")
TYPE = T("⌨️ Type move")
BACK = T("◀ Back")
PREVIOUS, NEXT = T("◀ Previous"), T("Next ▶")
WHICH_CARD = T("Build a move: which card do you play?")
TARGETS_PLACEHOLDER = T("Select table cards and piles")
TYPE_TITLE = T("Type your move")
TYPE_LABEL = T("Your move")
GONE = T("That choice is no longer available.")


@dataclass(frozen=True)
class Composing:
    """Where a seat is on the Build a move path: no card yet (the hand, page ``page``), or hand
    card ``card`` with the targets of ``mask`` chosen (their page ``page`` shown)."""

    card: int | None = None
    mask: int = 0
    page: int = 0


# --- components ----------------------------------------------------------------------------

class ComposeButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=rf"kb:(?P<table>{ID}):(?P<ver>{VER}):(?P<card>{SMALL}):(?P<mask>{MASK}):"
                             rf"(?P<page>{SMALL}):(?P<action>{ACTIONS})"):
    def __init__(self, table_id: int, version: int, card: int, mask: int, page: int, action: str) -> None:
        super().__init__(discord.ui.Button(custom_id=self.id_for(table_id, version, card, mask, page, action)))
        self.table_id, self.version, self.action = table_id, version, action
        self.card, self.mask, self.page = card, mask, page

    @staticmethod
    def id_for(table_id: int, version: int, card: int, mask: int, page: int, action: str) -> str:
        return f"kb:{table_id}:{version}:{card}:{mask:x}:{page}:{action}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]), int(match["card"]), int(match["mask"], 16),
                   int(match["page"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await button_click(interaction.client.controller, interaction, self)


class TargetSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=rf"kt:(?P<table>{ID}):(?P<ver>{VER}):(?P<card>{SMALL}):(?P<mask>{MASK}):(?P<page>{SMALL})"):
    def __init__(self, table_id: int, version: int, card: int, mask: int, page: int) -> None:
        super().__init__(discord.ui.Select(custom_id=self.id_for(table_id, version, card, mask, page)))
        self.table_id, self.version, self.card, self.mask, self.page = table_id, version, card, mask, page

    @staticmethod
    def id_for(table_id: int, version: int, card: int, mask: int, page: int) -> str:
        return f"kt:{table_id}:{version}:{card}:{mask:x}:{page}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]), int(match["card"]), int(match["mask"], 16),
                   int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        first = self.page * TARGET_PAGE
        offered = range(first, min(first + TARGET_PAGE, MOST_TARGETS))
        values = select_values(interaction)
        if not all(re.fullmatch(SMALL, v) and int(v) in offered for v in values):
            raise BadClick(values)   # the menu offers the targets of its page, by their place
        page_bits = sum(1 << i for i in offered)
        mask = self.mask & ~page_bits | sum(1 << int(v) for v in values)
        controller = interaction.client.controller
        found = await controller._current(interaction, self.table_id, self.version)
        if found is not None:
            await controller.redraw(interaction, *found, composing=Composing(self.card, mask, self.page))


class TypedMove:
    """The Type move box sent back: ``km:{table}:{version}`` with the text typed."""

    interaction_type = discord.InteractionType.modal_submit
    __discord_ui_compiled_template__ = re.compile(rf"km:(?P<table>{ID}):(?P<ver>{VER})")

    def __init__(self, table_id: int, version: int) -> None:
        self.table_id, self.version = table_id, version

    @staticmethod
    def id_for(table_id: int, version: int) -> str:
        return f"km:{table_id}:{version}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await typed_move(interaction.client.controller, interaction, self.table_id, self.version,
                         typed_text((interaction.data or {}).get("components")))


ITEMS = (ComposeButton, TargetSelect, TypedMove)


def typed_text(components: Any) -> str:
    """The value of the Type move box's text input in a modal submit's components."""
    for part in components if isinstance(components, list) else ():
        if not isinstance(part, dict):
            continue
        if part.get("custom_id") == TEXT_INPUT and isinstance(part.get("value"), str):
            return part["value"]
        inner = part.get("components") or ([part["component"]] if isinstance(part.get("component"), dict) else [])
        found = typed_text(inner)
        if found:
            return found
    return ""


# --- what the panel shows ---------------------------------------------------------------------

def hand_of(table: Table, seat: int) -> list[str]:
    return table.view(seat).hand


def composing_now(table: Table, seat: int) -> bool:
    """Whether the seat builds its move now from a hand card and table targets."""
    hand = hand_of(table, seat)
    return (seat in table.to_move() and bool(hand)
            and table.game.targets(table.state, seat, hand[0]) is not None)


def typing_now(table: Table, seat: int) -> bool:
    return seat in table.to_move() and table.game.typed_example(table.state, seat) is not None


def add_entry_buttons(rows: Rows, table: Table, seat: int, language: str) -> None:
    """Build a move and Type move on the root of the seat's hand panel, in the first row the
    prompt left empty (else beside the navigation)."""
    ver, parts = table.version, []
    if composing_now(table, seat):
        parts.append(button(ComposeButton.id_for(table.id, ver, 0, 0, 0, "build"), render(BUILD, language), PRIMARY))
    if typing_now(table, seat):
        parts.append(button(ComposeButton.id_for(table.id, ver, 0, 0, 0, "type"), render(TYPE, language), PRIMARY))
    if not parts:
        return
    free = next((r for r in range(MAX_ROWS - 1) if not rows.rows[r]), MAX_ROWS - 1)
    for part in parts:
        rows.add(part, row=free)


def panel(table: Table, seat: int, composing: Composing, note: str | None, language: str,
          four_colour: bool = False) -> tuple[str, Rows]:
    """The hand panel on the Build a move path, in the reader's language and deck colours."""
    hand = hand_of(table, seat)
    if composing.card is None or composing.card >= len(hand):
        return (panel_text(table, seat, WHICH_CARD, note, language, four_colour),
                hand_rows(table, hand, composing.page, language, four_colour))
    card = hand[composing.card]
    targets = chosen_targets(table, seat, card, composing.mask)
    moves = table.game.compose(table.state, seat, card, targets)
    lines = [table.render(table.game.preview(table.state, seat, m), language=language) for m in moves]
    if not moves:
        why = table.game.why_not_composed(table.state, seat, card, targets)
        shown = table.render(why, language=language)
        lines = [f"⚠️ {shown}" if targets else f"_{shown}_"]
    question = T("Select what {card} plays with, then confirm.", card=Card(card))
    content = panel_text(table, seat, question, note, language, four_colour) + "\n" + "\n".join(lines)
    return clip(content, CONTENT_LIMIT), target_rows(table, seat, composing, moves, language)


def chosen_targets(table: Table, seat: int, card: str, mask: int) -> list[str]:
    """The ids of the targets of ``card`` chosen in ``mask``."""
    targets = (table.game.targets(table.state, seat, card) or [])[:MOST_TARGETS]
    return [target for i, (target, _label) in enumerate(targets) if mask >> i & 1]


def hand_rows(table: Table, hand: list[str], page: int, language: str, four_colour: bool = False) -> Rows:
    rows, ver = Rows(), table.version
    pages = max(1, -(-len(hand) // HAND_PAGE))
    page = max(0, min(page, pages - 1))
    first = page * HAND_PAGE
    for i, code in enumerate(hand[first:first + HAND_PAGE]):
        style = BUTTON_STYLES.get(suit_of(code) or "", SECONDARY) if four_colour else SECONDARY
        custom_id = ComposeButton.id_for(table.id, ver, first + i, 0, 0, "card")
        rows.add(button(custom_id, table.game.card_text(code), style), row=i // BUTTONS_PER_ROW)
    nav = MAX_ROWS - 1
    if page > 0:
        rows.add(button(ComposeButton.id_for(table.id, ver, 0, 0, page - 1, "build"), render(PREVIOUS, language)), nav)
    if page < pages - 1:
        rows.add(button(ComposeButton.id_for(table.id, ver, 0, 0, page + 1, "build"), render(NEXT, language)), nav)
    rows.add(button(ComposeButton.id_for(table.id, ver, 0, 0, 0, "home"), render(BACK, language)), nav)
    return rows


def target_rows(table: Table, seat: int, composing: Composing, moves: list[Move], language: str) -> Rows:
    rows, ver = Rows(), table.version
    card, mask = composing.card or 0, composing.mask
    code = hand_of(table, seat)[card]
    targets = (table.game.targets(table.state, seat, code) or [])[:MOST_TARGETS]
    pages = max(1, -(-len(targets) // TARGET_PAGE))
    page = max(0, min(composing.page, pages - 1))
    first = page * TARGET_PAGE
    shown = targets[first:first + TARGET_PAGE]
    if shown:
        choices = [option(table.render(label, plain=True, language=language), str(first + i),
                          default=bool(mask >> (first + i) & 1)) for i, (_target, label) in enumerate(shown)]
        counter = f" ({page + 1}/{pages})" if pages > 1 else ""
        rows.add(select(TargetSelect.id_for(table.id, ver, card, mask, page), choices,
                        placeholder=render(TARGETS_PLACEHOLDER, language) + counter,
                        min_values=0, max_values=len(choices)), row=0)
    for i, move in enumerate(moves[:MOST_READINGS]):
        label = table.render(T("✅ {move}", move=table.game.preview(table.state, seat, move)), plain=True,
                             language=language)
        rows.add(button(ComposeButton.id_for(table.id, ver, card, mask, page, f"ok{i}"), label, SUCCESS),
                 row=1 + i // BUTTONS_PER_ROW)
    nav = MAX_ROWS - 1
    if page > 0:
        rows.add(button(ComposeButton.id_for(table.id, ver, card, mask, page - 1, "page"), render(PREVIOUS, language)),
                 nav)
    if page < pages - 1:
        rows.add(button(ComposeButton.id_for(table.id, ver, card, mask, page + 1, "page"), render(NEXT, language)),
                 nav)
    rows.add(button(ComposeButton.id_for(table.id, ver, 0, 0, 0, "build"), render(BACK, language), SECONDARY), nav)
    return rows


# --- what a click does ------------------------------------------------------------------------

async def button_click(controller: Any, interaction: discord.Interaction, clicked: ComposeButton) -> None:
    found = await controller._current(interaction, clicked.table_id, clicked.version)
    if found is None:
        return
    table, seat = found
    action = clicked.action
    if action == "home":
        return await controller.redraw(interaction, table, seat)
    if action == "type":
        return await open_type_box(controller, interaction, table, seat)
    if action == "build":
        return await controller.redraw(interaction, table, seat, composing=Composing(page=clicked.page))
    if clicked.card >= len(hand_of(table, seat)):
        return await controller.redraw(interaction, table, seat, note=GONE)
    if action in ("card", "page"):
        composing = Composing(clicked.card, clicked.mask if action == "page" else 0, clicked.page)
        return await controller.redraw(interaction, table, seat, composing=composing)
    card = hand_of(table, seat)[clicked.card]
    moves = table.game.compose(table.state, seat, card, chosen_targets(table, seat, card, clicked.mask))
    reading = int(action[2:])
    if reading >= len(moves):
        return await controller.redraw(interaction, table, seat, note=GONE)
    await controller.play(interaction, table, seat, moves[reading], clicked.version)


async def open_type_box(controller: Any, interaction: discord.Interaction, table: Table, seat: int) -> None:
    """The Type move box: one line, its placeholder the game's example. It is not kept by
    discord.py (stopped before sending): its submit comes back as `TypedMove`, by its custom id."""
    example = table.game.typed_example(table.state, seat)
    if example is None:
        return await controller.redraw(interaction, table, seat, note=GONE)
    language = controller.reader(interaction)
    box = discord.ui.Modal(title=clip(render(TYPE_TITLE, language), TITLE_LIMIT),
                           custom_id=TypedMove.id_for(table.id, table.version))
    box.add_item(discord.ui.TextInput(label=clip(render(TYPE_LABEL, language), LABEL_LIMIT), custom_id=TEXT_INPUT,
                                      placeholder=clip(table.render(example, plain=True, language=language),
                                                       PLACEHOLDER_LIMIT), max_length=100))
    box.stop()
    await interaction.response.send_modal(box)


async def typed_move(controller: Any, interaction: discord.Interaction, table_id: int, version: int,
                     text: str) -> None:
    """A move typed in the Type move box: read by the game, then played as a click would be; a text
    that is no legal move redraws the panel with the reason, and nothing changes."""
    found = await controller._current(interaction, table_id, version)
    if found is None:
        return
    table, seat = found
    try:
        move = table.game.parse_typed(table.state, seat, text)
    except IllegalMove as e:
        return await controller.redraw(interaction, table, seat, note=reason(e))
    await controller.play(interaction, table, seat, move, version)
