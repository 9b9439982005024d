"""The table service: lobbies, moves, computer players and persistence.

No Discord here: the cogs call these methods and show what they return, and tests
drive the service directly. Every change to a table happens under that table's
lock and is written to the store (one transaction, version checked) before anyone
is told about it. Computer players think in a worker thread so the event loop
keeps answering clicks, and their move is only applied if the table has not
moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.store import SeatRecord, Store, TableRecord, VersionConflict
from games.ai import SearchPlayer
from games.engine import BadOption, Event, Game, IllegalMove, Move, Prompt, State, View
from games.registry import GAMES

log = logging.getLogger(__name__)

LOBBY, PLAYING, FINISHED, CANCELLED = "lobby", "playing", "finished", "cancelled"
RECENT_EVENTS = 6


class TableError(Exception):
    """Something a player tried that cannot be done; the message says why."""


class StaleMove(TableError):
    """The move was built on an older version of the table."""


@dataclass
class Table:
    record: TableRecord
    game: Game
    state: State | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    private: dict[int, str] = field(default_factory=dict)   # seat → last line only it may read

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
        return [s.name for s in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.record.seats):
            if not seat.computer and seat.user_id == user_id:
                return i
        return None

    def humans(self) -> list[int]:
        return [s.user_id for s in self.record.seats if not s.computer and s.user_id is not None]

    def view(self, seat: int | None) -> View:
        assert self.state is not None
        return self.game.view(self.state, seat)

    def prompt(self, seat: int) -> Prompt:
        assert self.state is not None
        return self.game.prompt(self.state, seat)

    def to_move(self) -> list[int]:
        return sorted(self.game.to_move(self.state)) if self.state is not None else []

    def render(self, text: str) -> str:
        return Event(text).render(self.names)


Listener = Callable[[Table], Awaitable[None]]


def computer_name(seats: list[SeatRecord]) -> str:
    taken = {s.name for s in seats}
    n = 1
    while f"Computer {n}" in taken:
        n += 1
    return f"Computer {n}"


class TableService:
    def __init__(self, store: Store, *, ai_iterations: int = 1000, ai_seconds: float | None = 0.9,
                 computer_pause: float = 0.0) -> None:
        self.store = store
        self.tables: dict[int, Table] = {}
        self.listeners: list[Listener] = []
        self.ai_iterations = ai_iterations
        self.ai_seconds = ai_seconds
        self.computer_pause = computer_pause
        self._computer_tasks: dict[int, asyncio.Task] = {}
        self._closing = False

    # -- loading and saving
    async def load(self) -> int:
        """Load every open table from the store and resume computer turns."""
        for record in await self.store.open_tables():
            game = GAMES.get(record.game)
            if game is None:
                log.warning("table %s: unknown game %r, skipped", record.id, record.game)
                continue
            table = Table(record, game)
            if record.state is not None:
                table.state = game.State.from_json(record.state)
            self.tables[record.id] = table
            self._schedule_computers(table)
        return len(self.tables)

    async def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            record = await self.store.load_table(table_id)
            if record is None or record.game not in GAMES:
                raise TableError("That table no longer exists.")
            table = Table(record, GAMES[record.game])
            if record.state is not None:
                table.state = table.game.State.from_json(record.state)
            self.tables[table_id] = table
        return table

    async def _save(self, table: Table) -> None:
        expected = table.record.version
        table.record.version = expected + 1
        try:
            await self.store.save_table(table.record, expected)
        except VersionConflict:
            await self._reload(table)
            raise StaleMove("The table changed meanwhile; please try again.") from None

    async def _reload(self, table: Table) -> None:
        record = await self.store.load_table(table.id)
        if record is not None:
            table.record = record
            table.state = table.game.State.from_json(record.state) if record.state else None

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
                     options: dict[str, str] | None = None) -> Table:
        game = GAMES.get(game_key)
        if game is None:
            raise TableError(f"There is no game called '{game_key}'. Try one of: {', '.join(sorted(GAMES))}.")
        try:
            parsed = game.Options.parse(options or {})
        except BadOption as e:
            raise TableError(f"Bad option: {e}.") from None
        record = await self.store.create_table(
            guild_id, channel_id, game.key, parsed.to_dict(), host_id, random.SystemRandom().randrange(2**31),
            [SeatRecord(host_id, host_name)])
        table = Table(record, game)
        self.tables[record.id] = table
        return table

    async def set_message(self, table: Table, message_id: int) -> None:
        async with table.lock:
            table.record.message_id = message_id
            await self._save(table)

    def _lobby(self, table: Table) -> None:
        if table.status == PLAYING:
            raise TableError("This game has already started.")
        if table.status != LOBBY:
            raise TableError("This table is closed.")

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        table = await self.get(table_id)
        async with table.lock:
            self._lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError("You are already at this table.")
            if len(table.record.seats) >= table.game.seats.stop - 1:
                raise TableError(f"The table is full ({table.game.seats.stop - 1} players).")
            table.record.seats.append(SeatRecord(user_id, name))
            await self._save(table)
        await self._notify(table)
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        table = await self.get(table_id)
        async with table.lock:
            self._lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not at this table.")
            del table.record.seats[seat]
            if user_id == table.record.host_id:
                humans = table.humans()
                if humans:
                    table.record.host_id = humans[0]
                else:
                    table.record.status = CANCELLED
            await self._save(table)
        await self._notify(table)
        return table

    async def add_computer(self, table_id: int, user_id: int) -> Table:
        table = await self.get(table_id)
        async with table.lock:
            self._lobby(table)
            if table.seat_of(user_id) is None:
                raise TableError("Only players at the table can add computer players.")
            if len(table.record.seats) >= table.game.seats.stop - 1:
                raise TableError(f"The table is full ({table.game.seats.stop - 1} players).")
            table.record.seats.append(SeatRecord(None, computer_name(table.record.seats), computer=True))
            await self._save(table)
        await self._notify(table)
        return table

    async def start(self, table_id: int, user_id: int) -> Table:
        table = await self.get(table_id)
        async with table.lock:
            self._lobby(table)
            if user_id != table.record.host_id:
                raise TableError("Only the host can start the game.")
            players = len(table.record.seats)
            low = table.game.seats.start
            if players < low:
                raise TableError(f"{table.game.title} needs at least {low} players; "
                                 f"{players} {'is' if players == 1 else 'are'} seated. "
                                 f"Wait for friends or add a computer player.")
            try:
                state = table.game.start(players, table.record.options, table.record.seed)
            except BadOption as e:
                raise TableError(f"Cannot start: {e}.") from None
            table.state = state
            table.record.state = state.to_json()
            table.record.status = PLAYING
            await self._save(table)
            table.recent.append(f"The game begins: {table.render(table.view(None).status)}")
        await self._notify(table)
        self._schedule_computers(table)
        return table

    async def cancel(self, table_id: int, user_id: int, is_admin: bool = False) -> Table:
        table = await self.get(table_id)
        async with table.lock:
            if table.status not in (LOBBY, PLAYING):
                raise TableError("This table is already closed.")
            if user_id != table.record.host_id and not is_admin:
                raise TableError("Only the host or a server manager can end this table.")
            table.record.status = CANCELLED
            await self._save(table)
            table.recent.append("The table was closed.")
        await self._notify(table)
        return table

    async def rematch(self, table_id: int, user_id: int, name: str) -> Table:
        old = await self.get(table_id)
        if old.status != FINISHED:
            raise TableError("A rematch can only start from a finished game.")
        if old.seat_of(user_id) is None:
            raise TableError("Only players of the last game can ask for a rematch.")
        table = await self.create(old.record.guild_id, old.record.channel_id, user_id, name, old.game.key,
                                  {k: str(v) for k, v in old.record.options.items()})
        async with table.lock:
            table.record.seats = [SeatRecord(s.user_id, s.name, s.computer) for s in old.record.seats]
            mine = table.seat_of(user_id)
            table.record.seats.insert(0, table.record.seats.pop(mine))
            await self._save(table)
        return table

    # -- playing
    async def act(self, table_id: int, user_id: int, version: int, move: Move | str) -> list[Event]:
        table = await self.get(table_id)
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not playing at this table.")
            events = await self._apply(table, seat, move, version)
        await self._notify(table)
        self._schedule_computers(table)
        return events

    async def _apply(self, table: Table, seat: int, move: Move | str, version: int | None) -> list[Event]:
        if table.status == FINISHED:
            raise TableError("This game is over.")
        if table.status != PLAYING or table.state is None:
            raise TableError("This table is closed." if table.status == CANCELLED else "The game has not started.")
        if version is not None and version != table.version:
            raise StaleMove("The table moved on since this was shown; here is the current position.")
        state = table.state.clone()
        try:
            events = table.game.apply(state, seat, move)
        except IllegalMove as e:
            raise TableError(str(e)) from None
        table.record.state = state.to_json()
        if state.over:
            table.record.status = FINISHED
        expected = table.record.version
        table.record.version = expected + 1
        try:
            await self.store.append_move(table.record, seat, str(move), expected)
        except VersionConflict:
            await self._reload(table)
            raise StaleMove("The table moved on (another move was made first).") from None
        except Exception:
            table.record.version, table.record.state = expected, table.state.to_json()
            table.record.status = PLAYING
            raise
        table.state = state
        table.private.pop(seat, None)  # what the seat was told privately is old news once it acts
        for e in events:
            if e.to is None:
                table.recent.append(e.render(table.names))
            else:
                table.private[e.to] = e.render(table.names)
        if state.over:
            await self._record_results(table)
        return events

    async def _record_results(self, table: Table) -> None:
        outcome = table.game.outcome(table.state)
        if outcome is None:
            return
        rows = [(s.user_id if not s.computer else None, outcome.placings[i], outcome.scores[i])
                for i, s in enumerate(table.record.seats)]
        try:
            await self.store.record_results(table.record, rows)
        except Exception:
            log.exception("table %s: could not record results", table.id)

    # -- computer players
    def _schedule_computers(self, table: Table) -> None:
        running = self._computer_tasks.get(table.id)
        if self._closing or table.status != PLAYING or (running is not None and not running.done()):
            return  # a running task checks whose turn it is again after every await
        if not any(table.record.seats[s].computer for s in table.to_move()):
            return
        task = asyncio.get_running_loop().create_task(self._run_computers(table))
        self._computer_tasks[table.id] = task

        def forget(done: asyncio.Task) -> None:
            if self._computer_tasks.get(table.id) is done:
                del self._computer_tasks[table.id]

        task.add_done_callback(forget)

    async def _run_computers(self, table: Table) -> None:
        while not self._closing and table.status == PLAYING:
            seats = [s for s in table.to_move() if table.record.seats[s].computer]
            if not seats:
                return
            seat, version, snapshot = seats[0], table.version, table.state.clone()
            player = SearchPlayer(iterations=self.ai_iterations, seconds=self.ai_seconds,
                                  seed=table.record.seed + version)
            move = await asyncio.to_thread(player.choose, table.game, snapshot, seat)
            if self.computer_pause:
                await asyncio.sleep(self.computer_pause)
            async with table.lock:
                if table.version != version:
                    continue  # someone else moved meanwhile: think again
                try:
                    await self._apply(table, seat, move, version)
                except TableError:
                    log.exception("table %s: computer move %s refused", table.id, move)
                    return
            await self._notify(table)

    async def idle(self) -> None:
        """Wait until no computer player is thinking (tests, shutdown)."""
        while pending := [t for t in self._computer_tasks.values() if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        self._closing = True
        for task in list(self._computer_tasks.values()):
            task.cancel()
        await asyncio.gather(*self._computer_tasks.values(), return_exceptions=True)
