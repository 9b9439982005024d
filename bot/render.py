"""Text for the table message and the private hand panel, built from views only.

Nothing here reads a game state: the table message shows ``view(None)`` (what
onlookers may see) and a panel shows ``view(seat)``, so a hidden card cannot
reach the wrong member."""

from __future__ import annotations

from functools import cache
from typing import Any

import discord

from bot.deck_colours import badged
from bot.tables import CANCELLED, FINISHED, LOBBY, PLAYING, Table
from games.engine import COLUMN, View, players_text
from games.localize import listed
from games.options import Options, value_text
from games.text import Text, texts

T, N = texts("bot_render")

COLOUR = {LOBBY: discord.Colour.blurple(), PLAYING: discord.Colour.green(),
          FINISHED: discord.Colour.gold(), CANCELLED: discord.Colour.dark_grey()}
DESCRIPTION_LIMIT = 4000


def player_count(table: Table) -> Text:
    return players_text(table.player_counts())


def seat_label(table: Table, seat: int) -> str:
    record = table.record.seats[seat]
    if record.computer:
        return f"🤖 {record.name}"
    if record.stand_in:
        return T("🤖 computer for {member}", member=f"<@{record.user_id}>")
    return f"<@{record.user_id}>"


def card_count(n: int) -> Text:
    return N("{n} card", "{n} cards", n)


def score_line(score: float, unit: tuple[str, str]) -> Text:
    """A score with what it counts, "12 points" (the unit is the game's word)."""
    return T("{score} {unit}", score=score, unit=unit[0] if score == 1 else unit[1])


@cache
def _defaults(options: type[Options]) -> dict[str, Any]:
    return {info.name: info.default for info in options.describe()}


def options_text(table: Table) -> str:
    """The options that differ from the game's defaults, as /play takes them."""
    defaults = _defaults(table.game.Options)
    changed = [f"{k}={value_text(v)}" for k, v in table.record.options.items() if defaults.get(k, v) != v]
    return ", ".join(changed) or T("defaults")


def cards_text(table: Table, codes: list[str], four_colour: bool = False) -> str:
    """Cards as the game writes them; with a badge of its suit's colour before each one for a
    reader of the four-colour deck."""
    if not codes:
        return "—"
    if four_colour:
        return " ".join(badged(code, table.game.card_text(code)) for code in codes)
    return " ".join(map(table.game.card_text, codes))


def pile_lines(table: Table, view: View) -> list[str]:
    lines = []
    for pile in view.piles:
        if pile.layout == COLUMN:    # the game writes its columns itself
            continue
        if not pile.count:
            body: str = T("empty")
        elif len(pile.cards) == pile.count:
            body = cards_text(table, pile.cards)
        elif pile.cards:
            body = N("{cards} ({n} card)", "{cards} ({n} cards)", pile.count, cards=cards_text(table, pile.cards))
        else:
            body = card_count(pile.count)
        lines.append(table.render(T("**{pile}:** {cards}", pile=pile.name, cards=body)))
    return lines


def seat_lines(table: Table, view: View) -> list[str]:
    """One line per seat: turn marker, who, card count, score and notes, parted by " · "."""
    lines = []
    unit = table.score_unit()
    for sv in view.seats:
        parts = [seat_label(table, sv.seat), card_count(sv.cards)]
        if sv.score is not None:
            parts.append(score_line(sv.score, unit))
        shown = [table.render(part) for part in parts]
        if sv.notes:
            shown.append(listed([table.render(n) for n in sv.notes], table.language))
        turn = "▶ " if sv.seat in view.to_move else ""
        lines.append(turn + " · ".join(shown))
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


TITLES = {FINISHED: lambda game: T("{game}: game over", game=game),
          CANCELLED: lambda game: T("{game}: closed", game=game)}


def lobby_seat(table: Table, seat: int) -> str:
    label = seat_label(table, seat)
    host = table.record.seats[seat].user_id == table.record.host_id
    return table.render(T("{seat} (host)", seat=label)) if host else table.render(label)


def table_message(table: Table) -> tuple[str, discord.Embed]:
    """Content (mentions of whoever must act) and the embed of the public table message."""
    game, record = table.game, table.record
    embed = discord.Embed(colour=COLOUR.get(record.status, discord.Colour.default()))
    say = table.render
    embed.set_footer(text=say(T("Table #{table} · {game} · options: {options}", table=table.id, game=game.key,
                                options=options_text(table))))
    if record.status == LOBBY:
        embed.title = say(T("{game}: waiting for players", game=game.title))
        seats = "\n".join(f"{i + 1}. {lobby_seat(table, i)}" for i in range(len(record.seats)))
        embed.description = clip(say(T("{summary}\n\n**Seats** ({n}, {players}):\n{seats}\n\n"
                                       "Press **Join** to sit down. The host presses **Start**.",
                                       n=len(record.seats), summary=game.summary, players=player_count(table),
                                       seats=seats)))
        return "", embed
    if table.state is None:
        embed.title = say(T("{game}: closed", game=game.title))
        embed.description = say(T("This table was closed before the game started."))
        return "", embed
    view = table.view(None)
    embed.title = say(TITLES[record.status](game.title) if record.status in TITLES else game.title)
    parts = [f"**{table.render(view.status)}**"]
    parts += [table.render(f) for f in view.facts]
    parts += [""] + pile_lines(table, view) + [""] + seat_lines(table, view)
    said = {text.rstrip(".") for text in [table.render(view.status), *(table.render(f) for f in view.facts)]}
    lines = [table.render(line) for line in table.recent]
    recent = [line for line in lines if line.rstrip(".") not in said]   # "p0 wins!" is the status
    if recent:
        parts += ["", f"**{say(T('Recent'))}**"] + [f"• {line}" for line in recent]
    content = ""
    if record.status == PLAYING:
        humans = awaited(table, [seat for seat in view.to_move if not table.computer_plays(seat)])
        if humans:
            members = " ".join(f"<@{record.seats[s].user_id}>" for s in humans)
            content = say(T("Your move: {members}", members=members) if table.deadline is None else
                          T("Your move: {members} · time runs out {when}", members=members,
                            when=f"<t:{int(table.deadline)}:R>"))
        parts += ["", say(T("Press **My hand** to see your cards and play."))]
        if any(s.stand_in for s in record.seats):
            parts.append(say(T("Left or ran out of time? **Take my seat back** returns your seat to you.")))
    embed.description = clip("\n".join(parts))
    return content, embed


def panel_text(table: Table, seat: int, question: str | None, note: str | None = None,
               language: str | None = None, four_colour: bool = False) -> str:
    """The private panel in its reader's ``language``: the seat's hand, a private line, and what to do."""
    view = table.view(seat)

    def render(text: str) -> str:
        return table.render(text, language=language)

    lines = []
    if note:
        lines.append(f"⚠️ {render(note)}")
    lines.append(render(T("**{game}**, table #{table}: {status}", game=table.game.title, table=table.id,
                          status=view.status)))
    grouped = table.game.hand_text(view.hand)
    hand = render(grouped) if grouped else cards_text(table, view.hand, four_colour)
    lines.append(render(T("**Your hand ({n}):** {cards}", n=len(view.hand), cards=hand)))
    lines += [f"🔒 {render(line)}" for line in view.private]   # what only this seat may read (a team's signals)
    private = table.private.get(seat)
    if private:
        lines.append(f"_{render(private)}_")
    if table.status == PLAYING:
        prompt = table.prompt(seat)
        lines.append(render(prompt.text))
        if question:
            lines.append(f"**{render(question)}**")
    elif table.status == FINISHED:
        result = render(view.result or T("The game is over."))
        if result != render(view.status):
            lines.append(result)
    else:
        lines.append(render(T("This table is closed.")))
    return clip("\n".join(lines), 1900)
