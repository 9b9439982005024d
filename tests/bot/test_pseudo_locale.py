"""Every text a player reads passes through the message catalog (issue 14): each game played to the
end through the Discord simulation with every client and the server in the pseudo-locale, where every
catalog message reads accented, longer and marked ⟦…⟧. A word of English left anywhere on the table
message, a hand panel or a button is a text that skipped the catalog; and nothing may overflow
Discord's limits, even a third longer."""

from __future__ import annotations

import random
import re

import discord
import pytest
import simcord.interactions

from bot.render import awaited
from games.localize import PSEUDO_CLOSE, PSEUDO_OPEN
from games.registry import GAMES
from tests.bot.sim import CARD, custom_ids, fetch, table_id, text_of
from tests.bot.test_e2e import E2E, still_clock

NAMES = ("alice", "bob", "cleo", "dev")
MARKED = re.compile(re.escape(PSEUDO_OPEN) + r"[^" + re.escape(PSEUDO_OPEN + PSEUDO_CLOSE) + r"]*"
                    + re.escape(PSEUDO_CLOSE))
CLIPPED = re.compile(re.escape(PSEUDO_OPEN) + ".*$", re.S)
# what may stay as it is in any language: mentions, times, cards, names, numbers, game keys and
# option settings (they are typed in commands), table numbers
KEPT = re.compile(r"<[@#]!?\d+>|<t:\d+:\w>|" + CARD.pattern + "|" + "|".join(NAMES)
                  + r"|\b(?:" + "|".join(GAMES) + r")\b|\b\w+=\S+|#\d+|\d+")
WORD = re.compile(r"[A-Za-z]{2,}")
LIMITS = {"button": 80, "option": 100, "field": 1024, "content": 2000, "description": 4096}


def untranslated(text: str) -> list[str]:
    """The English words left in ``text`` once every catalog message (innermost first) is removed;
    a message cut short where the bot clips a long label runs to the end."""
    while True:
        shorter = MARKED.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    text = CLIPPED.sub(" ", text)
    return WORD.findall(KEPT.sub(" ", text))


def pieces(message: discord.Message) -> list[tuple[str, str]]:
    """(kind, text) of everything a member reads on a message."""
    out = [("content", message.content or "")]
    for embed in message.embeds:
        out += [("title", embed.title or ""), ("description", embed.description or ""),
                ("footer", embed.footer.text if embed.footer and embed.footer.text else "")]
        out += [("field", f"{f.name}\n{f.value}") for f in embed.fields]
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "label", None):
                out.append(("button", child.label))
            if getattr(child, "placeholder", None):
                out.append(("option", child.placeholder))
            for option in getattr(child, "options", []) or []:
                out.append(("option", option.label))
    return out


def check(message: discord.Message, where: str, problems: list[str]) -> None:
    for kind, text in pieces(message):
        words = untranslated(text)
        if words:
            problems.append(f"{where} {kind}: {words[:6]} in {text[:200]!r}")
        if len(text) > LIMITS.get(kind, 4096):
            problems.append(f"{where} {kind} is {len(text)} characters: {text[:80]!r}…")


@pytest.fixture
def pseudo_clients(monkeypatch):
    original = simcord.interactions.base_payload

    def payload(*args, **kwargs):
        record, data = original(*args, **kwargs)
        data["locale"] = "pseudo"
        if "guild_locale" in data:
            data["guild_locale"] = "pseudo"
        return record, data

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_every_text_of_a_whole_game_passes_through_the_catalog(simcord_env, pseudo_clients, key):
    env = simcord_env
    humans, computers, options = E2E[key]
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    await env.bot.store.set_setting(guild.id, "timer", 0)
    members = [guild.add_member(env.create_user(name)) for name in NAMES[:humans]]
    message = (await members[0].slash(channel, "play", game=key,
                                      **({"options": options} if options else {}))).response.message
    tid = table_id(message)
    for m in members[1:]:
        await m.click(message, custom_id=f"ct:{tid}:join")
    for _ in range(computers):
        await members[0].click(message, custom_id=f"ct:{tid}:cpu")
    still_clock(env, key)
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = await env.bot.service.get(tid)   # from the store if already over (Envite: a trawl can end it unasked)
    assert table.language == "pseudo"
    rng, problems = random.Random(5), []
    for turn in range(600):
        await env.bot.service.idle()
        await env.bot.controller.flush()
        if turn % 3 == 2 and table.deadline is None:
            await env.advance_time(16 * 60)
        await env.settle()
        message = await fetch(env, channel, message.id)
        check(message, "table message", problems)
        if table.status != "playing" or len(problems) > 20:
            break
        humans_to_move = [s for s in table.to_move() if not table.record.seats[s].computer]
        movers = [table.record.seats[s].user_id for s in awaited(table, humans_to_move) or humans_to_move]
        member = next(m for m in members if m.id == movers[0])
        panel = (await member.click(message, custom_id=f"ct:{tid}:hand")).response
        version = table.version
        for _ in range(8):
            check(panel.message, "hand panel", problems)
            answers = [c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:"))]
            hint = [c for c in custom_ids(panel.message) if c.startswith("cn:") and ":steps:" in c]
            if not answers and hint:
                panel = (await member.click(panel.message, custom_id=hint[0])).response
                continue
            assert answers, f"no answers offered: {panel.content}"
            pick = rng.choice(answers)
            if pick.startswith("cs:"):
                choices = panel.message.components[0].children[0].options
                panel = (await member.select(panel.message, [rng.choice(choices).value], custom_id=pick)).response
            else:
                panel = (await member.click(panel.message, custom_id=pick)).response
            if table.version != version:
                check(panel.message, "hand panel", problems)
                break
    assert not problems, "\n".join(dict.fromkeys(problems))
    assert table.status == "finished"
    check(await fetch(env, channel, message.id), "final table message", problems)
    assert not problems, "\n".join(dict.fromkeys(problems))
    assert text_of(message)


async def test_every_text_of_a_pirate_race_in_ticks_passes_through_the_catalog(simcord_env, pseudo_clients, clock):
    """Pirate's default mode, ticks on the clock (the whole-game test above plays mode auto, whose clock
    the simulation cannot run): a race against a computer, the table message read every tenth tick and the
    hand panel now and then, pressing its buttons."""
    env = simcord_env
    service = env.bot.service
    service.clock = clock
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    message = (await alice.slash(channel, "play", game="pirate", options="tick_seconds=2")).response.message
    tid = table_id(message)
    await alice.click(message, custom_id=f"ct:{tid}:cpu")
    await alice.click(message, custom_id=f"ct:{tid}:start")
    table = await service.get(tid)
    rng, problems = random.Random(7), []
    for turn in range(3000):
        if table.status != "playing" or len(problems) > 20:
            break
        await env.bot.controller.flush()   # the tick's table edit goes out now, not after the edit pacing
        if turn % 10 == 0:
            check(await fetch(env, channel, message.id), "table message", problems)
        if turn in (5, 150):   # a panel stays live, edited every tick: two looks are enough
            panel = (await alice.click(message, custom_id=f"ct:{tid}:hand")).response
            check(panel.message, "hand panel", problems)
            answers = [c for c in custom_ids(panel.message) if c.startswith("cp:") and "auto" not in c]
            if answers:   # any press but Auto (an autopilot left off would make the race run long)
                check((await alice.click(panel.message, custom_id=rng.choice(answers))).response.message,
                      "hand panel", problems)
        if table.status != "playing":
            break
        clock.now = table.deadline + 0.5
        await service.tick()
        await service.idle()
        if table.state.paused:
            await service.act(tid, alice.id, table.version, "go_on")
    assert table.status == "finished"
    await env.bot.controller.flush()
    check(await fetch(env, channel, message.id), "final table message", problems)
    assert not problems, "\n".join(dict.fromkeys(problems))
