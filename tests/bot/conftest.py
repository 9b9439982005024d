import pytest

from bot.app import create_bot
from bot.settings import Settings


@pytest.fixture
def settings(tmp_path):
    return Settings(token="test-token", database=str(tmp_path / "cards.sqlite3"), ai_iterations=15, ai_seconds=None)


@pytest.fixture
def simcord_bot(settings):
    return create_bot(settings)
