"""``python -m bot``: run the bot with settings from the environment and .env."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Iterator
from contextlib import suppress

from bot.collector import collect_less_often, freeze_startup_objects
from bot.settings import Settings, SettingsError

FIRST_RETRY = 1.0                   # seconds: a passing network blip costs little
RETRY, LONGEST_RETRY = 5.0, 300.0   # then 5 s, doubling up to 5 minutes


def retry_delays() -> Iterator[float]:
    """Seconds to wait before each new attempt to reach Discord."""
    yield FIRST_RETRY
    delay = RETRY
    while True:
        yield delay
        delay = min(delay * 2, LONGEST_RETRY)


def unreachable_errors() -> tuple[type[BaseException], ...]:
    """What discord.py raises when Discord cannot be reached or is down (not a refused token); its
    timeouts are aiohttp's. A bare TimeoutError may come from the database, so it is not one."""
    import aiohttp
    import discord
    return aiohttp.ClientError, discord.GatewayNotFound, discord.DiscordServerError


def why_unreachable(error: BaseException) -> str:
    return str(error) or type(error).__name__


class OneLineWhenUnreachable(logging.Filter):
    """discord.py logs each attempt to reconnect with a traceback; when Discord is unreachable,
    the reason in the same line says it all."""

    def __init__(self, unreachable: tuple[type[BaseException], ...]) -> None:
        super().__init__()
        self.unreachable = unreachable

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, self.unreachable):
            record.msg, record.args = f"{record.getMessage()}: Discord is unreachable ({why_unreachable(error)})", ()
            record.exc_info = record.exc_text = None
        return True


async def run(settings: Settings) -> None:
    """Log in and stay connected; while Discord is unreachable, say so in one line and try again."""
    from bot.app import create_bot

    unreachable = unreachable_errors()
    for name in ("discord.client", "discord.shard"):   # where discord.py logs its reconnects
        logging.getLogger(name).addFilter(OneLineWhenUnreachable((*unreachable, TimeoutError)))
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    current: list = []   # the bot of the attempt under way

    def stop() -> None:  # SIGTERM (docker stop, systemd) and SIGINT: finish moves in flight, close the database
        stopping.set()
        for bot in current:
            loop.create_task(bot.close())

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop)
    delays = retry_delays()
    while not stopping.is_set():
        async with create_bot(settings) as bot:
            current[:] = [bot]
            try:
                await bot.login(settings.token)       # runs setup_hook: the open tables are loaded
                freeze_startup_objects()
                await bot.connect()
                return
            except unreachable as e:
                reason = why_unreachable(e)
                if bot.is_ready():
                    delays = retry_delays()
        delay = next(delays)
        print(f"Discord is unreachable ({reason}); retrying in {delay:g} s", file=sys.stderr, flush=True)
        with suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), delay)


def main() -> int:
    collect_less_often()
    try:
        settings = Settings.load()
    except SettingsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, stream=sys.stdout,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.api_base:
        from bot.discord_api import apply_api_base
        apply_api_base(settings.api_base)
    from bot.store import DatabaseUnusable

    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    except DatabaseUnusable as e:
        print(f"error: {e}. Set DATABASE_PATH to a writable file.", file=sys.stderr)
        return 2
    except Exception as e:  # e.g. a wrong token: one line, not a traceback
        if type(e).__name__ == "LoginFailure":
            print(f"error: Discord refused the token ({e}). Check DISCORD_TOKEN.", file=sys.stderr)
            return 1
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
