import pytest
import simcord.env

from bot.app import create_bot
from bot.settings import Settings
from bot.store import Store
from bot.tables import TableService


@pytest.fixture
def settings(tmp_path):
    return Settings(token="test-token", database=str(tmp_path / "cards.sqlite3"), ai_iterations=15, ai_seconds=None,
                    shard_count=1, ai_workers=0)   # computers think in threads here: no processes per test


@pytest.fixture
async def simcord_bot(settings):
    bot = create_bot(settings)
    yield bot
    # SimCord detaches the bot without Client.close(); close what setup_hook opened
    if bot.service is not None:
        await bot.service.close()
    if bot.store is not None:
        await bot.store.close()


@pytest.fixture
async def store(tmp_path):
    """A fresh SQLite store for tests of the table service without Discord."""
    s = await Store.open(str(tmp_path / "t.sqlite3"))
    yield s
    await s.close()


class FakeClock:
    """A clock that moves only when a test moves it."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return FakeClock()


SETTLE_POLL = 0.002


@pytest.fixture(autouse=True)
def prompt_settling(monkeypatch):
    """SimCord settles the bot after every action by polling every ``idle`` seconds (50 ms by default)
    while anything is outstanding, and a task's done callback waiting its turn on the loop counts as
    outstanding: every click paid a poll or two of sleep, 90 % of a whole game's time through SimCord.
    Polling every 2 ms settles the same way, only without the idle wait."""
    settle = simcord.env.Env._settle_internal

    async def settle_promptly(self, *, idle: float = SETTLE_POLL, **kwargs):
        return await settle(self, idle=idle, **kwargs)

    monkeypatch.setattr(simcord.env.Env, "_settle_internal", settle_promptly)


@pytest.fixture
async def service(store, clock):
    """A table service without Discord, on the test's clock (the timer tests move it)."""
    svc = TableService(store, ai_iterations=10, ai_seconds=None, clock=clock)
    yield svc
    await svc.close()
