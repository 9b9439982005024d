"""/prefs deck: a member who chose the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green) gets
hand pictures in four colours; everyone else's, and the public table picture, keep two; the
choice is kept across a restart (issue 14)."""

from __future__ import annotations

import io

import discord
from PIL import Image

from bot.pictures import hand_picture, table_picture
from bot.tables import TableService
from games import cards as C
from tests.bot.sim import fetch, table_id
from tests.bot.test_push import hand_png
from tests.test_pictures import blue_pixels, green_pixels, red_pixels


def suits(hand) -> set[str]:
    return {C.card(code).suit for code in hand if not C.is_joker(code)}


async def test_four_colours_show_on_the_choosers_hand_only_and_survive_a_restart(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    answer = (await alice.slash(channel, "prefs", deck="four")).response.content
    assert "four colours" in answer
    message = (await alice.slash(channel, "play", game="crazy_eights", options="hand_size=10")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    shown = {}
    for member in (alice, bob):
        panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response
        png = hand_png(env, await fetch(env, channel, panel.message.id))
        hand = table.view(table.seat_of(member.id)).hand
        shown[member.id] = (Image.open(io.BytesIO(png)), suits(hand))
        assert png == hand_picture(hand, four_colour=member is alice)

    picture, held = shown[alice.id]
    assert (blue_pixels(picture) > 0) == ("D" in held), "alice's diamonds are blue"
    assert (green_pixels(picture) > 0) == ("C" in held), "alice's clubs are green"
    assert (red_pixels(picture) > 0) == ("H" in held), "only alice's hearts are red"
    picture, held = shown[bob.id]
    assert blue_pixels(picture) == 0 and green_pixels(picture) == 0, "bob's deck has two colours"
    assert (red_pixels(picture) > 0) == bool(held & {"H", "D"}), "bob's diamonds stay red"
    [public] = [a for a in (await fetch(env, channel, message.id)).attachments if a.filename == "table.png"]
    assert env.backend.cdn.get(public.url) == table_picture(table.view(None), table.raw_names, table.score_unit()), \
        "the table picture everyone sees keeps two colours"

    again = TableService(env.bot.service.store, ai_iterations=10, ai_seconds=None)
    await again.load()
    assert again.four_colour(alice.id) and not again.four_colour(bob.id)
    answer = (await alice.slash(channel, "prefs", deck="two")).response.content
    assert "two colours" in answer and not env.bot.service.four_colour(alice.id)


async def test_the_four_colour_deck_colours_the_hand_text_and_the_card_buttons_of_its_chooser_only(simcord_env):
    """Issue 14, /prefs deck: "a four-colour deck … for pictures and text badges". Alice chose four
    colours: her panel writes each card with its suit's badge (🔵 diamonds, 🟢 clubs, 🔴 hearts,
    ⚫ spades) and her one-card buttons take their suit's colour; Bob's panel is unchanged."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "prefs", deck="four")
    message = (await alice.slash(channel, "play", game="crazy_eights", options="hand_size=5")).response.message
    tid = table_id(message)
    await bob.click(message, custom_id=f"ct:{tid}:join")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = env.bot.service.tables[tid]
    badge = {"S": "⚫", "H": "🔴", "D": "🔵", "C": "🟢"}
    colour = {"S": discord.ButtonStyle.secondary, "H": discord.ButtonStyle.danger,
              "D": discord.ButtonStyle.primary, "C": discord.ButtonStyle.success}
    for member in (alice, bob):
        seat = table.seat_of(member.id)
        panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response.message
        hand = table.view(seat).hand
        for code in hand:
            card = C.card(code)
            if card.is_joker:
                continue
            shown = f"{badge[card.suit]}{C.text(code)}"
            assert (shown in panel.content) == (member is alice), (member.name, shown, panel.content)
        if seat not in table.to_move():
            continue
        buttons = {child.label: child.style for row in panel.components for child in row.children
                   if str(getattr(child, "custom_id", "")).startswith("cp:") and child.label in map(C.text, hand)}
        playable = any(m.kind == "play" for m in table.game.moves(table.state, seat))
        assert bool(buttons) == playable, "the player to move has a button per playable card"
        for label, style in buttons.items():
            suit = next(C.card(c).suit for c in hand if C.text(c) == label)
            expected = colour[suit] if member is alice else discord.ButtonStyle.secondary
            assert style == expected, (member.name, label, style)
