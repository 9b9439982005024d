"""The table service: lobbies, moves, computer players and persistence.

No Discord here: the cogs call these methods and show what they return, and tests
drive the service directly. Every change to a table happens under that table's
lock and is written to the store (one transaction, version checked) before anyone
is told about it; a change the store refuses is undone, so memory is always what the
database holds, and the member reads that the bot cannot save right now. Computer players
think in a worker thread so the event loop keeps answering clicks, and their move is only
applied if the table has not moved on meanwhile; a computer turn or a timeout that fails is
tried again after a growing pause.

No table gets stuck: every human seat that must act has a deadline, stored with the
table (``meta["deadline"]``), and `tick` (run every second by `run_timers`, or by a
test with a fake clock) makes the timeout move when it passes. A seat that times out
repeatedly, or whose player leaves, is played by a computer (a *stand-in*) until the
player takes it back. Tables nobody can play any more, or idle too long, are closed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import logging
import marshal
import random
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.config import STRENGTHS, GuildConfig
from bot.names import shown_name
from bot.store import SeatRecord, Store, TableRecord, VersionConflict
from bot.thinking import OVERRUN_FACTOR, Thinker, ThreadThinker
from games.ai import SearchPlayer
from games.ai.levels import make_level
from games.engine import BadOption, Event, Game, IllegalMove, Move, Prompt, State, View, stamped
from games.localize import ENGLISH_CODE, language_of
from games.localize import render as render_text
from games.registry import GAMES
from games.text import Seat, text_data, text_from, texts

log = logging.getLogger(__name__)
T, N = texts("bot_tables")
# a computer's search may take OVERRUN_FACTOR times its time budget (its worker stops it then),
# plus time queued for a free worker, before it counts as failed
THINK_QUEUE_SECONDS = 20.0

LOBBY, PLAYING, FINISHED, CANCELLED = "lobby", "playing", "finished", "cancelled"
POSTING = "posting"               # meta: the interaction answered with the table message, and when
RECENT_EVENTS = 6
LOBBY_IDLE = 60 * 60              # seconds a lobby may wait for players
PLAYING_IDLE = 7 * 24 * 60 * 60   # seconds a game without a turn timer may sit untouched
PREFS = 0                         # the settings "server" that holds members' own preferences (/prefs)
LANGUAGE_KEY = "language:"        # …: a member's language, key language:<user id>
DECK_KEY = "deck:"                # …: a member's deck colours for pictures, key deck:<user id>
TWO_COLOURS, FOUR_COLOURS = "two", "four"   # the decks: ♦♥ red and ♣♠ black; or ♦ blue and ♣ green too
RETRY_MAX = 60.0                  # the longest pause before a computer's turn or a timeout is tried again


class TableError(Exception):
    """Something a player tried that cannot be done; the message says why (a `Text`: render
    `reason(error)` for its reader, never ``str(error)``, which is English)."""


def reason(error: Exception) -> str:
    """What an error says, as it was raised: a `Text` stays one, for rendering in the reader's language."""
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


CANNOT_SAVE = T("The bot can't save right now, so nothing changed. Please try again in a moment.")


class StorageUnavailable(TableError):
    """The store failed (a full disk, a locked or unreachable database): nothing was changed."""

    def __init__(self) -> None:
        super().__init__(CANNOT_SAVE)


class StaleMove(TableError):
    """The move was built on an older version of the table."""


class RematchOpen(TableError):
    """Someone already opened the rematch of this game: ``table``."""

    def __init__(self, table: Table) -> None:
        super().__init__(T("The rematch is already open: table #{table}.", table=table.id))
        self.table = table


@dataclass
class Table:
    record: TableRecord
    game: Game
    state: State | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # the log as the game wrote it (texts with {p0}…, rendered for each reader in their language)
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    private: dict[int, str] = field(default_factory=dict)   # seat → last line only it may read
    # views and prompts of the current state, drawn once however often a click redraws them
    _drawn: tuple[Any, dict[tuple[str, int | None], Any]] = field(default_factory=lambda: (None, {}), repr=False)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def names(self) -> list[str]:
        """The seats' names as Discord text shows them (escaped: see bot/names.py)."""
        return [shown_name(s.name) for s in self.record.seats]

    @property
    def raw_names(self) -> list[str]:
        """The seats' names as the members wrote them, for pictures."""
        return [s.name for s in self.record.seats]

    def player_counts(self) -> range:
        """How many players the game can start with under this table's options (some options
        narrow the game's range, e.g. a table's own seat limits)."""
        counts = [n for n in self.game.seats if _options_allow(self.game, self.record.options, n)]
        return range(counts[0], counts[-1] + 1, self.game.seats.step) if counts else self.game.seats

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a member, also while a computer stands in for them."""
        for i, seat in enumerate(self.record.seats):
            if not seat.computer and seat.user_id == user_id:
                return i
        return None

    def humans(self) -> list[int]:
        return [s.user_id for s in self.record.seats if not s.computer and s.user_id is not None]

    def computer_plays(self, seat: int) -> bool:
        """True when a computer makes this seat's moves (a computer seat, or a stand-in)."""
        record = self.record.seats[seat]
        return record.computer or record.stand_in

    def present(self) -> list[int]:
        """Seats a human plays right now."""
        return [i for i in range(len(self.record.seats)) if not self.computer_plays(i)]

    @property
    def deadline(self) -> float | None:
        return self.record.meta.get("deadline")

    def view(self, seat: int | None) -> View:
        return self._memo("view", seat)

    def prompt(self, seat: int) -> Prompt:
        return self._memo("prompt", seat)

    def score_unit(self) -> tuple[str, str]:
        """What the seats' scores count ("points", "chips", "hands won")."""
        return self.game.score_unit(self.state)

    def _memo(self, kind: str, seat: int | None) -> Any:
        """Every move replaces the state object, so what was drawn from this one stays true."""
        state = self.state
        assert state is not None
        drawn_from, cache = self._drawn
        if drawn_from is not state:
            cache = {}
            self._drawn = (state, cache)
        key = (kind, seat)
        if key not in cache:
            cache[key] = getattr(self.game, kind)(state, seat)
        return cache[key]

    def to_move(self) -> list[int]:
        return sorted(self.game.to_move(self.state)) if self.state is not None else []

    def recent_lines(self, language: str | None = None) -> list[str]:
        """The table's recent lines, for reading in ``language`` (the table's by default)."""
        return [self.render(line, language=language) for line in self.recent]

    @property
    def language(self) -> str:
        """The language of the public table message (chosen when the table was opened)."""
        return self.record.meta.get("language", ENGLISH_CODE)

    def render(self, text: str, plain: bool = False, language: str | None = None) -> str:
        """``text`` in ``language`` (the table's by default), with the seats' names in place of
        ``{p0}``…, escaped for Discord's markdown, or as written where Discord shows ``plain``
        text (button and menu labels)."""
        return render_text(text, language or self.language, self.raw_names if plain else self.names)


def _options_allow(game: Game, options: dict[str, Any], players: int) -> bool:
    try:
        game.Options.parse(options, players)
    except BadOption:
        return False
    return True


Listener = Callable[[Table], Awaitable[None]]


def computer_name(seats: list[SeatRecord], language: str) -> str:
    """The next free name for a computer player, in the table's ``language`` ("Computer 2")."""
    taken = {s.name for s in seats}
    n = 1
    while render_text(T("Computer {n}", n=n), language) in taken:
        n += 1
    return render_text(T("Computer {n}", n=n), language)


@dataclass
class _Snapshot:
    """What a table was before a change, to put back if the change could not be stored."""
    record: TableRecord
    state: State | None
    recent: list[str]
    private: dict[int, str]

    @classmethod
    def of(cls, table: Table) -> _Snapshot:
        record = table.record
        kept = dataclasses.replace(record, seats=[dataclasses.replace(s) for s in record.seats],
                                   meta=marshal.loads(marshal.dumps(record.meta)))   # JSON-native: as State.clone
        return cls(kept, table.state, list(table.recent), dict(table.private))

    def restore(self, table: Table) -> None:
        for f in dataclasses.fields(TableRecord):
            setattr(table.record, f.name, getattr(self.record, f.name))
        table.state = self.state
        table.recent.clear()
        table.recent.extend(self.recent)
        table.private.clear()
        table.private.update(self.private)


class TableService:
    def __init__(self, store: Store, *, ai_iterations: int = 1000, ai_seconds: float | None = 0.9,
                 computer_pause: float = 0.0, clock: Callable[[], float] = time.time,
                 thinker: Thinker | None = None, retry_delay: float = 1.0) -> None:
        self.store = store
        self.tables: dict[int, Table] = {}
        self.listeners: list[Listener] = []
        self.ai_iterations = ai_iterations
        self.ai_seconds = ai_seconds
        self.computer_pause = computer_pause
        self.thinker: Thinker = thinker or ThreadThinker()
        self.clock = clock
        self.retry_delay = retry_delay   # the first pause after a failed computer turn or timeout; it doubles
        self._loading: dict[int, asyncio.Task[Table]] = {}
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self._timer_retries: dict[int, tuple[float, float]] = {}   # table id -> (when, pause) after a failure
        self._computer_tasks: dict[int, asyncio.Task] = {}
        self._timer_task: asyncio.Task | None = None
        self._timer_handle: asyncio.TimerHandle | None = None
        self._timer_due: float | None = None
        self._timers_on = False
        self._timer_again = False
        self._closing = False
        self.languages: dict[int, str] = {}   # member → the language they chose with /prefs
        self.decks: dict[int, str] = {}       # member → the deck they chose with /prefs (two colours if none)

    def member_language(self, user_id: int, locale: str | None) -> str:
        """The language of a member's private messages: their /prefs choice, else their
        Discord client's ``locale``."""
        return self.languages.get(user_id) or language_of(locale)

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """A member's /prefs language (None: follow their Discord client again)."""
        with self._storing(f"member {user_id}"):
            if language is None:
                await self.store.delete_settings(PREFS, [f"{LANGUAGE_KEY}{user_id}"])
            else:
                await self.store.set_setting(PREFS, f"{LANGUAGE_KEY}{user_id}", language)
        if language is None:
            self.languages.pop(user_id, None)
        else:
            self.languages[user_id] = language

    def member_deck(self, user_id: int | None) -> str:
        """The deck a member's hand pictures use: `TWO_COLOURS` unless they chose `FOUR_COLOURS`."""
        return self.decks.get(user_id, TWO_COLOURS) if user_id is not None else TWO_COLOURS

    def four_colour(self, user_id: int | None) -> bool:
        """Whether a member's hand pictures show ♦ blue and ♣ green."""
        return self.member_deck(user_id) == FOUR_COLOURS

    async def set_member_deck(self, user_id: int, deck: str) -> None:
        """A member's /prefs deck (two colours, the default, is not stored)."""
        with self._storing(f"member {user_id}"):
            if deck == TWO_COLOURS:
                await self.store.delete_settings(PREFS, [f"{DECK_KEY}{user_id}"])
            else:
                await self.store.set_setting(PREFS, f"{DECK_KEY}{user_id}", deck)
        if deck == TWO_COLOURS:
            self.decks.pop(user_id, None)
        else:
            self.decks[user_id] = deck

    async def forget_member(self, user_id: int) -> None:
        """/forget-me: a member's own preferences go too (language and deck)."""
        await self.set_member_language(user_id, None)
        await self.set_member_deck(user_id, TWO_COLOURS)

    async def _load_prefs(self) -> None:
        for key, value in (await self.store.settings(PREFS)).items():
            for prefix, chosen in ((LANGUAGE_KEY, self.languages), (DECK_KEY, self.decks)):
                if key.startswith(prefix) and key[len(prefix):].isdigit():
                    chosen[int(key[len(prefix):])] = value

    async def config(self, guild_id: int) -> GuildConfig:
        return GuildConfig.from_settings(await self.store.settings(guild_id))

    async def guild_language(self, guild_id: int, guild_locale: str | None) -> str:
        """The language of what the bot posts in a server outside a table (/leaderboard): the
        server's /config language, else its Discord locale."""
        return language_of((await self.config(guild_id)).language or guild_locale)

    # -- loading and saving
    async def load(self) -> int:
        """Load every open table and the members' preferences (language, deck) from the store, and
        resume computer turns."""
        await self._load_prefs()
        for record in await self.store.open_tables():
            game = GAMES.get(record.game)
            if game is None:
                log.warning("table %s: unknown game %r, skipped", record.id, record.game)
                continue
            self.tables.setdefault(record.id, self._table(record, game))
            self._schedule_computers(table=self.tables[record.id])
        return len(self.tables)

    @staticmethod
    def _table(record: TableRecord, game: Game) -> Table:
        table = Table(record, game)
        if record.state is not None:
            table.state = game.State.from_json(record.state)
        TableService._read_log(table)
        return table

    async def get(self, table_id: int) -> Table:
        """The one `Table` of that id: callers asking at once while it loads share the load."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.get_running_loop().create_task(self._load_table(table_id))
            self._loading[table_id] = loading

            def forget(done: asyncio.Task[Table]) -> None:
                if self._loading.get(table_id) is done:
                    del self._loading[table_id]

            loading.add_done_callback(forget)
        return await asyncio.shield(loading)

    async def _load_table(self, table_id: int) -> Table:
        with self._storing(f"table {table_id}"):
            record = await self.store.load_table(table_id)
        if record is None or record.game not in GAMES:
            raise TableError(T("That table no longer exists."))
        return self.tables.setdefault(table_id, self._table(record, GAMES[record.game]))

    @asynccontextmanager
    async def _changing(self, table_id: int) -> AsyncIterator[Table]:
        """The table, locked, for a change. Whatever the change did to it is undone if it fails
        (the store refused the write, say), so memory stays what the database holds, unless the
        table was just reloaded from the database (after a version conflict)."""
        while True:
            table = await self.get(table_id)
            async with table.lock:
                if self.tables.get(table_id) is not table:
                    continue   # left memory while we waited for its lock: take the one loaded now
                before, record = _Snapshot.of(table), table.record
                try:
                    yield table
                except BaseException:
                    if table.record is record:
                        before.restore(table)
                    raise
                return

    @staticmethod
    @contextmanager
    def _storing(what: str) -> Iterator[None]:
        """Around a store call: a failure of the store itself (not a version check) is logged and
        becomes StorageUnavailable, which tells the member plainly."""
        try:
            yield
        except (VersionConflict, TableError):
            raise
        except Exception as e:
            log.exception("%s: the store failed", what)
            raise StorageUnavailable() from e

    @staticmethod
    def _keep_log(table: Table) -> None:
        table.record.meta["recent"] = [text_data(line) for line in table.recent]
        table.record.meta["private"] = {str(k): text_data(v) for k, v in table.private.items()}

    @staticmethod
    def _read_log(table: Table) -> None:
        meta = table.record.meta
        table.recent.clear()
        table.recent.extend(text_from(line) for line in meta.get("recent", ()))
        table.private.clear()
        table.private.update({int(k): text_from(v) for k, v in meta.get("private", {}).items()})

    async def _save(self, table: Table) -> None:
        self._keep_log(table)
        expected = table.record.version
        table.record.version = expected + 1
        try:
            with self._storing(f"table {table.id}"):
                await self.store.save_table(table.record, expected)
        except VersionConflict:
            await self._reload(table)
            raise StaleMove(T("The table changed meanwhile; please try again.")) from None

    async def _resync(self, table: Table) -> None:
        """Make memory what the store holds after part of a change was stored; if even reading
        fails, drop the table from memory, so the next `get` loads it as stored."""
        try:
            await self._reload(table)
        except StorageUnavailable:
            if self.tables.get(table.id) is table:
                del self.tables[table.id]

    async def _reload(self, table: Table) -> None:
        with self._storing(f"table {table.id}"):
            record = await self.store.load_table(table.id)
        if record is not None:
            table.record = record
            table.state = table.game.State.from_json(record.state) if record.state else None
            self._read_log(table)   # what a failed change added is gone; the table's log is as stored

    async def _notify(self, table: Table) -> None:
        for listener in self.listeners:
            try:
                await listener(table)
            except Exception:  # a failing message edit must not break the game
                log.exception("table %s: listener failed", table.id)

    def channel_tables(self, channel_id: int) -> list[Table]:
        return [t for t in self.tables.values()
                if t.record.channel_id == channel_id and t.status in (LOBBY, PLAYING)]

    # -- lobby
    async def create(self, guild_id: int, channel_id: int, host_id: int, host_name: str, game_key: str,
                     options: dict[str, str] | None = None, seats: list[SeatRecord] | None = None,
                     language: str | None = None, guild_locale: str | None = None) -> Table:
        """Open a table in its lobby, with the host seated (or ``seats``, the host's first). Its
        messages speak ``language``, else the server's /config language, else the server's
        Discord locale (``guild_locale``), else English."""
        game = GAMES.get(game_key)
        if game is None:
            raise TableError(T("There is no game called '{game}'. Try one of: {games}.", game=game_key,
                               games=", ".join(sorted(GAMES))))
        # counting the channel's tables and adding this one must not interleave with another /play there
        async with self._channel_locks.setdefault(channel_id, asyncio.Lock()):
            table = await self._create(game, guild_id, channel_id, host_id, host_name, options, seats,
                                       language, guild_locale)
        if len(table.record.seats) == 1 and game.starts_alone(table.record.options):
            return await self.start(table.id, host_id)    # a solitaire: no lobby
        return table

    async def _create(self, game: Game, guild_id: int, channel_id: int, host_id: int, host_name: str,
                      options: dict[str, str] | None, seats: list[SeatRecord] | None,
                      language: str | None = None, guild_locale: str | None = None) -> Table:
        with self._storing(f"channel {channel_id}"):
            config = await self.config(guild_id)
        if not config.allows_channel(channel_id):
            where = ", ".join(f"<#{c}>" for c in config.channels)
            raise TableError(T("Tables can't be opened in this channel on this server. Try {channels}.",
                               channels=where))
        if len(self.channel_tables(channel_id)) >= config.max_tables:
            raise TableError(N("This channel already has {n} open table (the server's limit). "
                               "Finish or /end one first.",
                               "This channel already has {n} open tables (the server's limit). "
                               "Finish or /end one first.",
                               config.max_tables))
        try:
            parsed = game.Options.parse(options, defaults=config.options.get(game.key, {}))
        except BadOption as e:
            raise TableError(T("Bad option: {error}.", error=reason(e))) from None
        # what this table keeps of the server's settings, whatever they become later
        kept = dict(timer=config.timer_for(game.key), window=config.window, timeout_action=config.timeout_action,
                    replace_after=config.replace_after, computers=config.computers, strength=config.strength,
                    pictures=config.pictures,
                    language=language_of(language or config.language or guild_locale))
        if game.daily_seed(parsed.to_dict(), self.today()) is not None:
            kept["daily"] = self.today().isoformat()     # its results rank on that day's leaderboard
        with self._storing(f"channel {channel_id}"):
            record = await self.store.create_table(
                guild_id, channel_id, game.key, parsed.to_dict(), host_id, self._deal_seed(game, parsed.to_dict()),
                seats or [SeatRecord(host_id, host_name)], kept)
        table = Table(record, game)
        self.tables[record.id] = table
        self.arm_timer(record.updated_at + LOBBY_IDLE)
        return table

    def today(self) -> datetime.date:
        """The date of the daily deals (UTC)."""
        return datetime.datetime.fromtimestamp(self.clock(), datetime.UTC).date()

    def _deal_seed(self, game: Game, options: dict[str, Any]) -> int:
        """The table's seed: the day's shared deal when the game has one and the options ask for it, else a
        random one."""
        daily = game.daily_seed(options, self.today())
        return random.SystemRandom().randrange(2**31) if daily is None else daily

    async def set_message(self, table: Table, message_id: int | None) -> None:
        """The message showing the table moved (posted, posted again, or gone: None). Not a move:
        the version stays, so hand panels drawn before it still play."""
        table.record.message_id = message_id
        table.record.meta.pop(POSTING, None)   # stored with the next move; harmless until then
        await self.store.set_message_id(table.id, message_id)

    async def note_posting(self, table: Table, token: str) -> None:
        """Before the front end posts the table message as the answer to an interaction: the
        interaction's token and the time, so that if the process stops before `set_message`, the
        next one can ask for the answer's id. Not a move either."""
        async with table.lock:   # meta as stored, plus the note, never half a move's
            table.record.meta[POSTING] = {"token": token, "at": self.clock()}
            await self.store.set_meta(table.id, table.record.meta)

    def _lobby(self, table: Table) -> None:
        if table.status == PLAYING:
            raise TableError(T("This game has already started."))
        if table.status != LOBBY:
            raise TableError(T("This table is closed."))

    @staticmethod
    def _has_room(table: Table) -> None:
        most = table.player_counts().stop - 1
        if len(table.record.seats) >= most:
            raise TableError(T("The table is full ({n} players).", n=most))

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        async with self._changing(table_id) as table:
            self._lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError(T("You are already at this table."))
            self._has_room(table)
            table.record.seats.append(SeatRecord(user_id, name))
            await self._save(table)
        await self._notify(table)
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        async with self._changing(table_id) as table:
            if table.status == PLAYING:
                await self._hand_over(table, user_id)
            else:
                await self._leave_lobby(table, user_id)
        await self._notify(table)
        self._schedule_computers(table)
        return table

    async def _hand_over(self, table: Table, user_id: int) -> None:
        """A player leaves a running game: a computer plays their seat from now on."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(T("You are not playing at this table."))
        if table.record.seats[seat].stand_in:
            raise TableError(T("A computer already plays your seat. Press **Take my seat back** to return."))
        table.record.seats[seat].stand_in = True
        table.recent.append(T("{seat} left; a computer plays their seat.", seat=Seat(seat)))
        self._close_if_deserted(table)
        self._refresh_deadline(table)
        await self._save(table)

    async def take_back(self, table_id: int, user_id: int) -> Table:
        """A player whose seat a computer plays (they left or timed out) returns to it."""
        async with self._changing(table_id) as table:
            if table.status != PLAYING:
                raise TableError(T("This game is not running."))
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(T("You have no seat at this table."))
            if not table.record.seats[seat].stand_in:
                raise TableError(T("You are already playing your seat."))
            self._return(table, seat)
            self._refresh_deadline(table)
            await self._save(table)
        await self._notify(table)
        return table

    def _return(self, table: Table, seat: int) -> None:
        table.record.seats[seat].stand_in = False
        table.record.meta.setdefault("timeouts", {}).pop(str(seat), None)
        table.recent.append(T("{seat} is back at the table.", seat=Seat(seat)))

    async def _leave_lobby(self, table: Table, user_id: int) -> None:
        self._lobby(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(T("You are not at this table."))
        del table.record.seats[seat]
        if user_id == table.record.host_id:
            humans = table.humans()
            if humans:
                table.record.host_id = humans[0]
            else:
                table.record.status = CANCELLED
        await self._save(table)

    async def add_computer(self, table_id: int, user_id: int) -> Table:
        async with self._changing(table_id) as table:
            self._lobby(table)
            if table.seat_of(user_id) is None:
                raise TableError(T("Only players at the table can add computer players."))
            if not table.game.computers:
                raise TableError(T("{game} has no computer players.", game=table.game.title))
            if not table.record.meta.get("computers", True):
                raise TableError(T("This server does not allow computer players."))
            self._has_room(table)
            name = computer_name(table.record.seats, table.language)
            table.record.seats.append(SeatRecord(None, name, computer=True))
            await self._save(table)
        await self._notify(table)
        return table

    async def start(self, table_id: int, user_id: int) -> Table:
        async with self._changing(table_id) as table:
            self._lobby(table)
            if user_id != table.record.host_id:
                raise TableError(T("Only the host can start the game."))
            players = len(table.record.seats)
            low = table.player_counts().start
            if players < low:
                raise TableError(N("{game} needs at least {low} players; {n} is seated. "
                                   "Wait for friends or add a computer player.",
                                   "{game} needs at least {low} players; {n} are seated. "
                                   "Wait for friends or add a computer player.",
                                   players, game=table.game.title, low=low))
            try:
                state = table.game.start(players, table.record.options, table.record.seed)
            except BadOption as e:
                raise TableError(T("Cannot start: {error}.", error=reason(e))) from None
            table.state = state
            table.record.state = state.to_json()
            table.record.status = PLAYING
            table.recent.append(T("The game begins: {status}", status=table.view(None).status))
            self._refresh_deadline(table)
            await self._save(table)
        await self._notify(table)
        self._schedule_computers(table)
        return table

    @staticmethod
    def check_may_cancel(table: Table, user_id: int, is_admin: bool = False) -> None:
        """Raise TableError unless the member may end the table now (its host or a server manager)."""
        if table.status not in (LOBBY, PLAYING):
            raise TableError(T("This table is already closed."))
        if user_id != table.record.host_id and not is_admin:
            raise TableError(T("Only the host or a server manager can end this table."))

    async def cancel(self, table_id: int, user_id: int, is_admin: bool = False) -> Table:
        async with self._changing(table_id) as table:
            self.check_may_cancel(table, user_id, is_admin)
            table.record.status = CANCELLED
            table.recent.append(T("The table was closed."))
            self._refresh_deadline(table)
            await self._save(table)
        await self._notify(table)
        return table

    async def rematch(self, table_id: int, user_id: int, name: str) -> Table:
        """A new lobby for the same players and options, hosted by the asker. One per game: who
        asks once it is open (both players pressed Rematch, say) gets `RematchOpen`."""
        async with self._changing(table_id) as old:
            if old.status != FINISHED:
                raise TableError(T("A rematch can only start from a finished game."))
            if old.seat_of(user_id) is None:
                raise TableError(T("Only players of the last game can ask for a rematch."))
            if "rematch" in old.record.meta:
                raise RematchOpen(await self.get(old.record.meta["rematch"]))
            seats = [SeatRecord(s.user_id, s.name, s.computer) for s in old.record.seats]
            seats.insert(0, seats.pop(old.seat_of(user_id)))
            new = await self.create(old.record.guild_id, old.record.channel_id, user_id, name, old.game.key,
                                    {k: str(v) for k, v in old.record.options.items()}, seats, old.language)
            old.record.meta["rematch"] = new.id
            try:
                await self._save(old)
            except TableError:
                await self._withdraw(new)
                raise
        await self._notify(old)
        return new

    async def _withdraw(self, table: Table) -> None:
        """Close a new lobby nobody was shown (its game could not note it as its rematch). If even
        that cannot be stored, it stays a lobby without a message until the idle limit closes it."""
        try:
            async with self._changing(table.id) as table:
                table.record.status = CANCELLED
                await self._save(table)
        except TableError:
            return
        self.tables.pop(table.id, None)

    # -- playing
    async def act(self, table_id: int, user_id: int, version: int, move: Move | str) -> list[Event]:
        async with self._changing(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(T("You are not playing at this table."))
            if table.record.seats[seat].stand_in:
                raise TableError(T("A computer plays your seat since you left or ran out of time. "
                                   "Press **Take my seat back** on the table message to play again."))
            table.record.meta.get("timeouts", {}).pop(str(seat), None)   # stored with the move
            events = await self._apply(table, seat, self._stamped(table, move), version)
        await self._notify(table)
        self._schedule_computers(table)
        return events

    def _stamped(self, table: Table, move: Move | str) -> Move | str:
        """A member's move carrying the wall clock (whole seconds) for games that time their players."""
        if not table.game.clock_moves:
            return move
        return stamped(Move.parse(move) if isinstance(move, str) else move, self.clock())

    async def _apply(self, table: Table, seat: int, move: Move | str, version: int | None) -> list[Event]:
        """Make and store the move; the caller holds `_changing`, which undoes it if storing fails."""
        if table.status == FINISHED:
            raise TableError(T("This game is over."))
        if table.status != PLAYING or table.state is None:
            closed = table.status == CANCELLED
            raise TableError(T("This table is closed.") if closed else T("The game has not started."))
        if version is not None and version != table.version:
            raise StaleMove(T("The table moved on since this was shown; here is the current position."))
        state = table.state.clone()
        try:
            events = table.game.apply(state, seat, move)
        except IllegalMove as e:
            raise TableError(reason(e)) from None
        old_state, table.state = table.state, state
        self._log_events(table, seat, events)
        if state.hand_no != old_state.hand_no:
            # private lines are about the cards of the hand that just ended, this move's too
            # ("You drew 4♥" by the move that ended it): after the new deal they mislead
            table.private.clear()
        table.record.state = state.to_json()
        if state.over:
            table.record.status = FINISHED
        self._refresh_deadline(table)
        self._keep_log(table)
        expected = table.record.version
        table.record.version = expected + 1
        try:
            with self._storing(f"table {table.id}"):
                await self.store.append_move(table.record, seat, str(move), expected,
                                             self._results(table) if state.over else None)
        except VersionConflict:
            await self._reload(table)
            raise StaleMove(T("The table moved on (another move was made first).")) from None
        return events

    @staticmethod
    def _log_events(table: Table, seat: int, events: list[Event]) -> None:
        """Public lines go to ``recent``, where an event that repeats the last line's is told
        together with it ("bob draws 4 cards."); private ones to the seat's line."""
        table.private.pop(seat, None)  # what the seat was told privately is old news once it acts
        meta = table.record.meta
        for e in events:
            if e.to is not None:
                table.private[e.to] = e.text
                continue
            last = meta.get("last_event")
            joined = None
            if last and table.recent and text_data(table.recent[-1]) == last["line"]:
                joined = Event(text_from(last["text"]), None, last["count"], text_from(last["many"])).joined(e)
            if joined is not None:
                table.recent[-1] = joined.text
                e = joined
            else:
                table.recent.append(e.text)
            meta["last_event"] = {"text": text_data(e.text), "count": e.count, "many": text_data(e.many),
                                  "line": text_data(table.recent[-1])}

    @staticmethod
    def _results(table: Table) -> list[tuple] | None:
        outcome = table.game.outcome(table.state)
        if outcome is None:
            return None
        rows = [(s.user_id if not s.computer else None, outcome.placings[i], outcome.scores[i])
                for i, s in enumerate(table.record.seats)]
        details = table.game.result_scores(table.state)
        if details is None:
            return rows
        daily = table.record.meta.get("daily")
        return [(*row, detail | ({"daily": daily} if daily else {})) for row, detail in zip(rows, details, strict=True)]

    # -- deadlines and timeouts
    def _refresh_deadline(self, table: Table) -> None:
        """Set the deadline of the humans who must act now: the turn timer or the game's own limit
        (`Game.deadline`), whichever comes first. A reaction window keeps the deadline it opened
        with, so it lasts the same time whoever answers."""
        meta = table.record.meta
        waiting = [s for s in table.to_move() if not table.computer_plays(s)] if table.status == PLAYING else []
        reaction = table.game.reaction(table.state) if waiting else None
        if not waiting:
            meta.pop("deadline", None)
            meta.pop("reaction", None)
            return
        if reaction is not None and reaction == meta.get("reaction") and "deadline" in meta:
            return
        limit = self._window_limit(table) if reaction else self._turn_seconds(table)
        meta["reaction"] = reaction
        due = [self.clock() + limit] if limit > 0 else []
        due += self._games_deadlines(table, waiting).values()
        if due:
            meta["deadline"] = min(due)
            self.arm_timer(meta["deadline"])
        else:
            meta.pop("deadline", None)

    @staticmethod
    def _games_deadlines(table: Table, seats: list[int]) -> dict[int, float]:
        """The seats' deadlines by the game's own rules (`Game.deadline`), for those that have one."""
        due = {seat: table.game.deadline(table.state, seat) for seat in seats}
        return {seat: at for seat, at in due.items() if at is not None}

    @staticmethod
    def _turn_seconds(table: Table) -> int:
        """The turn timer; none for a game without computer players (nobody could stand in for a slow seat)."""
        return int(table.record.meta.get("timer", 0)) if table.game.computers else 0

    @staticmethod
    def _window_limit(table: Table) -> int:
        return int(table.game.window_seconds(table.state) or table.record.meta.get("window", 20))

    def shown(self, table: Table, reaction: str | None) -> None:
        """The table message drawn while reaction window ``reaction`` was open has gone out. A window
        whose time starts when shown (`Game.window_starts_when_shown`) gets its full time from now, once,
        so a slow (rate-limited) edit delays the game instead of shortening the window. Kept in memory
        until the next change is stored: after a restart the window runs to the deadline it opened with."""
        meta = table.record.meta
        if (reaction is None or table.status != PLAYING or table.state is None or meta.get("reaction") != reaction
                or meta.get("shown") == reaction or "deadline" not in meta
                or not table.game.window_starts_when_shown(table.state)):
            return
        meta["shown"] = reaction
        meta["deadline"] = self.clock() + self._window_limit(table)
        self.arm_timer(meta["deadline"])

    def _close_if_deserted(self, table: Table) -> None:
        if table.status == PLAYING and not table.present():
            table.record.status = CANCELLED
            table.recent.append(T("No players are left, so the table was closed."))

    async def tick(self) -> None:
        """Run what is due: timeouts of seats past their deadline, and closing idle tables."""
        now = self.clock()
        for table in list(self.tables.values()):
            if self._closing:
                return
            if self._retry_at(table.id) > now:
                continue
            try:
                if table.status == PLAYING and table.deadline is not None and table.deadline <= now:
                    await self._time_out(table.id)
                elif table.status in (LOBBY, PLAYING) and self._idle(table, now):
                    await self._close_idle(table.id)
                self._timer_retries.pop(table.id, None)
            except Exception as e:
                pause = self._retry_later(table.id, now)
                log.warning("table %s: timer failed; trying again in %.3g s", table.id, pause,
                            exc_info=not isinstance(e, StorageUnavailable))   # the store's failure is logged
            self.drop_closed(table)

    def _retry_at(self, table_id: int) -> float:
        return self._timer_retries.get(table_id, (-float("inf"), 0.0))[0]

    def _retry_later(self, table_id: int, now: float) -> float:
        """Hold a table's failed timer back for a pause that doubles with each failure."""
        last = self._timer_retries.get(table_id)
        pause = min(RETRY_MAX, last[1] * 2) if last else self.retry_delay
        self._timer_retries[table_id] = (now + pause, pause)
        return pause

    def drop_closed(self, table: Table) -> None:
        """Closed tables are only kept in the store: a late click or a Rematch loads them again.
        Not one a change is holding, though, or the next click could load a second copy of it
        while that change runs."""
        if table.status not in (LOBBY, PLAYING) and not table.lock.locked() and self.tables.get(table.id) is table:
            del self.tables[table.id]
            self._timer_retries.pop(table.id, None)

    def _idle(self, table: Table, now: float) -> bool:
        if table.status == LOBBY:
            return now - table.record.updated_at > LOBBY_IDLE
        return table.deadline is None and not self._busy(table) and now > self._idle_until(table)

    @staticmethod
    def _idle_until(table: Table) -> float:
        """When a running table nobody touches is closed: after the game's own idle limit (`Game.idle_limit`,
        a solitaire's), else after PLAYING_IDLE."""
        limit = table.game.idle_limit(table.state) if table.state is not None else None
        return table.record.updated_at + (PLAYING_IDLE if limit is None else limit)

    def _busy(self, table: Table) -> bool:
        task = self._computer_tasks.get(table.id)
        return task is not None and not task.done()

    async def _close_idle(self, table_id: int) -> None:
        async with self._changing(table_id) as table:
            if table.status not in (LOBBY, PLAYING) or not self._idle(table, self.clock()):
                return
            table.record.status = CANCELLED
            table.recent.append(T("The table was closed after a long time without play."))
            self._refresh_deadline(table)
            await self._save(table)
        await self._notify(table)

    async def _time_out(self, table_id: int) -> None:
        async with self._changing(table_id) as table:
            deadline = table.deadline
            if table.status != PLAYING or deadline is None or deadline > self.clock():
                return
            late = [s for s in table.to_move() if not table.computer_plays(s)]
            games_late = [seat for seat, at in self._games_deadlines(table, late).items() if at <= self.clock()]
            if games_late:
                await self._play_games_timeouts(table, games_late)
            else:
                await self._time_out_seats(table, late, deadline)
        await self._notify(table)
        self._schedule_computers(table)

    async def _play_games_timeouts(self, table: Table, seats: list[int]) -> None:
        """The game's own time limit has passed for ``seats``: its deadline move for each, stamped with the
        time (the game's rules say what it does, so it is no strike)."""
        applied = False
        try:
            for seat in seats:
                if table.status != PLAYING or seat not in table.to_move():
                    continue   # an earlier seat's timeout ended this one's time too
                move = table.game.deadline_move(table.state, seat) or await self._timeout_move(table, seat)
                move = self._stamped(table, move)
                await self._apply(table, seat, move, None)
                applied = True
        except Exception:
            if applied:
                await self._resync(table)
            raise

    async def _time_out_seats(self, table: Table, late: list[int], deadline: float) -> None:
        """The turn or reaction window's time has passed for ``late``: strikes, stand-ins and timeout moves."""
        meta = table.record.meta
        timeouts = meta.setdefault("timeouts", {})
        for seat in late:
            if table.game.timeout_move(table.state, seat) is not None:
                continue  # an optional answer (a pass in a window, a call not made): no strike
            timeouts[str(seat)] = timeouts.get(str(seat), 0) + 1
            replace = meta.get("timeout_action") == "remove" or timeouts[str(seat)] >= meta.get("replace_after", 2)
            if replace:
                table.record.seats[seat].stand_in = True
                table.recent.append(T("⏰ {seat} ran out of time; a computer plays their seat now.",
                                      seat=Seat(seat)))
        self._close_if_deserted(table)
        applied = False
        try:
            for seat in late:
                if applied and table.deadline != deadline:
                    break   # the late seats' question is over: whoever is asked next has a new deadline
                if table.status != PLAYING or table.record.seats[seat].stand_in or seat not in table.to_move():
                    continue
                move = await self._timeout_move(table, seat)
                table.recent.append(T("⏰ {seat} ran out of time.", seat=Seat(seat)))
                await self._apply(table, seat, move, None)
                applied = True
        except Exception:
            if applied:   # an earlier seat's timeout move is stored: take the table as stored
                await self._resync(table)
            raise
        if not applied:  # seats were handed to computers: store that change by itself
            self._refresh_deadline(table)
            await self._save(table)

    async def _timeout_move(self, table: Table, seat: int) -> Move:
        game, state = table.game, table.state
        fixed = game.timeout_move(state, seat)
        if fixed is not None:
            return fixed
        if table.record.meta.get("timeout_action") == "skip":
            passing = [m for m in game.moves(state, seat) if m.kind == "pass"]
            if passing:
                return passing[0]
        return await self._think(table, state.clone(), seat)

    async def _think(self, table: Table, state: State, seat: int) -> Move:
        """The computer's move for ``seat``. A search that fails or runs far past its time (a
        bug, a lost worker) must not leave the table waiting for ever: the computer then plays
        a random legal move, and the failure goes to the log."""
        limit = None if self.ai_seconds is None else OVERRUN_FACTOR * self.ai_seconds + THINK_QUEUE_SECONDS
        try:
            return await asyncio.wait_for(self.thinker.choose(self._player(table), table.game, state, seat), limit)
        except Exception:
            log.exception("table %s: the computer's search for seat %s failed; it plays a random legal move",
                          table.id, seat)
            return self._random_move(table, state, seat)

    @staticmethod
    def _random_move(table: Table, state: State, seat: int) -> Move:
        return random.Random(table.record.seed + table.version).choice(table.game.moves(state, seat))

    def _player(self, table: Table) -> SearchPlayer:
        level = table.record.meta.get("strength", "strong")
        return make_level(level if level in STRENGTHS else "strong", seed=table.record.seed + table.version,
                          iterations=self.ai_iterations, seconds=self.ai_seconds)

    def _next_due(self) -> float | None:
        due = [max(t.deadline, self._retry_at(t.id)) for t in self.tables.values()
               if t.status == PLAYING and t.deadline is not None]
        due += [max(t.record.updated_at + LOBBY_IDLE, self._retry_at(t.id)) for t in self.tables.values()
                if t.status == LOBBY]
        due += [max(self._idle_until(t), self._retry_at(t.id)) for t in self.tables.values()
                if t.status == PLAYING and t.deadline is None and t.state is not None
                and t.game.idle_limit(t.state) is not None]
        return min(due, default=None)

    def arm_timer(self, due: float | None = None) -> None:
        """Schedule the next `tick` for when the earliest deadline (or idle limit) falls due.
        Called whenever deadlines may have changed; one pending call at a time. Given the one
        `due` time just set, it only moves a pending call earlier: a call that fires before
        anything is due just arms the next one."""
        if self._closing or not self._timers_on:
            return
        if due is not None and self._timer_handle is not None and self._timer_due is not None:
            if self._timer_due <= due:
                return
            # the pending call was for the earliest deadline, so this one is now the earliest
        else:
            due = self._next_due()
        if self._timer_handle is not None:
            self._timer_handle.cancel()
            self._timer_handle = None
        self._timer_due = due
        if due is not None:
            loop = asyncio.get_running_loop()
            self._timer_handle = loop.call_later(max(0.0, due - self.clock()) + 0.01, self._fire_timer)

    def _fire_timer(self) -> None:
        self._timer_handle = None
        self._timer_due = None
        if self._timer_task is None or self._timer_task.done():
            self._timer_task = asyncio.get_running_loop().create_task(self._tick_and_arm())
        else:
            self._timer_again = True

    async def _tick_and_arm(self) -> None:
        self._timer_again = True
        while self._timer_again and not self._closing:
            self._timer_again = False
            await self.tick()
        self.arm_timer()

    def start_timers(self) -> None:
        """Run timeouts and idle closing from now on (the bot does; service tests call `tick`)."""
        self._timers_on = True
        self.arm_timer()

    # -- computer players
    def _schedule_computers(self, table: Table) -> None:
        running = self._computer_tasks.get(table.id)
        if self._closing or table.status != PLAYING or (running is not None and not running.done()):
            return  # a running task checks whose turn it is again after every await
        if not any(table.computer_plays(s) for s in table.to_move()):
            return
        task = asyncio.get_running_loop().create_task(self._run_computers(table.id))
        self._computer_tasks[table.id] = task

        def forget(done: asyncio.Task) -> None:
            if self._computer_tasks.get(table.id) is done:
                del self._computer_tasks[table.id]

        task.add_done_callback(forget)

    async def _run_computers(self, table_id: int) -> None:
        """Play the computers' turns while it is their turn. A turn that fails (the store refused
        the move, say) is logged and tried again after a pause that doubles up to RETRY_MAX: only
        the game ending, a human's turn or the service closing stop the computers."""
        pause = self.retry_delay
        while not self._closing:
            try:
                if not await self._computer_turn(table_id):
                    return
                pause = self.retry_delay
            except Exception as e:
                log.warning("table %s: a computer's turn failed; trying again in %.3g s", table_id, pause,
                            exc_info=not isinstance(e, StorageUnavailable))   # the store's failure is logged
                await asyncio.sleep(pause)
                pause = min(RETRY_MAX, pause * 2)

    async def _computer_turn(self, table_id: int) -> bool:
        """One computer move, if a computer is to move; False if none is (or the game is over)."""
        table = await self.get(table_id)
        seats = [s for s in table.to_move() if table.computer_plays(s)] if table.status == PLAYING else []
        if not seats:
            return False
        seat, version, snapshot = seats[0], table.version, table.state.clone()
        move = await self._think(table, snapshot, seat)
        if self.computer_pause:
            await asyncio.sleep(self.computer_pause)
        async with self._changing(table_id) as table:
            if table.version != version or not table.computer_plays(seat):
                return True  # someone else moved meanwhile, or the player is back: think again
            try:
                await self._apply(table, seat, move, version)
            except (StorageUnavailable, StaleMove):
                raise
            except TableError as e:   # the search chose an illegal move (a bug): thinking again would repeat it
                log.error("table %s: computer move %s refused (%s); it plays a random legal move instead",
                          table_id, move, e)
                await self._apply(table, seat, self._random_move(table, table.state, seat), version)
        await self._notify(table)
        return True

    async def idle(self) -> None:
        """Wait until no computer player is thinking and no timeout is running (tests, shutdown)."""
        while pending := [t for t in [*self._computer_tasks.values(), self._timer_task] if t and not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Stop timers and computer players; moves already being written finish first."""
        self._closing = True
        if self._timer_handle is not None:
            self._timer_handle.cancel()
        tasks = list(self._computer_tasks.values()) + ([self._timer_task] if self._timer_task else [])
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in list(self.tables.values()):   # wait for moves in flight to be stored
            async with table.lock:
                pass
