"""The unmodified bot, discord.py included, against SimCord: whole games from
/play to the result, clicked through the real buttons, and every error case."""

from __future__ import annotations

import random

import pytest

from bot.render import awaited
from games import cards as C
from games.registry import GAMES
from tests.bot.sim import CARD, button, custom_ids, fetch, table_id, text_of


async def setup_table(env, key: str, humans: int, computers: int, options: str | None = None):
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    # whole games here are played with jumps in time (below): no turn timer, see test_timers.py
    await env.bot.store.set_setting(guild.id, "timer", 0)
    members = [guild.add_member(env.create_user(name)) for name in ["alice", "bob", "cleo", "dev"][:humans]]
    kwargs = {"game": key} | ({"options": options} if options else {})
    result = await members[0].slash(channel, "play", **kwargs)
    message = result.response.message
    tid = table_id(message)
    for m in members[1:]:
        await m.click(message, custom_id=f"ct:{tid}:join")
    for _ in range(computers):
        await members[0].click(message, custom_id=f"ct:{tid}:cpu")
    return guild, channel, members, tid, message


def service(env):
    return env.bot.service


def hidden_from(table, seat):
    game, s = table.game, table.state
    return {c for z in game.zones(s) if z.visible_to not in ("all", seat) for c in z.cards}


def drawn_for(message) -> int | None:
    """The table version a hand panel was drawn for (from its components' custom ids)."""
    for cid in custom_ids(message):
        if cid.startswith(("cp:", "cs:", "cn:")):
            return int(cid.split(":")[2])
    return None


def assert_panel_private(table, seat, text: str, message=None) -> None:
    """No card hidden from ``seat`` in its panel. Checked against the state the panel was drawn
    from: a computer may have moved since (a new deal gives every card a new place)."""
    if message is not None and drawn_for(message) != table.version:
        return
    note = table.private.get(seat)
    if note:
        # The seat's private note is history: it names cards the seat saw when it drew them,
        # which may since have been played and shuffled back into the stock (Page One). Each
        # private event is checked against the state it came from in tests/playthrough.py.
        text = text.replace(f"_{table.render(note)}_", "")
    # with two decks a card's twin may be hidden while it is shown (Pirate's own 3♥ each, Canasta's two packs)
    seen = {C.text(c) for z in table.game.zones(table.state) if z.visible_to in ("all", seat) for c in z.cards}
    secret = {C.text(c) for c in hidden_from(table, seat)} - seen
    shown = set(CARD.findall(text))
    assert not (secret & shown), f"seat {seat}'s panel shows hidden cards {secret & shown}: {text}"


def choose(message, answers: list[str], rng: random.Random) -> str:
    """A random answer, mostly one that plays cards: drawing whenever it is allowed makes a
    shedding game last hundreds of moves (Crazy Eights' draw is legal with a playable card)."""
    labels = {child.custom_id: getattr(child, "label", None) or ""
              for row in message.components for child in getattr(row, "children", [row])
              if getattr(child, "custom_id", None)}
    plays = [a for a in answers if not labels.get(a, "").startswith(("Draw", "Pass"))]
    return rng.choice(plays if plays and rng.random() < 0.8 else answers)


async def play_turn(env, channel, member, message, tid, rng) -> None:
    """Open the hand panel and click answers until a move is made."""
    table = service(env).tables[tid]
    seat = table.seat_of(member.id)
    result = await member.click(message, custom_id=f"ct:{tid}:hand")
    panel = result.response
    assert panel.ephemeral
    version = table.version
    for _ in range(8):
        assert_panel_private(table, seat, panel.content, panel.message)
        answers = [c for c in custom_ids(panel.message) if c.startswith(("cp:", "cs:"))]
        hint = [c for c in custom_ids(panel.message) if c.startswith("cn:") and ":steps:" in c]
        if not answers and hint:  # a multi-select of the hand (tested in test_card_select.py)
            panel = (await member.click(panel.message, custom_id=hint[0])).response
            continue
        assert answers, f"no answers offered: {panel.content}"
        pick = choose(panel.message, answers, rng)
        if pick.startswith("cs:"):
            options = panel.message.components[0].children[0].options
            result = await member.select(panel.message, [rng.choice(options).value], custom_id=pick)
        else:
            result = await member.click(panel.message, custom_id=pick)
        panel = result.response
        if table.version != version:
            assert_panel_private(table, seat, panel.content, panel.message)
            return
    raise AssertionError("no move was made after eight clicks")


# Every registered game, with options that keep a whole match short enough to click through.
E2E = {
    "crazy_eights": (2, 1, "hand_size=5"),
    "oh_hell": (2, 1, "schedule=fixed fixed_hands=2 start_size=3"),
    "scopa": (2, 0, None),
    "cassino": (2, 0, "target=11"),
    "diloti": (2, 0, "xeri_value=20 target=31"),
    "fan_tan": (2, 1, "rounds=1"),
    "newmarket": (2, 1, "hands=1"),
    "trash": (2, 0, "hands_to_win=1"),
    "jack_change_it": (2, 1, None),
    "last_one": (2, 1, "threshold=50"),
    "page_one": (2, 1, None),
    "i_doubt_it": (2, 1, "play_limit=50"),
    "stop_the_bus": (2, 1, "tokens=1"),
    "thirteen": (2, 1, "target=2"),
    "big_two": (3, 0, "threshold=10"),
    "dou_dizhu": (2, 1, "deals=1"),
    "xeri": (2, 0, "hands=1"),
    "kontsina": (2, 1, "target=1"),
    "dingo": (2, 2, None),
    "mattis": (2, 1, None),
    "envite": (2, 2, "stones=3 best_of=1"),
    "calabrasella": (2, 1, "deals=1"),
    "trex": (2, 2, "kingdoms=1"),
    # a pon window after every discard: 60 s, as its deadline runs on the service's real clock and a
    # 6 s window ran out between clicks on a loaded machine (the timeout is tested in test_seven_rummy.py)
    "seven_rummy": (2, 1, "target=0 match_hands=1 pon_window=60"),
    # a race of two on one deal (a solo game starts without a lobby: tests/bot/test_spider.py)
    "spider": (2, 0, "race=yes suits=1"),
    # the auto race's replay, stepped on with Next (ticks on the clock: tests/bot/test_pirate.py)
    "pirate": (2, 0, "mode=auto"),
    "canasta": (2, 2, "hands=1"),     # partnerships: two humans and two computers, one hand
    "triple_play": (2, 2, "deals=1"),  # partnerships of two humans and two computers, one deal of 324 cards
}


# games whose windows run out within seconds (Pirate's replay steps every 2 s): their game runs on a clock
# that stands still, so only clicks move it on and a panel is checked against the position it was drawn
# from (the clock's own steps are tested in tests/bot/test_pirate.py with a fake clock)
STILL_CLOCK = {"pirate"}


def still_clock(env, key: str) -> None:
    if key in STILL_CLOCK:
        env.bot.service.clock = lambda: 1_000_000.0
        env.bot.service._timers_on = False   # nothing falls due: no timer to wait for between clicks


def test_every_game_has_an_end_to_end_game() -> None:
    assert set(E2E) >= set(GAMES), f"add an E2E row for {sorted(set(GAMES) - set(E2E))}"


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_whole_game_from_play_to_result(simcord_env, key, monkeypatch):
    env = simcord_env
    humans, computers, options = E2E[key]
    guild, channel, members, tid, message = await setup_table(env, key, humans, computers, options)
    still_clock(env, key)
    await members[0].click(message, custom_id=f"ct:{tid}:start")
    table = await service(env).get(tid)   # from the store if already over (Envite: a trawl can end it unasked)
    rng = random.Random(3)
    for turn in range(600):
        await service(env).idle()
        await env.bot.controller.flush()
        if turn % 3 == 2 and table.deadline is None:
            # let interaction tokens expire: SimCord keeps a timer per interaction and
            # every settle scans them all, so a long game would slow to a crawl (not while a
            # reaction window runs: its timer is tested in test_timers.py)
            await env.advance_time(16 * 60)
        await env.settle()
        if table.status != "playing":
            break
        message = await fetch(env, channel, message.id)
        humans = [s for s in table.to_move() if not table.record.seats[s].computer]
        assert humans, "a human must be to move when no computer is thinking"
        movers = [table.record.seats[s].user_id for s in awaited(table, humans) or humans]
        assert f"<@{movers[0]}>" in message.content, "the table message names whose turn it is"
        member = next(m for m in members if m.id == movers[0])
        await play_turn(env, channel, member, message, tid, rng)
    assert table.status == "finished"
    final = await fetch(env, channel, message.id)
    text = text_of(final)
    assert "game over" in text.lower()
    outcome = table.game.outcome(table.state)
    assert any(table.render(f"{{p{w}}}") in text for w in outcome.winners)
    assert button(final, "rematch")
    # a card shown face up may look like a hidden copy of it (two decks): only look-alikes of nothing shown count
    shown = {C.text(c) for z in table.game.zones(table.state) if z.visible_to == "all" for c in z.cards}
    assert not (set(CARD.findall(text)) & ({C.text(c) for c in hidden_from(table, None)} - shown)), \
        "the public message shows a hidden card"
    # both press Rematch before the first press has taken the button away: one new table,
    # and the second is told where it is
    controller = env.bot.controller
    edit = controller.update_table_message

    async def not_yet(t, post=False):
        return None if t.id == tid else await edit(t, post)

    controller.update_table_message = not_yet
    again = await members[0].click(final, custom_id=f"ct:{tid}:rematch")
    late = await members[1].click(final, custom_id=f"ct:{tid}:rematch")
    del controller.update_table_message
    new = again.response.message
    assert not again.ephemeral and table_id(new) != tid
    assert "waiting for players" in text_of(new)
    rematch = service(env).tables[table_id(new)]
    assert [s.name for s in rematch.record.seats] == [s.name for s in table.record.seats]
    assert late.ephemeral and "already open" in late.response.content and str(new.id) in late.response.content
    assert len([t for t in service(env).tables.values() if t.status == "lobby"]) == 1
    # the edit the stub held back, of the finished table as the service has it now (it left
    # memory once its end was shown, and the rematch loaded it again from the store)
    await controller.table_changed(await service(env).get(tid))
    await controller.flush()
    assert f"ct:{tid}:rematch" not in custom_ids(await fetch(env, channel, message.id)), "one rematch per game"
