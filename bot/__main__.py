"""``python -m bot``: run the bot with settings from the environment and .env."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.collector import collect_less_often, freeze_startup_objects
from bot.settings import Settings, SettingsError


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
    from bot.app import create_bot

    async def run() -> None:
        async with create_bot(settings) as bot:
            # SIGTERM (docker stop, systemd) and SIGINT: finish moves in flight, close the database
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, lambda: loop.create_task(bot.close()))
            await bot.login(settings.token)       # runs setup_hook: the open tables are loaded
            freeze_startup_objects()
            await bot.connect()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except Exception as e:  # e.g. a wrong token: one line, not a traceback
        if type(e).__name__ == "LoginFailure":
            print(f"error: Discord refused the token ({e}). Check DISCORD_TOKEN.", file=sys.stderr)
            return 1
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
