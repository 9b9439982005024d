"""The Discord emulator (tests/discord_emulator.py), proven with a bare discord.py bot.

Two kinds of test:

* the bare bot (tests/bare_bot.py) as a subprocess, exactly as the real bot will be run:
  login, command sync, gateway, /ping, a button edit, Discord's refusals (40060, 10062,
  expired token), and a kill -9 and restart;
* the same bot built in-process by its factory, with a few extra commands, for the rest of
  the emulator (ephemeral messages, deferrals, follow-ups, selects, modals, subcommands with
  user options, gateway RESUME, message checks, unhandled routes).
"""

from __future__ import annotations

import asyncio
import io
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiohttp
import discord
import discord.gateway
import discord.http
import pytest
from discord import app_commands

from bot.discord_api import apply_api_base, apply_api_base_from_env
from tests.bare_bot import create_bot
from tests.bot_process import BotProcess
from tests.discord_emulator import Emulator, EmulatorError, EmulatorTimeout

STARTUP_TIMEOUT = 20.0


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    emulator = await Emulator.start()
    try:
        yield emulator
    finally:
        await emulator.stop()


@pytest.fixture
def world(emu: Emulator) -> dict[str, Any]:
    guild = emu.add_guild("Card Room", channels=("table",))
    return {
        "guild": guild,
        "channel": next(iter(guild.channels.values())),
        "alice": emu.add_member(guild, "alice"),
        "bob": emu.add_member(guild, "bob"),
    }


def is_command_sync(call: Any) -> bool:
    return call.method == "PUT" and call.path.endswith("/commands")


async def raw(emu: Emulator, method: str, path: str, json: Any = None, *, auth: bool = False) -> tuple[int, Any, str]:
    """A request straight to the emulator, as the bot would make it."""
    headers = {"Authorization": "Bot test-token"} if auth else {}
    timeout = aiohttp.ClientTimeout(total=5)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        async with session.request(method, emu.api_base + path, json=json, headers=headers) as resp:
            ctype = resp.headers.get("Content-Type", "")
            body = await resp.json(content_type=None) if resp.status != 204 else None
            return resp.status, body, ctype


# --------------------------------------------------------------------------------------------
# The bare bot as a subprocess
# --------------------------------------------------------------------------------------------


@asynccontextmanager
async def bare_bot_process(emu: Emulator, log: Path) -> AsyncIterator[BotProcess]:
    bot = await BotProcess.spawn("tests.bare_bot", {"DISCORD_TOKEN": "test-token",
                                                     "DISCORD_API_BASE": emu.api_base}, log)
    try:
        yield bot
    finally:
        await bot.kill()


async def test_bare_bot_subprocess_end_to_end(emu: Emulator, world: dict[str, Any], tmp_path: Path) -> None:
    alice, channel = world["alice"], world["channel"]
    async with bare_bot_process(emu, tmp_path / "bot.log") as bot:
        await bot.alive(emu.wait_ready(timeout=STARTUP_TIMEOUT))
        sync = await bot.alive(emu.wait_for(is_command_sync, timeout=STARTUP_TIMEOUT))
        assert sync.status == 200
        assert [c.route for c in emu.calls[:3]] == ["get_current_user", "application_info", "sync_global_commands"]
        (ping,) = emu.global_commands
        assert ping["name"] == "ping"
        assert ping["options"][0].items() >= {"name": "times", "type": 4, "min_value": 1, "max_value": 5}.items()
        hello = emu.gateway_received[0]
        assert hello["op"] in (1, 2)  # discord.py heartbeats at once, then identifies
        identify = next(f for f in emu.gateway_received if f["op"] == 2)
        assert "token" not in identify["d"] and identify["d"]["intents"] == discord.Intents.default().value

        # /ping answers with a message carrying the counter button.
        it = await emu.slash(alice, channel, "ping", times=2)
        reply = await bot.alive(it.responded())
        assert reply.type == 4 and reply.ok
        assert reply.message is not None and reply.message["content"] == "pong pong"
        assert emu.message(reply.message_id).custom_ids() == ["bare:count:0"]
        assert channel.last_message is not None and channel.last_message.id == reply.message_id
        # measurement support: the callback is tagged with its interaction, with timestamps
        assert it.calls == [reply.call] and reply.call.interaction is it
        assert it.sent_at is not None and it.last_done is not None and 0 < it.last_done - it.sent_at < 3

        # Clicking the button edits that message (UPDATE_MESSAGE).
        click = await emu.click(alice, reply.message_id, "bare:count:0")
        edit = await bot.alive(click.responded())
        assert edit.type == 7 and edit.message_id == reply.message_id
        stored = emu.message(reply.message_id)
        assert stored.content == "pong (1 clicks)" and stored.custom_ids() == ["bare:count:1"]
        assert stored.payload["edited_timestamp"] is not None
        assert await click.settle() > 0

        # A second acknowledgement is refused: 400, code 40060 (exact JSON content type).
        status, body, ctype = await raw(
            emu, "POST", f"/interactions/{click.id}/{click.token}/callback?with_response=1", {"type": 6}
        )
        assert (status, body["code"], ctype) == (400, 40060, "application/json")

        # A callback more than 3 s after the interaction was created is refused: 404, code 10062.
        late = await emu.slash(alice, channel, "ping", age=3.5)  # the bot really answers, too late
        refused = await bot.alive(late.responded(ok=False))
        assert (refused.status, refused.error_code) == (404, 10062) and late.original is None
        pending = await emu.slash(alice, channel, "ping", deliver=False)  # never sent to the bot
        emu.clock.advance(3.1)
        status, body, _ = await raw(
            emu, "POST", f"/interactions/{pending.id}/{pending.token}/callback?with_response=1", {"type": 5}
        )
        assert (status, body["code"]) == (404, 10062)

        # The interaction token (edits of the original response) lasts 15 minutes.
        app = emu.application_id
        status, body, _ = await raw(emu, "GET", f"/webhooks/{app}/{it.token}/messages/@original")
        assert status == 200 and body["id"] == str(reply.message_id)
        emu.clock.advance(15 * 60)
        status, body, _ = await raw(emu, "PATCH", f"/webhooks/{app}/{it.token}/messages/@original", {"content": "x"})
        assert (status, body["code"]) == (401, 50027)

        # The bot still answers after the clock jump, and nothing it did was unknown to the emulator.
        again = await emu.click(alice, reply.message_id, "bare:count:1")
        assert (await bot.alive(again.responded())).type == 7
        assert emu.message(reply.message_id).content == "pong (2 clicks)"
        emu.assert_clean()
        assert bot.proc.returncode is None
    assert bot.proc.returncode is not None  # killed


async def test_bare_bot_restart_answers_old_buttons(emu: Emulator, world: dict[str, Any], tmp_path: Path) -> None:
    alice, bob, channel = world["alice"], world["bob"], world["channel"]
    log = tmp_path / "bot.log"
    async with bare_bot_process(emu, log) as first:
        await first.alive(emu.wait_ready(timeout=STARTUP_TIMEOUT))
        await first.alive(emu.wait_for(is_command_sync, timeout=STARTUP_TIMEOUT))
        reply = await first.alive((await emu.slash(alice, channel, "ping")).responded())
        await first.alive((await emu.click(bob, reply.message_id, "bare:count:0")).responded())
        first.signal(signal.SIGKILL)  # kill -9 mid-game
        await asyncio.wait_for(first.proc.wait(), 10)
    assert first.proc.returncode == -signal.SIGKILL
    await emu.wait_until(lambda: not emu.connected, 5, "the gateway to notice the dead bot")
    with pytest.raises(EmulatorError, match="no bot is connected"):
        await emu.click(alice, reply.message_id, "bare:count:1")

    since = emu.mark()
    async with bare_bot_process(emu, log) as second:
        await second.alive(emu.wait_ready(count=2, timeout=STARTUP_TIMEOUT))
        await second.alive(emu.wait_for(is_command_sync, since=since, timeout=STARTUP_TIMEOUT))
        assert emu.identify_count == 2 and [c["name"] for c in emu.global_commands] == ["ping"]
        # The button sent by the first process is a DynamicItem: the new process answers it.
        click = await emu.click(alice, reply.message_id, "bare:count:1")
        edit = await second.alive(click.responded())
        assert edit.type == 7 and emu.message(reply.message_id).content == "pong (2 clicks)"
        emu.assert_clean()


# --------------------------------------------------------------------------------------------
# In-process: the same bot from its factory, plus commands exercising the rest of the emulator
# --------------------------------------------------------------------------------------------


class RevealView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Reveal", custom_id="secret:reveal")
    async def reveal(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="revealed", view=None)


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="pick:card",
        max_values=2,
        options=[discord.SelectOption(label=f"Card {c}", value=c) for c in "abc"],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput = discord.ui.TextInput(label="Name", custom_id="form:name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}")


def extended_bot() -> discord.Client:
    bot = create_bot()

    @bot.tree.command(name="secret", description="An ephemeral message with a button")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hidden", ephemeral=True, view=RevealView())

    @bot.tree.command(name="slow", description="Defer, follow up twice, edit the original")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done")
        await interaction.followup.send("psst", ephemeral=True)
        await interaction.edit_original_response(content="done, edited")

    @bot.tree.command(name="pick", description="A select menu")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick cards", view=PickView())

    @bot.tree.command(name="form", description="A modal")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @bot.tree.command(name="card", description="A file and an embed showing it")
    async def card(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Your card").set_image(url="attachment://card.txt")
        await interaction.response.send_message(file=discord.File(io.BytesIO(b"ace"), "card.txt"), embed=embed)

    game = app_commands.Group(name="game", description="Games")

    @game.command(name="start", description="Start a game")
    async def start(
        interaction: discord.Interaction, opponent: discord.Member, rounds: app_commands.Range[int, 1, 3] = 1
    ) -> None:
        await interaction.response.send_message(f"vs {opponent.display_name} x{rounds}")

    bot.tree.add_command(game)
    return bot


@asynccontextmanager
async def in_process(emu: Emulator, monkeypatch: pytest.MonkeyPatch, bot: discord.Client) -> AsyncIterator[Any]:
    # apply_api_base changes class attributes: let monkeypatch restore them afterwards.
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    )
    apply_api_base(emu.api_base)
    task = asyncio.create_task(bot.start("test-token"))
    try:
        await emu.wait_ready(timeout=10)
        await emu.wait_for(is_command_sync, timeout=10)
        yield bot
    finally:
        await bot.close()
        task.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)


async def test_ephemeral_defer_followups_select_modal_subcommands(
    emu: Emulator, world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, channel = world["alice"], world["bob"], world["channel"]
    async with in_process(emu, monkeypatch, extended_bot()) as bot:
        # Ephemeral reply: stored (not in the channel), its button clickable by its recipient only.
        secret = await emu.slash(alice, channel, "secret")
        reply = await secret.responded()
        assert reply.ephemeral and reply.message_id not in channel.messages
        assert reply.call.response["interaction"]["response_message_ephemeral"] is True
        with pytest.raises(EmulatorError, match="ephemeral"):
            await emu.click(bob, reply.message_id, "secret:reveal")
        click = await emu.click(alice, reply.message_id, "secret:reveal")
        assert click.payload["message"]["flags"] & 64
        edited = await click.responded()
        assert edited.type == 7 and edited.message is not None
        assert edited.message["content"] == "revealed" and edited.message["components"] == []

        # Deferred reply: the first follow-up replaces the "thinking" message, the next is a new one.
        slow = await emu.slash(alice, channel, "slow")
        deferred = await slow.responded()
        assert deferred.type == 5 and deferred.call.response["interaction"]["response_message_loading"] is True
        calls = await slow.wait_calls(4)
        assert [c.route for c in calls] == ["interaction_callback", "followup", "followup", "webhook_edit_message"]
        assert all(c.status == 200 for c in calls)
        original = slow.original
        assert original is not None and original.content == "done, edited" and not original.flags & 128
        assert [m.content for m in slow.followups] == ["done, edited", "psst"]
        assert slow.followups[1].ephemeral and slow.followups[1].id not in channel.messages

        # String select, checked against the menu's options and min/max values.
        pick = await (await emu.slash(alice, channel, "pick")).responded()
        with pytest.raises(EmulatorError, match="not among the options"):
            await emu.select(alice, pick.message_id, "pick:card", ["z"])
        with pytest.raises(EmulatorError, match="takes 1-2 values"):
            await emu.select(alice, pick.message_id, "pick:card", ["a", "b", "c"])
        chosen = await (await emu.select(bob, pick.message_id, "pick:card", ["a", "c"])).responded()
        assert chosen.type == 4 and chosen.ephemeral and chosen.message["content"] == "picked a,c"

        # Modal: opened with callback type 9, submitted by the user, answered.
        form = await emu.slash(alice, channel, "form")
        assert (await form.responded()).type == 9 and form.modal is not None
        with pytest.raises(EmulatorError, match="required"):
            await emu.submit_modal(alice, form, {})
        submitted = await (await emu.submit_modal(alice, form, {"form:name": "Alice"})).responded()
        assert submitted.message is not None and submitted.message["content"] == "hello Alice"

        # Subcommand with a member option (resolved data) and a range.
        start = await (await emu.slash(alice, channel, "game start", opponent=bob, rounds=2)).responded()
        assert start.message is not None and start.message["content"] == "vs bob x2"
        with pytest.raises(EmulatorError, match="must be <= 3"):
            await emu.slash(alice, channel, "game start", opponent=bob, rounds=4)
        with pytest.raises(EmulatorError, match="needs a subcommand"):
            await emu.slash(alice, channel, "game")

        # A file upload (multipart callback) becomes an attachment whose bytes the emulator keeps.
        card = await (await emu.slash(alice, channel, "card")).responded()
        assert card.message is not None
        (attachment,) = card.message["attachments"]
        assert attachment["filename"] == "card.txt" and emu.attachments[int(attachment["id"])] == b"ace"
        assert card.message["embeds"][0]["title"] == "Your card" and card.call.files == ["card.txt"]

        # Direct messages: the interaction carries a user instead of a member.
        dm = emu.dm_channel(alice)
        in_dm = await (await emu.slash(alice, dm, "ping")).responded()
        assert in_dm.message is not None and in_dm.message["content"] == "pong" and in_dm.message_id in dm.messages

        # Option validation against the synced schema, like the Discord client.
        with pytest.raises(EmulatorError, match="not a synced slash command"):
            await emu.slash(alice, channel, "pong")
        with pytest.raises(EmulatorError, match="expected an integer"):
            await emu.slash(alice, channel, "ping", times="2")
        with pytest.raises(EmulatorError, match="must be >= 1"):
            await emu.slash(alice, channel, "ping", times=0)
        with pytest.raises(EmulatorError, match="unknown option"):
            await emu.slash(alice, channel, "ping", count=1)

        # Non-ephemeral messages reached the bot as MESSAGE_CREATE (its cache), ephemeral ones did not.
        cached = {m.id for m in bot.cached_messages}
        assert pick.message_id in cached and reply.message_id not in cached
        emu.assert_clean()


async def test_gateway_resume_and_reidentify(
    emu: Emulator, world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, channel = world["alice"], world["channel"]
    bot = create_bot()

    async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py's documented hook; its default waits 5 s before every re-IDENTIFY

    bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
    async with in_process(emu, monkeypatch, bot):
        await emu.disconnect_bot()  # close code 4000: discord.py RESUMEs
        await emu.wait_until(lambda: emu.resume_count == 1 and emu.connected, 10, "RESUME")
        assert (await (await emu.slash(alice, channel, "ping")).responded()).type == 4
        await emu.request_reconnect()  # op 7 RECONNECT: discord.py RESUMEs too
        await emu.wait_until(lambda: emu.resume_count == 2 and emu.connected, 10, "RESUME after op 7")

        emu.invalidate_sessions()  # the next RESUME gets INVALID_SESSION, then a new IDENTIFY
        await emu.disconnect_bot()
        await emu.wait_ready(count=2, timeout=10)
        assert emu.identify_count == 2
        assert any(f["op"] == 6 for f in emu.gateway_received)
        assert (await (await emu.slash(alice, channel, "ping")).responded()).type == 4

        # A user's chat message reaches the bot, without content (no message-content intent).
        seen = asyncio.ensure_future(bot.wait_for("message", timeout=5))
        msg = await emu.user_message(alice, channel, "hello bot")
        message = await seen
        assert message.id == msg.id and message.author.id == alice.id and message.content == ""
        emu.assert_clean()


async def test_message_checks_errors_and_unhandled_routes(emu: Emulator, world: dict[str, Any]) -> None:
    channel = world["channel"]
    path = f"/channels/{channel.id}/messages"
    status, body, ctype = await raw(emu, "POST", path, {"content": "hi"}, auth=True)
    assert (status, ctype) == (200, "application/json")
    assert body["author"]["id"] == str(emu.bot_user.id) and body["attachments"] == [] and body["embeds"] == []
    mid = body["id"]

    assert (await raw(emu, "POST", path, {"content": "hi"}))[0] == 401  # no bot token
    assert (await raw(emu, "POST", path, {"content": "x" * 2001}, auth=True))[1]["code"] == 50035
    assert (await raw(emu, "POST", path, {"content": ""}, auth=True))[1]["code"] == 50006
    assert (await raw(emu, "POST", path, {"content": "e", "flags": 64}, auth=True))[1]["code"] == 50035
    buttons = [{"type": 2, "style": 1, "label": "A", "custom_id": "same"}] * 2
    status, body, _ = await raw(
        emu, "POST", path, {"content": "dup", "components": [{"type": 1, "components": buttons}]}, auth=True
    )
    assert status == 400 and "unique" in str(body["errors"])

    status, body, _ = await raw(emu, "PATCH", f"{path}/{mid}", {"content": "edited"}, auth=True)
    assert status == 200 and body["content"] == "edited" and body["edited_timestamp"]
    assert (await raw(emu, "GET", f"{path}/{mid}", auth=True))[1]["content"] == "edited"
    assert (await raw(emu, "GET", f"/channels/{channel.id}", auth=True))[1]["name"] == "table"
    assert (await raw(emu, "DELETE", f"{path}/{mid}", auth=True))[0] == 204
    assert (await raw(emu, "GET", f"{path}/{mid}", auth=True))[1]["code"] == 10008

    bad_sync = [{"name": "Bad Name", "description": "x", "type": 1}]
    status, body, _ = await raw(emu, "PUT", f"/applications/{emu.application_id}/commands", bad_sync, auth=True)
    assert (status, body["code"]) == (400, 50035) and emu.global_commands == []

    # Callbacks and webhooks for unknown interactions.
    assert (await raw(emu, "POST", "/interactions/1/nope/callback", {"type": 4}))[1]["code"] == 10062
    assert (await raw(emu, "POST", f"/webhooks/{emu.application_id}/nope", {"content": "x"}))[1]["code"] == 50027

    emu.assert_clean()
    status, body, _ = await raw(emu, "GET", f"/guilds/{world['guild'].id}/bans", auth=True)
    assert status == 404 and emu.unhandled == [f"GET /api/v10/guilds/{world['guild'].id}/bans"]
    with pytest.raises(AssertionError, match="unhandled"):
        emu.assert_clean()
    assert [c.status for c in emu.calls if c.route == ""] == [404]

    with pytest.raises(EmulatorTimeout):
        await emu.wait_for(lambda call: call.method == "PUT" and call.status == 200, timeout=0.05)


async def test_injected_failures_and_held_back_answers(emu: Emulator, world: dict[str, Any]) -> None:
    """emu.fail answers matching requests with an error without handling them, as often as asked;
    emu.delay handles a request at once but holds its answer back until released."""
    channel = world["channel"]
    path = f"/channels/{channel.id}/messages"
    mid = (await raw(emu, "POST", path, {"content": "hi"}, auth=True))[1]["id"]
    emu.fail("PATCH", rf"/channels/\d+/messages/{mid}", 503, times=2)
    for _ in range(2):
        status, body, _ = await raw(emu, "PATCH", f"{path}/{mid}", {"content": "edited"}, auth=True)
        assert status == 503 and body["code"] == 0
    assert emu.message(mid).content == "hi", "a failed request changes nothing"
    assert (await raw(emu, "PATCH", f"{path}/{mid}", {"content": "edited"}, auth=True))[0] == 200
    assert emu.message(mid).content == "edited"
    assert [c.status for c in emu.calls if c.method == "PATCH"] == [503, 503, 200]

    held = emu.delay("POST", path, 60)
    sending = asyncio.ensure_future(raw(emu, "POST", path, {"content": "late"}, auth=True))
    await emu.wait_until(lambda: channel.last_message.content == "late", what="the message to be created")
    call = emu.calls[-1]
    assert not call.completed and not sending.done(), "the answer is held back"
    held.release()
    status, body, _ = await sending
    assert status == 200 and body["id"] == str(channel.last_message.id) and call.status == 200
    assert (await raw(emu, "POST", path, {"content": "now"}, auth=True))[0] == 200  # it applied once
    emu.assert_clean()


def test_apply_api_base(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    )
    apply_api_base("http://127.0.0.1:8123/api/v10/")
    assert discord.http.Route.BASE == "http://127.0.0.1:8123/api/v10"
    assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:8123/api/v10/users/@me"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:8123/gateway"
    apply_api_base("https://emu.example:9000/api/v10")
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "wss://emu.example:9000/gateway"
    with pytest.raises(ValueError):
        apply_api_base("127.0.0.1:8123")
    assert apply_api_base_from_env({}) is None
    assert apply_api_base_from_env({"DISCORD_API_BASE": "http://localhost:1/api/v10"}) == "http://localhost:1/api/v10"
    assert discord.http.Route.BASE == "http://localhost:1/api/v10"
