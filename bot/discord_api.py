"""Point discord.py at another Discord API server (a local emulator in tests).

Production never calls this: the bot applies it at start-up only when the
``DISCORD_API_BASE`` environment variable is set, e.g.
``DISCORD_API_BASE=http://127.0.0.1:8123/api/v10``.

Two class attributes cover every network path discord.py uses for a plain
``Bot``:

* ``discord.http.Route.BASE``: REST calls, including the webhook adapter used for
  interaction callbacks, follow-ups and edits of the original response;
* ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``: the gateway websocket. A plain
  ``Bot`` never asks ``GET /gateway/bot`` (only ``AutoShardedBot`` does), and after
  READY it follows ``resume_gateway_url``, which the emulator points at itself.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import discord.gateway
import discord.http
import yarl

ENV_VAR = "DISCORD_API_BASE"


def apply_api_base(base: str) -> None:
    """Send REST calls to ``base`` and open the gateway at ``<scheme>://<host:port>/gateway``.

    ``base`` is the REST root including the version, like ``http://127.0.0.1:PORT/api/v10``.
    The gateway URL uses ``ws`` for ``http`` and ``wss`` for ``https``.
    """
    url = yarl.URL(base.strip().rstrip("/"))
    if url.scheme not in ("http", "https") or not url.host:
        raise ValueError(f"{ENV_VAR} must be an http(s) URL like http://127.0.0.1:8123/api/v10, got {base!r}")
    discord.http.Route.BASE = str(url)
    ws_scheme = "wss" if url.scheme == "https" else "ws"
    gateway = url.with_scheme(ws_scheme).with_path("/gateway").with_query(None).with_fragment(None)
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


def apply_api_base_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """Apply ``DISCORD_API_BASE`` if it is set (and not empty); return the value applied, if any."""
    env = os.environ if environ is None else environ
    base = env.get(ENV_VAR, "").strip()
    if not base:
        return None
    apply_api_base(base)
    return base
