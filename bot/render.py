"""Text for the table message and the private hand panel, built from views only.

Nothing here reads a game state: the table message shows ``view(None)`` (what
onlookers may see) and a panel shows ``view(seat)``, so a hidden card cannot
reach the wrong member."""

from __future__ import annotations

from functools import cache
from typing import Any

import discord

from bot.tables import CANCELLED, FINISHED, LOBBY, PLAYING, Table
from games.common.table import plural, score_text
from games.engine import View
from games.options import Options, value_text

COLOUR = {LOBBY: discord.Colour.blurple(), PLAYING: discord.Colour.green(),
          FINISHED: discord.Colour.gold(), CANCELLED: discord.Colour.dark_grey()}
DESCRIPTION_LIMIT = 4000


def player_count(table: Table) -> str:
    counts = table.player_counts()
    low, high = counts.start, counts.stop - 1
    return f"{low} players" if low == high else f"{low}–{high} players"


def seat_label(table: Table, seat: int) -> str:
    record = table.record.seats[seat]
    if record.computer:
        return f"🤖 {record.name}"
    if record.stand_in:
        return f"🤖 computer for <@{record.user_id}>"
    return f"<@{record.user_id}>"


@cache
def _defaults(options: type[Options]) -> dict[str, Any]:
    return {info.name: info.default for info in options.describe()}


def options_text(table: Table) -> str:
    """The options that differ from the game's defaults, as /play takes them."""
    defaults = _defaults(table.game.Options)
    changed = [f"{k}={value_text(v)}" for k, v in table.record.options.items() if defaults.get(k, v) != v]
    return ", ".join(changed) or "defaults"


def cards_text(table: Table, codes: list[str]) -> str:
    return " ".join(map(table.game.card_text, codes)) if codes else "—"


def pile_lines(table: Table, view: View) -> list[str]:
    lines = []
    for pile in view.piles:
        name = table.render(pile.name)
        if not pile.count:
            body = "empty"
        elif len(pile.cards) == pile.count:
            body = cards_text(table, pile.cards)
        elif pile.cards:
            body = f"{cards_text(table, pile.cards)} ({plural(pile.count, 'card')})"
        else:
            body = plural(pile.count, "card")
        lines.append(f"**{name}:** {body}")
    return lines


def seat_lines(table: Table, view: View) -> list[str]:
    lines = []
    unit = table.score_unit()
    for sv in view.seats:
        turn = "▶ " if sv.seat in view.to_move else ""
        score = "" if sv.score is None else f" · {score_text(sv.score, unit)}"
        notes = ", ".join(table.render(n) for n in sv.notes)
        notes = f" · {notes}" if notes else ""
        lines.append(f"{turn}{seat_label(table, sv.seat)} · {plural(sv.cards, 'card')}{score}{notes}")
    return lines


def clip(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def awaited(table: Table, seats: list[int]) -> list[int]:
    """The seats to ping: everyone a reaction window asks, otherwise only those whose move the
    game waits for (not those who may call or catch if they like)."""
    game, state = table.game, table.state
    if game.reaction(state) is not None:
        return seats
    return [seat for seat in seats if game.timeout_move(state, seat) is None]


def table_message(table: Table) -> tuple[str, discord.Embed]:
    """Content (mentions of whoever must act) and the embed of the public table message."""
    game, record = table.game, table.record
    embed = discord.Embed(colour=COLOUR.get(record.status, discord.Colour.default()))
    embed.set_footer(text=f"Table #{table.id} · {game.key} · options: {options_text(table)}")
    title = table.render(game.title)
    if record.status == LOBBY:
        embed.title = f"{title}: waiting for players"
        seats = "\n".join(f"{i + 1}. {seat_label(table, i)}{' (host)' if s.user_id == record.host_id else ''}"
                          for i, s in enumerate(record.seats))
        summary = table.render(game.summary)
        embed.description = clip(f"{summary}\n\n**Seats** ({len(record.seats)}, {player_count(table)}):\n"
                                 f"{seats}\n\nPress **Join** to sit down. The host presses **Start**.")
        return "", embed
    if table.state is None:
        embed.title = f"{title}: closed"
        embed.description = "This table was closed before the game started."
        return "", embed
    view = table.view(None)
    embed.title = title + {FINISHED: ": game over", CANCELLED: ": closed"}.get(record.status, "")
    parts = [f"**{table.render(view.status)}**"]
    parts += [table.render(f) for f in view.facts]
    parts += [""] + pile_lines(table, view) + [""] + seat_lines(table, view)
    said = {text.rstrip(".") for text in [table.render(view.status), *(table.render(f) for f in view.facts)]}
    lines = [table.render(line) for line in table.recent]
    recent = [line for line in lines if line.rstrip(".") not in said]   # "p0 wins!" is the status
    if recent:
        parts += ["", "**Recent**"] + [f"• {line}" for line in recent]
    content = ""
    if record.status == PLAYING:
        humans = awaited(table, [seat for seat in view.to_move if not table.computer_plays(seat)])
        if humans:
            content = "Your move: " + " ".join(f"<@{record.seats[s].user_id}>" for s in humans)
            if table.deadline is not None:
                content += f" · time runs out <t:{int(table.deadline)}:R>"
        parts += ["", "Press **My hand** to see your cards and play."]
        if any(s.stand_in for s in record.seats):
            parts.append("Left or ran out of time? **Take my seat back** returns your seat to you.")
    embed.description = clip("\n".join(parts))
    return content, embed


def panel_text(table: Table, seat: int, question: str | None, note: str | None = None,
               language: str | None = None) -> str:
    """The private panel in its reader's ``language``: the seat's hand, a private line, and what to do."""
    view = table.view(seat)

    def render(text: str) -> str:
        return table.render(text, language=language)

    lines = []
    if note:
        lines.append(f"⚠️ {note}")
    lines.append(f"**{render(table.game.title)}**, table #{table.id}: {render(view.status)}")
    lines.append(f"**Your hand ({len(view.hand)}):** {cards_text(table, view.hand)}")
    private = table.private.get(seat)
    if private:
        lines.append(f"_{render(private)}_")
    if table.status == PLAYING:
        prompt = table.prompt(seat)
        lines.append(render(prompt.text))
        if question:
            lines.append(f"**{render(question)}**")
    elif table.status == FINISHED:
        result = render(view.result or "The game is over.")
        if result != render(view.status):
            lines.append(result)
    else:
        lines.append("This table is closed.")
    return clip("\n".join(lines), 1900)
