"""Configuration: environment first, then .env; a missing token is one clear line."""

from __future__ import annotations

import json
import os
import posixpath
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, read_env_file


def test_environment_wins_over_the_env_file(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text('# comment\nDISCORD_TOKEN="from-file"\nDATABASE_PATH=file.db\nDEV_GUILD_ID=42\n')
    s = Settings.load({"DATABASE_PATH": "env.db"}, env_file)
    assert s.token == "from-file" and s.database == "env.db" and s.dev_guild == 42
    assert s.log_level == "INFO" and s.api_base is None


def test_env_file_comments_quotes_export_and_empty_values(tmp_path):
    """What an admin writes in .env reaches the bot as meant: a comment after a value is not part
    of it, quotes are taken off (a # inside them stays), `export` is allowed, an empty value is unset."""
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=abc # my token\n"
                        "export DATABASE_PATH='my cards.sqlite3'\n"
                        'PICTURE_FONT=\n'
                        'DATABASE_URL="postgresql://u:p#1@h/db"  # shared\n'
                        "DEV_GUILD_ID=\n"
                        "LOG_LEVEL=warning\n")
    s = Settings.load({}, env_file)
    assert s.token == "abc"
    assert s.database == "my cards.sqlite3"
    assert s.database_url == "postgresql://u:p#1@h/db"
    assert s.picture_font is None and s.dev_guild is None and s.log_level == "WARNING"


def test_missing_token_and_bad_numbers_say_what_to_set(tmp_path):
    with pytest.raises(SettingsError, match="DISCORD_TOKEN is not set"):
        Settings.load({}, tmp_path / "none.env")
    with pytest.raises(SettingsError, match="DEV_GUILD_ID must be a number"):
        Settings.load({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc"}, tmp_path / "none.env")
    with pytest.raises(SettingsError, match="LOG_LEVEL"):
        Settings.load({"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"}, tmp_path / "none.env")


def test_env_example_lists_every_setting():
    example = open(os.path.join(os.path.dirname(__file__), "..", "..", ".env.example")).read()
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL", "DEV_GUILD_ID", "AI_ITERATIONS", "AI_SECONDS",
                 "AI_WORKERS", "DISCORD_API_BASE", "PICTURE_FONT", "SHARD_COUNT", "SHARD_IDS", "DATABASE_URL"):
        assert f"\n{name}=" in example


def test_env_example_as_is_puts_the_database_in_the_docker_volume(tmp_path):
    """`docker run --env-file .env` with the example copied as is: Docker reads each line as it is,
    the same as python-dotenv does for this file, and the database lands in the image's /data
    volume (where the bot runs), not in /app, which the image's non-root user cannot write."""
    root = Path(__file__).resolve().parents[2]
    example = root / ".env.example"
    lines = [line for line in example.read_text().splitlines() if line and not line.startswith("#")]
    docker_env = dict(line.split("=", 1) for line in lines)
    assert docker_env == read_env_file(example)
    database = Settings.load(docker_env | {"DISCORD_TOKEN": "x"}, tmp_path / "none.env").database
    dockerfile = (root / "Dockerfile").read_text()
    workdir = re.findall(r"^WORKDIR (\S+)", dockerfile, re.M)[-1]
    [volume] = json.loads(re.search(r"^VOLUME (.+)$", dockerfile, re.M).group(1))
    assert posixpath.join(workdir, database).startswith(volume.rstrip("/") + "/")


def test_running_without_a_token_prints_one_line_not_a_traceback(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env | {"PYTHONPATH": os.getcwd()},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("error: DISCORD_TOKEN is not set")
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_database_url_and_shards(tmp_path):
    base = {"DISCORD_TOKEN": "x"}
    s = Settings.load(base | {"DATABASE_URL": "postgresql://u@h/db", "SHARD_COUNT": "4", "SHARD_IDS": "2, 3"},
                      tmp_path / "none.env")
    assert s.database_url == "postgresql://u@h/db" and s.shard_count == 4 and s.shard_ids == (2, 3)
    assert Settings.load(base, tmp_path / "none.env").database_url is None
    with pytest.raises(SettingsError, match="SHARD_IDS needs SHARD_COUNT"):
        Settings.load(base | {"SHARD_IDS": "0"}, tmp_path / "none.env")
    with pytest.raises(SettingsError, match="between 0 and SHARD_COUNT - 1 = 1"):
        Settings.load(base | {"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, tmp_path / "none.env")


def test_picture_font_must_be_a_font_file(tmp_path):
    from bot.pictures import BUNDLED_FONT
    base = {"DISCORD_TOKEN": "x"}
    assert Settings.load(base, tmp_path / "none.env").picture_font is None
    assert Settings.load(base | {"PICTURE_FONT": BUNDLED_FONT}, tmp_path / "none.env").picture_font == BUNDLED_FONT
    (tmp_path / "x.txt").write_text("hello")
    for wrong in (str(tmp_path / "missing.ttf"), str(tmp_path / "x.txt")):
        with pytest.raises(SettingsError, match="PICTURE_FONT must be a TrueType or OpenType font file"):
            Settings.load(base | {"PICTURE_FONT": wrong}, tmp_path / "none.env")
