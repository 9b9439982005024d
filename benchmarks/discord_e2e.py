"""End-to-end load benchmark: the bot in its own process, behind the socket-level Discord emulator.

    python -m benchmarks.discord_e2e                      # 50 tables, 20 s per run
    python -m benchmarks.discord_e2e --tables 10 --seconds 5
    python -m benchmarks.discord_e2e --think 0.2          # players pause ~200 ms before a click
    python -m benchmarks.discord_e2e --py-spy ours.txt    # sample the bot's stacks (py-spy)
    python -m benchmarks.discord_e2e --profile bot.prof   # or run the bot under cProfile
    python -m benchmarks.discord_e2e --profile bot.prof --profile-bare bare.prof   # and the bare bot
    python -m benchmarks.discord_e2e --soak 180 --tables 40   # memory: the bot's RSS over 3 minutes
    python -m benchmarks.discord_e2e --soak 180 --tables 40 --tracemalloc trace.txt   # and what holds it

Runs against one emulator (tests/discord_emulator.py, in this process):

* **ours**: ``python -m bot``. N tables of 2-player Crazy Eights (default options, both seats
  human) are opened with /play, joined and started. At every table, whoever's turn it is (read
  from the mention on the public table message) opens a hand panel with **My hand** the first
  time (later the bot keeps it current: pattern P1, bot/panels.py; **Refresh** only if it did
  not) and clicks answers until a move is made; each click is sent as soon as the last one was
  answered. A finished game is followed by **Rematch** and **Start**. An answer that makes a
  move costs the bot the interaction callback, a PATCH of the public table message and, when
  the turn passes to the other player, an edit of that player's panel with the token of their
  last click on it; opening a panel, or the first step of a two-step answer (an 8, then its
  suit), costs the callback only.
* **bare, k calls**: tests/bare_bot.py with ``BARE_BOT_PATCHES=k-1`` (a click PATCHes the
  message k-1 times and then answers the click) and our bot's intents, N users clicking their
  own counter button as fast as they are answered; run for every k our clicks needed (1–3).
  Its cycle collector keeps Python's defaults; ``--bare-gc tuned`` gives it ours
  (bot/collector.py), for the comparison with the same runtime settings.

Latency of a click: INTERACTION_CREATE written to the gateway → the last REST call the bot
made for it answered (calls made with the interaction's id/token are tagged by the emulator;
edits of a table's message or of a panel are filed by message id, and each table has one
click in flight at a time, with no computer players, so those that arrive after the click
belong to it). Throughput counts the clicks answered inside the measured window (after a
warm-up). "bare with our call mix" is what the bare bot would manage with our shares of
k-call clicks: 1 / Σ share_k / rate_k. The table also splits our latency by kind of click,
and until the bot's *first* REST call arrived (for a move that is the table-message PATCH,
sent once the move is stored).

**Soak** (``--soak SECONDS``, instead of the comparison): ours only, N tables played as above for
SECONDS (games end and are rematched, so tables come and go), the bot's RSS (VmRSS) sampled
every few seconds and reported with the growth after a warm-up (target: flat). With
``--tracemalloc FILE`` the bot (CARDTABLE_TRACEMALLOC, bot/app.py) writes the allocation sites
that grew, once the tables are open, after the warm-up and at the end; tracing slows the bot
and adds to its memory, so take RSS figures from a run without it.

Runs alternate ``--rounds`` times and are pooled: this shared machine's speed drifts by a
third over minutes, and alternating puts a slow spell on both bots.

Targets (issue): ours ≥ 75 % of the bare bot's rate, p99 < 100 ms, checked on text tables
(card pictures add an upload to every table edit, which the bare bot does not make; they are
reported next to it). With players clicking as soon
as they are answered every run is saturated, so latency is mostly queueing (Little's law:
concurrency / rate); ``--think`` measures latency below saturation. The machine has few cores:
the emulator and the simulated players share this process, so the CPU columns say which side
was busy. Bot CPU is read from /proc (all its threads, the SQLite worker included).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.bot_process import BotProcess
from tests.discord_emulator import Call, Callback, Emulator, Member
from tests.discord_emulator import Interaction as EmuInteraction

MENTION = re.compile(r"<@(\d+)>")
CLICK_TIMEOUT = 10.0
MAX_BARE_CALLS = 4   # clicks of ours with more REST calls are compared with this many
STARTUP_TIMEOUT = 30.0
THINK = 0.0  # seconds a simulated player waits before each click (--think); 0: as soon as answered


class BenchEmulator(Emulator):
    """The emulator, made lighter for long runs in the same process as the players.

    * every PATCH of a message is filed under the message's id (`patches`): the channel route
      (the table message) and the webhook route (a hand panel the bot brings up to date with
      an earlier interaction's token);
    * `forget` drops a finished interaction and its calls, so the heap (and the garbage
      collector's work) does not grow with every click; each member's last panel interaction
      is kept until their next one, as the bot may still edit their panel with its token.
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.patches: dict[int, list[Call]] = {}
        self._kept: dict[int, EmuInteraction] = {}

    async def _edit_message(self, call: Call, files: Any, cid: str, mid: str) -> tuple[int, Any]:
        self.patches.setdefault(int(mid), []).append(call)
        return await super()._edit_message(call, files, cid, mid)

    async def _webhook_edit(self, call: Call, files: Any, app: str, token: str, mid: str) -> tuple[int, Any]:
        status, payload = await super()._webhook_edit(call, files, app, token, mid)
        self.patches.setdefault(int(payload["id"]), []).append(call)
        return status, payload

    def forget(self, it: EmuInteraction, *, panel: bool = False) -> None:
        if panel:
            previous = self._kept.get(it.user.id)
            self._kept[it.user.id] = it
            if previous is None:
                return
            it = previous
        self.interactions.pop(it.id, None)
        self._by_token.pop(it.token, None)
        if len(self.calls) > 10_000:
            del self.calls[:]


# --------------------------------------------------------------------------------------------
# The bot processes
# --------------------------------------------------------------------------------------------



async def start_bot(emu: Emulator, module: str, env: dict[str, str], log: Path,
                    wrap: list[str] | None = None) -> BotProcess:
    since, ready = emu.mark(), emu.ready_count
    bot = await BotProcess.spawn(module, env | {"DISCORD_API_BASE": emu.api_base}, log, wrap)
    try:
        await bot.alive(emu.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"),
                                     since=since, timeout=STARTUP_TIMEOUT), STARTUP_TIMEOUT)
        await bot.alive(emu.wait_ready(count=ready + 1, timeout=STARTUP_TIMEOUT), STARTUP_TIMEOUT)
    except BaseException:
        await bot.stop()
        raise
    return bot


# --------------------------------------------------------------------------------------------
# Measuring clicks
# --------------------------------------------------------------------------------------------


@dataclass
class Sample:
    end: float        # perf_counter when the click's last REST call was answered
    latency: float    # seconds from INTERACTION_CREATE sent to then
    kind: str         # panel / refresh / step / move / lobby / click
    calls: int        # REST calls the bot made for the click
    ok: bool          # the emulator accepted the callback
    first: float      # seconds from INTERACTION_CREATE sent to the bot's first REST call arriving


@dataclass
class Recorder:
    samples: list[Sample] = field(default_factory=list)
    notes: Counter[str] = field(default_factory=Counter)

    def window(self, t0: float, t1: float) -> list[Sample]:
        return [s for s in self.samples if t0 <= s.end <= t1]


@dataclass
class Click:
    it: EmuInteraction
    callback: Callback
    patched: bool
    latency: float
    end: float
    calls: int
    first: float


def changes_table(custom_id: str, callback: Callback) -> bool:
    """Whether a click changed the table, so the bot will also edit the public message
    (it does so right after answering the click): table buttons always do, a panel
    answer does when the redrawn panel carries a newer table version."""
    if not custom_id.startswith(("ct:", "cp:", "cs:")):
        return False  # the bare bot edits before it answers
    if custom_id.startswith("ct:"):
        return True
    clicked = custom_id.split(":")[2]
    drawn = [c.get("custom_id", "").split(":") for c in components(callback.message or {})]
    return any(len(parts) > 2 and parts[2] != clicked for parts in drawn)


async def wait_patch(emu: BenchEmulator, message_id: int, since: float) -> None:
    """Until an edit of the message that arrived after `since` is answered."""
    deadline = time.perf_counter() + CLICK_TIMEOUT
    while not any(c.done is not None and c.time >= since for c in emu.patches.get(message_id, [])):
        if time.perf_counter() > deadline:
            raise AssertionError(f"the table message {message_id} was not edited")
        await asyncio.sleep(0.001)


async def click(emu: BenchEmulator, member: Member, message_id: int, custom_id: str, *,
                value: str | None = None, patched_message: int | None = None, tagged_calls: int = 1,
                pushed_panel: Callable[[], int | None] | None = None) -> Click:
    """Click (or select `value`), wait for the answer and the click's REST calls, time it.
    `pushed_panel` names, once the table message is edited, the hand panel the bot then brings
    up to date for the next player (an edit with that player's token, also the click's doing)."""
    if THINK:
        await asyncio.sleep(random.uniform(0.5, 1.5) * THINK)
    if patched_message is not None:   # edits no click waited for (a table message re-posted …)
        emu.patches.pop(patched_message, None)
    if value is None:
        it = await emu.click(member, message_id, custom_id)
    else:
        it = await emu.select(member, message_id, custom_id, [value])
    callback = await it.responded(CLICK_TIMEOUT, ok=False)
    if tagged_calls > 1 and callback.ok:
        await it.wait_calls(tagged_calls, CLICK_TIMEOUT)
    patches: list[Call] = []
    if patched_message is not None and callback.ok and changes_table(custom_id, callback):
        assert it.sent_at is not None
        await wait_patch(emu, patched_message, it.sent_at)
        panel = pushed_panel() if pushed_panel is not None else None
        if panel is not None:
            await wait_patch(emu, panel, it.sent_at)
            patches += [c for c in emu.patches.pop(panel, []) if c.time >= it.sent_at]
    if patched_message is not None:
        patches += [c for c in emu.patches.pop(patched_message, []) if c.time >= it.sent_at]
    done = [c.done for c in it.calls + patches if c.done is not None]
    end = max(done)
    assert it.sent_at is not None
    first = min(c.time for c in it.calls + patches)
    emu.forget(it, panel=custom_id.startswith(("cp:", "cs:", "cn:")) or custom_id.endswith(":hand"))
    return Click(it, callback, bool(patches), end - it.sent_at, end, len(it.calls) + len(patches),
                 first - it.sent_at)


def record(rec: Recorder, c: Click, kind: str) -> None:
    rec.samples.append(Sample(c.end, c.latency, kind, c.calls, c.callback.ok, c.first))
    if not c.callback.ok:
        rec.notes[f"refused callback {c.callback.status}/{c.callback.error_code}"] += 1


def components(payload: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for row in payload.get("components") or []:
        out += row.get("components") or [row]
    return out


def panel_version(payload: dict[str, Any]) -> int:
    for comp in components(payload):
        cid = comp.get("custom_id") or ""
        if cid.startswith(("cp:", "cs:", "cn:")):
            return int(cid.split(":")[2])
    raise AssertionError(f"not a hand panel: {payload.get('content')!r}")


# --------------------------------------------------------------------------------------------
# Our bot: tables of Crazy Eights
# --------------------------------------------------------------------------------------------


class OurTable:
    def __init__(self, emu: BenchEmulator, rec: Recorder, channel: Any, members: list[Member], seed: int) -> None:
        self.emu, self.rec, self.channel, self.members = emu, rec, channel, members
        self.rng = random.Random(seed)
        self.id = 0
        self.message_id = 0
        self.version: int | None = None        # the table version, as the players last saw it
        self.panels: dict[int, int] = {}       # member id → their hand panel's message id
        self.moves = 0
        self.games = 0                         # games opened at this table (/play, then rematches)

    def message(self) -> Any:
        return self.emu.message(self.message_id)

    def posted(self, callback: Callback) -> None:
        assert callback.ok and callback.type == 4 and callback.message is not None, callback
        self.message_id = callback.message_id or 0
        new_id = int(next(c for c in self.message().custom_ids() if c.startswith("ct:")).split(":")[1])
        self.games += new_id != self.id
        self.id, self.version, self.panels = new_id, None, {}

    async def open(self) -> None:
        host, guest = self.members
        play = await self.emu.slash(host, self.channel, "play", {"game": "crazy_eights"})
        self.posted(await play.responded(CLICK_TIMEOUT))
        await asyncio.sleep(0.05)  # the bot stores the message id right after answering
        joined = await click(self.emu, guest, self.message_id, f"ct:{self.id}:join", patched_message=self.message_id)
        assert joined.callback.ok and joined.patched, "join did not update the table message"
        await self.start(host)

    async def start(self, host: Member) -> None:
        started = await click(self.emu, host, self.message_id, f"ct:{self.id}:start", patched_message=self.message_id)
        record(self.rec, started, "start")
        if not started.patched:
            # The bot stores a new table message's id after fetching it (GET @original); a Start
            # clicked before that is applied but the message is not edited. Post it again.
            self.rec.notes["start before the message id was stored: /table"] += 1
            again = await self.emu.slash(host, self.channel, "table")
            self.posted(await again.responded(CLICK_TIMEOUT))
            await asyncio.sleep(0.05)

    async def rematch(self) -> None:
        host = self.rng.choice(self.members)
        c = await click(self.emu, host, self.message_id, f"ct:{self.id}:rematch")
        record(self.rec, c, "rematch")
        self.posted(c.callback)
        await asyncio.sleep(0.02)  # see start()
        await self.start(host)

    def mover(self) -> Member:
        ids = MENTION.findall(self.message().content)
        assert len(ids) == 1, f"table {self.id}: no single player to move: {self.message().content!r}"
        return next(m for m in self.members if m.id == int(ids[0]))

    def pushed_panel(self, mover: Member) -> int | None:
        """After `mover`'s move: the panel the bot brings up to date, if the turn passed to a
        player who has one open (the bot edits it once the table message is edited)."""
        title = (self.message().embeds or [{}])[0].get("title", "")
        ids = MENTION.findall(self.message().content)
        if "game over" in title.lower() or len(ids) != 1 or int(ids[0]) == mover.id:
            return None
        return self.panels.get(int(ids[0]))

    def pick(self, payload: dict[str, Any]) -> tuple[str, str | None]:
        """A random answer, preferring to play a card over drawing (shorter games)."""
        comps = [c for c in components(payload) if (c.get("custom_id") or "").startswith(("cp:", "cs:"))]
        assert comps, f"no answers on the panel: {payload.get('content')!r}"
        plays = [c for c in comps if c.get("type") != 2 or not c.get("label", "").startswith(("Draw", "Pass"))]
        comp = self.rng.choice(plays or comps)
        if comp.get("type") == 2:
            return comp["custom_id"], None
        return comp["custom_id"], self.rng.choice(comp["options"])["value"]

    async def turn(self) -> None:
        """The player to move brings their panel up to date and clicks answers until a move is made."""
        title = (self.message().embeds or [{}])[0].get("title", "")
        if "game over" in title.lower():
            return await self.rematch()
        mover = self.mover()
        panel = self.panels.get(mover.id)
        if panel is None:
            c = await click(self.emu, mover, self.message_id, f"ct:{self.id}:hand")
            record(self.rec, c, "panel")
            if not c.callback.ok:
                return
            panel = self.panels[mover.id] = c.callback.message_id or 0
            self.version = panel_version(c.callback.message or {})
        elif panel_version(self.emu.message(panel).payload) != self.version:
            refresh = next(cid for cid in self.emu.message(panel).custom_ids() if cid.endswith(":refresh:0"))
            c = await click(self.emu, mover, panel, refresh)
            record(self.rec, c, "refresh")
            if not c.callback.ok:
                return
            self.version = panel_version(c.callback.message or {})
        for _ in range(6):
            cid, value = self.pick(self.emu.message(panel).payload)
            c = await click(self.emu, mover, panel, cid, value=value, patched_message=self.message_id,
                            pushed_panel=lambda: self.pushed_panel(mover))
            if not c.callback.ok:
                record(self.rec, c, "step")
                return
            after = panel_version(c.callback.message or {})
            moved = after != self.version
            if moved != c.patched:
                self.rec.notes["move without a table edit, or an edit without a move"] += 1
            if "⚠️" in (c.callback.message or {}).get("content", ""):
                self.rec.notes["panel note: " + c.callback.message["content"].split("\n")[0][:60]] += 1
            record(self.rec, c, "move" if moved else "step")
            self.version = after
            if moved:
                self.moves += 1
                return
        self.rec.notes["no move after six clicks"] += 1


# --------------------------------------------------------------------------------------------
# Runs
# --------------------------------------------------------------------------------------------


@dataclass
class Result:
    name: str
    seconds: float
    samples: list[Sample]
    bot_cpu: float
    emu_cpu: float
    notes: Counter[str]
    errors: int = 0

    def count(self, kind: str | None = None) -> int:
        return sum(1 for s in self.samples if kind is None or s.kind == kind)

    def rate(self, kind: str | None = None) -> float:
        return self.count(kind) / self.seconds

    def calls_rate(self) -> float:
        return sum(s.calls for s in self.samples) / self.seconds

    @classmethod
    def pooled(cls, runs: list[Result]) -> Result:
        """Several runs of the same bot as one (rates over their summed windows)."""
        seconds = sum(r.seconds for r in runs)
        return cls(runs[0].name, seconds, [s for r in runs for s in r.samples],
                   sum(r.bot_cpu * r.seconds for r in runs) / seconds,
                   sum(r.emu_cpu * r.seconds for r in runs) / seconds,
                   sum((r.notes for r in runs), Counter()), sum(r.errors for r in runs))

    def latency(self, q: float, kind: str | None = None, attr: str = "latency") -> float:
        values = sorted(getattr(s, attr) for s in self.samples if kind is None or s.kind == kind)
        if not values:
            return math.nan
        return values[min(len(values) - 1, int(q * len(values)))] * 1000


@contextmanager
def instrument_collector_paused() -> Iterator[None]:
    """No cycle collection in this process during a run. This process is the instrument (the
    emulator and the players): its full collections, slowed by every call and message the
    emulator keeps, stalled each click in flight for 100-340 ms every two seconds, whichever bot
    was measured. The set-up's objects are frozen first, and the run's garbage waits for its end."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


async def measure(name: str, emu: BenchEmulator, bot: BotProcess, rec: Recorder, players: list[Callable[[], Any]],
                  warmup: float, seconds: float, py_spy: str | None = None) -> Result:
    """Run every player loop until the window closes; measure clicks answered inside the window."""
    stop = asyncio.Event()
    failures: list[BaseException] = []

    async def loop(step: Callable[[], Any]) -> None:
        try:
            while not stop.is_set():
                await step()
        except Exception as e:  # noqa: BLE001 - reported below; one broken table must not hide the rest
            failures.append(e)

    with instrument_collector_paused():
        tasks = [asyncio.create_task(loop(p)) for p in players]
        await asyncio.sleep(warmup)
        spy = None
        if py_spy:  # sample the bot process's stacks during the window (collapsed stacks, all threads)
            exe = os.environ.get("PY_SPY") or shutil.which("py-spy") or "py-spy"
            spy = await asyncio.create_subprocess_exec(
                exe, "record", "--pid", str(bot.proc.pid), "--duration", str(max(1, int(seconds))), "--rate", "200",
                "--format", "raw", "--threads", "--nonblocking", "--output", py_spy,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        cpu0, emu0, t0 = bot.cpu(), time.process_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        cpu1, emu1, t1 = bot.cpu(), time.process_time(), time.perf_counter()
        if spy is not None:
            try:
                await asyncio.wait_for(spy.wait(), 10)
            except TimeoutError:
                spy.kill()
                await spy.wait()
        stop.set()
        done, pending = await asyncio.wait(tasks, timeout=CLICK_TIMEOUT + 5)
        for t in pending:
            t.cancel()
        for e in failures[:3]:
            print(f"  {name}: a player loop failed: {type(e).__name__}: {e}"[:500], file=sys.stderr)
        duration = t1 - t0
        result = Result(name, duration, rec.window(t0, t1), (cpu1 - cpu0) / duration, (emu1 - emu0) / duration,
                        rec.notes, errors=len(failures))
        return result


async def prepare_database(url: str, guild_id: int, pictures: bool) -> None:
    """The server's settings, written before the bot starts: the picture setting under test."""
    from bot.store_pg import open_store

    store = await open_store(url)
    try:
        await store.set_setting(guild_id, "pictures", pictures)
    finally:
        await store.close()


async def open_tables(emu: BenchEmulator, guild: Any, bot: BotProcess, rec: Recorder, count: int) -> list[OurTable]:
    """``count`` started tables of two players each, every one in its own channel."""
    tables = []
    for i in range(count):
        channel = emu.add_channel(guild, f"cards-{i}")
        members = [emu.add_member(guild, f"p{i}a"), emu.add_member(guild, f"p{i}b")]
        tables.append(OurTable(emu, rec, channel, members, seed=i))
    await bot.alive(asyncio.gather(*(t.open() for t in tables)), 60)
    emu.patches.clear()
    return tables


def ours_env(database: str, database_url: str | None = None) -> dict[str, str]:
    return {"DISCORD_TOKEN": "bench", "DATABASE_PATH": database, "DATABASE_URL": database_url or "",
            "LOG_LEVEL": "WARNING", "AI_ITERATIONS": "10", "AI_SECONDS": "0.05"}


async def run_ours(emu: BenchEmulator, guild: Any, args: argparse.Namespace, workdir: Path,
                   pictures: bool = True, database_url: str | None = None) -> Result:
    database = database_url or str(workdir / f"bench-{'pictures' if pictures else 'text'}.sqlite3")
    await prepare_database(database, guild.id, pictures)
    env = ours_env(database, database_url)
    wrap = ["-m", "cProfile", "-o", str(Path(args.profile).resolve())] if args.profile else None
    bot = await start_bot(emu, "bot", env, workdir / "ours.log", wrap)
    try:
        rec = Recorder()
        tables = await open_tables(emu, guild, bot, rec, args.tables)
        name = ("ours" if pictures else "ours, text") + (", postgres" if database_url else "")
        result = await measure(name, emu, bot, rec, [t.turn for t in tables], args.warmup, args.seconds,
                               py_spy=str(Path(args.py_spy).resolve()) if args.py_spy else None)
        log = (workdir / "ours.log").read_text(errors="replace")[bot.start:]
        if "Traceback" in log or " ERROR " in log:
            result.notes["errors in the bot's log (see --keep)"] += 1
        return result
    finally:
        await bot.stop(graceful=bool(args.profile))


async def run_bare(emu: BenchEmulator, guild: Any, args: argparse.Namespace, workdir: Path, patches: int) -> Result:
    env = {"DISCORD_TOKEN": "bench", "BARE_BOT_PATCHES": str(patches), "BARE_BOT_INTENTS": "guilds",
           "BARE_BOT_GC": args.bare_gc}
    wrap = (["-m", "cProfile", "-o", str(Path(f"{args.profile_bare}.{patches + 1}").resolve())]
            if args.profile_bare else None)
    bot = await start_bot(emu, "tests.bare_bot", env, workdir / f"bare{patches}.log", wrap)
    try:
        rec = Recorder()
        players = []
        for i in range(args.tables):
            channel = emu.add_channel(guild, f"bare{patches}-{i}")
            member = emu.add_member(guild, f"b{patches}-{i}")
            ping = await emu.slash(member, channel, "ping")
            message_id = (await bot.alive(ping.responded(CLICK_TIMEOUT), CLICK_TIMEOUT)).message_id

            async def step(member: Member = member, message_id: int = message_id) -> None:
                cid = emu.message(message_id).custom_ids()[0]
                c = await click(emu, member, message_id, cid, patched_message=message_id)
                record(rec, c, "click")

            players.append(step)
        emu.patches.clear()
        return await measure(f"bare{patches}", emu, bot, rec, players, args.warmup, args.seconds)
    finally:
        await bot.stop(graceful=bool(args.profile_bare))


# --------------------------------------------------------------------------------------------
# Soak: memory under sustained load
# --------------------------------------------------------------------------------------------

SOAK_EVERY = 5.0    # seconds between samples of the bot's memory
FLAT_MB = 10.0      # growth after the warm-up that still counts as flat
TRACE_ENV = "CARDTABLE_TRACEMALLOC"   # bot/app.py: the bot dumps its top allocation sites there on SIGUSR1
TRACE_DUMP_TIMEOUT = 60.0


def rss_mb(pid: int) -> float:
    """The process's resident memory (VmRSS) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return math.nan


async def trace_dump(bot: BotProcess, path: Path) -> None:
    """Ask the bot for a tracemalloc dump and wait until it is written."""
    size = path.stat().st_size if path.exists() else 0
    bot.signal(signal.SIGUSR1)
    deadline = time.perf_counter() + TRACE_DUMP_TIMEOUT
    while (path.stat().st_size if path.exists() else 0) == size and time.perf_counter() < deadline:
        await asyncio.sleep(0.2)
    await asyncio.sleep(0.5)   # the rest of the dump


@dataclass
class RssSample:
    seconds: float   # since the tables were open
    bot: float       # MB
    instrument: float   # MB: this process (the emulator and the players)
    games: int
    moves: int


async def run_soak(emu: BenchEmulator, guild: Any, args: argparse.Namespace, workdir: Path) -> None:
    """N busy tables for ``--soak`` seconds (games finish and are rematched, so tables come and
    go), the bot's RSS sampled every ``--soak-every`` seconds; with ``--tracemalloc FILE`` the bot
    dumps its allocation sites when the tables are open, after the warm-up and at the end."""
    database = str(workdir / "soak.sqlite3")
    await prepare_database(database, guild.id, args.pictures != "off")
    env = ours_env(database)
    trace = Path(args.tracemalloc).resolve() if args.tracemalloc else None
    if trace is not None:
        trace.unlink(missing_ok=True)
        env[TRACE_ENV] = str(trace)
    bot = await start_bot(emu, "bot", env, workdir / "soak.log")
    try:
        pid = bot.proc.pid
        at_start = rss_mb(pid)
        rec = Recorder()
        tables = await open_tables(emu, guild, bot, rec, args.tables)
        warmup = args.soak_warmup if args.soak_warmup is not None else min(60.0, args.soak / 3)
        if trace is not None:
            await trace_dump(bot, trace)
        samples: list[RssSample] = []
        t0 = time.perf_counter()

        def sample() -> None:
            s = RssSample(time.perf_counter() - t0, rss_mb(pid), rss_mb(os.getpid()),
                          sum(t.games for t in tables), sum(t.moves for t in tables))
            samples.append(s)
            print(f"  {s.seconds:6.0f} s  bot {s.bot:6.1f} MB   games {s.games:5}  moves {s.moves:6}"
                  f"   (instrument {s.instrument:6.1f} MB)", flush=True)

        async def sampler() -> None:
            traced_warm = trace is None
            while True:
                sample()
                if not traced_warm and samples[-1].seconds >= warmup:
                    traced_warm = True
                    await trace_dump(bot, trace)
                await asyncio.sleep(args.soak_every)

        print(f"bot RSS {at_start:.1f} MB before the tables opened; sampling every {args.soak_every:g} s", flush=True)
        sampling = asyncio.create_task(sampler())
        result = await measure("soak", emu, bot, rec, [keep_playing(t) for t in tables], 0, args.soak)
        sampling.cancel()
        sample()
        if trace is not None:
            await trace_dump(bot, trace)
        report_soak(samples, at_start, warmup, args.tables, result)
        log = (workdir / "soak.log").read_text(errors="replace")[bot.start:]
        if "Traceback" in log or " ERROR " in log:
            print("note: errors in the bot's log (see --keep)")
        if trace is not None:
            print(f"tracemalloc dumps (tables open, after the warm-up, at the end) in {trace}")
    finally:
        await bot.stop()


def keep_playing(table: OurTable) -> Callable[[], Any]:
    """A table's turns for a soak: a turn the players lost track of (a panel edit they did not
    wait for) is noted, and the table goes on from fresh panels instead of leaving the run."""
    async def turn() -> None:
        try:
            await table.turn()
        except AssertionError as e:
            table.rec.notes[f"a table went on from fresh panels after: {str(e).split(':')[0][:50]}"] += 1
            table.panels, table.version = {}, None
            await asyncio.sleep(0.5)
    return turn


def report_soak(samples: list[RssSample], at_start: float, warmup: float, tables: int, result: Result) -> None:
    opened, end = samples[0], samples[-1]
    warm = next((s for s in samples if s.seconds >= warmup), end)
    after = [s for s in samples if s.seconds >= warm.seconds]
    slope = math.nan
    if len(after) > 1:   # least squares, MB per minute
        mt = sum(s.seconds for s in after) / len(after)
        mr = sum(s.bot for s in after) / len(after)
        var = sum((s.seconds - mt) ** 2 for s in after)
        slope = sum((s.seconds - mt) * (s.bot - mr) for s in after) / var * 60 if var else math.nan
    growth = end.bot - warm.bot
    print(f"\nsoak: {tables} tables for {end.seconds:.0f} s, {end.games} games ({end.moves} moves, "
          f"{result.rate('move'):.0f} moves/s, bot CPU {result.bot_cpu:.2f} cores)")
    print(f"bot RSS: {at_start:.1f} MB at start, {opened.bot:.1f} MB with the tables open, {warm.bot:.1f} MB "
          f"after the warm-up ({warm.seconds:.0f} s), {end.bot:.1f} MB at the end; peak "
          f"{max(s.bot for s in samples):.1f} MB")
    print(f"growth after the warm-up: {growth:+.1f} MB ({slope:+.2f} MB/min); target flat (≤ {FLAT_MB:g} MB): "
          f"{'met' if growth <= FLAT_MB else 'MISSED'}")
    for note, n in result.notes.items():
        print(f"note: {note} ×{n}")
    if result.errors:
        print(f"note: {result.errors} player loops failed")


def call_shares(ours: Result) -> Counter[int]:
    """How many of our clicks made 1, 2, 3 … REST calls."""
    return Counter(max(1, s.calls) for s in ours.samples)


def mix_rate(ours: Result, bares: dict[int, Result]) -> float:
    """What the bare bot would do with our mix of clicks: 1 / Σ share_k / rate_k over the
    number of REST calls k (a count without its own bare run takes the nearest one's rate)."""
    shares, total = call_shares(ours), len(ours.samples)
    if not total or not bares:
        return math.nan
    inverse = 0.0
    for k, n in shares.items():
        bare = bares[min(bares, key=lambda have: (abs(have - k), -have))]
        if not bare.rate():
            return math.nan
        inverse += n / total / bare.rate()
    return 1 / inverse


def report(ours: Result, bares: dict[int, Result]) -> None:
    mix = mix_rate(ours, bares)

    def fmt(x: float | None, spec: str = ".0f") -> str:
        return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else format(x, spec)

    runs = [ours] + [bares[k] for k in sorted(bares)]
    heads = ["ours"] + [f"bare {k} call{'s' if k > 1 else ''}" for k in sorted(bares)]
    rows = [
        ("clicks/s", [fmt(r.rate()) for r in runs]),
        ("REST calls/s", [fmt(r.calls_rate()) for r in runs]),
        ("moves/s", [fmt(ours.rate("move"))] + ["—"] * (len(runs) - 1)),
        ("p50 ms (all clicks)", [fmt(r.latency(0.50), ".1f") for r in runs]),
        ("p99 ms (all clicks)", [fmt(r.latency(0.99), ".1f") for r in runs]),
        ("p50 ms (move clicks)", [fmt(ours.latency(0.50, "move"), ".1f")] + ["—"] * (len(runs) - 1)),
        ("p99 ms (move clicks)", [fmt(ours.latency(0.99, "move"), ".1f")] + ["—"] * (len(runs) - 1)),
        ("max ms", [fmt(max((s.latency for s in r.samples), default=math.nan) * 1000, ".1f") for r in runs]),
        ("bot CPU (cores)", [fmt(r.bot_cpu, ".2f") for r in runs]),
        ("bot CPU ms/click", [fmt(r.bot_cpu * 1000 / r.rate() if r.rate() else None, ".2f") for r in runs]),
        ("emulator+players CPU", [fmt(r.emu_cpu, ".2f") for r in runs]),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'':{width}}  " + "  ".join(f"{h:>13}" for h in heads))
    for label, cells in rows:
        print(f"{label:{width}}  " + "  ".join(f"{c:>13}" for c in cells))
    kinds = Counter(s.kind for s in ours.samples)
    print(f"\nours, clicks by kind: {dict(kinds)}; by REST calls: {dict(sorted(call_shares(ours).items()))}; "
          f"refused callbacks: {sum(not s.ok for s in ours.samples)}")
    print("ours by kind, ms: p50 / p99 until the bot's first REST call arrived, p50 / p99 until all were answered")
    for kind in sorted(kinds, key=lambda k: -kinds[k]):
        print(f"  {kind:8} {ours.latency(0.5, kind, 'first'):7.1f} / {ours.latency(0.99, kind, 'first'):7.1f}"
              f"   {ours.latency(0.5, kind):7.1f} / {ours.latency(0.99, kind):7.1f}")
    for k in sorted(bares):
        bare = bares[k]
        print(f"  {f'bare {k}':8} {bare.latency(0.5, None, 'first'):7.1f} / {bare.latency(0.99, None, 'first'):7.1f}"
              f"   {bare.latency(0.5):7.1f} / {bare.latency(0.99):7.1f}")
    print(f"ours / bare with our call mix ({fmt(mix)} clicks/s): {ours.rate() / mix:.0%}")
    p99 = ours.latency(0.99)
    print(f"targets: ≥ 75 % of the bare rate: {'met' if ours.rate() / mix >= 0.75 else 'MISSED'}"
          f" (mix); p99 < 100 ms: {'met' if p99 < 100 else 'MISSED'} ({p99:.1f} ms)")
    for r in runs:
        for note, n in r.notes.items():
            print(f"note ({r.name}): {note} ×{n}")
        if r.errors:
            print(f"note ({r.name}): {r.errors} player loops failed")


async def report_postgres(emu: BenchEmulator, guild: Any, args: argparse.Namespace, workdir: Path,
                          sqlite: Result) -> None:
    """Ours again with the PostgreSQL store (a throwaway server from Debian's binaries, as the
    tests use), next to the SQLite run above."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.pg_server import ServerError, start_server

    try:
        server = await asyncio.to_thread(start_server)
    except ServerError as e:
        print(f"\nPostgreSQL run skipped: {e}")
        return
    try:
        dsn = await asyncio.to_thread(server.create_schema, "bench_e2e")
        pg = await run_ours(emu, guild, args, workdir, pictures=args.pictures != "off", database_url=dsn)
    finally:
        await asyncio.to_thread(server.stop)
    print(f"\nstore: SQLite {sqlite.rate('move'):.0f} moves/s, p50 {sqlite.latency(0.5, 'move'):.1f} / p99 "
          f"{sqlite.latency(0.99, 'move'):.1f} ms per move click; PostgreSQL {pg.rate('move'):.0f} moves/s, "
          f"p50 {pg.latency(0.5, 'move'):.1f} / p99 {pg.latency(0.99, 'move'):.1f} ms")


async def fill_database(path: Path, tables: int) -> None:
    """``tables`` started two-player Crazy Eights games, as /play, Join and Start leave them."""
    from bot.store import SeatRecord, Store
    from games.registry import GAMES

    game = GAMES["crazy_eights"]
    store = await Store.open(str(path))
    try:
        for i in range(tables):
            record = await store.create_table(1, 1000 + i, game.key, game.Options.parse({}).to_dict(), 1, i,
                                              [SeatRecord(10 + 2 * i, f"p{i}a"), SeatRecord(11 + 2 * i, f"p{i}b")])
            state = game.start(2, record.options, i)
            record.state, record.status, record.version = state.to_json(), "playing", 1
            record.meta = {"timer": 300, "deadline": time.time() + 300, "recent": ["The game begins."]}
            await store.save_table(record, 0)
    finally:
        await store.close()


async def report_startup(emu: BenchEmulator, tables: int, workdir: Path) -> None:
    """Start-up time to READY (commands synced, every open table loaded) with ``tables`` open
    tables in the database, next to a start-up on an empty database in the same run."""
    from bot.store import Store
    from bot.tables import TableService

    full, empty = workdir / "full.sqlite3", workdir / "empty.sqlite3"
    t0 = time.perf_counter()
    await fill_database(full, tables)
    filled = time.perf_counter() - t0
    store = await Store.open(str(full))
    try:
        t0 = time.perf_counter()
        loaded = await TableService(store).load()
        load_only = time.perf_counter() - t0
    finally:
        await store.close()
    times = {}
    for name, db in (("empty", empty), ("full", full)):
        env = {"DISCORD_TOKEN": "bench", "DATABASE_PATH": str(db), "LOG_LEVEL": "WARNING"}
        t0 = time.perf_counter()
        bot = await start_bot(emu, "bot", env, workdir / f"startup-{name}.log")
        times[name] = time.perf_counter() - t0
        await bot.stop()
    print(f"\nstart-up with {tables} open tables (written in {filled:.1f} s): loading them {load_only * 1000:.0f} ms "
          f"({loaded} tables) in-process; process start to READY {times['full']:.2f} s vs "
          f"{times['empty']:.2f} s on an empty database (+{times['full'] - times['empty']:.2f} s); "
          f"target < 2 s: {'met' if load_only < 2 else 'MISSED'}")


async def main_async(args: argparse.Namespace) -> None:
    global THINK
    THINK = args.think
    emu = await BenchEmulator.start()
    guild = emu.add_guild("Bench", channels=("lobby",))
    with tempfile.TemporaryDirectory(prefix="discord-e2e-") as tmp:
        workdir = Path(args.keep) if args.keep else Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        try:
            if args.soak:
                print(f"soak: {args.tables} tables for {args.soak:g} s, {os.cpu_count()} CPUs", flush=True)
                return await run_soak(emu, guild, args, workdir)
            pace = (f", {args.think * 1000:g} ms (±50 %) before each click" if args.think
                    else ", clicking as fast as answered")
            print(f"{args.tables} concurrent tables/users{pace}, {args.warmup:g} s warm-up + {args.seconds:g} s "
                  f"measured per run, {os.cpu_count()} CPUs; the bare bot's cycle collector: {args.bare_gc}",
                  flush=True)
            # the runs alternate, round by round, so a slower spell of this (shared) machine falls
            # on both bots rather than on one
            runs: dict[str, list[Result]] = {"ours": [], "text": []}
            bare_runs: dict[int, list[Result]] = {}
            for n in range(args.rounds):
                if args.rounds > 1:
                    print(f"round {n + 1} of {args.rounds}", flush=True)
                ours = await run_ours(emu, guild, args, workdir, pictures=args.pictures != "off")
                runs["ours"].append(ours)
                print(f"  ours ({'pictures' if args.pictures != 'off' else 'text only'}): {ours.rate():.0f} "
                      f"clicks/s, {ours.rate('move'):.0f} moves/s", flush=True)
                if args.pictures == "both":
                    text = await run_ours(emu, guild, args, workdir, pictures=False)
                    runs["text"].append(text)
                    print(f"  ours (text only): {text.rate():.0f} clicks/s, {text.rate('move'):.0f} moves/s",
                          flush=True)
                mine = (runs["text"] or runs["ours"])[-1]
                shares = call_shares(mine)
                counts = [shares.most_common(1)[0][0]] if args.no_mix else sorted(set(shares) | {1, 2})
                for k in [min(k, MAX_BARE_CALLS) for k in counts]:
                    if len(bare_runs.get(k, [])) > n:
                        continue
                    bare = await run_bare(emu, guild, args, workdir, patches=k - 1)
                    bare_runs.setdefault(k, []).append(bare)
                    print(f"  bare, {k} call{'s' if k > 1 else ''}: {bare.rate():.0f} clicks/s", flush=True)
                if args.rounds > 1:
                    mix = mix_rate(mine, {k: r[-1] for k, r in bare_runs.items()})
                    print(f"  round {n + 1}: ours ({'text only' if runs['text'] else args.pictures}) / bare with "
                          f"our call mix: {mine.rate() / mix:.0%}", flush=True)
            ours = Result.pooled(runs["ours"])
            text = Result.pooled(runs["text"]) if runs["text"] else None
            bares = {k: Result.pooled(r) for k, r in bare_runs.items()}
            print()
            # the target compares the same work: text tables (a picture upload per move is a
            # different, heavier REST call than the bare bot's; it has its own target below)
            report(text or ours, bares)
            if text is not None:
                print(f"with card pictures: {ours.rate():.0f} clicks/s, "
                      f"{ours.rate() / mix_rate(ours, bares):.0%} of the bare bot with that call mix")
                print(f"\nrendering: with card pictures {ours.rate('move'):.0f} moves/s, "
                      f"p50 {ours.latency(0.5, 'move'):.1f} ms per move click; text only {text.rate('move'):.0f} "
                      f"moves/s, p50 {text.latency(0.5, 'move'):.1f} ms (difference "
                      f"{ours.latency(0.5, 'move') - text.latency(0.5, 'move'):+.1f} ms; target < 10 ms); "
                      f"bot CPU {ours.bot_cpu * 1000 / max(ours.rate(), 1e-9):.2f} vs "
                      f"{text.bot_cpu * 1000 / max(text.rate(), 1e-9):.2f} ms/click")
            if args.postgres:
                await report_postgres(emu, guild, args, workdir, ours)
            if args.load_tables:
                await report_startup(emu, args.load_tables, workdir)
            if emu.unhandled or emu.errors:
                print(f"emulator: unhandled {emu.unhandled[:5]}, errors {emu.errors[:2]}")
            if args.profile:
                print(f"\ncProfile of the bot process written to {args.profile} "
                      f"(python -m pstats {args.profile}; the run under cProfile is slower)")
        finally:
            await emu.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="concurrent tables (bare: users)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each player waits before a click (±50 %%), for latency below saturation")
    parser.add_argument("--no-mix", action="store_true",
                        help="run the bare bot only with our most common number of REST calls per click")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternate the runs this many times and pool them (the machine's speed drifts)")
    parser.add_argument("--pictures", choices=("both", "on", "off"), default="both",
                        help="run ours with card pictures, text only, or both (the rendering cost)")
    parser.add_argument("--postgres", action=argparse.BooleanOptionalAction, default=True,
                        help="also run ours on a throwaway PostgreSQL server (Debian's binaries)")
    parser.add_argument("--load-tables", type=int, default=1000, metavar="N",
                        help="also time a start-up with N open tables in the database (0: skip)")
    parser.add_argument("--profile", metavar="FILE", help="run our bot under cProfile, write the stats to FILE")
    parser.add_argument("--profile-bare", metavar="FILE",
                        help="run the bare bot under cProfile too, stats to FILE.<calls per click>")
    parser.add_argument("--py-spy", metavar="FILE",
                        help="sample our bot with py-spy during the window (collapsed stacks to FILE; "
                             "py-spy from $PY_SPY or PATH)")
    parser.add_argument("--bare-gc", choices=("default", "tuned"), default="default",
                        help="the bare bot's cycle collector: Python's defaults, or tuned as ours (bot/collector.py)")
    parser.add_argument("--soak", type=float, metavar="SECONDS",
                        help="instead of the comparison: N busy tables for SECONDS, the bot's RSS over time")
    parser.add_argument("--soak-every", type=float, default=SOAK_EVERY, metavar="SECONDS",
                        help="seconds between RSS samples in --soak")
    parser.add_argument("--soak-warmup", type=float, metavar="SECONDS",
                        help="warm-up of --soak before growth counts (default: a third of the run, at most 60 s)")
    parser.add_argument("--tracemalloc", metavar="FILE",
                        help="with --soak: the bot traces allocations and dumps its top growing sites to FILE")
    parser.add_argument("--keep", metavar="DIR", help="keep the bots' logs and database in DIR")
    asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
