"""A small socket-level Discord emulator for end-to-end tests and benchmarks.

An aiohttp server on 127.0.0.1 (random free port) that speaks enough of Discord's REST API v10
and gateway for an unmodified discord.py bot, started in its own process or in-process, to log
in, sync its application commands, receive interactions from simulated users and answer them.
See /work/shared/DISCORD_TESTING.md for the facts this is built on.

    emu = await Emulator.start()
    guild = emu.add_guild("Cards")
    alice = emu.add_member(guild, "alice")
    channel = emu.add_channel(guild, "table")
    # run the bot with DISCORD_API_BASE=emu.api_base (see bot/discord_api.py)
    await emu.wait_ready()
    await emu.wait_for(lambda call: call.method == "PUT" and call.path.endswith("/commands"))
    it = await emu.slash(alice, channel, "ping", times=2)
    reply = await it.responded()              # Callback: .type, .message (payload), .message_id
    click = await emu.click(alice, reply.message_id, "bare:count:0")
    assert (await click.responded()).type == 7
    emu.assert_clean()                        # no unhandled route, no emulator error
    await emu.stop()

What it enforces, like Discord: a second acknowledgement of an interaction is refused (400, code
40060); a callback more than 3 s after the interaction was created is refused (404, code 10062);
interaction tokens (follow-ups, edits of the original response, including ephemeral messages) stop
working after 15 minutes (401, code 50027); message bodies are checked against Discord's main
limits (400, code 50035 or 50006); an interaction callback answers 204 without a body unless
the bot asks for the callback object (``?with_response=1``, as discord.py does); slash-command
options are validated against the synced schema (types, required, choices, ranges, lengths)
before the interaction is sent. Time comes from an injectable `Clock`, so tests can
`emu.clock.advance(seconds)`.

Faults can be injected for any handled route: `emu.fail(method, path_regex, status, times)` answers
the next `times` matching requests with `status` (503, say) without handling them, and
`emu.delay(method, path_regex, seconds, times)` handles them at once but holds the answer back
(until `fault.release()`, or `seconds` have passed), e.g. to kill the bot between Discord
creating a message and the bot learning its id.

Every REST request is recorded in `emu.calls` (in order of arrival, with timestamps and the
interaction it belongs to, if any); any route the emulator does not handle is answered 404 and
recorded in `emu.unhandled`, so tests can fail loudly on it.

Ids are snowflakes. Entities made by the helpers (users, guilds, roles, channels, commands) get
deterministic ids (a fixed timestamp plus a counter, so the same set-up gives the same ids);
messages, interactions and attachments get ids that carry the emulated time, so discord.py's
`created_at`, `Interaction.is_expired()` and cooldowns behave as with Discord.
"""

from __future__ import annotations

import asyncio
import collections
import copy
import datetime
import itertools
import json
import re
import socket
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

API_PREFIX = "/api/v10"
DISCORD_EPOCH_MS = 1_420_070_400_000
_ENTITY_BASE_MS = 1_704_067_200_000  # 2024-01-01T00:00:00Z: fixed, so helper-made ids are deterministic

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1
DEFAULT_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = DEFAULT_PERMISSIONS | MANAGE_MESSAGES

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

# Gateway intents that gate the events the emulator sends.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

# Interaction types and callback (response) types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5
CHANNEL_MESSAGE_WITH_SOURCE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

SELECT_TYPES = (3, 5, 6, 7, 8)  # string, user, role, mentionable, channel selects
_NAME_RE = re.compile(r"^[-_\w]{1,32}$")


class EmulatorError(AssertionError):
    """The test asked for something Discord would not allow (unknown command, bad option, ...)."""


class EmulatorTimeout(EmulatorError, TimeoutError):
    """Waiting for the bot timed out."""


class ApiError(Exception):
    """An error answer of the REST API, with Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str, problems: Iterable[str] = ()) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.problems = status, code, message, list(problems)

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.problems:
            body["errors"] = {
                "_emulator": {"_errors": [{"code": "EMULATOR_CHECK", "message": p} for p in self.problems]}
            }
        return body


@dataclass(eq=False)
class Fault:
    """A fault injected by `Emulator.fail` or `Emulator.delay`, for requests whose method is `method`
    and whose path (relative to /api/v10, without the query) matches `path` in full."""

    method: str
    path: re.Pattern[str]
    times: int  # how many more requests it applies to
    status: int | None = None  # answer this instead of handling the request
    delay: float = 0.0  # or: handle it, and answer this many seconds later (or on release())
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def matches(self, method: str, path: str) -> bool:
        return self.times > 0 and method == self.method and self.path.fullmatch(path) is not None

    def release(self) -> None:
        """Send the answers it holds back now."""
        self.released.set()


def _invalid_form(problems: Iterable[str]) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", problems)


class Clock:
    """Time source for Discord's rules (3 s to acknowledge, 15 min tokens) and timestamps.

    Real time plus an offset that tests move forward with `advance`.
    """

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        """Monotonic seconds, for deadlines."""
        return time.monotonic() + self.offset

    def wall(self) -> datetime.datetime:
        """The emulated wall-clock time (UTC), for timestamps and snowflakes."""
        return datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=self.offset)

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def _iso(dt: datetime.datetime) -> str:
    return dt.isoformat(timespec="microseconds")


def walk_components(components: Iterable[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Every component of a message or modal, depth first (rows, v2 containers, sections, labels)."""
    for comp in components or ():
        yield comp
        yield from walk_components(comp.get("components"))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


def find_component(payload: dict[str, Any], custom_id: str) -> dict[str, Any] | None:
    """The component with this custom_id in a message (or modal) payload."""
    for comp in walk_components(payload.get("components")):
        if comp.get("custom_id") == custom_id:
            return comp
    return None


def custom_ids(payload: dict[str, Any]) -> list[str]:
    """All custom_ids in a message (or modal) payload, in order."""
    return [c["custom_id"] for c in walk_components(payload.get("components")) if c.get("custom_id")]


# --------------------------------------------------------------------------------------------
# Emulated state
# --------------------------------------------------------------------------------------------


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }


@dataclass(eq=False)
class Role:
    id: int
    guild: Guild = field(repr=False)
    name: str = ""
    permissions: int = 0
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild = field(repr=False)
    roles: list[Role] = field(default_factory=list, repr=False)
    joined_at: str = ""
    nick: str | None = None

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    def permissions(self) -> int:
        if self.guild.owner_id == self.user.id:
            return ALL_PERMISSIONS
        perms = self.guild.everyone.permissions
        for role in self.roles:
            perms |= role.permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions())
        return data


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    guild: Guild | None = field(repr=False)
    type: int = 0  # 0 guild text, 1 DM
    position: int = 0
    recipient: User | None = None
    topic: str | None = None
    messages: dict[int, Message] = field(default_factory=dict, repr=False)
    last_message_id: int | None = None

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        if self.guild is None:
            data: dict[str, Any] = {
                "id": str(self.id),
                "type": self.type,
                "recipients": [self.recipient.payload()] if self.recipient else [],
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "flags": 0,
            }
        else:
            data = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [],
                "nsfw": False,
                "topic": self.topic,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "rate_limit_per_user": 0,
                "parent_id": None,
                "flags": 0,
            }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def history(self) -> list[Message]:
        """Visible (non-ephemeral, not deleted) messages, oldest first."""
        return list(self.messages.values())

    @property
    def last_message(self) -> Message | None:
        return next(reversed(self.messages.values()), None)


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    joined_at: str
    roles: dict[int, Role] = field(default_factory=dict, repr=False)
    channels: dict[int, Channel] = field(default_factory=dict, repr=False)
    members: dict[int, Member] = field(default_factory=dict, repr=False)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def payload(self) -> dict[str, Any]:
        text_channels = [c for c in self.channels.values() if c.type == 0]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US",
            "features": [],
            "application_id": None,
            "system_channel_id": str(text_channels[0].id) if text_channels else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "max_members": 500000,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "joined_at": self.joined_at,
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(self.members),
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in self.channels.values()],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass(eq=False)
class Message:
    """A stored message: `payload` is exactly what the API returns for it. An edit replaces the
    payload (it is never changed in place), so it is handed out, in responses, events and
    records, without a copy: a payload read once stays what the message was then. Readers
    must not change it."""

    payload: dict[str, Any]
    channel: Channel = field(repr=False)
    ephemeral_for: int | None = None  # the only user who sees (and can click) an ephemeral message
    interaction: Interaction | None = field(default=None, repr=False)  # whose token created it, if any
    deleted: bool = False

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def content(self) -> str:
        return self.payload["content"]

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.payload["embeds"]

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.payload["components"]

    @property
    def flags(self) -> int:
        return self.payload["flags"]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def author_id(self) -> int:
        return int(self.payload["author"]["id"])

    def custom_ids(self) -> list[str]:
        return custom_ids(self.payload)

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        return find_component(self.payload, custom_id)


@dataclass(eq=False)
class Call:
    """One REST request: recorded when it arrives, completed when answered."""

    index: int
    method: str
    path: str  # relative to /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    json: Any
    time: float  # time.perf_counter() on arrival
    clock: float  # emulated clock (Clock.now()) on arrival
    files: list[str] = field(default_factory=list)
    route: str = ""  # the emulator's name for the route, "" if unhandled
    interaction: Interaction | None = None
    status: int | None = None
    response: Any = None
    done: float | None = None  # time.perf_counter() when answered

    @property
    def completed(self) -> bool:
        return self.status is not None

    @property
    def duration(self) -> float | None:
        return None if self.done is None else self.done - self.time

    def __repr__(self) -> str:
        return f"<Call #{self.index} {self.method} {self.path} -> {self.status}>"


@dataclass(eq=False)
class Callback:
    """The bot's answer to POST /interactions/{id}/{token}/callback (accepted or refused)."""

    status: int
    type: int | None
    data: dict[str, Any] | None  # the "data" the bot sent
    body: Any  # what the emulator answered
    message: dict[str, Any] | None  # a copy of the message created or updated, if any
    call: Call

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def error_code(self) -> int | None:
        return None if self.ok or not isinstance(self.body, dict) else self.body.get("code")

    @property
    def message_id(self) -> int | None:
        return None if self.message is None else int(self.message["id"])

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message["flags"] & EPHEMERAL)

    def __repr__(self) -> str:
        return f"<Callback type={self.type} status={self.status} code={self.error_code}>"


class Interaction:
    """An interaction sent to the bot, and everything the bot did with its id and token."""

    def __init__(
        self,
        emulator: Emulator,
        *,
        id: int,
        type: int,
        user: User,
        member: Member | None,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None,
        created: float,
    ) -> None:
        self.emulator = emulator
        self.id = id
        self.token = f"emu-interaction-token-{id}"
        self.type = type
        self.user = user
        self.member = member
        self.channel = channel
        self.data = data
        self.message = message  # the message a component / modal submit came from
        self.created = created  # emulated clock
        self.sent_at: float | None = None  # perf_counter when INTERACTION_CREATE was written
        self.payload: dict[str, Any] = {}
        self.acked_type: int | None = None
        self.original_id: int | None = None  # the message "@original" designates
        self.followup_ids: list[int] = []
        self.modal: dict[str, Any] | None = None  # the modal the bot opened (callback type 9)
        self.autocomplete_choices: list[dict[str, Any]] | None = None
        self.callbacks: list[Callback] = []
        self.calls: list[Call] = []  # every REST call made with this interaction's id or token
        self.pending = 0  # of those, how many are not answered yet
        self._first_callback: asyncio.Future[Callback] = asyncio.get_running_loop().create_future()

    def __repr__(self) -> str:
        return f"<Interaction id={self.id} type={self.type} acked={self.acked_type}>"

    @property
    def original(self) -> Message | None:
        return None if self.original_id is None else self.emulator.messages.get(self.original_id)

    @property
    def followups(self) -> list[Message]:
        return [self.emulator.messages[i] for i in self.followup_ids]

    @property
    def last_done(self) -> float | None:
        done = [c.done for c in self.calls if c.done is not None]
        return max(done) if done else None

    async def responded(self, timeout: float = 5.0, *, ok: bool = True) -> Callback:
        """The first callback the bot made; with ok=True, fail if the emulator refused it."""
        try:
            callback = await asyncio.wait_for(asyncio.shield(self._first_callback), timeout)
        except TimeoutError:
            raise EmulatorTimeout(
                f"the bot did not answer interaction {self.id} within {timeout}s; "
                f"recent calls: {self.emulator.calls[-5:]}; unhandled: {self.emulator.unhandled}"
            ) from None
        if ok and not callback.ok:
            raise EmulatorError(f"the bot's interaction callback was refused: {callback.status} {callback.body}")
        return callback

    async def wait_calls(self, count: int, timeout: float = 5.0) -> list[Call]:
        """Wait until `count` REST calls made with this interaction's id/token are answered."""

        def enough() -> list[Call] | None:
            done = [c for c in self.calls if c.completed]
            return done if len(done) >= count else None

        return await self.emulator.wait_until(enough, timeout, f"{count} calls for interaction {self.id}")

    async def settle(self, quiet: float = 0.05, timeout: float = 5.0) -> float:
        """Wait for the callback, then until no call of this interaction is pending for `quiet` s.

        Returns the time from INTERACTION_CREATE sent to the last of its calls answered.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        await self.responded(timeout, ok=False)
        while True:
            seen = len(self.calls)
            await asyncio.sleep(quiet)
            if self.pending == 0 and len(self.calls) == seen:
                break
            if loop.time() > deadline:
                raise EmulatorTimeout(f"interaction {self.id} did not settle within {timeout}s")
        assert self.sent_at is not None and self.last_done is not None
        return self.last_done - self.sent_at


class _Session:
    def __init__(self, session_id: str, intents: int) -> None:
        self.id = session_id
        self.intents = intents
        self.seq = 0
        self.buffer: collections.deque[tuple[int, str]] = collections.deque(maxlen=2000)


class _Connection:
    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session: _Session | None = None
        self.lock = asyncio.Lock()

    async def send(self, frame: str) -> None:
        if self.ws.closed:
            return
        async with self.lock:
            try:
                await self.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                pass


# --------------------------------------------------------------------------------------------
# The emulator
# --------------------------------------------------------------------------------------------


class Emulator:
    """Discord REST v10 + gateway on 127.0.0.1. Create it with `await Emulator.start()`."""

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        token: str | None = None,
        heartbeat_interval_ms: int = 41250,
        ack_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        message_events: bool = True,
        bot_name: str = "EmuBot",
    ) -> None:
        self.clock = clock or Clock()
        self.token = token  # None: accept any bot token
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.ack_deadline = ack_deadline
        self.token_lifetime = token_lifetime
        self.message_events = message_events  # send MESSAGE_CREATE/UPDATE/DELETE like Discord
        self._entity_ids = itertools.count(1)
        self._last_event_id = 0
        self._aged_ids = itertools.count(1)
        self.bot_user = User(self._entity_id(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = User(self._entity_id(), "app-owner")
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}  # by recipient user id
        self.messages: dict[int, Message] = {}  # every message ever stored, incl. ephemeral and deleted
        self.attachments: dict[int, bytes] = {}
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.calls: list[Call] = []
        self.unhandled: list[str] = []  # routes / gateway ops the emulator does not implement
        self.errors: list[str] = []  # exceptions inside the emulator (answered 400, never 500)
        self.dropped: list[str] = []  # requests whose client vanished before their body arrived
        self.faults: list[Fault] = []
        self.gateway_received: list[dict[str, Any]] = []  # frames from the bot (token removed)
        self.identify_count = 0
        self.resume_count = 0
        self.ready_count = 0  # READY + GUILD_CREATEs sent
        self.sessions: dict[str, _Session] = {}
        self._connections: set[_Connection] = set()
        self._current: _Connection | None = None
        self._changed = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes = self._build_routes()

    # ---- lifecycle -------------------------------------------------------------------------

    @classmethod
    async def start(cls, *, host: str = "127.0.0.1", port: int = 0, **options: Any) -> Emulator:
        emu = cls(**options)
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", emu._gateway)
        app.router.add_route("*", "/{tail:.*}", emu._rest)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        site = web.SockSite(runner, sock)
        await site.start()
        emu._runner = runner
        emu.host, emu.port = host, sock.getsockname()[1]
        return emu

    async def stop(self) -> None:
        for fault in self.faults:
            fault.release()
        for conn in list(self._connections):
            await self._close_ws(conn, 1001)
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """What DISCORD_API_BASE should be set to."""
        return f"{self.base_url}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    def assert_clean(self) -> None:
        """Fail if the bot used a route the emulator does not know, or the emulator itself failed."""
        assert not self.unhandled, f"unhandled Discord routes/ops: {self.unhandled}"
        assert not self.errors, "emulator errors:\n" + "\n".join(self.errors)

    # ---- ids and time ----------------------------------------------------------------------

    def _entity_id(self) -> int:
        return ((_ENTITY_BASE_MS - DISCORD_EPOCH_MS) << 22) + next(self._entity_ids)

    def _event_id(self, age: float = 0.0) -> int:
        ms = int(self.clock.wall().timestamp() * 1000)
        if age:  # an id from `age` seconds ago (unique through the counter bits, not monotonic)
            return ((ms - int(age * 1000) - DISCORD_EPOCH_MS) << 22) | (next(self._aged_ids) & 0x3FFFFF)
        candidate = (ms - DISCORD_EPOCH_MS) << 22
        self._last_event_id = max(candidate, self._last_event_id + 1)
        return self._last_event_id

    def _now_iso(self) -> str:
        return _iso(self.clock.wall())

    # ---- state helpers ---------------------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False) -> User:
        user = User(self._entity_id(), name, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str = "Emulated Guild", *, channels: Iterable[str] = ("general",)) -> Guild:
        """A guild with an @everyone role, the bot as a member (with a managed role) and text channels."""
        guild = Guild(id=self._entity_id(), name=name, owner_id=self.owner.id, joined_at=self._now_iso())
        guild.roles[guild.id] = Role(guild.id, guild, "@everyone", DEFAULT_PERMISSIONS)
        bot_role = Role(self._entity_id(), guild, self.bot_user.name, BOT_PERMISSIONS, position=1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.owner.id] = Member(self.owner, guild, [], guild.joined_at)
        guild.members[self.bot_user.id] = Member(self.bot_user, guild, [bot_role], guild.joined_at)
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self.add_channel(guild, channel_name, _announce=False)
        if self._current is not None:
            self._spawn(self._dispatch("GUILD_CREATE", guild.payload(), intent=INTENT_GUILDS))
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(self._entity_id(), guild, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        if self._current is not None:
            data = {"guild_id": str(guild.id), "role": role.payload()}
            self._spawn(self._dispatch("GUILD_ROLE_CREATE", data, intent=INTENT_GUILDS))
        return role

    def add_member(
        self, guild: Guild, name: str | User, *, roles: Iterable[Role] = (), nick: str | None = None
    ) -> Member:
        """A member of `guild`: a new user called `name`, or an existing User (to share users across guilds)."""
        user = name if isinstance(name, User) else self.add_user(name)
        member = Member(user, guild, list(roles), self._now_iso(), nick=nick)
        guild.members[user.id] = member
        if self._current is not None:
            data = member.payload() | {"guild_id": str(guild.id)}
            self._spawn(self._dispatch("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS))
        return member

    def add_channel(self, guild: Guild, name: str, *, topic: str | None = None, _announce: bool = True) -> Channel:
        channel = Channel(self._entity_id(), name, guild, position=len(guild.channels), topic=topic)
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        if _announce and self._current is not None:
            self._spawn(self._dispatch("CHANNEL_CREATE", channel.payload(), intent=INTENT_GUILDS))
        return channel

    def dm_channel(self, user: User | Member) -> Channel:
        user = user.user if isinstance(user, Member) else user
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self._entity_id(), user.name, None, type=1, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def message(self, message_id: int | str) -> Message:
        try:
            return self.messages[int(message_id)]
        except KeyError:
            raise EmulatorError(f"no message {message_id}") from None

    def commands_for(self, guild: Guild | None) -> list[dict[str, Any]]:
        """The commands a user sees in `guild`: its guild commands, then the global ones."""
        guild_cmds = self.guild_commands.get(guild.id, []) if guild is not None else []
        return guild_cmds + self.global_commands

    # ---- waiting ---------------------------------------------------------------------------

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, condition: Callable[[], Any], timeout: float = 5.0, what: str = "a condition") -> Any:
        """Wait until condition() is truthy (re-checked whenever the emulator's state changes); return it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = condition()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise EmulatorTimeout(
                    f"timed out after {timeout}s waiting for {what}; last calls: {self.calls[-5:]}; "
                    f"unhandled: {self.unhandled}; errors: {self.errors}"
                )
            event = self._changed
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                pass

    def mark(self) -> int:
        """The current number of calls, to pass as `since` to `wait_for`."""
        return len(self.calls)

    async def wait_for(self, predicate: Callable[[Call], bool], timeout: float = 5.0, since: int = 0) -> Call:
        """The first answered call (at index >= since) for which predicate(call) is true."""

        cursor = since  # every call before it is answered and did not match

        def find() -> Call | None:
            nonlocal cursor
            for index in range(cursor, len(self.calls)):
                call = self.calls[index]
                if not call.completed:
                    continue
                if predicate(call):
                    return call
                if index == cursor:
                    cursor += 1
            return None

        return await self.wait_until(find, timeout, "a matching REST call")

    async def wait_ready(self, count: int = 1, timeout: float = 15.0) -> None:
        """Wait until READY and the GUILD_CREATEs have been sent `count` times in all."""
        await self.wait_until(lambda: self.ready_count >= count, timeout, f"gateway READY #{count}")

    # ---- faults ----------------------------------------------------------------------------

    def fail(self, method: str, path: str, status: int = 503, times: int = 1) -> Fault:
        """Answer the next `times` requests matching `method` and the regular expression `path`
        (relative to /api/v10, matched in full) with `status`, without handling them."""
        fault = Fault(method.upper(), re.compile(path), times, status=status)
        self.faults.append(fault)
        return fault

    def delay(self, method: str, path: str, seconds: float, times: int = 1) -> Fault:
        """Handle the next `times` matching requests at once, but answer each only after `seconds`
        (or when the returned fault is released)."""
        fault = Fault(method.upper(), re.compile(path), times, delay=seconds)
        self.faults.append(fault)
        return fault

    def _take_fault(self, method: str, path: str) -> Fault | None:
        fault = next((f for f in self.faults if f.matches(method, path)), None)
        if fault is not None:
            fault.times -= 1
        return fault

    # ---- REST ------------------------------------------------------------------------------

    def _build_routes(self) -> list[tuple[str, re.Pattern[str], str, Callable[..., Any]]]:
        snow = r"(?P<{}>[0-9]+)"
        app = f"/applications/{snow.format('app')}"
        guild = f"/guilds/{snow.format('guild_id')}"
        channel = f"/channels/{snow.format('cid')}"
        message = f"{channel}/messages/{snow.format('mid')}"
        webhook = f"/webhooks/{snow.format('app')}/(?P<token>[^/]+)"
        original = f"{webhook}/messages/(?P<mid>@original|[0-9]+)"
        table = [
            ("GET", "/users/@me", "get_current_user", self._get_current_user),
            ("GET", "/gateway/bot", "get_bot_gateway", self._get_bot_gateway),
            ("GET", "/oauth2/applications/@me", "application_info", self._application_info),
            ("GET", "/applications/@me", "application_info", self._application_info),
            ("GET", f"/users/{snow.format('user_id')}", "get_user", self._get_user),
            ("POST", "/users/@me/channels", "create_dm", self._create_dm),
            ("GET", f"{app}/commands", "get_global_commands", self._get_commands),
            ("PUT", f"{app}/commands", "sync_global_commands", self._put_commands),
            ("GET", f"{app}{guild}/commands", "get_guild_commands", self._get_commands),
            ("PUT", f"{app}{guild}/commands", "sync_guild_commands", self._put_commands),
            ("GET", guild, "get_guild", self._get_guild),
            ("GET", f"{guild}/channels", "get_guild_channels", self._get_guild_channels),
            ("GET", f"{guild}/members/{snow.format('user_id')}", "get_member", self._get_member),
            ("GET", channel, "get_channel", self._get_channel),
            ("POST", f"{channel}/typing", "typing", self._typing),
            ("GET", f"{channel}/messages", "get_messages", self._get_messages),
            ("POST", f"{channel}/messages", "create_message", self._create_message),
            ("GET", message, "get_message", self._get_message),
            ("PATCH", message, "edit_message", self._edit_message),
            ("DELETE", message, "delete_message", self._delete_message),
            ("POST", f"/interactions/{snow.format('iid')}/(?P<token>[^/]+)/callback", "interaction_callback",
             self._callback),
            ("POST", webhook, "followup", self._followup),
            ("GET", original, "webhook_get_message", self._webhook_get),
            ("PATCH", original, "webhook_edit_message", self._webhook_edit),
            ("DELETE", original, "webhook_delete_message", self._webhook_delete),
        ]
        return [(method, re.compile(f"^{pattern}$"), name, handler) for method, pattern, name, handler in table]

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[str, tuple[str, str, bytes]]]:
        files: dict[str, tuple[str, str, bytes]] = {}
        if not request.body_exists:
            return None, files
        if request.content_type.startswith("multipart/"):
            body: Any = None
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                else:
                    data = await part.read()  # type: ignore[union-attr]
                    ctype = part.headers.get("Content-Type", "application/octet-stream")
                    files[part.name or f"files[{len(files)}]"] = (part.filename or "file", ctype, bytes(data))  # type: ignore[union-attr]
            return body, files
        raw = await request.read()
        if not raw:
            return None, files
        return json.loads(raw), files

    @staticmethod
    def _json_response(status: int, body: Any) -> web.Response:
        if status == 204 or body is None:
            return web.Response(status=204)
        # Exactly "application/json": with "; charset=utf-8" discord.py takes the body for text.
        return web.Response(status=status, body=json.dumps(body).encode(), headers={"Content-Type": "application/json"})

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if request.method == "GET" and path.startswith("/attachments/"):
            return self._serve_attachment(path)
        sub = path[len(API_PREFIX) :] if path.startswith(API_PREFIX + "/") else path
        try:
            body, files = await self._read_body(request)
        except ConnectionResetError as exc:
            # The client went away mid-request (a test's kill -9): nothing arrived, as with Discord.
            self.dropped.append(f"{request.method} {path}: {exc!r}")
            return web.Response(status=400)
        except Exception as exc:  # noqa: BLE001 - a malformed body is the bot's bug: record and refuse
            body, files = None, {}
            self.errors.append(f"{request.method} {path}: unreadable body: {exc!r}")
        call = Call(
            index=len(self.calls),
            method=request.method,
            path=sub,
            query=dict(request.query),
            json=body,
            time=time.perf_counter(),
            clock=self.clock.now(),
            files=[f[0] for f in files.values()],
        )
        self.calls.append(call)
        status, answer = 404, {"message": "404: Not Found", "code": 0}
        fault: Fault | None = None
        try:
            for method, pattern, name, handler in self._routes if path.startswith(API_PREFIX + "/") else ():
                match = pattern.match(sub)
                if match is None or method != request.method:
                    continue
                call.route = name
                fault = self._take_fault(request.method, sub)
                if fault is not None and fault.status is not None:
                    raise ApiError(fault.status, 0, f"{fault.status}: injected by the test")
                if not name.startswith(("interaction_", "followup", "webhook_")):
                    self._check_auth(request)
                status, answer = await handler(call, files, **match.groupdict())
                break
            else:
                self.unhandled.append(f"{request.method} {path}")
        except ApiError as exc:
            status, answer = exc.status, exc.body()
        except Exception:  # noqa: BLE001 - an emulator bug: record it, answer 400 (a 500 makes discord.py retry)
            self.errors.append(f"{request.method} {path}:\n{traceback.format_exc()}")
            status, answer = 400, {"message": "emulator internal error", "code": 0}
        if fault is not None and fault.delay:
            self._notify()  # what the request did is visible while its answer is held back
            try:
                await asyncio.wait_for(fault.released.wait(), fault.delay)
            except TimeoutError:
                pass
        call.status, call.response, call.done = status, answer, time.perf_counter()
        if call.interaction is not None:
            call.interaction.pending -= 1
        self._notify()
        return self._json_response(status, answer)

    def _check_auth(self, request: web.Request) -> None:
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot ") or (self.token is not None and auth[4:] != self.token):
            raise ApiError(401, 0, "401: Unauthorized")

    def _serve_attachment(self, path: str) -> web.StreamResponse:
        parts = path.split("/")
        try:
            data = self.attachments[int(parts[3])]
        except (IndexError, ValueError, KeyError):
            self.unhandled.append(f"GET {path}")
            return web.Response(status=404)
        return web.Response(body=data, content_type="application/octet-stream")

    def _tag(self, call: Call, interaction: Interaction) -> None:
        call.interaction = interaction
        interaction.calls.append(call)
        interaction.pending += 1

    # -- users, application, guilds, channels

    async def _get_bot_gateway(self, call: Call, files: Any) -> tuple[int, Any]:
        """What an AutoShardedClient asks first: where the gateway is and how many shards to run."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return 200, {"url": self.gateway_url, "shards": 1, "session_start_limit": limit}

    async def _get_current_user(self, call: Call, files: Any) -> tuple[int, Any]:
        user = self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None}
        return 200, user

    async def _application_info(self, call: Call, files: Any) -> tuple[int, Any]:
        return 200, {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
            "bot": self.bot_user.payload(),
            "rpc_origins": [],
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
        }

    async def _get_user(self, call: Call, files: Any, user_id: str) -> tuple[int, Any]:
        user = self.users.get(int(user_id))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return 200, user.payload()

    async def _create_dm(self, call: Call, files: Any) -> tuple[int, Any]:
        user = self.users.get(int((call.json or {}).get("recipient_id", 0)))
        if user is None:
            raise _invalid_form(["recipient_id: unknown user"])
        return 200, self.dm_channel(user).payload()

    def _guild(self, guild_id: str | int) -> Guild:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, cid: str | int) -> Channel:
        channel = self.channels.get(int(cid))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    async def _get_guild(self, call: Call, files: Any, guild_id: str) -> tuple[int, Any]:
        data = self._guild(guild_id).payload()
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large"):
            data.pop(key, None)
        return 200, data

    async def _get_guild_channels(self, call: Call, files: Any, guild_id: str) -> tuple[int, Any]:
        return 200, [c.payload() for c in self._guild(guild_id).channels.values()]

    async def _get_member(self, call: Call, files: Any, guild_id: str, user_id: str) -> tuple[int, Any]:
        member = self._guild(guild_id).members.get(int(user_id))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, member.payload()

    async def _get_channel(self, call: Call, files: Any, cid: str) -> tuple[int, Any]:
        return 200, self._channel(cid).payload()

    async def _typing(self, call: Call, files: Any, cid: str) -> tuple[int, Any]:
        self._channel(cid)
        return 204, None

    # -- application commands

    async def _get_commands(self, call: Call, files: Any, app: str, guild_id: str | None = None) -> tuple[int, Any]:
        self._check_app(app)
        if guild_id is not None:
            self._guild(guild_id)
            return 200, copy.deepcopy(self.guild_commands.get(int(guild_id), []))
        return 200, copy.deepcopy(self.global_commands)

    async def _put_commands(self, call: Call, files: Any, app: str, guild_id: str | None = None) -> tuple[int, Any]:
        self._check_app(app)
        if guild_id is not None:
            self._guild(guild_id)
        body = call.json
        if not isinstance(body, list):
            raise _invalid_form(["body: must be a list of commands"])
        previous = self.guild_commands.get(int(guild_id), []) if guild_id is not None else self.global_commands
        known = {(c["name"], c["type"]): c["id"] for c in previous}
        problems: list[str] = []
        stored: list[dict[str, Any]] = []
        seen: set[tuple[str, int]] = set()
        for i, cmd in enumerate(body):
            ctype = cmd.get("type", 1)
            name = cmd.get("name", "")
            where = f"{i}.{name}"
            if (name, ctype) in seen:
                problems.append(f"{where}: duplicate command name")
            seen.add((name, ctype))
            if ctype == 1:
                self._check_name(name, where, problems)
                self._check_description(cmd.get("description", ""), where, problems)
                self._check_command_options(cmd.get("options") or [], where, problems, depth=0)
            elif not 1 <= len(name) <= 32:
                problems.append(f"{where}: context menu name must be 1-32 characters")
            entry = copy.deepcopy(cmd)
            entry.update(
                id=known.get((name, ctype)) or str(self._entity_id()),
                application_id=str(self.application_id),
                version=str(self._entity_id()),
                type=ctype,
            )
            entry.setdefault("description", "")
            entry.setdefault("options", [])
            entry.setdefault("default_member_permissions", None)
            entry.setdefault("nsfw", False)
            entry.setdefault("integration_types", [0])
            entry.setdefault("contexts", None)
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            stored.append(entry)
        if len([c for c in stored if c["type"] == 1]) > 100:
            problems.append("too many slash commands (max 100)")
        if problems:
            raise _invalid_form(problems)
        if guild_id is not None:
            self.guild_commands[int(guild_id)] = stored
        else:
            self.global_commands = stored
        return 200, copy.deepcopy(stored)

    def _check_app(self, app: str) -> None:
        if int(app) != self.application_id:
            raise ApiError(404, 10002, "Unknown Application")

    @staticmethod
    def _check_name(name: str, where: str, problems: list[str]) -> None:
        if not _NAME_RE.match(name or "") or name != name.lower():
            problems.append(f"{where}: name {name!r} must be 1-32 lowercase letters, digits, '-' or '_'")

    @staticmethod
    def _check_description(description: str, where: str, problems: list[str]) -> None:
        if not 1 <= len(description or "") <= 100:
            problems.append(f"{where}: description must be 1-100 characters")

    def _check_command_options(
        self, options: list[dict[str, Any]], where: str, problems: list[str], depth: int
    ) -> None:
        if len(options) > 25:
            problems.append(f"{where}: more than 25 options")
        optional_seen = False
        names: set[str] = set()
        for opt in options:
            name = opt.get("name", "")
            here = f"{where}.{name}"
            if name in names:
                problems.append(f"{here}: duplicate option name")
            names.add(name)
            self._check_name(name, here, problems)
            self._check_description(opt.get("description", ""), here, problems)
            otype = opt.get("type")
            if otype in (1, 2):
                if depth >= 2 or (otype == 2 and depth >= 1):
                    problems.append(f"{here}: subcommands nested too deeply")
                self._check_command_options(opt.get("options") or [], here, problems, depth + 1)
                continue
            if otype not in range(3, 12):
                problems.append(f"{here}: unknown option type {otype!r}")
            if opt.get("required"):
                if optional_seen:
                    problems.append(f"{here}: required options must come before optional ones")
            else:
                optional_seen = True
            choices = opt.get("choices") or []
            if len(choices) > 25:
                problems.append(f"{here}: more than 25 choices")
            if choices and opt.get("autocomplete"):
                problems.append(f"{here}: choices and autocomplete are exclusive")

    # -- channel messages

    def _visible_message(self, channel: Channel, mid: str | int) -> Message:
        msg = channel.messages.get(int(mid))
        if msg is None:  # missing, deleted, or ephemeral (not reachable through the channel)
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def _get_messages(self, call: Call, files: Any, cid: str) -> tuple[int, Any]:
        channel = self._channel(cid)
        limit = max(1, min(100, int(call.query.get("limit", 50))))
        msgs = channel.history()
        if "before" in call.query:
            msgs = [m for m in msgs if m.id < int(call.query["before"])]
        if "after" in call.query:
            msgs = [m for m in msgs if m.id > int(call.query["after"])][:limit]
        return 200, [m.payload for m in reversed(msgs[-limit:])]

    async def _create_message(self, call: Call, files: Any, cid: str) -> tuple[int, Any]:
        channel = self._channel(cid)
        body = call.json or {}
        if body.get("flags", 0) & EPHEMERAL:
            raise _invalid_form(["flags: only interaction responses can be ephemeral"])
        msg = self._new_message(channel, self.bot_user, body, files)
        await self._message_event("MESSAGE_CREATE", msg)
        return 200, msg.payload

    async def _get_message(self, call: Call, files: Any, cid: str, mid: str) -> tuple[int, Any]:
        return 200, self._visible_message(self._channel(cid), mid).payload

    async def _edit_message(self, call: Call, files: Any, cid: str, mid: str) -> tuple[int, Any]:
        msg = self._visible_message(self._channel(cid), mid)
        if msg.author_id != self.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._apply_edit(msg, call.json or {}, files)
        await self._message_event("MESSAGE_UPDATE", msg)
        return 200, msg.payload

    async def _delete_message(self, call: Call, files: Any, cid: str, mid: str) -> tuple[int, Any]:
        msg = self._visible_message(self._channel(cid), mid)
        await self._delete(msg)
        return 204, None

    async def _delete(self, msg: Message) -> None:
        msg.deleted = True
        msg.channel.messages.pop(msg.id, None)
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            await self._dispatch("MESSAGE_DELETE", data, intent=self._message_intent(msg.channel))

    # -- message building and checks

    def _new_message(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        files: dict[str, tuple[str, str, bytes]],
        *,
        flags: int = 0,
        message_type: int = 0,
        interaction: Interaction | None = None,
        ephemeral_for: int | None = None,
    ) -> Message:
        mid = self._event_id()
        payload: dict[str, Any] = {
            "id": str(mid),
            "channel_id": str(channel.id),
            "author": author.payload(),
            "content": body.get("content") or "",
            "timestamp": self._now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self._attachments(channel, body.get("attachments"), files, []),
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": message_type,
            "flags": (body.get("flags") or 0) & (SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2) | flags,
        }
        if channel.guild is not None:
            payload["guild_id"] = str(channel.guild.id)
        if body.get("message_reference"):
            payload["message_reference"] = body["message_reference"]
        if interaction is not None:
            payload["webhook_id"] = str(self.application_id)
            payload["application_id"] = str(self.application_id)
            payload["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": {},
            }
        self._check_message(payload)
        msg = Message(payload, channel, ephemeral_for=ephemeral_for, interaction=interaction)
        self.messages[mid] = msg
        if ephemeral_for is None:
            channel.messages[mid] = msg
            channel.last_message_id = mid
        return msg

    def _apply_edit(self, msg: Message, body: dict[str, Any], files: dict[str, tuple[str, str, bytes]]) -> None:
        new = dict(msg.payload)
        if "content" in body:
            new["content"] = body["content"] or ""
        if "embeds" in body:
            new["embeds"] = body["embeds"] or []
        if "components" in body:
            new["components"] = body["components"] or []
        if "attachments" in body or files:
            keep = body["attachments"] if "attachments" in body else new["attachments"]
            new["attachments"] = self._attachments(msg.channel, keep, files, new["attachments"])
        if body.get("flags") is not None:
            mutable = SUPPRESS_EMBEDS | IS_COMPONENTS_V2
            new["flags"] = (new["flags"] & ~mutable) | (body["flags"] & mutable)
        new["flags"] &= ~LOADING
        new["edited_timestamp"] = self._now_iso()
        self._check_message(new)
        msg.payload = new

    def _attachments(
        self,
        channel: Channel,
        listed: list[dict[str, Any]] | None,
        files: dict[str, tuple[str, str, bytes]],
        existing: list[dict[str, Any]],
    ) -> list[dict[str, Any]]:
        by_id = {a["id"]: a for a in existing}
        result: list[dict[str, Any]] = []
        used: set[str] = set()
        for item in listed or []:
            aid = str(item.get("id"))
            if aid in by_id:
                result.append(by_id[aid])
                continue
            key = f"files[{aid}]"
            if key not in files:
                raise _invalid_form([f"attachments: id {aid} matches neither an attachment nor an uploaded file"])
            used.add(key)
            result.append(self._new_attachment(channel, files[key], item.get("description")))
        for key, file in files.items():
            if key not in used:
                result.append(self._new_attachment(channel, file, None))
        return result

    def _new_attachment(
        self, channel: Channel, file: tuple[str, str, bytes], description: str | None
    ) -> dict[str, Any]:
        filename, ctype, data = file
        aid = self._event_id()
        self.attachments[aid] = data
        url = f"{self.base_url}/attachments/{channel.id}/{aid}/{filename}"
        attachment = {
            "id": str(aid),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": ctype,
        }
        if description:
            attachment["description"] = description
        return attachment

    @staticmethod
    def _check_message(payload: dict[str, Any]) -> None:
        """Discord's main limits on a message (content, embeds, components)."""
        problems: list[str] = []
        content = payload["content"]
        embeds = payload["embeds"]
        components = payload["components"]
        flags = payload["flags"]
        if len(content) > 2000:
            problems.append(f"content: must be 2000 or fewer in length (got {len(content)})")
        if len(embeds) > 10:
            problems.append(f"embeds: must be 10 or fewer (got {len(embeds)})")
        total = 0
        for i, embed in enumerate(embeds):
            for key, limit in (("title", 256), ("description", 4096)):
                value = embed.get(key) or ""
                total += len(value)
                if len(value) > limit:
                    problems.append(f"embeds.{i}.{key}: must be {limit} or fewer in length")
            fields = embed.get("fields") or []
            if len(fields) > 25:
                problems.append(f"embeds.{i}.fields: must be 25 or fewer")
            for j, fld in enumerate(fields):
                name, value = fld.get("name") or "", fld.get("value") or ""
                total += len(name) + len(value)
                if not 1 <= len(name) <= 256:
                    problems.append(f"embeds.{i}.fields.{j}.name: must be 1-256 characters")
                if not 1 <= len(value) <= 1024:
                    problems.append(f"embeds.{i}.fields.{j}.value: must be 1-1024 characters")
            footer = (embed.get("footer") or {}).get("text") or ""
            author = (embed.get("author") or {}).get("name") or ""
            total += len(footer) + len(author)
            if len(footer) > 2048:
                problems.append(f"embeds.{i}.footer.text: must be 2048 or fewer in length")
            if len(author) > 256:
                problems.append(f"embeds.{i}.author.name: must be 256 or fewer in length")
        if total > 6000:
            problems.append(f"embeds: total text must be 6000 or fewer characters (got {total})")
        if flags & IS_COMPONENTS_V2:
            if content or embeds:
                problems.append("content/embeds: cannot be used with the IS_COMPONENTS_V2 flag")
        else:
            if len(components) > 5:
                problems.append(f"components: must be 5 or fewer action rows (got {len(components)})")
            for i, row in enumerate(components):
                if row.get("type") != 1:
                    problems.append(f"components.{i}: top-level components must be action rows (type 1)")
                    continue
                children = row.get("components") or []
                selects = [c for c in children if c.get("type") in SELECT_TYPES]
                if not 1 <= len(children) <= 5:
                    problems.append(f"components.{i}: an action row holds 1-5 components")
                if selects and len(children) > 1:
                    problems.append(f"components.{i}: a select menu must be alone in its action row")
        ids = []
        for comp in walk_components(components):
            ctype = comp.get("type")
            cid = comp.get("custom_id")
            if cid is not None:
                ids.append(cid)
                if not 1 <= len(cid) <= 100:
                    problems.append(f"custom_id {cid!r}: must be 1-100 characters")
            if ctype == 2:
                style = comp.get("style")
                if style == 5:
                    if not comp.get("url") or cid is not None:
                        problems.append("link button: needs a url and no custom_id")
                elif style != 6 and cid is None:
                    problems.append("button: needs a custom_id")
                if len(comp.get("label") or "") > 80:
                    problems.append(f"button {cid!r}: label must be 80 or fewer characters")
                if not comp.get("label") and not comp.get("emoji"):
                    problems.append(f"button {cid!r}: needs a label or an emoji")
            elif ctype in SELECT_TYPES:
                if cid is None:
                    problems.append("select: needs a custom_id")
                options = comp.get("options") or []
                if ctype == 3 and not 1 <= len(options) <= 25:
                    problems.append(f"select {cid!r}: must have 1-25 options (got {len(options)})")
                low, high = comp.get("min_values", 1), comp.get("max_values", 1)
                if not (0 <= low <= high <= 25) or (ctype == 3 and high > len(options)):
                    problems.append(f"select {cid!r}: bad min_values/max_values ({low}, {high})")
                for opt in options:
                    if not 1 <= len(opt.get("label") or "") <= 100 or not 1 <= len(opt.get("value") or "") <= 100:
                        problems.append(f"select {cid!r}: option label and value must be 1-100 characters")
                if len(comp.get("placeholder") or "") > 150:
                    problems.append(f"select {cid!r}: placeholder must be 150 or fewer characters")
        duplicates = sorted({c for c in ids if ids.count(c) > 1})
        if duplicates:
            problems.append(f"components: custom_id values must be unique, duplicated: {duplicates}")
        if problems:
            raise _invalid_form(problems)
        if not (content or embeds or components or payload["attachments"]) and not flags & LOADING:
            raise ApiError(400, 50006, "Cannot send an empty message")

    def _message_intent(self, channel: Channel) -> int:
        return INTENT_GUILD_MESSAGES if channel.guild is not None else INTENT_DIRECT_MESSAGES

    async def _message_event(self, event: str, msg: Message) -> None:
        if not self.message_events or msg.ephemeral:
            return
        await self._dispatch(event, msg.payload, intent=self._message_intent(msg.channel))

    # -- interaction callbacks

    async def _callback(self, call: Call, files: Any, iid: str, token: str) -> tuple[int, Any]:
        interaction = self.interactions.get(int(iid))
        if interaction is None or interaction.token != token:
            raise ApiError(404, 10062, "Unknown interaction")
        self._tag(call, interaction)
        body = call.json or {}
        try:
            status, answer, message = await self._respond(interaction, body, files)
        except ApiError as exc:
            self._record_callback(interaction, call, exc.status, body, exc.body(), None)
            raise
        self._record_callback(interaction, call, status, body, answer, message)
        if call.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None   # as Discord: the callback object only when asked for
        return status, answer

    def _record_callback(
        self, interaction: Interaction, call: Call, status: int, body: Any, answer: Any, message: Message | None
    ) -> None:
        callback = Callback(
            status=status,
            type=body.get("type") if isinstance(body, dict) else None,
            data=body.get("data") if isinstance(body, dict) else None,
            body=answer,
            message=message.payload if message is not None else None,
            call=call,
        )
        interaction.callbacks.append(callback)
        if not interaction._first_callback.done():
            interaction._first_callback.set_result(callback)

    async def _respond(
        self, interaction: Interaction, body: dict[str, Any], files: dict[str, tuple[str, str, bytes]]
    ) -> tuple[int, Any, Message | None]:
        if self.clock.now() - interaction.created > self.ack_deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        if interaction.acked_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE_WITH_SOURCE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE_MESSAGE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_CHANNEL_MESSAGE}
            | ({DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE} if interaction.message is not None else set()),
        }[interaction.type]
        if rtype not in {4, 5, 6, 7, 8, 9}:
            self.unhandled.append(f"interaction callback type {rtype!r}")
            raise _invalid_form([f"type: callback type {rtype!r} is not emulated"])
        if rtype not in allowed:
            raise ApiError(
                400, 40043, f"Interaction callback type {rtype} is not valid for interaction type {interaction.type}"
            )
        message: Message | None = None
        resource: dict[str, Any] = {"type": rtype}
        if rtype in (CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_CHANNEL_MESSAGE):
            ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            flags = (EPHEMERAL if ephemeral else 0) | (LOADING if rtype == DEFERRED_CHANNEL_MESSAGE else 0)
            content = data if rtype == CHANNEL_MESSAGE_WITH_SOURCE else {}
            message = self._new_message(
                interaction.channel,
                self.bot_user,
                content,
                files if rtype == CHANNEL_MESSAGE_WITH_SOURCE else {},
                flags=flags,
                message_type=20 if interaction.type == APPLICATION_COMMAND else 0,
                interaction=interaction,
                ephemeral_for=interaction.user.id if ephemeral else None,
            )
            interaction.original_id = message.id
        elif rtype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            assert interaction.message is not None
            message = interaction.message
            if message.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            if rtype == UPDATE_MESSAGE:
                self._apply_edit(message, data, files)
            interaction.original_id = message.id
        elif rtype == MODAL:
            self._check_modal(data)
            interaction.modal = copy.deepcopy(data)
        elif rtype == AUTOCOMPLETE_RESULT:
            interaction.autocomplete_choices = copy.deepcopy(data.get("choices") or [])
        interaction.acked_type = rtype
        if message is not None:
            if rtype != DEFERRED_UPDATE_MESSAGE:
                resource["message"] = message.payload
            if rtype == UPDATE_MESSAGE:
                await self._message_event("MESSAGE_UPDATE", message)
            elif rtype != DEFERRED_UPDATE_MESSAGE:
                await self._message_event("MESSAGE_CREATE", message)
        answer = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": str(message.id) if message is not None else None,
                "response_message_loading": rtype == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
            "resource": resource,
        }
        return 200, answer, message

    @staticmethod
    def _check_modal(data: dict[str, Any]) -> None:
        problems = []
        if not 1 <= len(data.get("custom_id") or "") <= 100:
            problems.append("modal custom_id: must be 1-100 characters")
        if not 1 <= len(data.get("title") or "") <= 45:
            problems.append("modal title: must be 1-45 characters")
        if not 1 <= len(data.get("components") or []) <= 5:
            problems.append("modal components: must be 1-5")
        if problems:
            raise _invalid_form(problems)

    # -- webhooks (follow-ups and edits with the interaction token)

    def _token_interaction(self, call: Call, app: str, token: str) -> Interaction:
        if int(app) != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        interaction = self._by_token.get(token)
        if interaction is None:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        self._tag(call, interaction)
        if self.clock.now() - interaction.created > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if interaction.acked_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        return interaction

    def _token_message(self, interaction: Interaction, mid: str) -> Message:
        if mid == "@original":
            msg = interaction.original
        else:
            msg = self.messages.get(int(mid))
            if msg is not None and msg.id != interaction.original_id and msg.id not in interaction.followup_ids:
                msg = None
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def _followup(self, call: Call, files: Any, app: str, token: str) -> tuple[int, Any]:
        interaction = self._token_interaction(call, app, token)
        body = call.json or {}
        original = interaction.original
        if (
            interaction.acked_type == DEFERRED_CHANNEL_MESSAGE
            and not interaction.followup_ids
            and original is not None
            and original.flags & LOADING
        ):
            # Discord: the first follow-up after a deferred reply replaces the "thinking" message.
            self._apply_edit(original, body, files)
            msg = original
            await self._message_event("MESSAGE_UPDATE", msg)
        else:
            ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
            msg = self._new_message(
                interaction.channel,
                self.bot_user,
                body,
                files,
                flags=EPHEMERAL if ephemeral else 0,
                interaction=interaction,
                ephemeral_for=interaction.user.id if ephemeral else None,
            )
            await self._message_event("MESSAGE_CREATE", msg)
        interaction.followup_ids.append(msg.id)
        if call.query.get("wait", "").lower() in ("1", "true"):
            return 200, msg.payload
        return 204, None

    async def _webhook_get(self, call: Call, files: Any, app: str, token: str, mid: str) -> tuple[int, Any]:
        interaction = self._token_interaction(call, app, token)
        return 200, self._token_message(interaction, mid).payload

    async def _webhook_edit(self, call: Call, files: Any, app: str, token: str, mid: str) -> tuple[int, Any]:
        interaction = self._token_interaction(call, app, token)
        msg = self._token_message(interaction, mid)
        self._apply_edit(msg, call.json or {}, files)
        await self._message_event("MESSAGE_UPDATE", msg)
        return 200, msg.payload

    async def _webhook_delete(self, call: Call, files: Any, app: str, token: str, mid: str) -> tuple[int, Any]:
        interaction = self._token_interaction(call, app, token)
        await self._delete(self._token_message(interaction, mid))
        return 204, None

    # ---- gateway ---------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        # timeout: how long close() waits for the peer's close frame (discord.py does not always send one).
        ws = web.WebSocketResponse(compress=False, max_msg_size=0, timeout=1.0)
        await ws.prepare(request)
        conn = _Connection(ws)
        self._connections.add(conn)
        try:
            await conn.send(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}))
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        await self._gateway_frame(conn, json.loads(msg.data))
                    except Exception:  # noqa: BLE001 - an emulator bug: record it, keep the socket
                        self.errors.append(f"gateway frame {msg.data[:200]!r}:\n{traceback.format_exc()}")
                elif msg.type == WSMsgType.BINARY:
                    self.unhandled.append("gateway binary frame (ETF encoding?)")
        finally:
            self._connections.discard(conn)
            if self._current is conn:
                self._current = None
            self._notify()
        return ws

    async def _gateway_frame(self, conn: _Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        logged = dict(frame)
        if isinstance(data, dict) and "token" in data:
            logged["d"] = {k: v for k, v in data.items() if k != "token"}
        self.gateway_received.append(logged)
        if op == 1:  # HEARTBEAT
            await conn.send('{"op":11,"d":null}')
        elif op == 2:  # IDENTIFY
            await self._identify(conn, data)
        elif op == 6:  # RESUME
            await self._resume(conn, data)
        elif op in (3, 4):  # PRESENCE_UPDATE, VOICE_STATE_UPDATE: accepted, ignored
            pass
        elif op == 8:  # REQUEST_GUILD_MEMBERS
            await self._members_chunk(conn, data)
        else:
            self.unhandled.append(f"gateway op {op}")

    def _token_ok(self, token: str | None) -> bool:
        return bool(token) and (self.token is None or token == self.token)

    async def _identify(self, conn: _Connection, data: dict[str, Any]) -> None:
        if not self._token_ok(data.get("token")):
            await self._close_ws(conn, 4004)
            return
        self.identify_count += 1
        session = _Session(f"emu-session-{self.identify_count}", int(data.get("intents") or 0))
        self.sessions[session.id] = session
        conn.session = session
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.bot_user.payload() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds.values()],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["emulator"],
        }
        if data.get("shard") is not None:
            ready["shard"] = data["shard"]
        self._current = conn
        await self._send_dispatch(conn, "READY", ready)
        for guild in list(self.guilds.values()):
            await self._send_dispatch(conn, "GUILD_CREATE", guild.payload())
        self.ready_count += 1
        self._notify()

    async def _resume(self, conn: _Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or not self._token_ok(data.get("token")):
            await conn.send('{"op":9,"d":false}')
            return
        self.resume_count += 1
        conn.session = session
        self._current = conn
        seq = data.get("seq") or 0
        for frame_seq, frame in list(session.buffer):
            if frame_seq > seq:
                await conn.send(frame)
        await self._send_dispatch(conn, "RESUMED", {"_trace": ["emulator"]})
        self._notify()

    async def _members_chunk(self, conn: _Connection, data: dict[str, Any]) -> None:
        guild = self.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        chunk = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await self._send_dispatch(conn, "GUILD_MEMBERS_CHUNK", chunk)

    async def _send_dispatch(self, conn: _Connection, event: str, data: Any) -> None:
        session = conn.session
        assert session is not None
        session.seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": session.seq, "d": data})
        session.buffer.append((session.seq, frame))
        await conn.send(frame)

    async def _dispatch(self, event: str, data: Any, *, intent: int | None = None) -> None:
        """Send a gateway event to the bot's current session (if its intents ask for it)."""
        conn = self._current
        if conn is None or conn.session is None:
            return
        if intent is not None and not conn.session.intents & intent:
            return
        await self._send_dispatch(conn, event, data)

    async def dispatch(self, event: str, data: Any) -> None:
        """Send any gateway event (for what the helpers do not cover)."""
        await self._dispatch(event, data)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _close_ws(self, conn: _Connection, code: int) -> None:
        try:
            await asyncio.wait_for(conn.ws.close(code=code), 2.0)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass

    async def disconnect_bot(self, code: int = 4000) -> None:
        """Close the bot's gateway socket (4000: it may RESUME; use invalidate_sessions() to refuse).

        Returns at once; wait for `resume_count` / `ready_count` to see the bot come back.
        """
        conn, self._current = self._current, None
        if conn is not None:
            self._spawn(self._close_ws(conn, code))

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: the bot closes the socket and RESUMEs."""
        if self._current is not None:
            await self._current.send('{"op":7,"d":null}')

    def invalidate_sessions(self) -> None:
        """Forget every session: the next RESUME gets INVALID_SESSION and the bot IDENTIFYs again."""
        self.sessions.clear()

    @property
    def connected(self) -> bool:
        return self._current is not None and not self._current.ws.closed

    # ---- simulated users -------------------------------------------------------------------

    def _resolve_channel(self, channel: Channel | int | str) -> Channel:
        if isinstance(channel, Channel):
            return channel
        found = self.channels.get(int(channel))
        if found is None:
            raise EmulatorError(f"no channel {channel}")
        return found

    def _actor(self, user: User | Member, channel: Channel) -> tuple[User, Member | None]:
        base = user.user if isinstance(user, Member) else user
        if channel.guild is None:
            return base, None
        member = channel.guild.members.get(base.id)
        if member is None:
            raise EmulatorError(f"{base.name} is not a member of guild {channel.guild.name!r}")
        return base, member

    def _new_interaction(
        self,
        itype: int,
        user: User | Member,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
        age: float = 0.0,
    ) -> Interaction:
        base, member = self._actor(user, channel)
        interaction = Interaction(
            self,
            id=self._event_id(age),
            type=itype,
            user=base,
            member=member,
            channel=channel,
            data=data,
            message=message,
            created=self.clock.now() - age,
        )
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": interaction.token,
            "version": 1,
            "channel_id": str(channel.id),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None and member is not None:
            bot_member = guild.members.get(self.bot_user.id)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=member.payload(with_permissions=True),
                channel=channel.payload(permissions=member.permissions()),
                app_permissions=str(bot_member.permissions() if bot_member else BOT_PERMISSIONS),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=base.payload(),
                channel=channel.payload(permissions=DEFAULT_PERMISSIONS),
                app_permissions=str(BOT_PERMISSIONS),
                authorizing_integration_owners={"1": str(base.id)},
                context=1,
            )
        if message is not None:
            payload["message"] = message.payload
        interaction.payload = payload
        self.interactions[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        return interaction

    async def _deliver(self, interaction: Interaction, deliver: bool) -> Interaction:
        if not deliver:
            return interaction
        conn = self._current
        if conn is None or conn.ws.closed or conn.session is None:
            raise EmulatorError("no bot is connected to the gateway (await emu.wait_ready() first)")
        interaction.sent_at = time.perf_counter()
        await self._send_dispatch(conn, "INTERACTION_CREATE", interaction.payload)
        return interaction

    async def slash(
        self,
        user: User | Member,
        channel: Channel | int | str,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        age: float = 0.0,
        deliver: bool = True,
        **kw_options: Any,
    ) -> Interaction:
        """`user` runs `/command` (subcommands as "game start") in `channel` with the given options.

        Options are checked against the schema the bot synced (like the Discord client does);
        anything Discord would not send raises EmulatorError. `age` makes the interaction that many
        seconds old when it arrives; `deliver=False` registers it without sending it to the bot.
        """
        channel = self._resolve_channel(channel)
        given = dict(options or {}) | kw_options
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise EmulatorError("empty command name")
        root = next(
            (c for c in self.commands_for(channel.guild) if c["name"] == parts[0] and c.get("type", 1) == 1), None
        )
        if root is None:
            known = sorted(c["name"] for c in self.commands_for(channel.guild))
            raise EmulatorError(f"/{parts[0]} is not a synced slash command here (synced: {known})")
        if channel.guild is None and root.get("contexts") is not None and 1 not in root["contexts"]:
            raise EmulatorError(f"/{parts[0]} cannot be used in DMs")
        resolved: dict[str, dict[str, Any]] = {}
        node, chain = root, []
        for part in parts[1:]:
            sub = next((o for o in node.get("options") or [] if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                raise EmulatorError(f"/{' '.join(parts)}: no subcommand {part!r}")
            chain.append(sub)
            node = sub
        if any(o["type"] in (1, 2) for o in node.get("options") or []):
            raise EmulatorError(f"/{' '.join(parts)} needs a subcommand")
        leaf_options = self._command_options(node, given, channel, resolved, "/" + " ".join(parts))
        for sub in reversed(chain):
            leaf_options = [{"name": sub["name"], "type": sub["type"], "options": leaf_options}]
        data: dict[str, Any] = {"id": root["id"], "name": root["name"], "type": 1, "options": leaf_options}
        if root.get("guild_id"):
            data["guild_id"] = root["guild_id"]
        if resolved:
            data["resolved"] = resolved
        interaction = self._new_interaction(APPLICATION_COMMAND, user, channel, data, age=age)
        return await self._deliver(interaction, deliver)

    def _command_options(
        self,
        node: dict[str, Any],
        given: dict[str, Any],
        channel: Channel,
        resolved: dict[str, dict[str, Any]],
        where: str,
    ) -> list[dict[str, Any]]:
        schema = {o["name"]: o for o in node.get("options") or []}
        unknown = sorted(set(given) - set(schema))
        if unknown:
            raise EmulatorError(f"{where}: unknown option(s) {unknown}; the command has {sorted(schema)}")
        result = []
        for name, opt in schema.items():
            if name not in given or given[name] is None:
                if opt.get("required"):
                    raise EmulatorError(f"{where}: option {name!r} is required")
                continue
            value = self._option_value(opt, given[name], channel, resolved, f"{where} {name}")
            result.append({"name": name, "type": opt["type"], "value": value})
        return result

    def _option_value(
        self, opt: dict[str, Any], value: Any, channel: Channel, resolved: dict[str, dict[str, Any]], where: str
    ) -> Any:
        otype = opt["type"]

        def bad(why: str) -> EmulatorError:
            return EmulatorError(f"{where}: {why} (got {value!r})")

        if otype == 3:
            if not isinstance(value, str):
                raise bad("expected a string")
            if len(value) < opt.get("min_length", 0) or len(value) > opt.get("max_length", 6000):
                raise bad(f"length must be {opt.get('min_length', 0)}-{opt.get('max_length', 6000)}")
        elif otype in (4, 10):
            if isinstance(value, bool) or not isinstance(value, int if otype == 4 else (int, float)):
                raise bad("expected an integer" if otype == 4 else "expected a number")
            if otype == 4 and not -(2**53) < value < 2**53:
                raise bad("integer out of Discord's range")
            if opt.get("min_value") is not None and value < opt["min_value"]:
                raise bad(f"must be >= {opt['min_value']}")
            if opt.get("max_value") is not None and value > opt["max_value"]:
                raise bad(f"must be <= {opt['max_value']}")
        elif otype == 5:
            if not isinstance(value, bool):
                raise bad("expected a boolean")
        elif otype == 6 or (otype == 9 and isinstance(value, (User, Member))):
            user = value.user if isinstance(value, Member) else value
            if not isinstance(user, User):
                user = self.users.get(int(value)) if str(value).isdigit() else None
            if user is None:
                raise bad("expected a User or Member (or a known user id)")
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            member = channel.guild.members.get(user.id) if channel.guild is not None else None
            if member is not None:
                resolved.setdefault("members", {})[str(user.id)] = member.payload(
                    with_user=False, with_permissions=True
                )
            return str(user.id)
        elif otype in (8, 9):
            role = value if isinstance(value, Role) else None
            if role is None and channel.guild is not None and str(value).isdigit():
                role = channel.guild.roles.get(int(value))
            if role is None:
                raise bad("expected a Role of this guild")
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        elif otype == 7:
            target = (
                value if isinstance(value, Channel) else self.channels.get(int(value)) if str(value).isdigit() else None
            )
            if target is None:
                raise bad("expected a Channel")
            if opt.get("channel_types") and target.type not in opt["channel_types"]:
                raise bad(f"channel type must be one of {opt['channel_types']}")
            data = target.payload(permissions=DEFAULT_PERMISSIONS)
            resolved.setdefault("channels", {})[str(target.id)] = data
            return str(target.id)
        else:
            raise bad(f"option type {otype} is not emulated")
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise bad(f"must be one of {[c['value'] for c in choices]}")
        return value

    def _clickable(self, user: User | Member, message: Message | int | str | dict[str, Any]) -> Message:
        if isinstance(message, dict):
            message = message["id"]
        msg = message if isinstance(message, Message) else self.message(message)
        if msg.deleted:
            raise EmulatorError(f"message {msg.id} was deleted")
        base = user.user if isinstance(user, Member) else user
        if msg.ephemeral_for is not None and msg.ephemeral_for != base.id:
            raise EmulatorError(f"message {msg.id} is ephemeral: only its recipient sees it")
        return msg

    async def click(
        self,
        user: User | Member,
        message: Message | int | str | dict[str, Any],
        custom_id: str,
        *,
        age: float = 0.0,
        deliver: bool = True,
    ) -> Interaction:
        """`user` clicks the button `custom_id` on `message` (a Message, its id, or its payload)."""
        msg = self._clickable(user, message)
        comp = msg.find_component(custom_id)
        if comp is None or comp.get("type") != 2:
            raise EmulatorError(f"message {msg.id} has no button {custom_id!r}; it has {msg.custom_ids()}")
        if comp.get("disabled"):
            raise EmulatorError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        if comp.get("id") is not None:
            data["id"] = comp["id"]
        interaction = self._new_interaction(MESSAGE_COMPONENT, user, msg.channel, data, message=msg, age=age)
        return await self._deliver(interaction, deliver)

    async def select(
        self,
        user: User | Member,
        message: Message | int | str | dict[str, Any],
        custom_id: str,
        values: list[Any],
        *,
        age: float = 0.0,
        deliver: bool = True,
    ) -> Interaction:
        """`user` picks `values` in the select menu `custom_id` (option values, or users/roles/channels)."""
        msg = self._clickable(user, message)
        comp = msg.find_component(custom_id)
        if comp is None or comp.get("type") not in SELECT_TYPES:
            raise EmulatorError(f"message {msg.id} has no select menu {custom_id!r}; it has {msg.custom_ids()}")
        if comp.get("disabled"):
            raise EmulatorError(f"select {custom_id!r} is disabled")
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise EmulatorError(f"select {custom_id!r} takes {low}-{high} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            wrong = [v for v in values if v not in allowed]
            if wrong:
                raise EmulatorError(f"select {custom_id!r}: {wrong} not among the options {allowed}")
            data["values"] = list(values)
        else:
            resolved: dict[str, dict[str, Any]] = {}
            kind = {5: 6, 6: 8, 7: 9, 8: 7}[comp["type"]]
            data["values"] = [
                self._option_value({"type": kind}, v, msg.channel, resolved, f"select {custom_id}") for v in values
            ]
            data["resolved"] = resolved
        interaction = self._new_interaction(MESSAGE_COMPONENT, user, msg.channel, data, message=msg, age=age)
        return await self._deliver(interaction, deliver)

    async def submit_modal(
        self,
        user: User | Member,
        opened_by: Interaction,
        values: dict[str, Any],
        *,
        age: float = 0.0,
        deliver: bool = True,
    ) -> Interaction:
        """`user` submits the modal the bot opened in answer to `opened_by`; values by custom_id."""
        modal = opened_by.modal
        if modal is None:
            raise EmulatorError(f"interaction {opened_by.id} did not open a modal")
        unknown = set(values) - set(custom_ids(modal))
        if unknown:
            raise EmulatorError(f"modal {modal['custom_id']!r} has no field(s) {sorted(unknown)}")

        def answer(comp: dict[str, Any]) -> dict[str, Any] | None:
            cid = comp.get("custom_id")
            if comp.get("type") == 4:
                value = values.get(cid, comp.get("value") or "")
                if not isinstance(value, str):
                    raise EmulatorError(f"modal field {cid!r} takes a string")
                if comp.get("required", True) and not value:
                    raise EmulatorError(f"modal field {cid!r} is required")
                if value and not comp.get("min_length", 0) <= len(value) <= comp.get("max_length", 4000):
                    raise EmulatorError(f"modal field {cid!r}: bad length {len(value)}")
                return {"type": 4, "custom_id": cid, "value": value}
            if comp.get("type") in SELECT_TYPES:
                chosen = values.get(cid, [])
                return {"type": comp["type"], "custom_id": cid, "values": list(chosen)}
            return None

        submitted: list[dict[str, Any]] = []
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                row = [a for a in (answer(c) for c in top.get("components") or []) if a is not None]
                submitted.append({"type": 1, "components": row})
            elif top.get("type") == 18 and isinstance(top.get("component"), dict):
                inner = answer(top["component"])
                if inner is not None:
                    submitted.append({"type": 18, "component": inner})
        data = {"custom_id": modal["custom_id"], "components": submitted}
        interaction = self._new_interaction(
            MODAL_SUBMIT, user, opened_by.channel, data, message=opened_by.message, age=age
        )
        return await self._deliver(interaction, deliver)

    async def user_message(self, user: User | Member, channel: Channel | int | str, content: str) -> Message:
        """`user` posts a plain chat message (sent as MESSAGE_CREATE; content blanked without the intent)."""
        channel = self._resolve_channel(channel)
        base, member = self._actor(user, channel)
        msg = self._new_message(channel, base, {"content": content}, {})
        conn = self._current
        if self.message_events and conn is not None and conn.session is not None:
            payload = dict(msg.payload)
            if member is not None:
                payload["member"] = member.payload(with_user=False)
            if not conn.session.intents & INTENT_MESSAGE_CONTENT and f"<@{self.bot_user.id}>" not in content:
                payload["content"] = ""
            await self._dispatch("MESSAGE_CREATE", payload, intent=self._message_intent(channel))
        return msg
