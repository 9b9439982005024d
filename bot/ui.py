"""Buttons and selects, and what a click does.

Component ids carry everything needed to answer a click after a restart
(discord.py ``DynamicItem``s, dispatched by bot/clicks.py):

* ``ct:{table}:{action}``: buttons on the public table message;
* ``cp:{table}:{version}:{path}:{answer}``: an answer button in a hand panel;
* ``cs:{table}:{version}:{path}:{page}``: an answer select in a hand panel;
* ``cn:{table}:{version}:{path}:{action}:{page}``: back / page / refresh;
* ``ce:{table}:{yes|no}``: the private "End the game for everyone?" asked by End table / Cancel;
* ``kb:``, ``kt:``, ``km:``: Build a move and Type move (bot/compose.py).

Each part is bounded (``ID``, ``VER``… below), and select values must be ones the menu
offers: any other id or value is refused with a short private line (bot/clicks.py).

``path`` lists the answers chosen so far in a multi-step prompt ("0.2"), so a
panel click never needs server-side memory. ``version`` is the table version the
panel was drawn for: a click on an older panel is refused and the panel redrawn.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Coroutine
from functools import lru_cache, partial
from typing import Any

import aiohttp
import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot import compose
from bot.clicks import BadClick
from bot.components import BUTTONS_PER_ROW, DANGER, PRIMARY, SECONDARY, SUCCESS, Component, Rows, button, option, select
from bot.deck_colours import button_style, card_emoji, option_emoji
from bot.ids import ID, PATH, SMALL, VER, WORD, on_panel, select_values, table_number
from bot.panels import Panel, Panels
from bot.pictures import hand_picture, table_picture
from bot.render import awaited, cards_text, clip, panel_text, table_message
from bot.replies import edit_original, send_private, tell_privately, update_clicked
from bot.tables import (
    FINISHED,
    LOBBY,
    PLAYING,
    POSTING,
    RematchOpen,
    Table,
    TableError,
    TableService,
    reason,
)
from games.engine import Game, Move, Step
from games.localize import ENGLISH_CODE, render
from games.text import texts

T, N = texts("bot_ui")

log = logging.getLogger(__name__)

# the bot's default for everything it posts (CardBot): members are pinged, never @everyone or a role
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)

# failed edits of a table message are tried again after these errors, after 1, 2, 4 … RETRY_MOST s
RETRYABLE = (discord.DiscordServerError, aiohttp.ClientError, OSError)
RETRY_FIRST, RETRY_MOST = 1.0, 60.0
REDRAW_PACE = 0.25          # seconds between table messages redrawn at start-up
TOKEN_LIFETIME = 15 * 60    # how long an interaction token works

MAX_ANSWER_BUTTONS = 20     # four rows; the fifth holds navigation
SELECT_PAGE = 25

TABLE_ACTIONS = {
    "join": (T("Join"), SUCCESS),
    "leave": (T("Leave"), SECONDARY),
    "cpu": (T("Add computer"), SECONDARY),
    "start": (T("Start"), PRIMARY),
    "cancel": (T("Cancel"), DANGER),
    "hand": (T("My hand"), PRIMARY),
    "end": (T("End table"), DANGER),
    "back": (T("Take my seat back"), SUCCESS),
    "rematch": (T("Rematch"), SUCCESS),
}


END_QUESTION = {LOBBY: T("Cancel this table for everyone?"), PLAYING: T("End the game for everyone?")}
END_ANSWERS = {"yes": (T("Yes, end it"), DANGER), "no": (T("No, keep playing"), SECONDARY)}
KEPT = T("Nothing changed: the table stays open.")
NOT_PLAYING = T("You are not playing at this table.")
OVER = T("This game is over.")
CLOSED = T("This table is closed.")
MOVED_ON = T("The table moved on since that was shown; here is your current hand.")
NO_HINT = T("No hint: your game has ended.")


def ended(table_id: int) -> str:
    return T("You ended table #{table} for everyone.", table=table_id)


def table_actions(table: Table) -> list[str]:
    if table.status == LOBBY:
        return ["join", "leave"] + (["cpu"] if table.game.computers else []) + ["start", "cancel"]
    if table.status == PLAYING:
        return ["hand", "leave"] + (["back"] if any(s.stand_in for s in table.record.seats) else []) + ["end"]
    if table.status == FINISHED:
        return [] if "rematch" in table.record.meta else ["rematch"]
    return []


def table_link(table: Table) -> str:
    """A jump link to the table message (or the table's number while it has none)."""
    record = table.record
    if record.message_id is None:
        return T("table #{table}", table=table.id)
    return T("table #{table}, {link}", table=table.id,
             link=f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}")


def encode(path: tuple[int, ...]) -> str:
    return ".".join(map(str, path))


def decode(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(".") if x != "")


def is_manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


# --- components ---------------------------------------------------------------------------
# Each class parses its custom ids when a click arrives (``from_custom_id``) and answers it;
# ``custom_id`` writes the id, and the builders below send plain JSON rows (bot.components).

class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"ct:(?P<table>{ID}):(?P<action>{WORD})"):
    def __init__(self, table_id: int, action: str) -> None:
        super().__init__(discord.ui.Button(custom_id=self.id_for(table_id, action)))
        self.table_id, self.action = table_id, action

    @staticmethod
    def id_for(table_id: int, action: str) -> str:
        return f"ct:{table_id}:{action}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(table_number(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.controller.table_click(interaction, self.table_id, self.action)


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"cp:(?P<table>{ID}):(?P<ver>{VER}):(?P<path>{PATH}):(?P<pick>{SMALL})"):
    def __init__(self, table_id: int, version: int, path: str, pick: int) -> None:
        super().__init__(discord.ui.Button(custom_id=self.id_for(table_id, version, path, pick)))
        self.table_id, self.version, self.path, self.pick = table_id, version, path, pick

    @staticmethod
    def id_for(table_id: int, version: int, path: str, pick: int) -> str:
        return f"cp:{table_id}:{version}:{path}:{pick}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]), match["path"], int(match["pick"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.controller.answer(interaction, self.table_id, self.version,
                                                   decode(self.path), self.pick)


class AnswerSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=rf"cs:(?P<table>{ID}):(?P<ver>{VER}):(?P<path>{PATH}):(?P<page>{SMALL})"):
    def __init__(self, table_id: int, version: int, path: str, page: int) -> None:
        super().__init__(discord.ui.Select(custom_id=self.id_for(table_id, version, path, page)))
        self.table_id, self.version, self.path = table_id, version, path

    @staticmethod
    def id_for(table_id: int, version: int, path: str, page: int) -> str:
        return f"cs:{table_id}:{version}:{path}:{page}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]), match["path"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = select_values(interaction)
        if len(values) != 1 or not re.fullmatch(SMALL, values[0]):
            raise BadClick(values)   # the menu offers one answer at a time, by its number
        pick = int(values[0])
        await interaction.client.controller.answer(interaction, self.table_id, self.version,
                                                   decode(self.path), pick)


class NavButton(discord.ui.DynamicItem[discord.ui.Button],
                template=rf"cn:(?P<table>{ID}):(?P<ver>{VER}):(?P<path>{PATH}):(?P<action>{WORD}):(?P<page>{SMALL})"):
    LABELS = {"back": T("◀ Back"), "prev": T("◀ Previous"), "next": T("Next ▶"), "refresh": T("↻ Refresh"),
              "steps": T("💡 Hint"), "cards": T("◀ Select cards"),
              "tip": T("❓ Hint")}

    def __init__(self, table_id: int, version: int, path: str, action: str, page: int = 0) -> None:
        super().__init__(discord.ui.Button(custom_id=self.id_for(table_id, version, path, action, page)))
        self.table_id, self.version, self.path, self.action, self.page = table_id, version, path, action, page

    @staticmethod
    def id_for(table_id: int, version: int, path: str, action: str, page: int = 0) -> str:
        return f"cn:{table_id}:{version}:{path}:{action}:{page}"

    @classmethod
    def make(cls, table_id: int, version: int, path: str, action: str, page: int = 0,
             language: str | None = None) -> Component:
        label = render(cls.LABELS.get(action, action), language or "en")
        return button(cls.id_for(table_id, version, path, action, page), label,
                      PRIMARY if action == "refresh" else SECONDARY)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]), match["path"], match["action"],
                   int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.controller.navigate(interaction, self.table_id, self.version,
                                                     decode(self.path), self.action, self.page)


class CardSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"cm:(?P<table>{ID}):(?P<ver>{VER})"):
    """P4: a multi-select of the hand; choosing redraws the panel with the cards selected."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(discord.ui.Select(custom_id=self.id_for(table_id, version)))
        self.table_id, self.version = table_id, version

    @staticmethod
    def id_for(table_id: int, version: int) -> str:
        return f"cm:{table_id}:{version}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = select_values(interaction)
        if len(values) > MAX_SELECTABLE or not all(v in SELECTABLE for v in values):
            raise BadClick(values)   # the menu offers the cards by their place, below MAX_SELECTABLE
        mask = sum(1 << int(v) for v in set(values))
        await interaction.client.controller.select_cards(interaction, self.table_id, self.version, mask)


class SelectionButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=rf"cy:(?P<table>{ID}):(?P<ver>{VER}):(?P<mask>[0-9a-f]{{1,7}}):(?P<action>play|pass|as\d)"):
    """Play the selected cards (``play``), one reading of them (``as2``), or pass."""

    LABELS = {"play": T("Play selected"), "pass": T("Pass")}

    def __init__(self, table_id: int, version: int, mask: int, action: str) -> None:
        super().__init__(discord.ui.Button(custom_id=self.id_for(table_id, version, mask, action)))
        self.table_id, self.version, self.mask, self.action = table_id, version, mask, action

    @staticmethod
    def id_for(table_id: int, version: int, mask: int, action: str) -> str:
        return f"cy:{table_id}:{version}:{mask:x}:{action}"

    @classmethod
    def make(cls, table_id: int, version: int, mask: int, action: str, label: str | None = None,
             disabled: bool = False, language: str | None = None) -> Component:
        shown = label or render(cls.LABELS.get(action, action), language or "en")
        return button(cls.id_for(table_id, version, mask, action), shown,
                      SECONDARY if action == "pass" else SUCCESS, disabled=disabled)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        on_panel(interaction)
        return cls(table_number(match["table"]), int(match["ver"]), int(match["mask"], 16), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.controller.play_selection(interaction, self.table_id, self.version,
                                                           self.mask, self.action)


class ConfirmEnd(discord.ui.DynamicItem[discord.ui.Button], template=r"ce:(?P<table>\d{1,19}):(?P<answer>yes|no)"):
    """The answer to the private "End the game for everyone?" that End table and Cancel ask."""

    def __init__(self, table_id: int, answer: str) -> None:
        super().__init__(discord.ui.Button(custom_id=self.id_for(table_id, answer)))
        self.table_id, self.answer = table_id, answer

    @staticmethod
    def id_for(table_id: int, answer: str) -> str:
        return f"ce:{table_id}:{answer}"

    @classmethod
    def question(cls, table: Table, language: str) -> Rows:
        rows = Rows()
        for answer, (label, style) in END_ANSWERS.items():
            rows.add(button(cls.id_for(table.id, answer), render(label, language), style))
        return rows

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.controller.confirm_end(interaction, self.table_id, self.answer == "yes")


DYNAMIC_ITEMS = (TableButton, AnswerButton, AnswerSelect, NavButton, CardSelect, SelectionButton, ConfirmEnd,
                 *compose.ITEMS)


class _PictureBuffer(io.BytesIO):
    """A picture's bytes for ``discord.File``, which stubs out its file's ``close`` while sending
    and then sets it back to the file's own bound method: on a plain BytesIO that is a reference
    cycle, so every picture sent waited for a full cycle collection (the bot's memory grew in
    steps under load, ``benchmarks/discord_e2e.py --soak``). Assigning ``close`` does nothing
    here, and closing is not needed: reference counting frees the bytes once sent."""

    close = property(lambda self: _nothing_to_close, lambda self, value: None)


def _nothing_to_close() -> None:
    return None


def picture_file(png: bytes, name: str, description: str | None = None) -> discord.File:
    return discord.File(_PictureBuffer(png), name, description=description)


def pictures_on(table: Table) -> bool:
    return bool(table.record.meta.get("pictures", True)) and table.state is not None and table.status != LOBBY


def table_file(table: Table, embed: discord.Embed, png: bytes | None = None) -> list[discord.File]:
    """The table picture as an attachment shown in the embed (the text stays for screen
    readers); nothing on text-only servers."""
    if not pictures_on(table):
        return []
    embed.set_image(url="attachment://table.png")
    png = png or table_picture(table.view(None), table.raw_names, table.score_unit(), table.language)
    return [picture_file(png, "table.png")]


HAND_PICTURES_KEPT = 128   # hand pictures kept for My hand pressed again (about 15 kB each)


@lru_cache(maxsize=HAND_PICTURES_KEPT)
def _hand_png(hand: tuple[str, ...], language: str = ENGLISH_CODE, four_colour: bool = False) -> bytes:
    return hand_picture(hand, language, four_colour)   # My hand is often pressed again before the hand changes


HAND_PICTURE = "hand.png"
ALT_TEXT_LIMIT = 1024


def hand_alt(table: Table, seat: int, language: str | None = None) -> str | None:
    """The alt text of the seat's hand picture in its reader's ``language``, which names the cards
    it shows (so a panel tells which hand its picture shows); None where pictures are off."""
    if not pictures_on(table):
        return None
    alt = T("Your hand: {cards}", cards=cards_text(table, table.view(seat).hand))
    return clip(table.render(alt, plain=True, language=language), ALT_TEXT_LIMIT)


def hand_attachments(table: Table, seat: int, shown: str | None, language: str | None = None,
                     four_colour: bool = False) -> list[discord.File] | None:
    """The attachments of a panel redrawn over a picture with the alt text ``shown``: None keeps
    that picture (same hand, nothing uploaded), else the hand's picture for a reader of
    ``language`` (the table's by default) with the four-colour deck or not, or none on text-only
    servers."""
    alt = hand_alt(table, seat, language)
    if alt is None:
        return []
    if alt == shown:
        return None
    png = _hand_png(tuple(table.view(seat).hand), language or table.language, four_colour)
    return [picture_file(png, HAND_PICTURE, description=alt)]


def hand_file(table: Table, seat: int, language: str | None = None, four_colour: bool = False) -> list[discord.File]:
    return hand_attachments(table, seat, None, language, four_colour) or []


def shown_hand(message: discord.Message | None) -> str | None:
    """The alt text of the hand picture on a panel message, if it has one."""
    for attachment in getattr(message, "attachments", None) or ():
        if attachment.filename == HAND_PICTURE:
            return attachment.description
    return None


def table_view(table: Table) -> Rows:
    rows = Rows()
    for action in table_actions(table):
        label, style = TABLE_ACTIONS[action]
        rows.add(button(TableButton.id_for(table.id, action), table.render(label, plain=True), style))
    return rows


# --- the hand panel -------------------------------------------------------------------------

def walk(table: Table, seat: int, path: tuple[int, ...]) -> tuple[Step | None, tuple[str, ...]]:
    """The prompt step reached by choosing the answers at ``path``; None if the
    path does not fit the current prompt."""
    prompt = table.prompt(seat)
    labels: list[str] = []
    step = prompt.step(labels)
    for pick in path:
        if step is None or not 0 <= pick < len(step.answers):
            return None, tuple(labels)
        labels.append(step.answers[pick][0])
        step = prompt.step(labels)
    return step, tuple(labels)


MAX_SELECTABLE = 25
SELECTABLE = frozenset(map(str, range(MAX_SELECTABLE)))   # the values of the card multi-select


def selection_cards(table: Table, seat: int) -> list[str] | None:
    """The cards of the seat's P4 multi-select, if its move is chosen that way now."""
    if table.status != PLAYING or table.state is None or seat not in table.to_move():
        return None
    cards = table.game.selectable(table.state, seat)
    return cards if cards and len(cards) <= MAX_SELECTABLE else None


def selection_view(table: Table, seat: int, cards: list[str], mask: int,
                   readings: list[tuple[str, Move]] | None, language: str | None = None,
                   four_colour: bool = False) -> Rows:
    rows, ver = Rows(), table.version
    language = language or table.language
    choices = [option(table.game.card_text(code), str(i), default=bool(mask >> i & 1),
                      emoji=card_emoji(code) if four_colour else None)
               for i, code in enumerate(cards)]
    words = table.game.selection_words(table.state, seat, [c for i, c in enumerate(cards) if mask >> i & 1])
    placeholder = (table.render(words.placeholder, plain=True, language=language) if words else
                   render(T("Select the cards to play"), language))
    rows.add(select(CardSelect.id_for(table.id, ver), choices, placeholder=placeholder,
                    min_values=0, max_values=len(choices)), row=0)
    label = table.render(words.button, plain=True, language=language) if words else None
    rows.add(SelectionButton.make(table.id, ver, mask, "play", label=label, disabled=not mask, language=language),
             row=1)
    passing = next((m for m in table.game.moves(table.state, seat) if m.kind == "pass"), None)
    if passing is not None:   # labelled as the game calls it (Thirteen: "Knock (pass)")
        label = table.game.describe(table.state, seat, passing)[-1][1]
        shown = table.render(label, plain=True, language=language)
        rows.add(SelectionButton.make(table.id, ver, mask, "pass", label=shown), row=1)
    rows.add(NavButton.make(table.id, ver, "", "steps", language=language), row=1)
    for i, (label, _move) in enumerate((readings or [])[:10]):
        shown = render(T("Play as {reading}", reading=label), language)
        rows.add(SelectionButton.make(table.id, ver, mask, f"as{i}", label=shown), row=2 + i // BUTTONS_PER_ROW)
    rows.add(NavButton.make(table.id, ver, "", "refresh", language=language), row=4)
    return rows


def gives_hints(game: Game) -> bool:
    """Whether the game answers a Hint button (`Game.hint`, a solitaire's suggested move)."""
    return type(game).hint is not Game.hint


def panel_view(table: Table, seat: int, path: tuple[int, ...], step: Step | None, page: int,
               steps: bool = False, language: str | None = None, four_colour: bool = False) -> Rows:
    """The panel's buttons; a reader of the four-colour deck sees each one-card answer in its
    suit's colour (bot/deck_colours.py)."""
    rows = Rows()
    language = language or table.language
    p, ver = encode(path), table.version
    nav: list[Component] = []
    if step is not None and table.status == PLAYING:
        answers = step.answers
        if len(answers) <= MAX_ANSWER_BUTTONS:
            for i, (label, _) in enumerate(answers):
                rows.add(button(AnswerButton.id_for(table.id, ver, p, i),
                                table.render(label, plain=True, language=language),
                                button_style(label, SECONDARY) if four_colour else SECONDARY),
                         row=i // BUTTONS_PER_ROW)
        else:
            pages = (len(answers) + SELECT_PAGE - 1) // SELECT_PAGE
            page = max(0, min(page, pages - 1))
            first = page * SELECT_PAGE
            choices = [option(table.render(label, plain=True, language=language), str(first + i),
                              emoji=option_emoji(label) if four_colour else None)
                       for i, (label, _) in enumerate(answers[first:first + SELECT_PAGE])]
            counter = f" ({page + 1}/{pages})" if pages > 1 else ""
            rows.add(select(AnswerSelect.id_for(table.id, ver, p, page), choices,
                            placeholder=table.render(step.question, plain=True, language=language) + counter),
                     row=0)
            if page > 0:
                nav.append(NavButton.make(table.id, ver, p, "prev", page - 1, language))
            if page < pages - 1:
                nav.append(NavButton.make(table.id, ver, p, "next", page + 1, language))
        if not path:
            compose.add_entry_buttons(rows, table, seat, language)
        if path:
            nav.append(NavButton.make(table.id, ver, encode(path[:-1]), "back", language=language))
        elif steps:
            nav.append(NavButton.make(table.id, ver, "", "cards", language=language))
        if not path and gives_hints(table.game):
            nav.append(NavButton.make(table.id, ver, "", "tip", language=language))
    nav.append(NavButton.make(table.id, ver, "", "refresh", language=language))
    for part in nav:
        rows.add(part, row=4)
    return rows


class Controller:
    """Answers clicks: turns them into service calls and redraws what changed."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service
        self._dirty: set[int] = set()
        self._editors: dict[int, asyncio.Task] = {}
        self._retries: dict[int, asyncio.TimerHandle] = {}   # table id: the next try of a failed edit
        self._backoff: dict[int, float] = {}                 # table id: seconds before that try
        self._unposted: set[int] = set()   # open at start-up without a message id: find or post one
        self._redrawing: asyncio.Task | None = None
        self._closing = False
        self.panels = Panels()
        service.listeners.append(self.table_changed)

    async def table_changed(self, table: Table) -> None:
        """Schedule an edit of the public message instead of waiting for it, so the
        click that changed the table is answered first. One editor per table always
        draws the newest state, and a burst of changes costs one edit."""
        self._schedule_edit(table)

    def _schedule_edit(self, table: Table) -> None:
        retry = self._retries.pop(table.id, None)
        if retry is not None:   # a newer change is drawn now, not at the failed edit's next try
            retry.cancel()
        self._dirty.add(table.id)
        editor = self._editors.get(table.id)
        if editor is None or editor.done():
            editor = self._editors[table.id] = asyncio.get_running_loop().create_task(self._edit_loop(table))
            editor.add_done_callback(partial(self._editor_done, table.id))

    def _editor_done(self, table_id: int, editor: asyncio.Task) -> None:
        """Editors are kept only while they run (one per table with changes to show)."""
        if self._editors.get(table_id) is editor:
            del self._editors[table_id]

    async def _edit_loop(self, table: Table) -> None:
        drawn = True
        while table.id in self._dirty:
            self._dirty.discard(table.id)
            pushes = self.panel_pushes(table)
            reaction = table.record.meta.get("reaction")
            # the panels are other messages: edit them alongside the table message
            drawn = (await asyncio.gather(self._edit_table_message(table), *pushes))[0]
            if drawn:
                self.service.shown(table, reaction)
        if not drawn:
            self._retry_later(table)
            return
        self._backoff.pop(table.id, None)
        if table.status not in (LOBBY, PLAYING):   # its end is shown: the store keeps it from now on
            self.panels.forget(table.id)
            self.service.drop_closed(table)

    def _retry_later(self, table: Table) -> None:
        """Try a failed edit again after 1, 2, 4 … up to RETRY_MOST seconds, until it goes through
        (a change of the table meanwhile tries at once)."""
        if self._closing:
            return
        delay = self._backoff[table.id] = min(self._backoff.get(table.id, RETRY_FIRST / 2) * 2, RETRY_MOST)
        self._retries[table.id] = asyncio.get_running_loop().call_later(delay, self._schedule_edit, table)

    async def _edit_table_message(self, table: Table) -> bool:
        """Bring the table message up to date; False after a failure worth trying again (a server
        error or a lost connection: the edit is retried, drawing the table as it is then)."""
        try:
            if table.record.message_id is None and table.id in self._unposted:
                found = await self._answered_message(table)
                if found is None:
                    return await self._post_again(table)
                await self.service.set_message(table, found)
                self._unposted.discard(table.id)
            await self.update_table_message(table)
        except discord.NotFound:   # deleted (by a moderator, say) while the table is open
            return await self._post_again(table)
        except RETRYABLE as e:
            log.warning("table %s: could not edit the table message, will try again: %r", table.id, e)
            return False
        except discord.HTTPException:
            log.exception("table %s: could not edit the table message", table.id)
        return True

    async def _post_again(self, table: Table) -> bool:
        """The table message is gone (or its id was never stored): post a new one in the channel,
        so the players still see the table and whose turn it is. If the bot may not post there,
        the table goes on without one until someone uses /table. False if worth trying again."""
        message_id = None
        try:
            message_id = int((await self.update_table_message(table, post=True))["id"])
        except RETRYABLE as e:
            log.warning("table %s: could not post the table message, will try again: %r", table.id, e)
            return False
        except discord.HTTPException as e:
            log.warning("table %s: its message is gone and a new one could not be posted: %s", table.id, e)
        self._unposted.discard(table.id)
        await self.service.set_message(table, message_id)
        return True

    async def _answered_message(self, table: Table) -> int | None:
        """The id of the message that answered the table's /play (or Rematch) when the process
        stopped before storing it, while that answer's token still works; else None."""
        posting = table.record.meta.get(POSTING)
        if not posting or self.service.clock() - posting["at"] > TOKEN_LIFETIME:
            return None
        answer = discord.Webhook.partial(self.client.application_id, posting["token"], client=self.client)
        try:
            message = await async_context.get().get_original_interaction_response(
                answer.id, posting["token"], session=answer.session, proxy=answer.proxy, proxy_auth=answer.proxy_auth)
        except RETRYABLE:
            raise
        except discord.HTTPException:   # the answer never reached Discord, or the token ran out
            return None
        return int(message["id"])

    def redraw_all(self) -> None:
        """At start-up: bring every open table's message up to date in the background (the last
        edits before a restart may have been lost), finding or posting the message of a table
        whose id was never stored. Paced, so that clicks are not kept waiting behind the edits."""
        self._redrawing = asyncio.get_running_loop().create_task(self._redraw_all())

    async def _redraw_all(self) -> None:
        for table in list(self.service.tables.values()):
            if table.record.message_id is None:
                self._unposted.add(table.id)
            self._schedule_edit(table)
            await asyncio.sleep(REDRAW_PACE)

    async def flush(self) -> None:
        """Wait for pending table-message edits (tests, shutdown); a failed edit waiting to be
        tried again is not waited for."""
        while pending := [t for t in self._editors.values() if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Shutting down: let edits under way finish, and try no failed edit again."""
        self._closing = True
        if self._redrawing is not None:
            self._redrawing.cancel()
        for retry in self._retries.values():
            retry.cancel()
        self._retries.clear()
        await self.flush()

    async def update_table_message(self, table: Table, post: bool = False) -> Any:
        """Edit the table message to show the table now (or ``post`` it as a new message); the
        message as Discord returns it."""
        if table.record.message_id is None and not post:
            return None
        content, embed = table_message(table)
        png = None
        if pictures_on(table):   # drawn off the event loop: clicks keep being answered meanwhile
            png = await asyncio.to_thread(table_picture, table.view(None), table.raw_names, table.score_unit(),
                                          table.language)
        files = table_file(table, embed, png)
        # the HTTP routes themselves: PartialMessage.edit would parse the edited message we never read
        with handle_message_parameters(content=content, embed=embed, view=table_view(table),
                                       **({"files": files} if post else {"attachments": files}),
                                       allowed_mentions=MENTION_USERS,
                                       previous_allowed_mentions=self.client.allowed_mentions) as params:
            if post:
                return await self.client.http.send_message(table.record.channel_id, params=params)
            return await self.client.http.edit_message(table.record.channel_id, table.record.message_id,
                                                       params=params)

    def panel_pushes(self, table: Table) -> list[Coroutine[Any, Any, None]]:
        """Redraws of the hand panel of each player the game now waits for, where the bot can
        still edit it (see bot/panels.py): their turn, or a call they may make, shows up at once."""
        if table.status != PLAYING:
            self.panels.forget(table.id)
            return []
        pushes = []
        for seat in awaited(table, [s for s in table.to_move() if not table.computer_plays(s)]):
            user_id = table.record.seats[seat].user_id
            panel = self.panels.stale(table.id, user_id, table.version) if user_id is not None else None
            if panel is not None:
                language = self.reader(panel.interaction)
                attachments = hand_attachments(table, seat, panel.picture, language, self.service.four_colour(user_id))
                panel.version, panel.picture = table.version, hand_alt(table, seat, language)
                content, view = self.panel(table, seat, (), language=language,
                                           four_colour=self.service.four_colour(user_id))
                pushes.append(self._push(table.id, user_id, panel, content, view, attachments))
        return pushes

    async def _push(self, table_id: int, user_id: int, panel: Panel, content: str, view: Rows,
                    attachments: list[discord.File] | None) -> None:
        try:
            await edit_original(panel.interaction, content, view, attachments)
        except discord.HTTPException as e:   # dismissed by the player, or the token ran out
            log.debug("table %s: could not update the panel of %s: %s", table_id, user_id, e)
            self.panels.forget(table_id, user_id)
        except Exception:   # never let a panel stop the table's editor
            log.exception("table %s: updating the panel of %s failed", table_id, user_id)
            self.panels.forget(table_id, user_id)

    async def post_table(self, interaction: discord.Interaction, table: Table) -> None:
        drawn = table.version
        # noted first: if the process stops before the id below is stored, the next start finds the message
        await self.service.note_posting(table, interaction.token)
        content, embed = table_message(table)
        try:
            sent = await interaction.response.send_message(content=content, embed=embed, view=table_view(table),
                                                           files=table_file(table, embed))
            message_id = sent.message_id if sent is not None else None
            if message_id is None:
                message_id = (await interaction.original_response()).id
        except (discord.HTTPException, *RETRYABLE):
            if table.record.message_id is None:   # a new table whose answer failed: its editor posts it anew
                table.record.meta.pop(POSTING, None)
                self._unposted.add(table.id)
                self._schedule_edit(table)
            raise
        await self.service.set_message(table, message_id)
        if table.version != drawn:  # someone joined (say) before the message id was known
            await self.table_changed(table)

    def reader(self, interaction: discord.Interaction) -> str:
        """The language a member reads their private messages in: their /prefs choice, else
        their Discord client's."""
        return self.service.member_language(interaction.user.id, getattr(interaction.locale, "value", None))

    def say(self, interaction: discord.Interaction, text: str, table: Table | None = None) -> str:
        """``text`` in the member's language (with the seats' names of ``table``, if given)."""
        language = self.reader(interaction)
        return table.render(text, language=language) if table is not None else render(text, language)

    async def error(self, interaction: discord.Interaction, text: str) -> None:
        """A refusal or error (a `Text`), told privately in the member's language."""
        await tell_privately(interaction, self.say(interaction, text))

    # -- the public table message
    async def table_click(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        user = interaction.user
        try:
            table = await self.service.get(table_id)
            if action == "hand":
                return await self.open_panel(interaction, table)
            if action == "rematch":
                new = await self.service.rematch(table_id, user.id, user.display_name)
                return await self.post_table(interaction, new)
            if action == "join":
                await self.service.join(table_id, user.id, user.display_name)
            elif action == "leave":
                await self.service.leave(table_id, user.id)
            elif action == "back":
                await self.service.take_back(table_id, user.id)
            elif action == "cpu":
                await self.service.add_computer(table_id, user.id)
            elif action == "start":
                await self.service.start(table_id, user.id)
            elif action in ("cancel", "end"):
                return await self.ask_to_end(interaction, table)
            else:
                return await self.error(interaction, T("That button is not known."))
        except RematchOpen as e:
            return await self.error(interaction, T("The rematch is already open: {table}.", table=table_link(e.table)))
        except TableError as e:
            return await self.error(interaction, reason(e))
        # the service's listener already edited the message; acknowledge the click silently
        if not interaction.response.is_done():
            await interaction.response.defer()

    async def ask_to_end(self, interaction: discord.Interaction, table: Table) -> None:
        """End table / Cancel ends everything in one click: ask privately first. Who may not end
        the table is told so at once."""
        self.service.check_may_cancel(table, interaction.user.id, is_manager(interaction))
        language = self.reader(interaction)
        await send_private(interaction, render(END_QUESTION.get(table.status, END_QUESTION[PLAYING]), language),
                           ConfirmEnd.question(table, language))

    async def confirm_end(self, interaction: discord.Interaction, table_id: int, yes: bool) -> None:
        """Yes or No to "End the game for everyone?": the private question becomes the answer."""
        if not yes:
            return await update_clicked(interaction, self.say(interaction, KEPT), Rows())
        try:
            await self.service.cancel(table_id, interaction.user.id, is_admin=is_manager(interaction))
        except TableError as e:
            return await update_clicked(interaction, self.say(interaction, reason(e)), Rows())
        await update_clicked(interaction, self.say(interaction, ended(table_id)), Rows())

    async def open_panel(self, interaction: discord.Interaction, table: Table) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return await self.error(interaction, NOT_PLAYING)
        if table.status == LOBBY:
            return await self.error(interaction, T("The game has not started yet."))
        language = self.reader(interaction)
        drawn, picture = table.version, hand_alt(table, seat, language)
        content, view = self.panel(table, seat, (), language=language,
                                   four_colour=self.service.four_colour(interaction.user.id))
        await send_private(interaction, content, view,
                           hand_file(table, seat, language, self.service.four_colour(interaction.user.id)))
        self.panels.drawn(table.id, interaction.user.id, interaction, drawn, picture)

    def panel(self, table: Table, seat: int, path: tuple[int, ...], page: int = 0,
              note: str | None = None, steps: bool = False, mask: int = 0,
              readings: list[tuple[str, Move]] | None = None, language: str | None = None,
              four_colour: bool = False, composing: compose.Composing | None = None) -> tuple[str, Rows]:
        """The seat's hand panel, in its reader's ``language`` and deck colours."""
        if composing is not None and table.status == PLAYING:
            return compose.panel(table, seat, composing, note, language or table.language, four_colour)
        cards = selection_cards(table, seat) if not path and not steps else None
        if cards is not None:
            chosen = [c for i, c in enumerate(cards) if mask >> i & 1]
            words = table.game.selection_words(table.state, seat, chosen)
            question = (words.question if words else
                        T("Selected: {cards}. Press Play selected.", cards=cards_text(table, chosen)) if chosen else
                        T("Select the cards to play, then press Play selected (💡 Hint lists your plays)."))
            if readings:
                question = T("Those cards can be played more than one way: which?")
            return (panel_text(table, seat, question, note, language, four_colour),
                    selection_view(table, seat, cards, mask, readings, language, four_colour))
        step, _ = walk(table, seat, path) if table.status == PLAYING else (None, ())
        if step is None and path:
            step, path = walk(table, seat, ())[0], ()
        question = step.question if step is not None else None
        return (panel_text(table, seat, question, note, language, four_colour),
                panel_view(table, seat, path, step, page, steps, language, four_colour))

    async def redraw(self, interaction: discord.Interaction, table: Table, seat: int,
                     path: tuple[int, ...] = (), page: int = 0, note: str | None = None, **mode) -> None:
        """Redraw the panel in place, with the picture of the hand it shows. The picture is
        uploaded only when the hand changed (a move, not the browsing clicks before it): the
        panel's picture names its hand in its alt text."""
        language = self.reader(interaction)
        content, view = self.panel(table, seat, path, page, note, language=language,
                                   four_colour=self.service.four_colour(interaction.user.id), **mode)
        attachments = hand_attachments(table, seat, shown_hand(interaction.message), language,
                                       self.service.four_colour(interaction.user.id))
        # recorded first: the table's editor must not push this panel while the answer is on its way
        self.panels.drawn(table.id, interaction.user.id, interaction, table.version, hand_alt(table, seat, language))
        await update_clicked(interaction, content, view, attachments)

    # -- the private panel
    async def _seat(self, interaction: discord.Interaction, table_id: int) -> tuple[Table, int] | None:
        try:
            table = await self.service.get(table_id)
        except TableError as e:
            await self.error(interaction, reason(e))
            return None
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await self.error(interaction, NOT_PLAYING)
            return None
        return table, seat

    async def answer(self, interaction: discord.Interaction, table_id: int, version: int,
                     path: tuple[int, ...], pick: int) -> None:
        found = await self._seat(interaction, table_id)
        if found is None:
            return
        table, seat = found
        if table.status != PLAYING:
            return await self.redraw(interaction, table, seat, note=OVER if table.status == FINISHED else CLOSED)
        if version != table.version:
            return await self.redraw(interaction, table, seat, note=MOVED_ON)
        step, _ = walk(table, seat, path)
        if step is None or not 0 <= pick < len(step.answers):
            return await self.redraw(interaction, table, seat, note=T("That choice is no longer available."))
        label, move = step.answers[pick]
        if move is None:
            return await self.redraw(interaction, table, seat, path + (pick,))
        await self.play(interaction, table, seat, move, version)

    async def play(self, interaction: discord.Interaction, table: Table, seat: int, move: Move, version: int) -> None:
        try:
            await self.service.act(table.id, interaction.user.id, version, move)
        except TableError as e:   # StaleMove too: the panel is redrawn as the table is now
            return await self.redraw(interaction, table, seat, note=reason(e))
        await self.redraw(interaction, table, seat)

    async def navigate(self, interaction: discord.Interaction, table_id: int, version: int,
                       path: tuple[int, ...], action: str, page: int) -> None:
        found = await self._seat(interaction, table_id)
        if found is None:
            return
        table, seat = found
        if action == "refresh" or version != table.version:
            return await self.redraw(interaction, table, seat)
        if action == "steps":
            return await self.redraw(interaction, table, seat, steps=True)
        if action == "tip":    # private to the asker, and not a move: the game is left as it is
            return await self.redraw(interaction, table, seat, note=table.game.hint(table.state, seat) or NO_HINT)
        await self.redraw(interaction, table, seat, path, page if action in ("prev", "next") else 0,
                          steps=action in ("prev", "next") and not path and selection_cards(table, seat) is not None)

    # -- choosing cards in one multi-select (P4)
    async def _current(self, interaction: discord.Interaction, table_id: int, version: int) -> tuple[Table, int] | None:
        """The clicking member's table and seat, if the panel is current (else it is redrawn)."""
        found = await self._seat(interaction, table_id)
        if found is None:
            return None
        table, seat = found
        if table.status != PLAYING:
            await self.redraw(interaction, table, seat, note=OVER if table.status == FINISHED else CLOSED)
            return None
        if version != table.version:
            await self.redraw(interaction, table, seat, note=MOVED_ON)
            return None
        return table, seat

    async def select_cards(self, interaction: discord.Interaction, table_id: int, version: int, mask: int) -> None:
        found = await self._current(interaction, table_id, version)
        if found is not None:
            await self.redraw(interaction, *found, mask=mask)

    async def play_selection(self, interaction: discord.Interaction, table_id: int, version: int, mask: int,
                             action: str) -> None:
        found = await self._current(interaction, table_id, version)
        if found is None:
            return
        table, seat = found
        game, state = table.game, table.state
        if action == "pass":
            passing = [m for m in game.moves(state, seat) if m.kind == "pass"]
            if not passing:
                return await self.redraw(interaction, table, seat, mask=mask, note=T("You cannot pass now."))
            return await self.play(interaction, table, seat, passing[0], version)
        cards = [c for i, c in enumerate(selection_cards(table, seat) or []) if mask >> i & 1]
        if not cards:
            return await self.redraw(interaction, table, seat, note=T("Select the cards to play first."))
        moves = game.moves_for(state, seat, cards)
        if not moves:
            return await self.redraw(interaction, table, seat, mask=mask, note=game.why_not(state, seat, cards))
        if action.startswith("as") and action[2:].isdigit() and int(action[2:]) < len(moves):
            return await self.play(interaction, table, seat, moves[int(action[2:])], version)
        if len(moves) == 1:
            return await self.play(interaction, table, seat, moves[0], version)
        language = self.reader(interaction)
        readings = [(" · ".join(table.render(label, plain=True, language=language)
                                for _q, label in game.describe(state, seat, m)), m) for m in moves]
        await self.redraw(interaction, table, seat, mask=mask, readings=readings)
