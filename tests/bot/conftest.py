import pytest

from bot.app import create_bot
from bot.settings import Settings


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
