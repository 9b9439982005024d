"""Configuration from the environment, with a ``.env`` file filling in what is unset.

Every variable is listed, with a comment, in ``.env.example``."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values
from PIL import ImageFont


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says what to set."""


def read_env_file(path: Path) -> dict[str, str]:
    """The variables set in a ``.env`` file (none if it is missing), read as a shell would: comments
    (also after a value), quotes and ``export`` are understood; ``$`` is kept as it is."""
    values = dotenv_values(path, interpolate=False, encoding="utf-8")
    return {name: value for name, value in values.items() if value is not None}


@dataclass(frozen=True)
class Settings:
    token: str
    database: str = "cardtable.sqlite3"
    database_url: str | None = None      # postgresql://… for several processes on one database
    log_level: str = "INFO"
    dev_guild: int | None = None
    api_base: str | None = None          # tests only: a local Discord emulator
    ai_iterations: int = 1000
    ai_seconds: float | None = 0.9
    ai_workers: int | None = None        # computer players' processes; None: one per CPU (at most 4), 0: threads
    shard_count: int | None = None       # None: as many as Discord recommends
    shard_ids: tuple[int, ...] | None = None   # the shards this process runs; None: all
    picture_font: str | None = None      # names on card pictures; None: the bundled DejaVu Sans

    @classmethod
    def load(cls, env: dict[str, str] | None = None, env_file: str | Path = ".env") -> Settings:
        values = read_env_file(Path(env_file))
        values.update(os.environ if env is None else env)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SettingsError("DISCORD_TOKEN is not set: put your bot token in the environment or in .env "
                                "(see .env.example)")

        def number(name: str, kind: type, default):
            text = values.get(name, "").strip()
            if not text:
                return default
            try:
                return kind(text)
            except ValueError:
                raise SettingsError(f"{name} must be a number (got {text!r})") from None

        level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR (got {level!r})")
        shard_count = number("SHARD_COUNT", int, None)
        ids_text = values.get("SHARD_IDS", "").strip()
        shard_ids = None
        if ids_text:
            try:
                shard_ids = tuple(int(x) for x in ids_text.replace(",", " ").split())
            except ValueError:
                raise SettingsError(f"SHARD_IDS must be shard numbers separated by commas (got {ids_text!r})") from None
            if shard_count is None:
                raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards of all processes)")
            if any(not 0 <= i < shard_count for i in shard_ids):
                raise SettingsError(f"SHARD_IDS must be between 0 and SHARD_COUNT - 1 = {shard_count - 1}")
        if shard_count is not None and shard_count < 1:
            raise SettingsError("SHARD_COUNT must be at least 1")
        ai_workers = number("AI_WORKERS", int, None)
        if ai_workers is not None and ai_workers < 0:
            raise SettingsError(f"AI_WORKERS must be 0 (think in threads) or more (got {ai_workers})")
        font = values.get("PICTURE_FONT", "").strip() or None
        if font is not None:
            try:
                ImageFont.truetype(font, 12)
            except OSError as e:
                raise SettingsError(f"PICTURE_FONT must be a TrueType or OpenType font file ({font!r}: {e})") from None
        return cls(
            shard_count=shard_count,
            shard_ids=shard_ids,
            token=token,
            database=values.get("DATABASE_PATH", "").strip() or "cardtable.sqlite3",
            database_url=values.get("DATABASE_URL", "").strip() or None,
            log_level=level,
            dev_guild=number("DEV_GUILD_ID", int, None),
            api_base=values.get("DISCORD_API_BASE", "").strip() or None,
            ai_iterations=number("AI_ITERATIONS", int, 1000),
            ai_seconds=number("AI_SECONDS", float, 0.9),
            ai_workers=ai_workers,
            picture_font=font,
        )
