"""Compact JSON text for states and stored records.

orjson writes it about ten times faster than the standard library; values it refuses (an
integer beyond 64 bits) fall back to ``json``. Both give the same value back when read.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(value: Any, *, sort_keys: bool = False) -> str:
    option = orjson.OPT_NON_STR_KEYS | (orjson.OPT_SORT_KEYS if sort_keys else 0)
    try:
        return orjson.dumps(value, option=option).decode()
    except TypeError:
        return json.dumps(value, sort_keys=sort_keys, separators=(",", ":"))
