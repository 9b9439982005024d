# The card table bot: `docker build -t cardtable .` then
# `docker run -d --env-file .env -v cardtable-data:/data cardtable`
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 cards \
    && mkdir -p /data && chown cards:cards /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY bot ./bot
# `pip install .` also brings Noto Sans CJK (the noto-cjk-sans-otc package, 19 MB): Chinese and Japanese
# names and labels on card pictures; Debian's fonts-noto-cjk would do the same, and is not needed.
RUN pip install .

USER cards
# The SQLite database (and its WAL files) live here; mount a volume to keep them. The bot runs in
# this folder, so the default DATABASE_PATH (cardtable.sqlite3, also when --env-file sets it empty)
# and any other relative path land in the volume.
VOLUME ["/data"]
WORKDIR /data
# `docker stop` sends SIGTERM: the bot finishes moves in flight and closes the database.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
